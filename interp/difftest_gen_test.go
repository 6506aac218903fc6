package interp_test

// A generator of well-typed rule files and encounters, for the
// differential test of the native evaluator against expr-lang's VM
// (difftest_test.go). Every choice it makes comes from a chooser: a
// seeded stream for the deterministic test, the fuzzer's bytes for
// FuzzNativeAgreesWithVM, so that a mutation of the input is a mutation
// of the program.
//
// The programs are typed by construction: each expression is drawn for
// the type its place needs, from names in scope of that type, literals,
// operators and the standard library's own table (stdlib.Funcs, read for
// each function's parameter and result kinds; no second list). Some of
// them fail at run time on purpose (a none reference read, a division by
// zero, an index out of range, max of an empty list): the two plans must
// fail alike.

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/frayrules/fray/stdlib"
)

// chooser gives the generator its choices.
type chooser interface {
	intn(n int) int // in [0, n), n > 0
}

type seeded struct{ r *rand.Rand }

func (s seeded) intn(n int) int { return s.r.IntN(n) }

func newSeeded(seed uint64) chooser { return seeded{rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))} }

// fromBytes reads the fuzzer's input one byte a choice; past its end
// every choice is 0 (the first option, which is always the shortest), so
// every input makes a finite program.
type fromBytes struct {
	b []byte
	i int
}

func (f *fromBytes) intn(n int) int {
	if f.i >= len(f.b) {
		return 0
	}
	v := int(f.b[f.i])
	f.i++
	return v % n
}

// The types the generator draws expressions of.
type typ string

const (
	tInt   typ = "int"
	tFloat typ = "float"
	tBool  typ = "bool"
	tStr   typ = "string"
	tInts  typ = "list[int]"
	tStrs  typ = "list[string]"
	tComb  typ = "combatant"
	tSide  typ = "side"
	tCombs typ = "list[combatant]"
	tSides typ = "list[side]"
	tDice  typ = "dice"
)

// kindType maps a stdlib kind to a generator type ("" for kinds the
// generator does not make).
func kindType(k stdlib.Kind) typ {
	switch k {
	case stdlib.Int:
		return tInt
	case stdlib.Float:
		return tFloat
	case stdlib.Bool:
		return tBool
	case stdlib.String:
		return tStr
	case stdlib.DiceKind:
		return tDice
	case stdlib.Combatant:
		return tComb
	case stdlib.Side:
		return tSide
	case stdlib.Combatants:
		return tCombs
	case stdlib.Sides:
		return tSides
	case stdlib.Ints:
		return tInts
	}
	return ""
}

// libCalls are the public stdlib functions whose parameters and result
// the generator can make and use, by result type.
var libCalls = func() map[typ][]*stdlib.Func {
	out := map[typ][]*stdlib.Func{}
	for _, f := range stdlib.Funcs {
		if strings.HasPrefix(f.Name, "__") {
			continue // internal: what operators and dice notation become
		}
		res := kindType(f.Result)
		ok := res != ""
		for _, p := range f.Params {
			if p != stdlib.Any && kindType(p) == "" {
				ok = false
			}
		}
		if ok {
			out[res] = append(out[res], f)
		}
	}
	return out
}()

// The attributes every generated ruleset declares, by type: the names
// the expressions read and the assignments write.
var combAttrs = map[typ]string{
	tInt: "hp", tBool: "brave", tStr: "tag", tFloat: "speed",
	tInts: "marks", tStrs: "tags", tComb: "foe", tDice: "dmg",
}

const (
	sideIntAttr = "morale"
	labelsFixed = "'a'"
)

type local struct {
	name string
	t    typ
}

// gen writes one program.
type gen struct {
	c      chooser
	depth  int
	scope  []local
	nextID int
	in     string // "" in a phase, "handler" in on hit, "effect" in fate's rows, "decl" in fns and modifiers
	budget int    // statements left to write
	// heavy, when set, adds forms that make work (budget_gen_test.go):
	// nil for the differential test, whose programs stay as they were.
	heavy *heavy
}

func (g *gen) pick(n int) int { return g.c.intn(n) }

// risky is true now and then: a form that can fail at run time (an
// index, a divisor, a reference that may be none) is then written bare,
// else guarded, so that most fights run to their end and reach every
// statement, and some stop in each way a fight can.
func (g *gen) risky() bool { return g.pick(12) == 0 }

// index is list[i]: guarded by the list's length unless risky.
func (g *gen) index(list, otherwise string) string {
	if g.risky() {
		return list + "[" + g.expr(tInt) + "]" // may be out of range
	}
	return "(len(" + list + ") > 1 ? " + list + "[" + g.oneOf("0", "1", "-1", "-2") + "] : " + otherwise + ")"
}

// divisor is a whole number to divide by: never 0 unless risky.
func (g *gen) divisor() string {
	if g.risky() {
		return g.expr(tInt) // may be 0
	}
	return "(abs(" + g.expr(tInt) + ") + 1)"
}

