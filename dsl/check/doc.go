// Package check turns syntax trees into a checked Model: it builds the
// types of a ruleset, resolves every name and type-checks every
// expression with expr-lang, checks encounters against their ruleset,
// merges variants into their base, loads files and their imports under a
// root folder with limits (Options) and shares work between the files of
// one lint run (Linter). Nothing runs here: package interp lowers a
// Model. Every file of the package is named below (doc_map_test.go fails
// on one left out).
//
// Loading, limits and the lint run:
//
//   - options.go: Options and Limits, the ways in (Check, LoadRuleset,
//     LoadEncounter, Lint), each limit with its flag.
//   - read.go: every file read as untrusted input: regular files only,
//     under the root, within a size.
//   - open_flags.go: the flag that opens a FIFO without waiting.
//   - open_flags_js.go: its twin under GOOS=js (the playground), zero.
//   - overlay.go: the editor's buffers standing for files on disk (fray
//     lsp).
//   - overwrite.go: whether writing a file would replace a rule file
//     that was read.
//   - load.go: a ruleset or encounter loaded, the chain of bases it
//     extends resolved within --max-extends.
//   - linter.go: Linter, many files checked in one run, an expression
//     type-checked once for every place that checks it alike.
//   - layer.go: a chain of variants checked once per base, not once per
//     file above it.
//   - merge.go: DeclKey, what a declaration defines, for overriding and
//     removing.
//   - merge_chain.go: a chain of variants merged into one list of
//     declarations, by an index of keys.
//   - merge_points.go: a point removed while the merge still reacts to
//     or interrupts it, refused at the removal.
//   - merge_dropped.go: where the declarations a variant removed or
//     overrode stood, for usedNames.
//   - merge_places.go: the phase places of a merged ruleset that do not
//     hold.
//
// The checker and the Model:
//
//   - check.go: the checker, its diagnostics, and the order of a
//     ruleset's checks.
//   - model.go: Model, CExpr and the checked declarations package interp
//     lowers.
//   - types.go: Type, Universe, Attr, Frame: the rule language's types
//     and the Go struct types made for them.
//   - const_list_type.go: an untyped constant list literal of one plain type typed as a list of it.
//   - check_types.go: the side and combatant types built from the
//     schemas; globals, constants, attributes' defaults.
//   - frame_index.go: a frame's fields found by name without reading
//     them all.
//   - expr_fields.go: ExprField, a struct type's field found by its
//     expr-lang name in an index made once a type.
//   - internal_names.go: the names every frame holds for the runtime
//     (ctx), refused in a rule.
//   - check_decls.go: the standard library registered; tables,
//     modifiers, events, actions, handlers, phases, end, unused names.
//   - table_overlap.go: the earlier rows a new table row may overlap,
//     found by an index.
//   - table_keyed_hint.go: why a table looked up by keys has no odds,
//     for fray prob --table.
//   - check_funcs.go: fns declared first, so any body may call any fn,
//     then their bodies.
//   - proc.go: procedures, fns with a statement body and return.
//   - check_stmt.go: the statements of a body, checked in two passes.
//   - check_engage.go: engage and disengage.
//   - check_group.go: for group G of X in LIST by KEYS.
//   - check_order.go: PairOrder, pairwise orders and their rules.
//   - check_timed.go: timed loops and the schedule forms on their clock.
//   - check_segments.go: whether a segment may run before round 1.
//   - act_held.go: act held WHO with NAME = EXPR.
//   - slots.go: action slots and costs, several declarations, choice
//     points.
//   - conditions.go: condition declarations, apply and remove, has.
//   - derived.go: derived attributes, their order and what they read.
//   - optional.go: attributes whose default is none, and their reads.
//   - refs.go: typed references: attributes holding combatants or
//     sides.
//   - entity_lists.go: lists of combatants or sides a rule file joins
//     (concat, flatten), typed by their items.
//   - group_maps.go: maps groupBy makes of combatants or sides.
//   - point.go: points and their reactions, interrupt, cancel pending.
//   - tracker.go: the header's tracker attributes.
//   - encounter.go: Encounter, a checked encounter: sides, combatants,
//     settings, script, rulings, dice.
//   - encounter_roll.go: Roll, dice given to a whole-number attribute,
//     rolled at set-up.
//   - encounter_map.go: MapSpec, an encounter's map and where combatants
//     start.
//   - encounter_map_walls.go: walls drawn on the edges between squares.
//   - encounter_map_faults.go: how many faults of a map are listed.
//   - encounter_map_shut.go: combatants shut in where no foe can come.
//
// Expressions: compiling with expr-lang and the patches on its tree:
//
//   - check_expr.go: compile, an expression's config and environment;
//     the dice and in patches.
//   - operator_call.go: a text operator written as a function
//     (contains(a, b)), said as an operator.
//   - limits_expr.go: the steps an expression's loops can take, bounded
//     before anything runs (Iterations).
//   - dice_notation.go: a count of successes (5d6>=5) found where a
//     condition is needed, explained.
//   - aggregate_patch.go: mean, median, and max or min mixing whole
//     numbers and floats, typed as they give.
//   - find_last.go: findLast, findLastIndex and findIndex rewritten as
//     forward loops.
//   - int_patch.go: int(x) of a float through stdlib.IntFunc.
//   - int_literal.go: a whole-number literal beyond an int, said under
//     the literal.
//   - neg_zero.go: negative zero constants made plain zero.
//   - range_patch.go: lo..hi through stdlib.RangeFunc.
//   - scan_patch.go: strings read whole counted through stdlib.ScanFunc.
//   - wholes_fold.go: whole-number literals folded, overflow refused.
//   - wholes_vm.go: whole-number operators in the VM's copy of the tree
//     checked for overflow.
//   - uncalled.go: a function named without a call.
//
// Lint, hints and positions:
//
//   - check_lint.go: the warnings beyond correctness: ties left to
//     chance, attributes unused, phases that never run.
//   - unused_dropped.go: a base's constant, function, table or
//     modifiers that only what a variant dropped used (F401).
//   - lint_braces.go: a string in an expression that looks like a
//     template (F409).
//   - lint_branches.go: a ?: whose branches have different types (F408).
//   - lint_list_items.go: a list of one kind given items of another.
//   - lint_ranges.go: a range of two literals that counts down (F620).
//   - none_let.go: let of x?.attr that is a number, text or truth (F411).
//   - self_hint.go: the hint for self where a body has none.
//   - suggest.go: "did you mean ...?", bounded.
//   - trim_range.go: a span's end moved back over white space and
//     comments.
//
// Test files (*_test.fray):
//
//   - testfile.go: TestFile, test and property blocks with their
//     encounters and expectations.
//   - testenv.go: the environment of an expectation: what a fight left
//     and what its log says.
//   - testwork.go: the work of an expectation's loops over a long log,
//     bounded.
//   - expect_compile.go: an expectation's whole-number arithmetic
//     checked for overflow.
//   - expect_written.go: float literals of an expectation printed as
//     written.
package check
