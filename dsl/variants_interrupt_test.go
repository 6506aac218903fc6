package dsl_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// A variant overrides and removes reactions by their point and label,
// adds its own after the base's and overrides a point (language v2, item
// 3); lint refuses an override whose label the base lacks, a label on
// another removal, and the reactions of a point it removed.
func TestVariantReactions(t *testing.T) {
	dir := filepath.Join("..", "testdata", "variants")
	v, diags := check.UnderRoot("..").LoadRuleset(filepath.Join(dir, "interrupts_variant.fray"), diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	hits := v.Points["hits"]
	if hits == nil {
		t.Fatal("the variant lost the base's point hits")
	}
	var labels []string
	for _, rc := range hits.Reactions {
		labels = append(labels, rc.Label)
	}
	if got, want := strings.Join(labels, ", "), "snap attack, parry, shield wall"; got != want {
		t.Errorf("reactions of hits: %s, want %s", got, want)
	}
	if parry := hits.Reactions[1]; len(parry.Body.Stmts) != 1 || parry.Body.Stmts[0].Assign == nil || parry.Body.Stmts[0].Assign.Value.Raw() != "int(damage / 2)" {
		t.Errorf("the variant's parry (int(damage / 2)) replaces the base's")
	}
	if lo := v.Points["looses"]; lo == nil || lo.Decl.Template == nil || string(*lo.Decl.Template) != "{archer.name} nocks an arrow at {target.name}" || len(lo.Reactions) != 1 {
		t.Errorf("the variant's point looses (its template) replaces the base's, keeping its reaction")
	}
	src := diag.Sources{}
	var buf bytes.Buffer
	diag.WriteText(&buf, check.UnderRoot("..").Lint(filepath.Join(dir, "interrupts_bad_variant.fray"), src), src)
	for _, want := range []string{
		"override of react hits pary, which the base ruleset does not have [F403]", "did you mean hits parry?",
		"remove phase takes no label [F403]",
		// At the removal, the variant's line, not at the uses in the base.
		"interrupts_bad_variant.fray:14:1: error: remove point casts leaves react casts \"attack of opportunity\" and interrupt casts in action fight with no point [F403]",
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("missing %q in:\n%s", want, buf.String())
		}
	}
	if strings.Contains(buf.String(), "[F680]") {
		t.Errorf("the base is blamed for the variant's removal of its point:\n%s", buf.String())
	}
}
