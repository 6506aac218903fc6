package play

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

const root = "../../.."

func shipped(t testing.TB) Files {
	t.Helper()
	files, err := ReadFiles(root, Shipped)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("only %d shipped files under %s", len(files), root)
	}
	return files
}

// with is the file set with some files replaced or added.
func with(files Files, changes map[string]string) Files {
	out := Files{}
	for k, v := range files {
		out[k] = v
	}
	for k, v := range changes {
		out[k] = v
	}
	return out
}

func do(r *Request) *Response { return Do(context.Background(), r, nil) }

// TestExamplesComeFromTheHeaders: every encounter under its ruleset,
// then under each variant that extends it, with ids unique.
func TestExamplesComeFromTheHeaders(t *testing.T) {
	files := shipped(t)
	ex := Examples(files)
	encounters, variants := 0, 0
	ids := map[string]bool{}
	for _, e := range ex {
		if ids[e.ID] {
			t.Errorf("id %q twice", e.ID)
		}
		ids[e.ID] = true
		if e.Variant {
			variants++
			if !strings.Contains(files[e.Rules], "extends") || e.Base == "" {
				t.Errorf("%s: variant %s without a base", e.ID, e.Rules)
			}
		} else {
			encounters++
			if !strings.Contains(files[e.Encounter], filepath.Base(e.Rules)) {
				t.Errorf("%s: the encounter does not name %s", e.ID, e.Rules)
			}
		}
	}
	// One example encounter per ruleset of rules/, and each variant of
	// rules/variants/ under its base's encounter.
	rulesets, variantFiles := 0, 0
	for name := range files {
		switch {
		case strings.HasPrefix(name, "rules/variants/") && strings.HasSuffix(name, ".fray"):
			variantFiles++
		case strings.HasPrefix(name, "rules/") && strings.Count(name, "/") == 1 && strings.HasSuffix(name, ".fray"):
			rulesets++
		}
	}
	if rulesets != 5 || encounters != rulesets || variants != variantFiles {
		t.Errorf("%d encounters and %d variants offered, want %d (rulesets, of which there are five) and %d (the variant files): %+v", encounters, variants, rulesets, variantFiles, ex)
	}
}

// TestRunAsOnDisk: every example played from the file set gives the log
// fray run gives from the files on disk.
func TestRunAsOnDisk(t *testing.T) {
	files := shipped(t)
	opts := check.Options{Root: root}
	for _, ex := range Examples(files) {
		t.Run(ex.ID, func(t *testing.T) {
			rules := ""
			if ex.Variant {
				rules = ex.Rules
			}
			got := do(&Request{Cmd: "run", Files: files, Path: ex.Encounter, Rules: rules})
			if got.Error != "" {
				t.Fatalf("error %q, diagnostics %v", got.Error, got.Diagnostics)
			}
			for _, d := range got.Diagnostics {
				if d.Severity != diag.Note {
					t.Errorf("%s", d.Text)
				}
			}
			diskRules := ""
			if rules != "" {
				diskRules = filepath.Join(root, rules)
			}
			enc, diags := opts.LoadEncounter(filepath.Join(root, ex.Encounter), diskRules, diag.Sources{})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			opt := interp.Options{Seed: 1}
			if enc.HasSeed {
				opt.Seed = enc.Seed
			}
			opt.Dice = enc.Dice
			var want bytes.Buffer
			tl := interp.NewTextLog(&want)
			opt.Sink = tl.Write
			if _, err := interp.New(interp.Lower(enc.Rules), enc, opt).Play(); err != nil {
				t.Fatal(err)
			}
			if got.Log != want.String() {
				t.Errorf("the log from memory differs from the log from disk:\n%.500s\n---\n%.500s", got.Log, want.String())
			}
		})
	}
}

