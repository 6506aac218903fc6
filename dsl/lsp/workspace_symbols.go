package lsp

import (
	"encoding/json"
	"strings"
)

// maxWorkspaceSymbols bounds the answer of workspace/symbol.
const maxWorkspaceSymbols = 500

// workspaceSymbol finds declarations by name in every file references
// look in (the open buffers and the .fray files under the root): what
// the outline of each lists, whose name holds the query's letters in
// order, case aside.
func (s *Server) workspaceSymbol(params json.RawMessage) (any, *rpcError) {
	var p struct {
		Query string `json:"query"`
	}
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	_, overlay := s.docs.snapshot()
	ld := newLoader(s.opts, overlay)
	ld.cache = &s.units
	out := []symbolInformation{}
	sc := s.newScanner(ld)
	defer sc.report(s, "workspace/symbol")
	for _, path := range s.candidateFiles(&project{}) {
		text, ok := sc.text(path)
		if !ok {
			continue
		}
		u := sc.unit(path, text)
		if u.file == nil {
			continue
		}
		ol := &outline{u: u}
		var syms []DocumentSymbol
		for i, d := range u.file.Decls {
			from, to := declSpan(u.file, i, len(u.text))
			if sym, ok := ol.decl(d, from, ol.end(from, to)); ok {
				syms = append(syms, sym)
			}
		}
		for _, si := range flatten(syms, u.uri, "") {
			if matches(si.Name, p.Query) {
				out = append(out, si)
				if len(out) == maxWorkspaceSymbols {
					return out, nil
				}
			}
		}
	}
	return out, nil
}

// matches reports whether name holds the query's characters in order,
// case aside (an empty query matches everything).
func matches(name, query string) bool {
	name, query = strings.ToLower(name), strings.ToLower(query)
	for _, r := range query {
		i := strings.IndexRune(name, r)
		if i < 0 {
			return false
		}
		name = name[i+len(string(r)):]
	}
	return true
}
