package syntax

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/diag"
)

// fileParser is built on first use, or in the background by Prepare:
// building a grammar from struct tags takes milliseconds, which a
// command that parses nothing need not pay and one that does may
// overlap with its start.
var fileParser = sync.OnceValue(func() *participle.Parser[File] {
	return participle.MustBuild[File](parserOptions()...)
})

// Prepare starts building the parsers in the background, so that they
// are ready, or nearly, when the first file has been read.
func Prepare() {
	go func() {
		fileParser()
		// Every rule file has statements; a declaration's form is built
		// when first met, so a lint of rule files never builds those of
		// encounters.
		for _, f := range stmtForms {
			f.build()
		}
	}()
}

// Parse reads one .fray file within the default limits.
func Parse(filename, src string) (*File, diag.Diagnostics) {
	return DefaultLimits().Parse(filename, src)
}

// Parse reads one .fray file within the limits. participle stops at the
// first syntax error, so a file that does not parse yields exactly one
// diagnostic.
func (lim Limits) Parse(filename, src string) (*File, diag.Diagnostics) {
	if len(src) > lim.FileSize {
		return nil, diag.Diagnostics{LimitDiag(FileStart(filename), "the file's size", lim.FileSize, "--max-file-size")}
	}
	if d := loneCRs(filename, src); d != nil { // line_ends.go
		return nil, diag.Diagnostics{d}
	}
	// The EOF token is not the file's: FileTokens of its own, and EOF.
	withEOF := lim.FileTokens
	if withEOF < math.MaxInt-1 {
		withEOF++
	}
	toks, err := tokenizeAtMost(filename, src, withEOF)
	if err != nil {
		return nil, diag.Diagnostics{SyntaxDiag(filename, src, err)}
	}
	if len(toks) > withEOF {
		t := toks[lim.FileTokens]
		return nil, diag.Diagnostics{LimitDiag(RangeAt(t.Pos, t.Value), "the file's tokens", lim.FileTokens, "--max-file-tokens")}
	}
	if d := checkDepth(toks, lim.Depth); d != nil {
		return nil, diag.Diagnostics{d}
	}
	// The parser reads the tokens already made, comments elided as its
	// Elide option says.
	peek, err := lexer.Upgrade(&sliceLexer{toks: toks}, TokComment)
	if err != nil {
		return nil, diag.Diagnostics{SyntaxDiag(filename, src, err)}
	}
	f, err := fileParser().ParseFromLexer(peek)
	if err != nil {
		// Decl.Parse accepts what participle's own disjunction accepts,
		// but words errors less precisely (see parse_decl.go): parse
		// again with the disjunction, for its diagnostic.
		if f, err = parseDisjunction(toks); err != nil {
			return nil, diag.Diagnostics{SyntaxDiag(filename, src, err)}
		}
	}
	trimEnds(f, toks) // endpos.go: ranges end at the node's last token
	f.Name = filename
	f.Src = src
	f.Sources = map[string]string{filename: src}
	f.Tokens = map[string][]lexer.Token{filename: toks}
	for _, t := range toks {
		if t.Type == TokComment {
			f.Comments = append(f.Comments, Comment{Pos: t.Pos, Text: t.Value})
		}
	}
	return f, nil
}

// SyntaxDiag turns a lexer or parser error into a positioned diagnostic
// with a hint.
func SyntaxDiag(filename, src string, err error) *diag.Diagnostic {
	d := &diag.Diagnostic{
		Severity: diag.Error,
		Code:     diag.CodeSyntax,
		Summary:  "syntax error",
		Detail:   "check the statement's form against the language tour in README.md",
	}
	var perr participle.Error
	var lerr *LexError
	var eerr *EscapeError
	pos := lexer.Position{Filename: filename, Line: 1, Column: 1}
	msg := err.Error()
	switch {
	case errors.As(err, &eerr) && errors.As(err, &perr):
		// participle's "failed to capture: invalid syntax" said neither
		// what nor where: place it at the backslash.
		pos = perr.Position()
		if pos.Offset+eerr.Offset <= len(src) {
			pos.Advance(src[pos.Offset : pos.Offset+eerr.Offset])
		}
		d.Summary, msg = "invalid token", eerr.Error()
		d.Detail = `a string's escapes are \n, \t, \r, \\ (a backslash), \", \', \xHH and \uHHHH`
		d.Subject = RangeAt(pos, eerr.Escape)
		d.Summary = d.Summary + ": " + msg
		return d
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
		if h := diceModifierHint(msg, src, pos.Offset); h != "" {
			d.Detail = h
		}
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
func tokenRangeAt(src string, pos lexer.Position) diag.Range {
	r := diag.Range{Filename: pos.Filename, Start: posOf(pos), End: posOf(pos)}
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
