package syntax

import (
	"cmp"
	"slices"

	"github.com/alecthomas/participle/v2/lexer"
)

// The syntax tree. Every node records where it starts and ends so that
// diagnostics can point at the exact span. Struct tags are the grammar.

// File is one parsed .fray file: a ruleset or an encounter.
type File struct {
	Pos   lexer.Position
	Decls []*Decl `parser:"@@*"`

	Name     string    `parser:""`
	Src      string    `parser:""`
	Comments []Comment `parser:""`
	// Sources holds the text of every file a merged ruleset came from.
	Sources map[string]string `parser:""`
	// Tokens are the tokens of Sources, by file, as Parse made them.
	Tokens map[string][]lexer.Token
	// Placed is set on what the checker's merge of a chain of rulesets
	// gives: its phases stand in the order they run, each phase placed
	// before or after another already put there.
	Placed bool `parser:""`
	// Dropped are, by file, the byte ranges [from, to) of the
	// declarations of a chain's files that the merge removed or that an
	// override replaced: a name they alone use is unused in the merged
	// ruleset (check's usedNames).
	Dropped map[string][][2]int `parser:""`
}

// TokensOf are the tokens of source name, comments included: those Parse
// made, or made again.
func (f *File) TokensOf(name string) ([]lexer.Token, error) {
	if toks, ok := f.Tokens[name]; ok {
		return toks, nil
	}
	return Tokenize(name, f.Sources[name])
}

// StringIn finds the string literal token of a statement or declaration
// that starts at from and ends at to (to at from: the rest of the file):
// the first one, or the last. Its value is the literal as written, quotes
// and escapes included (the checker reads a template's expressions from
// it; fray explain shows a template as written).
func (f *File) StringIn(from, to lexer.Position, last bool) (lexer.Token, bool) {
	src := f.Sources[from.Filename]
	if from.Offset > len(src) || to.Offset > len(src) || to.Offset < from.Offset {
		return lexer.Token{}, false
	}
	if to.Offset == from.Offset {
		to.Offset = len(src)
	}
	toks, err := f.TokensOf(from.Filename)
	if err != nil {
		return lexer.Token{}, false
	}
	// The file's tokens are in order: find the first at from, then scan.
	i, _ := slices.BinarySearchFunc(toks, from.Offset, func(t lexer.Token, off int) int { return cmp.Compare(t.Pos.Offset, off) })
	var found lexer.Token
	ok := false
	for ; i < len(toks) && toks[i].Pos.Offset < to.Offset; i++ {
		if t := toks[i]; t.Type == TokString {
			found, ok = t, true
			if !last {
				break
			}
		}
	}
	return found, ok
}

// Comment is a "#" comment, kept for the formatter.
type Comment struct {
	Pos  lexer.Position
	Text string
}

// Str is a quoted string literal; it stores the unquoted text.
type Str string

// Capture unquotes the literal; a bad escape is an *EscapeError, which
// SyntaxDiag places at its backslash.
func (s *Str) Capture(values []string) error {
	u, err := Unquote(values[0])
	if err != nil {
		if e := badEscape(values[0]); e != nil {
			return e
		}
		return err
	}
	*s = Str(u)
	return nil
}

// Decl is one top-level declaration.
type Decl struct {
	Pos       lexer.Position
	Override  bool           `parser:"@\"override\"?"`
	Remove    *RemoveDecl    `parser:"( @@"`
	Ruleset   *RulesetDecl   `parser:"| @@"`
	Encounter *EncounterDecl `parser:"| @@"`
	Schema    *SchemaDecl    `parser:"| @@"`
	Side      *SideDecl      `parser:"| @@"`
	Const     *ConstDecl     `parser:"| @@"`
	Event     *EventDecl     `parser:"| @@"`
	Handler   *HandlerDecl   `parser:"| @@"`
	Action    *ActionDecl    `parser:"| @@"`
	Table     *TableDecl     `parser:"| @@"`
	Modifiers *ModifiersDecl `parser:"| @@"`
	Func      *FuncDecl      `parser:"| @@"`
	Phase     *PhaseDecl     `parser:"| @@"`
	End       *EndDecl       `parser:"| @@"`
	Script    *ScriptDecl    `parser:"| @@"`
	Ruling    *RulingDecl    `parser:"| @@"`
	Map       *MapDecl       `parser:"| @@"`
	Order     *OrderDecl     `parser:"| @@"`   // v2 (part B): ast_order.go
	Condition *ConditionDecl `parser:"| @@"`   // condition.go (language v2, part D)
	Slots     *SlotsDecl     `parser:"| @@"`   // slots.go (language v2, item 5)
	Point     *PointDecl     `parser:"| @@"`   // v2 item 3: point_ast.go
	React     *ReactDecl     `parser:"| @@"`   // v2 item 3: point_ast.go
	Test      *TestDecl      `parser:"| @@ )"` // test_ast.go
}

