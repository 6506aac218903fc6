package interp

import (
	"fmt"
	"strings"
	"testing"
)

// An order line is not built past --max-log, nor its verbose form (the
// log fray test reads), which can be several times longer. Whichever of
// the two passes the limit, the run must stop at its next check with
// --max-log's error: when only the verbose form passed, logTooLong once
// counted the short form's bytes alone, which left the log under its
// limit, so the run went on without the line (testdata/hostile's
// order_of_a_million played three more passes of a million items).
func TestOrderLineTooLongStopsTheRun(t *testing.T) {
	t.Parallel()
	const rules = `ruleset "long_order" {
  source "test"
}
combatant {
  hp: int = 3
}
phase p each round {
  for i in 1..3000 at count i % 7 by i desc simultaneous {
  }
  log "after the loop"
}
end when round > 1
`
	const encounter = "encounter \"long_order\" {\n  rules \"long_order.fray\"\n}\nside a {\n  combatant x\n}\nside b {\n  combatant y\n}\n"
	plan := Lower(loadWritten(t, "long_order", rules, encounter).Rules)
	enc := loadWritten(t, "long_order", rules, encounter)
	skipped := 0
	for maxLog := 1 << 10; maxLog < 1<<18; maxLog += maxLog / 4 {
		var text strings.Builder
		ordered := false
		opt := Options{Seed: 1, MaxLog: maxLog}
		opt.Sink = func(e *Event) {
			ordered = ordered || e.Kind == KOrder
			fmt.Fprintln(&text, e.Text)
		}
		_, err := New(plan, enc, opt).Play()
		if ordered {
			continue
		}
		skipped++
		if err == nil || !strings.Contains(err.Error(), "--max-log") {
			t.Fatalf("--max-log %d: the order line was left out, and the run went on (error %v)", maxLog, err)
		}
		if strings.Contains(text.String(), "after the loop") {
			t.Fatalf("--max-log %d: the order line was left out, and the run played on to the next statement", maxLog)
		}
	}
	if skipped == 0 {
		t.Fatal("no limit tried left the order line out")
	}
}
