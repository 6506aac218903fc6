package check

import (
	"strings"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// Walls drawn on the edges between squares. In a row of squares, '|'
// between two squares walls the edge between them and is no square
// itself. A row of only '-' and spaces, between two rows of squares,
// walls the bottom edge of each square of the row above whose character
// stands over a '-' (column by column, as the rows are written):
//
//	"#....|...#"
//	"  ---     "   <- walls under the three squares above the dashes
//	"#....|...#"
const (
	MapEdgeV = '|' // a wall between the squares left and right of it
	MapEdgeH = '-' // in a row of walls: a wall under the square above
)

// isEdgeRow reports whether a row draws walls under the row above rather
// than squares: only '-' and spaces, at least one character.
func isEdgeRow(text string) bool {
	return text != "" && strings.Trim(text, "- ") == ""
}

// squareRow is one row of squares as read: its squares and their ranges,
// and for each character of the text (by rune) the square it is, or -1
// for a '|'.
type squareRow struct {
	row     *syntax.MapRow
	squares []rune
	ranges  []diag.Range // of each square
	cols    []int        // square of each character, -1 for '|'
	marks   []diag.Range // of each character
}

func readSquareRow(row *syntax.MapRow) squareRow {
	sq := squareRow{row: row}
	at := row.Pos
	at.Advance(`"`)
	for _, ch := range string(row.Text) {
		r := syntax.RangeAt(at, string(ch))
		at.Advance(string(ch))
		sq.marks = append(sq.marks, r)
		if ch == MapEdgeV {
			sq.cols = append(sq.cols, -1)
			continue
		}
		sq.cols = append(sq.cols, len(sq.squares))
		sq.squares = append(sq.squares, ch)
		sq.ranges = append(sq.ranges, r)
	}
	return sq
}

// rowWalls puts the walls a row's '|' draw on the grid (row y).
func (c *checker) rowWalls(g *stdlib.Grid, sq squareRow, y int) {
	for i, col := range sq.cols {
		if col >= 0 {
			continue
		}
		switch {
		case i == 0 || i == len(sq.cols)-1:
			c.mapErrorf(diag.CodeMapWall, sq.marks[i], "draw | between two squares: the map's border is a wall already", "a | at the start or end of a map row stands between no two squares")
		case sq.cols[i-1] < 0:
			c.mapErrorf(diag.CodeMapWall, sq.marks[i], "one | walls the edge between two squares: remove the other", "two | side by side in a map row")
		case sq.cols[i+1] < 0:
			// The next | is the one reported.
		default:
			g.SetWall(stdlib.Point{X: sq.cols[i-1], Y: y}, stdlib.Point{X: sq.cols[i+1], Y: y}, true)
		}
	}
}

// edgeRowPlace checks where a row of walls stands: under a row of
// squares, and not under another row of walls (pending).
func (c *checker) edgeRowPlace(row *syntax.MapRow, above *squareRow, pending *syntax.MapRow) bool {
	rr := syntax.RangeOf(row.Pos, row.EndPos)
	switch {
	case above == nil:
		c.mapErrorf(diag.CodeMapWall, rr, "draw a row of squares above it, or remove it: the map's border is a wall already", "a row of walls above the first row of squares")
		return false
	case pending != nil:
		e := c.mapErrorf(diag.CodeMapWall, rr, "draw the walls of one edge line in one row", "two rows of walls one under the other")
		e.Related = &diag.Related{Message: "the first here", Range: syntax.RangeOf(pending.Pos, pending.EndPos)}
		return false
	}
	return true
}

// edgeRowWalls puts the walls of a row of '-' on the grid, under the
// squares of the row above (row y) that stand over each '-'.
func (c *checker) edgeRowWalls(g *stdlib.Grid, row *syntax.MapRow, above *squareRow, y int) {
	at := row.Pos
	at.Advance(`"`)
	for i, ch := range string(row.Text) {
		r := syntax.RangeAt(at, string(ch))
		at.Advance(string(ch))
		if ch != MapEdgeH {
			continue
		}
		if i >= len(above.cols) || above.cols[i] < 0 {
			c.mapErrorf(diag.CodeMapWall, r, "put each - under a square of the row above, in the same column", "a - under no square of the row above")
			continue
		}
		x := above.cols[i]
		g.SetWall(stdlib.Point{X: x, Y: y}, stdlib.Point{X: x, Y: y + 1}, true)
	}
}
