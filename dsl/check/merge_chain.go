package check

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// A chain of variants is merged into one list of declarations, a
// variant at a time, base first. Each variant's overrides, removes and
// placed phases find the declaration they name through an index by key
// rather than a walk of every declaration merged so far, and a schema
// block this merge made is extended in place rather than copied: a
// chain k deep then merges in time and memory proportional to its
// declarations, where walking (and copying) at every level cost k² (a
// folder of a 2000-deep chain, each variant merging its own: 80 s).

// mnode is one declaration of the merge, in a doubly linked list so
// that a phase placed before another, or a declaration removed, does
// not move the rest.
type mnode struct {
	d          *syntax.Decl
	key        string // DeclKey(d), computed once
	prev, next *mnode
}

// merger is the merge of a chain so far. It owns what it made (nodes,
// schema blocks it extended, its maps); the files' own declarations
// are shared and never changed.
type merger struct {
	head, tail *mnode
	byKey      map[string][]*mnode // the declarations of each key, in list order
	headers    []*mnode            // those holding a ruleset header, in list order
	// schemas are the schema blocks this merge made, with the index of
	// each attribute name (a block may repeat one: each is replaced).
	schemas map[*syntax.SchemaDecl]map[string][]int
	sources map[string]string
	tokens  map[string][]lexer.Token
	// walked counts the declarations merged and looked at, for the
	// tests that hold the merge linear in the chain.
	walked int
}

// MergeChain merges a chain of rule files, base first, each a variant
// applied to the merge of those before it: declarations marked override
// replace the base's of the same kind and name in place (a handler
// override replaces all of the base's handlers of that event), remove
// deletes one, new phases go before or after a named phase or at the
// end, and schema blocks add attributes (override replaces those of the
// same name). The header is the last variant's, with fields it does not
// give taken from the base; so are the name and text. Every problem is
// reported. A chain of one file is that file.
func MergeChain(chain []*syntax.File) (*syntax.File, diag.Diagnostics) {
	f, diags, _ := mergeChain(chain)
	return f, diags
}

// mergeChain is MergeChain, with the count of declarations walked.
func mergeChain(chain []*syntax.File) (*syntax.File, diag.Diagnostics, int) {
	base := chain[0]
	if len(chain) == 1 && !placesPhases(base) {
		return base, nil, 0
	}
	m := &merger{byKey: map[string][]*mnode{}, schemas: map[*syntax.SchemaDecl]map[string][]int{},
		sources: maps.Clone(base.Sources), tokens: maps.Clone(base.Tokens)}
	if m.sources == nil {
		m.sources = map[string]string{}
	}
	if m.tokens == nil {
		m.tokens = map[string][]lexer.Token{}
	}
	for _, d := range base.Decls {
		m.insert(d, m.tail, nil)
	}
	diags := m.placeBase(base)
	for _, v := range chain[1:] {
		diags = append(diags, m.apply(v)...)
	}
	var decls []*syntax.Decl
	for n := m.head; n != nil; n = n.next {
		decls = append(decls, n.d)
	}
	diags = append(diags, checkPlaces(decls)...)
	if len(chain) == 1 {
		out := *base
		out.Decls = decls
		out.Placed = true
		return &out, diags, m.walked
	}
	top := chain[len(chain)-1]
	out := &syntax.File{Pos: top.Pos, Name: top.Name, Src: top.Src, Comments: top.Comments,
		Sources: m.sources, Tokens: m.tokens, Decls: decls, Placed: true}
	return out, diags, m.walked
}

// insert puts d between prev and next (nil for either end).
func (m *merger) insert(d *syntax.Decl, prev, next *mnode) *mnode {
	n := &mnode{d: d, key: DeclKey(d), prev: prev, next: next}
	m.walked++
	if prev != nil {
		prev.next = n
	} else {
		m.head = n
	}
	if next != nil {
		next.prev = n
	} else {
		m.tail = n
	}
	same := m.byKey[n.key]
	switch {
	case len(same) == 0 || next == nil: // the last of its key
		m.byKey[n.key] = append(same, n)
	case prev == nil: // the first
		m.byKey[n.key] = append([]*mnode{n}, same...)
	default: // among others of its key (a duplicate phase placed)
		m.byKey[n.key] = m.inOrder(n.key)
	}
	if d.Ruleset != nil {
		m.headers = m.inOrderOf(m.headers, n, prev, next)
	}
	return n
}

