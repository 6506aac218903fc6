package lsp

import (
	"fmt"
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
	// published are the URIs of files not open whose diagnostics were
	// published (an open variant's base with errors): cleared when
	// they have none.
	published map[string]bool
}

// requestLint asks the worker for a lint; a request already pending
// covers this one.
func (s *Server) requestLint() {
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

// lintOpen lints every open buffer and publishes what it finds.
func (s *Server) lintOpen() {
	docs, overlay := s.docs.snapshot()
	sort.Slice(docs, func(i, j int) bool { return docs[i].uri < docs[j].uri })
	linter := s.opts.NewOverlayLinter(overlay)
	open := map[string]bool{}
	for _, d := range docs {
		open[d.path] = true
	}
	foreign := map[string][]*diag.Diagnostic{}
	foreignText := map[string]string{}
	seen := map[string]bool{}
	for _, d := range docs {
		src := diag.Sources{}
		all, ok := s.safeLint(func() diag.Diagnostics { return linter.Lint(d.path, src) })
		if !ok {
			continue
		}
		var own []Diagnostic
		for _, dg := range all {
			if dg.Subject.Filename == d.path || dg.Subject.Filename == "" {
				own = append(own, toLSP(dg, d.lines, src))
				continue
			}
			if open[dg.Subject.Filename] {
				continue // its own lint reports it
			}
			key := fmt.Sprintf("%s|%d|%d|%s|%s", dg.Subject.Filename, dg.Subject.Start.Byte, dg.Subject.End.Byte, dg.Code, dg.Summary)
			if !seen[key] {
				seen[key] = true
				foreign[dg.Subject.Filename] = append(foreign[dg.Subject.Filename], dg)
				foreignText[dg.Subject.Filename] = src[dg.Subject.Filename]
			}
		}
		// A buffer edited since the snapshot is linted again soon: its
		// stale diagnostics are not worth showing.
		if v, ok := s.docs.version(d.uri); !ok || v != d.version {
			continue
		}
		version := d.version
		s.publish(PublishDiagnosticsParams{URI: d.uri, Version: &version, Diagnostics: own})
	}
	paths := make([]string, 0, len(foreign))
	for p := range foreign {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	now := map[string]bool{}
	for _, p := range paths {
		lines := newLineIndex(foreignText[p])
		out := make([]Diagnostic, 0, len(foreign[p]))
		for _, dg := range foreign[p] {
			out = append(out, toLSP(dg, lines, nil))
		}
		uri := uriOf(p)
		now[uri] = true
		s.publish(PublishDiagnosticsParams{URI: uri, Diagnostics: out})
	}
	var gone []string
	for uri := range s.diags.published {
		if !now[uri] {
			gone = append(gone, uri)
		}
	}
	sort.Strings(gone)
	for _, uri := range gone {
		if s.docs.get(uri) == nil {
			s.publish(PublishDiagnosticsParams{URI: uri, Diagnostics: []Diagnostic{}})
		}
	}
	s.diags.published = now
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
