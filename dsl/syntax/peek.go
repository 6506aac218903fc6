package syntax

import (
	"reflect"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// participle's parser reads a *lexer.PeekingLexer, and the only way the
// library offers to make one, lexer.Upgrade, copies the tokens one by
// one into a list it grows as it goes: for a rule file that is about
// twice its tokens in garbage, the largest single cost in memory of a
// lint. peekOver makes the PeekingLexer over the list the tokenizer
// already made, by filling in the same fields Upgrade fills, through a
// copy of the struct's layout. The layout is checked against the
// library's at start-up (field names, types and offsets); if a new
// version of participle changes it, peekOver falls back to Upgrade.
// TestPeekOverIsUpgrade checks that both give the same lexer.

// peekingLexer mirrors lexer.PeekingLexer (participle v2.1.4): its
// embedded Checkpoint's three cursors, the tokens and the elided types.
type peekingLexer struct {
	rawCursor  lexer.RawCursor
	nextCursor lexer.RawCursor
	cursor     int
	tokens     []lexer.Token
	elide      map[lexer.TokenType]bool
}

// peekLayoutMatches reports whether peekingLexer has the layout of
// lexer.PeekingLexer.
var peekLayoutMatches = func() bool {
	type field struct {
		name   string
		typ    reflect.Type
		offset uintptr
	}
	var flat func(t reflect.Type, base uintptr) []field
	flat = func(t reflect.Type, base uintptr) []field {
		var out []field
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				out = append(out, flat(f.Type, base+f.Offset)...)
				continue
			}
			out = append(out, field{f.Name, f.Type, base + f.Offset})
		}
		return out
	}
	theirs := reflect.TypeOf(lexer.PeekingLexer{})
	ours := reflect.TypeOf(peekingLexer{})
	return theirs.Size() == ours.Size() && reflect.DeepEqual(flat(theirs, 0), flat(ours, 0))
}()

// peekOver is lexer.Upgrade(tokens, TokComment) without copying the
// tokens, which must end with EOF.
func peekOver(toks []lexer.Token) (*lexer.PeekingLexer, error) {
	if !peekLayoutMatches {
		return lexer.Upgrade(&sliceLexer{toks: toks}, TokComment)
	}
	p := &peekingLexer{tokens: toks, elide: map[lexer.TokenType]bool{TokComment: true}}
	// As Upgrade does: start at the first token not elided.
	for int(p.nextCursor) < len(toks)-1 && toks[p.nextCursor].Type == TokComment {
		p.nextCursor++
	}
	return (*lexer.PeekingLexer)(unsafe.Pointer(p)), nil
}
