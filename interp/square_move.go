package interp

import (
	"fmt"
	"reflect"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// A move by x and y onto a square another combatant in the fight holds
// is refused, as a return onto one is (square_return.go): a placed error
// naming who stands there, the square put back. Moving onto one's own
// square, or onto that of one out of the fight, is no error, and neither
// is a move of one out of the fight.
//
// A rule moves someone with two statements, c.x = a then c.y = b, and
// between them c stands on [a, old y], a square that may well be taken
// (a step round a foe's corner). So two such statements in a row of one
// block, of the same combatant (the same path), are one move: the first
// is not checked and the second checks the square both name, and puts
// both back when it refuses.

// What an assignment to x or y checks (assignNode.move).
const (
	moveNone   = iota // not a move, or not one the plan can follow (assignAny checks it)
	moveCheck         // a move of its own: checked at once
	moveFirst         // the first of a pair: not checked, its old value kept for the second
	moveSecond        // the second of a pair: checks, and puts both back when refused
)

// pairMoves marks the x and y assignments of the block's statements that
// go in pairs (two in a row, the same combatant, x and y), for Plan.stmt.
func (p *Plan) pairMoves(stmts []*syntax.Stmt) {
	prev := targetPath{}
	var prevS *syntax.AssignStmt
	for _, s := range stmts {
		cur, ok := p.movePath(s)
		if !ok {
			prevS = nil
			continue
		}
		if prevS != nil && sameHolder(prev, cur) && prev.field != cur.field {
			p.moves[prevS], p.moves[s.Assign] = moveFirst, moveSecond
			prevS = nil
			continue
		}
		prev, prevS = cur, s.Assign
	}
}

// movePath is the path of s if it assigns x or y of a combatant the
// plan can follow.
func (p *Plan) movePath(s *syntax.Stmt) (targetPath, bool) {
	if s.Assign == nil {
		return targetPath{}, false
	}
	t := p.M.Assigns[s.Assign]
	if t == nil {
		return targetPath{}, false
	}
	tp := p.targetPath(t)
	if p.rosterEffect(tp) != rosterMoved {
		return targetPath{}, false
	}
	return tp, true
}

// sameHolder reports whether two paths reach the same struct: the same
// root and offsets but the last (the attribute's own).
func sameHolder(a, b targetPath) bool {
	if a.root != b.root || len(a.offs) != len(b.offs) || len(a.offs) == 0 {
		return false
	}
	for i := range a.offs[:len(a.offs)-1] {
		if a.offs[i] != b.offs[i] {
			return false
		}
	}
	return true
}

// moveOf is what an assignment checks as a move (the move* constants).
func (p *Plan) moveOf(s *syntax.AssignStmt, n *assignNode) int {
	if n.roster != rosterMoved {
		return moveNone
	}
	if m, ok := p.moves[s]; ok {
		return m
	}
	return moveCheck
}

// squareMovedOnto is the error of c, in the fight, moved by n onto a
// square another in the fight holds; nil otherwise.
func (r *Run) squareMovedOnto(n *assignNode, c addr) error {
	o, sq, w := r.squareHolder(c)
	if sq < 0 {
		return nil
	}
	return &RunError{At: n.at, Msg: fmt.Sprintf(
		"%s cannot move onto [%d, %d]: %s stands there, and a square holds one combatant in the fight (ask free_square(x, y) before moving there)",
		nameAt(c), sq%w, sq/w, nameAt(o))}
}

// movedAny is assignAny's check of an assignment to x or y of a
// combatant, holder, found by reflection (the plan's moves of it too,
// when the value is in expr-lang's VM): as moveAfter, with dst the
// coordinate set, was its old value.
func (r *Run) movedAny(n *assignNode, holder, dst, was reflect.Value, pairWas int) error {
	if n.move == moveFirst {
		r.pairWas = int(was.Int())
		return nil
	}
	c := addrOf(holder)
	if !r.inFightP(c) {
		return nil
	}
	r.forgetRosters() // the index sees it where it now stands
	err := r.squareMovedOnto(n, c)
	if err != nil {
		dst.Set(was)
		if n.move == moveSecond {
			store(c, r.otherCoord(n), pairWas)
		}
		r.forgetRosters()
	}
	return err
}

// movesAny reports whether an assignment found by reflection sets the x
// or y of a combatant, holder.
func (r *Run) movesAny(n *assignNode, holder reflect.Value) bool {
	if !holder.IsValid() || holder.Kind() != reflect.Pointer || holder.IsNil() || holder.Type() != r.plan.M.U.Combatant.R {
		return false
	}
	return n.t.Label == "x" || n.t.Label == "y"
}

// otherCoord is the offset of the coordinate a pair's first statement
// set: y if this one sets x, and x if it sets y.
func (r *Run) otherCoord(n *assignNode) uintptr {
	if n.path.field == check.FieldX {
		return r.plan.lay.y
	}
	return r.plan.lay.x
}

// moveAfter checks the move n made of c (its coordinate at off was
// wasXY; pairWas the other's before the pair's first statement): the
// first of a pair keeps its old value for the second, the others refuse
// a taken square and put back what they moved.
func (r *Run) moveAfter(n *assignNode, c addr, off uintptr, wasXY, pairWas int) error {
	if n.move == moveFirst {
		r.pairWas = wasXY
		return nil
	}
	if !r.inFightP(c) {
		return nil
	}
	err := r.squareMovedOnto(n, c)
	if err == nil {
		return nil
	}
	store(c, off, wasXY)
	if n.move == moveSecond {
		store(c, r.otherCoord(n), pairWas)
	}
	r.rosterAfter(n.roster, c)
	return err
}
