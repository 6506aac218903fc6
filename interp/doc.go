// Package interp runs a checked ruleset over an encounter: the last of
// fray's stages. dsl/syntax parses a rule file; dsl/check resolves and
// types it into a check.Model; here the model is planned once (Lower, a
// Plan) and played as often as wanted (a Run per fight). dsl/format (fray
// fmt) reads the syntax tree beside these, not between them.
//
// This comment is the map of the package: every file of it is named
// below, once in the list of its stage, with what it holds and why it
// exists (doc_map_test.go fails on a file the map leaves out or a name
// that is no file).
//
// # How a fight runs
//
// Lower (plan.go) turns a checked check.Model into a Plan, once per
// ruleset; any number of runs, on any number of goroutines, share it.
// Every statement of every body is compiled into one closure (stmtFn,
// stmt.go) that holds what it needs, resolved: the places of its frame
// it reads and writes, and its expressions planned (eval.go). An
// expression is planned once: when the native compiler (fast.go and the
// fast_*.go files) covers it, it runs as Go closures that read the frame
// by offset (mem_unsafe.go); otherwise it runs in expr-lang's VM, the
// evaluator of record (TestFastAgreesWithExpr, TestFastSameLogs and every
// spec case, played under both plans, hold the two to the same values,
// rolls, errors and logs). There is no other way to run a statement and
// no switch that changes the engine.
//
// A Run (run.go) is one fight: setup makes the sides and combatants;
// Play runs the set-up phases, then rounds and segments until the end
// condition holds, firing scheduled blocks when they come due. Bodies
// run in frames lent by per-body pools. Every roll and decision becomes
// an Event of the log. A Runner plays many fights of one encounter
// reusing one Run; Simulate spreads fights over workers. Every step of
// work a rule can cause counts toward one limit (budget.go).
//
// # Where a statement runs
//
// Plan.stmt (plan.go) is the one switch from a statement of the syntax
// tree to its closure; each case calls the compile function of its
// file:
//
//   - let, if, log, bare return, segment: stmt.go
//   - assignments (=, +=, -=): assign.go, assign_int.go
//   - for: loop.go (and loop_plain.go, loop_keyed.go, order_pair.go);
//     for ... at count|segment: timed.go; for group: loop_group.go;
//     while: while.go
//   - emit: emit.go, emit_direct.go
//   - declare, act: actions.go; act held and several declarations:
//     slots.go; schedule, cancel: schedule.go; apply TABLE to:
//     apply_table.go
//   - engage, disengage: engage.go
//   - apply and remove a condition: conditions.go
//   - call and return of a value: proc.go
//   - interrupt and cancel pending: point.go
//   - as referee: referee.go
//
// # Plan
//
//   - plan.go: Plan, Lower, the plans of phases, actions, events and
//     handlers, frame slots, Plan.stmt; what an assignment does to the
//     end condition and the rosters, decided once.
//   - eval.go: planned expressions: the one place that chooses, once per
//     use, the native closures or expr-lang's VM.
//   - endcond.go: what the end condition reads, so a run keeps its answer
//     while nothing it reads has changed.
//   - table_literal.go: a table row's literal value, made when the plan
//     is, so a look-up need not evaluate it.
//   - coverage.go: LowerCovered, a plan that counts what of a rule file
//     ran (fray test --coverage), chosen when the plan is made.
//
// # Statements
//
//   - stmt.go: stmtFn and blocks; let, if, log, return, segment.
//   - block_seq.go: blocks of up to three statements run straight
//     through, with the block loop's steps.
//   - assign.go: assignments through a path the plan knows, or found by
//     reflection through a value typed any.
//   - assign_int.go: whole-number assignments through at most one
//     attribute, the commonest statement, written out.
//   - emit.go: emit, dispatch of an event to its handlers, simultaneous
//     groups' held emits (flush).
//   - emit_direct.go: an event with one handler in a quiet run, evaluated
//     straight into the handler's frame.
//   - engage.go: engage and disengage, and who is in melee with whom.
//   - referee.go: as referee, a body whose rolls are nobody's.
//   - proc.go: procedures (fns with a statement body): the call
//     statement, return of a value, Run.Call's way in.
//
// # Loops
//
//   - loop.go: for X in LIST [by KEYS] [simultaneous]: items taken
//     once, sorted, logged, run in groups.
//   - loop_plain.go: a loop with no order over a native list of
//     combatants or sides, run from a copy of the list.
//   - loop_keys.go: an ordered loop's keys kept typed (no interface per
//     key).
//   - loop_keyed.go: a loop over combatants or sides ordered by whole
//     numbers or truths, kept as addresses and ints and sorted by hand.
//   - loop_group.go: for group G of X in LIST by KEYS: the body once per
//     run of equal keys.
//   - order_pair.go: pairwise orders (by ORDER), a stable sort by
//     labelled rules, each decision logged.
//   - while.go: while COND, bounded by --max-steps alone.
//
// # Expressions, native
//
// The native compiler: a compiled expression whose syntax tree it
// covers becomes a tree of Go closures reading frames by offset.
//
//   - fast.go: the compiler's core: fexpr, a native expression, and
//     compileFast and node, the one dispatch by the type expr-lang gives
//     to the files below.
//   - fast_run.go: a native expression run: its value boxed as expr-lang
//     boxes it, its scratch space reclaimed, its failure the VM's.
//   - fast_location.go: where a name or a chain of fields is read, with
//     expr-lang's errors for nobody on the way.
//   - fast_int.go: whole numbers: literals, names, operators, len,
//     count, max, min, dice rolls and calls; dice values.
//   - fast_bool.go: truths: not, and, or, ==, in, comparisons, calls.
//   - fast_str.go: strings: the choice among their forms.
//   - fast_entity.go: a combatant or side: which types are one; names,
//     #, first, last, find, pick.
//   - fast_entity_list.go: lists of combatants or sides: the one
//     dispatch; the world's lists (living, members, ...), living of
//     enemies fused into one pass.
//   - fast_entity_preds.go: filter, count, any, all and none over
//     combatants or sides.
//   - fast_boxed.go: a native expression in its boxed form, as a library
//     call or a modifier takes its arguments.
//   - fast_quiet.go: what of a log line or an event's text a quiet run
//     may skip, decided once.
//   - fast_ops.go: arithmetic and comparison operators, a literal
//     right-hand side folded in.
//   - fast_combine.go: combinators of one or two native parts.
//   - fast_elem.go: the element of a predicate (# and .x) and its
//     scratch lists.
//   - fast_fn.go: calls of the ruleset's fns, in a frame of the fn.
//   - fast_proc.go: calls of procedures from expressions.
//   - fast_modifier.go: calls of a modifiers block.
//   - fast_table_keys.go: a look-up of a table by typed keys in a quiet
//     run.
//   - fast_choice.go: calls of a choice point (slots.go).
//   - fast_stdlib.go: calls of the standard library through its table
//     entry (Impl or Typed), tables, x in [literals].
//   - fast_world.go: the world functions on lists of combatants and
//     sides, written once over addresses (their World methods call
//     them too).
//   - fast_world_calls.go: world functions of a combatant giving a
//     number or a truth, the World method's own code.
//   - fast_space.go: nearby(c, feet) from the space index.
//   - fast_libnil.go: a field read through a library call that may give
//     none, worded as the VM words it.
//   - fast_map.go: max and min of a map, find, ranges, call types.
//   - fast_mapped.go: sum, max and min of numbers taken from a list; x
//     in a list attribute.
//   - fast_lists.go: lists of combatants or sides a rule file makes:
//     fns giving lists, sortBy, LIST[i].
//   - fast_joins.go: concat and flatten of lists of combatants or sides.
//   - fast_plainlists.go: lists of strings or whole numbers kept in a
//     name or attribute: len, L[i], join, slices.
//   - fast_strlists.go: lists of strings a rule file makes (literals,
//     concat).
//   - fast_ints.go: lists of whole numbers a rule file makes (literals,
//     concat, filter).
//   - fast_int_preds.go: count, any, all, none, find and filter over
//     whole numbers.
//   - fast_int_sums.go: sum, max and min of whole numbers not taken from
//     combatants, and of a map of them.
//   - fast_groups.go: groupBy of combatants or sides, keys of it, m[k],
//     flatten(values(m)).
//   - fast_group_sums.go: sum(values(m), sum(#, x)) of such a map.
//   - fast_strings.go: strings made with + and join over a map.
//   - fast_strslice.go: s[a:b] and len(s) of a string.
//   - fast_join_ints.go: join of a map over a range or a list of whole
//     numbers.
//   - fast_join_strs.go: join of a map over a list of strings (the keys
//     of a groupBy map among them).
//   - fast_string_int.go: string(n) of a whole number.
//   - fast_strcmp.go: < <= > >= of two strings.
//   - fast_strlen.go: a quiet run's template parts measured, not made
//     (their failures depend on lengths only).
//   - fast_float.go: floats: arithmetic, ceil, floor, round, int(x).
//   - fast_float_cmp.go: comparisons with a float on either side.
//   - fast_anyarith.go: + - * max min with an operand typed any, through
//     expr-lang's own runtime functions.
//   - fast_anycmp.go: names typed any and comparisons with them, as the
//     VM compares.
//   - fast_chain.go: optional chaining (X?.attr), find of strings, ?? of
//     values typed any.
//   - fast_optional.go: attributes declared = none: their reads and
//     fallbacks.
//   - fast_refs.go: reads of reference attributes ($ref_c, $ref_s) and
//     their ??.
//
// # Expressions in the VM, and their errors
//
//   - eval_vm.go: Run.eval, an expression evaluated as a run goes (a
//     constant, native, or in expr-lang's VM under the run's limits),
//     and a failure of either placed and put in fray's words.
//   - vm_walks.go: the work of the lists an expression walks in the VM,
//     counted before it runs (the VM counts none).
//   - builtin_words.go: expr-lang's and Go's words for a builtin's wrong
//     argument put in fray's, for both evaluators.
//   - none_words.go: the same for a value that is none where one is used.
//   - index_words.go: the same for an index out of range.
//   - whole_of.go: a value typed as a whole number taken as one, with
//     the error for none.
//
// # Frames and memory
//
//   - frames.go: per-body pools of frames, lent per call, their locals
//     cleared only when used since.
//   - mem_unsafe.go: the one file that imports unsafe: loads and stores
//     at offsets of frames, combatants and sides.
//   - mem_safe.go: its twin with reflect alone, built under the safe tag
//     (mem_unsafe.go names it), which checks the contract mem_unsafe.go
//     trusts.
//   - values.go: a value stored into its place (store), and values shown
//     in the log and its JSON.
//   - refs.go: an encounter's value stored in a reference attribute, made
//     as its real type.
//
// # The world: combatants, rosters, space
//
//   - world.go: the stdlib.World methods of a Run: the lists (members,
//     living, enemies, ...), pending, pick, Call, Modifier, Table, and
//     the dice (Roll).
//   - derived.go: derived attributes recomputed after every assignment
//     to what they read.
//   - roster.go: each side's living members and enemies, kept in place as
//     combatants fall, arrive or change sides.
//   - space.go: the space index: who stands on each square, for nearby.
//   - grid.go: the encounter's map, where each combatant stands, the
//     squares occupied.
//   - grid_crowd.go: how many stand on each square, for step_toward and
//     path_length (stdlib.CrowdWorld).
//   - grid_taken.go: whether a square is taken, one read of the index.
//   - square_return.go: one coming back into the fight (state, alive,
//     present) onto a square someone in the fight holds is refused.
//   - square_move.go: a move by x and y onto a square someone in the
//     fight holds is refused; x then y in a row is one move.
//   - actor.go: the actor stack rolls and emits are attributed to,
//     skipped in an anonymous run.
//
// # Dice
//
//   - dice.go: DiceSource, the seeded stream (splitmix64) and fixed
//     dice.
//   - dice_notation.go: dice notation (4d6kh3, d6!, 5d6>=5) rolled die by
//     die from the run's source.
//   - enumerate.go: every outcome of the set-up's dice walked for fray
//     prob (EventProbability), and its sampled estimate.
//   - roll_list.go: the rolls of a set-up named, short, when fray prob
//     refuses it.
//
// # Time and segments
//
//   - timed.go: timed loops (at count|segment) and schedules on their
//     clock.
//   - timed_pair.go: a timed loop ordered by a pairwise order within each
//     moment.
//   - moment.go: arithmetic on moments and ticks refused where it would
//     wrap round.
//
// # Conditions
//
//   - conditions.go: the conditions each combatant is under, their
//     rounds left, apply and remove.
//   - conditions_list.go: a combatant's list of them, with room at both
//     ends.
//
// # Actions and interrupts
//
//   - actions.go: declare and act.
//   - schedule.go: schedule and cancel, and scheduled blocks firing when
//     due on the round's clock.
//   - apply_table.go: apply TABLE to, the row's effect run against the
//     target.
//   - declared.go: declared_int and its kin: what a combatant declared
//     this round, read before it resolves.
//   - slots.go: several declarations a round, act held, choice points.
//   - point.go: interrupt POINT and its reactions, cancel pending.
//
// # Log
//
//   - event.go: Event, one line of the log.
//   - text.go: the sinks: TextLog, the log a person reads at the table,
//     and JSONLog, one event a line.
//   - schema.go: the version of the JSON form of an Event.
//   - reason.go: what a roll is for, in words a game master reads aloud.
//   - readable.go: rule names said as words in the text log.
//   - tracker.go: the tracker line after each round.
//   - pending.go: the line of what was still pending at the end.
//   - why.go: why events explaining each order (fray run --why).
//
// # Budget and limits
//
//   - budget.go: one counter of work for the whole run (--max-steps),
//     and the string limit (--max-string).
//   - list_limit.go: the most items one expression's list may hold
//     (--max-expr-memory).
//
// # Runs, runners, simulation, replay
//
//   - run.go: Options, Run, New, Play, rounds, phases, the end check,
//     RunError.
//   - setup.go: the sides and combatants with their defaults, settings
//     and rulings, and the start of the log.
//   - setup_roll.go: dice given to an attribute in an encounter, rolled
//     with the fight's dice.
//   - runner.go: Runner, fight after fight in one Run's storage.
//   - sim.go: Simulate: fights spread over workers, counted in a
//     SimResult.
//   - sim_memory.go: a batch's heap watched, fights paused while it is
//     high.
//   - sim_states.go: the end states a batch keeps, bounded.
//   - replay.go: Recording, a JSON log read back, and Replay.
//   - replay_compare.go: Compare, a recorded fight against the same fight
//     played again.
//   - replay_memory.go: the memory a log takes to replay, bounded.
//   - teststate.go: what package fraytest (fray test) reads of a fight.
package interp
