package interp

import "strings"

// The keys of an ordered loop, kept typed: a key that the native
// compiler gives as a whole number, a string or a truth is evaluated
// into its own field of a keyVal, with no interface made, and compared
// without a type switch. Other keys (floats, combatants, the VM's
// values) are boxed as before. Two keys of different kinds compare as
// compare does on their boxed values, so the order is the same.

type keyKind uint8

const (
	keyAny keyKind = iota
	keyInt
	keyStr
	keyBool // i holds 0 or 1
)

// keyVal is one sort key of one item.
type keyVal struct {
	a any // keyAny
	s string
	i int
	k keyKind
}

// value is the key boxed, as the log and --why show it.
func (v keyVal) value() any {
	switch v.k {
	case keyInt:
		return v.i
	case keyStr:
		return v.s
	case keyBool:
		return v.i != 0
	}
	return v.a
}

// boxedKey is the keyVal of a boxed value: typed when it is of one of
// the typed kinds, so that it compares with typed keys in one step.
func boxedKey(v any) keyVal {
	switch x := v.(type) {
	case int:
		return keyVal{k: keyInt, i: x}
	case string:
		return keyVal{k: keyStr, s: x}
	case bool:
		return keyVal{k: keyBool, i: btoi(x)}
	}
	return keyVal{a: v}
}

// cmpKey orders two keys as compare orders their boxed values.
func cmpKey(a, b keyVal) int {
	if a.k == b.k {
		switch a.k {
		case keyInt, keyBool:
			return cmpInt(a.i, b.i)
		case keyStr:
			return strings.Compare(a.s, b.s)
		}
	}
	return compare(a.value(), b.value())
}

func equalKeys(a, b []keyVal) bool {
	for i := range a {
		if cmpKey(a[i], b[i]) != 0 {
			return false
		}
	}
	return true
}

// planKey readies a key's evaluation: typed when its expression is
// native with a whole number, string or truth value (in the order
// evalFastAt takes them, so that the value is the one it would box).
func (p *Plan) planKey(k *orderKey) {
	k.val = p.value(k.e)
	fe := p.fastExpr(k.e)
	if k.e.Const != nil || fe == nil || fe.noBox || fe.boxed != nil {
		return
	}
	switch {
	case fe.i != nil:
		k.kind, k.ival = keyInt, fe.i
	case fe.b != nil:
		k.kind, k.bval = keyBool, fe.b
	case fe.p != nil:
	case fe.s != nil:
		k.kind, k.sval = keyStr, fe.s
	}
}

// eval evaluates a key with the item in the loop variable.
func (k *orderKey) eval(r *Run, base addr) (keyVal, error) {
	switch k.kind {
	case keyInt:
		n, err := fastRunP(r, k.e, k.ival, base)
		return keyVal{k: keyInt, i: n}, err
	case keyStr:
		s, err := fastRunP(r, k.e, k.sval, base)
		return keyVal{k: keyStr, s: s}, err
	case keyBool:
		b, err := fastRunP(r, k.e, k.bval, base)
		return keyVal{k: keyBool, i: btoi(b)}, err
	}
	v, err := k.val(r, base)
	if err == nil && v == nil {
		// none (the max of an empty list) compared equal to every key,
		// which broke the sort as a NaN did: 1, none, 3, none, 5 came
		// out "highest first".
		return keyVal{}, r.exprFailure(k.e, "the key "+readable(k.label)+" is nothing, which cannot be ordered ("+noneHint+")")
	}
	return boxedKey(v), err
}
