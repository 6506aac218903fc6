package syntax

import "github.com/alecthomas/participle/v2/lexer"

// RefereeStmt runs a block as the referee: "as referee { ... }". The
// dice rolled inside it (rolls, tables applied) are the referee's in the
// log ("the referee rolls d% for injury: 5"; the header's `referee "the
// GM"` names who that is), whoever's action or event is being resolved:
// an injury table rolled in a hit's handler is the game master's roll,
// not the attacker's. Everything else runs as in any block.
type RefereeStmt struct {
	Pos  lexer.Position
	Body *Block `parser:"\"as\" \"referee\" @@"`
}