// RemoveDecl removes a named declaration of the base ruleset:
// "remove phase surprise", "remove table x", "remove on hit".
type RemoveDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Kind   string `parser:"\"remove\" @(\"phase\" | \"table\" | \"modifiers\" | \"action\" | \"event\" | \"const\" | \"on\" | \"fn\" | \"condition\" | \"point\" | \"react\")"`
	Name   string `parser:"@Ident"`
	Label  *Str   `parser:"@String?"` // v2 item 3: remove react POINT "label"
}

// RulesetDecl is the header of a rule file.
type RulesetDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   Str            `parser:"\"ruleset\" @String \"{\""`
	Fields []*HeaderField `parser:"@@* \"}\""`
}

// EncounterDecl is the header of an encounter file.
type EncounterDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   Str            `parser:"\"encounter\" @String \"{\""`
	Fields []*HeaderField `parser:"@@* \"}\""`
}

// HeaderField is "key value, value, ..." inside a header.
type HeaderField struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Key    string   `parser:"@Ident"`
	Values []*Value `parser:"@@ (\",\" @@)*"`
}

// Value is a literal in headers, encounters and script arguments.
type Value struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Number *NumberLit `parser:"  @@"`
	String *Str       `parser:"| @String"`
	Dice   *string    `parser:"| @Dice"`
	List   *ListLit   `parser:"| @@"`
	Ident  *string    `parser:"| @Ident"`
}

// ListLit is "[v, v, ...]".
type ListLit struct {
	Pos   lexer.Position
	Items []*Value `parser:"\"[\" (@@ (\",\" @@)*)? \"]\""`
}

// NumberLit is an optionally negative number.
type NumberLit struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Neg    bool   `parser:"@\"-\"?"`
	Text   string `parser:"@Number"`
}

// SchemaDecl declares the typed attributes of combatants or sides.
type SchemaDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Kind   string      `parser:"@(\"combatant\" | \"side\") \"{\""`
	Attrs  []*AttrDecl `parser:"@@* \"}\""`
}

// AttrDecl is "name: type = default", or "name: type = derived expr"
// for an attribute the engine computes from the others (check/derived.go).
type AttrDecl struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Name    string   `parser:"@Ident \":\""`
	Type    *TypeRef `parser:"@@"`
	Derived bool     `parser:"(\"=\" @\"derived\"?"` // language v2 (part D)
	Default *Expr    `parser:"@@)?"`
}

// TypeRef names a type: int, float, bool, string, dice, combatant, side or list[T].
type TypeRef struct {
	Pos    lexer.Position
	EndPos lexer.Position
	List   *TypeRef `parser:"  \"list\" \"[\" @@ \"]\""`
	Name   string   `parser:"| @Ident"`
}

// SideDecl is an encounter's side with its settings and combatants.
type SideDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string      `parser:"\"side\" @Ident \"{\""`
	Items  []*SideItem `parser:"@@* \"}\""`
}

// SideItem is a combatant or a side setting.
type SideItem struct {
	Combatant *CombatantDecl `parser:"  @@"`
	Set       *Setting       `parser:"| @@"`
}

// CombatantDecl is one combatant of an encounter.
type CombatantDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string     `parser:"\"combatant\" @Ident"`
	Sets   []*Setting `parser:"(\"{\" @@* \"}\")?"`
}

