package stdlib

import (
	"fmt"
	"sort"
)

// Kind names a type in a function signature. Combatant and side types are
// made per ruleset, so signatures name them and the checker resolves them.
type Kind string

const (
	Int        Kind = "int"
	Float      Kind = "float"
	Bool       Kind = "bool"
	String     Kind = "string"
	DiceKind   Kind = "dice"
	Combatant  Kind = "combatant"
	Side       Kind = "side"
	Combatants Kind = "list[combatant]"
	Sides      Kind = "list[side]"
	Ints       Kind = "list[int]"
	Any        Kind = "any"
)

// Func is one entry of the standard library.
type Func struct {
	Name   string
	Doc    string
	Params []Kind
	Result Kind
	// World functions receive the running fight as their first argument.
	World bool
	// Rolls: it draws from the fight's dice, so two calls with the same
	// arguments may differ (the interpreter keeps no value of such a call).
	Rolls bool
	// Scans: it reads its string arguments whole, so the checker hands
	// each one that is not a literal through ScanFunc, which counts it
	// (scan.go).
	Scans bool
	Impl  func(w World, args []any) (any, error)
	// Typed is the same implementation with Go types, for the functions
	// the interpreter calls natively without boxing their arguments (a
	// Dice boxed in an interface allocates): one of the signatures
	// TypedRoll, TypedInt3, TypedDiceInt, TypedStr, TypedDiv or
	// TypedFloatInt (toint.go). Impl calls it.
	Typed any
}

// The signatures a Func's Typed may have.
type (
	TypedRoll    = func(w World, d Dice) (int, error)
	TypedInt3    = func(a, b, c int) int
	TypedDiceInt = func(d Dice) int
	TypedStr     = func(w World, s string) (string, error)
	TypedDiv     = func(a, b int) (float64, error)
	TypedStrBool = func(s string) bool
)

// Divide is a / b of two whole numbers, as a number; b = 0 is an error.
func Divide(a, b int) (float64, error) {
	if b == 0 {
		return 0, fmt.Errorf("integer divide by zero")
	}
	return float64(a) / float64(b), nil
}

// RollDice rolls a dice value: its dice, plus its modifier. Dice
// notation (4d6kh3, d6!, 5d6>=5) is rolled die by die by the world.
func RollDice(w World, d Dice) (int, error) {
	if d.N < 1 || d.Faces < 2 {
		return 0, fmt.Errorf("cannot roll %v", d)
	}
	if !d.Plain() || d.Mod != 0 {
		return w.RollDice(d) // the world's log says the modifier
	}
	t, err := w.Roll(d.N, d.Faces)
	return t + d.Mod, err
}

// Clamp is x limited to the range lo..hi.
func Clamp(x, lo, hi int) int { return min(max(x, lo), hi) }

// Signature renders "name(a, b) result" for docs and completion.
func (f *Func) Signature() string {
	s := f.Name + "("
	for i, p := range f.Params {
		if i > 0 {
			s += ", "
		}
		s += string(p)
	}
	return s + ") " + string(f.Result)
}

// DiceFunc is the internal function dice notation is rewritten into.
const DiceFunc = "__dice"

// DivFunc is the internal function a / b becomes for two whole numbers:
// expr-lang's / gives a float, and +Inf for a zero divisor, which no
// whole-number attribute can hold; this one stops the run instead.
const DivFunc = "__div"

// StrFunc is the internal function a string made by + inside an
// expression passes through: it counts the bytes toward the run's work
// and refuses a string over --max-string, so that no expression can
// build gigabytes of text (in map(), say) before anything stores it.
const StrFunc = "__str"

// InFunc is the internal function `x in list` becomes when the list
// holds combatants or sides: expr-lang (v1.17) refuses to compare a
// pointer to a struct with the elements of a list of them.
const InFunc = "__in"

