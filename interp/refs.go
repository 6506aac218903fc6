package interp

import (
	"reflect"
	"regexp"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// storeAttr stores an encounter's or a ruling's value in attribute a of
// a side or combatant: as store does, but a reference attribute (v2,
// check/refs.go), held untyped, gets the value made as its real type,
// so that the names of `opponent = grishak` or `allies = [ann, bob]`
// are found and a list holds combatants, not names.
func (r *Run) storeAttr(dst reflect.Value, a *check.Attr, v any, at diag.Range) error {
	if a.Ref == "" || dst.Kind() != reflect.Interface {
		return r.store(dst, v, at)
	}
	if v == nil {
		dst.Set(reflect.Zero(dst.Type()))
		return nil
	}
	typed := reflect.New(a.Type.R).Elem()
	if err := r.store(typed, v, at); err != nil {
		return err
	}
	dst.Set(typed)
	return nil
}

// noneRead is expr-lang's message for a field read through a value that
// is nil: what a reference that is none gives (check/refs.go), "get"
// where the base's type is known, "fetch" where it is read by name from
// a value typed any (c.foe.hp with c from first(filter(...)), or the
// nobody such a local holds): both are a read through nobody. So is
// "fetch" from a combatant or side (the universe's friendly name of the
// struct): a nobody typed so, read from a list of any, such as the
// first of concat([nobody], l).
var noneRead = regexp.MustCompile(`^cannot (?:get|fetch) ([A-Za-z_]\w*) from <nil>$|^cannot fetch ([A-Za-z_]\w*) from (?:combatant|side)$`)

// noneChain is expr-lang's message for a field read through a name
// (a parameter, a field along a chain) that holds nobody: "cannot get
// hp from wanted".
var noneChain = regexp.MustCompile(`^cannot get ([A-Za-z_]\w*) from ([A-Za-z_]\w*)$`)

// noneMessage says a read through none in the language's words.
// reflect's own message (zeroFieldMsg) is what both plans give for a
// read through a nobody typed as a combatant or side that no rule named
// (what pick gives from an empty list, say): it does not name the field,
// but the error's place is the value before the dot.
func noneMessage(s string) string {
	if s == zeroFieldMsg {
		return "cannot read a field through none"
	}
	if m := noneRead.FindStringSubmatch(s); m != nil {
		return "cannot read " + m[1] + m[2] + " through none"
	}
	if m := noneChain.FindStringSubmatch(s); m != nil {
		return "cannot read " + m[1] + " through " + m[2] + ", which is none"
	}
	return s
}
