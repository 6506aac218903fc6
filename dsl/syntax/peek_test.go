package syntax

import (
	"reflect"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// TestPeekOverIsUpgrade checks that peekOver still knows the layout of
// participle's PeekingLexer, and makes the lexer lexer.Upgrade makes.
func TestPeekOverIsUpgrade(t *testing.T) {
	if !peekLayoutMatches {
		t.Fatal("lexer.PeekingLexer changed its layout: peekOver copies the tokens again (update peekingLexer)")
	}
	for _, src := range []string{"", "# only a comment\n", "# lead\nphase p each round { log \"x\" } # tail\n", "let a = 1"} {
		toks, err := Tokenize("p.fray", src)
		if err != nil {
			t.Fatal(err)
		}
		ours, err := peekOver(toks)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := lexer.Upgrade(&sliceLexer{toks: toks}, TokComment)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(*ours, *theirs) {
			t.Fatalf("%q: peekOver made %+v, Upgrade %+v", src, *ours, *theirs)
		}
		if &ours.Range(0, 1)[0] != &toks[0] {
			t.Fatalf("%q: peekOver copied the tokens", src)
		}
	}
}
