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
		// buffer may have changed since the diagnostic). A suggestion is
		// within a third of the word's length of it (check's didYouMean),
		// so a word more than twice as long as the name suggested is none
		// to fix, and is not read: the diagnostics are the client's, and
		// 300 of them over a word of a megabyte were a 300 MB answer
		// (the word in each title) and 1.2 GB held; the 160 000 a message
		// may hold, an answer of terabytes. Read so, the words and the
		// answer are bounded by the request's own size.
		from, to := d.lines.offset(dg.Range.Start), d.lines.offset(dg.Range.End)
		if to < from || to-from > 2*len(m[1])+2 {
			continue
		}
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
