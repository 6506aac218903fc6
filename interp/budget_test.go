package interp_test

// The budget against generated programs: heavy rule files
// (budget_gen_test.go) played with small limits must stay within them.
// A run's work is charged to --max-steps, its log to --max-log, its
// strings to --max-string, the lists one expression builds to
// --max-expr-memory, its nesting to --max-nesting; so what a run
// allocates is bounded by a constant times those limits. A construct
// whose cost is not charged shows as a run that allocates far more than
// the bound, or does not return.

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
)

// budgetLimits are the small limits the generated programs play under:
// all small; few steps with long lists and strings; and, for the native
// plan alone (the one fray plays), enough steps to build a list of a
// million items and read it in a loop, where a walk left uncounted, which
// allocates nothing, runs past the hang guard (S steps build a list of
// about S items, and S more read it S times over: S² work).
var budgetLimits = []struct {
	name       string
	opt        interp.Options
	nativeOnly bool
}{
	{"tight", interp.Options{MaxRounds: 6, MaxSteps: 2000, MaxLog: 16 << 10, MaxString: 4 << 10, MemoryBudget: 4000, MaxNesting: 40}, false},
	{"wide", interp.Options{MaxRounds: 6, MaxSteps: 2000, MaxLog: 64 << 10, MaxString: 64 << 10, MemoryBudget: 200_000, MaxNesting: 200}, false},
	{"long", interp.Options{MaxRounds: 6, MaxSteps: 400_000, MaxLog: 256 << 10, MaxString: 64 << 10, MemoryBudget: 1_000_000, MaxNesting: 200}, true},
}

// allocBound is the most a run under the limits o may allocate. It is
// a constant for the run's set-up and its plan's frames, plus a cost
// per unit of each limit: bytes per step of work (a step may build a
// value: a combatant list, a formatted number, a frame), per byte of log
// (each line is formatted and handed to the sink), per byte of the
// longest string (a string is built a few times over: joined, copied
// into the log), per item of an expression's lists (boxed, copied by
// expr-lang). The constants are from measurement: TestGeneratedWorkStaysInBudget
// with BUDGET_REPORT=1 prints the heaviest runs of a batch, and the
// heaviest of 5000 programs (20 000 runs) took 0.36 of the bound.
func allocBound(o interp.Options, srcBytes int) uint64 {
	return uint64(4<<20 + 200*srcBytes + 2048*o.MaxSteps + 64*o.MaxLog + 64*o.MaxString + 256*int(o.MemoryBudget))
}

// budgetHang is how long one generated run may take before the test
// calls it a hang: far beyond what the small limits allow (a few
// milliseconds), far below what an unbounded run takes.
const budgetHang = 10 * time.Second

// budgetRun is what one play of a generated program did.
type budgetRun struct {
	alloc uint64
	steps int
	took  time.Duration // reported, never asserted
	err   string
}

// playBudgeted plays enc under opt, one plan, and measures what the run
// allocated. The test is not parallel, so the allocation is the run's.
func playBudgeted(t testing.TB, name string, enc *check.Encounter, lower func(*check.Model) *interp.Plan, sink func(*interp.Event), opt interp.Options, show func() string) budgetRun {
	plan := lower(enc.Rules)
	done := make(chan budgetRun, 1)
	go func() {
		var before, after runtime.MemStats
		o := opt
		o.Sink = sink
		o = withEncounterDice(enc, o)
		runtime.ReadMemStats(&before)
		start := time.Now()
		run := interp.New(plan, enc, o)
		_, err := run.Play()
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		_, steps, _ := run.Counted()
		r := budgetRun{alloc: after.TotalAlloc - before.TotalAlloc, steps: steps, took: took}
		if err != nil {
			r.err = err.Error()
		}
		done <- r
	}()
	select {
	case r := <-done:
		return r
	case <-time.After(budgetHang):
		t.Fatalf("%s: the run did not return within %v under small limits\n%s", name, budgetHang, show())
		return budgetRun{}
	}
}

// checkBudget plays one generated program under both plans and fails if
// a run went past its bound. It reports whether the checker took it.
func checkBudget(t testing.TB, name, rulesSrc, encSrc string, long bool, report *budgetReport) bool {
	enc, why := checkGenerated(rulesSrc, encSrc)
	if enc == nil {
		if report != nil {
			report.reject(why)
		}
		return false
	}
	show := func() string {
		return fmt.Sprintf("--- rules.fray ---\n%s\n--- encounter.fray ---\n%s", rulesSrc, encSrc)
	}
	// The native plan writes the text log, the VM's the JSON log: what a
	// log line costs to write is the run's too.
	for _, lim := range budgetLimits {
		bound := allocBound(lim.opt, len(rulesSrc)+len(encSrc))
		for _, p := range []struct {
			name  string
			lower func(*check.Model) *interp.Plan
			sink  func(*interp.Event)
		}{{"native", interp.Lower, interp.NewTextLog(io.Discard).Write}, {"vm", interp.LowerVM, interp.NewJSONLog(io.Discard).Write}} {
			if lim.nativeOnly && (p.name != "native" || !long) {
				continue
			}
			r := playBudgeted(t, name, enc, p.lower, p.sink, lim.opt, show)
			if report != nil {
				report.add(name+" "+p.name+" "+lim.name, r, bound)
			}
			if r.alloc > bound {
				t.Errorf("%s, %s plan, %s limits: the run allocated %d bytes, over its bound of %d under the limits %+v (%d steps; %s)\n%s",
					name, p.name, lim.name, r.alloc, bound, lim.opt, r.steps, r.err, show())
			}
		}
	}
	return true
}

