package docs_test

import (
	"os"
	"strings"
	"testing"

	"github.com/frayrules/fray/stdlib"
)

const (
	readmeFile  = "../README.md"
	stdlibBegin = "<!-- stdlib:begin (generated from stdlib.Funcs: go test ./docs -update) -->\n"
	stdlibEnd   = "<!-- stdlib:end -->\n"
)

// stdlibTable renders the README's table of expression functions from the
// one table that also drives expr-lang and the checker.
func stdlibTable() string {
	var b strings.Builder
	b.WriteString("| Function | |\n|---|---|\n")
	for _, f := range stdlib.Funcs {
		if strings.HasPrefix(f.Name, "__") {
			continue // internal: what dice notation is rewritten into
		}
		b.WriteString("| `" + f.Signature() + "` | " + strings.ReplaceAll(f.Doc, "|", `\|`) + " |\n")
	}
	return b.String()
}

// TestReadmeListsTheStandardLibrary keeps the README's function table equal
// to stdlib.Funcs, so a new function cannot go undocumented.
func TestReadmeListsTheStandardLibrary(t *testing.T) {
	data, err := os.ReadFile(readmeFile)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i, j := strings.Index(s, stdlibBegin), strings.Index(s, stdlibEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no %q ... %q markers", readmeFile, stdlibBegin, stdlibEnd)
	}
	got, want := s[i+len(stdlibBegin):j], stdlibTable()
	if got == want {
		return
	}
	if *update {
		if err := os.WriteFile(readmeFile, []byte(s[:i+len(stdlibBegin)]+want+s[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the README's function table is stale (go test ./docs -update rewrites it)\n--- README ---\n%s--- stdlib.Funcs ---\n%s", got, want)
}
