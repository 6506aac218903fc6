package lsp

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// Completion reads its context from the text before the cursor, which
// rarely parses mid-word, and its names from the project (the last tree
// of the buffer that parsed, and the files it imports).

func (s *Server) completion(params json.RawMessage) (any, *rpcError) {
	a, err := s.position(params)
	if err != nil {
		return nil, err
	}
	items := a.p.complete(a.off)
	sort.SliceStable(items, func(i, j int) bool {
		if items[i].SortText != items[j].SortText {
			return items[i].SortText < items[j].SortText
		}
		return items[i].Label < items[j].Label
	})
	if items == nil {
		items = []CompletionItem{}
	}
	return CompletionList{Items: items}, nil
}

// completion context, from the text before the cursor on its line.
type cursor struct {
	off    int
	word   string // the part of a name already typed
	before string // the line before the word
	prev   string // the word before, if only spaces separate it
	prev2  string // and the one before that
}

func (p *project) cursorAt(off int) cursor {
	u := p.units[0]
	line := u.lines.position(off).Line
	start := u.lines.starts[line]
	prefix := u.text[start:off]
	i := len(prefix)
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(prefix[:i])
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		i -= size
	}
	c := cursor{off: off, word: prefix[i:], before: prefix[:i]}
	fields := strings.FieldsFunc(c.before, func(r rune) bool { return r == ' ' || r == '\t' })
	if n := len(fields); n > 0 && strings.HasSuffix(c.before, " ") {
		c.prev = fields[n-1]
		if n > 1 {
			c.prev2 = fields[n-2]
		}
	}
	return c
}

// depth is the nesting of braces before off.
func (p *project) depth(off int) int {
	u := p.units[0]
	d := 0
	if u.toks != nil {
		for _, t := range u.toks {
			if t.Pos.Offset >= off {
				break
			}
			if t.Type == syntax.TokPunct {
				switch t.Value {
				case "{":
					d++
				case "}":
					d--
				}
			}
		}
		return d
	}
	// The text does not tokenize (an unclosed string): count braces
	// outside comments and strings, line by line.
	for _, line := range strings.Split(u.text[:off], "\n") {
		inStr := byte(0)
		for i := 0; i < len(line); i++ {
			ch := line[i]
			switch {
			case inStr != 0:
				if ch == '\\' {
					i++
				} else if ch == inStr {
					inStr = 0
				}
			case ch == '"' || ch == '\'':
				inStr = ch
			case ch == '#':
				i = len(line)
			case ch == '{':
				d++
			case ch == '}':
				d--
			}
		}
	}
	return d
}

func (p *project) complete(off int) []CompletionItem {
	c := p.cursorAt(off)
	u := p.units[0]
	if comment, text := lineContext(u.text[u.lines.starts[u.lines.position(off).Line]:off]); comment || text {
		return nil
	}
	trimmed := strings.TrimRight(c.before, " \t")
	var d *syntax.Decl
	if p.decls != nil {
		if i := declAt(p.decls, off, len(p.units[0].text)); i >= 0 {
			d = p.decls.Decls[i]
		}
	}
	switch {
	case strings.HasSuffix(c.before, "."):
		return p.attrItems(p.dotType(c), "")
	case c.prev2 == "remove" && kindOfWord[c.prev] != kindNone:
		return p.declItems(kindOfWord[c.prev], false)
	case c.prev == "remove":
		return wordItems([]string{"phase", "table", "modifiers", "action", "event", "const", "on", "fn", "condition"}, ckKeyword)
	case c.prev == "emit":
		return p.declItems(kindEvent, true)
	case c.prev == "on":
		return p.declItems(kindEvent, false)
	case c.prev == "condition" && (c.prev2 == "apply" || c.prev2 == "remove"):
		return p.declItems(kindCondition, false)
	case c.prev == "apply":
		return p.declItems(kindTable, false)
	case (c.prev == "before" || c.prev == "after") && strings.HasPrefix(strings.TrimSpace(c.before), "phase") || strings.HasPrefix(strings.TrimSpace(c.before), "override phase") && (c.prev == "before" || c.prev == "after"):
		return p.declItems(kindPhase, false)
	case c.prev == "default" && d != nil && d.Ruleset != nil:
		return p.declItems(kindAction, false)
	case strings.HasSuffix(trimmed, ":") && (d != nil && d.Schema != nil || strings.Count(c.before, "(") > strings.Count(c.before, ")")):
		return typeItems()
	}
	if p.isEncounter() {
		return p.encounterItems(c, d, trimmed)
	}
	depth := p.depth(off)
	if depth == 0 && strings.TrimSpace(c.before) == "" || depth == 0 && strings.TrimSpace(c.before) == "override" {
		return declSnippets()
	}
	if d != nil && d.Schema != nil {
		return nil // an attribute's name is new
	}
	var items []CompletionItem
	if strings.TrimSpace(c.before) == "" && d != nil && (d.Action != nil || d.Handler != nil || d.Phase != nil || d.Table != nil) {
		items = append(items, stmtSnippets()...)
	}
	return append(items, p.exprItems(off)...)
}