// Funcs is the standard library, sorted by name.
var Funcs = sortFuncs([]*Func{
	{
		Name: DiceFunc, Doc: "rolls N dice of F faces (what `2d6` in an expression becomes)",
		Params: []Kind{Int, Int}, Result: Int, World: true, Rolls: true,
		Impl: func(w World, a []any) (any, error) { return w.Roll(a[0].(int), a[1].(int)) },
	},
	{
		Name: "roll", Doc: "rolls a dice value, such as a weapon's damage attribute",
		Params: []Kind{DiceKind}, Result: Int, World: true, Rolls: true,
		Impl:  func(w World, a []any) (any, error) { return RollDice(w, a[0].(Dice)) },
		Typed: TypedRoll(RollDice),
	},
	{
		Name: RangeFunc, Doc: "the whole numbers from lo up to hi (what lo..hi becomes where its bounds are not literals), counted, and refused over --max-expr-memory",
		Params: []Kind{Int, Int}, Result: Ints, World: true, Impl: rangeImpl,
	},
	{
		Name: DivFunc, Doc: "a divided by b, as a number (what `a / b` of two whole numbers becomes); b = 0 is an error",
		Params: []Kind{Int, Int}, Result: Float,
		Impl:  func(_ World, a []any) (any, error) { return Divide(a[0].(int), a[1].(int)) },
		Typed: TypedDiv(Divide),
	},
	{
		Name: AddFunc, Doc: "a + b, an error beyond the whole numbers (what `a + b` of whole numbers becomes in expr-lang's VM: wholes.go)",
		Params: []Kind{Any, Any}, Result: Any, Impl: anyImpl(AnyAdd),
	},
	{
		Name: AddTextFunc, Doc: "a + b, two strings counted toward the run's budget and refused over --max-string, else as __add (what `a + b` of values typed any, or of a string and one, becomes in expr-lang's VM: wholes.go)",
		Params: []Kind{Any, Any}, Result: Any, World: true,
		Impl: func(w World, a []any) (any, error) { return AddText(w, a[0], a[1]) },
	},
	{
		Name: DivAnyFunc, Doc: "a / b, as a number; of two whole numbers b = 0 is an error (what `a / b` becomes in expr-lang's VM where one is typed any: wholes.go)",
		Params: []Kind{Any, Any}, Result: Float,
		Impl: func(_ World, a []any) (any, error) { return AnyDiv(a[0], a[1]) },
	},
	{
		Name: SubFunc, Doc: "a - b, an error beyond the whole numbers (what `a - b` of whole numbers becomes in expr-lang's VM: wholes.go)",
		Params: []Kind{Any, Any}, Result: Any, Impl: anyImpl(AnySub),
	},
	{
		Name: MulFunc, Doc: "a * b, an error beyond the whole numbers (what `a * b` of whole numbers becomes in expr-lang's VM: wholes.go)",
		Params: []Kind{Any, Any}, Result: Any, Impl: anyImpl(AnyMul),
	},
	{
		Name: NegFunc, Doc: "-a, an error for the least whole number (what `-a` of a whole number or a value typed any becomes in expr-lang's VM: wholes.go)",
		Params: []Kind{Any}, Result: Any, Impl: oneImpl(AnyNeg),
	},
	{
		Name: AbsFunc, Doc: "the size of a, an error for the least whole number (what `abs(a)` of a whole number or a value typed any becomes in expr-lang's VM: wholes.go)",
		Params: []Kind{Any}, Result: Any, Impl: oneImpl(AnyAbs),
	},
	{
		Name: IntFunc, Doc: "the whole part of a number (what `int(x)` of a float becomes); NaN, an infinity or a float beyond the whole numbers is an error",
		Params: []Kind{Any}, Result: Int, Impl: toIntImpl, Typed: TypedFloatInt(ToInt),
	},
	{
		Name: ScanFunc, Doc: "the string, its reading counted toward the run's budget (what a string an operator or built-in reads whole passes through: scan.go)",
		Params: []Kind{String}, Result: String, World: true,
		Impl:  func(w World, a []any) (any, error) { return CountScan(w, a[0].(string)) },
		Typed: TypedStr(CountScan),
	},
	{
		Name: PiecesFunc, Doc: "the string, its cutting into pieces counted toward the run's budget (what the string split reads passes through: scan.go)",
		Params: []Kind{String}, Result: String, World: true,
		Impl:  func(w World, a []any) (any, error) { return CountPieces(w, a[0].(string)) },
		Typed: TypedStr(CountPieces),
	},
	{
		Name: EqualFunc, Doc: "whether two lists or maps are equal, their walk counted (what `a == b` of lists becomes: equal.go)",
		Params: []Kind{Any, Any}, Result: Bool, World: true,
		Impl: func(w World, a []any) (any, error) { return ListsEqual(w, a[0], a[1]) },
	},
	{
		Name: ListInFunc, Doc: "whether a list holds a list or map equal to the first, each comparison counted (what `x in l` of a list x becomes: equal.go)",
		Params: []Kind{Any, Any}, Result: Bool, World: true,
		Impl: func(w World, a []any) (any, error) { return ListIn(w, a[0], a[1]) },
	},
	{
		Name: MatchFunc, Doc: "whether the regular expression matches the string, its work counted (what `a matches p` becomes: scan.go)",
		Params: []Kind{String, String}, Result: Bool, World: true,
		Impl: func(w World, a []any) (any, error) { return Matches(w, a[0].(string), a[1].(string)) },
	},
	{
		Name: StrFunc, Doc: "the string, counted toward the run's budget (what a string made with + becomes)",
		Params: []Kind{String}, Result: String, World: true,
		Impl:  func(w World, a []any) (any, error) { return CountString(w, a[0].(string)) },
		Typed: TypedStr(CountString),
	},
	{
		Name: SameFunc, Doc: "whether two values are equal, combatants and sides by identity (what a == b of them becomes: equal.go)",
		Params: []Kind{Any, Any}, Result: Bool,
		Impl: func(_ World, a []any) (any, error) { return Same(a[0], a[1]), nil },
	},
	{
		Name: PairsFunc, Doc: "the list, the comparisons uniq may make of its items counted toward the run's budget (what the list uniq is given passes through: equal.go)",
		Params: []Kind{Any}, Result: Any, World: true,
		Impl: func(w World, a []any) (any, error) { return CountPairs(w, a[0]) },
	},
	{
		Name: InFunc, Doc: "whether the value is an element of the list (what `x in list` becomes for lists of combatants or sides)",
		Params: []Kind{Any, Any}, Result: Bool,
		Impl: func(_ World, a []any) (any, error) { return inList(a[0], a[1]), nil },
	},
	{
		Name: "members", Doc: "the combatants of a side, dead or alive",
		Params: []Kind{Side}, Result: Combatants, World: true,
		Impl: func(w World, a []any) (any, error) { return w.Members(a[0]) },
	},
	{
		Name: "flatten", Doc: "the elements of a list and of the lists inside it, in order: flatten(map(g, members(#))) is every member of the sides of g",
		Params: []Kind{Any}, Result: Any, World: true, Impl: flattenImpl,
	},
	{
		Name: "living", Doc: "the combatants of a list that are in the fight: alive, present and with an empty state",
		Params: []Kind{Combatants}, Result: Combatants, World: true,
		Impl: func(w World, a []any) (any, error) { return w.Living(a[0]) },
	},
	{
		Name: "enemies", Doc: "every combatant on a side other than the combatant's",
		Params: []Kind{Combatant}, Result: Combatants, World: true,
		Impl: func(w World, a []any) (any, error) { return w.Enemies(a[0]) },
	},
	{
		Name: "allies", Doc: "the other combatants on the combatant's side",
		Params: []Kind{Combatant}, Result: Combatants, World: true,
		Impl: func(w World, a []any) (any, error) { return w.Allies(a[0]) },
	},
	{
		Name: "enemy_sides", Doc: "every side other than the given one",
		Params: []Kind{Side}, Result: Sides, World: true,
		Impl: func(w World, a []any) (any, error) { return w.EnemySides(a[0]) },
	},
	{
		Name: "standing", Doc: "the sides of a list that still have a member in the fight (alive, present, with an empty state)",
		Params: []Kind{Sides}, Result: Sides, World: true,
		Impl: func(w World, a []any) (any, error) { return w.Standing(a[0]) },
	},
	{
		Name: "pending", Doc: "whether something is scheduled under the label for the combatant",
		Params: []Kind{Combatant, String}, Result: Bool, World: true,
		Impl: func(w World, a []any) (any, error) { return w.Pending(a[0], a[1].(string)) },
	},
	{
		Name: "has", Doc: "whether the combatant is under the condition of that name (declared with `condition NAME { ... }`)",
		Params: []Kind{Combatant, String}, Result: Bool, World: true,
		Impl: func(w World, a []any) (any, error) {
			// A World without conditions (none is in this repository) has none to report.
			if cw, ok := w.(ConditionWorld); ok {
				return cw.Has(a[0], a[1].(string))
			}
			return false, nil
		},
	},
	{
		Name: "pick", Doc: "one combatant of a list chosen with the run's dice (nil if empty)",
		Params: []Kind{Combatants}, Result: Combatant, World: true, Rolls: true,
		Impl: func(w World, a []any) (any, error) { return w.Pick(a[0]) },
	},
	{
		Name: "declared_int", Doc: "the whole-number argument of that name in what the combatant declared this round (its default if not given; 0 if its action has no such parameter)",
		Params: []Kind{Combatant, String}, Result: Int, World: true,
		Impl: func(w World, a []any) (any, error) { return w.DeclaredInt(a[0], a[1].(string)) },
	},
	{
		Name: "declared_string", Doc: "the text argument of that name in what the combatant declared this round (its default if not given; \"\" if its action has no such parameter)",
		Params: []Kind{Combatant, String}, Result: String, World: true,
		Impl: func(w World, a []any) (any, error) { return w.DeclaredString(a[0], a[1].(string)) },
	},
	{
		Name: "declares", Doc: "whether the combatant declared the action of that name this round, among its several declarations (held or not)",
		Params: []Kind{Combatant, String}, Result: Bool, World: true,
		Impl: func(w World, a []any) (any, error) {
			if dw, ok := w.(DeclarationWorld); ok {
				return dw.Declares(a[0], a[1].(string))
			}
			return false, nil
		},
	},
	{
		Name: "declared_combatant", Doc: "the combatant argument of that name in what the combatant declared this round, a target say (its default if not given; nil if its action has no such parameter)",
		Params: []Kind{Combatant, String}, Result: Combatant, World: true,
		Impl: func(w World, a []any) (any, error) {
			if dw, ok := w.(DeclarationWorld); ok {
				return dw.DeclaredCombatant(a[0], a[1].(string))
			}
			return nil, nil
		},
	},
	{
		Name: "holding", Doc: "whether the combatant holds a declaration of this round not yet performed (see act held)",
		Params: []Kind{Combatant}, Result: Bool, World: true,
		Impl: func(w World, a []any) (any, error) {
			if dw, ok := w.(DeclarationWorld); ok {
				return dw.Holding(a[0])
			}
			return false, nil
		},
	},
	{
		Name: "plural", Doc: "whether a name reads as an English plural (orcs, wolves, men, swordsmen, the undead; not party, boss or band), for the verb after a side's name: {s.name} {plural(s.name) ? 'are' : 'is'} surprised",
		Params: []Kind{String}, Result: Bool, Scans: true,
		Impl:  func(_ World, a []any) (any, error) { return Plural(a[0].(string)), nil },
		Typed: TypedStrBool(Plural),
	},
	{
		Name: "clamp", Doc: "x limited to the range lo..hi",
		Params: []Kind{Int, Int, Int}, Result: Int,
		Impl:  func(_ World, a []any) (any, error) { return Clamp(a[0].(int), a[1].(int), a[2].(int)), nil },
		Typed: TypedInt3(Clamp),
	},
	{
		Name: "downto", Doc: "the whole numbers from the first down to the second, the first first (empty if the first is smaller): `for i in downto(10, 1)` counts down as `1..10` counts up",
		Params: []Kind{Int, Int}, Result: Ints, World: true, Impl: downtoImpl,
	},
	{
		Name: "dice_max", Doc: "the highest total a dice value can give",
		Params: []Kind{DiceKind}, Result: Int,
		Impl:  func(_ World, a []any) (any, error) { return a[0].(Dice).Max(), nil },
		Typed: TypedDiceInt(Dice.Max),
	},
	{
		Name: "distance", Doc: "the distance between two combatants on the map in feet (5 a square; a diagonal step is one square)",
		Params: []Kind{Combatant, Combatant}, Result: Int, World: true, Impl: gridDistance,
	},
	{
		Name: "adjacent", Doc: "whether two different combatants stand on neighbouring squares of the map (diagonals too), walls or not (see reaches)",
		Params: []Kind{Combatant, Combatant}, Result: Bool, World: true, Impl: gridAdjacent,
	},
	{
		Name: "reaches", Doc: "whether the first combatant's melee blow reaches the second: neighbouring squares (diagonals too) with no wall on the edge between them, and a diagonal blow not through the gap where two walls or windows meet corner to corner",
		Params: []Kind{Combatant, Combatant}, Result: Bool, World: true, Impl: gridReaches,
	},
	{
		Name: "engaged", Doc: "whether two combatants are engaged in melee: joined by an engage statement, neither disengaged since, both still in the fight (no map needed)",
		Params: []Kind{Combatant, Combatant}, Result: Bool, World: true,
		Impl: func(w World, a []any) (any, error) { return w.Engaged(a[0], a[1]) },
	},
	{
		Name: "engaged_with", Doc: "the combatants engaged in melee with a combatant, in the fight's order (see engaged)",
		Params: []Kind{Combatant}, Result: Combatants, World: true,
		Impl: func(w World, a []any) (any, error) { return w.EngagedWith(a[0]) },
	},
	{
		Name: "line_of_sight", Doc: "whether a straight line joins some point of the first combatant's square to some point of the second's without passing through a wall, square or edge (characters and windows do not block)",
		Params: []Kind{Combatant, Combatant}, Result: Bool, World: true, Impl: gridLineOfSight,
	},
	{
		Name: "cover", Doc: `the cover the second combatant has from the first: "none" if the first sees all four corners of its square, "half" if some, "full" if none (through a window not next to the first), "blocked" without line of sight`,
		Params: []Kind{Combatant, Combatant}, Result: String, World: true, Impl: gridCover,
	},
	{
		Name: "within", Doc: "the combatants of a list, other than the first argument, at most the given feet away from it on the map",
		Params: []Kind{Combatant, Combatants, Int}, Result: Combatants, World: true, Impl: gridWithin,
	},
	{
		Name: "nearest", Doc: "the combatant of a list, other than the first argument, nearest to it on the map (the first in the list on a tie; nil if none)",
		Params: []Kind{Combatant, Combatants}, Result: Combatant, World: true, Impl: gridNearest,
	},
	{
		Name: "nearby", Doc: "the combatants in the fight (alive, present, no state) on the map at most the given feet from a combatant (5: the squares next to it, diagonals too), itself apart, in the fight's order; the engine keeps an index of who stands where, so this costs the same in a fight of ten or of a thousand (filter(nearby(c, 5), reaches(#, c)) for the foes whose blow reaches c)",
		Params: []Kind{Combatant, Int}, Result: Combatants, World: true,
		Impl: func(w World, a []any) (any, error) { return w.Nearby(a[0], a[1].(int)) },
	},
	{
		Name: "step_toward", Doc: "the square [x, y] the first combatant reaches moving at most the given feet toward the second: a shortest path over floor around walls, windows and living combatants, to a square next to the second if it can reach one, else to the square nearest the second it can reach (behind a shut door, say)",
		Params: []Kind{Combatant, Combatant, Int}, Result: Ints, World: true, Impl: gridStepToward,
	},
	{
		Name: "distance_to", Doc: "the distance in feet from a combatant to the square [x, y] of the map (5 a square; a diagonal step is one square)",
		Params: []Kind{Combatant, Int, Int}, Result: Int, World: true, Impl: gridDistanceTo,
	},
	{
		Name: "path_length", Doc: "the feet of the shortest walk from the combatant's square to the square [x, y] over floor around walls, windows and living combatants, never cutting a wall's corner (-1 if it cannot be reached or is taken)",
		Params: []Kind{Combatant, Int, Int}, Result: Int, World: true, Impl: gridPathLength,
	},
	{
		Name: "free_square", Doc: "whether the square [x, y] is one a combatant may stand on: on the map, not a wall nor a window (as step_toward and path_length walk; a wall on an edge leaves both squares free), with no combatant in the fight (alive, present, no state) on it, so a shut door (a combatant in its doorway) takes its square and an open one (in a state) does not; false off the map, and one read of the map whatever its size (path_length(c, x, y) >= 0 also asks whether c can walk there)",
		Params: []Kind{Int, Int}, Result: Bool, World: true, Impl: gridFreeSquare,
	},
	{
		Name: "straight_toward", Doc: "the square [x, y] the first combatant reaches running at most the given feet in a straight line (the squares nearest the line between the centres) toward the second, stopping next to it, or earlier before a wall, a wall's corner or a living combatant",
		Params: []Kind{Combatant, Combatant, Int}, Result: Ints, World: true, Impl: gridStraightToward,
	},
	{
		Name: "replace", Doc: "the string with every occurrence of the second replaced by the third (a result over --max-string is an error)",
		Params: []Kind{String, String, String}, Result: String, World: true, Scans: true, Impl: replaceImpl,
	},
	{
		Name: "join", Doc: "the strings of a list joined with the separator between them (a result over --max-string is an error)",
		Params: []Kind{Any, String}, Result: String, World: true, Impl: joinImpl,
	},
	{
		Name: "string", Doc: "any value as text, as a log template prints it: none as nothing, a combatant or side by name, a list as [a, b, c], a map (groupBy's) as {k: [a, b], ...} in the order of its keys (a result over --max-string is an error)",
		Params: []Kind{Any}, Result: String, World: true, Impl: stringImpl,
	},
	{
		Name: "type", Doc: "the name of a value's type: \"int\", \"float\", \"string\", \"bool\", \"dice\", \"combatant\", \"side\", \"list\", \"map\", or \"nothing\" for none",
		Params: []Kind{Any}, Result: String,
		Impl: func(_ World, a []any) (any, error) { return TypeName(a[0]), nil },
	},
	{
		Name: "dice_min", Doc: "the lowest total a dice value can give",
		Params: []Kind{DiceKind}, Result: Int,
		Impl:  func(_ World, a []any) (any, error) { return a[0].(Dice).Min(), nil },
		Typed: TypedDiceInt(Dice.Min),
	},
})

func sortFuncs(fs []*Func) []*Func {
	sort.Slice(fs, func(i, j int) bool { return fs[i].Name < fs[j].Name })
	return fs
}

// Lookup finds a function by name.
func Lookup(name string) *Func {
	i := sort.Search(len(Funcs), func(i int) bool { return Funcs[i].Name >= name })
	if i < len(Funcs) && Funcs[i].Name == name {
		return Funcs[i]
	}
	return nil
}
