package check

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// 20 000 attributes and 5 000 rules reading the last of them: each read
// of a member (refPatch) looked for the attribute by reading the tag of
// every field before it (40 000 attributes, 20 000 reads: lint 38 s of
// CPU). ExprField finds it in an index made once. Not parallel: the
// bytes allocated are the process's.
func TestMemberReadsUnderManyAttributes(t *testing.T) {
	const attrs, reads = 20_000, 5_000
	var b strings.Builder
	b.WriteString("ruleset \"attrs\" {\n  source \"hostile\"\n}\ncombatant {\n  hp: int = 1\n")
	for i := range attrs {
		fmt.Fprintf(&b, "  a%d: int = 0\n", i)
	}
	b.WriteString("}\nphase p each round {\n  let c = first(combatants)\n")
	for i := range reads {
		fmt.Fprintf(&b, "  c.hp += c.a%d + %d\n", attrs-1-i, i)
	}
	b.WriteString("}\nend when round > 1\n")
	path := writeHostile(t, b.String())
	diags, allocated := lintAllocated(t, Options{}, path)
	if diags.HasErrors() {
		t.Fatalf("errors in a legal file: %v", diags[0])
	}
	if got := allocated; got > 600 || testing.Verbose() {
		t.Logf("the lint allocated %d MB", got)
		if got > 600 {
			t.Errorf("the lint allocated %d MB, want at most 600", got)
		}
	}
}

// ExprField finds the first field of a name, and none for a name no
// field has.
func TestExprField(t *testing.T) {
	typ := reflect.TypeFor[struct {
		A int `expr:"x"`
		B int `expr:"y"`
		C int `expr:"x"`
		D int
	}]()
	for _, c := range []struct {
		name  string
		field string
		ok    bool
	}{{"x", "A", true}, {"y", "B", true}, {"", "D", true}, {"z", "", false}} {
		f, ok := ExprField(typ, c.name)
		if ok != c.ok || f.Name != c.field {
			t.Errorf("ExprField(%q) = %q, %v; want %q, %v", c.name, f.Name, ok, c.field, c.ok)
		}
	}
}
