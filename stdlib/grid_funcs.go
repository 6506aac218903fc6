package stdlib

import (
	"fmt"
	"reflect"
)

// The grid functions of the standard library. Distances are in feet (a
// square is 5 feet, a diagonal step one square); positions are the
// built-in combatant attributes x and y. Every function needs the
// encounter's map and combatants placed on it, and is a runtime error
// otherwise.

func gridAndPoints(w World, cs ...any) (*Grid, []Point, error) {
	g, err := w.Grid()
	if err != nil {
		return nil, nil, err
	}
	ps := make([]Point, len(cs))
	for i, c := range cs {
		if ps[i], err = w.Position(c); err != nil {
			return nil, nil, err
		}
	}
	return g, ps, nil
}

func gridDistance(w World, a []any) (any, error) {
	_, ps, err := gridAndPoints(w, a[0], a[1])
	if err != nil {
		return nil, err
	}
	return Distance(ps[0], ps[1]), nil
}

func gridAdjacent(w World, a []any) (any, error) {
	_, ps, err := gridAndPoints(w, a[0], a[1])
	if err != nil {
		return nil, err
	}
	return sameEntity(a[0], a[1]) == false && Distance(ps[0], ps[1]) <= SquareFeet, nil
}

// gridReaches is reaches(a, b): a's melee blow reaches b (Grid.Reaches).
func gridReaches(w World, a []any) (any, error) {
	g, ps, err := gridAndPoints(w, a[0], a[1])
	if err != nil {
		return nil, err
	}
	return !sameEntity(a[0], a[1]) && g.Reaches(ps[0], ps[1]), nil
}

func gridLineOfSight(w World, a []any) (any, error) {
	g, ps, err := gridAndPoints(w, a[0], a[1])
	if err != nil {
		return nil, err
	}
	seen, work := g.lineOfSight(ps[0], ps[1])
	return seen, chargeGrid(w, work)
}

func gridCover(w World, a []any) (any, error) {
	g, ps, err := gridAndPoints(w, a[0], a[1])
	if err != nil {
		return nil, err
	}
	cover, work := g.cover(ps[0], ps[1])
	return cover, chargeGrid(w, work)
}

func gridWithin(w World, a []any) (any, error) {
	list := reflect.ValueOf(a[1])
	out := reflect.MakeSlice(list.Type(), 0, list.Len())
	err := eachOther(w, a[0], list, func(e reflect.Value, d int) {
		if d <= a[2].(int) {
			out = reflect.Append(out, e)
		}
	})
	if err != nil {
		return nil, err
	}
	return out.Interface(), nil
}

func gridNearest(w World, a []any) (any, error) {
	list := reflect.ValueOf(a[1])
	best, bestD := reflect.Zero(list.Type().Elem()), -1
	err := eachOther(w, a[0], list, func(e reflect.Value, d int) {
		if bestD < 0 || d < bestD {
			best, bestD = e, d
		}
	})
	if err != nil {
		return nil, err
	}
	return best.Interface(), nil
}

// eachOther calls fn, in list order, for each element of list that is
// not from itself, with its distance from it.
func eachOther(w World, from any, list reflect.Value, fn func(e reflect.Value, d int)) error {
	_, ps, err := gridAndPoints(w, from)
	if err != nil {
		return err
	}
	// A combatant of the list is a step (GridWorkPerStep units), not a
	// unit as a square of a search is: its square is read through the
	// world, checked and measured, some hundreds of instructions (within
	// and nearest over a list of 262 144 in a loop ran 10.5 s and 5.2 s
	// to the default --max-steps at a unit each).
	if err := chargeGrid(w, list.Len()*GridWorkPerStep); err != nil {
		return err
	}
	for i := 0; i < list.Len(); i++ {
		e := list.Index(i)
		if sameEntity(e.Interface(), from) {
			continue
		}
		p, err := w.Position(e.Interface())
		if err != nil {
			return err
		}
		fn(e, Distance(ps[0], p))
	}
	return nil
}

func gridStepToward(w World, a []any) (any, error) {
	g, ps, err := gridAndPoints(w, a[0], a[1])
	if err != nil {
		return nil, err
	}
	feet := a[2].(int)
	if feet < 0 {
		return nil, fmt.Errorf("step_toward cannot move %d feet", feet)
	}
	squares := feet / SquareFeet
	p, err := amidOthers(w, g, a[0],
		func(c Crowd) (Point, int) { return g.stepIn(ps[0], ps[1], squares, c) },
		func(occ []Point) (Point, int) { return g.stepAmid(ps[0], ps[1], squares, occ) })
	if err != nil {
		return nil, err
	}
	return []int{p.X, p.Y}, nil
}

// sameEntity reports whether two combatant values are the same combatant.
func sameEntity(a, b any) bool {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	return va.IsValid() && vb.IsValid() && va.Kind() == reflect.Pointer && vb.Kind() == reflect.Pointer && va.Pointer() == vb.Pointer()
}
