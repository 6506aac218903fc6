package dsl

import (
	"os"
	"path/filepath"
	"testing"
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
	old := Root
	Root = dir
	defer func() { Root = old }()

	l := NewLinter()
	if d := l.Lint(base, Sources{}); d.HasErrors() {
		t.Fatalf("the base has errors: %v", d)
	}
	shared := l.Lint(variant, Sources{})
	alone := Lint(variant, Sources{})
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
