package dsl_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

const sandboxBase = `ruleset "base" { source "x" }
phase p each round { log "x" }
end when true
`

func TestSandbox(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "outside.fray"), sandboxBase)
	write(filepath.Join(root, "rules", "base.fray"), sandboxBase)
	variant := func(name, target string) string {
		p := filepath.Join(root, "rules", "variants", name)
		write(p, "ruleset \"v\" {\n  extends \""+target+"\"\n}\n")
		return p
	}
	ok := variant("ok.fray", "../base.fray")
	climbs := variant("climbs.fray", "../../../outside.fray")
	abs := variant("abs.fray", filepath.ToSlash(filepath.Join(dir, "outside.fray")))
	etc := variant("etc.fray", "/etc/passwd")
	if err := os.Symlink(filepath.Join(dir, "outside.fray"), filepath.Join(root, "rules", "link.fray")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	link := variant("link.fray", "../link.fray")

	if diags := check.UnderRoot(root).Lint(ok, diag.Sources{}); diags.HasErrors() {
		t.Errorf("an import inside the root must work: %v", diags)
	}
	for name, path := range map[string]string{"climbs": climbs, "absolute": abs, "etc": etc, "symlink": link} {
		diags := check.UnderRoot(root).Lint(path, diag.Sources{})
		if len(diags) != 1 || diags[0].Code != diag.CodeSandbox {
			t.Errorf("%s: want one sandbox error, got %v", name, diags)
			continue
		}
		d := diags[0]
		if d.Subject.Filename != path || d.Subject.Start.Line != 2 || !strings.Contains(d.Summary, "import") {
			t.Errorf("%s: the error should point at the extends value: %v", name, d)
		}
	}
}
