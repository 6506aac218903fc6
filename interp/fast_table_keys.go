package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// A look-up of a table by typed keys (table going(lane: int, pace: int),
// manoeuvres(kind, speed)) with whole numbers and strings, natively: in
// a quiet run (no log to write, no coverage to count) the keys are
// matched against the rows as they are, and a row whose value is a
// literal gives it, boxed once when the plan was made. Everything else
// (a run with a log, coverage, a row whose value is evaluated, no row,
// a tba table) takes Run.Table's path with the keys boxed, as before.
// Without it every look-up boxed its keys (a string key allocated),
// looked the table up by name and built the closures that say the keys
// in the log: the dogfight homebrew's manoeuvres table was a fifth of
// its fight. The steps counted and the log's sequence are Run.Table's.

// tableKey is one key of a look-up: a whole number or a string.
type tableKey struct {
	i intFn
	s strFn
}

// typedTableCall compiles a look-up of table t by the keys args when
// each is a native whole number or string; nil otherwise.
func (c *fastCompiler) typedTableCall(t *check.Table, args []ast.Node) anyFn {
	if len(args) == 0 || len(args) > 4 || t.TBA {
		return nil
	}
	keys := make([]tableKey, len(args))
	for i, a := range args {
		switch c.typeOf(a) {
		case intT:
			keys[i].i = c.int(a)
		case strT:
			keys[i].s = c.str(a)
		}
		if keys[i].i == nil && keys[i].s == nil {
			return nil
		}
	}
	lits := rowLiterals(t)
	return func(r *Run, f addr) (any, error) {
		var ints [4]int
		var strs [4]string
		for i, k := range keys {
			var err error
			if k.i != nil {
				ints[i], err = k.i(r, f)
			} else {
				strs[i], err = k.s(r, f)
			}
			if err != nil {
				return nil, err
			}
		}
		if r.opt.Sink == nil && r.plan.cov == nil {
			if ri := matchRow(t.Rows, keys, &ints, &strs); ri >= 0 && lits[ri].ok {
				if err := r.Work(1); err != nil {
					return nil, err
				}
				if err := r.Work(ri / 8); err != nil {
					return nil, err
				}
				r.seq++ // Run.quiet, as tableRow asks it
				return lits[ri].v, nil
			}
		}
		boxed := make([]any, len(keys))
		for i, k := range keys {
			if k.i != nil {
				boxed[i] = ints[i]
			} else {
				boxed[i] = strs[i]
			}
		}
		if err := r.Work(1); err != nil {
			return nil, err
		}
		val, _, err := r.tableRow(t, boxed, false, "")
		return val, err
	}
}

// matchRow is the index of the first row of rows whose keys select the
// values (keys says which of ints and strs holds each), as
// check.RowKey.Matches selects them; -1 if none does.
func matchRow(rows []*check.Row, keys []tableKey, ints *[4]int, strs *[4]string) int {
rows:
	for ri, row := range rows {
		if len(row.Keys) > len(keys) {
			continue
		}
		for i := range row.Keys {
			k := &row.Keys[i]
			switch {
			case k.Any:
			case keys[i].i != nil:
				if k.IsStr || ints[i] < k.Lo || ints[i] > k.Hi {
					continue rows
				}
			default:
				if !k.IsStr || k.Str != strs[i] {
					continue rows
				}
			}
		}
		return ri
	}
	return -1
}