// TestSimAsOnDisk: a sim from the file set counts what interp.Simulate
// counts from disk, and a comparison lines the two up.
func TestSimAsOnDisk(t *testing.T) {
	files := shipped(t)
	var ex Example
	for _, e := range Examples(files) {
		if e.Variant {
			ex = e
			break
		}
	}
	seed := uint64(7)
	got := do(&Request{Cmd: "sim", Files: files, Path: ex.Encounter, N: 200, Seed: &seed, Compare: ex.Rules})
	if got.Error != "" || got.Sim == nil || got.Compare == nil {
		t.Fatalf("sim: %q", got.Error)
	}
	enc, diags := check.Options{Root: root}.LoadEncounter(filepath.Join(root, ex.Encounter), "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := interp.Simulate(context.Background(), interp.Lower(enc.Rules), enc, interp.SimOptions{N: 200, Seed: seed, Workers: 1})
	if got.Sim.Fights != 200 || got.Sim.Partial || got.Compare.Fights != 200 {
		t.Errorf("fights %d, partial %v, compared %d", got.Sim.Fights, got.Sim.Partial, got.Compare.Fights)
	}
	for i, s := range want.Sides {
		if o := got.Sim.Outcomes[i]; o.Label != "won by "+s || o.Count != want.Wins[s] {
			t.Errorf("outcome %d: %+v, want %d won by %s", i, o, want.Wins[s], s)
		}
	}
	if len(got.Differences) == 0 || got.Differences[len(got.Differences)-1].What != "mean rounds" {
		t.Errorf("differences: %+v", got.Differences)
	}
	total := 0
	for _, h := range got.Sim.Rounds.Histogram {
		total += h[1]
	}
	if total != 200-got.Sim.Failed {
		t.Errorf("the rounds histogram counts %d fights", total)
	}
}

// TestSimCompareIgnoresTheScript: the fights are unscripted, so a script
// written for the variant (an action the base lacks) does not stop a
// comparison with the base, as in fray sim; a run still refuses it.
func TestSimCompareIgnoresTheScript(t *testing.T) {
	files := Files{
		"base.fray": "ruleset \"Base\" {\n  source \"a test\"\n  default strike\n}\n\ncombatant {\n  hp: int = 2\n}\n\n" +
			"action strike {\n  let foe = pick(living(enemies(self)))\n  if foe != nil && d6 >= 4 {\n    foe.hp -= 1\n    if foe.hp <= 0 {\n      foe.alive = false\n    }\n  }\n}\n\n" +
			"phase fight each round {\n  declare\n  for c in living(combatants) {\n    act c\n  }\n}\n\nend when len(standing(sides)) <= 1\n",
		"variant.fray": "ruleset \"Variant\" {\n  extends \"base.fray\"\n}\n\naction feint {\n  log \"{self.name} feints\"\n}\n",
		"enc.fray":     "encounter \"Duel\" {\n  rules \"variant.fray\"\n  seed 1\n}\n\nside a {\n  combatant ann\n}\n\nside b {\n  combatant bob\n}\n\nround 1 {\n  ann: feint\n}\n",
	}
	seed := uint64(1)
	got := do(&Request{Cmd: "sim", Files: files, Path: "enc.fray", N: 20, Seed: &seed, Compare: "base.fray"})
	if got.Error != "" || got.Sim == nil || got.Compare == nil || got.Compare.Fights != 20 {
		t.Fatalf("sim --compare base: %q %+v", got.Error, got.Diagnostics)
	}
	run := do(&Request{Cmd: "run", Files: files, Path: "enc.fray", Rules: "base.fray"})
	if run.Error == "" || len(run.Diagnostics) == 0 || !strings.Contains(run.Diagnostics[0].Summary, "unknown action feint") {
		t.Errorf("run under the base: %q %+v", run.Error, run.Diagnostics)
	}
}

// TestSimStops: a cancelled sim answers what it played, marked partial.
func TestSimStops(t *testing.T) {
	files := shipped(t)
	ex := Examples(files)[0]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got := Do(ctx, &Request{Cmd: "sim", Files: files, Path: ex.Encounter, N: 1000}, nil)
	if got.Sim == nil || !got.Sim.Partial || got.Sim.Fights != 0 {
		t.Fatalf("%+v", got.Sim)
	}
}

// TestDiagnostics: the file set's problems, each with its code, place
// and words, as fray lint reports them on disk.
func TestDiagnostics(t *testing.T) {
	files := shipped(t)
	ex := Examples(files)[0]
	var variant Example
	for _, e := range Examples(files) {
		if e.Variant {
			variant = e
			break
		}
	}
	rulesLine := func(enc, to string) string {
		return strings.Replace(files[enc], `rules "`, `rules "`+to+`" # `, 1)
	}
	extendsTo := func(v, to string) string {
		return strings.Replace(files[v], `extends "`, `extends "`+to+`" # `, 1)
	}
	lines := strings.Count(files[ex.Rules], "\n")
	// chain is ch1.fray ... ch65.fray, each extending the one before: one
	// more than --max-extends allows from ch65.fray.
	chain := map[string]string{}
	for i := 1; i <= check.DefaultLimits().Extends+1; i++ {
		chain[fmt.Sprintf("rules/ch%d.fray", i)] = fmt.Sprintf("ruleset \"C%d\" {\n  extends \"ch%d.fray\"\n}\n", i, i-1)
	}
	cases := []struct {
		name    string
		changes map[string]string
		lint    []string
		code    string
		at      string // file:line:col of the first diagnostic
		words   string
	}{
		{"an unknown name", map[string]string{ex.Rules: files[ex.Rules] + "fn broken(): int = nosuch + 1\n"},
			[]string{ex.Encounter, ex.Rules}, "F101", ex.Rules + ":" + itoa(lines+1) + ":20", "unknown name nosuch"},
		{"a syntax error", map[string]string{ex.Encounter: "oops\n" + files[ex.Encounter]},
			[]string{ex.Encounter}, "F001", ex.Encounter + ":1:1", ""},
		{"a missing ruleset", map[string]string{ex.Encounter: rulesLine(ex.Encounter, "nowhere.fray")},
			[]string{ex.Encounter}, "F002", ex.Encounter, "cannot read the encounter's ruleset testdata/encounters/nowhere.fray"},
		{"an absolute import", map[string]string{ex.Encounter: rulesLine(ex.Encounter, "/etc/passwd")},
			[]string{ex.Encounter}, "F502", ex.Encounter, "is an absolute path"},
		{"an import out of the root", map[string]string{ex.Encounter: rulesLine(ex.Encounter, "../../../x.fray")},
			[]string{ex.Encounter}, "F502", ex.Encounter, "leads outside the root folder"},
		{"a missing base", map[string]string{variant.Rules: extendsTo(variant.Rules, "gone.fray")},
			[]string{variant.Rules}, "F002", variant.Rules, "cannot read the base ruleset rules/variants/gone.fray"},
		{"a cycle", map[string]string{variant.Rules: extendsTo(variant.Rules, filepath.Base(variant.Rules))},
			[]string{variant.Rules}, "F404", variant.Rules, "import cycle"},
		{"a cycle of two files, each placed in itself", map[string]string{
			"rules/cyc_a.fray": "ruleset \"A\" {\n  extends \"cyc_b.fray\"\n}\n",
			"rules/cyc_b.fray": "ruleset \"B\" {\n  extends \"cyc_a.fray\"\n}\n"},
			[]string{"rules/cyc_a.fray"}, "F404", "rules/cyc_a.fray:2:", "import cycle"},
		{"a chain of extends over the limit", chain,
			[]string{"rules/ch65.fray"}, "F501", "rules/ch65.fray:2:11", "--max-extends"},
		{"a file over the size limit", map[string]string{ex.Rules: files[ex.Rules] + strings.Repeat("#", 4<<20)},
			[]string{ex.Rules}, "F501", ex.Rules + ":1:1", "--max-file-size"},
		{"a file not in the set", nil, []string{"nope.fray"}, "F002", "nope.fray:1:1", "no such file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := do(&Request{Cmd: "lint", Files: with(files, c.changes), Lint: c.lint})
			var d *Diagnostic
			for i := range got.Diagnostics {
				if got.Diagnostics[i].Code == c.code && d == nil {
					d = &got.Diagnostics[i]
				}
			}
			if d == nil {
				t.Fatalf("no %s among %+v", c.code, got.Diagnostics)
			}
			at := d.Subject.Filename + ":" + itoa(d.Subject.Start.Line) + ":" + itoa(d.Subject.Start.Column)
			if d.Code != c.code || !strings.HasPrefix(at, c.at) || !strings.Contains(d.Text, c.words) || d.Severity != diag.Error {
				t.Errorf("got %s %s at %s:\n%s\nwant %s at %s, saying %q", d.Severity, d.Code, at, d.Text, c.code, c.at, c.words)
			}
			if !strings.Contains(d.Text, at+":") {
				t.Errorf("the text does not start with its place %s:\n%s", at, d.Text)
			}
		})
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestLintOnce: a problem of a ruleset, found when linting it and its
// encounter, is reported once; the shipped files have none.
func TestLintOnce(t *testing.T) {
	files := shipped(t)
	for _, ex := range Examples(files) {
		for _, d := range do(&Request{Cmd: "lint", Files: files, Lint: []string{ex.Encounter, ex.Rules}}).Diagnostics {
			if d.Severity != diag.Note {
				t.Errorf("%s: %s", ex.ID, d.Text)
			}
		}
	}
	ex := Examples(files)[0]
	broken := with(files, map[string]string{ex.Rules: files[ex.Rules] + "fn broken(): int = nosuch + 1\n"})
	got := do(&Request{Cmd: "lint", Files: broken, Lint: []string{ex.Encounter, ex.Rules}})
	codes := []string{}
	for _, d := range got.Diagnostics {
		codes = append(codes, d.Code)
	}
	if strings.Join(codes, ",") != "F401,F101" {
		t.Errorf("codes %v, want the unused fn and the unknown name once each", codes)
	}
}

// TestRunLimits: a run over --max-steps stops with the flag named and
// the place in the rule file; options out of range are refused.
func TestRunLimits(t *testing.T) {
	files := shipped(t)
	ex := Examples(files)[0]
	got := do(&Request{Cmd: "run", Files: files, Path: ex.Encounter, MaxSteps: 50})
	if !strings.Contains(got.Error, "--max-steps") || got.ErrorAt == nil || got.ErrorAt.Filename != ex.Rules || got.Log == "" {
		t.Errorf("error %q at %+v, log %d bytes: want --max-steps named, at a place of %s, with the log so far", got.Error, got.ErrorAt, len(got.Log), ex.Rules)
	}
	for _, r := range []Request{
		{Cmd: "sim", N: maxFights + 1},
		{Cmd: "run", MaxSteps: -1},
		{Cmd: "run", MaxLog: -5},
	} {
		got := do(&r)
		if got.Error == "" || !strings.Contains(got.Error, "-") {
			t.Errorf("%+v: accepted", r)
		}
	}
	if got := do(&Request{Cmd: "run", Files: files, Path: ex.Encounter, Dice: "1,1"}); !strings.Contains(got.Error, "the fixed dice ran out") || got.ErrorAt == nil {
		t.Errorf("--dice 1,1: %q", got.Error)
	}
	if got := do(&Request{Cmd: "run", Files: files, Path: ex.Encounter, Dice: "1,x"}); got.Error != `--dice: "x" is not a die result (a whole number of 1 or more)` {
		t.Errorf("--dice 1,x: %q", got.Error)
	}
	if got := do(&Request{Cmd: "run", Files: files, Path: ex.Rules}); len(got.Diagnostics) == 0 || got.Diagnostics[0].Code != "F305" {
		t.Errorf("running a rule file: %+v", got)
	}
}

// TestProb: the exact odds of an expression and of a table's rows.
func TestProb(t *testing.T) {
	got := do(&Request{Cmd: "prob", Expr: "3d6"})
	if got.Prob == nil || len(got.Prob.Rows) != 16 || got.Prob.Rows[7].Label != "10" || got.Prob.Rows[7].P != "1/8" || got.Prob.Mean != 10.5 {
		t.Fatalf("3d6: %+v", got.Prob)
	}
	for expr, words := range map[string]string{"3d": "column", "2d6 +": "column", "1000d1000": "--max-"} {
		if got := do(&Request{Cmd: "prob", Expr: expr}); got.Prob != nil || !strings.Contains(got.Error, words) {
			t.Errorf("%q: %q, want an error with %q", expr, got.Error, words)
		}
	}
	files := shipped(t)
	tables := 0
	for _, ex := range Examples(files) {
		info := do(&Request{Cmd: "info", Files: files, Path: ex.Rules}).Info
		if info == nil || info.Kind != "ruleset" {
			t.Fatalf("%s: %+v", ex.Rules, info)
		}
		for _, name := range info.Tables {
			got := do(&Request{Cmd: "table", Files: files, Path: ex.Rules, Table: name})
			if strings.Contains(got.Error, "left to be announced") {
				continue
			}
			if got.Prob == nil {
				t.Fatalf("%s %s: %s", ex.Rules, name, got.Error)
			}
			sum := new(big.Rat)
			for _, r := range got.Prob.Rows {
				p, ok := new(big.Rat).SetString(r.P)
				if !ok {
					t.Fatalf("%q is not a fraction", r.P)
				}
				sum.Add(sum, p)
			}
			if sum.Cmp(big.NewRat(1, 1)) != 0 {
				t.Errorf("%s %s: the rows' odds sum to %s", ex.Rules, name, sum)
			}
			tables++
		}
	}
	if tables == 0 {
		t.Error("no dice-fed table in the shipped rulesets")
	}
	if got := do(&Request{Cmd: "table", Files: files, Path: Examples(files)[0].Rules, Table: "nosuch"}); !strings.Contains(got.Error, "has no table nosuch") {
		t.Errorf("an unknown table: %q", got.Error)
	}
}

// TestEvent: the chance of a condition after the set-up, exact or
// sampled, as fray prob --encounter --event gives it.
func TestEvent(t *testing.T) {
	files := shipped(t)
	enc := "testdata/encounters/halvaine_and_the_orcs.fray"
	cond := `any(sides, .name == "party" && .surprised > 0)`
	got := do(&Request{Cmd: "event", Files: files, Path: enc, Event: cond, After: "surprise"})
	if got.Prob == nil || got.Prob.Rows[0].P != "1/3" || !strings.Contains(got.Prob.Title, "over 36 sequences of dice") {
		t.Fatalf("%+v %s", got.Prob, got.Error)
	}
	got = do(&Request{Cmd: "event", Files: files, Path: enc, Event: cond, After: "surprise", Sample: 3000})
	if got.Prob == nil || !strings.Contains(got.Prob.Title, "not exact") || got.Prob.Rows[0].Float < 0.28 || got.Prob.Rows[0].Float > 0.39 {
		t.Fatalf("sampled: %+v %s", got.Prob, got.Error)
	}
	for _, c := range []struct {
		req   Request
		words string
	}{
		{Request{Event: cond, After: "nosuch"}, "--after nosuch: nosuch is no phase of the ruleset; the set-up phases are surprise"},
		{Request{Event: cond, MaxPaths: 2}, "raise --max-paths"},
		{Request{Event: "nosuch > 1"}, "<event>:1:1"},
	} {
		c.req.Cmd, c.req.Files, c.req.Path = "event", files, enc
		if got := do(&c.req); got.Prob != nil || !strings.Contains(got.Error, c.words) {
			t.Errorf("%+v: %q, want %q", c.req.Event, got.Error, c.words)
		}
	}
}

// TestFormat: the shipped files are in fray fmt's layout, so fmt gives
// them back unchanged; a file that does not parse is refused.
func TestFormat(t *testing.T) {
	files := shipped(t)
	for name, text := range files {
		got := do(&Request{Cmd: "fmt", Files: files, Path: name})
		if got.Formatted == nil || *got.Formatted != text {
			t.Errorf("%s: fmt changed it (%s)", name, got.Error)
		}
	}
	bad := Files{"x.fray": "ruleset {"}
	if got := do(&Request{Cmd: "fmt", Files: bad, Path: "x.fray"}); got.Formatted != nil || len(got.Diagnostics) == 0 {
		t.Errorf("a broken file: %+v", got)
	}
}

// TestHandle: requests and answers as JSON; nothing a page sends makes
// the answer anything but JSON.
func TestHandle(t *testing.T) {
	for req, words := range map[string]string{
		`{`:                          "not valid JSON",
		`{"cmd":"dance"}`:            "unknown command",
		`{"cmd":"run"}`:              "no such file",
		`{"cmd":"prob","expr":"d%"}`: "",
	} {
		out := Handle(context.Background(), []byte(req), nil)
		var resp map[string]any
		if err := json.Unmarshal(out, &resp); err != nil {
			t.Fatalf("%s: the answer is not JSON: %s", req, out)
		}
		if _, ok := resp["diagnostics"].([]any); !ok {
			t.Errorf("%s: diagnostics is not a list: %s", req, out)
		}
		if !strings.Contains(string(out), words) {
			t.Errorf("%s: %s, want %q", req, out, words)
		}
	}
}

// FuzzLint: any text as a rule file that extends a small base, or as
// an encounter of it, gets diagnostics, never a panic; the answer is
// JSON.
func FuzzLint(f *testing.F) {
	set, err := ReadFiles(root, []string{"testdata/variants/base.fray", "testdata/variants/variant.fray", "testdata/variants/fn_base.fray", "testdata/variants/fn_variant.fray"})
	if err != nil || len(set) != 4 {
		f.Fatalf("the fuzz's files: %v (%d)", err, len(set))
	}
	for _, text := range set {
		f.Add(text)
	}
	f.Add(`ruleset "x" { extends "fuzz.fray" }`)
	f.Add(`encounter "e" { rules "/abs.fray" }`)
	f.Fuzz(func(t *testing.T, src string) {
		set["testdata/variants/fuzz.fray"] = src
		out := Handle(context.Background(), mustJSON(t, &Request{Cmd: "lint", Files: set, Lint: []string{"testdata/variants/fuzz.fray"}}), nil)
		var resp map[string]any
		if err := json.Unmarshal(out, &resp); err != nil || strings.Contains(string(out), "internal error") {
			t.Fatalf("%v: %s", err, out)
		}
	})
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestEventStopped: the page's Stop (ctx) during the chance of an event
// is fray prob's Ctrl-C: a sample gives its estimate of the set-ups
// played, marked partial; an exact walk gives no result, and says so.
// The stop comes from progress, where the wasm build yields to the page.
func TestEventStopped(t *testing.T) {
	files := shipped(t)
	enc := "testdata/encounters/halvaine_and_the_orcs.fray"
	cond := `any(sides, .name == "party" && .surprised > 0)`
	stopAt := func(n int) (context.Context, func(done, total int), *[]int) {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		var totals []int
		return ctx, func(done, total int) {
			totals = append(totals, total)
			if done == n {
				cancel()
			}
		}, &totals
	}
	ctx, progress, totals := stopAt(40)
	got := Do(ctx, &Request{Cmd: "event", Files: files, Path: enc, Event: cond, After: "surprise", Sample: 3000}, progress)
	if got.Prob == nil || !got.Prob.Partial || !strings.Contains(got.Prob.Title, "from 40 sampled set-ups") ||
		!strings.Contains(got.Prob.Title, "(PARTIAL: stopped after 40 of the 3000 set-ups asked for)") || len(*totals) != 40 || (*totals)[0] != 3000 {
		t.Errorf("a stopped sample: %+v %q, progress heard %d times", got.Prob, got.Error, len(*totals))
	}
	if got.Prob != nil && got.Prob.Rows[0].P != ratText(big.NewRat(int64(40*got.Prob.Rows[0].Float+0.5), 40)) {
		t.Errorf("a stopped sample's chance %s is not a share of the 40 set-ups played", got.Prob.Rows[0].P)
	}
	ctx, progress, _ = stopAt(5)
	got = Do(ctx, &Request{Cmd: "event", Files: files, Path: enc, Event: cond, After: "surprise"}, progress)
	if got.Prob != nil || got.Error != "stopped after 5 sequences of dice: an exact probability needs them all, so there is no result (--sample N estimates it)" {
		t.Errorf("a stopped exact walk: %+v %q", got.Prob, got.Error)
	}
	// Not stopped, the same requests answer in full.
	if got := Do(context.Background(), &Request{Cmd: "event", Files: files, Path: enc, Event: cond, After: "surprise", Sample: 300}, func(int, int) {}); got.Prob == nil || got.Prob.Partial {
		t.Errorf("a sample not stopped: %+v %q", got.Prob, got.Error)
	}
}

// TestProbStopped: the page's Stop (ctx) during the odds of a dice
// expression or a table is fray prob's Ctrl-C: no result (a part of the
// convolutions is no distribution), and it says so. The stop comes from
// progress, which hears the work done before each convolution (of no
// known total): there the wasm build yields to the page, so the Stop
// arrives; before, neither looked at ctx, and the worker was ended.
func TestProbStopped(t *testing.T) {
	stopAt := func(n int) (context.Context, func(done, total int), *int) {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		calls := 0
		return ctx, func(done, total int) {
			calls++
			if total != 0 {
				t.Errorf("progress of a distribution heard a total of %d, want 0 (unknown)", total)
			}
			if calls == n {
				cancel()
			}
		}, &calls
	}
	ctx, progress, calls := stopAt(3)
	got := Do(ctx, &Request{Cmd: "prob", Expr: "400d6"}, progress)
	if got.Prob != nil || !strings.HasPrefix(got.Error, "<expression>:1: stopped after ") || !strings.HasSuffix(got.Error, " steps of work: the distribution is not complete, so there is no result") || *calls != 3 {
		t.Errorf("a stopped dice expression: an answer %v, %q, progress heard %d times", got.Prob != nil, got.Error, *calls)
	}
	files := with(shipped(t), map[string]string{"rules/big_table.fray": "ruleset \"big table\" {\n  source \"a test\"\n}\n\ntable big 400d6 {\n  400-1400: \"low\"\n  1401+: \"high\"\n}\n\nphase fight each round {\n}\n\nend when round > 1\n"})
	ctx, progress, calls = stopAt(2)
	got = Do(ctx, &Request{Cmd: "table", Files: files, Path: "rules/big_table.fray", Table: "big"}, progress)
	if got.Prob != nil || !strings.Contains(got.Error, "table big is rolled on 400d6: stopped after ") || *calls != 2 {
		t.Errorf("a stopped table: an answer %v, %q, progress heard %d times", got.Prob != nil, got.Error, *calls)
	}
	// Not stopped, the same requests answer in full.
	if got := Do(context.Background(), &Request{Cmd: "table", Files: files, Path: "rules/big_table.fray", Table: "big"}, func(int, int) {}); got.Prob == nil || len(got.Prob.Rows) != 2 {
		t.Errorf("a table not stopped: %+v %q %v", got.Prob, got.Error, got.Diagnostics)
	}
}