func (g *gen) oneOf(opts ...string) string { return opts[g.pick(len(opts))] }

func (g *gen) fresh(prefix string) string {
	g.nextID++
	return fmt.Sprintf("%s%d", prefix, g.nextID)
}

// locals of type t in scope.
func (g *gen) locals(t typ) []string {
	var out []string
	for _, l := range g.scope {
		if l.t == t {
			out = append(out, l.name)
		}
	}
	return out
}

func (g *gen) smallInt() string {
	return g.oneOf("0", "1", "2", "3", "-1", "5", "7", "10", "-4", "100")
}

// expr draws an expression of type t.
func (g *gen) expr(t typ) string {
	g.depth++
	defer func() { g.depth-- }()
	if g.heavy != nil {
		if e := g.heavy.expr(g, t); e != "" {
			return e
		}
	}
	leaf := g.depth > 3 || g.pick(3) == 0
	if leaf {
		return g.leaf(t)
	}
	// A call of the standard library, now and then, from its table.
	if fs := libCalls[t]; len(fs) > 0 && g.pick(5) == 0 {
		call := g.libCall(fs[g.pick(len(fs))])
		if t == tComb && !g.risky() {
			return "(" + call + " ?? " + g.leaf(tComb) + ")" // it may find nobody
		}
		return call
	}
	switch t {
	case tInt:
		return g.intExpr()
	case tFloat:
		return g.floatExpr()
	case tBool:
		return g.boolExpr()
	case tStr:
		return g.strExpr()
	case tInts:
		return g.intsExpr()
	case tStrs:
		return g.strsExpr()
	case tComb:
		return g.combExpr()
	case tCombs:
		return g.combsExpr()
	case tSide:
		return g.oneOf("first(sides)", "last(sides)", g.expr(tComb)+".side")
	case tSides:
		return g.oneOf("sides", "enemy_sides(first(sides))", "standing(sides)")
	}
	return g.leaf(t)
}

func (g *gen) libCall(f *stdlib.Func) string {
	args := make([]string, len(f.Params))
	for i, p := range f.Params {
		pt := kindType(p)
		if p == stdlib.Any {
			// lists of strings most (join's); any value else (string's)
			pt = []typ{tStrs, tStrs, tInt, tStr, tInts, tFloat}[g.pick(6)]
		}
		if pt == tStr {
			// a literal is a name the ruleset declares (the checker asks
			// a condition's or an action's name to exist); other texts are
			// made at run time
			if g.pick(2) == 0 {
				args[i] = "'stunned'"
			} else {
				args[i] = g.expr(tComb) + "." + g.oneOf("tag", "name")
			}
			continue
		}
		args[i] = g.expr(pt)
	}
	return f.Name + "(" + strings.Join(args, ", ") + ")"
}

// leaf is a name, a field or a literal of type t.
func (g *gen) leaf(t typ) string {
	if ls := g.locals(t); len(ls) > 0 && g.pick(3) != 0 {
		return ls[g.pick(len(ls))]
	}
	if a, ok := combAttrs[t]; ok && g.depth < 5 && (t == tDice || g.pick(2) == 0) && (t != tComb || g.risky()) {
		g.depth++
		defer func() { g.depth-- }()
		return g.leaf(tComb) + "." + a
	}
	switch t {
	case tInt:
		return g.smallInt()
	case tFloat:
		return g.oneOf("0.5", "1.0", "2.25", "-1.5", "0.0")
	case tBool:
		return g.oneOf("true", "false")
	case tStr:
		return g.oneOf("''", "'a'", "'orc'", "'x y'", "'Elf'")
	case tInts:
		return g.oneOf("[]", "[1, 2, 3]", "[5, -1]", "[0]", "(1..4)")
	case tStrs:
		return g.oneOf("[]", "['a', 'b']", "['orc']")
	case tComb:
		return g.oneOf("first(combatants)", "last(combatants)", "first(living(combatants))")
	case tCombs:
		return g.oneOf("combatants", "living(combatants)")
	case tSide:
		return g.oneOf("first(sides)", "last(sides)")
	case tSides:
		return "sides"
	case tDice:
		// dice notation in an expression is a roll: a dice value is an
		// attribute's
		return g.leaf(tComb) + "." + combAttrs[tDice]
	}
	panic("no leaf of type " + string(t))
}

