package interp

import (
	"fmt"
	"reflect"

	"github.com/frayrules/fray/dsl/check"
)

// A square holds one combatant in the fight. One out of the fight (dead,
// not present, or in a state such as "routed") holds no square, so
// another may step onto its square (free_square says true there); when
// the first comes back (state = "", present = true, alive = true) onto a
// square someone in the fight now holds, the assignment is refused with
// a placed error naming who stands there, rather than leaving two on one
// square with no word. The engine does not pick another square for it:
// where a routed unit rallies, or whether a door may shut on a man in its
// doorway, is the rule's to say (free_square(c.x, c.y) before it).

// comesBack reports whether an assignment to the combatant attribute
// field may bring its holder back into the fight.
func comesBack(field int) bool {
	switch field {
	case check.FieldAlive, check.FieldPresent, check.FieldState:
		return true
	}
	return false
}

// squareTaken is the error of c come back into the fight on a square
// another in the fight holds, at the assignment n; nil if c is off the
// map, there is no map, or no one else stands there.
func (r *Run) squareTaken(n *assignNode, c addr) error {
	o, sq, w := r.squareHolder(c)
	if sq < 0 {
		return nil
	}
	who := n.holder()
	return &RunError{At: n.at, Msg: fmt.Sprintf(
		"%s cannot come into the fight on [%d, %d]: %s stands there, and a square holds one combatant in the fight (ask free_square(%s.x, %s.y) first, or move %s to a free square before)",
		nameAt(c), sq%w, sq/w, nameAt(o), who, who, nameAt(c))}
}

// squareHolder is another combatant in the fight on c's square, that
// square and the map's width; sq is -1 if c is off the map, there is no
// map, or no one else stands there.
func (r *Run) squareHolder(c addr) (o addr, sq, w int) {
	if r.enc.Map == nil {
		return addr{}, -1, 0
	}
	s, err := r.space()
	if err != nil {
		return addr{}, -1, 0
	}
	if sq = s.square(r, c); sq < 0 {
		return addr{}, -1, 0
	}
	for _, o := range s.cells[sq] {
		if !same(o, c) {
			return o, sq, s.w
		}
	}
	return addr{}, -1, 0
}

// holder is the assignment's target without its last attribute, as
// written (foe.state: foe), for the error's hint.
func (n *assignNode) holder() string {
	who := n.t.Root.Name
	if len(n.path.names) > 0 {
		for _, a := range n.path.names[:len(n.path.names)-1] {
			who += "." + a
		}
	}
	return who
}

// mayComeBack reports whether an assignment found by reflection (assign.go's
// assignAny) sets the alive, present or state of a combatant, holder.
func (r *Run) mayComeBack(n *assignNode, holder reflect.Value) bool {
	if !holder.IsValid() || holder.Kind() != reflect.Pointer || holder.IsNil() || holder.Type() != r.plan.M.U.Combatant.R {
		return false
	}
	switch n.t.Label {
	case "alive", "present", "state":
		return true
	}
	return false
}
