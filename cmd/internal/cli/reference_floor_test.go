package cli

import (
	"slices"
	"testing"

	"github.com/frayrules/fray/interp"
)

// The floor of a tree-walking interpreter, for the reference ratio.
//
// BenchmarkReferenceFloor plays the reference procedure
// (testdata/bench/reference.fray) as the least a tree of Go closures can
// do: each statement and each expression of the rule file is one
// closure, built once from constructors as a planner would build them
// (floorLet, floorIf, floorAdd, ...), over a frame of typed slots, with
// the rosters kept as fray keeps them. It has nothing else: no log, no
// limits, no errors, no reflection, no events beyond a call of the one
// handler, no frames to lend. It measures how far the shape itself (a
// closure call per node) is from the hand-written yardstick
// (BenchmarkReferenceNative), so that the engine's own ratio can be read
// against it: fray's closures do everything this one leaves out.
//
// TestReferenceFloorIsTheRuleFile holds it to the same fights.

// floorFighter is a combatant of the floor interpreter.
type floorFighter struct {
	hp, ac, toHit, dmg int
	side               int
	alive              bool
}

// floorEnv is the run: the dice, the fighters, the rosters, the sides'
// attributes and one frame of slots for the body being run.
type floorEnv struct {
	dice      *interp.SeededDice
	fighters  [nativeSize]floorFighter
	living    [2][]*floorFighter // kept rosters, in order
	store     [2][nativeSize / 2]*floorFighter
	surprised [2]bool
	init      [2]int
	round     int
	// the frame: pointer and whole-number slots
	p [4]*floorFighter
	i [2]int
	s int // the loop's side
	// the emits a simultaneous group holds until it ends
	simultaneous bool
	held         []floorHit
}

type floorHit struct {
	attacker, target *floorFighter
	amount           int
}

type (
	floorInt  func(*floorEnv) int
	floorBool func(*floorEnv) bool
	floorPtr  func(*floorEnv) *floorFighter
	floorStmt func(*floorEnv)
)

// Expressions.
func floorDie(faces int) floorInt {
	return func(e *floorEnv) int { v, _ := e.dice.Die(faces, nil); return v }
}
func floorAdd(a, b floorInt) floorInt   { return func(e *floorEnv) int { return a(e) + b(e) } }
func floorGE(a, b floorInt) floorBool   { return func(e *floorEnv) bool { return a(e) >= b(e) } }
func floorLE(a, b floorInt) floorBool   { return func(e *floorEnv) bool { return a(e) <= b(e) } }
func floorAnd(a, b floorBool) floorBool { return func(e *floorEnv) bool { return a(e) && b(e) } }
func floorNotNil(a floorPtr) floorBool  { return func(e *floorEnv) bool { return a(e) != nil } }
func floorConst(n int) floorInt         { return func(*floorEnv) int { return n } }
func floorSlot(k int) floorPtr          { return func(e *floorEnv) *floorFighter { return e.p[k] } }
func floorIntSlot(k int) floorInt       { return func(e *floorEnv) int { return e.i[k] } }
func floorField(a floorPtr, f func(*floorFighter) *int) floorInt {
	return func(e *floorEnv) int { return *f(a(e)) }
}

// pick(living(enemies(c))): the kept roster of the other side, one die.
func floorPickEnemy(c floorPtr) floorPtr {
	return func(e *floorEnv) *floorFighter {
		l := e.living[1-c(e).side]
		switch len(l) {
		case 0:
			return nil
		case 1:
			return l[0]
		}
		v, _ := e.dice.Die(len(l), nil)
		return l[v-1]
	}
}

// Statements.
func floorLet(k int, v floorPtr) floorStmt { return func(e *floorEnv) { e.p[k] = v(e) } }
func floorIf(c floorBool, then []floorStmt) floorStmt {
	return func(e *floorEnv) {
		if c(e) {
			floorBlock(e, then)
		}
	}
}
func floorBlock(e *floorEnv, b []floorStmt) {
	for _, s := range b {
		s(e)
	}
}

// target.hp -= amount; if target.hp <= 0 { target.alive = false }: the
// handler of hit, its last assignment keeping the rosters.
func floorHandler() []floorStmt {
	target, amount := floorSlot(2), floorIntSlot(0)
	hp := func(f *floorFighter) *int { return &f.hp }
	return []floorStmt{
		func(e *floorEnv) { t := target(e); t.hp -= amount(e) },
		floorIf(floorLE(floorField(target, hp), floorConst(0)), []floorStmt{
			func(e *floorEnv) {
				t := target(e)
				if t.alive {
					t.alive = false
					l := e.living[t.side]
					e.living[t.side] = slices.Delete(l, slices.Index(l, t), slices.Index(l, t)+1)
				}
			},
		}),
	}
}