// dotType is the type of what stands before the dot at the cursor.
func (p *project) dotType(c cursor) string {
	dot := c.off - len(c.word) - 1
	if toks := p.units[0].toks; toks != nil {
		for i, t := range toks {
			if t.Pos.Offset == dot && t.Value == "." {
				return p.receiverType(i, c.off)
			}
		}
	}
	// Without tokens: the chain of names before the dot.
	s := strings.TrimSuffix(c.before, ".")
	i := len(s)
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		if r != '_' && r != '.' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		i -= size
	}
	if chain := s[i:]; chain != "" {
		return p.chainType(strings.Split(chain, "."), c.off)
	}
	return ""
}

// attrItems are the attributes of owner ("combatant", "side", or both
// when it is not known); suffix follows each (" = " in an encounter).
func (p *project) attrItems(owner, suffix string) []CompletionItem {
	owners := []string{owner}
	if owner != "combatant" && owner != "side" {
		owners = []string{"combatant", "side"}
	}
	var items []CompletionItem
	seen := map[string]bool{}
	for _, o := range owners {
		for _, fo := range p.files() {
			for _, d := range fo.f.Decls {
				s := d.Schema
				if s == nil || s.Kind != o {
					continue
				}
				for _, a := range s.Attrs {
					if seen[o+a.Name] {
						continue
					}
					seen[o+a.Name] = true
					detail := typeText(a.Type)
					if a.Default != nil {
						detail += " = " + a.Default.Raw()
					}
					it := CompletionItem{Label: a.Name, Kind: ckField, Detail: detail + " (" + o + ")", SortText: "1" + a.Name, InsertText: a.Name + suffix}
					if doc := docComment(fo.u.toks, a.Pos); doc != "" {
						it.Documentation = &MarkupContent{Kind: "markdown", Value: doc}
					}
					items = append(items, it)
				}
			}
		}
		for _, b := range builtinAttrs[o] {
			if seen[o+b.name] {
				continue
			}
			seen[o+b.name] = true
			items = append(items, CompletionItem{Label: b.name, Kind: ckProperty, Detail: b.typ + " (built-in, " + o + ")", SortText: "2" + b.name, InsertText: b.name + suffix,
				Documentation: &MarkupContent{Kind: "markdown", Value: b.doc}})
		}
	}
	return items
}

