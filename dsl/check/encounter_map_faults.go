package check

import (
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// mapFaultsListed is how many faults of a map are listed. A map row is
// one token however long, and each of its characters can be a fault of
// its own (an unknown symbol, a - under no square, a | beside a |): a
// 4 MiB row of them was two million findings, a minute of lint and
// 3.5 GB of JSON; rows of one bad character, 650 000 in 2.6 MB. Past the
// first faults the rest are counted, and one finding gives their number.
const mapFaultsListed = 100

// mapFaults counts the faults of the map being checked; mapSink stands
// for those not listed, so that a caller may still set its note.
type mapFaults struct {
	n    int
	sink diag.Diagnostic
}

// mapErrorf is errorf for a fault of the map: listed while fewer than
// mapFaultsListed are, else only counted.
func (c *checker) mapErrorf(code string, r diag.Range, hint, format string, args ...any) *diag.Diagnostic {
	c.mapFaults.n++
	if c.mapFaults.n > mapFaultsListed {
		return &c.mapFaults.sink
	}
	return c.errorf(code, r, hint, format, args...)
}

// mapFaultsUnlisted reports, at the map, how many faults it has when
// not all are listed: one error more, as F410 names three combatants
// and counts the rest.
func (c *checker) mapFaultsUnlisted(md *syntax.MapDecl) {
	if n := c.mapFaults.n; n > mapFaultsListed {
		c.errorf(diag.CodeMap, syntax.RangeAt(md.Pos, "map"), "mend them and check it again",
			"this map has %d faults; the first %d are listed", n, mapFaultsListed)
	}
	c.mapFaults = mapFaults{}
}
