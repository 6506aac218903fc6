package syntax

import "github.com/alecthomas/participle/v2/lexer"

// A test file (by convention named *_test.fray, like Go's) states what a
// ruleset must do, in blocks that fray test runs:
//
//	test "the orc's hit spoils the spell" {
//	  encounter "../worked/w10b_halvaine_spell_spoiled.fray"
//	  expect count(events, .name == "spell_spoiled") == 1
//	}
//
//	property "the party is surprised in about 1/3 of fights" {
//	  encounter "../encounters/halvaine_and_the_orcs.fray"
//	  fights 500
//	  after surprise
//	  expect near(rate(any(sides, .name == "party" && .surprised > 0)), 1/3, 0.05)
//	}
//
// The settings (encounter, rules, dice, seed, rounds, fights, after,
// golden, error) are header fields; expect takes an expression. Package
// check gives them their meaning (testfile.go) and interp/fraytest runs
// them.

// TestDecl is a test or property block.
type TestDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Kind   string      `parser:"@(\"test\" | \"property\")"`
	Name   Str         `parser:"@String \"{\""`
	Items  []*TestItem `parser:"(@@ \";\"?)* \"}\""`
}

// TestItem is one line of a test block: an expectation, the flag exact,
// or a setting such as encounter "path" or dice 5, 4.
type TestItem struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Expect *Expr        `parser:"  \"expect\" @@"`
	Exact  bool         `parser:"| @\"exact\""`
	Field  *HeaderField `parser:"| @@"`
}

// IsTestFile reports whether a parsed file holds test or property blocks.
func (f *File) IsTestFile() bool {
	for _, d := range f.Decls {
		if d.Test != nil {
			return true
		}
	}
	return false
}
