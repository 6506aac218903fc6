package syntax

import (
	"fmt"
	"io"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types of the fray lexer. The lexer is hand-written rather than
// regexp-driven because dice notation ("2d6", "d%") has to win over numbers
// and identifiers, and because expressions are later re-read from tokens.
const (
	TokEOF lexer.TokenType = lexer.EOF - iota
	TokIdent
	TokNumber
	TokString
	TokDice
	TokPunct
	TokComment
)

var tokenSymbols = map[string]lexer.TokenType{
	"EOF":     TokEOF,
	"Ident":   TokIdent,
	"Number":  TokNumber,
	"String":  TokString,
	"Dice":    TokDice,
	"Punct":   TokPunct,
	"Comment": TokComment,
}

// lexDefinition implements participle's lexer.Definition.
type lexDefinition struct{}

func (lexDefinition) Symbols() map[string]lexer.TokenType { return tokenSymbols }

func (lexDefinition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	toks, lerr := Tokenize(filename, string(data))
	if lerr != nil {
		return nil, lerr
	}
	return &sliceLexer{toks: toks}, nil
}

type sliceLexer struct {
	toks []lexer.Token
	i    int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return l.toks[len(l.toks)-1], nil
	}
	t := l.toks[l.i]
	l.i++
	return t, nil
}

// LexError is a lexical error with its position.
type LexError struct {
	Pos lexer.Position
	Msg string
}

func (e *LexError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Pos.Filename, e.Pos.Line, e.Pos.Column, e.Msg)
}

// Position implements participle's error interface so that the parser
// reports lexical errors with their place.
func (e *LexError) Position() lexer.Position { return e.Pos }
func (e *LexError) Message() string          { return e.Msg }

var multiPunct = []string{"==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "..", "??", "?.", "**"}

// Tokenize splits src into tokens, comments included, ending with EOF.
// Columns count runes from 1, as participle does.
func Tokenize(filename, src string) ([]lexer.Token, error) {
	return tokenizeAtMost(filename, src, math.MaxInt-1)
}

// tokenizeAtMost is Tokenize that stops after max+1 tokens, so that a
// file over --max-file-tokens is refused without holding all of them.
func tokenizeAtMost(filename, src string, max int) ([]lexer.Token, error) {
	guess := len(src) / 5 // rule files run about seven bytes a token
	if max < guess {
		guess = max + 1
	}
	toks := make([]lexer.Token, 0, guess)
	tz := newTokenizer(filename, src)
	for len(toks) <= max {
		t, err := tz.Next()
		if err != nil {
			return nil, err
		}
		toks = append(toks, t)
		if t.Type == TokEOF {
			break
		}
	}
	return toks, nil
}

// tokenizer makes the tokens of src one at a time (a lexer.Lexer).
// After EOF, Next returns EOF again.
type tokenizer struct {
	src   string
	pos   lexer.Position
	depth int // of ( and [: inside them, "#" is expr-lang's current element, not a comment
}

func newTokenizer(filename, src string) *tokenizer {
	return &tokenizer{src: src, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}}
}

func (tz *tokenizer) advance(n int) {
	pos := &tz.pos
	text := tz.src[pos.Offset : pos.Offset+n]
	if i := strings.LastIndexByte(text, '\n'); i >= 0 {
		pos.Line += strings.Count(text, "\n")
		pos.Column = 1 + utf8.RuneCountInString(text[i+1:])
	} else {
		pos.Column += utf8.RuneCountInString(text)
	}
	pos.Offset += n
}

func (tz *tokenizer) emit(typ lexer.TokenType, n int) (lexer.Token, error) {
	t := lexer.Token{Type: typ, Value: tz.src[tz.pos.Offset : tz.pos.Offset+n], Pos: tz.pos}
	tz.advance(n)
	return t, nil
}

