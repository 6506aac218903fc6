package interp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// Every expression of these spec cases is native (the spec runs each
// case both ways and holds the native plan to the VM's output):
//   - fn_list_entity_args: a call of a fn whose parameter is a list of
//     combatants or sides, with any native list of them. Such a call
//     went to the VM, with everything around it (the ninth homebrew
//     round's chariot: 15 of its 171 expressions).
//   - group_maps_ends: first(m[k]) and last(m[k]) of a map groupBy made,
//     their attributes read with . or ?. (and of first(concat(...))),
//     which went to the VM.
//   - join_map_ints: join(map(L, string), sep) over a range or a list of
//     whole numbers, and a fn made of one, which went to the VM with
//     everything around their calls (the eleventh homebrew round's
//     abyss: two fifths of its fight).
func TestAllNativeSpecCases(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"fn_list_entity_args", "group_maps_ends", "group_maps_keys", "join_map_ints", "join_map_strings", "int_predicates", "error_int_sums", "group_maps_values", "error_group_sums", "error_group_totals", "string_slice", "op_float_compare", "string_len"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			allNative(t, name)
		})
	}
}

// allNative fails for each expression of the spec case's rules that
// runs in expr-lang's VM.
func allNative(t *testing.T, name string) {
	ar, err := txtar.ParseFile(filepath.Join("..", "testdata", "spec", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		if f.Name == "rules.fray" {
			if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	m, diags := check.UnderRoot(dir).LoadRuleset(filepath.Join(dir, "rules.fray"), diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	plan := Lower(m)
	for _, ce := range m.Exprs {
		if ce.Node == nil || ce.Expr == nil || plan.fast[ce.ID] != nil {
			continue
		}
		if lo, _ := plan.rangeBounds(ce); lo != nil {
			continue
		}
		text, _ := ce.Expr.Text()
		t.Errorf("%d:%d %s runs in expr-lang's VM", ce.Expr.Pos.Line, ce.Expr.Pos.Column, text)
	}
}
