package syntax

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// A declaration, like a statement (parse_stmt.go), is parsed by the
// forms its first word allows rather than by trying its seventeen forms
// in turn. Unlike Stmt.Parse, Decl.Parse does not report errors itself:
// when no form parses, the whole file is parsed again by participle's
// own disjunction (parseDisjunction), whose error is the diagnostic. A
// file with a syntax error is parsed twice; a file without none is
// parsed faster, into the same tree (TestDeclDispatchIsTheDisjunction).

// declForms are the forms in the order of Decl's fields, after override.
var declForms = []form[Decl]{
	formOf(func(d *Decl) **RemoveDecl { return &d.Remove }, "remove"),
	formOf(func(d *Decl) **RulesetDecl { return &d.Ruleset }, "ruleset"),
	formOf(func(d *Decl) **EncounterDecl { return &d.Encounter }, "encounter"),
	formOf(func(d *Decl) **SchemaDecl { return &d.Schema }, "combatant", "side"),
	formOf(func(d *Decl) **SideDecl { return &d.Side }, "side"),
	formOf(func(d *Decl) **ConstDecl { return &d.Const }, "const"),
	formOf(func(d *Decl) **EventDecl { return &d.Event }, "event"),
	formOf(func(d *Decl) **HandlerDecl { return &d.Handler }, "on"),
	formOf(func(d *Decl) **ActionDecl { return &d.Action }, "action"),
	formOf(func(d *Decl) **TableDecl { return &d.Table }, "table"),
	formOf(func(d *Decl) **ModifiersDecl { return &d.Modifiers }, "modifiers"),
	formOf(func(d *Decl) **FuncDecl { return &d.Func }, "fn", "choice"),
	formOf(func(d *Decl) **PhaseDecl { return &d.Phase }, "phase"),
	formOf(func(d *Decl) **EndDecl { return &d.End }, "end"),
	formOf(func(d *Decl) **ScriptDecl { return &d.Script }, "surprise", "round"),
	formOf(func(d *Decl) **RulingDecl { return &d.Ruling }, "ruling"),
	formOf(func(d *Decl) **MapDecl { return &d.Map }, "map"),
	formOf(func(d *Decl) **OrderDecl { return &d.Order }, "order"),
	formOf(func(d *Decl) **ConditionDecl { return &d.Condition }, "condition"),
	formOf(func(d *Decl) **SlotsDecl { return &d.Slots }, "slots"),
	formOf(func(d *Decl) **PointDecl { return &d.Point }, "point"), // v2 item 3
	formOf(func(d *Decl) **ReactDecl { return &d.React }, "react"), // v2 item 3
	formOf(func(d *Decl) **TestDecl { return &d.Test }, "test", "property"),
}

// Parse implements participle.Parseable.
func (d *Decl) Parse(lex *lexer.PeekingLexer) error {
	first := lex.Peek()
	start := *lex
	override := first.Type == TokIdent && first.Value == "override"
	if override {
		start.Next()
	}
	word := start.Peek()
	if word.Type != TokIdent {
		return participle.NextMatch
	}
	for i := range declForms {
		f := &declForms[i]
		if !f.starts(word.Value) {
			continue // it fails at its first word: no match, no error
		}
		branch := start
		if err := f.parse(&branch, d); err == nil {
			*lex = branch
			d.Pos, d.Override = first.Pos, override
			return nil
		}
		*d = Decl{}
		if branch.Cursor() > start.Cursor()+lookahead {
			// The disjunction would stop at this error: the file's parse
			// gives up, for parseDisjunction's error.
			return participle.NextMatch
		}
	}
	return participle.NextMatch
}

// declDisjunction is Decl without its Parse method: participle's own
// disjunction; fileDisjunction is a File of them.
type (
	declDisjunction Decl
	fileDisjunction struct {
		Pos   lexer.Position
		Decls []*declDisjunction `parser:"@@*"`
	}
)

var disjunctionParser = sync.OnceValue(func() *participle.Parser[fileDisjunction] {
	return participle.MustBuild[fileDisjunction](parserOptions()...)
})

// parseDisjunction parses a file's tokens with participle's disjunction
// for declarations.
func parseDisjunction(toks []lexer.Token) (*File, error) {
	peek, err := lexer.Upgrade(&sliceLexer{toks: toks}, TokComment)
	if err != nil {
		return nil, err
	}
	fd, err := disjunctionParser().ParseFromLexer(peek)
	if err != nil {
		return nil, err
	}
	f := &File{Pos: fd.Pos}
	for _, d := range fd.Decls {
		f.Decls = append(f.Decls, (*Decl)(d))
	}
	return f, nil
}
