package syntax

import (
	"path/filepath"
	"reflect"
	"testing"

	"os"

	"github.com/alecthomas/participle/v2/lexer"
)

// sameDecls fails the test unless Decl.Parse's dispatch and
// participle's disjunction both accept src with the same declarations,
// or both refuse it.
func sameDecls(t *testing.T, what, src string) {
	t.Helper()
	toks, err := Tokenize("p.fray", src)
	if err != nil {
		return // not a question for the parser
	}
	peek, err := lexer.Upgrade(&sliceLexer{toks: toks}, TokComment)
	if err != nil {
		t.Fatal(err)
	}
	fast, ferr := fileParser().ParseFromLexer(peek)
	ref, rerr := parseDisjunction(toks)
	if (ferr == nil) != (rerr == nil) {
		t.Fatalf("%s: the dispatch says %v, the disjunction %v\nsource:\n%s", what, ferr, rerr, src)
	}
	if ferr == nil && !reflect.DeepEqual(fast.Decls, ref.Decls) {
		t.Fatalf("%s: the declarations differ\nsource:\n%s", what, src)
	}
}

// TestDeclDispatchIsTheDisjunction parses every .fray file of the
// repository, and damaged copies of every declaration of the rule files
// (a word dropped, or a stray word, = or override put in, at many
// places), both ways.
func TestDeclDispatchIsTheDisjunction(t *testing.T) {
	eachDamaged(t, []string{"zap", "=", "override", "side"}, func(what, src string) { sameDecls(t, what, src) })
}

// FuzzDeclDispatch compares the two on any text.
func FuzzDeclDispatch(f *testing.F) {
	for _, pat := range []string{"../../rules/*.fray", "../../testdata/bad/*.fray"} {
		files, _ := filepath.Glob(pat)
		for _, name := range files {
			data, _ := readFile(name)
			f.Add(data)
		}
	}
	f.Add("side { x: int = 1 }\nside a { combatant b }\noverride const c = 1\n")
	f.Add("order melee(a: combatant, b: combatant) {\n  \"more\": a.x > b.x\n  \"name\": a.name < b.name;\n}\norder = 1\n")
	f.Add("point hits(a: combatant, d: int) \"{a.name}\"\nreact hits \"parry\" by a when d > 0 { d = 0 cancel }\nremove react hits \"parry\"\npoint = 1\n")
	f.Fuzz(func(t *testing.T, src string) {
		sameDecls(t, "fuzz", src)
	})
}

func readFile(name string) (string, error) {
	b, err := os.ReadFile(name)
	return string(b), err
}
