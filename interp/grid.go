package interp

import (
	"fmt"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/stdlib"
)

// Grid is the encounter's map.
func (r *Run) Grid() (*stdlib.Grid, error) {
	if r.enc.Map == nil {
		return nil, fmt.Errorf("the encounter has no map: the grid functions need a map { ... } block in the encounter")
	}
	return r.enc.Map.Grid, nil
}

// Position is where a combatant stands: its x and y attributes, which
// must name a floor square of the map.
func (r *Run) Position(c any) (stdlib.Point, error) {
	cv, err := ptrOf(c)
	if err != nil {
		return stdlib.Point{}, err
	}
	return r.positionP(addrOf(cv))
}

// movedThere ends the error of a combatant found off the floor. The
// encounter's map and settings place everyone on a floor square (F307),
// so a rule's assignment to x or y put it there, and the error is found
// by the next grid function that reads it, at that call, not at the
// assignment (x and y are set one at a time, and a move may pass
// through a wall between the two): the eleventh homebrew round's
// wrestler driven back into the ring's wall was reported at a foe's
// nearest(...) with no word of how he got there.
const movedThere = ", where a rule moved it: a combatant the grid functions read must stand on a floor square of the map"

// positionP is Position of the combatant at c (not nobody).
func (r *Run) positionP(c addr) (stdlib.Point, error) {
	g, err := r.Grid()
	if err != nil {
		return stdlib.Point{}, err
	}
	p := stdlib.Point{X: load[int](c, r.plan.lay.x), Y: load[int](c, r.plan.lay.y)}
	name := nameAt(c)
	switch {
	case p.X == -1 && p.Y == -1:
		return p, fmt.Errorf("%s is not on the map", name)
	case !g.In(p.X, p.Y):
		return p, fmt.Errorf("%s is off the map at (%d,%d)%s", name, p.X, p.Y, movedThere)
	case g.Solid(p.X, p.Y):
		return p, fmt.Errorf("%s stands in a wall at (%d,%d)%s", name, p.X, p.Y, movedThere)
	case g.Window(p.X, p.Y):
		return p, fmt.Errorf("%s stands in a window at (%d,%d)%s", name, p.X, p.Y, movedThere)
	}
	return p, nil
}

// Occupied are the squares of the living combatants (in the fight:
// alive, present, no state) on the map, c apart.
func (r *Run) Occupied(c any) ([]stdlib.Point, error) {
	cv, err := ptrOf(c)
	if err != nil {
		return nil, err
	}
	self, lay := addrOf(cv), &r.plan.lay
	out := r.spaceIdx.occupied[:0] // reused: the grid's searches only read it, at once
	for _, o := range r.combP() {
		if same(o, self) || !r.inFightP(o) {
			continue
		}
		out = append(out, stdlib.Point{X: load[int](o, lay.x), Y: load[int](o, lay.y)})
	}
	r.spaceIdx.occupied = out
	return out, nil
}

// place puts every combatant where the map says, or off the map (-1, -1).
func (r *Run) place() {
	for _, c := range r.comb {
		e := c.Elem()
		x, y := -1, -1
		if r.enc.Map != nil {
			if p, ok := r.enc.Map.Places[e.Field(check.FieldName).String()]; ok {
				x, y = p.X, p.Y
			}
		}
		e.Field(check.FieldX).SetInt(int64(x))
		e.Field(check.FieldY).SetInt(int64(y))
	}
}
