package lsp

import (
	"fmt"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/frayrules/fray/dsl/diag"
)

// Diagnostics are lint's, for every open buffer, after each edit has
// settled (Config.Debounce). One worker lints; edits made meanwhile
// ask for one more lint, never a queue of them. A lint reads every open
// buffer through the overlay, so a variant open beside its base is
// checked against the base's unsaved text, and the files they import
// that are not open from disk, as fray lint would.

type diagState struct {
	// foreign are, by the buffer whose lint found them, the diagnostics
	// of files that are not open (an open variant's base with errors),
	// converted; published are the URIs they were last published to, so
	// that a file whose problems are gone is cleared.
	foreign   map[string]map[string][]Diagnostic
	published map[string]bool
}

// requestLint asks the worker for a lint of a changed buffer (of every
// buffer for ""); a request already pending covers this one.
func (s *Server) requestLint(uri string) {
	s.docs.markDirty(uri, pathOf(uri, s.opts.Root))
	select {
	case s.lint <- struct{}{}:
	default:
	}
}

func (s *Server) debounce() time.Duration {
	switch {
	case s.cfg.Debounce < 0:
		return 0
	case s.cfg.Debounce == 0:
		return DefaultDebounce
	}
	return s.cfg.Debounce
}

func (s *Server) lintLoop() {
	defer s.lintDone.Done()
	for {
		select {
		case <-s.stop:
			return
		case <-s.lint:
		}
		// Wait until the edits pause.
		for settled := false; !settled; {
			select {
			case <-s.stop:
				return
			case <-s.lint:
			case <-time.After(s.debounce()):
				settled = true
			}
		}
		s.lintOpen()
	}
}

// lintOpen lints the changed buffers and those that import them, and
// publishes what it finds.
func (s *Server) lintOpen() {
	dirty, all := s.docs.takeDirty()
	docs, overlay := s.docs.snapshot()
	sort.Slice(docs, func(i, j int) bool { return docs[i].uri < docs[j].uri })
	linter := s.opts.NewOverlayLinter(overlay)
	open := map[string]bool{}
	openURIs := map[string]bool{}
	for _, d := range docs {
		open[d.path] = true
		openURIs[d.uri] = true
	}
	for uri := range s.diags.foreign {
		if !openURIs[uri] {
			delete(s.diags.foreign, uri) // closed: what its lint found goes
		}
	}
	if !all {
		docs = affected(docs, dirty)
	}
	for _, d := range docs {
		src := diag.Sources{}
		found, ok := s.safeLint(func() diag.Diagnostics { return linter.Lint(d.path, src) })
		if !ok {
			continue
		}
		var own []Diagnostic
		foreign := map[string][]Diagnostic{}
		byFile := map[string][]*diag.Diagnostic{}
		for _, dg := range found {
			name := dg.Subject.Filename
			if name == "" {
				name = d.path
			}
			byFile[name] = append(byFile[name], dg)
		}
		for name, ds := range byFile {
			if name != d.path && open[name] {
				continue // an open file's own lint reports it
			}
			kept, dropped := diag.Diagnostics(ds).Most(maxPublished)
			lines := d.lines
			if name != d.path {
				lines = newLineIndex(src[name])
			}
			conv := make([]Diagnostic, 0, len(kept)+1)
			for _, dg := range kept {
				conv = append(conv, toLSP(dg, lines, src))
			}
			if dropped > 0 {
				conv = append(conv, moreDiagnostic(name, dropped))
			}
			if name == d.path {
				own = conv
			} else {
				foreign[name] = conv
			}
		}
		s.diags.foreign[d.uri] = foreign
		// A buffer edited since the snapshot is linted again soon: its
		// stale diagnostics are not worth showing.
		if v, ok := s.docs.version(d.uri); !ok || v != d.version {
			continue
		}
		version := d.version
		s.publish(PublishDiagnosticsParams{URI: d.uri, Version: &version, Diagnostics: own})
	}
	s.publishForeign()
}

