package fraytest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp/fraytest"
)

// string() in an expectation printed combatants and sides as expr-lang
// does, by memory address ("[0xc000123 0xc000456]", "{x 0xc0001 true
// ...}"): a failure's "got" differed from run to run. They print by
// name, and the whole as a rule's string(x) prints it (a list as
// [a, b], none as nothing).
func TestExpectStringNamesCombatants(t *testing.T) {
	files := map[string]string{
		"r.fray": "ruleset \"names\" {\n  source \"x\"\n}\n\ncombatant {\n  hp: int = 3\n}\n\nphase p each round {\n  for c in combatants {\n    c.hp -= 1\n  }\n}\n\nend when round > 1\n",
		"s_test.fray": `encounter "by name" {
  rules "r.fray"
}

side a {
  combatant ann
}

side b {
  combatant bob
}

test "printed" {
  expect string(combatants) == ""
  expect string(first(sides)) == ""
  expect string(groupBy(combatants, .hp)) == ""
  expect string(after_round(1).combatants) == ""
  expect string([after_round(1)]) == ""
  expect string(first(filter(combatants, .hp > 99))) == ""
  expect type(first(combatants)) == ""
  expect type(combatants) == ""
}
`,
	}
	out := outcomesOf(t, files)
	for _, want := range []string{`string(combatants) = "[ann, bob]"`, `string(first(sides)) = "a"`, `string(groupBy(combatants, .hp)) = "{1: [ann, bob]}"`, `string(after_round(1).combatants) = "[ann, bob]"`,
		`string(first(filter(combatants, .hp > 99))) = "nothing"`, `type(first(combatants)) = "combatant"`, `type(combatants) = "list"`,
		`string([after_round(1)]) = "[&{[a b] [ann bob] a ann b bob}]"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the failure lacks %s:\n%s", want, out)
		}
	}
}

// An expectation that uses none where a value is needed failed in
// expr-lang's words ("invalid operation: <nil> + int", "cannot fetch hp
// from <nil>") with expr-lang's caret lines under it; it says what a
// rule's runtime error says.
func TestExpectNoneInFraysWords(t *testing.T) {
	files := map[string]string{
		"r.fray": "ruleset \"none\" {\n  source \"x\"\n}\n\ncombatant {\n  hp: int = 3\n}\n\nphase p each round {\n  for c in combatants {\n    c.hp -= 1\n  }\n}\n\nend when round > 1\n",
		"s_test.fray": `encounter "none" {
  rules "r.fray"
}

side a {
  combatant ann
}

side b {
  combatant bob
}

test "sum" {
  expect first(filter(combatants, .hp > 99)).hp == 1
}

test "add" {
  expect first(filter(map(combatants, .hp), # > 99)) + 1 == 2
}
`,
	}
	out := outcomesOf(t, files)
	if strings.Contains(out, "<nil>") || strings.Contains(out, "^") || strings.Count(out, "nothing") < 2 {
		t.Errorf("the failures are not in fray's words:\n%s", out)
	}
}

// outcomesOf writes files (a rule file and s_test.fray) to a new folder,
// runs s_test.fray's tests and gives their outcomes as fray test prints
// them.
func outcomesOf(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tf, diags := check.UnderRoot(dir).NewLinter().LoadTests(filepath.Join(dir, "s_test.fray"), diag.Sources{})
	if diags.HasErrors() || tf == nil {
		t.Fatalf("the test file does not check: %v", diags)
	}
	var b strings.Builder
	for _, o := range fraytest.NewRunner(fraytest.Options{}).RunFile(tf) {
		fraytest.WriteOutcome(&b, o, false)
	}
	return b.String()
}
