package interp

import "testing"

// Typed sort keys order as the boxed values they replace: cmpKey of two
// keys agrees with compare of their values, for every pair of kinds
// (a key the VM gives, boxed, may meet a typed one of another loop's
// kind only through compare's conversions).
func TestCmpKeyAgreesWithCompare(t *testing.T) {
	values := []any{-3, 0, 2, 300, "", "a", "b", "ab", false, true, 1.5, -2.0, 2.0, nil}
	for _, a := range values {
		for _, b := range values {
			ka, kb := boxedKey(a), boxedKey(b)
			if got, want := cmpKey(ka, kb), compare(a, b); got != want {
				t.Errorf("cmpKey(%#v, %#v) = %d, compare = %d", a, b, got, want)
			}
			if ka.value() != a && a != nil {
				t.Errorf("boxedKey(%#v).value() = %#v", a, ka.value())
			}
		}
	}
	// Typed keys as eval makes them: a truth is kept as 0 or 1.
	if cmpKey(keyVal{k: keyBool, i: 0}, keyVal{k: keyBool, i: 1}) != compare(false, true) {
		t.Error("truth keys order differently from compare")
	}
}
