package interp

import (
	"unicode/utf8"

	"github.com/expr-lang/expr/ast"
)

// s[a:b] of a string, natively: a square of a terrain row kept as a
// string (`fn ground(x: int, y: int): string = fen[y][x:x + 1]`, the
// thirteenth homebrew round's marsh) ran in expr-lang's VM, with every
// call of the fn and every expression around one: most of that fight.
// It cuts as expr-lang's runtime.Slice cuts a string (bytes, bounds
// counted from the end when negative and clamped: sliceBounds), the
// string read first, then the upper bound, then the lower (the order of
// expr-lang's bytecode, which decides which dice roll first and which
// failure is reported).
//
// len(s) of a string is native too (marsh's `len(fen[0])`, a local's
// `s[len(s) - n:]`): expr-lang's len counts a string's runes, not its
// bytes (builtin.Len), so strRunes counts them as well, though s[a:b]
// cuts bytes; the two agree on the ASCII a map row is written in.

// strSlice compiles s[a:b] of a string s; nil when a part has no native
// form.
func (c *fastCompiler) strSlice(x *ast.SliceNode) strFn {
	if c.typeOf(x.Node) != strT {
		return nil
	}
	src := c.str(x.Node)
	if src == nil {
		return nil
	}
	cut, ok := c.sliceCut(x) // fast_plainlists.go
	if !ok {
		return nil
	}
	return func(r *Run, f addr) (string, error) {
		s, err := src(r, f)
		if err != nil {
			return "", err
		}
		a, b, err := cut.bounds(r, f, len(s))
		if err != nil {
			return "", err
		}
		return s[a:b], nil
	}
}

// strRunes compiles len(s) of a string s as expr-lang's builtin.Len
// counts it; nil when s has no native form.
func (c *fastCompiler) strRunes(n ast.Node) intFn {
	if c.typeOf(n) != strT {
		return nil
	}
	src := c.str(n)
	if src == nil {
		return nil
	}
	return func(r *Run, f addr) (int, error) {
		s, err := src(r, f)
		return utf8.RuneCountInString(s), err
	}
}
