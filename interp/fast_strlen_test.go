package interp

import (
	"fmt"
	"testing"
)

// A quiet run measures a template part instead of making its string
// (fast_strlen.go): for every string expression of the repository's rule
// files that has a measure, the measure is the length of the string the
// part makes, with the same error, the same work counted and the same
// dice, in the frames TestFastAgreesWithExpr uses, under the default
// --max-string and under small ones that refuse some strings (and make
// string(n) go through the library).
func TestStrLenAgreesWithStr(t *testing.T) {
	t.Parallel()
	measured, refused := 0, 0
	for _, file := range repoRuleFiles(t) {
		l := loadedRuleset(file)
		if l.diags.HasErrors() {
			continue // test data that is wrong on purpose (TestFastAgreesWithExpr checks rules/)
		}
		m, plan := l.m, l.plan
		enc := probeEncounter(m)
		madeRn, measRn := NewRunner(plan, enc), NewRunner(plan, enc) // probeRunner
		for _, ce := range m.Exprs {
			fe := plan.fast[ce.ID]
			if fe == nil || fe.sl == nil {
				continue
			}
			measured++
			for k := 0; k < 4; k++ {
				for _, max := range []int{0, 3, 12, 40} {
					made, meas := probeRunner(t, madeRn, uint64(k+1)), probeRunner(t, measRn, uint64(k+1))
					if max > 0 {
						made.opt.MaxString, meas.opt.MaxString = max, max
					}
					mf, sf := made.frame(ce.Frame), meas.frame(ce.Frame)
					fillFrame(made, ce.Frame, mf, k)
					fillFrame(meas, ce.Frame, sf, k)
					s, serr := fastRun(made, ce, fe.s, mf)
					n, nerr := fastRun(meas, ce, fe.sl, sf)
					want, got := fmt.Sprint(len(s)), fmt.Sprint(n)
					if serr != nil {
						want, refused = "error: "+serr.Error(), refused+1
					}
					if nerr != nil {
						got = "error: " + nerr.Error()
					}
					wd, gd := *made.dice.(*SeededDice), *meas.dice.(*SeededDice)
					if want != got || made.steps != meas.steps || wd != gd || made.seq != meas.seq {
						t.Errorf("%s:%d:%d %s (locals %d, --max-string %d):\n made: %s, %d steps\n measured: %s, %d steps",
							file, ce.Expr.Pos.Line, ce.Expr.Pos.Column, ce.Expr.Raw(), k, max, want, made.steps, got, meas.steps)
					}
				}
			}
		}
	}
	t.Logf("%d string expressions measured, %d comparisons refused a string or failed", measured, refused)
	if measured == 0 || refused == 0 {
		t.Errorf("the test covers nothing: %d measured, %d refused", measured, refused)
	}
}

// digits counts what strconv.Itoa prints.
func TestDigits(t *testing.T) {
	for _, v := range []int{0, 7, -7, 9, 10, -10, 99, 100, -101, 123456789, -1 << 63, 1<<63 - 1} {
		if got, want := digits(v), len(fmt.Sprint(v)); got != want {
			t.Errorf("digits(%d) = %d, want %d", v, got, want)
		}
	}
}