func (g *gen) intExpr() string {
	switch g.pick(26) {
	case 22:
		// an optional whole number: read bare only when risky
		if g.risky() {
			return g.leaf(tComb) + ".late"
		}
		return "(" + g.leaf(tComb) + ".late ?? " + g.smallInt() + ")"
	case 23:
		if g.in == "decl" && !g.risky() {
			return g.leaf(tInt)
		}
		return "strike(" + g.expr(tComb) + ", " + g.expr(tInt) + ")"
	case 24:
		return "int(" + g.expr(tInt) + " ** " + g.oneOf("0", "1", "2") + ")" // ** gives a float
	case 25:
		return "len(" + g.leaf(tComb) + ".pals)"
	case 0, 1:
		return "(" + g.expr(tInt) + " " + g.oneOf("+", "-", "*") + " " + g.expr(tInt) + ")"
	case 2:
		return "(" + g.expr(tInt) + " % " + g.divisor() + ")"
	case 3:
		return "-" + g.leaf(tInt)
	case 4:
		return "(" + g.expr(tBool) + " ? " + g.expr(tInt) + " : " + g.expr(tInt) + ")"
	case 5:
		return "len(" + g.expr(g.listType()) + ")"
	case 6:
		return g.oneOf("max", "min") + "(" + g.expr(tInt) + ", " + g.expr(tInt) + ")"
	case 7:
		if l := g.expr(tInts); !g.risky() {
			return "(len(" + l + ") > 0 ? " + g.oneOf("max", "min") + "(" + l + ") : 0)"
		} else {
			return g.oneOf("max", "min", "sum") + "(" + l + ")" // max of [] fails
		}
	case 8:
		return g.index(g.expr(tInts), g.smallInt())
	case 9:
		return "int(" + g.expr(tFloat) + ")"
	case 10:
		return "abs(" + g.expr(tInt) + ")"
	case 11:
		return "count(" + g.expr(tCombs) + ", " + g.pred() + ")"
	case 12:
		if g.in == "decl" && !g.risky() {
			return g.leaf(tInt) // a block or fn calling itself nests without end
		}
		return "bonus(" + g.expr(tComb) + ")"
	case 13:
		return "reaction(" + g.oneOf("", g.expr(tInt)) + ")"
	case 14:
		if g.in == "decl" && !g.risky() {
			return g.leaf(tInt)
		}
		return "score(" + g.expr(tComb) + ", " + g.expr(tInt) + ")"
	case 15:
		return g.oneOf("d6", "2d4", "d20", "roll("+g.expr(tDice)+")")
	case 16:
		return g.expr(tSide) + "." + sideIntAttr
	case 17:
		return "round"
	case 18:
		return "sum(map(" + g.expr(tCombs) + ", ." + combAttrs[tInt] + "))"
	case 19:
		return "(" + g.expr(tComb) + " ?? " + g.leaf(tComb) + ")." + combAttrs[tInt]
	case 20:
		return "findIndex(" + g.expr(tInts) + ", # > " + g.smallInt() + ")"
	default:
		return g.expr(tComb) + "." + combAttrs[tInt]
	}
}

func (g *gen) floatExpr() string {
	switch g.pick(13) {
	case 9:
		if l := g.expr(tInts); !g.risky() {
			return "(len(" + l + ") > 0 ? " + g.oneOf("mean", "median") + "(" + l + ") : 0.5)"
		} else {
			return g.oneOf("mean", "median") + "(" + l + ")"
		}
	case 10:
		// (round is the round's number: no round() of a float)
		return g.oneOf("floor", "ceil") + "(" + g.expr(tFloat) + " / 2)"
	case 11:
		if g.risky() {
			return g.oneOf("100000000000000000000.0", "-9300000000000000000.5", "(0.0 / 0.0)") // int() of it fails
		}
		return "rate(" + g.expr(tStr) + ", " + g.expr(tInt) + ")"
	case 12:
		return "(" + g.expr(tFloat) + " " + g.oneOf("+", "-", "*") + " " + g.leaf(tFloat) + ")"
	case 7:
		// Not the literal -0.0: expr-lang's VM keeps one constant for
		// -0.0 and 0.0 (its pool is keyed by value, and -0 == 0), so
		// c ? -0.0 : 0.0 gives -0 either way there, 0 natively; a known
		// difference (docs/hostile.md), the VM's the wrong one.
		if l := g.leaf(tFloat); l != "0.0" {
			return "-" + l
		}
		return "-" + g.leaf(tComb) + "." + combAttrs[tFloat]
	case 8:
		return "(" + g.expr(tFloat) + " ** " + g.oneOf("2", "0.5", "-1") + ")"
	case 0:
		return "(" + g.expr(tInt) + " / " + g.divisor() + ")"
	case 1:
		return "(" + g.expr(tFloat) + " " + g.oneOf("+", "-", "*") + " " + g.expr(g.oneTypeOf(tInt, tFloat)) + ")"
	case 2:
		return g.oneOf("floor", "ceil", "abs") + "(" + g.expr(tFloat) + ")"
	case 3:
		return "(" + g.expr(tFloat) + " / " + g.expr(tFloat) + ")"
	case 4:
		return "float(" + g.expr(tInt) + ")"
	case 5:
		return "(" + g.expr(tBool) + " ? " + g.expr(tFloat) + " : " + g.expr(tFloat) + ")"
	default:
		return g.expr(tComb) + "." + combAttrs[tFloat]
	}
}

