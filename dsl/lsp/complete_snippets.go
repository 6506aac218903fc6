package lsp

// The snippets completion offers: statements at the start of a line in
// a body, declarations at the top level of a rule file, types after a
// colon, words after remove.

import "fmt"

func wordItems(words []string, k int) []CompletionItem {
	items := make([]CompletionItem, len(words))
	for i, w := range words {
		items[i] = CompletionItem{Label: w, Kind: k, SortText: fmt.Sprintf("%02d", i)}
	}
	return items
}

func typeItems() []CompletionItem {
	items := wordItems([]string{"int", "float", "bool", "string", "dice", "combatant", "side"}, ckTypeParam)
	return append(items, CompletionItem{Label: "list[…]", Kind: ckTypeParam, InsertText: "list[${1:combatant}]", InsertTextFormat: 2, SortText: "99"})
}

// stmtSnippets are the statements, for the start of a line in a body.
func stmtSnippets() []CompletionItem {
	snippets := []struct{ label, snippet string }{
		{"let", "let ${1:name} = ${2:value}"},
		{"if", "if ${1:condition} {\n\t$0\n}"},
		{"for", "for ${1:c} in ${2:list} {\n\t$0\n}"},
		{"emit", "emit "},
		{"act", "act ${1:c}"},
		{"declare", "declare"},
		{"schedule", "schedule \"${1:label}\" for ${2:self} after ${3:1} {\n\t$0\n}"},
		{"cancel", "cancel \"${1:label}\" for ${2:target}"},
		{"segment", "segment ${1:n} {\n\t$0\n}"},
		{"log", "log \"${1:text}\""},
		{"apply", "apply "},
		{"return", "return"},
		{"engage", "engage(${1:self}, ${2:target})"},
		{"disengage", "disengage(${1:self})"},
		{"interrupt", "interrupt ${1:point}(${2:self}) {\n\t$0\n}"},
	}
	items := make([]CompletionItem, len(snippets))
	for i, s := range snippets {
		items[i] = CompletionItem{Label: s.label, Kind: ckKeyword, Detail: "statement", Documentation: &MarkupContent{Kind: "markdown", Value: keywordDocs[s.label]},
			InsertText: s.snippet, InsertTextFormat: 2, SortText: "0" + s.label}
	}
	return items
}

// declSnippets are the declarations, for the top level of a rule file.
func declSnippets() []CompletionItem {
	snippets := []struct{ label, snippet string }{
		{"ruleset", "ruleset \"${1:Name}\" {\n\t$0\n}"},
		{"combatant", "combatant {\n\t${1:name}: ${2:int} = ${3:0}\n}"},
		{"side", "side {\n\t${1:name}: ${2:int} = ${3:0}\n}"},
		{"const", "const ${1:name} = ${2:value}"},
		{"event", "event ${1:name}(${2:who}: combatant) \"${3:{who.name\\} ...}\""},
		{"on", "on ${1:event} {\n\t$0\n}"},
		{"point", "point ${1:name}(${2:who}: combatant) \"${3:{who.name\\} ...}\""},
		{"react", "react ${1:point} \"${2:label}\" {\n\t$0\n}"},
		{"action", "action ${1:name}(${2:target}: combatant) {\n\t$0\n}"},
		{"table", "table ${1:name} ${2:d6} {\n\t${3:1-6}: \"${4:label}\" ${5:0}\n}"},
		{"modifiers", "modifiers ${1:name}(${2:c}: combatant) aggregate ${3:sum} {\n\t\"${4:label}\" ${5:1} when ${6:condition}\n}"},
		{"fn", "fn ${1:name}(${2:c}: combatant): ${3:int} = ${4:0}"},
		{"phase", "phase ${1:name} ${2:each round} {\n\t$0\n}"},
		{"end", "end when ${1:len(standing(sides)) <= 1}"},
		{"override", "override "},
		{"remove", "remove "},
	}
	items := make([]CompletionItem, len(snippets))
	for i, s := range snippets {
		items[i] = CompletionItem{Label: s.label, Kind: ckKeyword, Detail: "declaration", Documentation: &MarkupContent{Kind: "markdown", Value: keywordDocs[s.label]},
			InsertText: s.snippet, InsertTextFormat: 2, SortText: "0" + s.label}
	}
	return items
}
