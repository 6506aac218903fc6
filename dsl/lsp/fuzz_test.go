package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// frame makes a stream of framed messages.
func frame(msgs ...any) []byte {
	var b bytes.Buffer
	for _, m := range msgs {
		body, _ := json.Marshal(m)
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	return b.Bytes()
}

// FuzzServe feeds the server arbitrary streams: whatever the framing,
// the JSON or the requests, it never panics and stops when its input
// ends. go test -fuzz FuzzServe ./dsl/lsp (briefly: a lint per message).
func FuzzServe(f *testing.F) {
	open := map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{
		"uri": "untitled:a", "version": 1, "text": "ruleset \"t\" {\n}\ncombatant {\n  hp: int = d6\n}\nphase p each round {\n  for c in living(combatants) { c.hp -= 1 }\n}\n"}}}
	init := map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{}}
	req := func(id int, method string, line, char int) any {
		return map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": map[string]any{
			"textDocument": map[string]any{"uri": "untitled:a"}, "position": map[string]any{"line": line, "character": char}, "context": map[string]any{}}}
	}
	f.Add(frame(init, open, req(2, "textDocument/hover", 3, 14), req(3, "textDocument/completion", 6, 34), req(4, "textDocument/definition", 6, 32),
		req(5, "textDocument/references", 3, 3), req(6, "textDocument/documentSymbol", 0, 0), req(7, "textDocument/formatting", 0, 0),
		map[string]any{"jsonrpc": "2.0", "id": 8, "method": "shutdown"}, map[string]any{"jsonrpc": "2.0", "method": "exit"}))
	f.Add(frame(init, map[string]any{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": map[string]any{
		"textDocument": map[string]any{"uri": "untitled:a", "version": 2}, "contentChanges": []any{map[string]any{"range": map[string]any{
			"start": map[string]any{"line": 9, "character": 99}, "end": map[string]any{"line": 0, "character": 0}}, "text": "x"}}}}))
	f.Add([]byte("Content-Length: 3\r\n\r\n{}}Content-Length: 99999999999\r\n\r\n"))
	f.Add([]byte("Content-Length: 2\n\n[]\n\nContent-Length: 4\r\n\r\nnull"))
	// A message without Content-Length, its body run into the next
	// header (the reader finds that header), and garbage lines.
	f.Add([]byte("Content-Type: x\r\n\r\n{}Content-Length: 2\r\n\r\n{}garbage\r\ncontent-length: 2\r\n\r\n[]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		done := make(chan int, 1)
		go func() {
			done <- Serve(bytes.NewReader(data), io.Discard, Config{Options: check.Options{Root: t.TempDir()}, Debounce: -1})
		}()
		select {
		case code := <-done:
			if code != 0 && code != 1 {
				t.Fatalf("exit code %d", code)
			}
		case <-time.After(hangGuard):
			t.Fatal("the server did not stop at the end of its input")
		}
	})
}

// TestEveryPosition asks for hover, definition, references' key and
// completion at every token's start and end of every shipped rule file
// and encounter, of the bad and hostile corpora (some 4000 of them in a
// big file), and at positions out of range: nothing panics, and
// every location points into a file of the project.
func TestEveryPosition(t *testing.T) {
	root := repoRoot(t)
	var files []string
	for _, glob := range []string{"rules/*.fray", "rules/variants/*.fray", "testdata/encounters/*.fray", "testdata/bad/*.fray", "testdata/hostile/*.fray"} {
		m, err := filepath.Glob(filepath.Join(root, glob))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found %d files", len(files))
	}
	opts := check.Options{Root: root}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ld := newLoader(opts, nil)
		u := newUnit(path, string(data), syntax.DefaultLimits())
		if u.file == nil && !strings.Contains(path, "testdata") {
			t.Fatalf("%s does not parse", path)
		}
		p := ld.project(u, nil)
		if u.file == nil {
			// What a half-typed line leaves: the tree without it.
			p = ld.project(u, recoverTree(u, len(u.text)/2, ld.lim))
		}
		uris := map[string]bool{}
		for _, pu := range p.units {
			uris[pu.uri] = true
		}
		offsets := []int{-5, 0, len(u.text), len(u.text) + 5}
		for _, tok := range u.toks {
			offsets = append(offsets, tok.Pos.Offset, tok.Pos.Offset+len(tok.Value))
		}
		if u.toks == nil {
			for off := 0; off < len(u.text); off += 7 {
				offsets = append(offsets, off)
			}
		}
		// A big file (the hostile corpus' 3000-deep chain of fns) is
		// sampled, evenly, to some 4000 positions: each question walks the
		// file, and every position of it would take minutes.
		if step := len(offsets) / 4000; step > 1 {
			sampled := offsets[:4]
			for i := 4; i < len(offsets); i += step {
				sampled = append(sampled, offsets[i])
			}
			offsets = sampled
		}
		start := time.Now()
		for i, off := range offsets {
			off = max(0, min(off, len(u.text)))
			if r := p.resolveAt(off); r != nil {
				_ = p.describe(r, root)
				_ = p.key(r)
				if loc, ok := p.location(r); ok && !uris[loc.URI] {
					t.Errorf("%s at %d: a location out of the project: %+v", path, off, loc)
				}
			}
			if i%5 == 0 || len(offsets) < 500 {
				_ = p.complete(off) // of big files, a sample: it is the slow one
			}
		}
		if d := time.Since(start); d > 200*time.Millisecond {
			t.Logf("%s: %v", path, d)
		}
	}
}

// TestOddPlaces resolves and completes at every byte of small texts
// that start, end or break off in odd places.
func TestOddPlaces(t *testing.T) {
	for _, text := range []string{
		"# a comment\n.hp",
		".",
		"c.",
		"..x",
		"1.x",
		"ruleset \"t\" {\n  extends \"",
		"phase p each round {\n  log \"{c.\n",
		"on x {\n  emit \n",
		"side a {\n  combatant b { hp = \n",
		"round 1 {\n  b: attack(target = \n",
		"table t d6 {\n  1: \"x\" effect {\n    target.\n",
		"fn f(l: list[side]): int = count(l, .\n",
		"remove phase \n",
		"\"{{}}{\"",
		"é🎲.x",
	} {
		u := newUnit("/nowhere/x.fray", text, syntax.DefaultLimits())
		p := newLoader(check.Options{Root: t.TempDir()}, nil).project(u, nil)
		for off := 0; off <= len(text); off++ {
			if r := p.resolveAt(off); r != nil {
				_ = p.describe(r, "/")
				_, _ = p.location(r)
				_ = p.key(r)
			}
			_ = p.complete(off)
		}
	}
}
