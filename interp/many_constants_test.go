package interp

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/frayrules/fray/dsl/check"
)

// constantsHang is how long the set-up of TestManyConstantsAreMadeOnce
// may take before the test calls it a hang: far beyond what it takes (a
// second or two), far below the minutes of a frame made again for each
// constant.
const constantsHang = 2 * time.Minute

// TestManyConstantsAreMadeOnce: 100 000 constants, each reading the one
// before it, are made in one frame, each added as it is made. A frame
// made again for each (the globals zeroed and every constant before it
// copied in) was N²/2 copies: 50 000 constants ran past 60 s before the
// first round, and 100 000 take minutes.
func TestManyConstantsAreMadeOnce(t *testing.T) {
	const n = 100_000
	var b strings.Builder
	b.WriteString("ruleset \"consts\" {\n  source \"hostile\"\n}\ncombatant {\n  hp: int = 1\n}\nconst k0 = 1\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "const k%d = k%d + 1\n", i, i-1)
	}
	fmt.Fprintf(&b, "phase p each round {\n  log \"{k%d}\"\n}\nend when round > 1\n", n-1)
	enc := loadWritten(t, "consts", b.String(), "encounter \"e\" {\n  rules \"consts.fray\"\n}\nside a {\n  combatant x\n}\nside b {\n  combatant y\n}\n")
	log := playWithinHang(t, enc)
	if !strings.Contains(strings.Join(log, "\n"), fmt.Sprint(n)) {
		t.Errorf("the log does not show k%d = %d:\n%.500s", n-1, n, strings.Join(log, "\n"))
	}
}

// TestDynamicAssignmentUnderManyAttributes: an assignment whose target
// is found while running (through a value typed any), a step of work,
// finds the attribute in its type's index of names. It read the tags of
// every attribute before it: under 50 000 attributes, 200 000 such
// assignments were 10^10 tags read (minutes; a loop to --max-steps,
// hours).
func TestDynamicAssignmentUnderManyAttributes(t *testing.T) {
	const n = 50_000
	var b strings.Builder
	b.WriteString("ruleset \"attrs\" {\n  source \"hostile\"\n}\ncombatant {\n")
	for i := range n {
		fmt.Fprintf(&b, "  a%d: int = 0\n", i)
	}
	fmt.Fprintf(&b, "}\nphase p each round {\n  let l = [first(combatants), 1]\n  let e = l[0]\n  for i in 1..200000 {\n    e.a%d += 1\n  }\n  log \"{first(combatants).a%d}\"\n}\nend when round > 1\n", n-1, n-1)
	enc := loadWritten(t, "attrs", b.String(), "encounter \"e\" {\n  rules \"attrs.fray\"\n}\nside a {\n  combatant x\n}\nside b {\n  combatant y\n}\n")
	log := playWithinHang(t, enc)
	if !slices.Contains(log, "200000") {
		t.Errorf("the log does not show a%d = 200000:\n%.500s", n-1, strings.Join(log, "\n"))
	}
}

// playWithinHang plays enc with seed 1 and returns its log's lines,
// failing the test if the fight does not end within constantsHang.
func playWithinHang(t *testing.T, enc *check.Encounter) []string {
	t.Helper()
	var log []string
	done := make(chan error, 1)
	go func() {
		_, err := New(Lower(enc.Rules), enc, Options{Seed: 1, Sink: func(e *Event) { log = append(log, e.Text) }}).Play()
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(constantsHang):
		t.Fatalf("the fight did not end within %v", constantsHang)
	}
	return log
}
