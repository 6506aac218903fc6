//go:build unix

package check

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/frayrules/fray/dsl/diag"
)

const readBase = `ruleset "base" { source "x" }

combatant {
  hp: int = 1
}

phase p each round {
  for c in living(combatants) {
    c.hp -= 1
  }
}

end when len(standing(sides)) <= 1
`

// secret is the content of files outside the root: no diagnostic may
// ever show it.
const secret = "TOP SECRET first line"

// lintAllocated lints path as lintWithin does and gives the megabytes
// the process allocated meanwhile: the hostile-size tests bound that, not
// time. Such a test is not parallel, since the count is the process's.
func lintAllocated(t *testing.T, opts Options, path string) (diag.Diagnostics, uint64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	diags, _ := lintWithin(t, opts, path)
	runtime.ReadMemStats(&after)
	return diags, (after.TotalAlloc - before.TotalAlloc) >> 20
}

// lintWithin lints path under opts, failing the test if it takes so long
// that it must be blocked (a FIFO waiting for a writer), and renders
// the diagnostics as fray lint prints them. The guard is a minute: the
// largest file linted so (100 000 locals, 2.4 s of CPU alone) took over
// 20 s of wall clock in a go test ./... on 2 cores at load average 26.
func lintWithin(t *testing.T, opts Options, path string) (diag.Diagnostics, string) {
	t.Helper()
	type result struct {
		diags diag.Diagnostics
		src   diag.Sources
	}
	done := make(chan result, 1)
	go func() {
		src := diag.Sources{}
		done <- result{opts.Lint(path, src), src}
	}()
	select {
	case r := <-done:
		var buf bytes.Buffer
		diag.WriteText(&buf, r.diags, r.src)
		return r.diags, buf.String()
	case <-time.After(time.Minute):
		t.Fatalf("linting %s blocks", path)
		return nil, ""
	}
}

// wantOne checks that diags are exactly one diagnostic of the code whose
// summary contains want, at line 1 of file or at the import in it.
func wantOne(t *testing.T, diags diag.Diagnostics, code, want string) {
	t.Helper()
	if len(diags) != 1 {
		t.Fatalf("want one diagnostic, got %v", diags)
	}
	d := diags[0]
	if d.Code != code || !strings.Contains(d.Summary, want) {
		t.Fatalf("want %s %q, got %v", code, want, d)
	}
	if d.Subject.Filename == "" || d.Subject.Start.Line < 1 || d.Subject.Start.Column < 1 {
		t.Fatalf("diagnostic without a place: %v", d)
	}
}

func TestReadRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "fifo.fray")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	fifoLink := filepath.Join(dir, "fifo_link.fray")
	if err := os.Symlink(fifo, fifoLink); err != nil {
		t.Fatal(err)
	}
	devLink := filepath.Join(dir, "zero.fray")
	if err := os.Symlink("/dev/zero", devLink); err != nil {
		t.Fatal(err)
	}
	extendsFifo := write("extends_fifo.fray", "ruleset \"v\" {\n  extends \"fifo.fray\"\n}\n")
	encFifo := write("enc_fifo.fray", "encounter \"e\" {\n  rules \"fifo_link.fray\"\n}\n")
	opts := Options{Root: dir, Confine: true}
	for _, tc := range []struct {
		name, path, code, want string
		line                   int
	}{
		{"fifo", fifo, diag.CodeRead, "not a regular file", 1},
		{"symlink to a fifo", fifoLink, diag.CodeRead, "not a regular file", 1},
		{"device", "/dev/zero", diag.CodeRead, "not a regular file", 1},
		{"symlink to a device", devLink, diag.CodeRead, "not a regular file", 1},
		{"extends a fifo", extendsFifo, diag.CodeRead, "not a regular file", 2},
		{"encounter rules a fifo", encFifo, diag.CodeRead, "not a regular file", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := opts
			if tc.path == "/dev/zero" {
				o.Root = "" // a file named directly, no root set
			}
			diags, _ := lintWithin(t, o, tc.path)
			wantOne(t, diags, tc.code, tc.want)
			if got := diags[0].Subject.Start.Line; got != tc.line {
				t.Errorf("reported at line %d, want %d (the file, or the import in it): %v", got, tc.line, diags[0])
			}
		})
	}
}

