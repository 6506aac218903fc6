package syntax

import "github.com/alecthomas/participle/v2/lexer"

// EngageStmt records that two combatants are in melee with each other:
//
//	engage(self, target)
//
// The engine keeps the pairs (engaged, engaged_with read them) and drops
// a pair when either leaves the fight; no map is needed. Like declare and
// emit, it is a statement written with its arguments in brackets.
type EngageStmt struct {
	Pos  lexer.Position
	Who  *Expr `parser:"\"engage\" \"(\" @@"`
	With *Expr `parser:"\",\" @@ \")\""`
}

// DisengageStmt ends a combatant's melee with one foe, or with everyone:
//
//	disengage(self, target)
//	disengage(self)
type DisengageStmt struct {
	Pos  lexer.Position
	Who  *Expr `parser:"\"disengage\" \"(\" @@"`
	From *Expr `parser:"(\",\" @@)? \")\""`
}
