package interp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// A look-up of a table by a string key and a whole-number key, in a
// quiet run, gives the row's value and allocates nothing
// (fast_table_keys.go): it boxed the keys, a string key allocating, at
// every look-up (the dogfight homebrew's manoeuvres table). An
// allocation count, not a timing.
func TestTypedTableLookupAllocatesNothing(t *testing.T) {
	dir := t.TempDir()
	src := `ruleset "table keys" {
  default wait
}

combatant {
  kind: string = "dive"
  speed: int = 6
}

table manoeuvres(kind: string, speed: int) {
  "climb", 0-3: "claws"   -1
  "dive", 0-4:  "dives"    1
  "dive", 5+:   "stoops"   2
  _, _:         "level"    0
}

fn worth(c: combatant): int = manoeuvres(c.kind, c.speed)

action wait {
  log "{worth(self)}"
}

phase p each round {
  declare
}

end when round >= 1
`
	file := filepath.Join(dir, "rules.fray")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	m, diags := check.UnderRoot(dir).LoadRuleset(file, diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	plan := Lower(m)
	var ce *check.CExpr
	for _, e := range m.Exprs {
		if e.Expr != nil && e.Expr.Raw() == "manoeuvres(c.kind, c.speed)" {
			ce = e
		}
	}
	if ce == nil || plan.fast[ce.ID] == nil || plan.fast[ce.ID].i == nil {
		t.Fatal("the look-up is not a native whole number")
	}
	r := probeRunOf(t, plan, 1)
	fr := r.frame(ce.Frame)
	fillFrame(r, ce.Frame, fr, 1)
	f, look := addrOf(fr), plan.fast[ce.ID].i
	if v, err := look(r, f); v != 2 || err != nil {
		t.Fatalf("manoeuvres(\"dive\", 6) = %d, %v; want 2", v, err)
	}
	skipAllocsIfSafeMem(t)
	if allocs := testing.AllocsPerRun(100, func() { _, _ = look(r, f) }); allocs != 0 {
		t.Errorf("a look-up by typed keys allocates %.1f times", allocs)
	}
}
