package lsp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
)

func (s *Server) hover(params json.RawMessage) (any, *rpcError) {
	a, err := s.position(params)
	if err != nil {
		return nil, err
	}
	r := a.p.resolveAt(a.off)
	if r == nil {
		return nil, nil
	}
	md := a.p.describe(r, s.opts.Root)
	if md == "" {
		return nil, nil
	}
	rng := a.p.units[0].lines.span(r.from, r.to)
	return Hover{Contents: MarkupContent{Kind: s.markup(), Value: md}, Range: &rng}, nil
}

// markup is markdown, unless the client said it shows plain text only
// (the text reads well either way).
func (s *Server) markup() string {
	formats := s.caps.TextDocument.Hover.ContentFormat
	if len(formats) > 0 && !slices.Contains(formats, "markdown") {
		return "plaintext"
	}
	return "markdown"
}

// describe is the markdown a hover shows for what a name refers to: its
// declaration as code, what it is, where it is declared when that is
// another file, and the comments written above or beside it.
func (p *project) describe(r *resolved, root string) string {
	var b strings.Builder
	code := func(s string) { fmt.Fprintf(&b, "```fray\n%s\n```\n", s) }
	para := func(format string, args ...any) {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, format+"\n", args...)
	}
	var docAt *lexer.Position
	switch r.kind {
	case kindDice:
		sum, ok := diceSummary(r.name)
		if !ok {
			return ""
		}
		para("**%s**: %s", r.name, sum)
	case kindConst:
		c := r.decl.Const
		head := "const " + c.Name
		if c.Type != nil {
			head += ": " + typeText(c.Type)
		}
		code(head + " = " + c.Value.Raw())
		if sum, ok := diceSummary(c.Value.Raw()); ok && hasDice(c.Value) {
			para("%s: %s", c.Value.Raw(), sum)
		}
		docAt = &c.Pos
	case kindFn:
		fn := r.decl.Func
		if fn.Block != nil { // v2: a procedure, with a result type or none
			head := fmt.Sprintf("fn %s(%s)", fn.Name, paramsText(fn.Params))
			if fn.Result != nil {
				head += ": " + typeText(fn.Result)
			}
			code(head + " { ... }")
		} else {
			code(fmt.Sprintf("fn %s(%s): %s = %s", fn.Name, paramsText(fn.Params), typeText(fn.Result), fn.Body.Raw()))
		}
		docAt = &fn.Pos
	case kindEvent:
		ev := r.decl.Event
		head := fmt.Sprintf("event %s(%s)", ev.Name, paramsText(ev.Params))
		if ev.Template != nil {
			head += fmt.Sprintf(" %q", string(*ev.Template))
		}
		code(head)
		docAt = &ev.Pos
	case kindPoint: // v2 item 3
		pt := r.decl.Point
		head := fmt.Sprintf("point %s(%s)", pt.Name, paramsText(pt.Params))
		if pt.Template != nil {
			head += fmt.Sprintf(" %q", string(*pt.Template))
		}
		code(head)
		docAt = &pt.Pos
	case kindAction:
		ac := r.decl.Action
		code(fmt.Sprintf("action %s(%s)", ac.Name, paramsText(ac.Params)))
		docAt = &ac.Pos
	case kindTable:
		p.describeTable(&b, r.decl.Table)
		docAt = &r.decl.Table.Pos
	case kindModifiers:
		p.describeModifiers(&b, r.decl.Modifiers)
		docAt = &r.decl.Modifiers.Pos
	case kindCondition:
		describeCondition(&b, r.decl.Condition)
		docAt = &r.decl.Condition.Pos
	case kindOrder:
		describeOrder(&b, r.decl.Order)
		docAt = &r.decl.Order.Pos
	case kindPhase:
		ph := r.decl.Phase
		when := "once"
		switch {
		case ph.Each != "":
			when = "each " + ph.Each
		case ph.AtEnd:
			when = "at end"
		}
		if ph.Place != "" {
			when += " " + ph.Place + " " + ph.Anchor
		}
		code("phase " + ph.Name + " " + when)
		docAt = &ph.Pos
	case kindAttr:
		a := r.attr
		line := a.Name + ": " + typeText(a.Type)
		if a.Default != nil {
			line += " = " + a.Default.Raw()
		}
		code(line)
		para("attribute of every %s", r.owner)
		if a.Default != nil && hasDice(a.Default) {
			if sum, ok := diceSummary(a.Default.Raw()); ok {
				para("%s: %s", a.Default.Raw(), sum)
			}
		}
		docAt = &a.Pos
	case kindBuiltinAttr:
		code(r.name + ": " + r.typ)
		para("built-in attribute of every %s: %s", r.owner, r.doc)
	case kindLocal:
		p.describeBinder(&b, r.binder)
		if r.binder.at != nil && r.binder.what == "parameter" {
			docAt = r.binder.at
		}
	case kindArg:
		code(paramsText([]*syntax.Param{r.param}))
		para("parameter of action %s", r.action.Action.Name)
	case kindSide:
		code("side " + r.name)
		var names []string
		for _, it := range r.side.Items {
			if it.Combatant != nil {
				names = append(names, it.Combatant.Name)
			}
		}
		if len(names) > 0 {
			para("combatants: %s", strings.Join(names, ", "))
		}
		docAt = &r.side.Pos
	case kindCombatant:
		var sets []string
		for _, st := range r.comb.Sets {
			sets = append(sets, st.Name+" = "+syntax.ValueTextWith(st.Value, func(v *syntax.Value) string { return fmt.Sprintf("%q", string(*v.String)) }))
		}
		code("combatant " + r.name + " { " + strings.Join(sets, "; ") + " }")
		para("combatant of side %s", r.side.Name)
		docAt = &r.comb.Pos
	case kindStdlib:
		code(r.fn.Signature())
		para("%s", r.fn.Doc)
	case kindBuiltin:
		name, doc, _ := strings.Cut(r.doc, ": ")
		code(name)
		para("%s (an expr-lang built-in)", doc)
	case kindGlobal:
		code(r.name + ": " + r.typ)
		para("%s", r.doc)
	case kindKeyword:
		para("%s", r.doc)
	case kindFile:
		para("imports `%s`", relTo(root, r.path))
	}
	if r.in.u != nil && r.in.u != p.units[0] && docAt != nil {
		para("declared in `%s:%d`", relTo(root, r.in.u.path), docAt.Line)
	}
	if docAt != nil {
		u := r.in.u
		if u == nil {
			u = p.units[0]
		}
		if doc := docComment(u.toks, *docAt); doc != "" {
			para("%s", doc)
		}
	}
	return b.String()
}

