package interp_test

// The language specification as tests. Each testdata/spec/*.txtar is one
// topic: a rule file (rules.fray), an encounter (encounter.fray, with
// fixed dice or a seed) and what `fray run` must print for them: the text
// log, then, if the run fails, its positioned error; or, for rules that
// must not load, the checker's positioned errors. `go test ./interp -run
// TestSpec -update` rewrites the expectations; read the diff, since an
// expectation is what the language should do, not what it happens to do.
//
// Optional sections:
//
//	-- options --     one "name value" a line: seed, max-rounds, max-steps,
//	                  max-expr-memory, max-string (the flags of fray run)

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/stdlib"
)

const specDir = "../testdata/spec"

func TestSpec(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(specDir, "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no spec archives in %s: %v", specDir, err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runSpec(t, file)
		})
	}
}

// runSpec plays one archive and compares its output with the want section.
func runSpec(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]string{}
	for _, f := range ar.Files {
		if _, dup := sections[f.Name]; dup {
			t.Fatalf("section %s appears twice", f.Name)
		}
		sections[f.Name] = string(f.Data)
	}
	for _, need := range []string{"rules.fray", "encounter.fray"} {
		if _, ok := sections[need]; !ok {
			t.Fatalf("the archive has no %s section", need)
		}
	}
	opt, err := specOptions(sections["options"])
	if err != nil {
		t.Fatalf("options: %v", err)
	}
	got := playSpec(sections["rules.fray"], sections["encounter.fray"], opt, interp.Lower)
	// expr-lang's VM is the evaluator of record: the plan with every
	// expression in the VM plays the same fight, but where the case counts
	// work (the VM counts its own instructions, native forms their visits).
	if _, ok := sections["native-only"]; !ok {
		if vm := playSpec(sections["rules.fray"], sections["encounter.fray"], opt, interp.LowerVM); vm != got {
			t.Errorf("with every expression in expr-lang's VM the output differs (add a native-only section only where the case counts work):\n%s", lineDiff(got, vm))
		}
	}
	// spec_quiet_test.go
	if logged, quiet := specOutcome(sections["rules.fray"], sections["encounter.fray"], opt, false),
		specOutcome(sections["rules.fray"], sections["encounter.fray"], opt, true); logged != quiet {
		t.Errorf("played without a log, the fight ends otherwise:\nlogged:\n%s\nquiet:\n%s", logged, quiet)
	}
	want, ok := sections["want"]
	if *update {
		setSection(ar, "want", got)
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !ok {
		t.Fatalf("the archive has no want section (run go test ./interp -run TestSpec -update)")
	}
	if got != want {
		t.Errorf("output differs from the want section of %s (go test ./interp -run TestSpec -update accepts it; read the diff):\n%s",
			file, lineDiff(want, got))
	}
}

// playSpec does what fray run does with the two files, in memory: check
// the rules and the encounter, lower, play, render the text log. A file
// that does not check gives its errors, each "file:line:col: error: ...".
func playSpec(rulesSrc, encSrc string, opt interp.Options, lower func(*check.Model) *interp.Plan) string {
	var out bytes.Buffer
	rf, diags := syntax.Parse("rules.fray", rulesSrc)
	if rf != nil && !diags.HasErrors() {
		var m *check.Model
		m, diags = check.UnderRoot("..").Check(rf)
		if !diags.HasErrors() {
			ef, ediags := syntax.Parse("encounter.fray", encSrc)
			diags = ediags
			if ef != nil && !diags.HasErrors() {
				var enc *check.Encounter
				enc, diags = check.CheckEncounter(ef, m)
				if !diags.HasErrors() {
					return playChecked(enc, opt, lower)
				}
			}
		}
	}
	for _, d := range diags {
		if d.Severity == diag.Error {
			fmt.Fprintf(&out, "%s [%s]\n", d.Error(), d.Code)
		}
	}
	return out.String()
}

// playChecked plays a checked encounter with the dice fray run would use
// and returns the log, followed by the run's error if it fails.
func playChecked(enc *check.Encounter, opt interp.Options, lower func(*check.Model) *interp.Plan) string {
	opt = withEncounterDice(enc, opt)
	var out bytes.Buffer
	log := interp.NewTextLog(&out)
	opt.Sink = log.Write
	_, err := interp.New(lower(enc.Rules), enc, opt).Play()
	if err == nil {
		err = log.Err()
	}
	if err != nil {
		fmt.Fprintf(&out, "error: %v\n", err)
	}
	return out.String()
}

// specOptions reads the options section: the flags of fray run.
func specOptions(text string) (interp.Options, error) {
	var opt interp.Options
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 2 {
			return opt, fmt.Errorf("%q: want \"name value\"", line)
		}
		n, err := strconv.ParseUint(f[1], 10, 63)
		if err != nil {
			return opt, fmt.Errorf("%q: %v", line, err)
		}
		switch f[0] {
		case "seed":
			opt.Seed = n
		case "max-rounds":
			opt.MaxRounds = int(n)
		case "max-steps":
			opt.MaxSteps = int(n)
		case "max-expr-memory":
			opt.MemoryBudget = uint(n)
		case "max-string":
			opt.MaxString = int(n)
		default:
			return opt, fmt.Errorf("unknown option %q", f[0])
		}
	}
	return opt, nil
}

