package syntax

import (
	"errors"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// An if statement's else is optional, and participle drops an optional
// group that fails within its lookahead without a word: a statement
// that does not parse just inside an else block (`} else { box().state
// = "kept" }`, the thirteenth homebrew round's) left the if statement
// ending at its first block, and the error fell on the "else" after it
// ("unexpected token else, expected }"), a line with nothing wrong.
// elseError parses the else clause alone, for its own error, where an
// if statement parsed but an else follows it.

// elseTail is an else clause after an if statement's block.
type elseTail struct {
	Else *ElseClause `parser:"\"else\" @@"`
}

var elseTailParser = sync.OnceValue(func() *participle.Parser[elseTail] {
	return participle.MustBuild[elseTail](parserOptions()...)
})

// elseError is the error of the else clause at lex, left at that error,
// when it fails past the word after "else" (a block or an if begun: no
// statement starts with "else {" or "else if"); nil otherwise, lex
// untouched.
func elseError(lex *lexer.PeekingLexer) error {
	if t := lex.Peek(); t.Type != TokIdent || t.Value != "else" {
		return nil
	}
	branch := *lex
	_, err := elseTailParser().ParseFromLexer(&branch, participle.AllowTrailing(true))
	var perr participle.Error
	if err == nil || !errors.As(err, &perr) {
		return nil
	}
	probe := *lex
	probe.Next() // else
	if perr.Position().Offset <= probe.Peek().Pos.Offset {
		return nil
	}
	for at := perr.Position().Offset; !lex.Peek().EOF() && lex.Peek().Pos.Offset < at; {
		lex.Next()
	}
	return err
}
