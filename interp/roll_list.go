package interp

import (
	"fmt"
	"strings"
)

// RollList names the rolls a set-up makes, for fray prob's refusal of a
// set-up with too many sequences of dice to enumerate. A set-up may roll
// millions of dice (a loop of roll(d6)): the message listed each, 5 MB
// on one line, and kept a string per roll. So a run of the same dice is
// counted ("d6 (900000 times)"), and past the first rollListRuns runs
// only how many rolls follow is kept.
type RollList struct {
	runs []rollRun
	more int // rolls after the runs kept
}

type rollRun struct {
	dice string
	n    int
}

// rollListRuns is how many runs of the same dice a RollList names.
const rollListRuns = 20

// Add counts one more roll of dice.
func (l *RollList) Add(dice string) {
	if k := len(l.runs); k > 0 && l.more == 0 && l.runs[k-1].dice == dice {
		l.runs[k-1].n++
		return
	}
	if len(l.runs) < rollListRuns && l.more == 0 {
		l.runs = append(l.runs, rollRun{dice, 1})
		return
	}
	l.more++
}

// String lists the rolls in order: a run of up to three of the same dice
// one by one ("2d6, 2d6"), a longer one with its count.
func (l *RollList) String() string {
	var parts []string
	for _, r := range l.runs {
		if r.n > 3 {
			parts = append(parts, fmt.Sprintf("%s (%d times)", r.dice, r.n))
			continue
		}
		for range r.n {
			parts = append(parts, r.dice)
		}
	}
	if l.more > 0 {
		parts = append(parts, fmt.Sprintf("and %d more", l.more))
	}
	return strings.Join(parts, ", ")
}
