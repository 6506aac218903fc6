package fraytest_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// projectIDs reads the project's list of mechanic ids.
func projectIDs(t *testing.T) map[string]bool {
	f, err := os.Open(filepath.Join(repo, "testdata", "mechanics", "ids.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ids := map[string]bool{}
	re := regexp.MustCompile(`^(\d{3}-\d{2})\s`)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			ids[m[1]] = true
		}
	}
	return ids
}

// TestEveryCoveredMechanicIsProved fails when a rule file claims an id
// that no fray test proves (proves "000-01" in a test block), or claims
// an id the project does not know, or when an id of the project's list
// (testdata/mechanics/ids.txt) is covered by no rule file. The tests
// themselves run in TestFrayTests.
func TestEveryCoveredMechanicIsProved(t *testing.T) {
	known := projectIDs(t)
	if len(known) != 70 {
		t.Fatalf("ids.txt lists %d ids, want 70", len(known))
	}
	linter := check.UnderRoot(repo).NewLinter()
	proved := map[string]bool{}
	for _, path := range repoTestFiles(t) {
		tf, diags := linter.LoadTests(path, diag.Sources{})
		if diags.HasErrors() || tf == nil {
			t.Fatalf("%s does not check: %v", path, diags)
		}
		for _, tc := range tf.Tests {
			for _, id := range tc.Proves {
				if !known[id] {
					t.Errorf("%s: test %q proves %s, which is not a mechanic id of the project", path, tc.Name, id)
				}
				proved[id] = true
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(repo, "rules", "*.fray"))
	if len(files) == 0 {
		t.Fatal("no rule files found")
	}
	variants, _ := filepath.Glob(filepath.Join(repo, "rules", "variants", "*.fray"))
	covered := map[string]bool{}
	for _, path := range append(files, variants...) {
		m, diags := check.UnderRoot(repo).LoadRuleset(path, diag.Sources{})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", path, diags)
		}
		var missing []string
		for _, id := range m.Covers {
			covered[id] = true
			if !known[id] {
				t.Errorf("%s covers %s, which is not a mechanic id of the project", path, id)
			}
			if !proved[id] {
				missing = append(missing, id)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s covers %v, but no test proves them", path, missing)
		}
	}
	// And the other way round: every mechanic of the project is some rule
	// file's (a variant's counts: 000-05 is an option of its document).
	var uncovered []string
	for id := range known {
		if !covered[id] {
			uncovered = append(uncovered, id)
		}
	}
	sort.Strings(uncovered)
	if len(uncovered) > 0 {
		t.Errorf("no rule file covers %v", uncovered)
	}
}
