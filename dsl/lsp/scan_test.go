package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// TestSearchesReadABoundedShare: workspace/symbol and references over a
// root of more files than scanFiles times --max-file-size read that
// much, answer from it, and say in a logMessage that names the flag
// that the rest was not searched.
func TestSearchesReadABoundedShare(t *testing.T) {
	lim := check.DefaultLimits()
	lim.FileSize = 4000
	root := t.TempDir()
	const files = 3 * scanFiles
	for i := range files {
		var b strings.Builder
		fmt.Fprintf(&b, "ruleset \"qq%d\" {\n}\n", i)
		for b.Len() < lim.FileSize-100 {
			fmt.Fprintf(&b, "const shared_%d_%d = 1\n", i, b.Len())
		}
		if err := os.WriteFile(filepath.Join(root, fmt.Sprintf("f%03d.fray", i)), []byte(b.String()), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	c := startServerAt(t, root, lim)
	c.initialize()
	var syms []symbolInformation
	c.result("workspace/symbol", map[string]any{"query": "qq"}, &syms)
	files0 := map[string]bool{}
	for _, s := range syms {
		files0[s.Location.URI] = true
	}
	if len(files0) == 0 || len(files0) > scanFiles {
		t.Errorf("workspace/symbol answered from %d files, want 1 to %d", len(files0), scanFiles)
	}
	deadline := time.After(hangGuard)
	for {
		select {
		case m := <-c.notes:
			if m.Method == "window/logMessage" && strings.Contains(string(m.Params), "--max-file-size") && strings.Contains(string(m.Params), "workspace/symbol") {
				return
			}
		case <-deadline:
			t.Fatal("no logMessage says the search was cut short")
		}
	}
}

// TestUnitCacheIsBoundedByText: the trees kept between requests are of
// at most cacheText bytes of text, however many files a search reads.
func TestUnitCacheIsBoundedByText(t *testing.T) {
	lim := syntax.DefaultLimits()
	lim.FileSize = 10_000
	var c unitCache
	text := "ruleset \"r\" {\n}\n" + strings.Repeat("const a = 1\n", 300)
	for i := range 50 {
		c.unit(fmt.Sprintf("/f%d.fray", i), text, lim)
		held := 0
		for _, u := range c.units {
			held += len(u.text)
		}
		if held != c.text || held > cacheText(lim.FileSize) {
			t.Fatalf("after %d files the cache holds %d bytes of text (counted %d), over %d", i+1, held, c.text, cacheText(lim.FileSize))
		}
	}
	// The same text again is the same unit.
	a := c.unit("/g.fray", text, lim)
	if b := c.unit("/g.fray", text, lim); a != b {
		t.Error("an unchanged text was parsed again")
	}
}
