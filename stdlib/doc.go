// Package stdlib is what rule expressions can call: one table of functions
// (name, doc, signature, implementation) that drives expr-lang's function
// options, the checker's signatures and the generated docs, in the manner of
// OPA's builtins. Functions that need the running fight reach it through the
// World interface, which package interp implements; stdlib knows no ruleset.
// Every file of the package is named below (doc_map_test.go fails on one
// left out).
//
// The table and the world:
//
//   - funcs.go: Func, Kind and Funcs, the one table of functions, and
//     Lookup.
//   - world.go: World, the running fight as functions see it.
//   - conditions.go: ConditionWorld, a World that keeps conditions (has).
//   - declarations.go: DeclarationWorld, a World that keeps several
//     declarations a round (declares, holding).
//   - args.go: CheckArgs, an argument of the wrong plain kind stopped
//     with the same words in both evaluators.
//
// Values, and the limits on what an expression may make:
//
//   - wholes.go: whole-number arithmetic that stops where Go's would wrap
//     round.
//   - toint.go: int(x) of a float, NaN and infinities refused.
//   - equal.go: == of lists and maps, their walk counted.
//   - ranges.go: lo..hi and downto, counted as work and bounded by
//     --max-expr-memory (ListLimiter).
//   - lists.go: flatten, lists inside lists followed to a bounded depth.
//   - sorted_maps.go: keys, values and toPairs in the order of their
//     keys, not Go's map order.
//   - map_entries.go: MapEntries, a map's entries read without a look-up
//     (a NaN key finds nothing), NaN keys first and put in order by
//     their text.
//   - scan.go: a string read whole counts a step for every 64 bytes.
//   - strings.go: the string functions that can make a longer string,
//     refused over --max-string.
//   - sprint.go: Sprint, %v with combatants and sides by name.
//   - text.go: TextTo, a value as a log template prints it.
//   - typename.go: type(x) in the language's words.
//   - words.go: Plural, for the verb after a name in a log line.
//
// Dice:
//
//   - dice.go: Dice, the value of a dice attribute, read by ParseDice.
//   - dice_notation.go: the notation after NdF: !, kh, kl, dh, dl, >=.
//   - dice_total.go: Total, a roll's total alone, for a quiet run.
//   - dist.go: Dist, the exact distribution of a sum of dice (fray
//     prob).
//   - dist_notation.go: DiceDist, distributions of dice with their
//     notation, and the questions fray prob answers.
//   - dist_limits.go: DistLimits, the bounds of a distribution, each
//     named in its error.
//   - dist_here.go: the character at a distribution parser's place,
//     quoted whole in an error.
//
// The grid (the encounter's map):
//
//   - grid.go: Grid, Point, squares, line of sight and cover, exact, with
//     answers cached.
//   - grid_walls.go: walls on the edges between squares, and windows.
//   - grid_box.go: a quick proof that a line of sight is blocked.
//   - grid_band.go: the solid squares and walls a line between two
//     squares could touch.
//   - grid_funcs.go: the grid functions of the table.
//   - grid_paths.go: distance_to, path_length, straight_toward, Line.
//   - grid_square.go: free_square, one read of the map and one of
//     World.Taken.
//   - grid_work.go: the work of the grid functions, charged to the run's
//     budget.
//   - grid_crowd.go: Crowd, who stands on each square, kept by the
//     caller.
//   - grid_search.go: the scratch pads searches mark, lent by the grid.
//   - grid_astar.go: the best-first (A*) searches of Step and
//     PathLength.
//   - grid_step.go: Step (step_toward) and PathLength, with the answers
//     of a breadth-first search.
//   - grid_step_bfs.go: Step by a breadth-first search from the mover,
//     for maps where best-first costs more; stepKey, the order of the
//     squares a step may end on.
//   - grid_step_ring.go: Step's answer from the ring round the goal, by
//     a search backwards.
//   - grid_step_onway.go: Step's answer from the first search, resumed.
//   - grid_ways.go: Ways, fields of steps to a target kept for many
//     movers.
//   - grid_ways_mend.go: a field mended after squares are taken or
//     freed.
//   - grid_regions.go: regions of the floor, for lint's check that no
//     combatant starts shut in.
package stdlib
