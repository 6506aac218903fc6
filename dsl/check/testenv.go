package check

import (
	"reflect"
	"strconv"
)

// The environment of a test's expectations (see testfile.go): what a
// fight left and what its log says. Expectations are expr-lang
// expressions checked against a struct made for the encounter under
// test, so a misspelled attribute or combatant is a positioned error
// before anything runs. Package interp/fraytest fills it after a fight.

// testEventName is TestEvent's name as Go's type checker words it, which
// Universe.Friendly turns into "event".
var testEventName = reflect.TypeFor[TestEvent]().String()

// TestEvent is one event of the log as expectations see it.
type TestEvent struct {
	Seq     int    `expr:"seq"`
	Kind    string `expr:"kind"` // roll, order, declare, act, event, log, modifier, table, ...
	Round   int    `expr:"round"`
	Segment int    `expr:"segment"`
	Phase   string `expr:"phase"`
	Who     string `expr:"who"`
	Why     string `expr:"why"`
	Name    string `expr:"name"`
	Dice    string `expr:"dice"`
	Faces   []int  `expr:"faces"`
	Total   int    `expr:"total"` // 0 when the event has none
	Text    string `expr:"text"`
}

// TestData is what a fight leaves besides its combatants and sides.
type TestData struct {
	Events   []TestEvent `expr:"events"`
	Log      []string    `expr:"log"`      // the events' texts, in order
	Rounds   int         `expr:"rounds"`   // rounds played
	Standing []string    `expr:"standing"` // sides still standing at the end
	Capped   bool        `expr:"capped"`   // the round limit stopped the fight
	// Fights is, in a property's expectation, how many fights (or, when
	// exact, sequences of dice) its rates were measured over.
	Fights int `expr:"fights"`
}

// TestFuncs are the functions of expectations. Those that find an
// event return its index in events (-1 when there is none), so that
// they compose (before, has, text) and a failure can show the log
// around what they found. A round of -1 means any round; a text of ""
// matches any text.
type TestFuncs struct {
	// Event is the first rule event of that name (emit) in the round whose text contains text.
	Event func(name string, round int, text string) int `expr:"event"`
	// Line is the first log line (a rule's log statement) of the round containing text.
	Line func(round int, text string) int `expr:"line"`
	// Act is the first act of the combatant in the round.
	Act func(who string, round int) int `expr:"act"`
	// Roll is the first roll by who in the round for why ("" for any).
	Roll func(who string, round int, why string) int `expr:"roll"`
	// Find is the first event of any kind whose text contains text.
	Find func(text string) int `expr:"find"`
	// Exactly is the first event of any kind whose text is text.
	Exactly func(text string) int `expr:"exactly"`
	// Rolls counts rolls by who ("" for anyone) in the round for why ("" for any).
	Rolls func(who string, round int, why string) int `expr:"rolls"`
	// Before holds when both events were found and a comes first.
	Before func(a, b int) bool `expr:"before"`
	// Has holds when an event was found.
	Has func(i int) bool `expr:"has"`
	// Text is the text of the event at i ("" for -1).
	Text func(i int) string `expr:"text"`
	// Acts is who acted in each segment of the round: "4: halvaine; 5: orc".
	Acts func(round int) string `expr:"acts"`
	// Order is who acted in the round, in order: "brom, orc, brom".
	Order func(round int) string `expr:"order"`
	// Declared is who declared in the round's phase ("" for any), in order.
	Declared func(round int, phase string) string `expr:"declared"`
	// Phases are the phases that logged something in the round (-1: the
	// whole fight), in the order they first did.
	Phases func(round int) string `expr:"phases"`
	// Grouped is who acted in the round, grouped by the number that ends
	// the last log line before each act that starts with prefix
	// and then a whole number ("initiative 6"): "6: aelis, gob1; 9: ogre".
	Grouped func(round int, prefix string) string `expr:"grouped"`
	// InOrder holds when lines equal to the texts (trimmed) come in the log in this order.
	InOrder func(texts ...string) bool `expr:"in_order"`
	// Logged holds when each text is part of some line of the log.
	Logged func(texts ...string) bool `expr:"logged"`
	// Near holds when |x - want| <= tol.
	Near func(x, want, tol float64) bool `expr:"near"`
}

