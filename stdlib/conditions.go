package stdlib

// ConditionWorld is a World that keeps conditions (language v2): has(c,
// "paralysed") asks it. It is apart from World so that worlds without
// conditions need not change.
type ConditionWorld interface {
	// Has reports whether the combatant c is under the named condition.
	Has(c any, name string) (bool, error)
}
