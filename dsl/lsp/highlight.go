package lsp

import "encoding/json"

// documentHighlight marks, in the file, every use of what the name at
// the cursor refers to: its declaration and assignments as writes, the
// rest as reads.
func (s *Server) documentHighlight(params json.RawMessage) (any, *rpcError) {
	a, err := s.position(params)
	if err != nil {
		return nil, err
	}
	r := a.p.resolveAt(a.off)
	if r == nil {
		return nil, nil
	}
	key := a.p.key(r)
	if key == "" {
		return nil, nil
	}
	u := a.p.units[0]
	decl, hasDecl := a.p.location(r)
	out := []documentHighlight{}
	for _, i := range a.p.uses(r.name, key) {
		t := u.toks[i]
		h := documentHighlight{Range: u.lines.span(t.Pos.Offset, t.Pos.Offset+len(t.Value)), Kind: highlightRead}
		if hasDecl && decl.URI == u.uri && decl.Range == h.Range || assigned(u, i) {
			h.Kind = highlightWrite
		}
		out = append(out, h)
	}
	return out, nil
}

type documentHighlight struct {
	Range Range `json:"range"`
	Kind  int   `json:"kind"`
}

const (
	highlightRead  = 2
	highlightWrite = 3
)

// assigned reports whether token i is the last name of an assignment's
// target ("c.hp -= 1", "x = 2"), or a setting's ("hp = 5").
func assigned(u *unit, i int) bool {
	if i+1 >= len(u.toks) {
		return false
	}
	switch u.toks[i+1].Value {
	case "=", "+=", "-=":
		return true
	}
	return false
}
