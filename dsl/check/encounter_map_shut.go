package check

import (
	"fmt"
	"strings"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/stdlib"
)

// Combatants shut in (issue #15): a homebrew map that put villagers in a
// house with no door linted clean, and the fight never ended for them.
// A combatant is shut in when no walk over the floor, as step_toward
// walks (king moves, no corner of a solid square cut, no wall on an edge
// crossed, others ignored), leads from its square to a square next to a
// combatant of another side placed on the map. The floor is cut into its
// parts once (stdlib's Grid.Regions, linear in the map's area); a part
// is then open to a side when one of that side's combatants stands on it
// or next to one of its squares, which costs nine squares a combatant.

// shutTouch is which sides stand on or next to a part of the floor: the
// first one found, and whether another did too.
type shutTouch struct {
	side int
	many bool
}

// shutGroup is the combatants of one side shut in one part of the floor.
type shutGroup struct {
	side  int
	names []string
}

// checkShutIn warns of each part of the floor where combatants of a side
// stand that no combatant of another side stands on or next to: one
// warning for the part and side, at the first of them (in the side's
// order) where it is placed (at). A side none of whose foes is on the map
// is not judged: where they come on is the rules' to say. It returns the
// work, squares and steps looked at, for the test of its bound.
func (c *checker) checkShutIn(enc *Encounter, spec *MapSpec, at map[string]diag.Range) int {
	placed := make([]int, len(enc.Sides))
	total, sides := 0, 0
	for si, s := range enc.Sides {
		for _, cs := range s.Combatants {
			if _, ok := spec.Places[cs.Name]; ok {
				placed[si]++
			}
		}
		total += placed[si]
		if placed[si] > 0 {
			sides++
		}
	}
	if sides < 2 {
		return 0 // no one has a foe on the map
	}
	labels, _, work := spec.Grid.Regions()
	w := spec.Grid.W
	touch := map[int32]shutTouch{}
	for si, s := range enc.Sides {
		for _, cs := range s.Combatants {
			p, ok := spec.Places[cs.Name]
			if !ok {
				continue
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					work++
					q := stdlib.Point{X: p.X + dx, Y: p.Y + dy}
					if !spec.Grid.In(q.X, q.Y) || labels[q.Y*w+q.X] < 0 {
						continue
					}
					l := labels[q.Y*w+q.X]
					t, seen := touch[l]
					switch {
					case !seen:
						touch[l] = shutTouch{side: si}
					case t.side != si:
						touch[l] = shutTouch{side: t.side, many: true}
					}
				}
			}
		}
	}
	var groups []*shutGroup
	byPart := map[[2]int]*shutGroup{}
	for si, s := range enc.Sides {
		if total == placed[si] {
			continue // no foe on the map
		}
		for _, cs := range s.Combatants {
			p, ok := spec.Places[cs.Name]
			if !ok {
				continue
			}
			work++
			l := labels[p.Y*w+p.X]
			// touch has every combatant's own part: its square is one
			// of the nine.
			if t := touch[l]; t.many || t.side != si {
				continue
			}
			key := [2]int{int(l), si}
			g := byPart[key]
			if g == nil {
				g = &shutGroup{side: si}
				byPart[key] = g
				groups = append(groups, g)
			}
			g.names = append(g.names, cs.Name)
		}
	}
	for _, g := range groups {
		c.warnShutIn(enc.Sides[g.side].Name, g.names, at[g.names[0]])
	}
	return work
}

// warnShutIn reports one shut-in group, naming its first three and
// counting the rest: a house of thirty is one warning of one line.
func (c *checker) warnShutIn(side string, names []string, at diag.Range) {
	if len(names) == 1 {
		c.warnf(diag.CodeShutIn, at, "open a door (a . in the walls between it and its foes), or place it where it can walk to a foe",
			"%s (%s) can reach no foe: no walk over the floor leads from its square to a square next to a combatant of another side", names[0], side)
		return
	}
	list := strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	if len(names) > 3 {
		list = fmt.Sprintf("%s and %d more", strings.Join(names[:3], ", "), len(names)-3)
	}
	c.warnf(diag.CodeShutIn, at, "open a door (a . in the walls between them and their foes), or place them where they can walk to a foe",
		"%s (%s) can reach no foe: no walk over the floor leads from their squares to a square next to a combatant of another side", list, side)
}
