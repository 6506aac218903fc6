package syntax

import (
	"reflect"
	"sort"
	"sync"

	"github.com/alecthomas/participle/v2/lexer"
)

// participle sets a node's EndPos to the position of the token after the
// node (lexer.PeekingLexer.RawPeek), so a range made from Pos and EndPos
// runs on over the white space, comments and line breaks that follow the
// node's last token: a caret too many under "x: intt = 1", and in JSON an
// end on the next line. trimEnds moves every EndPos of the tree back to
// the end of the node's own last token, computed from the token's text as
// TokenEnd does for expressions, so that every range made from the tree
// (RangeOf(n.Pos, n.EndPos)) covers exactly the node's source text.

// trimEnds sets the EndPos of every node under root to the end of the
// last token, comments aside, that the node holds. toks are the file's
// tokens in source order, as Tokenize made them. A node that holds no
// token (EndPos at or before Pos) keeps its EndPos.
func trimEnds(root any, toks []lexer.Token) {
	trimValue(reflect.ValueOf(root), toks)
}

// trimValue walks v: pointers, slices and structs, exported fields only.
// The syntax tree is a tree (no node points back up), so the walk ends.
func trimValue(v reflect.Value, toks []lexer.Token) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			trimValue(v.Elem(), toks)
		}
	case reflect.Slice, reflect.Array:
		if !walks(v.Type().Elem()) {
			return
		}
		for i := 0; i < v.Len(); i++ {
			trimValue(v.Index(i), toks)
		}
	case reflect.Struct:
		p := planOf(v.Type())
		if p.end != nil && v.CanAddr() {
			trimNode(v, p, toks)
		}
		for _, i := range p.children {
			trimValue(v.Field(i), toks)
		}
	}
}

// trimNode moves one node's EndPos back to the end of its last token.
// The positions are reached by pointer: boxing them would allocate.
func trimNode(v reflect.Value, p *plan, toks []lexer.Token) {
	end := v.FieldByIndex(p.end).Addr().Interface().(*lexer.Position)
	if end.Line == 0 {
		return // not set: the node was made by hand, not parsed
	}
	start := -1
	if p.pos != nil {
		start = v.FieldByIndex(p.pos).Addr().Interface().(*lexer.Position).Offset
	}
	// The last token, comments aside, that starts before the end is the
	// node's last token, if it starts at or after the node's start.
	i := sort.Search(len(toks), func(i int) bool { return toks[i].Pos.Offset >= end.Offset }) - 1
	for i >= 0 && (toks[i].Type == TokComment || toks[i].EOF()) {
		i--
	}
	if i < 0 || toks[i].Pos.Offset < start {
		return
	}
	// A ";" that ends a setting ("hp = 4;") separates it from the next
	// one: the node's text stops before it.
	if toks[i].Type == TokPunct && toks[i].Value == ";" {
		j := i - 1
		for j >= 0 && toks[j].Type == TokComment {
			j--
		}
		if j >= 0 && toks[j].Pos.Offset >= start {
			i = j
		}
	}
	// An end inside the token was set on purpose: keep it.
	if e := TokenEnd(toks[i]); e.Offset <= end.Offset {
		*end = e
	}
}

// plan is what the walk needs of a struct type: the index of its EndPos
// and Pos fields (nil if it has none) and the exported fields that may
// hold nodes.
type plan struct {
	end, pos []int
	children []int
}

var (
	positionType = reflect.TypeOf(lexer.Position{})
	tokenType    = reflect.TypeOf(lexer.Token{})
	plans        sync.Map // reflect.Type -> *plan
)

func planOf(t reflect.Type) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	p := &plan{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		switch {
		case !f.IsExported():
		case f.Type == positionType && f.Name == "EndPos":
			p.end = f.Index
		case f.Type == positionType && f.Name == "Pos":
			p.pos = f.Index
		case walks(f.Type):
			p.children = append(p.children, i)
		}
	}
	plans.Store(t, p)
	return p
}

// walks reports whether a value of type t may hold a node: tokens,
// positions, maps and plain values cannot.
func walks(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return walks(t.Elem())
	case reflect.Interface:
		return true
	case reflect.Struct:
		return t != positionType && t != tokenType
	}
	return false
}
