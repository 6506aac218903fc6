package stdlib

// DeclarationWorld is a World that keeps several declarations a round
// and held ones (language v2, item 5: action slots): declares(c,
// "attack") and holding(c) ask it. It is apart from World so that worlds
// without declarations need not change.
type DeclarationWorld interface {
	// Declares reports whether c declared the named action this round
	// (held or not).
	Declares(c any, action string) (bool, error)
	// Holding reports whether c holds a declaration not yet performed.
	Holding(c any) (bool, error)
	// DeclaredCombatant is the combatant argument name of what c declared
	// this round (a target): the declared value, else the parameter's
	// default, else nil.
	DeclaredCombatant(c any, name string) (any, error)
}
