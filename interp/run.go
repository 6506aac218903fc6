package interp

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/expr-lang/expr/vm"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Options control one run.
type Options struct {
	Seed      uint64
	Dice      []int // fixed dice; nil means use the seed
	MaxRounds int   // 0: the encounter's limit
	MaxSteps  int   // steps of work per run (budget.go); 0: DefaultMaxSteps
	MaxString int   // bytes of one string a rule makes; 0: DefaultMaxString
	// MemoryBudget bounds what one expression may allocate; 0: DefaultMemoryBudget.
	MemoryBudget uint
	Sink         func(*Event)
	// Stop, when it closes, interrupts the run within a few thousand
	// steps of work, with ErrInterrupted (Ctrl-C in fray sim).
	Stop <-chan struct{}
	// pause, when set, is called every 1024 steps of work; it may wait
	// (sim_memory.go: a batch whose heap is high holds its younger fights).
	pause func()
	// MaxLog bounds the bytes of log text one run may make; 0:
	// DefaultMaxLog.
	MaxLog int
	// MaxNesting bounds how deeply bodies run inside one another; 0:
	// DefaultMaxNesting. More than MaxNestingCap is taken as the cap.
	MaxNesting int
	// Why names a combatant or side (or WhyEveryone, or WhyAll) whose place in every
	// order the log explains (why.go); "" explains nothing.
	Why string
	// countEvent, when there is no Sink, hears of each rule event (sim).
	countEvent func(name, who string)
	// checkCrowd makes every Crowd compare itself with Occupied and
	// fail on a difference (tests only: TestCrowdAgreesWithOccupied).
	checkCrowd bool
}

// DefaultMaxNesting bounds how deeply events, actions, fns, tables'
// effects, points and scheduled blocks may run inside one another (a
// handler that emits its own event, say); --max-nesting
// (Options.MaxNesting) raises it up to MaxNestingCap.
const DefaultMaxNesting = 1000

// MaxNestingCap is the most --max-nesting may allow: far below what
// would overflow the Go stack, which no recover can catch.
const MaxNestingCap = 20000

// RunError is a failure while playing, placed in the rule file.
type RunError struct {
	At  diag.Range
	Msg string
}

func (e *RunError) Error() string {
	if e.At.Filename == "" {
		return "runtime error: " + e.Msg
	}
	return fmt.Sprintf("%s:%d:%d: runtime error: %s", e.At.Filename, e.At.Start.Line, e.At.Start.Column, e.Msg)
}

// Result sums up a finished run.
type Result struct {
	Rounds   int
	Standing []string
	Capped   bool
}