// Setting is "attribute = value".
type Setting struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string `parser:"@Ident \"=\""`
	Value  *Value `parser:"@@ \";\"?"`
}

// ConstDecl is a named constant of the ruleset.
type ConstDecl struct {
	Pos   lexer.Position
	Name  string   `parser:"\"const\" @Ident"`
	Type  *TypeRef `parser:"(\":\" @@)? \"=\""`
	Value *Expr    `parser:"@@"`
}

// FuncDecl is a function of the ruleset: one expression of its typed
// parameters, the constants and the fight, with a declared result type:
// fn fighting(l: list[combatant]): list[combatant] = filter(living(l), .fit).
// A function with a statement body (Block, instead of Body) is a
// procedure: it may change the fight, returns its value with
// "return EXPR", and may have no result (proc.go in dsl/check).
type FuncDecl struct {
	Pos    lexer.Position
	Choice bool     `parser:"( @\"choice\" | \"fn\" )"` // slots.go: a choice point
	Name   string   `parser:"@Ident \"(\""`
	Params []*Param `parser:"(@@ (\",\" @@)*)? \")\""`
	Result *TypeRef `parser:"(\":\" @@)?"`
	Body   *Expr    `parser:"( \"=\" @@"`
	Block  *Block   `parser:"| @@ )"` // v2: procedures
}

// Param is a typed parameter with an optional default.
type Param struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Name    string   `parser:"@Ident \":\""`
	Type    *TypeRef `parser:"@@"`
	Default *Expr    `parser:"(\"=\" @@)?"`
}

// EventDecl declares an event with typed parameters and a log template.
type EventDecl struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Name     string   `parser:"\"event\" @Ident \"(\""`
	Params   []*Param `parser:"(@@ (\",\" @@)*)? \")\""`
	Template *Str     `parser:"@String?"`
}

// HandlerDecl runs a block whenever an event is emitted.
type HandlerDecl struct {
	Pos   lexer.Position
	Event string `parser:"\"on\" @Ident"`
	Body  *Block `parser:"@@"`
}

// ActionDecl is something a combatant can declare and resolve.
type ActionDecl struct {
	Pos    lexer.Position
	Name   string       `parser:"\"action\" @Ident"`
	Params []*Param     `parser:"(\"(\" (@@ (\",\" @@)*)? \")\")?"`
	Costs  []*CostGroup `parser:"(\"costs\" @@ (\",\" @@)*)?"` // slots.go
	Body   *Block       `parser:"@@"`
}

// TableDecl is a table keyed by roll values or ranges, or by several
// typed keys: "table attacks(class: string, level: int) { ... }".
type TableDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string      `parser:"\"table\" @Ident"`
	Params []*Param    `parser:"(\"(\" @@ (\",\" @@)* \")\")?"`
	Dice   *DiceRef    `parser:"@@?"`
	TBA    bool        `parser:"@\"tba\"? \"{\""`
	Rows   []*TableRow `parser:"@@* \"}\""`
}

// DiceRef is the dice that feed a table.
type DiceRef struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Text   string `parser:"@Dice"`
}

// TableRow is "key, key: ["label"] [value] [effect { ... }]".
type TableRow struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Keys   []*Key `parser:"@@ (\",\" @@)* \":\""`
	Label  *Str   `parser:"@String?"`
	Value  *Expr  `parser:"@@?"`
	Effect *Block `parser:"(\"effect\" @@)?"`
}

// Key is one key of a row: a number or range, a string, or "_" for any.
type Key struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Range  *KeyRange `parser:"  @@"`
	String *Str      `parser:"| @String"`
	Any    bool      `parser:"| @\"_\""`
}

// KeyRange is "3", "1-4" or "13+".
type KeyRange struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Lo     *NumberLit `parser:"@@"`
	Plus   bool       `parser:"( @\"+\""`
	Hi     *NumberLit `parser:"| \"-\" @@ )?"`
}

