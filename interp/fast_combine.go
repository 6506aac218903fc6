package interp

// Combinators of native forms: a value made from one native part, or
// from two evaluated in order. Each is nil when a part has no native
// form (the expression then runs in expr-lang's VM), and an error of a
// part is the whole's, with the zero value.

// mapFn is f of a's value.
func mapFn[A, B any](a func(*Run, addr) (A, error), f func(A) B) func(*Run, addr) (B, error) {
	if a == nil {
		return nil
	}
	return func(r *Run, fr addr) (B, error) {
		v, err := a(r, fr)
		if err != nil {
			var zero B
			return zero, err
		}
		return f(v), nil
	}
}

// pairFn is f of a's and b's values, a evaluated first.
func pairFn[A, B, C any](a func(*Run, addr) (A, error), b func(*Run, addr) (B, error), f func(A, B) (C, error)) func(*Run, addr) (C, error) {
	if a == nil || b == nil {
		return nil
	}
	return func(r *Run, fr addr) (C, error) {
		p, err := a(r, fr)
		if err != nil {
			var zero C
			return zero, err
		}
		q, err := b(r, fr)
		if err != nil {
			var zero C
			return zero, err
		}
		return f(p, q)
	}
}