// Run is one fight in progress. It is the stdlib.World of its expressions.
type Run struct {
	plan *Plan
	m    *check.Model
	enc  *check.Encounter
	opt  Options

	dice DiceSource
	sums summingDice // dice, when it deals in sums (setDice)
	// quickDice is dice when it is a seeded stream and the run is quiet:
	// its single dice take rollPlus's short way (setQuickDice).
	quickDice *SeededDice
	// anonymous: nothing in this run asks who acts (Run.who): it is
	// quiet, counts no events and rolls a seeded stream, which never
	// describes the die it needs. The actor stack is then not kept
	// (actor.go); set with quickDice.
	anonymous bool
	sides     []reflect.Value // *side structs
	comb      []reflect.Value // *combatant structs
	sideList  reflect.Value   // []*side
	combList  reflect.Value   // []*combatant
	lists     uint64          // names the two lists (listEpochs): frame pools compare it
	// frameEpoch is the span in which the frame pools stay current
	// (frames.go, frameEpochs); noEpoch while the constants are made.
	frameEpoch uint64
	consts     []reflect.Value
	self       reflect.Value // this run as a context.Context value
	needFn     func() string // describes the die being rolled

	round, segment int
	// passed is the last segment of the round the round's clock has
	// passed while no segment runs (tick): 0 in a round phase before the
	// segment phases (and in the phases before the first round, whose
	// segment blocks are its surprise segments), the last segment after
	// them.
	passed         int
	phase          string
	ended          bool
	vms            []*vm.VM
	pools          []framePool // by frame ID
	scratch        []addr      // lists of native expressions (fast_world.go)
	strs           []string    // the strings of a native join (fast_strings.go)
	lens           []int       // the lengths of a measured join (fast_strlen.go)
	depth          int
	inner          *RunError // the innermost error of a ruleset function, passed out through expr-lang
	nesting        int
	steps          int
	calm, nextPoll int  // budget.go: over's short way, the next poll of Stop
	logBytes       int  // of the log's text so far (--max-log)
	interrupted    bool // Options.Stop closed
	callFailed     bool // a ruleset function's call failed by itself (Call)
	seq            int

	declared  []*declared
	conds     [][]condOn // by combatant: the conditions it is under (conditions.go)
	condBufs  [][]condOn // by combatant: the buffer behind its conds (conditions_list.go)
	adjBy     [][]any    // by condition, its adjustments' amounts once read this fight (conditions.go)
	defDecl   *declared
	scheduled []*scheduled
	timelines []*timeline // the timed loops running, innermost last (timed.go)
	deferred  *[]pendingEmit
	loopBufs  []*loopBuf // by loop nesting (loop.go)
	loops     int
	endFrame  reflect.Value // where the end condition is evaluated
	endBase   addr          // endFrame's address
	endGen    int           // the globals' template it was made from
	combView  listView      // views of combList and sideList as addresses (fast_world.go)
	sideView  listView
	elems     []addr   // the elements (#) of native predicates (fast_elem.go)
	strElems  []string // the elements (#) of native predicates over strings (fast_strlists.go)
	intElems  []int    // the elements (#) of native predicates over whole numbers (fast_join_ints.go)
	callArgs  []any    // arguments of native calls of modifiers (fast_modifier.go)
	actors    []string
	reason    string

	// world is bumped by whatever may change what expressions read
	// outside their frame (assignments, declarations, schedules); the
	// end condition's last answer is kept with what it was made from.
	world                          int
	endKnown, endWas               bool
	endWorld, endRound, endSegment int
	// inEnd is set while the end condition is evaluated: a loop of a
	// procedure it calls does not watch it (watchEnd), which would
	// evaluate it again inside itself, down to the nesting limit.
	inEnd bool
	// enemies are the living enemies of each side, kept while world
	// stands (livingEnemiesP); setup forgets them.
	rosters    []roster            // living members and enemies of sides (roster.go)
	engaged    []engagedPair       // who is in melee with whom (engage.go)
	engagedSet map[[2]int]struct{} // the pairs of engaged by key
	rosterGen  int
	// rosterLast is the index of the roster rosterOf gave last.
	rosterLast int
	rosterLive int        // how many of rosters are kept (roster.go)
	spaceIdx   spaceIndex // who stands on each square of the map (space.go)
	// pairWas is the old coordinate of a move by x then y, kept by the
	// first statement for the second (square_move.go).
	pairWas int

	keep *kept // what a Runner keeps from fight to fight; nil for New's runs
}

type declared struct {
	action *actionPlan
	args   []reflect.Value // nil entries take the parameter's default
	script bool
	// slots.go: the combatant's next declaration of the round; held
	// ones wait for "act held", done once it performed them.
	next       *declared
	held, done bool
}

// context.Context, so that expr-lang hands the run to world functions.
func (r *Run) Deadline() (time.Time, bool) { return time.Time{}, false }
func (r *Run) Done() <-chan struct{}       { return nil }
func (r *Run) Err() error                  { return nil }
func (r *Run) Value(any) any               { return nil }

var _ context.Context = (*Run)(nil)

// New prepares a run of an encounter under a plan.
func New(p *Plan, enc *check.Encounter, opt Options) *Run {
	r := &Run{plan: p, m: p.M, enc: enc}
	if opt.Dice != nil {
		r.setDice(NewFixedDice(opt.Dice))
	} else {
		r.setDice(NewSeededDice(opt.Seed))
	}
	r.setOptions(opt)
	r.bind()
	return r
}

