package syntax

import "github.com/alecthomas/participle/v2/lexer"

// None is the word for "no value" (language v2): a combatant or side
// attribute, parameter or local that refers to nobody is none, and
// `x == none` asks for it. In an expression it is expr-lang's nil; the
// checker reads the text with NoneText in its place, as wide as the word,
// so that every column stays the file's.
const None = "none"

// NoneText stands for none in the text expr-lang reads.
const NoneText = "nil "

// isNone reports whether token i of toks is the word none: not an
// attribute of that name (after "." or "?.") nor a call of expr-lang's
// builtin none(list, predicate) (before "(").
func isNone(toks []lexer.Token, i int) bool {
	t := toks[i]
	if t.Type != TokIdent || t.Value != None {
		return false
	}
	if i+1 < len(toks) && toks[i+1].Value == "(" {
		return false
	}
	return i == 0 || toks[i-1].Value != "." && toks[i-1].Value != "?."
}
