package diag

// Stable diagnostic codes, one per kind of finding, for JSON and SARIF
// output and for docs/diagnostics.md. Never renumber: tools match on them.
const (
	CodeSyntax          = "F001" // the file does not parse
	CodeRead            = "F002" // the file cannot be read
	CodeUnknownName     = "F101" // a name that is not defined
	CodeUnknownField    = "F102" // an attribute a combatant or side does not have
	CodeType            = "F103" // an expression of the wrong type
	CodeDuplicate       = "F104" // a name defined twice
	CodeUnknownType     = "F105" // a type name that does not exist
	CodeBadHeader       = "F106" // a header field that is unknown or malformed
	CodeArgs            = "F107" // wrong arguments to an event, action or function
	CodeScope           = "F108" // a statement in a place it cannot run
	CodeBadValue        = "F109" // a literal that does not fit its attribute
	CodeExpr            = "F110" // expr-lang rejected an expression
	CodeTableRange      = "F201" // a table row outside the range of its dice
	CodeTableGap        = "F202" // a value the dice can roll that no row covers
	CodeTableOverlap    = "F203" // two rows cover the same value
	CodeTableEmpty      = "F204" // a table with no rows
	CodeTableTBA        = "F205" // a table its source leaves to be announced (a note)
	CodeMissingRules    = "F301" // an encounter without a ruleset
	CodeUnknownAction   = "F302" // a declaration of an action the ruleset lacks
	CodeUnknownCombat   = "F303" // a script line for a combatant the encounter lacks
	CodeNoPhases        = "F304" // a ruleset with no round phases
	CodeMissingHeader   = "F305" // a file without a ruleset or encounter header
	CodeDiceHeader      = "F306" // fixed dice out of range
	CodeUnusedDecl      = "F401" // a declaration nothing uses
	CodeMechanicUnknown = "F402" // a covered mechanic id that is malformed
	CodeOverride        = "F403" // override or removal of what the base lacks
	CodeImportCycle     = "F404" // a ruleset that extends itself, directly or not
	CodeUndecidedOrder  = "F405" // an order whose keys can tie with no tie policy
	CodeDiceClaim       = "F406" // a stated average or range the dice cannot give
	CodeNeverRuns       = "F407" // a phase that can never run
	CodeMixedBranches   = "F408" // a ?: whose branches are of two types (a float and a whole number)
	CodeNotTemplate     = "F409" // a string with {name} in it that nothing fills in
	CodeShutIn          = "F410" // a combatant on the map that no foe can walk next to
	CodeNoneLet         = "F411" // a let of x?.attr (a number, text or truth) without a fallback
	CodeMap             = "F307" // an encounter map that cannot be read
	CodeLimit           = "F501" // a limit was reached (its flag raises it)
	CodeSandbox         = "F502" // an import outside the root folder
	// Language v2, procedures (F600-F619).
	CodeProcNoValue   = "F600" // a procedure without a result used as a value
	CodeMissingReturn = "F601" // a procedure that may end without giving its value
	CodeReturnValue   = "F602" // a return whose value does not fit its body
	CodeCallStmt      = "F603" // call of something that is not a procedure
	CodeFnResult      = "F604" // an expression fn without a result type
	CodeRefDefault    = "F605" // a reference attribute whose default is not none
	CodeNoneValue     = "F606" // none given where a value is needed (an attribute not declared = none)
	CodeEmptyRange    = "F620" // a range of literal numbers that counts down: always empty
	CodePairOrder     = "F621" // a pairwise order declared or used wrongly
	// Language v2, part D (F660-F679).
	CodeDerivedSet      = "F660" // an assignment or setting of a derived attribute
	CodeDerivedReads    = "F661" // a derived attribute reading what it cannot follow
	CodeConditionAdjust = "F662" // a condition adjusting what it cannot
	CodeMapWall         = "F640" // a wall drawn on an edge of a map that has no such edge
	CodeEngageSelf      = "F641" // a combatant engaged with (or disengaged from) itself
	// Language v2, reactions at named points (F680-F699; check/point.go).
	CodeUnknownPoint   = "F680" // a reaction or interrupt of an undeclared point
	CodeCancelOutside  = "F681" // a bare cancel outside a reaction's body
	CodeReactLabel     = "F682" // two reactions of a point with one label
	CodeInterruptLocal = "F683" // a point parameter that would hide a local in an interrupt's blocks
	CodeCancelled      = "F684" // cancelled assigned, or a point parameter named cancelled
	CodeReactBy        = "F685" // a reaction's by that names no combatant parameter of its point
	// Language v2, time within a round (F700-F719).
	CodeMoment       = "F700" // a timed loop's moment or a schedule's that is not a whole number
	CodeTimedOutside = "F701" // schedule at, or a tie word, where no timed loop runs
	CodeTieTogether  = "F702" // schedule together in a timed loop that is not simultaneous
	CodeTimedOrder   = "F703" // a timed loop on segments counting down
	CodeTimedWord    = "F704" // a clock that is not count or segment, a tie word not first, last or together
	// Language v2, item 5: slots, several declarations, choices (F720-F739).
	CodeSlots         = "F720" // a slots declaration written wrongly
	CodeUnknownSlot   = "F721" // an action's cost that names no slot
	CodeOverSlots     = "F722" // a script line the round's slots cannot pay for
	CodeChoiceDecl    = "F723" // a choice point declared wrongly
	CodeUnknownChoice = "F724" // a script answer to no choice point
	CodeHeldTwice     = "F725" // more than one held declaration on a script line
)