func (g *gen) boolExpr() string {
	switch g.pick(15) {
	case 13:
		return "(" + g.expr(tInt) + " in " + g.leaf(tInt) + ".." + g.leaf(tInt) + ")"
	case 14:
		return "(" + g.leaf(tComb) + " in " + g.leaf(tComb) + ".pals)"
	case 0, 1:
		t := g.oneTypeOf(tInt, tFloat, tStr, tInt)
		return "(" + g.expr(t) + " " + g.oneOf("<", "<=", ">", ">=", "==", "!=") + " " + g.expr(t) + ")"
	case 2:
		return "(" + g.expr(tBool) + " " + g.oneOf("&&", "||") + " " + g.expr(tBool) + ")"
	case 3:
		return "!" + g.leaf(tBool)
	case 4:
		return "(" + g.expr(tInt) + " " + g.oneOf("in", "not in") + " " + g.expr(tInts) + ")"
	case 5:
		return "(" + g.expr(tStr) + " in " + g.expr(tStrs) + ")"
	case 6:
		return "(" + g.expr(tStr) + " " + g.oneOf("contains", "startsWith", "endsWith") + " " + g.expr(tStr) + ")"
	case 7:
		return g.oneOf("any", "all", "none", "one") + "(" + g.expr(tCombs) + ", " + g.pred() + ")"
	case 8:
		// The checker refuses (a ?? b) in a list of combatants, x in
		// filter(...), and x in members(s) inside a library call's
		// argument (clamp(x in members(s) ? 1 : 2, 0, 5)): "cannot use
		// combatant as type combatant in array" (reported).
		return "(" + g.leaf(tComb) + " in " + g.oneOf("combatants", "living(combatants)") + ")"
	case 9:
		return "(" + g.expr(tComb) + " == " + g.expr(tComb) + ")"
	case 10:
		return "(" + g.expr(tComb) + "." + combAttrs[tComb] + " == none)"
	case 12:
		return "(" + g.leaf(tComb) + ".late " + g.oneOf("==", "!=") + " none)"
	case 11:
		if g.in == "decl" && !g.risky() {
			return g.leaf(tBool)
		}
		return "brave_of(" + g.expr(tComb) + ")"
	default:
		return g.expr(tComb) + "." + combAttrs[tBool]
	}
}

func (g *gen) strExpr() string {
	switch g.pick(12) {
	case 10:
		return "(" + g.leaf(tComb) + ".note ?? " + g.leaf(tStr) + ")"
	case 11:
		return g.expr(tStr) + "[" + g.oneOf("1:", ":2", "0:1") + "]"
	case 0, 1:
		return "(" + g.expr(tStr) + " + " + g.expr(tStr) + ")"
	case 2:
		return g.oneOf("upper", "lower", "trim") + "(" + g.expr(tStr) + ")"
	case 3:
		return g.index(g.expr(tStrs), "'none'")
	case 4:
		return "(" + g.expr(tBool) + " ? " + g.expr(tStr) + " : " + g.expr(tStr) + ")"
	case 5:
		return g.expr(tComb) + ".name"
	case 6:
		if g.in == "decl" && !g.risky() {
			return g.leaf(tStr)
		}
		return "label(" + g.expr(tStr) + ")"
	case 7:
		return g.expr(tSide) + ".name"
	default:
		return g.expr(tComb) + "." + combAttrs[tStr]
	}
}

func (g *gen) intsExpr() string {
	switch g.pick(10) {
	case 8:
		return "concat(" + g.expr(tInts) + ", " + g.expr(tInts) + ")"
	case 9:
		return "filter(" + g.expr(tInts) + ", # % 2 == 0)"
	case 0:
		return "[" + g.expr(tInt) + ", " + g.expr(tInt) + "]"
	case 1:
		return "filter(" + g.expr(tInts) + ", # " + g.oneOf(">", "<", "==") + " " + g.smallInt() + ")"
	case 2:
		return "map(" + g.expr(tInts) + ", # " + g.oneOf("+", "*", "-") + " " + g.smallInt() + ")"
	case 3:
		return g.oneOf("sort", "reverse", "uniq") + "(" + g.expr(tInts) + ")"
	case 4:
		return "(" + g.leaf(tInt) + ".." + g.leaf(tInt) + ")"
	case 5:
		return "map(" + g.expr(tCombs) + ", ." + combAttrs[tInt] + ")"
	case 6:
		return g.expr(tInts) + "[" + g.oneOf("1:", ":2", "1:2") + "]"
	default:
		return g.expr(tComb) + "." + combAttrs[tInts]
	}
}

