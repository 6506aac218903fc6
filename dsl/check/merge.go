package check

import (
	"fmt"
	"maps"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
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

// Merge applies a variant to its base ruleset: declarations marked
// override replace the base's of the same kind and name in place (a
// handler override replaces all of the base's handlers of that event),
// remove deletes one, new phases go before or after a named phase or at
// the end, and schema blocks add attributes (override replaces those of
// the same name). The header is the variant's, with fields it does not
// give taken from the base. Every problem is reported.
func Merge(base, variant *syntax.File) (*syntax.File, diag.Diagnostics) {
	return merge(base, variant, false)
}

// merge is Merge; with owned, base is a merge's result that nothing else
// holds, and its maps and declarations are taken over rather than
// copied. A chain of k variants then merges in O(k), not O(k²): copying
// at every level made one variant 5000 deep take seconds, and linting
// a folder of such a chain (each variant merging its own) take hours.
func merge(base, variant *syntax.File, owned bool) (*syntax.File, diag.Diagnostics) {
	var diags diag.Diagnostics
	sugg := newSuggester() // one budget for the whole variant (suggest.go)
	errAt := func(code string, r diag.Range, hint, format string, args ...any) {
		diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Code: code, Summary: fmt.Sprintf(format, args...), Detail: hint, Subject: r})
	}
	out := &syntax.File{Pos: variant.Pos, Name: variant.Name, Src: variant.Src, Comments: variant.Comments,
		Sources: base.Sources, Tokens: base.Tokens}
	decls := base.Decls
	if !owned {
		out.Sources = maps.Clone(base.Sources)
		out.Tokens = maps.Clone(base.Tokens)
		decls = append([]*syntax.Decl(nil), base.Decls...)
	}
	if out.Sources == nil {
		out.Sources = map[string]string{}
	}
	maps.Copy(out.Sources, variant.Sources)
	if out.Tokens == nil {
		out.Tokens = map[string][]lexer.Token{}
	}
	maps.Copy(out.Tokens, variant.Tokens)
	find := func(key string) int {
		for i, d := range decls {
			if DeclKey(d) == key {
				return i
			}
		}
		return -1
	}
	// sameKind lists the names the base declares of the kind of a key
	// ("const surprise_die" -> the base's constants), for did-you-mean.
	sameKind := func(key string) []string {
		kind, _, _ := strings.Cut(key, " ")
		var names []string
		for _, d := range decls {
			if k, name, ok := strings.Cut(DeclKey(d), " "); ok && k == kind {
				names = append(names, name)
			}
		}
		return names
	}
	nameOfKey := func(key string) string {
		_, name, _ := strings.Cut(key, " ")
		return name
	}
	var baseHeader *syntax.RulesetDecl
	headerAt := -1
	for i, d := range decls {
		if d.Ruleset != nil {
			baseHeader, headerAt = d.Ruleset, i
		}
	}
	for _, d := range variant.Decls {
		key := DeclKey(d)
		switch {
		case d.Ruleset != nil:
			merged := mergeHeader(baseHeader, d.Ruleset)
			if headerAt >= 0 {
				decls[headerAt] = &syntax.Decl{Pos: d.Pos, Ruleset: merged}
			} else {
				decls = append([]*syntax.Decl{{Pos: d.Pos, Ruleset: merged}}, decls...)
			}
		case d.Remove != nil:
			k := d.Remove.Kind + " " + d.Remove.Name
			if d.Remove.Kind == "react" {
				k = reactKey(d.Remove.Name, d.Remove.Label) // v2 item 3
			} else if d.Remove.Label != nil {
				errAt(diag.CodeOverride, syntax.RangeOf(d.Remove.Pos, d.Remove.EndPos), "only a reaction is removed by its label: remove react POINT \"label\"", "remove %s takes no label", d.Remove.Kind)
				continue
			}
			r := syntax.RangeOf(d.Remove.Pos, d.Remove.EndPos)
			if find(k) < 0 {
				errAt(diag.CodeOverride, r, sugg.didYouMean(d.Remove.Name, sameKind(k), "remove names a declaration of the base ruleset"), "the base ruleset has no %s to remove", k)
				continue
			}
			for i := find(k); i >= 0; i = find(k) {
				decls = append(decls[:i], decls[i+1:]...)
			}
		case d.Schema != nil:
			i := find(key)
			if i < 0 {
				if d.Override {
					errAt(diag.CodeOverride, syntax.RangeAt(d.Pos, "override"), "drop override: the base has no "+key+" block", "override of %s attributes the base does not declare", key)
				}
				decls = append(decls, d)
				continue
			}
			decls[i] = &syntax.Decl{Pos: decls[i].Pos, Schema: mergeSchema(decls[i].Schema, d.Schema, d.Override, errAt)}
		case d.Override:
			i := find(key)
			if i < 0 {
				errAt(diag.CodeOverride, syntax.RangeAt(d.Pos, "override"), sugg.didYouMean(nameOfKey(key), sameKind(key), "override replaces a declaration of the base; drop it to add a new one"), "override of %s, which the base ruleset does not have", key)
				continue
			}
			cp := *d
			cp.Override = false
			// Replace the first; drop the rest of the same key (the
			// base's other handlers of an event).
			next := make([]*syntax.Decl, 0, len(decls))
			for j, x := range decls {
				if j == i {
					next = append(next, &cp)
				} else if DeclKey(x) != key {
					next = append(next, x)
				}
			}
			decls = next
		case d.Phase != nil && d.Phase.Place != "":
			i := find("phase " + d.Phase.Anchor)
			if i < 0 {
				errAt(diag.CodeUnknownName, syntax.RangeAt(d.Phase.Pos, "phase "+d.Phase.Name), "name a phase of the ruleset", "no phase %s to place phase %s %s", d.Phase.Anchor, d.Phase.Name, d.Phase.Place)
				continue
			}
			if d.Phase.Place == "after" {
				i++
			}
			decls = append(decls[:i], append([]*syntax.Decl{d}, decls[i:]...)...)
		default:
			decls = append(decls, d)
		}
	}
	out.Decls = decls
	return out, diags
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

func mergeSchema(base, variant *syntax.SchemaDecl, override bool, errAt func(string, diag.Range, string, string, ...any)) *syntax.SchemaDecl {
	out := *base
	out.Attrs = append([]*syntax.AttrDecl(nil), base.Attrs...)
	for _, a := range variant.Attrs {
		replaced := false
		for i, b := range out.Attrs {
			if b.Name == a.Name {
				if !override {
					errAt(diag.CodeDuplicate, syntax.RangeAt(a.Pos, a.Name), "write `override "+variant.Kind+" { ... }` to change the base's attribute", "attribute %s is already declared by the base ruleset", a.Name)
				}
				out.Attrs[i] = a
				replaced = true
			}
		}
		if !replaced {
			out.Attrs = append(out.Attrs, a)
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