// testNames are the names the environment gives; a combatant or side
// of the same name is reached through combatants or sides instead.
var testNames = func() map[string]bool {
	m := map[string]bool{"sides": true, "combatants": true, "rate": true, "after_round": true, "after_segment": true}
	for _, t := range []reflect.Type{reflect.TypeFor[TestData](), reflect.TypeFor[TestFuncs]()} {
		for i := 0; i < t.NumField(); i++ {
			m[t.Field(i).Tag.Get("expr")] = true
		}
	}
	return m
}()

// TestEnv is the struct type of a test's expectations, and the struct
// fields (by index) that hold each combatant and side named in the
// encounter. rates adds that many float fields, _r0 ..., the values of
// a property's rate(...) calls.
type TestEnv struct {
	R          reflect.Type
	Combatants map[string]int // field index by combatant name
	Sides      map[string]int
	Rates      []int
	// State is the type after_round and after_segment return: a pointer
	// to a struct of the sides, the combatants and each by name, as the
	// fight stood then (the same fields as R's, found by name).
	State reflect.Type
	// States: an expectation calls after_round or after_segment, so the
	// fight keeps the state at each step of its log.
	States bool
}

// Fields of TestEnv.R, in order: TestData's, TestFuncs', sides,
// combatants, after_round and after_segment, each combatant and side by
// name, the rates. TestEnv.State has the sides, the combatants and the
// names, under the same Go names.
const (
	TestFieldSides        = "Sides"
	TestFieldCombatants   = "Combatants"
	TestFieldAfterRound   = "AfterRound"
	TestFieldAfterSegment = "AfterSegment"
)

func testEnv(u *Universe, enc *Encounter, rates int) *TestEnv {
	env := &TestEnv{Combatants: map[string]int{}, Sides: map[string]int{}}
	var fields []reflect.StructField
	for _, t := range []reflect.Type{reflect.TypeFor[TestData](), reflect.TypeFor[TestFuncs]()} {
		for i := 0; i < t.NumField(); i++ {
			fields = append(fields, t.Field(i))
		}
	}
	lists := []reflect.StructField{
		{Name: TestFieldSides, Type: reflect.SliceOf(u.Side.R), Tag: `expr:"sides"`},
		{Name: TestFieldCombatants, Type: reflect.SliceOf(u.Combatant.R), Tag: `expr:"combatants"`},
	}
	// The names, in the order of the encounter; a name the environment
	// already has is left out, and so is one of expr-lang's built-ins: a
	// fighter called len or count took the built-in's place (len(...) not
	// callable, count(l, .hp > 0) a syntax error).
	var named []reflect.StructField
	taken := map[string]bool{}
	add := func(name string, t reflect.Type) {
		if testNames[name] || exprBuiltins[name] || taken[name] {
			return
		}
		taken[name] = true
		named = append(named, reflect.StructField{Name: "N_" + name, Type: t, Tag: exprTag(name)})
	}
	for _, s := range enc.Sides {
		add(s.Name, u.Side.R)
		for _, c := range s.Combatants {
			add(c.Name, u.Combatant.R)
		}
	}
	env.State = reflect.PointerTo(reflect.StructOf(append(append([]reflect.StructField{}, lists...), named...)))
	fields = append(fields, lists...)
	fields = append(fields,
		reflect.StructField{Name: TestFieldAfterRound, Type: reflect.FuncOf([]reflect.Type{intType}, []reflect.Type{env.State}, false), Tag: `expr:"after_round"`},
		reflect.StructField{Name: TestFieldAfterSegment, Type: reflect.FuncOf([]reflect.Type{intType, intType}, []reflect.Type{env.State}, false), Tag: `expr:"after_segment"`})
	for _, f := range named {
		if f.Type == u.Side.R {
			env.Sides[f.Tag.Get("expr")] = len(fields)
		} else {
			env.Combatants[f.Tag.Get("expr")] = len(fields)
		}
		fields = append(fields, f)
	}
	for i := 0; i < rates; i++ {
		env.Rates = append(env.Rates, len(fields))
		fields = append(fields, reflect.StructField{Name: "R" + itoa(i), Type: floatType, Tag: exprTag(rateName(i))})
	}
	env.R = reflect.StructOf(fields)
	return env
}

func rateName(i int) string { return "_r" + itoa(i) }

// RateName is the name the environment gives a property's i-th rate(...).
func RateName(i int) string { return rateName(i) }

func itoa(i int) string { return strconv.Itoa(i) }
