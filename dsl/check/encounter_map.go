package check

import (
	"fmt"
	"strings"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// MapSpec is an encounter's checked map: its squares and where each placed
// combatant starts.
type MapSpec struct {
	Grid   *stdlib.Grid
	Rows   []string
	Places map[string]stdlib.Point // by combatant name
}

// Map symbols with a fixed meaning (encounter_map_walls.go has the walls
// drawn on edges).
const (
	MapWall   = '#'
	MapFloor  = '.'
	MapWindow = '=' // a window or arrow slit: sight passes, no one does
)

// checkMap reads the map: rows of equal width, every character a wall, a
// floor or a symbol of the legend, each combatant placed once and on
// floor. A combatant may instead be placed with x and y settings.
func (c *checker) checkMap(enc *Encounter, md *syntax.MapDecl, combatants map[string]*CombatantSpec) {
	byXY := c.placedBySettings(combatants)
	if md == nil {
		for _, name := range sortedKeys(byXY) {
			c.errorf(diag.CodeMap, byXY[name].at, "draw a map { ... } block, or leave x and y unset", "%s is placed at x, y, but the encounter has no map", name)
		}
		return
	}
	defer c.mapFaultsUnlisted(md)
	spec := &MapSpec{Places: map[string]stdlib.Point{}}
	if len(md.Rows) == 0 {
		c.mapErrorf(diag.CodeMap, syntax.RangeAt(md.Pos, "map"), `draw the map as rows of strings: "#..a#"`, "a map needs at least one row")
		return
	}
	legend := map[rune]string{}
	legendAt := map[rune]diag.Range{}
	symbolOf := map[string]rune{}
	for _, k := range md.Legend {
		r := syntax.RangeAt(k.Pos, k.Symbol)
		sym := []rune(k.Symbol)
		if len(sym) != 1 {
			c.mapErrorf(diag.CodeMap, r, "a map symbol is one letter or digit", "map symbol %q is longer than one character", k.Symbol)
			continue
		}
		if _, dup := legend[sym[0]]; dup {
			e := c.mapErrorf(diag.CodeMap, r, "give each symbol once", "map symbol %s given twice", k.Symbol)
			e.Related = &diag.Related{Message: "first given here", Range: legendAt[sym[0]]}
			continue
		}
		who := syntax.RangeOf(k.Who.Pos, k.Who.EndPos)
		if _, ok := combatants[k.Who.Text]; !ok {
			c.mapErrorf(diag.CodeUnknownCombat, who, c.didYouMean(k.Who.Text, keys(combatants), "name a combatant of this encounter"), "no combatant named %s", k.Who.Text)
			continue
		}
		if prev, ok := symbolOf[k.Who.Text]; ok {
			e := c.mapErrorf(diag.CodeMap, who, "one symbol per combatant", "%s already has the symbol %c", k.Who.Text, prev)
			e.Related = &diag.Related{Message: "first given here", Range: legendAt[prev]}
			continue
		}
		legend[sym[0]], legendAt[sym[0]], symbolOf[k.Who.Text] = k.Who.Text, r, sym[0]
	}
	width := -1
	placedAt := map[string]diag.Range{}
	used := map[rune]bool{}
	height := 0
	for _, row := range md.Rows {
		if !isEdgeRow(string(row.Text)) {
			height++
		}
	}
	var above *squareRow // the last row of squares read
	var edges *syntax.MapRow
	y := -1
	for _, row := range md.Rows {
		text := string(row.Text)
		rr := syntax.RangeOf(row.Pos, row.EndPos)
		if strings.ContainsRune(c.f.Sources[row.Pos.Filename][row.Pos.Offset:row.EndPos.Offset], '\\') {
			c.mapErrorf(diag.CodeMap, rr, "write the squares themselves: # wall, . floor, a symbol for a combatant", "a map row takes no escapes")
			return
		}
		if isEdgeRow(text) {
			// A row of walls under the squares above: read once the row
			// below is, so that both squares of each edge are known.
			if c.edgeRowPlace(row, above, edges) {
				edges = row
			}
			continue
		}
		y++
		sq := readSquareRow(row)
		if width < 0 {
			width = len(sq.squares)
			if width == 0 {
				c.mapErrorf(diag.CodeMap, rr, "a row holds at least one square", "empty map row")
				return
			}
			spec.Grid = stdlib.NewGrid(width, height)
		} else if len(sq.squares) != width {
			hint := "pad the row with # or . so that every row has the same width"
			if len(sq.squares) < len(sq.cols) {
				hint += " (a | between two squares is a wall on their edge, no square)"
			}
			c.mapErrorf(diag.CodeMap, rr, hint, "map row %d is %d squares wide, the first row %d", y+1, len(sq.squares), width)
			edges = nil // its walls have no squares to stand between
			// Its symbols are on the map, though not placed: one mistake,
			// one error, not "map symbol a is not on the map" as well for
			// every combatant drawn in the row.
			for _, ch := range sq.squares {
				if _, ok := legend[ch]; ok {
					used[ch] = true
				}
			}
			continue
		}
		for x, ch := range sq.squares {
			cr := sq.ranges[x]
			switch ch {
			case MapWall:
				spec.Grid.SetSolid(x, y, true)
			case MapWindow:
				spec.Grid.SetWindow(x, y, true)
			case MapFloor:
			default:
				name, ok := legend[ch]
				if !ok {
					c.mapErrorf(diag.CodeMap, cr, fmt.Sprintf("add `%c: NAME` to the map's legend, or use # for a wall and . for floor", ch), "unknown map symbol %q", ch)
					continue
				}
				used[ch] = true
				if prev, dup := placedAt[name]; dup {
					e := c.mapErrorf(diag.CodeMap, cr, "a combatant stands on one square", "%s is placed twice", name)
					e.Related = &diag.Related{Message: "first placed here", Range: prev}
					continue
				}
				placedAt[name] = cr
				spec.Places[name] = stdlib.Point{X: x, Y: y}
			}
		}
		c.rowWalls(spec.Grid, sq, y)
		if edges != nil {
			c.edgeRowWalls(spec.Grid, edges, above, y-1)
			edges = nil
		}
		above = &sq
	}
	if edges != nil {
		c.mapErrorf(diag.CodeMapWall, syntax.RangeOf(edges.Pos, edges.EndPos), "draw a row of squares under it, or remove it: the map's border is a wall already", "a row of walls below the last row of squares")
	}
	for _, k := range md.Legend {
		if sym := []rune(k.Symbol); len(sym) == 1 && legend[sym[0]] == k.Who.Text && !used[sym[0]] {
			c.mapErrorf(diag.CodeMap, syntax.RangeAt(k.Pos, k.Symbol), "put the symbol on a square of the map, or remove it", "map symbol %s is not on the map", k.Symbol)
		}
	}
	if spec.Grid == nil {
		return
	}
	for _, name := range sortedKeys(byXY) {
		p := byXY[name]
		if prev, dup := placedAt[name]; dup {
			e := c.mapErrorf(diag.CodeMap, p.at, "place a combatant either on the map or with x and y", "%s is placed twice", name)
			e.Related = &diag.Related{Message: "placed on the map here", Range: prev}
			continue
		}
		switch {
		case !spec.Grid.In(p.x, p.y):
			c.mapErrorf(diag.CodeMap, p.at, fmt.Sprintf("the map is %d by %d squares, x from 0 to %d, y from 0 to %d", spec.Grid.W, spec.Grid.H, spec.Grid.W-1, spec.Grid.H-1), "%s is placed off the map at (%d,%d)", name, p.x, p.y)
		case spec.Grid.Solid(p.x, p.y):
			c.mapErrorf(diag.CodeMap, p.at, "place the combatant on a floor square (.)", "%s is placed on a wall at (%d,%d)", name, p.x, p.y)
		case spec.Grid.Window(p.x, p.y):
			c.mapErrorf(diag.CodeMap, p.at, "place the combatant on a floor square (.)", "%s is placed on a window at (%d,%d)", name, p.x, p.y)
		default:
			spec.Places[name] = stdlib.Point{X: p.x, Y: p.y}
			placedAt[name] = p.at
		}
	}
	for _, row := range md.Rows {
		spec.Rows = append(spec.Rows, string(row.Text))
	}
	enc.Map = spec
	c.checkShutIn(enc, spec, placedAt)
}

type xyPlace struct {
	x, y int
	at   diag.Range
}

// placedBySettings collects the combatants that set both x and y,
// reporting those that set only one.
func (c *checker) placedBySettings(combatants map[string]*CombatantSpec) map[string]xyPlace {
	out := map[string]xyPlace{}
	for _, name := range sortedKeys(combatants) {
		cs := combatants[name]
		var x, y *SetSpec
		var xAt, yAt diag.Range
		for i := range cs.Sets {
			s := &cs.Sets[i]
			switch s.Attr.Name {
			case "x":
				x = s
			case "y":
				y = s
			}
		}
		for _, st := range cs.Decl.Sets {
			switch st.Name {
			case "x":
				xAt = syntax.RangeOf(st.Pos, st.Value.EndPos)
			case "y":
				yAt = syntax.RangeOf(st.Pos, st.Value.EndPos)
			}
		}
		switch {
		case x == nil && y == nil:
		case x == nil:
			c.errorf(diag.CodeMap, yAt, "give both x and y", "%s sets y but not x", name)
		case y == nil:
			c.errorf(diag.CodeMap, xAt, "give both x and y", "%s sets x but not y", name)
		default:
			xv, _ := x.Value.(int)
			yv, _ := y.Value.(int)
			out[name] = xyPlace{xv, yv, xAt}
		}
	}
	return out
}
