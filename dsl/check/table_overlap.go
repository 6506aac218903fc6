package check

import (
	"fmt"
	"sort"

	"github.com/frayrules/fray/dsl/syntax"
)

// rowIndex finds, for a new row of a table, the earlier rows it may
// overlap, so that checking a table costs about one comparison per row
// instead of one per pair of rows: a 4 MiB file holds 500 000 rows, and
// comparing every pair of them took minutes. Rows are indexed by their
// first key: a string, or each number of a narrow range; a first key of
// _ or a wide range goes to spread, which every new row is compared with.
// What is left quadratic (many wide or _ first keys) is bounded by
// --max-iterations, counted in pairs compared.
type rowIndex struct {
	rows     []*Row
	exact    map[rowPoint][]int // earlier rows by a value their first key matches
	spread   []int              // earlier rows whose first key is _ or a wide range
	compared int                // pairs of rows compared so far
	over     bool               // the table went over the limit; its overlaps are not checked further
}

type rowPoint struct {
	str bool
	s   string
	n   int
}

// narrowRange is the widest range of a first key indexed value by value.
const narrowRange = 64

func newRowIndex() *rowIndex { return &rowIndex{exact: map[rowPoint][]int{}} }

// points lists the values of k to index, or false when k goes to spread.
func (k RowKey) points() ([]rowPoint, bool) {
	switch {
	case k.Any:
		return nil, false
	case k.IsStr:
		return []rowPoint{{str: true, s: k.Str}}, true
	case k.Hi < k.Lo || uint64(k.Hi)-uint64(k.Lo) >= narrowRange:
		// The width in unsigned arithmetic: Hi-Lo of a range from near the
		// least whole number to near the largest wraps round to a small
		// or negative int (a list made with a negative size: a panic).
		return nil, false
	}
	ps := make([]rowPoint, 0, k.Hi-k.Lo+1)
	for n := k.Lo; ; n++ {
		ps = append(ps, rowPoint{n: n})
		if n == k.Hi {
			return ps, true
		}
	}
}

// candidates lists, in order, the earlier rows whose first key may
// overlap r's: every earlier row when r's first key is spread. It counts
// them toward the limit before gathering them, and lists none once the
// table is over it (see budget).
func (x *rowIndex) candidates(c *checker, t *Table, r *Row) []*Row {
	ps, ok := r.Keys[0].points()
	n := len(x.rows)
	if ok {
		n = len(x.spread)
		for _, p := range ps {
			n += len(x.exact[p])
		}
	}
	if !x.budget(c, t, n) {
		return nil
	}
	if !ok {
		return x.rows
	}
	idx := append([]int(nil), x.spread...)
	for _, p := range ps {
		idx = append(idx, x.exact[p]...)
	}
	sort.Ints(idx)
	out := make([]*Row, 0, len(idx))
	for i, j := range idx {
		if i == 0 || idx[i-1] != j {
			out = append(out, x.rows[j])
		}
	}
	return out
}

// add records r as an earlier row for the rows after it.
func (x *rowIndex) add(r *Row) {
	i := len(x.rows)
	x.rows = append(x.rows, r)
	ps, ok := r.Keys[0].points()
	if !ok {
		x.spread = append(x.spread, i)
		return
	}
	for _, p := range ps {
		x.exact[p] = append(x.exact[p], i)
	}
}

// budget counts n more pairs compared for table t and reports whether
// its overlaps may still be checked; the first time they may not, it
// says so at the table, naming the limit and its flag.
func (x *rowIndex) budget(c *checker, t *Table, n int) bool {
	if x.over {
		return false
	}
	x.compared += n
	if x.compared <= c.limits().Iterations {
		return true
	}
	x.over = true
	c.addDiag(syntax.LimitDiag(syntax.RangeAt(t.Decl.Pos, "table"),
		fmt.Sprintf("checking table %s's rows for overlaps (pairs compared)", t.Name), c.limits().Iterations, "--max-iterations"))
	return false
}