// CodeInfo describes a diagnostic code.
type CodeInfo struct {
	Code    string
	Name    string // a short identifier, for SARIF rule names
	Summary string
	Warning bool // reported as a warning by default
	Note    bool // reported as a note: never fails a lint
}

// Codes lists every code, in order.
var Codes = []CodeInfo{
	{CodeSyntax, "syntax", "The file does not parse.", false, false},
	{CodeRead, "read", "The file cannot be read.", false, false},
	{CodeUnknownName, "unknown-name", "A name that is not defined where it is used.", false, false},
	{CodeUnknownField, "unknown-attribute", "An attribute that combatants or sides do not have.", false, false},
	{CodeType, "type", "A value of the wrong type.", false, false},
	{CodeDuplicate, "duplicate", "A name defined twice.", false, false},
	{CodeUnknownType, "unknown-type", "A type that does not exist or cannot be used there.", false, false},
	{CodeBadHeader, "header", "A header field that is unknown or malformed.", false, false},
	{CodeArgs, "arguments", "Wrong arguments to an event, action, table or function.", false, false},
	{CodeScope, "scope", "A statement or declaration where it cannot be.", false, false},
	{CodeBadValue, "value", "A literal that does not fit.", false, false},
	{CodeExpr, "expression", "An expression expr-lang rejects.", false, false},
	{CodeTableRange, "table-range", "A table row outside the range of the dice that feed it.", false, false},
	{CodeTableGap, "table-gap", "A roll of the table's dice that no row covers.", false, false},
	{CodeTableOverlap, "table-overlap", "Rows that cover the same value, or a row that can never match.", false, false},
	{CodeTableEmpty, "table-empty", "A table or modifiers block with no rows.", true, false},
	{CodeTableTBA, "table-tba", "A table the source document leaves to be announced.", false, true},
	{CodeMissingRules, "missing-rules", "An encounter that names no ruleset.", false, false},
	{CodeUnknownAction, "unknown-action", "An action the ruleset does not declare.", false, false},
	{CodeUnknownCombat, "unknown-combatant", "A combatant or side the encounter does not have.", false, false},
	{CodeNoPhases, "no-round-phase", "A ruleset with no phase that runs each round.", false, false},
	{CodeMissingHeader, "missing-header", "A file without its header, or a ruleset without an end condition.", false, false},
	{CodeDiceHeader, "fixed-dice", "A fixed die result that is not a die result.", false, false},
	{CodeMap, "map", "An encounter map that cannot be read or places a combatant badly.", false, false},
	{CodeUnusedDecl, "unused", "A declaration nothing uses.", true, false},
	{CodeMechanicUnknown, "mechanic-id", "A covered mechanic id that is malformed.", false, false},
	{CodeOverride, "override", "An override or removal of something the base ruleset lacks.", false, false},
	{CodeImportCycle, "import-cycle", "A ruleset that extends itself, directly or through others.", false, false},
	{CodeUndecidedOrder, "undecided-order", "An order whose keys can tie with no tie policy.", true, false},
	{CodeDiceClaim, "dice-claim", "A stated average or range that the dice cannot produce.", false, false},
	{CodeNeverRuns, "never-runs", "A phase that can never run.", true, false},
	{CodeMixedBranches, "mixed-branches", "A ?: whose two branches are of different types, such as a float and a whole number.", true, false},
	{CodeNotTemplate, "not-a-template", "A string in an expression with {name} in it, which nothing fills in.", true, false},
	{CodeShutIn, "shut-in", "A combatant placed on the map where no walk leads next to a combatant of another side.", true, false},
	{CodeNoneLet, "none-let", "A let of x?.attr, a number, text or truth, without a fallback: the run stops there when x is nobody.", true, false},
	{CodeLimit, "limit", "A file, expression or encounter beyond one of fray's limits.", false, false},
	{CodeSandbox, "sandbox", "An import that is absolute or leads outside the root folder.", false, false},
	{CodeProcNoValue, "proc-no-value", "A procedure without a result type used as a value.", false, false},
	{CodeMissingReturn, "missing-return", "A procedure that may end without returning its value.", false, false},
	{CodeReturnValue, "return-value", "A return with a value where none is given back, or without one where it is.", false, false},
	{CodeCallStmt, "call-not-procedure", "A call statement of something that is not a procedure.", false, false},
	{CodeFnResult, "fn-result", "An expression fn without a result type.", false, false},
	{CodeRefDefault, "reference-default", "An attribute holding a combatant or side whose default is not none.", false, false},
	{CodeNoneValue, "none-value", "none given to a number, text, truth or dice attribute or local not declared = none.", false, false},
	{CodeEmptyRange, "empty-range", "A range of literal numbers whose end is below its start: always empty.", true, false},
	{CodePairOrder, "pair-order", "A pairwise order without two parameters of one type or without rules, or used with a direction.", false, false},
	{CodeDerivedSet, "derived-set", "An assignment or setting of a derived attribute.", false, false},
	{CodeDerivedReads, "derived-reads", "A derived attribute that rolls or reads more than its own combatant.", false, false},
	{CodeConditionAdjust, "condition-adjust", "A condition that adjusts an attribute that is not derived, or by dice.", false, false},
	{CodeMapWall, "map-wall", "A wall drawn on a map's edges where there is no edge between two squares.", false, false},
	{CodeEngageSelf, "engage-self", "A combatant engaged with, or disengaged from, itself.", false, false},
	{CodeUnknownPoint, "unknown-point", "A reaction to, or an interrupt of, a point the ruleset does not declare.", false, false},
	{CodeCancelOutside, "cancel-outside-reaction", "A bare cancel outside a reaction's body, or in a block it schedules.", false, false},
	{CodeReactLabel, "reaction-label", "Two reactions of one point with the same label.", false, false},
	{CodeInterruptLocal, "interrupt-local", "A point's parameter that would hide a local of the body raising it.", false, false},
	{CodeCancelled, "cancelled", "An assignment to a reaction's built-in cancelled, or a point parameter of that name.", false, false},
	{CodeReactBy, "react-by", "A reaction's by that names no combatant parameter of its point.", false, false},
	{CodeMoment, "moment", "A timed loop's clock or a scheduled moment that is not a whole number.", false, false},
	{CodeTimedOutside, "timed-outside", "A schedule at a moment, or with a tie word, where no timed loop runs.", false, false},
	{CodeTieTogether, "tie-together", "A block scheduled together with the items of a timed loop that is not simultaneous.", false, false},
	{CodeTimedOrder, "timed-order", "A timed loop ordered in a way its clock cannot run: segments counting down.", false, false},
	{CodeTimedWord, "timed-word", "A timed loop's clock other than count or segment, or a tie word other than first, last or together.", false, false},
	{CodeSlots, "slots", "A slots declaration written twice, with a slot twice or with a count below 1.", false, false},
	{CodeUnknownSlot, "unknown-slot", "An action whose cost names a slot the ruleset does not declare.", false, false},
	{CodeOverSlots, "over-slots", "A script line with more declarations than a round's slots can pay for.", false, false},
	{CodeChoiceDecl, "choice-decl", "A choice point without a combatant first, a result type or a default.", false, false},
	{CodeUnknownChoice, "unknown-choice", "An encounter's answer to a choice point the ruleset does not declare.", false, false},
	{CodeHeldTwice, "held-twice", "A script line that holds more than one declaration.", false, false},
}

// CodeByID finds a code's description.
func CodeByID(id string) (CodeInfo, bool) {
	for _, c := range Codes {
		if c.Code == id {
			return c, true
		}
	}
	return CodeInfo{}, false
}
