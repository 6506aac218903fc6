package lsp

import (
	"encoding/json"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// SignatureHelp is the answer to textDocument/signatureHelp.
type SignatureHelp struct {
	Signatures      []SignatureInformation `json:"signatures"`
	ActiveSignature int                    `json:"activeSignature"`
	ActiveParameter int                    `json:"activeParameter"`
}

// SignatureInformation is one callable's parameters.
type SignatureInformation struct {
	Label         string                 `json:"label"`
	Documentation *MarkupContent         `json:"documentation,omitempty"`
	Parameters    []ParameterInformation `json:"parameters"`
}

// ParameterInformation names one parameter.
type ParameterInformation struct {
	Label string `json:"label"`
}

// signatureHelp shows, inside a call's parentheses, the callee's
// parameters and which one the cursor is on: a function, modifiers,
// a table with keys, a builtin, an event after emit, an action in an
// encounter's script line.
func (s *Server) signatureHelp(params json.RawMessage) (any, *rpcError) {
	a, err := s.position(params)
	if err != nil {
		return nil, err
	}
	sig, active, ok := a.p.signatureAt(a.off)
	if !ok {
		return nil, nil
	}
	if sig.Documentation != nil {
		sig.Documentation.Kind = s.markup()
	}
	return SignatureHelp{Signatures: []SignatureInformation{sig}, ActiveParameter: active}, nil
}

// callAt finds the call whose parentheses hold off: the callee's
// name, the word before it, and the argument the cursor is in (by the
// commas before it).
func callAt(toks []lexer.Token, off int) (callee, before string, arg int, argText []lexer.Token, ok bool) {
	end := 0
	for end < len(toks) && toks[end].Pos.Offset < off {
		end++
	}
	depth, commas, argStart := 0, 0, end
	for i := end - 1; i >= 0; i-- {
		t := toks[i]
		if t.Type != syntax.TokPunct {
			continue
		}
		switch t.Value {
		case ")", "]", "}":
			depth++
		case "[", "{":
			if depth == 0 {
				return "", "", 0, nil, false
			}
			depth--
		case ",":
			if depth == 0 {
				if commas == 0 {
					argStart = i + 1
				}
				commas++
			}
		case "(":
			if depth > 0 {
				depth--
				continue
			}
			if commas == 0 {
				argStart = i + 1
			}
			pi := prevToken(toks, i)
			if pi < 0 || toks[pi].Type != syntax.TokIdent {
				return "", "", 0, nil, false
			}
			if pj := prevToken(toks, pi); pj >= 0 {
				before = toks[pj].Value
			}
			return toks[pi].Value, before, commas, toks[argStart:end], true
		}
	}
	return "", "", 0, nil, false
}

func (p *project) signatureAt(off int) (SignatureInformation, int, bool) {
	toks := p.units[0].toks
	if toks == nil {
		return SignatureInformation{}, 0, false
	}
	callee, before, arg, argText, ok := callAt(toks, off)
	if !ok {
		return SignatureInformation{}, 0, false
	}
	userParams := func(word, name string, ps []*syntax.Param, tail string) SignatureInformation {
		sig := SignatureInformation{Label: word + name + "(" + paramsText(ps) + ")" + tail}
		for _, prm := range ps {
			sig.Parameters = append(sig.Parameters, ParameterInformation{Label: paramsText([]*syntax.Param{prm})})
		}
		return sig
	}
	switch {
	case before == "emit":
		if d, _ := p.findDecl(kindEvent, callee); d != nil {
			return userParams("event ", callee, d.Event.Params, ""), arg, true
		}
		return SignatureInformation{}, 0, false
	case before == ":" && p.isEncounter():
		d, _ := p.findDecl(kindAction, callee)
		if d == nil {
			return SignatureInformation{}, 0, false
		}
		sig := userParams("action ", callee, d.Action.Params, "")
		// Script arguments are named: the one being written is the one
		// named before its "=".
		active := arg
		if len(argText) >= 2 && argText[1].Value == "=" {
			for i, prm := range d.Action.Params {
				if prm.Name == argText[0].Value {
					active = i
				}
			}
		}
		return sig, active, true
	case before == "apply":
		if d, _ := p.findDecl(kindTable, callee); d != nil {
			return userParams("table ", callee, d.Table.Params, ""), arg, true
		}
	}
	if d, _ := p.findDecl(kindFn, callee); d != nil {
		return userParams("fn ", callee, d.Func.Params, ": "+typeText(d.Func.Result)), arg, true
	}
	if d, _ := p.findDecl(kindModifiers, callee); d != nil {
		return userParams("modifiers ", callee, d.Modifiers.Params, ""), arg, true
	}
	if d, _ := p.findDecl(kindTable, callee); d != nil && len(d.Table.Params) > 0 {
		return userParams("table ", callee, d.Table.Params, ""), arg, true
	}
	if f := stdlib.Lookup(callee); f != nil && !strings.HasPrefix(callee, "__") {
		sig := SignatureInformation{Label: f.Signature(), Documentation: &MarkupContent{Kind: "markdown", Value: f.Doc}}
		for _, k := range f.Params {
			sig.Parameters = append(sig.Parameters, ParameterInformation{Label: string(k)})
		}
		return sig, arg, true
	}
	if doc, ok := exprBuiltins[callee]; ok {
		label, text, _ := strings.Cut(doc, ": ")
		sig := SignatureInformation{Label: label, Documentation: &MarkupContent{Kind: "markdown", Value: text}}
		if open, close := strings.Index(label, "("), strings.LastIndex(label, ")"); open >= 0 && close > open {
			for _, prm := range strings.Split(label[open+1:close], ", ") {
				sig.Parameters = append(sig.Parameters, ParameterInformation{Label: prm})
			}
		}
		return sig, arg, true
	}
	return SignatureInformation{}, 0, false
}
