package lsp

import (
	"encoding/json"

	"github.com/frayrules/fray/dsl/format"
)

// formatting is fray fmt: the buffer laid out in the canonical form, as
// one edit of the whole text. A buffer that does not parse is left as
// it is (its diagnostics say why), as fray fmt -w leaves such a file.
func (s *Server) formatting(params json.RawMessage) (any, *rpcError) {
	var p formattingParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	d := s.docs.get(p.TextDocument.URI)
	if d == nil {
		return nil, &rpcError{Code: codeRequestFailed, Message: p.TextDocument.URI + " is not open"}
	}
	f, diags := s.opts.Limits.Syntax().Parse(d.path, d.text)
	if len(diags) > 0 {
		s.logf(3, "fray lsp: %s not formatted: it does not parse (%s)", d.uri, diags[0].Summary)
		return []TextEdit{}, nil
	}
	out, err := format.FormatWithin(f, s.opts.Limits.FileSize)
	if err != nil {
		return nil, &rpcError{Code: codeRequestFailed, Message: "cannot format: " + err.Error()}
	}
	if string(out) == d.text {
		return []TextEdit{}, nil
	}
	return []TextEdit{{Range: d.lines.span(0, len(d.text)), NewText: string(out)}}, nil
}
