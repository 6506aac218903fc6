package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/frayrules/fray/dsl/check"
)

// hangGuard is how long a test waits for the server (an answer, a
// publication, its end) before calling it a hang. Every wait is of
// something that comes at once or never: a bound near the answers' own
// times (they were 10 to 30 s) could fire on a loaded machine, where a
// lint of the bad corpus takes seconds.
const hangGuard = 2 * time.Minute

// client is an LSP client for the tests: it drives a Server over
// in-memory pipes, as an editor does over stdio.
type client struct {
	t      testing.TB
	in     io.WriteCloser // the server's stdin
	mu     sync.Mutex
	nextID int
	waits  map[int]chan *message
	notes  chan *message
	nulls  chan *message // responses with a null id (to messages that could not be read)
	done   chan int      // the server's exit code
	closed chan struct{}
}

// repoRoot is the repository's root, the server's root folder.
func repoRoot(t testing.TB) string {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func startServer(t *testing.T, limits ...check.Limits) *client {
	t.Helper()
	return startServerAt(t, repoRoot(t), limits...)
}

// startServerAt starts a server whose root folder is root.
func startServerAt(t testing.TB, root string, limits ...check.Limits) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, waits: map[int]chan *message{}, notes: make(chan *message, 1000), nulls: make(chan *message, 100), done: make(chan int, 1), closed: make(chan struct{})}
	opts := check.Options{Root: root}
	if len(limits) > 0 {
		opts.Limits = limits[0]
	}
	go func() {
		code := Serve(inR, outW, Config{Options: opts, Debounce: -1, Version: "test"})
		outW.Close()
		inR.Close()
		c.done <- code
	}()
	go c.readLoop(outR)
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-c.done:
		case <-time.After(hangGuard):
			t.Error("the server did not stop when its input closed")
		}
	})
	return c
}

func (c *client) readLoop(r io.Reader) {
	defer close(c.closed)
	br := bufio.NewReader(r)
	for {
		length := -1
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				length, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(br, body); err != nil {
			return
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			c.t.Errorf("the server wrote a message that is not JSON: %s", body)
			return
		}
		if m.Method != "" {
			c.notes <- &m
			continue
		}
		if string(m.ID) == "null" {
			c.nulls <- &m
			continue
		}
		id, _ := strconv.Atoi(string(m.ID))
		c.mu.Lock()
		ch := c.waits[id]
		c.mu.Unlock()
		if ch != nil {
			ch <- &m
		}
	}
}

func (c *client) write(v any) {
	c.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.raw(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body))
}

func (c *client) raw(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, s); err != nil {
		c.t.Fatalf("cannot write to the server: %v", err)
	}
}

// call sends a request and waits for its response.
func (c *client) call(method string, params any) *message {
	c.t.Helper()
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	ch := make(chan *message, 1)
	c.waits[id] = ch
	c.mu.Unlock()
	c.write(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	select {
	case m := <-ch:
		return m
	case <-time.After(hangGuard):
		c.t.Fatalf("no response to %s", method)
	}
	return nil
}

// result calls and decodes the result into v, failing on an error.
func (c *client) result(method string, params, v any) {
	c.t.Helper()
	m := c.call(method, params)
	if m.Error != nil {
		c.t.Fatalf("%s: error %v", method, m.Error)
	}
	if v != nil {
		if err := json.Unmarshal(m.Result, v); err != nil {
			c.t.Fatalf("%s: %v in %s", method, err, m.Result)
		}
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.write(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

func (c *client) initialize() {
	c.t.Helper()
	c.result("initialize", map[string]any{"processId": nil, "rootUri": uriOf(repoRoot(c.t)), "capabilities": map[string]any{
		"textDocument": map[string]any{"documentSymbol": map[string]any{"hierarchicalDocumentSymbolSupport": true}, "hover": map[string]any{"contentFormat": []string{"markdown", "plaintext"}}},
	}}, nil)
	c.notify("initialized", map[string]any{})
}

// open opens a file of the repository with its text (or the given text).
func (c *client) open(rel string, text ...string) (uri, content string) {
	c.t.Helper()
	path := filepath.Join(repoRoot(c.t), filepath.FromSlash(rel))
	if len(text) > 0 {
		content = text[0]
	} else {
		data, err := os.ReadFile(path)
		if err != nil {
			c.t.Fatal(err)
		}
		content = string(data)
	}
	uri = uriOf(path)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "fray", "version": 1, "text": content}})
	return uri, content
}

// diagnostics waits for the diagnostics of uri at a version.
func (c *client) diagnostics(uri string, version int) []Diagnostic {
	c.t.Helper()
	return c.diagnosticsWhen(func(p PublishDiagnosticsParams) bool {
		return p.URI == uri && p.Version != nil && *p.Version == version
	})
}

// diagnosticsWhen waits for a publication that satisfies ok.
func (c *client) diagnosticsWhen(ok func(PublishDiagnosticsParams) bool) []Diagnostic {
	c.t.Helper()
	deadline := time.After(hangGuard)
	for {
		select {
		case m := <-c.notes:
			if m.Method != "textDocument/publishDiagnostics" {
				continue
			}
			var p PublishDiagnosticsParams
			if err := json.Unmarshal(m.Params, &p); err != nil {
				c.t.Fatal(err)
			}
			if ok(p) {
				return p.Diagnostics
			}
		case <-deadline:
			c.t.Fatalf("no such diagnostics were published")
		}
	}
}

func startServerForBench(b *testing.B) *client { return startServerAt(b, repoRoot(b)) }

// at is the position of the nth (from 0) occurrence of marker in text,
// plus delta characters; LSP counts UTF-16 units, which the tests count
// on their own here.
func at(t testing.TB, text, marker string, nth, delta int) map[string]any {
	t.Helper()
	idx := -1
	for range nth + 1 {
		i := strings.Index(text[idx+1:], marker)
		if i < 0 {
			t.Fatalf("%q not found %d times", marker, nth+1)
		}
		idx += 1 + i
	}
	p := utf16Position(text, idx+delta)
	return map[string]any{"line": p.Line, "character": p.Character}
}

func docPos(uri string, pos map[string]any) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos}
}