func (p *project) describeBinder(b *strings.Builder, bd *binder) {
	switch {
	case bd.param != nil:
		fmt.Fprintf(b, "```fray\n(parameter) %s\n```\n", paramsText([]*syntax.Param{bd.param}))
	case bd.value != nil:
		fmt.Fprintf(b, "```fray\nlet %s = %s\n```\n", bd.name, bd.value.Raw())
		if t := p.exprType(bd.value.Tokens, bd.from); t != "" {
			fmt.Fprintf(b, "\nlocal, %s\n", article(t))
		}
	case bd.list != nil:
		what := bd.what
		if t := elemOf(p.exprType(bd.list.Tokens, bd.from)); t != "" {
			what += ", " + article(t)
		}
		fmt.Fprintf(b, "```fray\n%s in %s\n```\n\n%s\n", bd.name, bd.list.Raw(), what)
	default:
		fmt.Fprintf(b, "```fray\n%s: %s\n```\n\n%s\n", bd.name, bd.typ, bd.what)
	}
}

// paramsText renders parameters as they are declared.
func paramsText(ps []*syntax.Param) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Name + ": " + typeText(p.Type)
		if p.Default != nil {
			parts[i] += " = " + p.Default.Raw()
		}
	}
	return strings.Join(parts, ", ")
}

// hasDice reports whether an expression has dice notation in it.
func hasDice(e *syntax.Expr) bool {
	for _, t := range e.Tokens {
		if t.Type == syntax.TokDice {
			return true
		}
	}
	return false
}

// docComment is the comment written on the lines just above pos (with
// no blank line between) and beside it at the end of its line.
func docComment(toks []lexer.Token, pos lexer.Position) string {
	var above []string
	i := 0
	for i < len(toks) && toks[i].Pos.Offset < pos.Offset {
		i++
	}
	line := pos.Line - 1
	for j := i - 1; j >= 0; j-- {
		t := toks[j]
		if t.Type != syntax.TokComment || t.Pos.Line != line || j > 0 && toks[j-1].Pos.Line == line {
			break
		}
		above = append([]string{commentText(t.Value)}, above...)
		line--
	}
	var beside string
	for j := i; j < len(toks) && toks[j].Pos.Line == pos.Line; j++ {
		if toks[j].Type == syntax.TokComment {
			beside = commentText(toks[j].Value)
			break
		}
	}
	if beside != "" {
		above = append(above, beside)
	}
	return strings.Join(above, "\n")
}

func commentText(c string) string {
	return strings.TrimSpace(strings.TrimPrefix(c, "#"))
}

// relTo names a path relative to the root, when it is inside.
func relTo(root, path string) string {
	if rel, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return path
}

// article puts "a" or "an" before a type's name.
func article(t string) string {
	if strings.IndexByte("aeiou", t[0]) >= 0 {
		return "an " + t
	}
	return "a " + t
}
