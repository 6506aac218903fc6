package interp

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// TestVMExpressionsGolden lists, file by file, the expressions of the
// shipped rulesets, their variants and the homebrew rulesets of
// testdata/bench/homebrew (written without the engine in mind) that have
// no native form and run in expr-lang's VM, with the share that is
// native: testdata/vm_exprs.golden. An expression that falls back to the
// VM after a change of the planner shows as a new line; one made native,
// as a line gone (go test ./interp -run TestVMExpressionsGolden -update
// accepts the list). TestFastAgreesWithExpr holds every native one to
// the VM.
func TestVMExpressionsGolden(t *testing.T) {
	t.Parallel()
	var files []string
	for _, pat := range []string{"rules/*.fray", "rules/variants/*.fray", "testdata/bench/homebrew/*.fray"} {
		f, _ := filepath.Glob(filepath.Join("..", filepath.FromSlash(pat)))
		for _, name := range f {
			if !strings.HasSuffix(name, "_encounter.fray") {
				files = append(files, name)
			}
		}
	}
	sort.Strings(files)
	var b strings.Builder
	for _, file := range files {
		m, diags := check.UnderRoot("..").LoadRuleset(file, diag.Sources{})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", file, diags)
		}
		plan := Lower(m)
		var vm []string
		for _, ce := range m.Exprs {
			if ce.Node == nil || ce.Expr == nil || plan.fast[ce.ID] != nil || filepath.Clean(ce.Expr.Pos.Filename) != filepath.Clean(file) {
				continue // literals, native ones, and those of the file a variant extends (listed with it)
			}
			if lo, _ := plan.rangeBounds(ce); lo != nil {
				continue // a range a..b, which a loop counts natively
			}
			text, _ := ce.Expr.Text()
			vm = append(vm, fmt.Sprintf("%d:%d\x00  %d:%d %s", ce.Expr.Pos.Line, ce.Expr.Pos.Column, ce.Expr.Pos.Line, ce.Expr.Pos.Column, strings.Join(strings.Fields(text), " ")))
		}
		total := 0
		for _, ce := range m.Exprs {
			if ce.Node != nil && ce.Expr != nil && filepath.Clean(ce.Expr.Pos.Filename) == filepath.Clean(file) {
				total++
			}
		}
		sort.Slice(vm, func(i, j int) bool { return placeLess(vm[i], vm[j]) })
		fmt.Fprintf(&b, "%s: %d of %d expressions in the VM\n", filepath.ToSlash(strings.TrimPrefix(file, ".."+string(filepath.Separator))), len(vm), total)
		for _, l := range vm {
			b.WriteString(l[strings.IndexByte(l, 0)+1:] + "\n")
		}
	}
	golden := filepath.Join("testdata", "vm_exprs.golden")
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./interp -run TestVMExpressionsGolden -update writes it)", err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("the expressions that run in expr-lang's VM changed (go test ./interp -run TestVMExpressionsGolden -update accepts them):\n%s", lineDiff(string(want), got))
	}
}

// placeLess orders "line:col\x00..." keys by line, then column.
func placeLess(a, b string) bool {
	var la, ca, lb, cb int
	fmt.Sscanf(a[:strings.IndexByte(a, 0)], "%d:%d", &la, &ca)
	fmt.Sscanf(b[:strings.IndexByte(b, 0)], "%d:%d", &lb, &cb)
	if la != lb {
		return la < lb
	}
	return ca < cb
}

// lineDiff is the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}
