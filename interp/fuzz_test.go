package interp_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/interp"
)

// runSeeds pairs every encounter under testdata/ with the rule file it
// names (or the ten-segment ruleset when it names none or one that
// cannot be read).
func runSeeds(tb testing.TB) [][2]string {
	tb.Helper()
	const defaultRules = "../rules/ten_segment_rounds.fray"
	read := func(path string) (string, bool) {
		data, err := os.ReadFile(path)
		return string(data), err == nil
	}
	def, ok := read(defaultRules)
	if !ok {
		tb.Fatalf("cannot read %s", defaultRules)
	}
	var out [][2]string
	err := filepath.WalkDir("../testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "fuzz" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".fray") {
			return nil
		}
		src, _ := read(path)
		f, diags := syntax.Parse(path, src)
		if len(diags) > 0 || !check.IsEncounter(f) {
			return nil
		}
		rules := def
		if _, named, _ := check.EncounterHeader(f); named != "" {
			if r, ok := read(filepath.Join(filepath.Dir(path), filepath.FromSlash(named))); ok {
				rules = r
			}
		}
		out = append(out, [2]string{rules, src})
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	if len(out) == 0 {
		tb.Fatal("no encounters found")
	}
	return out
}

func FuzzRun(f *testing.F) {
	for _, s := range runSeeds(f) {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, rulesSrc, encSrc string) {
		rf, diags := syntax.Parse("rules.fray", rulesSrc)
		if rf == nil || diags.HasErrors() {
			return
		}
		m, diags := check.UnderRoot("..").Check(rf)
		if m == nil || diags.HasErrors() {
			return
		}
		ef, diags := syntax.Parse("encounter.fray", encSrc)
		if ef == nil || diags.HasErrors() {
			return
		}
		enc, diags := check.CheckEncounter(ef, m)
		if enc == nil || diags.HasErrors() {
			return
		}
		run := interp.New(interp.Lower(m), enc, interp.Options{Seed: 1, MaxRounds: 5, MaxSteps: 20000})
		_, _ = run.Play() // errors are fine; panics are not
	})
}