func (g *gen) strsExpr() string {
	switch g.pick(5) {
	case 0:
		return "[" + g.expr(tStr) + ", " + g.expr(tStr) + "]"
	case 1:
		return "map(" + g.expr(tCombs) + ", .name)"
	case 2:
		return "filter(" + g.expr(tStrs) + ", # != " + g.leaf(tStr) + ")"
	case 3:
		return "split(" + g.expr(tStr) + ", ' ')"
	default:
		return g.expr(tComb) + "." + combAttrs[tStrs]
	}
}

func (g *gen) combExpr() string {
	switch g.pick(6) {
	case 5:
		if f := g.oneOf("find", "findLast") + "(" + g.expr(tCombs) + ", " + g.pred() + ")"; g.risky() {
			return f // may be nobody
		} else {
			return "(" + f + " ?? " + g.leaf(tComb) + ")"
		}
	case 0:
		if l := g.oneOf("first", "last") + "(" + g.expr(tCombs) + ")"; g.risky() {
			return l // may be nobody
		} else {
			return "(" + l + " ?? " + g.leaf(tComb) + ")"
		}
	case 1:
		if f := g.expr(tComb) + "." + combAttrs[tComb]; g.risky() {
			return f // may be none
		} else {
			return "(" + f + " ?? " + g.leaf(tComb) + ")"
		}
	case 2:
		return g.index(g.expr(tCombs), "first(combatants)")
	case 3:
		return "(" + g.expr(tComb) + " ?? " + g.leaf(tComb) + ")"
	default:
		return g.leaf(tComb)
	}
}

func (g *gen) combsExpr() string {
	switch g.pick(7) {
	case 6:
		return g.leaf(tComb) + ".pals"
	case 0:
		return "filter(" + g.expr(tCombs) + ", " + g.pred() + ")"
	case 1:
		return "sortBy(" + g.expr(tCombs) + ", ." + combAttrs[tInt] + ")"
	case 2:
		return "members(" + g.expr(tSide) + ")"
	case 3:
		return g.oneOf("enemies", "allies") + "(" + g.expr(tComb) + ")"
	case 4:
		return "healthy(" + g.expr(tCombs) + ")"
	default:
		return g.leaf(tCombs)
	}
}

// pred is the body of a predicate over combatants (filter, count, any).
func (g *gen) pred() string {
	switch g.pick(4) {
	case 0:
		return "." + combAttrs[tBool]
	case 1:
		return ".tag == " + g.leaf(tStr)
	case 2:
		return ".foe != nil"
	default:
		return "." + combAttrs[tInt] + " " + g.oneOf(">", "<", ">=") + " " + g.smallInt()
	}
}

func (g *gen) listType() typ { return g.oneTypeOf(tInts, tStrs, tCombs, tStr) }

func (g *gen) oneTypeOf(ts ...typ) typ { return ts[g.pick(len(ts))] }

// A place a statement can assign, with its type.
func (g *gen) place(t typ) string {
	if ls := g.locals(t); len(ls) > 0 && g.pick(2) == 0 {
		return ls[g.pick(len(ls))]
	}
	// a statement starts with a name: a local holding a combatant
	if a, ok := combAttrs[t]; ok {
		if cs := g.locals(tComb); len(cs) > 0 {
			return cs[g.pick(len(cs))] + "." + a
		}
	}
	return ""
}

var valueTypes = []typ{tInt, tInt, tFloat, tBool, tStr, tInts, tStrs, tComb}

// block writes a body of statements at the given indent.
func (g *gen) block(b *strings.Builder, indent string, n int) {
	mark := len(g.scope)
	for i := 0; i < n && g.budget > 0; i++ {
		g.budget--
		g.stmt(b, indent)
	}
	g.scope = g.scope[:mark]
}