// ModifiersDecl is a set of labelled, conditional modifiers, aggregated.
type ModifiersDecl struct {
	Pos       lexer.Position
	EndPos    lexer.Position
	Name      string      `parser:"\"modifiers\" @Ident"`
	Params    []*Param    `parser:"\"(\" (@@ (\",\" @@)*)? \")\""`
	Over      *OverClause `parser:"(\"over\" @@)?"`
	Aggregate string      `parser:"(\"aggregate\" @(\"sum\" | \"max\" | \"min\" | \"best\" | \"worst\"))? \"{\""`
	Rows      []*ModRow   `parser:"@@* \"}\""`
}

// OverClause is "over LIST as NAME".
type OverClause struct {
	Pos  lexer.Position
	List *Expr  `parser:"@@"`
	Var  string `parser:"\"as\" @Ident"`
}

// ModRow is one modifier: "label" value [when condition].
type ModRow struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Label  Str   `parser:"@String"`
	Value  *Expr `parser:"@@"`
	When   *Expr `parser:"(\"when\" @@)?"`
}

// PhaseDecl is a step of the procedure and when it runs.
type PhaseDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string `parser:"\"phase\" @Ident"`
	Once   bool   `parser:"( @\"once\""`
	Each   string `parser:"| \"each\" @(\"round\" | \"segment\")"`
	AtEnd  bool   `parser:"| \"at\" @\"end\" )"`
	Place  string `parser:"(@(\"before\" | \"after\")"`
	Anchor string `parser:"@Ident)?"`
	Body   *Block `parser:"@@"`
}

// EndDecl is the end condition of a combat.
type EndDecl struct {
	Pos  lexer.Position
	When *Expr `parser:"\"end\" \"when\" @@"`
}

// ScriptDecl is the declarations of an encounter for one round.
type ScriptDecl struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Surprise bool           `parser:"( @\"surprise\""`
	Round    *NumberLit     `parser:"| \"round\" @@ ) \"{\""`
	Lines    []*Declaration `parser:"@@* \"}\""`
}

// Declaration is "who: action(arg = value, ...)", with further actions
// after "then" and any of them held ("who: hold action(...)"), or a
// choice answered: "who chooses choice = value" (slots.go).
type Declaration struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Who    string        `parser:"@Ident"`
	Choice *ChoiceAnswer `parser:"( @@"`
	Hold   bool          `parser:"| \":\" ( (?= \"hold\" (?! \"then\") Ident (?! \":\" | \"chooses\")) @\"hold\" )?"` // slots.go: not an action named hold
	Action string        `parser:"@Ident"`
	Args   []*Arg        `parser:"(\"(\" (@@ (\",\" @@)*)? \")\")?"`
	Then   []*Step       `parser:"(\"then\" @@)* ) \";\"?"`
}

// Arg is a positional or named script argument.
type Arg struct {
	Pos   lexer.Position
	Name  *string `parser:"(@Ident \"=\")?"`
	Value *Value  `parser:"@@"`
}

// RulingDecl is a DM ruling: named settings applied before the fight.
type RulingDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Text   Str            `parser:"\"ruling\" @String \"{\""`
	Sets   []*PathSetting `parser:"@@* \"}\""`
}

// PathSetting is "side.attr = value" or "combatant.attr = value".
type PathSetting struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Path   *Path  `parser:"@@ \"=\""`
	Value  *Value `parser:"@@ \";\"?"`
}

// Path is a dotted name, each part with its position.
type Path struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Parts  []*Name `parser:"@@ (\".\" @@)*"`
}

// Name is one identifier with its position.
type Name struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Text   string `parser:"@Ident"`
}

// Block is a braced list of statements.
type Block struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Stmts  []*Stmt `parser:"\"{\" (@@ \";\"?)* \"}\""`
}