// setOptions takes a fight's options, filling in the defaults of those
// left at zero.
func (r *Run) setOptions(opt Options) {
	r.opt = opt
	r.setQuickDice()
	r.calm, r.nextPoll = 0, 0 // over decides again under these limits
	if r.opt.MaxRounds == 0 {
		r.opt.MaxRounds = r.enc.Rounds
	}
	if r.opt.MaxSteps == 0 {
		r.opt.MaxSteps = DefaultMaxSteps
	}
	if r.opt.MaxLog == 0 {
		r.opt.MaxLog = DefaultMaxLog
	}
	if r.opt.MaxString == 0 {
		r.opt.MaxString = DefaultMaxString
	}
	if r.opt.MemoryBudget == 0 {
		r.opt.MemoryBudget = DefaultMemoryBudget
	}
	if r.opt.MaxNesting <= 0 {
		r.opt.MaxNesting = DefaultMaxNesting
	}
	r.opt.MaxNesting = min(r.opt.MaxNesting, MaxNestingCap)
}

// tooDeep is the message of bodies nested past --max-nesting: what is
// nested (format takes the limit), and the flag that raises it.
func (r *Run) tooDeep(format string) string {
	return fmt.Sprintf(format, r.opt.MaxNesting) + "; raise it with --max-nesting"
}

// bind makes what a run keeps for its whole life: itself as the frames'
// context, its description of the die being rolled, and its storage.
func (r *Run) bind() {
	// The frames' context field is an interface: a Value of that type
	// stores without a type check per frame.
	var ctx context.Context = r
	r.self = reflect.ValueOf(&ctx).Elem()
	r.needFn = r.describeNeed
	r.frameEpoch = noEpoch
	r.adoptStore()
}

// quiet reports whether nobody reads the log; then the caller skips
// building the event, and only its sequence number is taken, so that a
// quiet run and a logged one stay the same fight.
func (r *Run) quiet() bool {
	if r.opt.Sink == nil {
		r.seq++
		return true
	}
	return false
}

// logTooLong counts a log line that would take the log past --max-log
// without building it (an order of a million items, say): the next
// check of the budget stops the run with --max-log's error. The log is
// counted as over its limit whatever size says: size is the short form
// built so far, and it may be the verbose form (the log fray test
// reads) that passed the limit (TestOrderLineTooLongStopsTheRun).
func (r *Run) logTooLong(size int) {
	r.logBytes = max(r.logBytes+size, r.opt.MaxLog+1)
	r.calm = -1
}

func (r *Run) emitLog(e *Event) {
	r.logBytes += len(e.Text)
	if r.logBytes > r.opt.MaxLog {
		r.calm = -1 // the next check of the budget stops the run
	}
	r.seq++
	e.Seq = r.seq
	e.Round = r.round
	e.Segment = r.segment
	if e.Phase == "" {
		e.Phase = r.phase
	}
	if r.opt.Sink != nil {
		r.opt.Sink(e)
	}
}

// Play runs the fight to its end and reports the outcome.
func (r *Run) Play() (res Result, err error) {
	defer func() {
		// An interruption inside an expression comes back as its
		// failure; it is the interruption all the same.
		if r.interrupted {
			res, err = Result{}, ErrInterrupted
		}
	}()
	if r.keep == nil {
		defer r.recycleStore() // a Runner's run keeps its storage
	}
	if err := r.setup(); err != nil {
		return res, err
	}
	r.forgetRosters() // setup sets who is alive, present and where directly
	r.passed = 0
	for _, ph := range r.plan.Once {
		if err := r.runPhase(ph); err != nil {
			return res, err
		}
		if done, err := r.checkEnd(); err != nil || done {
			return r.finish(err)
		}
	}
	for r.round = 1; r.round <= r.opt.MaxRounds; r.round++ {
		r.segment, r.passed = 0, 0
		done, err := r.playRound()
		if err != nil {
			return res, err
		}
		r.logTracker() // tracker.go
		if done {
			return r.finish(nil)
		}
	}
	r.round = r.opt.MaxRounds
	r.segment = 0
	r.phase = ""
	res.Capped = true
	res.Rounds = r.opt.MaxRounds
	res.Standing = r.standingNames()
	r.logPending() // pending.go
	if r.quiet() {
		return res, nil
	}
	// standing is in the args of every end event (docs/outputs.md): replay
	// read a capped fight without it as one that no side survived.
	r.emitLog(&Event{Kind: KEnd, Name: "capped", Args: map[string]any{"standing": res.Standing}, Text: fmt.Sprintf("stopped: the limit of %s was reached (raise it with --max-rounds or the encounter's rounds); standing: %s", count(r.opt.MaxRounds, "round"), strings.Join(res.Standing, ", "))})
	return res, nil
}

