package cli

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The JSON documents of every command are checked against the schemas
// published in docs/schema: the real output of the commands (TestOutputSchemas),
// the goldens of testdata/json (which docs/outputs.md quotes), and, in the
// scripts, any output a script names with `schema NAME FILE`.

var updateJSON = flag.Bool("update", false, "rewrite the JSON goldens of testdata/json")

// schemaBase is the $id prefix of the schemas; they refer to each other
// (test.json to lint.json) by relative references.
const schemaBase = "https://github.com/frayrules/fray/docs/schema/"

var (
	schemasOnce sync.Once
	schemas     map[string]*jsonschema.Schema
	schemasErr  error
)

// loadSchemas compiles every schema of docs/schema, offline: each file
// is registered under its $id, so no reference is fetched.
func loadSchemas() (map[string]*jsonschema.Schema, error) {
	schemasOnce.Do(func() {
		dir := filepath.Join("..", "..", "..", "docs", "schema")
		files, err := filepath.Glob(filepath.Join(dir, "*.json"))
		if err != nil || len(files) == 0 {
			schemasErr = fmt.Errorf("no schemas in %s: %v", dir, err)
			return
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				schemasErr = err
				return
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
			if err != nil {
				schemasErr = fmt.Errorf("%s: %v", f, err)
				return
			}
			id, _ := doc.(map[string]any)["$id"].(string)
			if id != schemaBase+filepath.Base(f) {
				schemasErr = fmt.Errorf("%s: $id is %q, want %q", f, id, schemaBase+filepath.Base(f))
				return
			}
			if err := c.AddResource(id, doc); err != nil {
				schemasErr = err
				return
			}
		}
		schemas = map[string]*jsonschema.Schema{}
		for _, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), ".json")
			s, err := c.Compile(schemaBase + filepath.Base(f))
			if err != nil {
				schemasErr = err
				return
			}
			schemas[name] = s
		}
	})
	return schemas, schemasErr
}

// validate checks text against the schema: one JSON document, or with
// lines set, one document per line (a JSON log).
func validate(name, text string, lines bool) error {
	all, err := loadSchemas()
	if err != nil {
		return err
	}
	s := all[name]
	if s == nil {
		return fmt.Errorf("no schema %s in docs/schema", name)
	}
	docs := []string{text}
	if lines {
		docs = strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	}
	for i, d := range docs {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(d))
		if err != nil {
			return fmt.Errorf("document %d is not JSON: %v", i+1, err)
		}
		if err := s.Validate(v); err != nil {
			return fmt.Errorf("document %d does not follow docs/schema/%s.json: %v\n%s", i+1, name, err, d)
		}
	}
	return nil
}

// schemaCase is a command whose JSON output is checked.
type schemaCase struct {
	name   string   // the golden's name in testdata/json ("" for none)
	schema string   // the schema's name in docs/schema
	lines  bool     // JSON lines, one document per line
	code   int      // the exit status expected
	args   []string // fray's arguments, from the repository root
}

