package lsp

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/frayrules/fray/dsl/syntax"
)

// encounterItems complete an encounter: a script line's combatant,
// action and arguments, a side's or combatant's settings, the
// declarations.
func (p *project) encounterItems(c cursor, d *syntax.Decl, trimmed string) []CompletionItem {
	depth := p.depth(c.off)
	switch {
	case d != nil && d.Script != nil && depth > 0:
		line := strings.TrimSpace(c.before)
		if f := strings.Fields(c.before); len(f) == 2 && f[1] == "chooses" && strings.HasSuffix(c.before, " ") {
			return p.choiceItems() // "who chooses NAME = value"
		}
		if who, rest, ok := strings.Cut(line, ":"); ok && isName(strings.TrimSpace(who)) {
			rest = currentStep(strings.TrimSpace(rest))
			if rest == "" {
				var items []CompletionItem
				for _, a := range p.declsOf(kindAction) {
					items = append(items, CompletionItem{Label: a.Action.Name, Kind: ckMethod, Detail: "action(" + paramsText(a.Action.Params) + ")",
						InsertText: callSnippet(a.Action.Name, a.Action.Params, true), InsertTextFormat: 2, SortText: "1" + a.Action.Name})
				}
				return items
			}
			if action, args, ok := strings.Cut(rest, "("); ok {
				if strings.HasSuffix(strings.TrimSpace(args), "=") {
					return p.entityItems()
				}
				if ad, _ := p.findDecl(kindAction, strings.TrimSpace(action)); ad != nil {
					var items []CompletionItem
					for _, prm := range ad.Action.Params {
						items = append(items, CompletionItem{Label: prm.Name, Kind: ckField, Detail: paramsText([]*syntax.Param{prm}), InsertText: prm.Name + " = ", SortText: "1" + prm.Name})
					}
					return items
				}
			}
			return nil
		}
		return p.entityItems()
	case d != nil && d.Side != nil && depth > 0:
		if strings.HasSuffix(trimmed, "=") {
			return p.entityItems()
		}
		if depth >= 2 {
			return p.attrItems("combatant", " = ")
		}
		items := p.attrItems("side", " = ")
		return append(items, CompletionItem{Label: "combatant", Kind: ckSnippet, Detail: "a combatant of the side",
			InsertText: "combatant ${1:name} { $0 }", InsertTextFormat: 2, SortText: "0combatant"})
	case d != nil && d.Ruling != nil && depth > 0:
		return p.entityItems()
	case depth == 0:
		var items []CompletionItem
		for _, s := range []struct{ label, snippet string }{
			{"side", "side ${1:name} {\n\tcombatant ${2:name} { $0 }\n}"},
			{"surprise", "surprise {\n\t$0\n}"},
			{"round", "round ${1:1} {\n\t$0\n}"},
			{"ruling", "ruling \"${1:text}\" {\n\t$0\n}"},
			{"map", "map {\n\t\"${1:#####}\"\n}"},
		} {
			items = append(items, CompletionItem{Label: s.label, Kind: ckSnippet, Detail: keywordDocs[s.label], InsertText: s.snippet, InsertTextFormat: 2, SortText: "0" + s.label})
		}
		return items
	}
	return nil
}

// entityItems are an encounter's sides and combatants.
func (p *project) entityItems() []CompletionItem {
	var items []CompletionItem
	if p.decls == nil {
		return nil
	}
	for _, d := range p.decls.Decls {
		if sd := d.Side; sd != nil {
			items = append(items, CompletionItem{Label: sd.Name, Kind: ckClass, Detail: "side", SortText: "2" + sd.Name})
			for _, it := range sd.Items {
				if c := it.Combatant; c != nil {
					items = append(items, CompletionItem{Label: c.Name, Kind: ckValue, Detail: "combatant of " + sd.Name, SortText: "1" + c.Name})
				}
			}
		}
	}
	return items
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// currentStep is the declaration of a script line being written: the
// text after the last "then" outside parentheses, without "hold".
func currentStep(rest string) string {
	for i := len(rest) - len("then"); i >= 0; i-- {
		if strings.HasPrefix(rest[i:], "then") && (i == 0 || rest[i-1] == ' ' || rest[i-1] == ')') &&
			(i+4 == len(rest) || rest[i+4] == ' ') && strings.Count(rest[:i], "(") == strings.Count(rest[:i], ")") {
			rest = strings.TrimSpace(rest[i+4:])
			break
		}
	}
	if r, ok := strings.CutPrefix(rest, "hold "); ok {
		rest = strings.TrimSpace(r)
	}
	return rest
}

// choiceItems are the ruleset's choice points, for "who chooses ".
func (p *project) choiceItems() []CompletionItem {
	var items []CompletionItem
	for _, d := range p.declsOf(kindFn) {
		if f := d.Func; f != nil && f.Choice {
			items = append(items, CompletionItem{Label: f.Name, Kind: ckFunction, Detail: fmt.Sprintf("choice(%s): %s", paramsText(f.Params), typeText(f.Result)),
				InsertText: f.Name + " = ", SortText: "1" + f.Name})
		}
	}
	return items
}
