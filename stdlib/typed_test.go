package stdlib

import (
	"math"
	"testing"
)

// fixedWorld rolls every die as its highest face.
type fixedWorld struct{ World }

func (fixedWorld) Roll(n, faces int) (int, error) { return n * faces, nil }

// RollDice rolls a plain dice value with a modifier (RollDice hands those
// to the world, whose log says the modifier).
func (w fixedWorld) RollDice(d Dice) (int, error) {
	t, err := w.Roll(d.N, d.Faces)
	return t + d.Mod, err
}

// A function's Typed form is its Impl: one of the known signatures, and
// the same answers for the same arguments.
func TestTypedIsImpl(t *testing.T) {
	dice := []Dice{{N: 1, Faces: 6}, {N: 2, Faces: 8, Mod: 3}, {N: 3, Faces: 4, Mod: -2}, {N: 0, Faces: 6}}
	seen := 0
	for _, f := range Funcs {
		if f.Typed == nil {
			continue
		}
		seen++
		var w World
		if f.World {
			w = fixedWorld{}
		}
		switch typed := f.Typed.(type) {
		case TypedRoll:
			if len(f.Params) != 1 || f.Params[0] != DiceKind || f.Result != Int {
				t.Errorf("%s: Typed is TypedRoll but the signature is %s", f.Name, f.Signature())
			}
			for _, d := range dice {
				a, aerr := typed(w, d)
				b, berr := f.Impl(w, []any{d})
				if (aerr == nil) != (berr == nil) || aerr == nil && a != b {
					t.Errorf("%s(%v): Typed gives %v, %v; Impl gives %v, %v", f.Name, d, a, aerr, b, berr)
				}
			}
		case TypedDiceInt:
			if len(f.Params) != 1 || f.Params[0] != DiceKind || f.Result != Int {
				t.Errorf("%s: Typed is TypedDiceInt but the signature is %s", f.Name, f.Signature())
			}
			for _, d := range dice {
				b, err := f.Impl(w, []any{d})
				if a := typed(d); err != nil || a != b {
					t.Errorf("%s(%v): Typed gives %v; Impl gives %v, %v", f.Name, d, a, b, err)
				}
			}
		case TypedInt3:
			if len(f.Params) != 3 || f.Result != Int {
				t.Errorf("%s: Typed is TypedInt3 but the signature is %s", f.Name, f.Signature())
			}
			for _, args := range [][3]int{{5, 1, 10}, {-3, 0, 4}, {12, 1, 10}, {2, 2, 2}} {
				b, err := f.Impl(w, []any{args[0], args[1], args[2]})
				if a := typed(args[0], args[1], args[2]); err != nil || a != b {
					t.Errorf("%s%v: Typed gives %v; Impl gives %v, %v", f.Name, args, a, b, err)
				}
			}
		case TypedStr:
			if len(f.Params) != 1 || f.Params[0] != String || f.Result != String {
				t.Errorf("%s: Typed is TypedStr but the signature is %s", f.Name, f.Signature())
			}
		case TypedDiv:
			if len(f.Params) != 2 || f.Result != Float {
				t.Errorf("%s: Typed is TypedDiv but the signature is %s", f.Name, f.Signature())
			}
			for _, args := range [][2]int{{7, 2}, {-7, 2}, {3, 0}, {0, 5}} {
				a, aerr := typed(args[0], args[1])
				b, berr := f.Impl(w, []any{args[0], args[1]})
				if (aerr == nil) != (berr == nil) || aerr == nil && a != b {
					t.Errorf("%s%v: Typed gives %v, %v; Impl gives %v, %v", f.Name, args, a, aerr, b, berr)
				}
			}
		case TypedFloatInt:
			if len(f.Params) != 1 || f.Result != Int {
				t.Errorf("%s: Typed is TypedFloatInt but the signature is %s", f.Name, f.Signature())
			}
			for _, x := range []float64{2.9, -2.9, 0, math.NaN(), math.Inf(1), math.Inf(-1), 1e300, -0x1p63, 0x1p63} {
				a, aerr := typed(x)
				b, berr := f.Impl(w, []any{x})
				if (aerr == nil) != (berr == nil) || aerr == nil && a != b || aerr != nil && aerr.Error() != berr.Error() {
					t.Errorf("%s(%v): Typed gives %v, %v; Impl gives %v, %v", f.Name, x, a, aerr, b, berr)
				}
			}
		case TypedStrBool:
			if len(f.Params) != 1 || f.Params[0] != String || f.Result != Bool {
				t.Errorf("%s: Typed is TypedStrBool but the signature is %s", f.Name, f.Signature())
			}
			for _, s := range []string{"", "orcs", "party", "the undead", "boss"} {
				a := typed(s)
				b, err := f.Impl(w, []any{s})
				if err != nil || a != b {
					t.Errorf("%s(%q): Typed gives %v; Impl gives %v, %v", f.Name, s, a, b, err)
				}
			}
		default:
			t.Errorf("%s: Typed has the signature %T, which the interpreter does not know", f.Name, f.Typed)
		}
	}
	if seen == 0 {
		t.Error("no function has a Typed form")
	}
}
