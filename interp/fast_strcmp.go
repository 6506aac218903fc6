package interp

// compareStrings compiles a < b (<=, >, >=) of two strings, byte by
// byte as expr-lang compares them (Go's <): an order's tie-break by
// name, `a.name < b.name`, for one.
func compareStrings(op string, a, b strFn) boolFn {
	o := orderOf(op)
	return func(r *Run, f addr) (bool, error) {
		p, err := a(r, f)
		if err != nil {
			return false, err
		}
		q, err := b(r, f)
		if err != nil {
			return false, err
		}
		return holdsOrdered(o, p, q), nil
	}
}