// inOrderOf adds n, just put between prev and next, to a list of nodes
// in list order.
func (m *merger) inOrderOf(list []*mnode, n, prev, next *mnode) []*mnode {
	switch {
	case len(list) == 0 || next == nil:
		return append(list, n)
	case prev == nil:
		return append([]*mnode{n}, list...)
	}
	var out []*mnode
	for x := m.head; x != nil; x = x.next {
		m.walked++
		if x == n || x.d.Ruleset != nil {
			out = append(out, x)
		}
	}
	return out
}

// inOrder walks the list for the declarations of one key.
func (m *merger) inOrder(key string) []*mnode {
	var out []*mnode
	for x := m.head; x != nil; x = x.next {
		m.walked++
		if x.key == key {
			out = append(out, x)
		}
	}
	return out
}

// unlink takes n out of the list (its key's declarations are the
// caller's to update).
func (m *merger) unlink(n *mnode) {
	if n.prev != nil {
		n.prev.next = n.next
	} else {
		m.head = n.next
	}
	if n.next != nil {
		n.next.prev = n.prev
	} else {
		m.tail = n.prev
	}
	if n.d.Ruleset != nil {
		m.headers = without(m.headers, n, &m.walked)
	}
}

func without(list []*mnode, n *mnode, walked *int) []*mnode {
	for i, x := range list {
		*walked++
		if x == n {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

// first is the first declaration of a key, or nil.
func (m *merger) first(key string) *mnode {
	if same := m.byKey[key]; len(same) > 0 {
		return same[0]
	}
	return nil
}

// sameKind lists the names declared of the kind of a key ("const
// surprise_die" -> the constants), for did-you-mean.
func (m *merger) sameKind(key string) []string {
	kind, _, _ := strings.Cut(key, " ")
	var names []string
	for x := m.head; x != nil; x = x.next {
		m.walked++
		if k, name, ok := strings.Cut(x.key, " "); ok && k == kind {
			names = append(names, name)
		}
	}
	return names
}

// unlinkAll takes every declaration of a key out of the list.
func (m *merger) unlinkAll(key string) {
	for _, n := range m.byKey[key] {
		m.unlink(n)
	}
	delete(m.byKey, key)
}

// set makes n hold d, of n's key.
func (m *merger) set(n *mnode, d *syntax.Decl) {
	if n.d.Ruleset != nil && d.Ruleset == nil {
		m.headers = without(m.headers, n, &m.walked)
	}
	n.d = d
}

// apply merges one variant into the merge (MergeChain's rules).
func (m *merger) apply(variant *syntax.File) diag.Diagnostics {
	var diags diag.Diagnostics
	sugg := newSuggester() // one budget for the whole variant (suggest.go)
	errAt := func(code string, r diag.Range, hint, format string, args ...any) {
		diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Code: code, Summary: fmt.Sprintf(format, args...), Detail: hint, Subject: r})
	}
	// known are the names of a key's kind, when the suggester would
	// still look at them (a walk of every declaration).
	known := func(key string) []string {
		if sugg.left <= 0 {
			return nil
		}
		return m.sameKind(key)
	}
	maps.Copy(m.sources, variant.Sources)
	maps.Copy(m.tokens, variant.Tokens)
	var baseHeader *syntax.RulesetDecl
	var header *mnode
	if len(m.headers) > 0 {
		header = m.headers[len(m.headers)-1]
		baseHeader = header.d.Ruleset
	}
	added := newPhases(variant)
	var later []*syntax.Decl // placed by a phase added further down
	var removedEvents []*syntax.RemoveDecl
	for _, d := range variant.Decls {
		m.walked++
		key := DeclKey(d)
		switch {
		case d.Ruleset != nil:
			merged := &syntax.Decl{Pos: d.Pos, Ruleset: mergeHeader(baseHeader, d.Ruleset)}
			if header != nil {
				m.set(header, merged)
			} else {
				m.insert(merged, nil, m.head)
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
			if m.first(k) == nil {
				errAt(diag.CodeOverride, r, sugg.didYouMean(d.Remove.Name, known(k), "remove names a declaration of the base ruleset"), "the base ruleset has no %s to remove", k)
				continue
			}
			m.unlinkAll(k)
			if d.Remove.Kind == "event" {
				removedEvents = append(removedEvents, d.Remove)
			}
		case d.Schema != nil:
			n := m.first(key)
			if n == nil {
				if d.Override {
					errAt(diag.CodeOverride, syntax.RangeAt(d.Pos, "override"), "drop override: the base has no "+key+" block", "override of %s attributes the base does not declare", key)
				}
				m.insert(d, m.tail, nil)
				continue
			}
			m.mergeSchema(n, d.Schema, d.Override, errAt)
		case d.Override:
			n := m.first(key)
			if n == nil {
				errAt(diag.CodeOverride, syntax.RangeAt(d.Pos, "override"), sugg.didYouMean(nameOfKey(key), known(key), "override replaces a declaration of the base; drop it to add a new one"), "override of %s, which the base ruleset does not have", key)
				continue
			}
			cp := *d
			cp.Override = false
			// Replace the first; drop the rest of the same key (the
			// base's other handlers of an event).
			same := m.byKey[key]
			for _, x := range same[1:] {
				m.unlink(x)
			}
			m.byKey[key] = same[:1]
			if cp.Phase != nil && cp.Phase.Place != "" {
				// override phase X ... before Y: X moves there (the
				// place was dropped without a word, X kept the base's).
				at := m.first("phase " + cp.Phase.Anchor)
				if at == nil && added[cp.Phase.Anchor] {
					m.set(n, &cp)
					later = append(later, &cp)
					continue
				}
				if at == nil {
					errAt(diag.CodeUnknownName, syntax.RangeAt(cp.Phase.Pos, "phase "+cp.Phase.Name), "name a phase of the ruleset", "no phase %s to place phase %s %s", cp.Phase.Anchor, cp.Phase.Name, cp.Phase.Place)
					continue
				}
				if at != n {
					m.unlink(n)
					delete(m.byKey, key)
					m.place(&cp, at)
					continue
				}
			}
			m.set(n, &cp)
		case d.Phase != nil && d.Phase.Place != "":
			n := m.first("phase " + d.Phase.Anchor)
			if n == nil && added[d.Phase.Anchor] {
				// Before a phase this variant adds further down: placed
				// once it is in, as a base's phases are (placeBase).
				m.insert(d, m.tail, nil)
				later = append(later, d)
				continue
			}
			if n == nil {
				errAt(diag.CodeUnknownName, syntax.RangeAt(d.Phase.Pos, "phase "+d.Phase.Name), "name a phase of the ruleset", "no phase %s to place phase %s %s", d.Phase.Anchor, d.Phase.Name, d.Phase.Place)
				continue
			}
			m.place(d, n)
		default:
			m.insert(d, m.tail, nil)
		}
	}
	// In the order written, as placeBase: the phase named may have been
	// removed since (remove phase b after phase a before b).
	for _, d := range later {
		if e := m.placeNow(d); e != nil {
			diags = append(diags, e)
		}
	}
	diags = append(diags, m.orphanHandlers(removedEvents)...)
	return diags
}

// orphanHandlers refuses the removal of an event whose handlers the
// merge still holds (a base's on X, which the variant did not remove,
// nor give an event X of its own): each handler was an error "unknown
// event X" in the base file, which a lint of the base finds clean and
// the homebrewer does not edit (the twelfth homebrew round, told by
// F401 to remove an event nothing emitted any more). The error is at
// the removal, and the handlers are dropped with it, so that the base
// is not blamed as well.
func (m *merger) orphanHandlers(removed []*syntax.RemoveDecl) diag.Diagnostics {
	var diags diag.Diagnostics
	for _, rd := range removed {
		on := "on " + rd.Name
		if m.first("event "+rd.Name) != nil || m.first(on) == nil {
			continue
		}
		h := m.first(on).d
		diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeOverride,
			Summary: fmt.Sprintf("remove event %s leaves on %s with no event", rd.Name, rd.Name),
			Detail:  fmt.Sprintf("write remove on %s as well, or keep the event", rd.Name),
			Subject: syntax.RangeOf(rd.Pos, rd.EndPos),
			Related: &diag.Related{Message: "a handler of it", Range: syntax.RangeAt(h.Pos, on)}})
		m.unlinkAll(on)
	}
	return diags
}

