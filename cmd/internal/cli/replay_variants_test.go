package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReplayVariants records the example encounter of every base
// ruleset that a shipped variant extends, replays it under the variant,
// and holds the report to testdata/replay/VARIANT__ENCOUNTER.golden (go
// test ./cmd/internal/cli -run TestReplayVariants -update rewrites
// them). The
// pairs come from the directory listings: a new variant or example needs
// no edit here.
func TestReplayVariants(t *testing.T) {
	variants, err := filepath.Glob(filepath.Join("..", "..", "..", "rules", "variants", "*.fray"))
	if err != nil || len(variants) == 0 {
		t.Fatalf("no variants found: %v", err)
	}
	encounters, err := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "encounters", "*.fray"))
	if err != nil || len(encounters) == 0 {
		t.Fatalf("no example encounters found: %v", err)
	}
	pairs := 0
	for _, v := range variants {
		base := importOf(t, v, "extends")
		if base == "" {
			t.Errorf("%s: a variant without extends", v)
			continue
		}
		for _, e := range encounters {
			if importOf(t, e, "rules") != base {
				continue
			}
			pairs++
			name := strings.TrimSuffix(filepath.Base(v), ".fray") + "__" + strings.TrimSuffix(filepath.Base(e), ".fray")
			t.Run(name, func(t *testing.T) { replayVariant(t, v, e, name) })
		}
	}
	if pairs < len(variants) {
		t.Errorf("%d variants but only %d have an example encounter of their base", len(variants), pairs)
	}
}

func replayVariant(t *testing.T, variant, encounter, name string) {
	log := filepath.Join(t.TempDir(), "fight.jsonl")
	var out, errs bytes.Buffer
	if code := run([]string{"--root", "../../..", "run", "--format", "json", "-o", log, encounter}, &out, &errs); code != 0 {
		t.Fatalf("run: exit %d: %s", code, errs.String())
	}
	// Under its own rules the fight replays identically.
	out.Reset()
	if code := run([]string{"--root", "../../..", "replay", log}, &out, &errs); code != 0 || !strings.HasPrefix(out.String(), "replay: identical: ") {
		t.Fatalf("replay under the recorded rules: exit %d: %s%s", code, out.String(), errs.String())
	}
	out.Reset()
	code := run([]string{"--root", "../../..", "replay", "--rules", variant, log}, &out, &errs)
	got := out.String()
	switch {
	case code == 0 && strings.HasPrefix(got, "replay: identical: "):
	case code == 1 && strings.HasPrefix(got, "replay: first difference at event "):
		// The header (the ruleset's name, its file) is not the fight.
		if strings.HasPrefix(got, "replay: first difference at event 1 ") {
			t.Errorf("the start event counted as a difference:\n%s", got)
		}
		if !strings.Contains(got, "\noutcome: ") {
			t.Errorf("no outcome summary:\n%s", got)
		}
	default:
		t.Fatalf("replay --rules %s: exit %d:\n%s%s", variant, code, got, errs.String())
	}
	golden := filepath.Join("testdata", "replay", name+".golden")
	if updating() {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/internal/cli -run TestReplayVariants -update makes it)", err)
	}
	if got != string(want) {
		t.Errorf("replay --rules %s differs from %s:\n--- got\n%s--- want\n%s", variant, golden, got, want)
	}
}

var importLine = regexp.MustCompile(`(?m)^\s*(extends|rules)\s+"([^"]+)"`)

// importOf is the file a rule file extends or an encounter plays under,
// as a clean path from here; "" when it names none.
func importOf(t *testing.T, path, keyword string) string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range importLine.FindAllStringSubmatch(string(src), -1) {
		if m[1] == keyword {
			return filepath.Clean(filepath.Join(filepath.Dir(path), filepath.FromSlash(m[2])))
		}
	}
	return ""
}

// TestReadmeReplayExample keeps the README's replay example true: the
// output it shows is the golden replay of the same variant and fight.
func TestReadmeReplayExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(filepath.Join("testdata", "replay", "crucible_no_tie_breaks__crucible_ambush.golden"))
	if err != nil {
		t.Fatal(err)
	}
	block := "$ fray replay --rules rules/variants/crucible_no_tie_breaks.fray fight.jsonl\n" + string(golden) + "```"
	if !strings.Contains(string(readme), block) {
		t.Errorf("the README's replay example is not what replay prints; paste in:\n%s", block)
	}
}
