package check

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/diag"
)

// TestLinterKeysChecksByFunctions lints a base and then a variant that
// changes a function's parameter type with one Linter. The base's call
// type-checks; the same call, in the same body, must not take the base's
// answer from the Linter's memo in the variant, where it is an error.
func TestLinterKeysChecksByFunctions(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	base := write("base.fray", `ruleset "B" {
  source "linter tests"
}

combatant {
  hp: int = 3
}

fn damage(n: int): int = n

phase p each round {
  for c in living(combatants) {
    c.hp -= damage(1)
  }
}

end when len(standing(sides)) <= 1
`)
	variant := write("variant.fray", `ruleset "V" {
  extends "base.fray"
}

override fn damage(n: string): int = 1
`)
	opts := Options{Root: dir}
	l := opts.NewLinter()
	if d := l.Lint(base, diag.Sources{}); d.HasErrors() {
		t.Fatalf("the base has errors: %v", d)
	}
	shared := l.Lint(variant, diag.Sources{})
	alone := opts.Lint(variant, diag.Sources{})
	if !alone.HasErrors() {
		t.Fatalf("the variant alone has no error: the test no longer tests anything")
	}
	if len(shared) != len(alone) {
		t.Fatalf("with the base's checks shared: %v\nalone: %v", shared, alone)
	}
	for i := range shared {
		if shared[i].Error() != alone[i].Error() {
			t.Fatalf("with the base's checks shared: %v\nalone: %v", shared[i], alone[i])
		}
	}
}

// TestViewsAreSharedByNamesAndTypes checks what the Linter's key relies
// on: two frames give an expression the same view (the same pointer)
// when the fields it names have the same names and types, whatever else
// the frames hold, and different views when a type differs.
func TestViewsAreSharedByNamesAndTypes(t *testing.T) {
	intT := &Type{Kind: KInt, R: reflect.TypeOf(0)}
	strT := &Type{Kind: KString, R: reflect.TypeOf("")}
	e, err := exprAt(lexer.Position{Filename: "view.fray", Line: 1, Column: 1}, "hp + bonus > 2")
	if err != nil {
		t.Fatal(err)
	}
	frame := func(fs ...*FrameField) *Frame { return &Frame{Fields: fs} }
	a := frame(&FrameField{Name: "hp", Type: intT}, &FrameField{Name: "label", Type: strT}, &FrameField{Name: "bonus", Type: intT})
	b := frame(&FrameField{Name: "hp", Type: intT}, &FrameField{Name: "bonus", Type: intT})
	c := frame(&FrameField{Name: "hp", Type: strT}, &FrameField{Name: "bonus", Type: intT})
	va, vb, vc := a.viewFor(e), b.viewFor(e), c.viewFor(e)
	if va != vb {
		t.Errorf("the same names and types gave two views: %v and %v", va, vb)
	}
	if va == vc {
		t.Errorf("hp as an int and as a string gave one view: %v", va)
	}
	if want := []string{"hp", "bonus"}; !slices.Equal(va.names, want) {
		t.Errorf("view names %v, want %v", va.names, want)
	}
	if want := []reflect.Type{strT.R, intT.R}; !slices.Equal(vc.types, want) {
		t.Errorf("view types %v, want %v", vc.types, want)
	}
}
