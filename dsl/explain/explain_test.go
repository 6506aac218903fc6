package explain_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/explain"
	"github.com/frayrules/fray/dsl/syntax"
)

var update = flag.Bool("update", false, "rewrite the golden checklists of testdata")

// TestGolden explains every shipped ruleset and variant, as text and as
// Markdown, and holds them to testdata/NAME.txt and NAME.md (go test
// ./dsl/explain -update rewrites them). The list is the directories': a
// new rule file needs no edit here.
func TestGolden(t *testing.T) {
	var paths []string
	for _, dir := range []string{"rules", filepath.Join("rules", "variants")} {
		found, err := filepath.Glob(filepath.Join("..", "..", dir, "*.fray"))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, found...)
	}
	if len(paths) < 2 {
		t.Fatalf("no rule files found: %v", paths)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".fray")
		t.Run(name, func(t *testing.T) {
			doc := load(t, path)
			if len(doc.Setup)+len(doc.Round) == 0 || doc.End == nil {
				t.Fatalf("a ruleset without phases or end: %+v", doc)
			}
			isVariant := strings.Contains(filepath.ToSlash(path), "/variants/")
			if isVariant != (doc.Variant != nil) {
				t.Fatalf("variant %v, but the doc says %+v", isVariant, doc.Variant)
			}
			if isVariant && len(doc.Variant.Changed)+len(doc.Variant.Added)+len(doc.Variant.Removed) == 0 {
				t.Fatal("a variant that changes nothing")
			}
			var text, md bytes.Buffer
			if err := explain.Text(&text, doc); err != nil {
				t.Fatal(err)
			}
			if err := explain.Markdown(&md, doc); err != nil {
				t.Fatal(err)
			}
			// A variant that only adds declarations is marked as adding them.
			if isVariant && !strings.Contains(text.String(), "["+explain.MarkChanged+"]") &&
				!strings.Contains(text.String(), "["+explain.MarkAdded+"]") {
				t.Error("the text does not mark what the variant changed or added")
			}
			if _, err := json.Marshal(doc); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("testdata", name+".txt"), text.String())
			golden(t, filepath.Join("testdata", name+".md"), md.String())
		})
	}
}

func load(t *testing.T, path string) *explain.Doc {
	t.Helper()
	opts := check.UnderRoot(filepath.Join("..", ".."))
	m, diags := opts.LoadRuleset(path, diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var own *syntax.File
	if len(m.File.Sources) > 1 {
		own, _ = opts.ReadFile(path, diag.Sources{})
	}
	return explain.Build(m, own)
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./dsl/explain -update makes it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs; run go test ./dsl/explain -update and read the diff", path)
	}
}

// bothRenderings is the explanation of the rule file at path as text and
// as Markdown, by name: for the tests that hold both to the same property.
func bothRenderings(t *testing.T, path string) map[string]string {
	t.Helper()
	doc := load(t, path)
	var text, md bytes.Buffer
	if err := explain.Text(&text, doc); err != nil {
		t.Fatal(err)
	}
	if err := explain.Markdown(&md, doc); err != nil {
		t.Fatal(err)
	}
	return map[string]string{"text": text.String(), "markdown": md.String()}
}
