package check

import (
	"strings"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// DeclKey names what a declaration defines, for overriding and removing:
// "phase surprise", "table wounds", "on hit", "combatant", "end" ("" for
// a declaration that defines nothing a variant can replace).
func DeclKey(d *syntax.Decl) string {
	switch {
	case d.Phase != nil:
		return "phase " + d.Phase.Name
	case d.Table != nil:
		return "table " + d.Table.Name
	case d.Modifiers != nil:
		return "modifiers " + d.Modifiers.Name
	case d.Action != nil:
		return "action " + d.Action.Name
	case d.Event != nil:
		return "event " + d.Event.Name
	case d.Const != nil:
		return "const " + d.Const.Name
	case d.Func != nil:
		return "fn " + d.Func.Name
	case d.Handler != nil:
		return "on " + d.Handler.Event
	case d.Schema != nil:
		return d.Schema.Kind
	case d.End != nil:
		return "end"
	case d.Order != nil: // v2 (part B)
		return "order " + d.Order.Name
	case d.Condition != nil:
		return "condition " + d.Condition.Name
	case d.Point != nil: // v2 item 3
		return "point " + d.Point.Name
	case d.React != nil: // v2 item 3: a reaction by its point and label
		return reactKey(d.React.Point.Text, d.React.Label)
	}
	return ""
}

func mergeHeader(base, variant *syntax.RulesetDecl) *syntax.RulesetDecl {
	out := *variant
	out.Fields = nil
	given := map[string]bool{}
	for _, f := range variant.Fields {
		given[f.Key] = true
	}
	if base != nil {
		for _, f := range base.Fields {
			if !given[f.Key] && f.Key != "extends" {
				out.Fields = append(out.Fields, f)
			}
		}
	}
	for _, f := range variant.Fields {
		if f.Key != "extends" {
			out.Fields = append(out.Fields, f)
		}
	}
	return &out
}

// Extends is the path a rule file's header names with extends, if any.
func Extends(f *syntax.File) (string, diag.Range, bool) {
	for _, d := range f.Decls {
		if h := d.Ruleset; h != nil {
			for _, fld := range h.Fields {
				if fld.Key == "extends" && len(fld.Values) == 1 && fld.Values[0].String != nil {
					v := fld.Values[0]
					return string(*v.String), syntax.RangeOf(v.Pos, v.EndPos), true
				}
			}
		}
	}
	return "", diag.Range{}, false
}

// declWord is the keyword a declaration starts with, for spans.
func declWord(d *syntax.Decl) string {
	key := DeclKey(d)
	if i := strings.IndexByte(key, ' '); i >= 0 {
		key = key[:i]
	}
	if d.Override {
		return "override"
	}
	if key == "" {
		return "x"
	}
	return key
}
