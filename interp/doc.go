// Package interp runs a checked ruleset over an encounter: the last pass
// of fray, after syntax, check and (for the command line) format.
//
// # Plan, once
//
// Lower (plan.go) turns a checked check.Model into a Plan, once per
// ruleset; any number of runs, on any number of goroutines, share it.
// Every statement of every body is compiled into one closure (stmtFn,
// stmt.go) that holds what it needs, resolved: the places of its frame
// it reads and writes, and its expressions planned (eval.go). An
// expression is planned once: when the native compiler covers it, it
// runs as Go closures that read the frame by offset (mem_unsafe);
// otherwise it runs in expr-lang's VM, the evaluator of record
// (TestFastAgreesWithExpr, TestFastSameLogs and every spec case, played
// under both plans, hold the two to the same values, rolls, errors and
// logs). There is no other way to run a statement and no switch that
// changes the engine. The native compiler, by file: fast.go (names,
// fields, operators, ternaries, predicates, the world's lists),
// fast_ops.go (arithmetic and comparisons), fast_fn.go (calls of the
// ruleset's fns), fast_stdlib.go (calls of the standard library through
// its table entry: Impl with boxed arguments, or the entry's Typed form;
// tables; x in [literals]), fast_world.go and fast_world_calls.go (the
// world functions on lists, pending, declared_int: the same code their
// World methods in world.go run), fast_map.go (max/min of a map, find,
// ranges, call types), fast_strings.go (strings made with +, join),
// fast_string_int.go (string(n) of a whole number), fast_refs.go (reads
// and assignments of typed references, which the checker wraps in
// $ref_c and $ref_s, and their a ?? b, $or_c and $or_s),
// fast_strlen.go (a quiet run's template parts measured, not made:
// their failures depend on lengths only),
// fast_float.go (floats: arithmetic with whole numbers taken as
// floats, ceil, floor, round, int(x) with stdlib.ToInt's errors), fast_lists.go (lists a rule
// file makes itself: calls of fns that give lists, sortBy, LIST[i]),
// fast_mapped.go (sum, max and min of numbers taken from such lists;
// x in a list attribute), fast_groups.go (groupBy of combatants or
// sides by a string or a whole number, keys of it, m[k]), fast_proc.go (calls of procedures from
// expressions), fast_anyarith.go (+, -, *, max and min with an operand
// typed any, through expr-lang's own runtime functions).
// A loop's sort keys are kept typed (loop_keys.go); a loop over
// combatants or sides ordered by whole numbers or truths keeps its items
// as addresses and ints and sorts them by hand (loop_keyed.go).
//
// Rosters (roster.go): each side's living members and living enemies,
// and everyone in the fight, kept by the run and updated in place when an
// assignment sets a combatant's alive, present or side (Plan.rosterEffect
// decides, when planning, what an assignment does to them). The space
// index (space.go): who stands on each square of the map, kept the same
// way (and on x and y), so that nearby(c, feet) looks at the squares
// around c, not at everyone (fast_space.go is its native call); it
// also counts who stands on each square, the Crowd step_toward and
// path_length read (grid_crowd.go).
//
// The statements, one file each: let, if, log, return, segment
// (stmt.go); assignments (assign.go); loops, orders, tie groups and
// simultaneous groups (loop.go); emit, dispatch and handlers (emit.go);
// declare, act, schedule, cancel, apply (actions.go); timed loops and
// schedules on their clock (timed.go); several
// declarations a round, act held and choice points (slots.go).
//
// # Run
//
// A Run (run.go) is one fight: setup (setup.go) makes the sides and
// combatants and computes constants and defaults; Play runs the set-up
// phases, then rounds and segments until the end condition holds, firing
// scheduled blocks when they come due. Bodies run in frames lent by
// per-body pools (frames.go). Every roll and decision becomes an Event
// of the log (event.go, text.go); dice come from a seeded stream or a
// fixed list (dice.go). A Runner (runner.go) plays many fights of one
// encounter reusing one Run; Simulate (sim.go) spreads fights over
// workers; Enumerate (enumerate.go) walks every outcome of the set-up
// dice for fray prob; Replay and Compare (replay.go, replay_compare.go)
// play a recorded log again and set the two fights side by side. With
// Options.Why, each order is followed by why events (why.go) for fray
// run --why.
//
// # Coverage and tests
//
// LowerCovered (coverage.go) lowers a plan whose statement closures,
// branches, phases and handlers count when they run, and whose table and
// modifier rows count when they match: coverage is chosen when a plan is
// made, never switched during a fight. teststate.go gives fray test
// (package fraytest) a fight's sides and combatants and the walk of the
// set-up's dice for an exact property.
//
// # Budget
//
// Every step of work a rule can cause counts toward one limit, and the
// log and strings have theirs (budget.go): no rule file can keep a run
// busy for long or make it take much memory, with default options.
package interp