// Next implements lexer.Lexer.
func (tz *tokenizer) Next() (lexer.Token, error) {
	src := tz.src
	for tz.pos.Offset < len(src) {
		pos := tz.pos
		rest := src[pos.Offset:]
		r, size := utf8.DecodeRuneInString(rest)
		switch {
		case r == utf8.RuneError && size == 1:
			return lexer.Token{}, &LexError{Pos: pos, Msg: "the file is not valid UTF-8"}
		case r == '\ufeff' && pos.Offset == 0:
			// A byte-order mark first: files read from disk have it
			// dropped (check's reader), but an editor's buffer may keep
			// it, and fray lsp said F001 "byte-order mark inside the
			// file" of a file lint reads. It is skipped as one column,
			// as the buffer counts it.
			tz.advance(size)
		case r == '\n' || r == ' ' || r == '\t' || r == '\r' || r == '\f':
			n := 1
			for n < len(rest) && isSpace(rest[n]) {
				n++
			}
			tz.advance(n)
		case r == '#' && tz.depth > 0:
			return tz.emit(TokPunct, 1)
		case r == '#':
			n := strings.IndexByte(rest, '\n')
			if n < 0 {
				n = len(rest)
			}
			n = len(strings.TrimRight(rest[:n], "\r"))
			return tz.emit(TokComment, n)
		case r == '"' || r == '\'':
			n, err := scanString(rest)
			if err != "" {
				return lexer.Token{}, &LexError{Pos: pos, Msg: err}
			}
			return tz.emit(TokString, n)
		case r >= '0' && r <= '9':
			n := scanDigits(rest)
			if d := scanDiceTail(rest[n:], true); d > 0 {
				return tz.emit(TokDice, n+d)
			}
			// A fraction needs a digit after the dot, so that 1..6 is a range.
			if n+1 < len(rest) && rest[n] == '.' && rest[n+1] >= '0' && rest[n+1] <= '9' {
				n += 1 + scanDigits(rest[n+1:])
			}
			if n < len(rest) && isIdentRune(rune(rest[n])) {
				m := n
				for m < len(rest) && isIdentRune(rune(rest[m])) {
					m++
				}
				if i := strings.IndexByte(rest[:m], 'd'); i == n && i+1 < m {
					return lexer.Token{}, &LexError{Pos: pos, Msg: fmt.Sprintf("malformed dice %q: after NdF may come !, kh, kl, dh or dl with a number, or a comparison with a number, like 4d6kh3, 3d6! or 5d6>=5", rest[:m])}
				}
				return lexer.Token{}, &LexError{Pos: pos, Msg: fmt.Sprintf("malformed number %q", rest[:m])}
			}
			return tz.emit(TokNumber, n)
		case r == '_' || unicode.IsLetter(r):
			if d := scanDiceTail(rest, false); d > 0 {
				return tz.emit(TokDice, d)
			}
			if m := diceThenName(rest); m > 0 {
				return lexer.Token{}, &LexError{Pos: pos, Msg: fmt.Sprintf("malformed dice %q: after dF may come !, kh, kl, dh or dl with a number, like d6! or d20kh1", rest[:m])}
			}
			n := 0
			for n < len(rest) {
				rr, sz := utf8.DecodeRuneInString(rest[n:])
				if !isIdentRune(rr) {
					break
				}
				n += sz
			}
			return tz.emit(TokIdent, n)
		default:
			n := size
			for _, p := range multiPunct {
				if strings.HasPrefix(rest, p) {
					n = len(p)
					break
				}
			}
			if n == size && !strings.ContainsRune("+-*/%^<>=!(){}[],.:;?|&~", r) {
				return lexer.Token{}, &LexError{Pos: pos, Msg: unexpectedChar(r)} // unexpected_char.go
			}
			switch r {
			case '(', '[':
				tz.depth++
			case ')', ']':
				if tz.depth > 0 {
					tz.depth--
				}
			}
			return tz.emit(TokPunct, n)
		}
	}
	return lexer.Token{Type: TokEOF, Pos: tz.pos}, nil
}

func isSpace(b byte) bool {
	return b == '\n' || b == ' ' || b == '\t' || b == '\r' || b == '\f'
}

func isIdentRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

func scanDigits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// scanDiceTail measures "d6", "d20" or "d%" at the start of s, with its
// notation (scanDiceNotation; counted: a count of dice came before),
// provided no identifier character follows (so "d6x" and "dex" stay
// identifiers).
func scanDiceTail(s string, counted bool) int {
	if len(s) < 2 || s[0] != 'd' {
		return 0
	}
	n := 1
	if s[1] == '%' {
		n = 2
	} else {
		d := scanDigits(s[1:])
		if d == 0 {
			return 0
		}
		n += d
	}
	n += scanDiceNotation(s[n:], counted)
	if n < len(s) {
		r, _ := utf8.DecodeRuneInString(s[n:])
		if isIdentRune(r) {
			return 0
		}
	}
	return n
}

// scanString measures a quoted string with backslash escapes.
func scanString(s string) (int, string) {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '\n':
			return 0, "string not terminated before the end of the line"
		case s[0]:
			return i + 1, ""
		}
	}
	return 0, "string not terminated"
}