// playRound runs the round phases in order; consecutive per-segment
// phases run together, segment by segment.
func (r *Run) playRound() (bool, error) {
	phases := r.plan.Rounds
	for i := 0; i < len(phases); {
		if phases[i].ph.When != check.EachSegment {
			r.segment = 0
			if err := r.runPhase(phases[i]); err != nil {
				return false, err
			}
			if done, err := r.checkEnd(); err != nil || done {
				return done, err
			}
			i++
			continue
		}
		j := i
		for j < len(phases) && phases[j].ph.When == check.EachSegment {
			j++
		}
		for seg := 1; seg <= r.m.Segments; seg++ {
			r.segment, r.passed = seg, seg
			if err := r.fireDue(); err != nil {
				return false, err
			}
			for _, ph := range phases[i:j] {
				if err := r.runPhase(ph); err != nil {
					return false, err
				}
				if done, err := r.checkEnd(); err != nil || done {
					return done, err
				}
			}
		}
		r.segment = 0
		i = j
	}
	// What is still due this round (in a ruleset without segment
	// phases, everything scheduled in it) comes due at its own segment,
	// in order, at the round's end.
	for seg := 1; seg <= r.m.Segments; seg++ {
		r.segment = seg
		if err := r.fireDue(); err != nil {
			return false, err
		}
	}
	r.segment = 0
	if err := r.endRoundConditions(); err != nil { // conditions.go
		return false, err
	}
	return r.checkEnd()
}

func (r *Run) finish(err error) (Result, error) {
	if err != nil {
		return Result{}, err
	}
	res := Result{Rounds: r.round}
	r.ended = true
	for _, ph := range r.plan.AtEnd {
		if err := r.runPhase(ph); err != nil {
			return res, err
		}
	}
	// Who stands is read after the at-end phases, which may still take
	// the beaten out of the fight (or bring someone back).
	res.Standing = r.standingNames()
	r.phase = ""
	r.logPending() // pending.go
	if r.quiet() {
		return res, nil
	}
	text := "combat ends"
	if r.round == 0 {
		text += " before the first round"
	} else {
		text += fmt.Sprintf(" in round %d", r.round)
		if r.segment > 0 {
			text += fmt.Sprintf(", segment %d", r.segment)
		}
	}
	switch len(res.Standing) {
	case 0:
		text += ": no side stands"
	case 1:
		text += ", won by " + res.Standing[0]
	default:
		text += ", no winner; standing: " + strings.Join(res.Standing, ", ")
	}
	r.emitLog(&Event{Kind: KEnd, Name: "ended", Args: map[string]any{"standing": res.Standing}, Text: text})
	return res, nil
}

func (r *Run) standingNames() []string {
	mark := len(r.scratch)
	standing := r.standingP(r.sidesP())
	var out []string
	// A Runner's quiet fight answers in its own buffer (Runner.Play);
	// a logged one gives the list to the end event as well.
	reuse := r.keep != nil && r.opt.Sink == nil
	if reuse {
		out = r.keep.standing[:0]
	} else {
		out = make([]string, 0, len(standing))
	}
	for _, s := range standing {
		out = append(out, nameAt(s)) // the name leads every side
	}
	r.dropScratch(mark)
	if reuse {
		r.keep.standing = out
	}
	return out
}

func (r *Run) checkEnd() (bool, error) {
	// The answer kept below, while nothing it read has changed: the
	// round and segment count only when the condition names them (a
	// native condition that rolls nothing and calls no modifier reads
	// nothing else of the frame but the lists).
	if r.endKept() {
		return r.endWas, nil
	}
	return r.evalEndKeep()
}

