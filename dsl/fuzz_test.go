package dsl_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// fraySeeds reads every .fray file under the repository's rules/ and
// testdata/ directories, to seed the fuzzers with real rule files and
// encounters (the broken corpus of testdata/bad included).
func fraySeeds(tb testing.TB) map[string]string {
	tb.Helper()
	out := map[string]string{}
	for _, root := range []string{"../rules", "../testdata"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "fuzz" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".fray") {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			out[filepath.ToSlash(path)] = string(data)
			return nil
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
	if len(out) == 0 {
		tb.Fatal("no seed files found")
	}
	return out
}

// checkDiags asserts what every diagnostic must carry, and that both
// renderings accept it.
func checkDiags(t *testing.T, src string, diags diag.Diagnostics) {
	t.Helper()
	for _, d := range diags {
		s := d.Subject
		if s.Filename == "" || s.Start.Line < 1 || s.Start.Column < 1 || d.Code == "" || d.Summary == "" {
			t.Fatalf("diagnostic without place, code or summary: %+v\nsource:\n%s", d, src)
		}
		if d.Related != nil {
			r := d.Related.Range
			if r.Filename == "" || r.Start.Line < 1 || r.Start.Column < 1 {
				t.Fatalf("related place without position: %+v\nsource:\n%s", d.Related, src)
			}
		}
	}
	var buf bytes.Buffer
	diag.WriteText(&buf, diags, diag.Sources{"fuzz.fray": src})
	if err := diag.WriteJSON(&buf, diags); err != nil {
		t.Fatalf("WriteJSON: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, src := range fraySeeds(f) {
		f.Add(src)
	}
	f.Add("")
	f.Add("phase p each round { let a = 2d6 + d% }")
	f.Fuzz(func(t *testing.T, src string) {
		toks, err := syntax.Tokenize("fuzz.fray", src)
		if err == nil {
			if len(toks) == 0 || toks[len(toks)-1].Type != syntax.TokEOF {
				t.Fatalf("token list does not end with EOF")
			}
			for _, tk := range toks {
				if tk.Pos.Line < 1 || tk.Pos.Column < 1 || tk.Pos.Offset < 0 || tk.Pos.Offset+len(tk.Value) > len(src) {
					t.Fatalf("token %q has bad position %+v", tk.Value, tk.Pos)
				}
				if src[tk.Pos.Offset:tk.Pos.Offset+len(tk.Value)] != tk.Value {
					t.Fatalf("token %q does not match the source at offset %d", tk.Value, tk.Pos.Offset)
				}
			}
		} else if utf8.ValidString(src) && !strings.Contains(err.Error(), "fuzz.fray:") {
			t.Fatalf("lex error without position: %v", err)
		}
		file, diags := syntax.Parse("fuzz.fray", src)
		if file == nil && len(diags) == 0 {
			t.Fatalf("Parse failed without a diagnostic")
		}
		if file != nil && len(diags) > 0 {
			t.Fatalf("Parse returned a file and diagnostics: %v", diags)
		}
		checkDiags(t, src, diags)
	})
}

func FuzzCheck(f *testing.F) {
	seeds := fraySeeds(f)
	for _, src := range seeds {
		f.Add(src)
	}
	// Encounters are checked against the full ruleset; it is checked once
	// per fuzzing process.
	rules, rdiags := check.UnderRoot("..").LoadRuleset("../rules/ten_segment_rounds.fray", diag.Sources{})
	if rdiags.HasErrors() {
		f.Fatalf("the ten-segment ruleset does not check: %v", rdiags)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, diags := syntax.Parse("fuzz.fray", src)
		if file == nil {
			checkDiags(t, src, diags)
			return
		}
		if check.IsEncounter(file) {
			_, diags = check.CheckEncounter(file, rules)
		} else {
			_, diags = check.UnderRoot("..").Check(file)
		}
		checkDiags(t, src, diags)
	})
}
