package dsl_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

func TestVariantMerge(t *testing.T) {
	base, diags := check.UnderRoot("..").LoadRuleset(filepath.Join("..", "testdata", "variants", "base.fray"), diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	v, diags := check.UnderRoot("..").LoadRuleset(filepath.Join("..", "testdata", "variants", "variant.fray"), diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if v.Name != "Variant" || v.Segments != 2 || v.Default == nil || v.Default.Name != "attack" {
		t.Errorf("header: name %q, segments %d, default %v: the variant's name, the base's other fields", v.Name, v.Segments, v.Default)
	}
	names := func(m *check.Model) string {
		var out []string
		for _, p := range m.Phases {
			out = append(out, p.Name)
		}
		return strings.Join(out, " ")
	}
	if got := names(base); got != "opening declare_step resolve" {
		t.Errorf("base phases: %s", got)
	}
	if got := names(v); got != "declare_step bookkeeping resolve" {
		t.Errorf("variant phases: %s (opening removed, bookkeeping after declare_step)", got)
	}
	if c := v.Consts[0]; c.Value.Expr.Raw() != "d10" {
		t.Errorf("const die = %s, want the variant's d10", c.Value.Expr.Raw())
	}
	hit := v.Events["hit"]
	if len(hit.Handlers) != 1 || !strings.HasSuffix(hit.Handlers[0].Decl.Pos.Filename, "variant.fray") {
		t.Errorf("the variant's handler replaces the base's: %d handlers", len(hit.Handlers))
	}
	hp := v.U.AttrOf(false, "hp")
	if hp == nil || hp.Decl.Default.Raw() != "9" || v.U.AttrOf(false, "armour") == nil || v.U.AttrOf(false, "speed") == nil {
		t.Errorf("attributes: hp overridden to 9, armour added, speed kept")
	}
	// Everything the variant does not touch is the base's, unchanged.
	if v.Actions["attack"].Decl != nil && !strings.HasSuffix(v.Actions["attack"].Decl.Pos.Filename, "base.fray") {
		t.Errorf("attack should come from the base")
	}
}

func TestVariantMistakes(t *testing.T) {
	src := diag.Sources{}
	diags := check.UnderRoot("..").Lint(filepath.Join("..", "testdata", "variants", "bad_variant.fray"), src)
	var buf bytes.Buffer
	diag.WriteText(&buf, diags, src)
	out := buf.String()
	for _, want := range []string{
		"override of phase surprise, which the base ruleset does not have",
		"the base ruleset has no table injuries to remove",
		"no phase nowhere to place phase misplaced before",
		"phase resolve declared twice",
		"attribute hp is already declared by the base ruleset",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "base.fray") {
		t.Errorf("the duplicate phase should point at its first definition in base.fray:\n%s", out)
	}
}

func TestVariantCycle(t *testing.T) {
	diags := check.UnderRoot("..").Lint(filepath.Join("..", "testdata", "variants", "cycle_a.fray"), diag.Sources{})
	if len(diags) == 0 || diags[0].Code != diag.CodeImportCycle {
		t.Fatalf("want an import cycle, got %v", diags)
	}
}

func TestOverrideWithoutBase(t *testing.T) {
	f, diags := syntax.Parse("x.fray", `ruleset "x" { source "y" }
override const a = 1
phase p each round { log "x" }
end when true
`)
	if diags != nil {
		t.Fatal(diags)
	}
	_, diags = check.UnderRoot("..").Check(f)
	if len(diags) == 0 || diags[0].Code != diag.CodeOverride {
		t.Fatalf("want an override without base error, got %v", diags)
	}
}

// A variant overrides or removes a ruleset function like any declaration.
func TestVariantFunctions(t *testing.T) {
	dir := filepath.Join("..", "testdata", "variants")
	v, diags := check.UnderRoot("..").LoadRuleset(filepath.Join(dir, "fn_variant.fray"), diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if f := v.Funcs["damage"]; f == nil || f.Body.Expr.Raw() != "n * 2" {
		t.Errorf("the variant's damage replaces the base's")
	}
	src := diag.Sources{}
	var buf bytes.Buffer
	diag.WriteText(&buf, check.UnderRoot("..").Lint(filepath.Join(dir, "fn_bad_variant.fray"), src), src)
	for _, want := range []string{
		"override of fn damag, which the base ruleset does not have [F403]",
		"did you mean damage?",
		"the base ruleset has no fn sparee to remove [F403]",
		"did you mean spare?",
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("missing %q in:\n%s", want, buf.String())
		}
	}
}