func setSection(ar *txtar.Archive, name, data string) {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			ar.Files[i].Data = []byte(data)
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(data)})
}

// lineDiff shows the first differing line with some context: enough to
// see what changed without a diff tool.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	from := max(0, i-3)
	var b strings.Builder
	fmt.Fprintf(&b, "first difference at line %d\n--- want ---\n", i+1)
	for _, l := range w[from:min(len(w), i+4)] {
		b.WriteString("  " + l + "\n")
	}
	b.WriteString("--- got ---\n")
	for _, l := range g[from:min(len(g), i+4)] {
		b.WriteString("  " + l + "\n")
	}
	return b.String()
}

// Every function of the standard library has a spec case: a function is
// covered when some archive's rules call it. Dice notation (d6, 2d6) is
// how the internal dice function is called.
func TestSpecCoversEveryBuiltin(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(specDir, "*.txtar"))
	var rules strings.Builder
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name == "rules.fray" {
				rules.WriteString(dropCommentLines(string(f.Data)))
			}
		}
	}
	text := rules.String()
	var missing []string
	for _, f := range stdlib.Funcs {
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(f.Name) + `\(`)
		switch f.Name {
		case stdlib.DiceFunc:
			re = regexp.MustCompile(`\b[0-9]*d([0-9]+|%)`)
		case stdlib.StrFunc:
			re = regexp.MustCompile(`'[^']*' \+ |\+ '[^']*'`)
		case stdlib.DivFunc:
			re = regexp.MustCompile(`[a-z0-9_)] / [a-z0-9_(]`)
		case stdlib.IntFunc:
			re = regexp.MustCompile(`\bint\(`) // int(x) of a float
		case stdlib.ScanFunc:
			re = regexp.MustCompile(`[a-z] contains [a-z]|\bupper\(`) // a string read whole
		case stdlib.PiecesFunc:
			re = regexp.MustCompile(`\bsplit\(`)
		case stdlib.EqualFunc:
			re = regexp.MustCompile(`[a-z] [!=]= [a-z]`) // lists compared (op_list_equal)
		case stdlib.ListInFunc:
			re = regexp.MustCompile(`\bb in nested\b`)
		case stdlib.MatchFunc:
			re = regexp.MustCompile(` matches `)
		case stdlib.SameFunc:
			re = regexp.MustCompile(`# [!=]= #`) // elements of a list typed any (op_same_entity)
		case stdlib.PairsFunc:
			re = regexp.MustCompile(`\buniq\(`)
		case stdlib.RangeFunc:
			re = regexp.MustCompile(`[a-z] - 1\.\.[a-z]`) // a range of bounds not literals (range_at_int_limits)
		case stdlib.AddFunc: // whole-number overflow (error_overflow_add)
			re = regexp.MustCompile(`[a-z] \+ [a-z]`)
		case stdlib.AddTextFunc: // text typed any (op_any_text_counted)
			re = regexp.MustCompile(`#acc \+ #acc`)
		case stdlib.DivAnyFunc: // a / b typed any (error_div_any_by_zero)
			re = regexp.MustCompile(`#acc / [0-9]`)
		case stdlib.SubFunc:
			re = regexp.MustCompile(`[a-z] - [a-z]`)
		case stdlib.MulFunc:
			re = regexp.MustCompile(`[a-z] \* [a-z0-9]`)
		case stdlib.NegFunc:
			re = regexp.MustCompile(`[ {(]-[a-z(]`)
		case stdlib.AbsFunc:
			re = regexp.MustCompile(`\babs\(`)
		case stdlib.InFunc:
			re = regexp.MustCompile(`\bin (combatants|sides|living|enemies|allies|members|standing|enemy_sides)\b`)
		}
		if !re.MatchString(text) {
			missing = append(missing, f.Name)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("standard-library functions without a spec case in %s: %s", specDir, strings.Join(missing, ", "))
	}
}

// dropCommentLines drops the lines that are only a comment, so that a
// function named in a comment does not count as covered.
func dropCommentLines(src string) string {
	var b strings.Builder
	for _, l := range strings.Split(src, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// withEncounterDice gives opt the dice fray run would use for enc when it
// names no seed: the encounter's seed (else 1) and its fixed dice.
func withEncounterDice(enc *check.Encounter, opt interp.Options) interp.Options {
	if opt.Seed == 0 {
		opt.Seed = 1
		if enc.HasSeed {
			opt.Seed = enc.Seed
		}
		if enc.Dice != nil {
			opt.Dice = enc.Dice
		}
	}
	return opt
}
