package syntax

import "github.com/alecthomas/participle/v2/lexer"

// Reactions at named points (language v2, item 3; check/point.go,
// interp/point.go). A ruleset declares a point, a moment of its procedure
// where others may react:
//
//	point before_damage(attacker: combatant, target: combatant, amount: int) "{attacker} is about to hurt {target}"
//
// reactions to it, run in declaration order:
//
//	react before_damage "parry" when target.parries > 0 { amount -= 2 }
//
// and raises it with a statement whose pending block runs after the
// reactions, with the parameters as they left them, unless one said
// "cancel" (then the else block runs):
//
//	interrupt before_damage(self, foe, dmg) { foe.hp -= amount } else { log "spoiled" }

// PointDecl declares a point: "point NAME(PARAMS) ["template"]".
type PointDecl struct {
	Pos      lexer.Position
	EndPos   lexer.Position
	Name     string   `parser:"\"point\" @Ident \"(\""`
	Params   []*Param `parser:"(@@ (\",\" @@)*)? \")\""`
	Template *Str     `parser:"@String?"`
}

// ReactDecl is a reaction: "react POINT ["label"] [by PARAM] [when COND]
// { BODY }"; by names the point's combatant who reacts (its rolls and its
// line of the log are that combatant's).
type ReactDecl struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Point  *Name  `parser:"\"react\" @@"`
	Label  *Str   `parser:"@String?"`
	By     *Name  `parser:"(\"by\" @@)?"`
	When   *Expr  `parser:"(\"when\" @@)?"`
	Body   *Block `parser:"@@"`
}

// InterruptStmt raises a point: "interrupt POINT(ARGS) [{ PENDING } [else
// { CANCELLED }]]".
type InterruptStmt struct {
	Pos     lexer.Position
	Point   *Name   `parser:"\"interrupt\" @@ \"(\""`
	Args    []*Expr `parser:"(@@ (\",\" @@)*)? \")\""`
	Pending *Block  `parser:"(@@"`
	Else    *Block  `parser:"(\"else\" @@)?)?"`
}

// CancelPendingStmt is a bare "cancel" in a reaction: what the point's
// interrupt holds pending does not happen (its else block runs instead).
type CancelPendingStmt struct {
	Pos lexer.Position
	Kw  bool `parser:"@\"cancel\""`
}