// emit hit(self, foe, roll(self.damage)): the arguments into the
// handler's slots, then its body, or held until the group ends.
func floorEmit(handler []floorStmt, attacker, target floorPtr, amount floorInt) floorStmt {
	return func(e *floorEnv) {
		h := floorHit{attacker(e), target(e), amount(e)}
		if e.simultaneous {
			e.held = append(e.held, h)
			return
		}
		floorRunHit(e, handler, h)
	}
}

func floorRunHit(e *floorEnv, handler []floorStmt, h floorHit) {
	e.p[2], e.p[3], e.i[0] = h.target, h.attacker, h.amount
	floorBlock(e, handler)
}

// floorAttack is the action: let foe = pick(living(enemies(self)));
// if foe != nil && d20 + self.to_hit >= foe.ac { emit hit(...) }.
func floorAttack(handler []floorStmt) []floorStmt {
	self, foe := floorSlot(0), floorSlot(1)
	toHit := func(f *floorFighter) *int { return &f.toHit }
	ac := func(f *floorFighter) *int { return &f.ac }
	dmg := func(f *floorFighter) *int { return &f.dmg }
	return []floorStmt{
		floorLet(1, floorPickEnemy(self)),
		floorIf(floorAnd(floorNotNil(foe), floorGE(floorAdd(floorDie(20), floorField(self, toHit)), floorField(foe, ac))),
			[]floorStmt{floorEmit(handler, self, foe, func(e *floorEnv) int { v, _ := e.dice.Die(*dmg(self(e)), nil); return v })}),
	}
}

// floorFight plays one fight: the phases, their loops and the end
// condition (len(standing(sides)) <= 1, asked after every act as fray
// asks it), and returns what nativeFighters.fight returns.
func (e *floorEnv) fight(seed uint64, attack, handler []floorStmt) (int, [2]bool) {
	e.dice.Reseed(seed)
	for s := range 2 {
		e.living[s] = e.store[s][:0]
	}
	for k := range e.fighters {
		f := &e.fighters[k]
		*f = floorFighter{hp: 8, ac: 12, toHit: 1, dmg: 8, side: k / (nativeSize / 2), alive: true}
		e.living[f.side] = append(e.living[f.side], f)
	}
	ended := func() bool { return len(e.living[0]) == 0 || len(e.living[1]) == 0 }
	for s := range 2 {
		e.surprised[s] = floorLE(floorDie(12), floorConst(4))(e)
	}
	var before [2][nativeSize / 2]*floorFighter
	round := 0
	for round = 1; round <= 200 && !ended(); round++ {
		e.round = round
		for s := range 2 {
			e.init[s] = floorDie(6)(e)
		}
		order := []int{0, 1}
		if e.init[1] > e.init[0] {
			order = []int{1, 0}
		}
		groups := [][]int{{order[0]}, {order[1]}}
		if e.init[0] == e.init[1] {
			groups = [][]int{order} // tied: one simultaneous group
		}
		for _, g := range groups {
			e.simultaneous = len(g) > 1
			e.held = e.held[:0]
			for _, s := range g {
				if round == 1 && e.surprised[s] {
					continue
				}
				members := append(before[s][:0], e.living[s]...) // the loop's copy of its list
				for _, c := range members {
					if !c.alive {
						continue // the fallen do not act
					}
					e.p[0] = c
					floorBlock(e, attack)
					if ended() {
						break
					}
				}
			}
			e.simultaneous = false
			for _, h := range e.held {
				floorRunHit(e, handler, h)
			}
			if ended() {
				break
			}
		}
	}
	return round - 1, [2]bool{len(e.living[0]) > 0, len(e.living[1]) > 0}
}

func newFloor() (*floorEnv, []floorStmt, []floorStmt) {
	handler := floorHandler()
	return &floorEnv{dice: interp.NewSeededDice(0)}, floorAttack(handler), handler
}

// TestReferenceFloorIsTheRuleFile checks that the floor interpreter
// plays the reference procedure: the fights of the yardstick, seed by
// seed (the yardstick is held to the rule file by
// TestReferenceNativeIsTheRuleFile).
func TestReferenceFloorIsTheRuleFile(t *testing.T) {
	e, attack, handler := newFloor()
	var nf nativeFighters
	for seed := range uint64(2000) {
		rf, sf := e.fight(seed, attack, handler)
		rn, sn := nf.fight(seed)
		if rf != rn || sf != sn {
			t.Fatalf("seed %d: the floor played %d rounds, standing %v; by hand %d rounds, standing %v", seed, rf, sf, rn, sn)
		}
	}
}

// BenchmarkReferenceFloor is the floor interpreter, one fight per
// iteration with its own seed, as BenchmarkReferenceNative.
func BenchmarkReferenceFloor(b *testing.B) {
	e, attack, handler := newFloor()
	i := 0
	for b.Loop() {
		e.fight(uint64(i), attack, handler)
		i++
	}
}
