package dsl

import (
	"errors"
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

var parser = participle.MustBuild[File](
	participle.Lexer(lexDefinition{}),
	participle.Elide("Comment"),
	participle.UseLookahead(3),
)

// Parse reads one .fray file. participle stops at the first syntax error,
// so a file that does not parse yields exactly one diagnostic.
func Parse(filename, src string) (*File, Diagnostics) {
	if len(src) > Limits.FileSize {
		return nil, Diagnostics{limitDiag(Range{Filename: filename, Start: Pos{Line: 1, Column: 1}, End: Pos{Line: 1, Column: 2, Byte: 1}}, "the file's size", Limits.FileSize, "--max-file-size")}
	}
	toks, err := Tokenize(filename, src)
	if err != nil {
		return nil, Diagnostics{syntaxDiag(filename, src, err)}
	}
	if d := checkDepth(toks); d != nil {
		return nil, Diagnostics{d}
	}
	// The parser reads the tokens already made (comments elided, as
	// its Elide option says), instead of lexing the file again.
	peek, err := lexer.Upgrade(&sliceLexer{toks: toks}, TokComment)
	if err != nil {
		return nil, Diagnostics{syntaxDiag(filename, src, err)}
	}
	f, err := parser.ParseFromLexer(peek)
	if err != nil {
		return nil, Diagnostics{syntaxDiag(filename, src, err)}
	}
	f.Name = filename
	f.Src = src
	f.Sources = map[string]string{filename: src}
	f.tokens = map[string][]lexer.Token{filename: toks}
	for _, t := range toks {
		if t.Type == TokComment {
			f.Comments = append(f.Comments, Comment{Pos: t.Pos, Text: t.Value})
		}
	}
	return f, nil
}

func syntaxDiag(filename, src string, err error) *Diagnostic {
	d := &Diagnostic{
		Severity: Error,
		Code:     CodeSyntax,
		Summary:  "syntax error",
		Detail:   "check the statement's form against the language tour in README.md",
	}
	var perr participle.Error
	var lerr *LexError
	pos := lexer.Position{Filename: filename, Line: 1, Column: 1}
	msg := err.Error()
	switch {
	case errors.As(err, &lerr):
		pos, msg = lerr.Pos, lerr.Msg
		d.Summary = "invalid token"
	case errors.As(err, &perr):
		pos, msg = perr.Position(), perr.Message()
	}
	if pos.Filename == "" {
		pos.Filename = filename
	}
	if strings.Contains(msg, "unexpected token") {
		msg, d.Detail = friendlySyntax(msg, src, pos.Line)
	}
	d.Summary = d.Summary + ": " + msg
	d.Subject = tokenRangeAt(src, pos)
	return d
}

func syntaxHint(msg string) string {
	switch {
	case strings.Contains(msg, `"<EOF>"`):
		return "the file ends too early: a closing brace may be missing"
	case strings.Contains(msg, `expected "}"`):
		return "a block is not closed, or a line inside it is not a statement"
	}
	return fmt.Sprintf("the parser did not expect this here; %s", "compare with a working rule in rules/")
}

// tokenRangeAt is the range of the token that starts at pos, or one
// character when nothing can be lexed there.
func tokenRangeAt(src string, pos lexer.Position) Range {
	r := Range{Filename: pos.Filename, Start: posOf(pos), End: posOf(pos)}
	r.End.Column++
	r.End.Byte++
	if pos.Offset < len(src) {
		if toks, err := Tokenize(pos.Filename, src[pos.Offset:]); err == nil && len(toks) > 0 && toks[0].Pos.Offset == 0 && toks[0].Value != "" {
			n := len([]rune(toks[0].Value))
			if !strings.Contains(toks[0].Value, "\n") {
				r.End.Column = r.Start.Column + n
				r.End.Byte = r.Start.Byte + len(toks[0].Value)
			}
		}
	}
	return r
}
