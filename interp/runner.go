package interp

import (
	"reflect"

	"github.com/frayrules/fray/dsl/check"
)

// Runner plays fight after fight of one encounter under one plan, each
// in the storage of the one before: the side and combatant structs, their
// lists, the constants, the frames, buffers and VMs of expressions. A
// quiet fight (no Sink) of a procedure whose rounds allocate nothing
// then allocates nothing at all, once the storage has grown to what the
// fights need.
//
// A fight played by a Runner is the same fight as New(p, enc,
// opt).Play() with the same options: the same Result, the same log. A
// Runner is not safe for concurrent use: give each goroutine its own.
type Runner struct {
	run  Run
	keep kept
}

// kept is the storage a Runner's run keeps from one fight to the next,
// besides the run's own buffers (see reset).
type kept struct {
	dice               SeededDice      // the stream of seeded fights, reseeded
	sideList, combList reflect.Value   // the lists of every fight, refilled
	lists              uint64          // their number (Run.lists)
	sideArr, combArr   reflect.Value   // []side, []combatant: the structs of every fight
	sideTmpl, combTmpl reflect.Value   // what they start as (restoreStructs)
	sidePtrs, combPtrs reflect.Value   // what the lists hold (copies)
	consts             []reflect.Value // the constants, computed by the first fight
	warm               bool            // consts hold the first fight's constants
	constFrame         reflect.Value   // where constants are evaluated
	standing           []string        // Result.Standing of quiet fights
}

// NewRunner prepares a Runner of an encounter under a plan.
func NewRunner(p *Plan, enc *check.Encounter) *Runner {
	rn := &Runner{}
	r := &rn.run
	r.plan, r.m, r.enc = p, p.M, enc
	r.keep = &rn.keep
	r.bind()
	return rn
}

// Play plays one fight with the given options, as New(p, enc,
// opt).Play() would. Result.Standing of a fight without a Sink is the
// Runner's and is overwritten by the next Play; copy it to keep it. A
// fight stopped by an error leaves the Runner ready for the next one.
func (rn *Runner) Play(opt Options) (Result, error) {
	rn.run.reset(opt)
	return rn.run.Play()
}

// reset readies a Runner's run for its next fight: whatever the fight
// before left, whether it ended or stopped with an error, goes. Each
// field of Run, and its fate:
//
//   - plan, m, enc, self, needFn, keep: kept; they belong to the Runner.
//   - opt: the new fight's (setOptions); dice: the kept SeededDice,
//     reseeded, or fixed dice when opt.Dice lists them; sums and
//     quickDice follow them (setDice, setOptions).
//   - sides, comb, sideList, combList: the same structs and lists in
//     every fight. setup empties the lists while the constants are
//     evaluated, as in a new run, then copies the structs and the lists
//     back to what the first fight started with (restoreStructs: the
//     prototypes, names, sides, indexes and places), and applies the
//     defaults, settings and rulings anew. A list some statement had
//     replaced would go back to the kept one.
//   - consts: emptied here; setup computes them in the first fight
//     into kept slots and gives the later fights the same (keptConsts).
//   - round, segment, phase, ended, steps, calm, nextPoll, seq, reason,
//     logBytes, interrupted, callFailed: zero, as new.
//   - depth, nesting, loops, inner, deferred: zero or nil. The code
//     that sets them undoes it on the way out, errors included, so this
//     is a guard against a fight stopped by an error inside a loop, an
//     event or a function that left one set.
//   - actors, elems, scratch: stacks, emptied; callArgs as well, with
//     its arguments dropped.
//   - scheduled: emptied, its blocks and their frames dropped.
//   - declared: cleared by setup (it is by combatant).
//   - defDecl: kept; made from the plan alone and never changed.
//   - vms: kept (a VM resets its state for each program it runs).
//   - pools, loopBufs: kept. A pool's template holds the globals: the
//     context (the same run), the lists (the same values, which is why
//     they are kept) and the constants, the same in every fight (they
//     cannot roll; keptConsts). Frames in use when an error stopped a fight are simply
//     not returned to their pool.
//   - combView, sideView: kept; they check that the lists are the same (by Run.lists).
//   - endKnown, endWas, endWorld, endRound, endSegment: the end
//     condition's answer is forgotten (endKnown); world keeps counting,
//     so that even a remembered answer could not match.
//   - endFrame, endBase, endGen: kept; made again when pool 0's template changes.
func (r *Run) reset(opt Options) {
	k := r.keep
	if opt.Dice != nil {
		r.setDice(NewFixedDice(opt.Dice))
	} else {
		k.dice.Reseed(opt.Seed)
		r.setDice(&k.dice)
	}
	r.setOptions(opt)
	r.consts = r.consts[:0]
	r.frameEpoch = noEpoch
	r.round, r.segment, r.phase, r.ended = 0, 0, "", false
	r.steps, r.seq, r.reason, r.logBytes, r.interrupted, r.callFailed = 0, 0, "", 0, false, false
	r.calm, r.nextPoll = 0, 0
	r.depth, r.nesting, r.loops, r.inner, r.deferred = 0, 0, 0, nil, nil
	r.actors, r.elems, r.strElems, r.scratch = r.actors[:0], r.elems[:0], r.strElems[:0], r.scratch[:0]
	r.intElems = r.intElems[:0]
	clear(r.callArgs[:cap(r.callArgs)])
	r.callArgs = r.callArgs[:0]
	clear(r.scheduled[:cap(r.scheduled)])
	r.scheduled = r.scheduled[:0]
	r.endKnown, r.endWas = false, false
	r.engaged = r.engaged[:0]
	clear(r.engagedSet)
}

