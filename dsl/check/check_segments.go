package check

// The phases before the first round run at segment 0 of round 0 on the
// round's clock. A ruleset whose surprise segments run there (segment
// blocks in a once phase: rules/ten_segment_rounds.fray) counts its
// schedules on that round's segments. In one that runs no segment before
// round 1, round 0 has none: "after 2" and "after 3" from a once phase
// both came due in round 1's segment 1, the first segment that fired
// what was due. The interpreter counts such a ruleset's phases before
// the first round from where round 1 begins instead (interp's
// Run.tick), so "after 2" is round 1's segment 2; a ruleset that may
// run a segment before round 1 (Model.SegmentsBeforeRound1) keeps round
// 0's clock.

// segmentsBeforeRound1 notes a segment block, or a timed loop on the
// round's segments, in a body a phase before the first round may run.
func (bc *bodyCheck) segmentsBeforeRound1() {
	if !bc.c.roundBody {
		bc.c.m.SegmentsBeforeRound1 = true
	}
}
