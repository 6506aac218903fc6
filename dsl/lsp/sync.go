package lsp

import "encoding/json"

// The text synchronization notifications: the buffers the client has
// open stand for their files from didOpen to didClose.

func (s *Server) didOpen(params json.RawMessage) (any, *rpcError) {
	var p didOpenParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if p.TextDocument.URI == "" {
		return nil, &rpcError{Code: codeInvalidParams, Message: "didOpen names no document (textDocument.uri is empty)"}
	}
	if err := s.docs.open(p.TextDocument.URI, pathOf(p.TextDocument.URI, s.opts.Root), p.TextDocument.Version, p.TextDocument.Text); err != nil {
		return nil, &rpcError{Code: codeRequestFailed, Message: err.Error()}
	}
	s.requestLint(p.TextDocument.URI)
	return nil, nil
}

func (s *Server) didChange(params json.RawMessage) (any, *rpcError) {
	var p didChangeParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if err := s.docs.change(p.TextDocument.URI, p.TextDocument.Version, p.ContentChanges, s.maxMessage()); err != nil {
		return nil, &rpcError{Code: codeRequestFailed, Message: err.Error()}
	}
	s.requestLint(p.TextDocument.URI)
	return nil, nil
}

func (s *Server) didClose(params json.RawMessage) (any, *rpcError) {
	var p didCloseParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if s.docs.close(p.TextDocument.URI) != nil {
		delete(s.lastGood, p.TextDocument.URI)
		// A closed file's problems are lint's to report, not the editor's.
		s.publish(PublishDiagnosticsParams{URI: p.TextDocument.URI})
		s.requestLint(p.TextDocument.URI) // buffers that import it now read it from disk
	}
	return nil, nil
}

func (s *Server) didSave(params json.RawMessage) (any, *rpcError) {
	var p didSaveParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	s.requestLint(p.TextDocument.URI)
	return nil, nil
}