func TestGeneratedWorkStaysInBudget(t *testing.T) {
	// BUDGET_SEEDS=N plays more; BUDGET_REPORT=1 shows the heaviest runs
	// and how the runs ended.
	seeds := uint64(60)
	if n, err := strconv.ParseUint(os.Getenv("BUDGET_SEEDS"), 10, 64); err == nil && n > 0 {
		seeds = n
	}
	report := &budgetReport{ends: map[string]int{}}
	seen := map[string]bool{}
	for seed := uint64(1); seed <= seeds; seed++ {
		rulesSrc, encSrc := generateHeavy(newSeeded(seed))
		for _, f := range publicFuncs() {
			if regexp.MustCompile(`\b` + f + `\(`).MatchString(rulesSrc) {
				seen[f] = true
			}
		}
		// The long limits take the most time: the default batch plays a
		// third of its programs under them, a longer one all.
		long := seed%3 == 0 || os.Getenv("BUDGET_SEEDS") != ""
		checkBudget(t, "seed "+itoa(seed), rulesSrc, encSrc, long, report)
		if t.Failed() {
			return
		}
	}
	if os.Getenv("BUDGET_REPORT") != "" {
		t.Log(report)
	}
	// The generator has drifted from the language if the checker refuses
	// many of its programs.
	if report.rejected > int(seeds)/10 {
		t.Errorf("the checker rejects %d of %d heavy programs (over 10%%); the first: %s", report.rejected, seeds, report.firstReject)
	}
	// Every builtin is reachable; the default batch writes them all.
	if seeds >= 60 {
		for _, f := range publicFuncs() {
			if !seen[f] {
				t.Errorf("no program of %d seeds calls %s", seeds, f)
			}
		}
	}
}

func FuzzGeneratedWorkStaysInBudget(f *testing.F) {
	for _, s := range []string{"", "\x01\x02\x03", "heavy generated fight", "\x07\x00\x05\x09\x02\x0b\x04\x01\x00\x03\xff\x11"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rulesSrc, encSrc := generateHeavy(&fromBytes{b: data})
		checkBudget(t, "input", rulesSrc, encSrc, true, nil)
	})
}

// budgetReport sums up a batch: how runs ended, the heaviest and the
// slowest ones.
type budgetReport struct {
	runs, rejected int
	firstReject    string
	ends           map[string]int
	heaviest       []string
	maxShare       float64 // of its bound, the most a run allocated
	slowest        []string
	maxTook        time.Duration
}

func (r *budgetReport) reject(why string) {
	r.rejected++
	if i := strings.Index(why, " error: "); i >= 0 {
		r.ends["rejected:"+why[i+1:]]++ // by message, not place
	}
	if r.firstReject == "" {
		r.firstReject = why
	}
}

func (r *budgetReport) add(name string, run budgetRun, bound uint64) {
	r.runs++
	end := "ended"
	for _, flag := range []string{"--max-steps", "--max-log", "--max-string", "--max-expr-memory", "--max-nesting", "nested more than"} {
		if strings.Contains(run.err, flag) {
			end = flag
			break
		}
	}
	if end == "ended" && run.err != "" {
		end = "a rule's error"
	}
	r.ends[end]++
	line := fmt.Sprintf("%s: %d bytes (%.3f of its bound), %d steps, %v (%s)", name, run.alloc, float64(run.alloc)/float64(bound), run.steps, run.took, firstLine(run.err))
	if share := float64(run.alloc) / float64(bound); share > r.maxShare {
		r.maxShare = share
		r.heaviest = append(r.heaviest, line)
	}
	if run.took > r.maxTook {
		r.maxTook = run.took
		r.slowest = append(r.slowest, line)
	}
}

func (r *budgetReport) String() string {
	return fmt.Sprintf("%d runs, %d programs rejected; ends %v\nheavier and heavier:\n%s\nslower and slower:\n%s",
		r.runs, r.rejected, r.ends, strings.Join(r.heaviest, "\n"), strings.Join(r.slowest, "\n"))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	if len(s) > 200 {
		return s[:200]
	}
	return s
}

// TestGeneratedWorkDump writes the heavy program of BUDGET_SEED to
// BUDGET_DIR, to read, reduce or play with fray (skipped otherwise).
func TestGeneratedWorkDump(t *testing.T) {
	dumpGenerated(t, "BUDGET_SEED", "BUDGET_DIR", generateHeavy)
}

// TestGeneratedWorkFiles plays BUDGET_PLAY's rules.fray and
// encounter.fray as the budget test plays a generated program, and shows
// each run, to reduce an escape by hand (skipped otherwise).
func TestGeneratedWorkFiles(t *testing.T) {
	dir, rulesSrc, encSrc := readGenerated(t, "BUDGET_PLAY")
	report := &budgetReport{ends: map[string]int{}}
	if !checkBudget(t, dir, rulesSrc, encSrc, true, report) {
		t.Fatal(report.firstReject)
	}
	t.Log(report)
}