var schemaCases = []schemaCase{
	{"lint_clean", "lint", false, 0, []string{"lint", "--format", "json", "rules/crucible_of_souls.fray"}},
	{"lint_findings", "lint", false, 1, []string{"lint", "--format", "json", "testdata/bad/checks.fray", "testdata/bad/act_not_combatant.fray"}},
	{"run_tour", "run-event", true, 0, []string{"run", "--format", "json", "testdata/features/tour.fray"}},
	{"run_halvaine", "run-event", true, 0, []string{"run", "--format", "json", "--seed", "8", "testdata/encounters/halvaine_and_the_orcs.fray"}},
	{"", "run-event", true, 0, []string{"run", "--format", "json", "testdata/encounters/goblins_at_the_ford.fray"}},
	{"", "run-event", true, 0, []string{"run", "--format", "json", "testdata/encounters/ambush_at_the_ford.fray"}},
	{"", "run-event", true, 0, []string{"run", "--format", "json", "testdata/worked/w10b_halvaine_spell_spoiled.fray"}},
	{"", "run-event", true, 0, []string{"run", "--format", "json", "testdata/features/counts_fight.fray"}},                           // timed loop: moment events
	{"run_action_economy", "run-event", true, 0, []string{"run", "--format", "json", "testdata/features/action_economy_fight.fray"}}, // several declarations, held, choices
	// Floating-point sums of many fights: checked against the schema,
	// with no golden (the last digit may differ between platforms).
	{"", "sim", false, 0, []string{"sim", "--format", "json", "-n", "200", "--workers", "1", "testdata/encounters/halvaine_and_the_orcs.fray"}},
	{"", "sim", false, 0, []string{"sim", "--format", "json", "-n", "200", "--workers", "1", "testdata/encounters/crucible_ambush.fray", "--compare", "rules/variants/crucible_no_tie_breaks.fray"}},
	{"prob_expression", "prob", false, 0, []string{"prob", "--format", "json", "2d6-d4"}},
	{"prob_notation", "prob", false, 0, []string{"prob", "--format", "json", "4d6kh3"}},
	{"prob_successes", "prob", false, 0, []string{"prob", "--format", "json", "5d6>=5"}},
	{"prob_condition", "prob", false, 0, []string{"prob", "--format", "json", "d20 + 2 >= 15"}},
	{"", "prob", false, 0, []string{"prob", "--format", "json", "d6!"}},
	{"prob_table", "prob", false, 0, []string{"prob", "--format", "json", "--rules", "testdata/features/features.fray", "--table", "reaction"}},
	{"prob_event", "prob", false, 0, []string{"prob", "--format", "json", "--encounter", "testdata/encounters/halvaine_and_the_orcs.fray", "--after", "surprise", "--event", `any(sides, .name == "party" && .surprised > 0)`}},
	{"", "test", false, 0, []string{"test", "--format", "json", "--coverage", "--threshold", "50", "testdata/tests/features_test.fray"}},
	{"test_w10", "test", false, 0, []string{"test", "--format", "json", "--run", "W10", "testdata/tests/ten_segment_test.fray"}},
	{"prob_sample", "prob", false, 0, []string{"prob", "--format", "json", "--encounter", "testdata/prob/checks_encounter.fray", "--event", "all(sides, .check >= 10)", "--sample", "200", "--seed", "3"}},
}

// TestOutputSchemas runs each command, checks its exit status and its
// output against the schema and, where it has one, against its golden.
func TestOutputSchemas(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	for _, c := range schemaCases {
		t.Run(strings.Join(c.args[:min(len(c.args), 4)], " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"--root", root}, c.args...)
			for i, a := range args {
				if strings.HasPrefix(a, "testdata/") || strings.HasPrefix(a, "rules/") {
					args[i] = filepath.Join(root, a)
				}
			}
			if code := run(args, &stdout, &stderr); code != c.code {
				t.Fatalf("fray %s: exit %d, want %d\n%s", strings.Join(c.args, " "), code, c.code, stderr.String())
			}
			// Paths in the output as a reader of the docs would give them.
			out := strings.ReplaceAll(stdout.String(), filepath.ToSlash(root)+"/", "")
			if err := validate(c.schema, out, c.lines); err != nil {
				t.Fatal(err)
			}
			if c.name == "" {
				return
			}
			ext := ".json"
			if c.lines {
				ext = ".jsonl"
			}
			golden := filepath.Join("testdata", "json", c.name+ext)
			if *updateJSON {
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (make it with go test ./cmd/internal/cli -run TestOutputSchemas -update)", err)
			}
			if string(want) != out {
				t.Errorf("fray %s differs from %s (go test ./cmd/internal/cli -run TestOutputSchemas -update rewrites it; read the diff)", strings.Join(c.args, " "), golden)
			}
		})
	}
}

