package lsp

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/frayrules/fray/dsl/syntax"
)

// request is a request's document, read as a project, and the byte offset of
// its position.
type request struct {
	p   *project
	ld  *loader
	off int
}

// projectOf reads a document, the open buffer or else the file, with the
// files it imports.
func (s *Server) projectOf(uri string, pos *Position) (*project, *loader, *rpcError) {
	_, overlay := s.docs.snapshot()
	ld := newLoader(s.opts, overlay)
	ld.cache = &s.units
	var u *unit
	if d := s.docs.get(uri); d != nil {
		u = ld.cache.unit(d.path, d.text, ld.lim)
		u.uri = uri
	} else if u = ld.unitOf(pathOf(uri, s.opts.Root)); u == nil {
		return nil, nil, &rpcError{Code: codeRequestFailed, Message: fmt.Sprintf("%s is neither open nor a readable file", uri)}
	}
	last := s.lastGood[uri]
	if u.file != nil {
		s.lastGood[uri] = u.file
	} else if pos != nil {
		if f := recoverTree(u, u.lines.offset(*pos), ld.lim); f != nil {
			last = f
		}
	}
	return ld.project(u, last), ld, nil
}

// position decodes a request on a position in a document.
func (s *Server) position(params json.RawMessage) (*request, *rpcError) {
	var p textDocumentPositionParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	proj, ld, err := s.projectOf(p.TextDocument.URI, &p.Position)
	if err != nil {
		return nil, err
	}
	return &request{p: proj, ld: ld, off: proj.units[0].lines.offset(p.Position)}, nil
}

// recoverTree gives a buffer that does not parse a tree all the same,
// when the only fault is on the cursor's line (a word half typed): the
// text with that line blanked, which keeps every offset.
func recoverTree(u *unit, off int, lim syntax.Limits) *syntax.File {
	ln := u.lines.position(off).Line
	from := u.lines.starts[ln]
	to := from + len(u.lines.lineText(ln))
	blank := u.text[:from] + strings.Repeat(" ", to-from) + u.text[to:]
	return parseText(u.path, blank, lim)
}