func (g *gen) stmt(b *strings.Builder, ind string) {
	if g.heavy != nil && g.heavy.stmt(g, b, ind) {
		return
	}
	switch g.pick(18) {
	case 17:
		if cs := g.locals(tComb); len(cs) > 0 && g.in != "effect" {
			fmt.Fprintf(b, "%sapply fate%s to %s\n", ind, g.oneOf("", "("+g.leaf(tInt)+")"), cs[g.pick(len(cs))])
		}
	case 12:
		// a while bounded by a counter of its own
		k := g.fresh("k")
		fmt.Fprintf(b, "%slet %s = 0\n%swhile %s < %d && %s {\n%s  %s += 1\n", ind, k, ind, k, 1+g.pick(3), g.expr(tBool), ind, k)
		g.scope = append(g.scope, local{k, tInt})
		g.block(b, ind+"  ", 1+g.pick(2))
		fmt.Fprintf(b, "%s}\n", ind)
	case 13:
		if cs := g.locals(tComb); len(cs) > 0 {
			who := cs[g.pick(len(cs))]
			if g.pick(2) == 0 {
				// always with its for: without it, a for loop on the next
				// line is read as its duration (a parser bug, reported)
				fmt.Fprintf(b, "%sapply condition stunned to %s for %d rounds\n", ind, who, 1+g.pick(2))
			} else {
				fmt.Fprintf(b, "%sremove condition stunned from %s\n", ind, who)
			}
		}
	case 14:
		fmt.Fprintf(b, "%sif %s {\n", ind, g.expr(tBool))
		g.block(b, ind+"  ", 1+g.pick(2))
		fmt.Fprintf(b, "%s} else if %s {\n", ind, g.expr(tBool))
		g.block(b, ind+"  ", 1+g.pick(2))
		fmt.Fprintf(b, "%s}\n", ind)
	case 16:
		if cs := g.locals(tComb); len(cs) > 0 {
			who := cs[g.pick(len(cs))]
			switch g.pick(3) {
			case 0:
				fmt.Fprintf(b, "%s%s.late = %s\n", ind, who, g.oneOf("none", g.expr(tInt)))
			case 1:
				fmt.Fprintf(b, "%s%s.note = %s\n", ind, who, g.oneOf("none", g.expr(tStr)))
			default:
				if g.risky() {
					fmt.Fprintf(b, "%s%s.late += %s\n", ind, who, g.expr(tInt)) // may be none
				}
			}
		}
	case 15:
		if p := g.place(tStr); p != "" {
			fmt.Fprintf(b, "%s%s = %s + %s\n", ind, p, p, g.expr(tStr))
		}
	case 0, 1:
		t := valueTypes[g.pick(len(valueTypes))]
		name := g.fresh("v")
		fmt.Fprintf(b, "%slet %s = %s\n", ind, name, g.expr(t))
		g.scope = append(g.scope, local{name, t})
	case 2:
		t := valueTypes[g.pick(len(valueTypes))]
		if p := g.place(t); p != "" {
			fmt.Fprintf(b, "%s%s = %s\n", ind, p, g.expr(t))
		}
	case 3:
		t := g.oneTypeOf(tInt, tInt, tFloat)
		if p := g.place(t); p != "" {
			fmt.Fprintf(b, "%s%s %s %s\n", ind, p, g.oneOf("+=", "-="), g.expr(tInt))
		}
	case 4:
		fmt.Fprintf(b, "%sif %s {\n", ind, g.expr(tBool))
		g.block(b, ind+"  ", 1+g.pick(3))
		if g.pick(2) == 0 {
			fmt.Fprintf(b, "%s} else {\n", ind)
			g.block(b, ind+"  ", 1+g.pick(2))
		}
		fmt.Fprintf(b, "%s}\n", ind)
	case 5:
		g.loop(b, ind)
	case 6:
		if g.in != "handler" && g.in != "effect" { // hit -> apply fate -> hit ... nests without end
			fmt.Fprintf(b, "%semit hit(%s, %s)\n", ind, g.expr(tComb), g.expr(tInt))
		}
	case 7:
		if ss := g.locals(tSide); len(ss) > 0 {
			fmt.Fprintf(b, "%s%s.%s %s %s\n", ind, ss[g.pick(len(ss))], sideIntAttr, g.oneOf("+=", "-=", "="), g.expr(tInt))
		}
	default:
		g.logStmt(b, ind)
	}
}

func (g *gen) loop(b *strings.Builder, ind string) {
	name := g.fresh("i")
	var t typ
	var over string
	switch g.pick(6) {
	case 5:
		t, over = tInt, "downto("+g.leaf(tInt)+", "+g.leaf(tInt)+")"
	case 0:
		t, over = tInt, g.expr(tInts)
	case 1:
		t, over = tStr, g.expr(tStrs)
	case 2:
		t, over = tSide, g.expr(tSides)
	default:
		t, over = tComb, g.expr(tCombs)
	}
	// over combatants: in the list's order, by a key (with its label,
	// its direction, ties), as one simultaneous group, or in groups
	how := ""
	if t == tComb {
		key := name + "." + g.oneOf("hp", "speed", "tag", "brave", "hp % 2")
		switch g.pick(6) {
		case 0:
			how = " by " + key + g.oneOf("", " asc", " desc")
		case 1:
			how = " by \"key\" " + key + " desc, " + name + ".name"
		case 2:
			how = " simultaneous"
		case 3:
			grp := g.fresh("g")
			fmt.Fprintf(b, "%sfor group %s of %s in %s by %s {\n", ind, grp, name, over, key)
			g.scope = append(g.scope, local{grp, tCombs})
			g.block(b, ind+"  ", 1+g.pick(2))
			g.scope = g.scope[:len(g.scope)-1]
			fmt.Fprintf(b, "%s}\n", ind)
			return
		}
	}
	fmt.Fprintf(b, "%sfor %s in %s%s {\n", ind, name, over, how)
	g.scope = append(g.scope, local{name, t})
	g.block(b, ind+"  ", 1+g.pick(3))
	g.scope = g.scope[:len(g.scope)-1]
	fmt.Fprintf(b, "%s}\n", ind)
}

