package check

import (
	"slices"
	"strings"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Time within a round (syntax/timed.go, interp/timed.go): a timed loop
// "for c in LIST at count|segment KEY [desc] [by KEYS] [simultaneous]"
// and the schedule forms that use its clock.

// timedLoop checks a timed loop: its list and variable as a for loop's,
// its clock a whole number read with the variable, its keys ordinary
// keys or one pairwise order (ordering the items of one moment), and
// its body knowing it is inside.
func (bc *bodyCheck) timedLoop(f *syntax.ForStmt) {
	c := bc.c
	elem := bc.loopElem(&f.List.Expr) // check_group.go
	bc.scopes = append(bc.scopes, map[string]bool{})
	bc.declare(f.Var, elem)
	c.m.Loops[f] = c.m.Locals[f.Var]
	c.m.Timed = true
	bc.word(f.Clock.Unit, "clock", "count", "segment")
	if f.Clock.Unit.Text == "segment" {
		bc.segmentsBeforeRound1()
	}
	if f.Clock.Unit.Text == "segment" && f.Clock.Dir == "desc" {
		c.errorf(diag.CodeTimedOrder, syntax.RangeOf(f.Clock.Pos, f.Clock.EndPos), "a round's segments run forward: drop desc, or use a count clock (at count KEY desc)", "a timed loop cannot run the round's segments backwards")
	}
	bc.moment(f.Clock.Key, "the "+f.Clock.Unit.Text+" of a timed loop")
	if o := bc.pairOrder(f.Keys, f.Body, elem); o != nil {
		// The moments still come from the clock; the pairwise order
		// only orders the items of one moment (interp/timed_pair.go).
		c.m.OrderUses[f] = o
	} else {
		bc.orderKeys(f.Keys)
	}
	bc.timed = append(bc.timed, f)
	bc.block(f.Body)
	bc.timed = bc.timed[:len(bc.timed)-1]
	bc.scopes = bc.scopes[:len(bc.scopes)-1]
}

// moment checks an expression that gives a moment: a whole number (a
// float would have to be rounded somewhere the rules do not say).
func (bc *bodyCheck) moment(e *syntax.Expr, what string) {
	ce := bc.compile(e, nil)
	if ce == nil {
		return
	}
	switch ce.Type.Kind {
	case KInt, KAny:
		return
	case KFloat:
		bc.c.errorf(diag.CodeMoment, syntax.RangeOf(e.Pos, e.EndPos), "round it the way the rules say: int(x), floor(x) or ceil(x)", "%s is a whole number, not a float", what)
	default:
		bc.c.errorf(diag.CodeMoment, syntax.RangeOf(e.Pos, e.EndPos), "give a whole number: a count, or a segment of the round", "%s is a whole number, not %s", what, ce.Type.Article())
	}
}

// scheduleWhen checks a schedule's "after N" or "at M" and its tie
// word. Where the statement is in a phase outside every timed loop, no
// timed loop can be running when it runs (the engine fires a phase's
// scheduled blocks between segments, never inside a loop): "at" and a
// tie word are F701 there. In an action, handler, procedure or effect,
// a timed loop may be running (the body may be acted from one): the run
// decides.
func (bc *bodyCheck) scheduleWhen(s *syntax.ScheduleStmt) {
	c := bc.c
	if s.At != nil {
		bc.moment(s.At, "the moment of a schedule")
	} else {
		bc.compile(s.After, c.u.Int)
	}
	if s.Tie != nil {
		bc.word(s.Tie.Word, "tie word", "first", "last", "together")
	}
	outside := bc.kind == bodyPhase && len(bc.timed) == 0
	switch {
	case outside && s.At != nil:
		c.errorf(diag.CodeTimedOutside, syntax.RangeOf(s.At.Pos, s.At.EndPos),
			"schedule at a moment inside a timed loop (for c in LIST at count|segment KEY { ... }), or use after N segments here",
			"schedule at %s needs a timed loop, and none runs here", s.At.Raw())
	case outside && s.Tie != nil:
		c.errorf(diag.CodeTimedOutside, syntax.RangeOf(s.Tie.Pos, s.Tie.EndPos),
			"a tie word places a block among the items of a timed loop's moment; drop it here",
			"schedule %s needs a timed loop, and none runs here", s.Tie.Word.Text)
	case s.Tie != nil && s.Tie.Word.Text == "together" && len(bc.timed) > 0 && !bc.timed[len(bc.timed)-1].Simultaneous:
		c.errorf(diag.CodeTieTogether, syntax.RangeOf(s.Tie.Pos, s.Tie.EndPos),
			"add simultaneous to the timed loop, or schedule first or last",
			"schedule together needs a simultaneous timed loop: the items of this one act one by one")
	}
}

// word checks a word of a timed loop or a schedule against those it can
// be, with did-you-mean.
func (bc *bodyCheck) word(n *syntax.Name, what string, words ...string) {
	if slices.Contains(words, n.Text) {
		return
	}
	hint := didYouMean(n.Text, slices.Clone(words), "use "+strings.Join(words[:len(words)-1], ", ")+" or "+words[len(words)-1])
	bc.c.errorf(diag.CodeTimedWord, syntax.RangeOf(n.Pos, n.EndPos), hint, "unknown %s %s", what, n.Text)
}
