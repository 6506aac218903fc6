package stdlib

import "context"

// World is the running fight as functions see it. The interpreter passes
// it as the expression context (expr-lang's WithContext), so a function
// never holds global state and parallel runs never share one.
type World interface {
	context.Context
	// Roll rolls n dice of the given faces, records the roll and returns the total.
	Roll(n, faces int) (int, error)
	// RollDice rolls a dice value, its notation (4d6kh3, d6!, 5d6>=5)
	// and modifier included, records the roll and returns the result.
	RollDice(d Dice) (int, error)
	// Members are a side's combatants, typed as the ruleset's combatant list.
	Members(side any) (any, error)
	// Living keeps the combatants of a list that are alive.
	Living(list any) (any, error)
	// Enemies are the combatants on other sides than the combatant's.
	Enemies(c any) (any, error)
	// Allies are the combatants on the combatant's side, itself excluded.
	Allies(c any) (any, error)
	// EnemySides are the sides other than the given one.
	EnemySides(side any) (any, error)
	// Standing are the sides of a list with at least one living member.
	Standing(sides any) (any, error)
	// Pending reports whether something is scheduled under label for owner.
	Pending(owner any, label string) (bool, error)
	// Modifier evaluates a modifiers block of the ruleset and returns its total.
	Modifier(name string, args []any) (int, error)
	// Call evaluates a function (fn) of the ruleset.
	Call(name string, args []any) (any, error)
	// Table looks keys up in a table of the ruleset, or rolls its dice when roll is set.
	Table(name string, keys []any, roll bool) (any, error)
	// Pick chooses one element of a list with the run's dice, or nil.
	Pick(list any) (any, error)
	// DeclaredInt is the whole-number argument name of what c declared
	// this round: the declared value, else the parameter's default, else 0
	// when the action has no such parameter.
	DeclaredInt(c any, name string) (int, error)
	// DeclaredString is the text argument name of what c declared this
	// round: the declared value, else the parameter's default, else "".
	DeclaredString(c any, name string) (string, error)
	// Work counts n steps of work toward the run's limit (--max-steps)
	// and fails once the run is over it.
	Work(n int) error
	// MaxString is the longest string a rule may make, in bytes (--max-string).
	MaxString() int
	// Grid is the encounter's map, or an error if it has none.
	Grid() (*Grid, error)
	// Position is the square a combatant stands on, or an error if it is
	// not on the map.
	Position(c any) (Point, error)
	// Occupied are the squares of the living combatants other than c;
	// the list may be reused by the next call.
	Occupied(c any) ([]Point, error)
	// Nearby are the combatants in the fight (alive, present, no state)
	// on the map at most feet from c, c apart, typed as the ruleset's
	// combatant list, in the fight's order; answered from an index of
	// the map's squares, so that its cost does not grow with the fight.
	Nearby(c any, feet int) (any, error)
	// Taken reports whether a combatant in the fight (alive, present, no
	// state) stands on the square (x, y) of the map, from the same index
	// as Nearby; false for a square off the map.
	Taken(x, y int) (bool, error)
	// Engaged reports whether two combatants are engaged in melee (the
	// engage and disengage statements; no map needed).
	Engaged(a, b any) (bool, error)
	// EngagedWith are the combatants engaged with c, typed as the
	// ruleset's combatant list, in the fight's order.
	EngagedWith(c any) (any, error)
}