func (g *gen) logStmt(b *strings.Builder, ind string) {
	var parts []string
	for i := 0; i <= g.pick(3); i++ {
		t := valueTypes[g.pick(len(valueTypes))]
		if t == tComb {
			t = tStr
		}
		parts = append(parts, fmt.Sprintf("%s {%s}", g.oneOf("a", "b", "so", "then"), g.expr(t)))
	}
	fmt.Fprintf(b, "%slog \"%s\"\n", ind, strings.Join(parts, ", "))
}

// program writes a rule file and an encounter that plays it.
func (g *gen) program() (rules, encounter string) {
	var b strings.Builder
	fmt.Fprintf(&b, `ruleset "generated" {
  default go
}

side {
  %s: int = %s
}

combatant {
  hp: int = %s
  brave: bool = %s
  tag: string = %s
  speed: float = %s
  marks: list[int] = %s
  tags: list[string] = %s
  foe: combatant = none
  dmg: dice = %s
  late: int = none
  note: string = none
  pals: list[combatant] = []
%s}

action wait {
}

condition stunned {
  lasts 1 rounds
}

event hit(who: combatant, n: int) "{who.name} takes {n}"

table rate(tag: string, n: int) {
  "orc", 1-3:  "slow"   0.5
  "orc", 4+:   "steady" 1.0
  _, -5-0:     "none"   0.0
  _, _:        "any"    1.5
}

table reaction d6 {
  1-2: "bad"  -1
  3-4: "meh"   0
  %s:   "good"  2
}

`, sideIntAttr, g.smallInt(), g.smallInt(), g.oneOf("true", "false"), g.oneOf(`""`, `"orc"`, `"elf"`),
		g.oneOf("0.0", "1.5", "-2.5"), g.oneOf("[]", "[1, 2]", "[3]"), g.oneOf("[]", `["a"]`, `["x", "y"]`),
		g.oneOf("d6", "2d4", "d8+1"), g.heavy.attrs(), g.oneOf("5+", "5-6", "5+"))
	// fns: their bodies are expressions over their parameters alone
	g.in = "decl"
	g.scope = []local{{"c", tComb}, {"n", tInt}}
	fmt.Fprintf(&b, "fn score(c: combatant, n: int): int = %s\n\n", g.expr(tInt))
	g.scope = []local{{"c", tComb}}
	fmt.Fprintf(&b, "fn brave_of(c: combatant): bool = %s\n\n", g.expr(tBool))
	g.scope = []local{{"s", tStr}}
	fmt.Fprintf(&b, "fn label(s: string): string = %s\n\n", g.expr(tStr))
	b.WriteString("fn healthy(l: list[combatant]): list[combatant] = filter(l, .hp > 0)\n\n")
	// a procedure: statements, then its return
	g.in, g.scope, g.budget = "decl", []local{{"a", tComb}, {"n", tInt}}, 5
	b.WriteString("fn strike(a: combatant, n: int): int {\n")
	g.block(&b, "  ", 1+g.pick(3))
	fmt.Fprintf(&b, "  return %s\n}\n\n", g.expr(tInt))
	g.scope = []local{{"c", tComb}}
	fmt.Fprintf(&b, "modifiers bonus(c: combatant) aggregate %s {\n", g.oneOf("sum", "max", "min", "best", "worst"))
	for i := 0; i <= g.pick(3); i++ {
		fmt.Fprintf(&b, "  \"row %d\"  %s", i, g.expr(tInt))
		if g.pick(2) == 0 {
			fmt.Fprintf(&b, "  when %s", g.expr(tBool))
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n\n")
	g.in = ""
	g.heavy.decls(g, &b)

	g.scope = []local{{"who", tComb}, {"n", tInt}}
	b.WriteString("on hit {\n")
	g.budget, g.in = 4, "handler"
	g.block(&b, "  ", 1+g.pick(3))
	g.in = ""
	b.WriteString("}\n\n")

	g.scope = []local{{"ca", tComb}, {"cb", tComb}, {"sa", tSide}}
	b.WriteString("phase setup once {\n  let ca = first(combatants)\n  let cb = last(combatants)\n  let sa = last(sides)\n")
	g.budget = 14
	g.block(&b, "  ", 1+g.pick(8))
	b.WriteString("}\n\n")
	// a table whose rows have effects, run with target = the combatant
	// it is applied to
	g.scope, g.budget, g.in = []local{{"target", tComb}}, 6, "effect"
	b.WriteString("table fate d4 {\n  1: \"spared\"\n  2-3: \"struck\" effect {\n")
	g.block(&b, "    ", 1+g.pick(3))
	b.WriteString("  }\n  4+: \"felled\" effect {\n")
	g.block(&b, "    ", 1+g.pick(3))
	b.WriteString("  }\n}\n\n")
	g.in = ""
	// an action every combatant declares: its body runs as self
	g.scope, g.budget = []local{{"self", tComb}}, 6
	b.WriteString("action go {\n")
	g.block(&b, "  ", 1+g.pick(4))
	b.WriteString("}\n\n")
	g.scope = []local{{"ca", tComb}, {"sa", tSide}}
	b.WriteString("phase turn each round {\n  declare\n  for c in living(combatants) {\n    act c\n  }\n  let ca = last(living(combatants)) ?? first(combatants)\n  let sa = first(sides)\n")
	g.budget = 10
	g.block(&b, "  ", 1+g.pick(6))
	heldAt := b.Len() // names typed any go here, written last (below)
	b.WriteString("}\n\n")
	fmt.Fprintf(&b, "end when round >= %d\n", g.heavy.rounds())

	var e strings.Builder
	fmt.Fprintf(&e, "encounter \"generated\" {\n  rules \"rules.fray\"\n  seed %d\n}\n\n", 1+g.pick(1000))
	names := [][]string{{"ann", "amy", "ada"}, {"bob", "ben"}}
	var in [2][]string
	for si := range names {
		in[si] = names[si][:1+g.pick(len(names[si]))]
	}
	in[1] = append(in[1], g.heavy.crowd(g)...)
	if g.pick(8) != 0 {
		g.writeMap(&e, append(append([]string{}, in[0]...), in[1]...))
	}
	for si, side := range []string{"a", "b"} {
		fmt.Fprintf(&e, "side %s {\n", side)
		for _, n := range in[si] {
			fmt.Fprintf(&e, "  combatant %s { hp = %s; tag = %s", n, g.smallInt(), g.oneOf(`"orc"`, `"elf"`, `""`))
			if g.pick(4) != 0 {
				fmt.Fprintf(&e, "; foe = %s", g.oneOf("bob", "ann"))
			}
			if g.pick(3) == 0 {
				fmt.Fprintf(&e, "; pals = [%s]", g.oneOf("ann", "bob", "ann, bob"))
			}
			if g.pick(3) == 0 {
				fmt.Fprintf(&e, "; late = %s", g.smallInt())
			}
			if g.pick(3) == 0 {
				e.WriteString("; present = false")
			}
			e.WriteString(" }\n")
		}
		e.WriteString("}\n\n")
	}
	// Written after the rest, so that the programs of every seed stay
	// what they were, with these lines added.
	rules = b.String()
	return rules[:heldAt] + g.heldNames("  ") + rules[heldAt:], e.String()
}

// heldNames are statements over locals typed any (given none first, then
// a number or a combatant, as rules hold a bonus or the one found):
// read, compared with none, with numbers (equal and ordered), added to.
func (g *gen) heldNames(ind string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%slet held = none\n%sif %s {\n%s  held = %s\n%s} else if %s {\n%s  held = %s\n%s}\n",
		ind, ind, g.expr(tBool), ind, g.expr(tInt), ind, g.expr(tBool), ind, g.expr(tFloat), ind)
	fmt.Fprintf(&b, "%slog \"held {held}: {held == none} {held != %s} {%s == held} {held == %s}\"\n",
		ind, g.leaf(tInt), g.leaf(tInt), g.leaf(tFloat))
	fmt.Fprintf(&b, "%sif held != none && %s {\n%s  log \"ordered {held < %s} {%s >= held} {held + %s} {max(held, %s)}\"\n%s}\n",
		ind, g.expr(tBool), ind, g.leaf(tInt), g.leaf(tInt), g.leaf(tInt), g.leaf(tInt), ind)
	fmt.Fprintf(&b, "%slet who = none\n%sif %s {\n%s  who = %s\n%s}\n%slog \"who {who == none} {none != who}\"\n",
		ind, ind, g.expr(tBool), ind, g.expr(tComb), ind, ind)
	return b.String()
}

// writeMap writes a map of the encounter: a floor of 8 by 5 squares
// (larger when heavy), a wall or two (more when heavy), each combatant on
// a square of its own.
func (g *gen) writeMap(e *strings.Builder, who []string) {
	w, h, walls := g.heavy.mapSize(g)
	grid := make([][]byte, h)
	for y := range grid {
		grid[y] = []byte(strings.Repeat(".", w))
	}
	for range g.pick(walls) {
		grid[g.pick(h)][g.pick(w)] = '#'
	}
	for i := range who {
		x, y := g.pick(w), g.pick(h)
		for grid[y][x] != '.' {
			x, y = (x+1)%w, (y+(x+1)/w)%h
		}
		grid[y][x] = mapMark(i)
	}
	e.WriteString("map {\n")
	for _, row := range grid {
		fmt.Fprintf(e, "  %q\n", row)
	}
	for i, n := range who {
		fmt.Fprintf(e, "  %c: %s\n", mapMark(i), n)
	}
	e.WriteString("}\n\n")
}

// generate writes the program of one chooser.
func generate(c chooser) (rules, encounter string) {
	return (&gen{c: c}).program()
}
