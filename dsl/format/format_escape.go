package format

import (
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// The lexer takes any character inside a string literal or a comment, so
// a rule file may hold a raw ESC, NUL or bidirectional override there.
// Copied verbatim, it would reach the terminal of whoever runs fray fmt
// (and, written back with -w, every later reader of the file). The writer
// therefore spells such a character as an escape: inside a string literal
// as the escape the parser reads back as the same character (\x1b,
// \u202e), so the string's value does not change; inside a comment as the
// same text, which has no meaning to change. Tabs stay (they are ordinary
// in text); newlines cannot occur in either.

// Escape writes every unsafe character of s, and every byte that is not
// UTF-8, as an escape that both Go's and expr-lang's string syntax read
// back as that character or byte. fray fmt writes strings and comments
// through it, and the removed lines of its diff (the source's, not its
// own). An unsafe character is never part of an escape already there (the
// parser would have refused "\" followed by one), so each can be replaced
// where it stands.
func Escape(s string) string { return diag.Escape(s, true) }

// tokenText is the text the formatter writes for the source token t;
// inExpr tells whether t is a token of an expression.
func tokenText(t lexer.Token, inExpr bool) string {
	switch t.Type {
	case syntax.TokString:
		return escapeString(t.Value, inExpr)
	case syntax.TokComment:
		return Escape(trimComment(t.Value))
	}
	return t.Value
}

// escapeString is a string literal with its unsafe characters escaped so
// that it reads back as the same text. Two spellings differ by reader: a
// byte that is not UTF-8 is read by Go and by expr-lang alike as U+FFFD,
// so it is written as that character; a raw carriage return is read by the
// header's reader (Go's) as itself, but expr-lang turns it into a newline
// in an expression's string, so there it is written \n.
func escapeString(lit string, inExpr bool) string {
	if !utf8.ValidString(lit) {
		var b strings.Builder
		for i := 0; i < len(lit); {
			r, size := utf8.DecodeRuneInString(lit[i:])
			b.WriteRune(r) // an invalid byte decodes as U+FFFD, one per byte
			i += size
		}
		lit = b.String()
	}
	if inExpr {
		lit = strings.ReplaceAll(lit, "\r", `\n`)
	}
	return Escape(lit)
}

// sameExprString tells whether two string literals of an expression mean
// the same text to expr-lang (which reads a raw carriage return as a
// newline, escapes as Go does).
func sameExprString(a, b string) bool {
	norm := strings.NewReplacer("\r\n", `\n`, "\r", `\n`) // as escapes: Go's Unquote takes no raw newline
	ua, errA := syntax.Unquote(norm.Replace(a))
	ub, errB := syntax.Unquote(norm.Replace(b))
	return errA == nil && errB == nil && ua == ub
}
