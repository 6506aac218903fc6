package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/frayrules/fray/dsl/syntax"
)

// document is an open buffer: the editor's text, which stands for the
// file on disk until it is closed.
type document struct {
	uri     string
	path    string // cleaned, absolute: the name lint gives the file
	version int
	text    string
	lines   *lineIndex
}

// maxOpenDocuments and totalFiles bound what a client can make the
// server hold: that many buffers, and together at most totalFiles times
// the largest file (--max-file-size).
const (
	maxOpenDocuments = 10000
	totalFiles       = 64
)

// documents are the open buffers, shared by the dispatch loop and the
// diagnostics worker.
type documents struct {
	mu   sync.Mutex
	docs map[string]*document // by URI
	// dirty are the buffers edited since the last lint; all is set when
	// a file on disk may have changed, which any buffer may import.
	dirty map[string]string // URI to path, the closed ones too
	all   bool
	// size is the bytes of every open buffer, limit what they may hold.
	size, limit int
}

func newDocuments(fileSize int) *documents {
	return &documents{docs: map[string]*document{}, dirty: map[string]string{}, limit: totalFiles * fileSize}
}

// fits reports whether the buffers may hold n bytes more.
func (ds *documents) fits(n int) error {
	if ds.size+n > ds.limit {
		return fmt.Errorf("the open documents would hold more than %d bytes (%d times --max-file-size, which raises it); close some", ds.limit, totalFiles)
	}
	return nil
}

// markDirty records that a buffer changed (or, for "", that any may
// need a lint again).
func (ds *documents) markDirty(uri, path string) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if uri == "" {
		ds.all = true
		return
	}
	ds.dirty[uri] = path
}

// takeDirty returns and clears what markDirty recorded.
func (ds *documents) takeDirty() (map[string]string, bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	dirty, all := ds.dirty, ds.all
	ds.dirty, ds.all = map[string]string{}, false
	return dirty, all
}

func (ds *documents) open(uri, path string, version int, text string) error {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	old, ok := ds.docs[uri]
	if !ok && len(ds.docs) >= maxOpenDocuments {
		return fmt.Errorf("more than %d documents are open; close some", maxOpenDocuments)
	}
	held := 0
	if ok {
		held = len(old.text)
	}
	if err := ds.fits(len(text) - held); err != nil {
		return err
	}
	ds.size += len(text) - held
	ds.docs[uri] = &document{uri: uri, path: path, version: version, text: text, lines: newLineIndex(text)}
	return nil
}

// change applies the edits of a didChange: a change without a range is
// the whole text, one with a range replaces that range (incremental
// sync), in order. No text may grow over limit bytes.
func (ds *documents) change(uri string, version int, changes []contentChange, limit int) error {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.docs[uri]
	if !ok {
		return fmt.Errorf("%s is not open", uri)
	}
	text, lines, _, err := applyChanges(d.text, d.lines, changes, limit)
	if err != nil {
		return err
	}
	if err := ds.fits(len(text) - len(d.text)); err != nil {
		return err
	}
	ds.size += len(text) - len(d.text)
	d.text, d.lines, d.version = text, lines, version
	return nil
}

// applyChanges makes the edits of a didChange to text, whose lines are
// indexed in lines, and gives the new text and index; copied is the
// bytes it built and indexed doing so, which its test holds to changeWork*limit
// (counted, not timed: a loaded machine makes any time bound a guess).
func applyChanges(text string, lines *lineIndex, changes []contentChange, limit int) (_ string, _ *lineIndex, copied int, _ error) {
	work := 0
	for _, c := range changes {
		// Each edit copies the text and indexes its lines again, so one
		// notification of many edits would cost their count times the
		// text: it is bounded by the bytes it makes the server go over.
		work += len(text) + len(c.Text)
		if work > changeWork*limit {
			return "", nil, copied, fmt.Errorf("a change of %d edits would rewrite more than %d bytes (%d times six times --max-file-size, which raises it); the document is left as it was: close and reopen it", len(changes), changeWork*limit, changeWork)
		}
		if c.Range == nil {
			text = c.Text
		} else {
			from, to := lines.offset(c.Range.Start), lines.offset(c.Range.End)
			if to < from {
				return "", nil, copied, fmt.Errorf("a change's range ends before it starts")
			}
			if len(text)-(to-from)+len(c.Text) > limit {
				return "", nil, copied, fmt.Errorf("the document would be over %d bytes (six times --max-file-size, which raises it)", limit)
			}
			text = text[:from] + c.Text + text[to:]
		}
		lines = newLineIndex(text)
		copied += len(text) // the text built and indexed
	}
	return text, lines, copied, nil
}

// changeWork bounds one didChange: its edits may go over at most this
// many times the largest message in all (1.5 GiB by default, about a
// second), enough for thousands of edits (a replace-all) of a file of
// ordinary size and hundreds of one of the largest.
const changeWork = 64

func (ds *documents) close(uri string) *document {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d := ds.docs[uri]
	if d != nil {
		ds.size -= len(d.text)
	}
	delete(ds.docs, uri)
	return d
}

// get is a copy of an open document, or nil.
func (ds *documents) get(uri string) *document {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if d, ok := ds.docs[uri]; ok {
		cp := *d
		return &cp
	}
	return nil
}

// snapshot copies every open document, and the overlay of their texts
// by path, for a lint that runs while edits go on.
func (ds *documents) snapshot() ([]*document, map[string]string) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	out := make([]*document, 0, len(ds.docs))
	overlay := make(map[string]string, len(ds.docs))
	for _, d := range ds.docs {
		cp := *d
		out = append(out, &cp)
		overlay[d.path] = d.text
	}
	return out, overlay
}

// version of an open document, and whether it is open.
func (ds *documents) version(uri string) (int, bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.docs[uri]
	if !ok {
		return 0, false
	}
	return d.version, true
}

// pathOf turns a document URI into the path fray names the file by. A
// file: URI is its path; any other (an editor's unsaved "untitled:"
// buffer) is a name in the root folder that no file on disk has, so
// that its relative imports resolve from the root.
func pathOf(uri, root string) string {
	u, err := url.Parse(uri)
	if err == nil && u.Scheme == "file" {
		p := u.Path
		if runtime.GOOS == "windows" {
			p = strings.TrimPrefix(p, "/")
		}
		return filepath.Clean(filepath.FromSlash(p))
	}
	name := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' {
			return '_'
		}
		return r
	}, uri)
	return filepath.Join(root, name)
}

// uriOf is the file: URI of a path.
func uriOf(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// parseText parses a buffer; the tokens are kept for positions.
func parseText(path, text string, lim syntax.Limits) *syntax.File {
	f, diags := lim.Parse(path, text)
	if len(diags) > 0 {
		return nil
	}
	return f
}
