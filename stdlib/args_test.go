package stdlib

import "testing"

// CheckArgs names the argument that is not of its parameter's kind, and
// lets through what fits (and the kinds it leaves to the implementation).
func TestCheckArgs(t *testing.T) {
	clamp, dist := Lookup("clamp"), Lookup("distance")
	if clamp == nil || dist == nil {
		t.Fatal("clamp or distance is not in the table")
	}
	for _, c := range []struct {
		f    *Func
		args []any
		want string
	}{
		{clamp, []any{3, 0, 4}, ""},
		{clamp, []any{3.5, 0, 4}, "clamp: argument 1 must be a whole number, not a float (3.5)"},
		{clamp, []any{3, nil, 4}, "clamp: argument 2 must be a whole number, not nothing"},
		{clamp, []any{3, 0, "4"}, `clamp: argument 3 must be a whole number, not a string ("4")`},
		{clamp, []any{true, 0, 4}, "clamp: argument 1 must be a whole number, not a truth value (true)"},
		{dist, []any{struct{}{}, 7}, ""}, // combatants are the implementation's to check
	} {
		err := CheckArgs(c.f, c.args)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("CheckArgs(%s, %v) = %q, want %q", c.f.Name, c.args, got, c.want)
		}
	}
}
