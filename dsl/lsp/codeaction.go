package lsp

import (
	"encoding/json"
	"regexp"
)

// Quick fixes: a lint diagnostic whose hint says "did you mean X?" (an
// unknown name or attribute a letter or two from a declared one) offers
// to write X in place of the misspelled word.

type codeActionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
	} `json:"context"`
}

// CodeAction is a quick fix with its edit.
type CodeAction struct {
	Title       string        `json:"title"`
	Kind        string        `json:"kind"`
	Diagnostics []Diagnostic  `json:"diagnostics"`
	IsPreferred bool          `json:"isPreferred"`
	Edit        WorkspaceEdit `json:"edit"`
}

// WorkspaceEdit is the edits of documents, by URI.
type WorkspaceEdit struct {
	Changes map[string][]TextEdit `json:"changes"`
}

var didYouMean = regexp.MustCompile(`did you mean ([\p{L}_][\p{L}\p{N}_]*)\?`)

func (s *Server) codeAction(params json.RawMessage) (any, *rpcError) {
	var p codeActionParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	d := s.docs.get(p.TextDocument.URI)
	out := []CodeAction{}
	if d == nil {
		return out, nil
	}
	for _, dg := range p.Context.Diagnostics {
		if dg.Source != "fray" {
			continue
		}
		m := didYouMean.FindStringSubmatch(dg.Message)
		if m == nil {
			continue
		}
		// The fix replaces a word: the range must still hold one (the
		// buffer may have changed since the diagnostic).
		from, to := d.lines.offset(dg.Range.Start), d.lines.offset(dg.Range.End)
		word := d.text[from:to]
		if word == m[1] || !isName(word) {
			continue
		}
		out = append(out, CodeAction{
			Title:       "Change " + word + " to " + m[1],
			Kind:        "quickfix",
			Diagnostics: []Diagnostic{dg},
			IsPreferred: true,
			Edit:        WorkspaceEdit{Changes: map[string][]TextEdit{d.uri: {{Range: dg.Range, NewText: m[1]}}}},
		})
	}
	return out, nil
}