// keptConsts records that a Runner's first fight computed the
// constants, and makes the frame pools' templates take them. The later
// fights keep them (setup): a constant reads only literals, the
// constants before it and the encounter's lists, never a die.
func (r *Run) keptConsts() {
	k := r.keep
	if k == nil || k.warm {
		return
	}
	k.warm = true
	for i := range r.pools {
		r.pools[i].lists = 0 // the next use refreshes the template
	}
}

// keepStructs keeps a copy of the sides and combatants as the first
// fight of a Runner made them in sideArr and combArr (prototypes, names,
// sides, indexes and places on the map, before any default or setting).
func (r *Run) keepStructs(sideArr, combArr reflect.Value) {
	k := r.keep
	if k == nil {
		return
	}
	k.sideArr, k.combArr = sideArr, combArr
	k.sideTmpl = reflect.MakeSlice(sideArr.Type(), sideArr.Len(), sideArr.Len())
	k.combTmpl = reflect.MakeSlice(combArr.Type(), combArr.Len(), combArr.Len())
	reflect.Copy(k.sideTmpl, sideArr)
	reflect.Copy(k.combTmpl, combArr)
	k.sidePtrs, k.combPtrs = cloneList(r.sideList), cloneList(r.combList)
}

// cloneList is a copy of a list value.
func cloneList(list reflect.Value) reflect.Value {
	out := reflect.MakeSlice(list.Type(), list.Len(), list.Len())
	reflect.Copy(out, list)
	return out
}

// restoreStructs starts a Runner's later fight from that copy, with the
// same structs and lists: two copies instead of a field at a time.
func (r *Run) restoreStructs() bool {
	k := r.keep
	if k == nil || !k.sideTmpl.IsValid() {
		return false
	}
	reflect.Copy(k.sideArr, k.sideTmpl)
	reflect.Copy(k.combArr, k.combTmpl)
	// The Values of sides and comb are still there, after makeLists
	// emptied the slices.
	r.sides, r.comb = r.sides[:k.sidePtrs.Len()], r.comb[:k.combPtrs.Len()]
	reflect.Copy(r.sideList, k.sidePtrs)
	reflect.Copy(r.combList, k.combPtrs)
	return true
}

// fighters are the combatants of the fight last played (sim reads
// who survived).
func (rn *Runner) fighters() []reflect.Value { return rn.run.comb }
