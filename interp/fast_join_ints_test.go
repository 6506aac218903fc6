package interp

import "testing"

// Every expression of the spec case join_map_ints is native: join(map(L,
// string), sep) over a range or a list of whole numbers, and a fn made
// of one, which ran in expr-lang's VM with everything around its calls
// (the eleventh homebrew round's abyss: two fifths of its fight).
func TestJoinMapIntsNative(t *testing.T) {
	t.Parallel()
	allNative(t, "join_map_ints")
}