// publishForeign publishes the diagnostics of files that are not open,
// gathered from the lints of every open buffer (each once: a base two
// variants import has its problems reported by both), and clears those
// of files that have none left.
func (s *Server) publishForeign() {
	byURI := map[string][]Diagnostic{}
	seen := map[string]bool{}
	owners := make([]string, 0, len(s.diags.foreign))
	for owner := range s.diags.foreign {
		owners = append(owners, owner)
	}
	sort.Strings(owners)
	for _, owner := range owners {
		for path, ds := range s.diags.foreign[owner] {
			uri := uriOf(path)
			for _, d := range ds {
				key := fmt.Sprintf("%s|%+v|%s|%s", uri, d.Range, d.Code, d.Message)
				if !seen[key] {
					seen[key] = true
					byURI[uri] = append(byURI[uri], d)
				}
			}
		}
	}
	uris := make([]string, 0, len(byURI)+len(s.diags.published))
	for uri := range byURI {
		uris = append(uris, uri)
	}
	for uri := range s.diags.published {
		if _, ok := byURI[uri]; !ok && s.docs.get(uri) == nil {
			uris = append(uris, uri)
		}
	}
	sort.Strings(uris)
	now := map[string]bool{}
	for _, uri := range uris {
		ds := byURI[uri]
		sort.SliceStable(ds, func(i, j int) bool {
			a, b := ds[i].Range.Start, ds[j].Range.Start
			return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
		})
		if len(ds) > 0 {
			now[uri] = true
		}
		s.publish(PublishDiagnosticsParams{URI: uri, Diagnostics: ds})
	}
	s.diags.published = now
}

// affected are the changed buffers and, over and over, the buffers whose
// text names the file of one already affected: an import names the
// file it reads ("../base.fray"), so a buffer that does not name a
// changed file cannot depend on it, and one that names it is linted
// again (a comment naming it costs only a lint).
func affected(docs []*document, dirty map[string]string) []*document {
	in := make([]bool, len(docs))
	var names []string
	for _, path := range dirty {
		names = append(names, filepath.Base(path))
	}
	sort.Strings(names)
	for i, d := range docs {
		if _, ok := dirty[d.uri]; ok {
			in[i] = true
		}
	}
	for len(names) > 0 {
		name := names[0]
		names = names[1:]
		for i, d := range docs {
			if !in[i] && strings.Contains(d.text, name) {
				in[i] = true
				names = append(names, filepath.Base(d.path))
			}
		}
	}
	var out []*document
	for i, d := range docs {
		if in[i] {
			out = append(out, d)
		}
	}
	return out
}

// safeLint runs a lint; a panic in it is logged, not fatal.
func (s *Server) safeLint(f func() diag.Diagnostics) (ds diag.Diagnostics, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			s.logf(1, "fray lsp: internal error in lint: %v\n%s", p, debug.Stack())
			ok = false
		}
	}()
	return f(), true
}

func (s *Server) publish(p PublishDiagnosticsParams) {
	if p.Diagnostics == nil {
		p.Diagnostics = []Diagnostic{}
	}
	if err := s.out.write(notification{JSONRPC: "2.0", Method: "textDocument/publishDiagnostics", Params: p}); err != nil && s.cfg.Log != nil {
		fmt.Fprintf(s.cfg.Log, "fray lsp: cannot publish diagnostics: %v\n", err)
	}
}

// toLSP converts one of lint's diagnostics; lines is the text of its
// file, src the texts of related places in other files.
func toLSP(d *diag.Diagnostic, lines *lineIndex, src diag.Sources) Diagnostic {
	out := Diagnostic{
		Range:    lines.rangeOf(d.Subject),
		Severity: severity(d.Severity),
		Code:     d.Code,
		Source:   "fray",
		Message:  d.Summary,
	}
	if d.Detail != "" {
		out.Message += "\nhint: " + d.Detail
	}
	if r := d.Related; r != nil && r.Range.Filename != "" {
		rl := lines
		if r.Range.Filename != d.Subject.Filename {
			rl = newLineIndex(src[r.Range.Filename])
		}
		out.RelatedInformation = []relatedInformation{{Location: Location{URI: uriOf(r.Range.Filename), Range: rl.rangeOf(r.Range)}, Message: strings.TrimSpace(r.Message)}}
	}
	return out
}

func severity(s diag.Severity) int {
	switch s {
	case diag.Warning:
		return 2
	case diag.Note:
		return 3
	}
	return 1
}