// placesPhases tells whether a ruleset has a phase that says where it
// goes (phase c each round before a), not an override.
func placesPhases(f *syntax.File) bool {
	for _, d := range f.Decls {
		if d.Phase != nil && d.Phase.Place != "" && !d.Override {
			return true
		}
	}
	return false
}

// placeBase puts each phase of the chain's base that says where it goes
// there, as a variant's new phase is put among its base's: a homebrewer
// writes phase bleed each round before act in a ruleset of its own as
// readily as in a variant (the place was dropped without a word, and an
// anchor naming no phase was no error). The phases are placed in the
// order written, so one may be placed by a phase placed before it.
func (m *merger) placeBase(base *syntax.File) diag.Diagnostics {
	var diags diag.Diagnostics
	for _, d := range base.Decls {
		if d.Phase == nil || d.Phase.Place == "" || d.Override {
			continue
		}
		if e := m.placeNow(d); e != nil {
			diags = append(diags, e)
		}
	}
	return diags
}

// placeNow moves the phase d, in the list already, before or after the
// phase it names; an error if there is none.
func (m *merger) placeNow(d *syntax.Decl) *diag.Diagnostic {
	ph := d.Phase
	key := DeclKey(d)
	n := m.nodeOf(key, d)
	at := m.first("phase " + ph.Anchor)
	if at == nil {
		return &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeUnknownName,
			Summary: fmt.Sprintf("no phase %s to place phase %s %s", ph.Anchor, ph.Name, ph.Place),
			Detail:  "name a phase of the ruleset", Subject: syntax.RangeAt(ph.Pos, "phase "+ph.Name)}
	}
	if n == nil || at == n {
		return nil
	}
	m.unlink(n)
	m.byKey[key] = slices.DeleteFunc(slices.Clone(m.byKey[key]), func(x *mnode) bool { return x == n })
	if len(m.byKey[key]) == 0 {
		delete(m.byKey, key)
	}
	m.place(d, at)
	return nil
}

