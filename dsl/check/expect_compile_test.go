package check

import (
	"math"
	"strings"
	"testing"

	"github.com/expr-lang/expr"
)

// An expectation's arithmetic wrapped round (expr-lang's +), so `expect
// x.big + 1 < 0` passed; checking it in the bytecode as a rule's is
// made its failure explain `__add(a, b)` (and the checker's rewrites
// showed as `__int(...)`, `__range(...)`, a loop for findLast).
// CompileExpect checks the bytecode and keeps the text parsed as
// written for the explanation.
func TestCompileExpectChecksWholesAndKeepsTheTreeAsWritten(t *testing.T) {
	type env struct {
		A int   `expr:"a"`
		B int   `expr:"b"`
		L []int `expr:"l"`
	}
	const text = "a + b * 2 == -a && abs(a - b) > sum(l) && sum(l, # * 2) > 0"
	ce, err := CompileExpect(text, env{}, expr.AsBool())
	if err != nil {
		t.Fatal(err)
	}
	if got := ce.Written.String(); got != text || strings.Contains(got, "__") {
		t.Errorf("the tree written is %s", got)
	}
	prog := ce.Program
	if !strings.Contains(prog.Node().String(), "__add") {
		t.Errorf("the bytecode's tree is not checked: %s", prog.Node().String())
	}
	if v, err := expr.Run(prog, env{A: 1, B: 2, L: []int{1}}); err != nil || v != false {
		t.Errorf("in range: %v, %v", v, err)
	}
	for _, c := range []struct {
		text string
		e    env
	}{
		{"a + b > 0", env{A: math.MaxInt, B: 1}},
		{"a - b > 0", env{A: math.MinInt, B: 1}},
		{"a * b > 0", env{A: math.MaxInt / 2, B: 3}},
		{"-a > 0", env{A: math.MinInt}},
		{"abs(a) > 0", env{A: math.MinInt}},
		{"sum(l) > 0", env{L: []int{math.MaxInt, 1}}},
		{"sum(l, # * 2) > 0", env{L: []int{math.MaxInt / 2, 1}}},
	} {
		ce, err := CompileExpect(c.text, env{}, expr.AsBool())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := expr.Run(ce.Program, c.e); err == nil || !strings.Contains(err.Error(), "whole-number overflow") {
			t.Errorf("%s of %+v: %v, want an overflow", c.text, c.e, err)
		}
	}
	// int(x) of a float, a range and findLast are rewritten in the
	// checked tree; the written one has them as written.
	const rewritten = "int(float(a) * 1.5) + sum(1..b) == findLast(l, # > 1)"
	ce, err = CompileExpect(rewritten, env{}, expr.AsBool())
	if err != nil {
		t.Fatal(err)
	}
	if got := ce.Written.String(); got != rewritten {
		t.Errorf("the tree written is %s", got)
	}
	if got := ce.Tree.String(); !strings.Contains(got, "__int") || !strings.Contains(got, "$xs") {
		t.Errorf("the checked tree is not rewritten: %s", got)
	}
	if _, err := CompileExpect("9223372036854775807 + 1 < 0", env{}, expr.AsBool()); err == nil || !strings.Contains(err.Error(), "whole-number overflow: 9223372036854775807 + 1") {
		t.Errorf("literals beyond the whole numbers: %v", err)
	}
}
