package dsl

// Stable diagnostic codes, one per kind of finding, for JSON output and
// for docs. Never renumber: tools match on them.
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
	CodeMissingRules    = "F301" // an encounter without a ruleset
	CodeUnknownAction   = "F302" // a declaration of an action the ruleset lacks
	CodeUnknownCombat   = "F303" // a script line for a combatant the encounter lacks
	CodeNoPhases        = "F304" // a ruleset with no round phases
	CodeMissingHeader   = "F305" // a file without a ruleset or encounter header
	CodeDiceHeader      = "F306" // fixed dice out of range
	CodeUnusedDecl      = "F401" // a declaration nothing uses
	CodeMechanicUnknown = "F402" // a covered mechanic id that is malformed
)

// Codes of variants.
const (
	CodeOverride    = "F403" // override or removal of what the base lacks
	CodeImportCycle = "F404" // a ruleset that extends itself, directly or not
)
