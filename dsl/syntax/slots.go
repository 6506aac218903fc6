package syntax

import "github.com/alecthomas/participle/v2/lexer"

// Action slots and costs, several declarations a round, choice points
// (language v2, issue #16 item 5; docs/actions.md).

// SlotsDecl is the ruleset's action economy: how many declarations of
// each kind a combatant may make in a round,
// "slots { main 1  move 1  free 3  instant 1 }".
type SlotsDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Slots  []*SlotDef `parser:"\"slots\" \"{\" @@* \"}\""`
}

// SlotDef is one slot kind and how many a round: "main 1".
type SlotDef struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string     `parser:"@Ident"`
	Count  *NumberLit `parser:"@@ \";\"?"`
}

// CostGroup is one part of an action's cost, paid with one slot of any
// of its alternatives: "main or move".
type CostGroup struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Alts   []*Name `parser:"@@ (\"or\" @@)*"`
}

// ChoiceAnswer is an encounter's answer to a choice point for one
// combatant in one round: "halvaine chooses abort_spell = true".
type ChoiceAnswer struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string `parser:"\"chooses\" @Ident \"=\""`
	Value  *Value `parser:"@@"`
}

// Step is a further declaration on a script line, after "then":
// "brom: stand_up then attack(target = grishak)".
type Step struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Hold   bool   `parser:"( (?= \"hold\" (?! \"then\") Ident (?! \":\" | \"chooses\")) @\"hold\" )?"`
	Action string `parser:"@Ident"`
	Args   []*Arg `parser:"(\"(\" (@@ (\",\" @@)*)? \")\")?"`
}