// declarations of a kind in the project, nearest first, each name once.
func (p *project) declsOf(k kind) []*syntax.Decl {
	var out []*syntax.Decl
	seen := map[string]bool{}
	for _, fo := range p.files() {
		for _, d := range fo.f.Decls {
			if d.Remove != nil && kindOfWord[d.Remove.Kind] == k && d.Remove.Kind != "on" && d.Remove.Kind != "react" {
				seen[d.Remove.Name] = true
			}
			if dk, name, _ := declName(d); dk == k && !seen[name] {
				seen[name] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// declItems are the declarations of a kind; with call, events complete
// with their arguments as a snippet.
func (p *project) declItems(k kind, call bool) []CompletionItem {
	var items []CompletionItem
	for _, d := range p.declsOf(k) {
		_, name, _ := declName(d)
		it := CompletionItem{Label: name, SortText: "1" + name}
		switch k {
		case kindEvent:
			it.Kind = ckEvent
			it.Detail = "event(" + paramsText(d.Event.Params) + ")"
			if call {
				it.InsertText, it.InsertTextFormat = callSnippet(name, d.Event.Params, false), 2
			}
		case kindTable:
			it.Kind = ckStruct
			it.Detail = "table"
			if d.Table.Dice != nil {
				it.Detail += " " + d.Table.Dice.Text
			}
		case kindPhase:
			it.Kind = ckModule
			it.Detail = "phase"
		case kindAction:
			it.Kind = ckMethod
			it.Detail = "action(" + paramsText(d.Action.Params) + ")"
		default:
			it.Kind = ckVariable
			it.Detail = kindWords[k]
		}
		items = append(items, it)
	}
	return items
}

// callSnippet is name(${1:a}, ${2:b}); named writes "a = ${1}" (script
// lines name their arguments) and leaves out parameters with defaults.
func callSnippet(name string, ps []*syntax.Param, named bool) string {
	var args []string
	n := 0
	for _, prm := range ps {
		if named && prm.Default != nil {
			continue
		}
		n++
		if named {
			args = append(args, fmt.Sprintf("%s = ${%d}", prm.Name, n))
		} else {
			args = append(args, fmt.Sprintf("${%d:%s}", n, prm.Name))
		}
	}
	if named && len(args) == 0 {
		return name
	}
	return name + "(" + strings.Join(args, ", ") + ")"
}

// exprItems are the names an expression at off sees.
func (p *project) exprItems(off int) []CompletionItem {
	var items []CompletionItem
	seen := map[string]bool{}
	add := func(it CompletionItem) {
		if !seen[it.Label] {
			seen[it.Label] = true
			items = append(items, it)
		}
	}
	bs := p.binders(off)
	for i := len(bs) - 1; i >= 0; i-- {
		b := bs[i]
		if off >= b.from && off <= b.to && (b.at == nil || b.at.Offset < off) {
			detail := b.what
			if b.typ != "" {
				detail = b.typ + " (" + b.what + ")"
			}
			add(CompletionItem{Label: b.name, Kind: ckVariable, Detail: detail, SortText: "0" + b.name})
		}
	}
	for _, d := range p.declsOf(kindConst) {
		add(CompletionItem{Label: d.Const.Name, Kind: ckConstant, Detail: "const = " + d.Const.Value.Raw(), SortText: "1" + d.Const.Name})
	}
	for _, d := range p.declsOf(kindFn) {
		add(CompletionItem{Label: d.Func.Name, Kind: ckFunction, Detail: fmt.Sprintf("fn(%s): %s", paramsText(d.Func.Params), typeText(d.Func.Result)),
			InsertText: callSnippet(d.Func.Name, d.Func.Params, false), InsertTextFormat: 2, SortText: "1" + d.Func.Name})
	}
	for _, d := range p.declsOf(kindModifiers) {
		add(CompletionItem{Label: d.Modifiers.Name, Kind: ckFunction, Detail: "modifiers(" + paramsText(d.Modifiers.Params) + ")",
			InsertText: callSnippet(d.Modifiers.Name, d.Modifiers.Params, false), InsertTextFormat: 2, SortText: "1" + d.Modifiers.Name})
	}
	for _, d := range p.declsOf(kindTable) {
		add(CompletionItem{Label: d.Table.Name, Kind: ckStruct, Detail: "table", InsertText: callSnippet(d.Table.Name, d.Table.Params, false), InsertTextFormat: 2, SortText: "1" + d.Table.Name})
	}
	names := make([]string, 0, len(globals))
	for g := range globals {
		names = append(names, g)
	}
	sort.Strings(names)
	for _, g := range names {
		add(CompletionItem{Label: g, Kind: ckVariable, Detail: globals[g].typ, Documentation: &MarkupContent{Kind: "markdown", Value: globals[g].doc}, SortText: "2" + g})
	}
	for _, f := range stdlib.Funcs {
		if strings.HasPrefix(f.Name, "__") {
			continue
		}
		ps := make([]*syntax.Param, len(f.Params))
		for i, k := range f.Params {
			ps[i] = &syntax.Param{Name: string(k)}
		}
		add(CompletionItem{Label: f.Name, Kind: ckFunction, Detail: f.Signature(), Documentation: &MarkupContent{Kind: "markdown", Value: f.Doc},
			InsertText: callSnippet(f.Name, ps, false), InsertTextFormat: 2, SortText: "3" + f.Name})
	}
	names = names[:0]
	for b := range exprBuiltins {
		names = append(names, b)
	}
	sort.Strings(names)
	for _, b := range names {
		sig, doc, _ := strings.Cut(exprBuiltins[b], ": ")
		add(CompletionItem{Label: b, Kind: ckFunction, Detail: sig, Documentation: &MarkupContent{Kind: "markdown", Value: doc}, SortText: "4" + b})
	}
	for _, w := range []string{"true", "false", "nil"} {
		add(CompletionItem{Label: w, Kind: ckKeyword, SortText: "5" + w})
	}
	return items
}