// Stmt is one statement. Its forms are picked by their first word
// (Stmt.Parse, parse_stmt.go); the tags are the same choice written as
// participle's disjunction, in the order the forms are tried.
type Stmt struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Let      *LetStmt      `parser:"  @@"`
	If       *IfStmt       `parser:"| @@"`
	Group    *GroupStmt    `parser:"| @@"` // v2 (part B): ast_group.go
	For      *ForStmt      `parser:"| @@"`
	Emit     *EmitStmt     `parser:"| @@"`
	Act      *ActStmt      `parser:"| @@"`
	Declare  *DeclareStmt  `parser:"| @@"`
	Schedule *ScheduleStmt `parser:"| @@"`
	Cancel   *CancelStmt   `parser:"| @@"`
	Segment  *SegmentStmt  `parser:"| @@"`
	Log      *LogStmt      `parser:"| @@"`
	Apply    *ApplyStmt    `parser:"| @@"`
	Return   *ReturnStmt   `parser:"| @@"`
	While    *WhileStmt    `parser:"| @@"` // v2 (part B): ast_while.go
	Referee  *RefereeStmt  `parser:"| @@"` // ast_referee.go
	// Language v2, part D (condition.go).
	ApplyCondition  *ApplyConditionStmt  `parser:"| @@"`
	RemoveCondition *RemoveConditionStmt `parser:"| @@"`
	// Engagement (engage.go).
	Engage    *EngageStmt    `parser:"| @@"`
	Disengage *DisengageStmt `parser:"| @@"`
	Call      *CallStmt      `parser:"| @@"` // v2: call_ast.go
	// v2 item 3 (point_ast.go).
	Interrupt     *InterruptStmt     `parser:"| @@"`
	CancelPending *CancelPendingStmt `parser:"| @@"`
	Assign        *AssignStmt        `parser:"| @@"`
}

// LetStmt binds a local name.
type LetStmt struct {
	Pos   lexer.Position
	Name  *Name `parser:"\"let\" @@ \"=\""`
	Value *Expr `parser:"@@"`
}

// IfStmt is a conditional.
type IfStmt struct {
	Pos  lexer.Position
	Cond *Expr       `parser:"\"if\" @@"`
	Then *Block      `parser:"@@"`
	Else *ElseClause `parser:"(\"else\" @@)?"`
}

// ElseClause is "else if ..." or "else { ... }".
type ElseClause struct {
	If    *IfStmt `parser:"  @@"`
	Block *Block  `parser:"| @@"`
}

// ForStmt iterates a list, optionally in an order with a tie policy.
type ForStmt struct {
	Pos          lexer.Position
	Var          *Name       `parser:"\"for\" @@ \"in\""`
	List         *LoopList   `parser:"@@"`
	Clock        *Clock      `parser:"@@?"` // a timed loop (timed.go)
	Keys         []*OrderKey `parser:"(\"by\" @@ (\",\" @@)*)?"`
	Simultaneous bool        `parser:"@\"simultaneous\"?"`
	Body         *Block      `parser:"@@"`
}

// OrderKey is one sort key: ["label"] expression [asc|desc].
type OrderKey struct {
	Pos   lexer.Position
	Label *Str   `parser:"@String?"`
	Key   *Expr  `parser:"@@"`
	Dir   string `parser:"@(\"asc\" | \"desc\")?"`
}

// EmitStmt raises an event.
type EmitStmt struct {
	Pos   lexer.Position
	Event *Name   `parser:"\"emit\" @@ \"(\""`
	Args  []*Expr `parser:"(@@ (\",\" @@)*)? \")\""`
}

// ActStmt resolves a combatant's declared action. "act held WHO with
// NAME = EXPR, ..." performs the held declaration with those arguments
// in place of the script's (slots.go).
type ActStmt struct {
	Pos  lexer.Position
	Held bool       `parser:"\"act\" ( (?= \"held\" Ident) @\"held\" )?"` // slots.go: the held declaration
	Who  *WithExpr  `parser:"@@"`
	With []*HeldArg `parser:"( \"with\" @@ ( \",\" @@ )* )?"`
}

// WithExpr is an expression that the word "with" ends: the combatant of
// an act statement, before the arguments of act held.
type WithExpr struct{ Expr }

// Parse implements participle.Parseable.
func (e *WithExpr) Parse(lex *lexer.PeekingLexer) error { return e.parseUntil(lex, "with") }