// newPhases are the names of the phases a variant adds (not overrides).
func newPhases(v *syntax.File) map[string]bool {
	names := map[string]bool{}
	for _, d := range v.Decls {
		if d.Phase != nil && !d.Override {
			names[d.Phase.Name] = true
		}
	}
	return names
}

// nodeOf is the node holding d, of its key.
func (m *merger) nodeOf(key string, d *syntax.Decl) *mnode {
	for _, x := range m.byKey[key] {
		m.walked++
		if x.d == d {
			return x
		}
	}
	return nil
}

// place puts the phase d before or after the declaration at, as its
// header says.
func (m *merger) place(d *syntax.Decl, at *mnode) {
	if d.Phase.Place == "after" {
		m.insert(d, at, at.next)
	} else {
		m.insert(d, at.prev, at)
	}
}

func nameOfKey(key string) string {
	_, name, _ := strings.Cut(key, " ")
	return name
}

// mergeSchema adds a variant's schema block to the one of n: attributes
// of a name the block has replace it (an error unless override), others
// are appended. A block of the files is copied once, then extended in
// place for the rest of the chain.
func (m *merger) mergeSchema(n *mnode, variant *syntax.SchemaDecl, override bool, errAt func(string, diag.Range, string, string, ...any)) {
	out := n.d.Schema
	index, mine := m.schemas[out]
	if !mine {
		cp := *out
		cp.Attrs = append([]*syntax.AttrDecl(nil), out.Attrs...)
		index = map[string][]int{}
		for i, a := range cp.Attrs {
			m.walked++
			index[a.Name] = append(index[a.Name], i)
		}
		out = &cp
		m.schemas[out] = index
		m.set(n, &syntax.Decl{Pos: n.d.Pos, Schema: out})
	}
	for _, a := range variant.Attrs {
		m.walked++
		at := index[a.Name]
		for _, i := range at {
			if !override {
				errAt(diag.CodeDuplicate, syntax.RangeAt(a.Pos, a.Name), "write `override "+variant.Kind+" { ... }` to change the base's attribute", "attribute %s is already declared by the base ruleset", a.Name)
			}
			out.Attrs[i] = a
		}
		if len(at) == 0 {
			index[a.Name] = []int{len(out.Attrs)}
			out.Attrs = append(out.Attrs, a)
		}
	}
}