// TestGoldensFollowSchemas checks every golden of testdata/json, those
// no command makes yet (test_example.json, the agreed shape of fray test)
// included: the file name's prefix names the schema.
func TestGoldensFollowSchemas(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "json", "*.json*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no goldens in testdata/json: %v", err)
	}
	prefixes := map[string]string{"lint": "lint", "run": "run-event", "sim": "sim", "prob": "prob", "test": "test"}
	for _, f := range files {
		base := filepath.Base(f)
		name := prefixes[strings.SplitN(base, "_", 2)[0]]
		if name == "" {
			t.Errorf("%s: the name starts with none of lint_, run_, sim_, prob_, test_", f)
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := validate(name, string(data), strings.HasSuffix(base, ".jsonl")); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestSchemasRejectDrift makes sure the schemas are strict enough to
// catch what the issue complained of: names as keys, mixed key styles,
// percentages as strings, a missing schema_version.
func TestSchemasRejectDrift(t *testing.T) {
	bad := []struct{ schema, doc string }{
		{"lint", `{"diagnostics": []}`},
		{"lint", `{"schema_version": 1, "diagnostics": [{"severity": "fatal", "code": "F001", "summary": "x", "subject": {"filename": "a", "start": {"line": 1, "column": 1, "byte": 0}, "end": {"line": 1, "column": 2, "byte": 1}}}]}`},
		{"run-event", `{"seq": 1, "kind": "start", "round": 0, "text": "start"}`},
		{"run-event", `{"schema_version": 1, "seq": 2, "kind": "roll", "round": 1, "why": "init", "text": "x rolls"}`},
		{"run-event", `{"schema_version": 1, "seq": 2, "kind": "log", "round": 1, "text": "x", "Who": "y"}`},
		{"sim", `{"schema_version": 1, "encounter": "e", "seed": 1, "interrupted": false, "result": {"ruleset": "r", "fights": 1, "partial": false, "failed": 0,
			"wins": {"party": {"Estimate": 1, "Low": 0.2, "High": 1}}, "no_side_stands": {"estimate": 0, "low": 0, "high": 0.8}, "round_limit": {"estimate": 0, "low": 0, "high": 0.8},
			"no_winner": {"estimate": 0, "low": 0, "high": 0.8}, "rounds": {"mean": {"estimate": 3, "low": 3, "high": 3}, "median": 3, "sd": 0, "min": 3, "max": 3, "histogram": []},
			"survivors": [], "deaths": [], "events": []}}`},
		{"sim", `{"schema_version": 1, "encounter": "e", "seed": 1, "interrupted": false, "result": {"ruleset": "r", "fights": 1, "partial": false, "failed": 0,
			"wins": [], "no_side_stands": {"estimate": 0, "low": 0, "high": 0.8}, "round_limit": {"estimate": 0, "low": 0, "high": 0.8},
			"no_winner": {"estimate": 0, "low": 0, "high": 0.8}, "rounds": {"mean": {"estimate": 3, "low": 3, "high": 3}, "median": 3, "sd": 0, "min": 3, "max": 3, "histogram": []},
			"survivors": [], "deaths": [], "events": {"hit · brom": {"share": {"estimate": 1, "low": 0.2, "high": 1}, "per_fight": 1}}}}`},
		{"prob", `{"schema_version": 1, "kind": "condition", "expression": "d20 >= 15", "p": "3/10", "percent": "30.00%"}`},
		{"prob", `{"schema_version": 1, "kind": "event", "event": "true", "exact": true, "p": "1", "percent": 100}`},
		{"prob", `{"schema_version": 1, "kind": "expression", "expression": "d6", "min": 1, "max": 6, "mean": "7/2", "mean_exact": "7/2", "sd": 1.7, "values": []}`},
		{"test", `{"schema_version": 1, "tests": [{"name": "t", "kind": "test", "outcome": "fail", "subject": {"filename": "a", "start": {"line": 1, "column": 1, "byte": 0}, "end": {"line": 1, "column": 2, "byte": 1}}}], "summary": {"passed": 0, "failed": 1, "errors": 0, "skipped": 0}}`},
	}
	for _, b := range bad {
		if err := validate(b.schema, b.doc, false); err == nil {
			t.Errorf("docs/schema/%s.json accepts a document it must refuse:\n%s", b.schema, b.doc)
		}
	}
}

// cmdSchema is the script command `schema NAME FILE`: FILE (or stdout)
// must follow docs/schema/NAME.json; a run-event schema checks each line.
func cmdSchema(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: schema NAME FILE")
	}
	if err := validate(args[0], ts.ReadFile(args[1]), args[0] == "run-event"); err != nil {
		ts.Fatalf("%v", err)
	}
}