// HeldArg is one argument "NAME = EXPR" given to a held declaration.
type HeldArg struct {
	Pos   lexer.Position
	Name  *Name `parser:"@@ \"=\""`
	Value *Expr `parser:"@@"`
}

// DeclareStmt collects every living combatant's declaration for the
// round, or, as "declare(c)", one combatant's (a latecomer's).
type DeclareStmt struct {
	Pos lexer.Position
	Kw  bool  `parser:"@\"declare\""`
	Who *Expr `parser:"(\"(\" @@ \")\")?"`
}

// ScheduleStmt runs a block later: "schedule "label" for WHO after N { ... }",
// or, on a timed loop's clock, "schedule [TIE] "label" for WHO at M { ... }"
// (timed.go).
type ScheduleStmt struct {
	Pos   lexer.Position
	Tie   *Tie    `parser:"\"schedule\" @@?"`
	Label Str     `parser:"@String \"for\""`
	Who   *AtExpr `parser:"@@"`
	After *Expr   `parser:"( \"after\" @@"`
	At    *Expr   `parser:"| \"at\" @@ )"`
	Body  *Block  `parser:"@@"`
}

// CancelStmt drops what is scheduled under a label for someone.
type CancelStmt struct {
	Pos   lexer.Position
	Label Str   `parser:"\"cancel\" @String \"for\""`
	Who   *Expr `parser:"@@"`
}

// SegmentStmt runs a block as a numbered segment.
type SegmentStmt struct {
	Pos  lexer.Position
	N    *Expr  `parser:"\"segment\" @@"`
	Body *Block `parser:"@@"`
}

// LogStmt writes a line to the log; {expr} interpolates.
type LogStmt struct {
	Pos  lexer.Position
	Text Str `parser:"\"log\" @String"`
}

// ApplyStmt rolls a table (or looks its keys up) and runs the row's
// effect block against a combatant: "apply wounds to foe",
// "apply wounds(7) to foe".
type ApplyStmt struct {
	Pos    lexer.Position
	Table  *Name   `parser:"\"apply\" @@"`
	Keys   []*Expr `parser:"(\"(\" (@@ (\",\" @@)*)? \")\")?"`
	Target *Expr   `parser:"\"to\" @@"`
}

// ReturnStmt leaves the current action, handler or phase; in a
// procedure with a result, "return EXPR" gives its value (the value
// must start on the line of the return).
type ReturnStmt struct {
	Pos   lexer.Position
	Kw    bool  `parser:"@\"return\""`
	Value *Expr `parser:"@@?"`
}

// AssignStmt sets an attribute or a local.
type AssignStmt struct {
	Pos    lexer.Position
	Target *Path  `parser:"@@"`
	Op     string `parser:"@(\"=\" | \"+=\" | \"-=\")"`
	Value  *Expr  `parser:"@@"`
}

// MapDecl is an encounter's map: rows of squares as string literals ("#"
// solid, "." floor, any other character a combatant), then a legend that
// names the combatant each character stands for:
//
//	map {
//	  "#####"
//	  "#a.b#"
//	  "#####"
//	  a: alice
//	  b: bob
//	}
type MapDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Rows   []*MapRow `parser:"\"map\" \"{\" @@*"`
	Legend []*MapKey `parser:"@@* \"}\""`
}

// MapRow is one row of a map.
type MapRow struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Text   Str `parser:"@String"`
}

// MapKey is "symbol: combatant" in a map's legend.
type MapKey struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Symbol string `parser:"@(Ident | Number)"`
	Who    *Name  `parser:"\":\" @@ \";\"?"`
}

// WithoutScript is the file without its script (its round blocks): what
// fray sim reads of an encounter, whose fights are unscripted, so that a
// script written for one ruleset does not stop the comparison of the
// same fights under another (sim --compare). The declarations are
// shared, not copied.
func (f *File) WithoutScript() *File {
	g := *f
	g.Decls = make([]*Decl, 0, len(f.Decls))
	for _, d := range f.Decls {
		if d.Script == nil {
			g.Decls = append(g.Decls, d)
		}
	}
	return &g
}