func TestReadStaysInsideTheRoot(t *testing.T) {
	outside := t.TempDir()
	target := filepath.Join(outside, "secret.fray")
	if err := os.WriteFile(target, []byte(secret+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	link := filepath.Join(root, "link.fray")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "base.fray"), []byte(readBase), 0o644); err != nil {
		t.Fatal(err)
	}
	variant := filepath.Join(root, "variant.fray")
	if err := os.WriteFile(variant, []byte("ruleset \"v\" {\n  extends \"link.fray\"\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	enc := filepath.Join(root, "enc.fray")
	if err := os.WriteFile(enc, []byte("encounter \"e\" {\n  rules \"link.fray\"\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		opts Options
		path string
		line int
	}{
		{"named symlink, confined", Options{Root: root, Confine: true}, link, 1},
		{"named file outside, confined", Options{Root: root, Confine: true}, target, 1},
		{"extends a symlink out", Options{Root: root}, variant, 2},
		{"encounter's rules a symlink out", Options{Root: root}, enc, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			diags, text := lintWithin(t, tc.opts, tc.path)
			wantOne(t, diags, diag.CodeSandbox, "outside the root folder")
			if got := diags[0].Subject.Start.Line; got != tc.line {
				t.Errorf("reported at line %d, want %d: %v", got, tc.line, diags[0])
			}
			if strings.Contains(text, secret) {
				t.Errorf("the target's content is shown:\n%s", text)
			}
		})
	}
	// Inside the root, the same files are fine; and without Confine a
	// file named directly (not an import) may be anywhere.
	if diags, _ := lintWithin(t, Options{Root: root, Confine: true}, filepath.Join(root, "base.fray")); diags.HasErrors() {
		t.Errorf("a file inside the root: %v", diags)
	}
	if err := os.WriteFile(filepath.Join(outside, "ok.fray"), []byte(readBase), 0o644); err != nil {
		t.Fatal(err)
	}
	if diags, _ := lintWithin(t, Options{Root: root}, filepath.Join(outside, "ok.fray")); diags.HasErrors() {
		t.Errorf("a file named outside the root, not confined: %v", diags)
	}
}

func TestReadIsBoundedBySize(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.fray")
	if err := os.WriteFile(path, []byte(readBase), 0o644); err != nil {
		t.Fatal(err)
	}
	lim := DefaultLimits()
	lim.FileSize = len(readBase) - 1
	diags, _ := lintWithin(t, Options{Root: dir, Limits: lim}, path)
	wantOne(t, diags, diag.CodeLimit, "the file's size")
	if !strings.Contains(diags[0].Detail, "--max-file-size") {
		t.Errorf("the limit's flag is not named: %v", diags[0])
	}
	lim.FileSize = len(readBase)
	if diags, _ := lintWithin(t, Options{Root: dir, Limits: lim}, path); diags.HasErrors() {
		t.Errorf("a file at the limit: %v", diags)
	}
}

// A file that starts with a byte order mark reads as the same text
// without it: it lints clean, and a finding on line 1 has the column
// an editor shows (the mark is not counted).
func TestReadDropsAByteOrderMark(t *testing.T) {
	dir := t.TempDir()
	clean := filepath.Join(dir, "bom.fray")
	if err := os.WriteFile(clean, []byte("\ufeff"+readBase), 0o644); err != nil {
		t.Fatal(err)
	}
	if diags, out := lintWithin(t, Options{Root: dir}, clean); diags.HasErrors() {
		t.Fatalf("a file with a byte order mark: %s", out)
	}
	bad := filepath.Join(dir, "bad.fray")
	if err := os.WriteFile(bad, []byte("\ufeff"+strings.Replace(readBase, `ruleset "base"`, `ruleset "base" nonsense`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	diags, out := lintWithin(t, Options{Root: dir}, bad)
	if len(diags) == 0 || diags[0].Subject.Start.Line != 1 || diags[0].Subject.Start.Column != len(`ruleset "base" `)+1 {
		t.Fatalf("want a finding at 1:%d, got:\n%s", len(`ruleset "base" `)+1, out)
	}
	if strings.Contains(out, "\ufeff") {
		t.Errorf("the rendering shows the mark:\n%q", out)
	}
}