// endKept reports whether the end condition's kept answer still holds.
func (r *Run) endKept() bool {
	return r.endKnown && r.endWorld == r.world && (!r.plan.endRound || r.endRound == r.round) && (!r.plan.endSegment || r.endSegment == r.segment)
}

// evalEndKeep evaluates the end condition, keeping the answer when it
// may be kept.
func (r *Run) evalEndKeep() (bool, error) {
	if r.m.End == nil {
		return false, nil
	}
	// An end condition that rolls nothing and calls no modifier or table
	// gives the same answer while nothing it can read has changed: the
	// world (every assignment, declaration and scheduling bumps r.world),
	// and the round and segment when it names them (endcond.go). The
	// lists of sides and combatants are made by setup and never replaced
	// in a fight.
	r.inEnd = true
	done, err := r.evalEnd()
	r.inEnd = false
	if r.plan.endKeep && err == nil {
		r.endKnown, r.endWas = true, done
		r.endWorld, r.endRound, r.endSegment = r.world, r.round, r.segment
	}
	return done, err
}

func (r *Run) evalEnd() (bool, error) {
	// The end condition has a frame of its own: it runs often, and
	// nothing it calls runs it again.
	if len(r.pools) == 0 || !r.endFrame.IsValid() || r.endGen != r.pools[0].gen ||
		!r.pools[0].current(r) {
		fr := r.frameAt(0)
		if len(r.pools) == 0 {
			return r.evalBool(r.m.End, fr) // the constants are still being computed
		}
		r.endFrame, r.endBase, r.endGen = fr, addrOf(fr), r.pools[0].gen
	}
	base := r.endBase
	p := &r.pools[0]
	store[int](base, p.round, r.round)
	store[int](base, p.segment, r.segment)
	if fe := r.fastOf(r.m.End); fe != nil && fe.b != nil {
		return fastRunP(r, r.m.End, fe.b, base)
	}
	return r.evalBool(r.m.End, r.endFrame)
}

func (r *Run) runPhase(ph *phasePlan) error {
	// A phase counts as work even when empty: a ruleset of many empty
	// per-segment phases must still end within --max-steps.
	if r.overSteps() {
		return r.tooManySteps(syntax.RangeOf(ph.ph.Decl.Pos, ph.ph.Decl.Pos))
	}
	prev := r.phase
	r.phase = ph.ph.Name
	fr, base := r.frameAtP(ph.fid)
	_, err := r.runBlock(&ph.body, base)
	if err == nil {
		r.releaseAtP(ph.fid, fr, base)
	}
	r.phase = prev
	return err
}

// newFrame makes a body's environment with the current globals.
func (r *Run) newFrame(f *check.Frame) reflect.Value {
	p := reflect.New(f.R)
	r.setGlobals(p.Elem())
	return p
}

// setGlobals gives a zeroed frame the current globals.
func (r *Run) setGlobals(e reflect.Value) {
	e.Field(check.GCtx).Set(r.self)
	e.Field(check.GRound).SetInt(int64(r.round))
	e.Field(check.GSegment).SetInt(int64(r.segment))
	e.Field(check.GSides).Set(r.sideList)
	e.Field(check.GCombatants).Set(r.combList)
	for i, c := range r.m.Consts {
		if i < len(r.consts) {
			e.Field(c.Field.Index).Set(r.consts[i])
		}
	}
}

func (r *Run) who() string {
	if len(r.actors) == 0 {
		return ""
	}
	return r.actors[len(r.actors)-1]
}

func nameOf(v reflect.Value) string {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return "nobody"
		}
		if v.Type().Elem().Kind() == reflect.Struct {
			// The only structs are combatants and sides.
			return nameAt(addrOf(v))
		}
		v = v.Elem()
	}
	return v.Field(check.FieldName).String()
}

// idxOf reads the hidden index, the last field of the struct (dsl's structOf).
func idxOf(v reflect.Value) int {
	e := v.Elem()
	return int(e.Field(e.NumField() - 1).Int())
}
