package stdlib

import "reflect"

// TypeName is type(x): the name of x's type in the language's words
// (the names a rule declares an attribute with), where expr-lang's
// type() gave Go's kinds ("struct" for a combatant, "array" for a list,
// "nil" for none). A value in a list typed any is named by what it
// holds.
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "nothing"
	case int:
		return "int"
	case float64:
		return "float"
	case string:
		return "string"
	case bool:
		return "bool"
	case Dice:
		return "dice"
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer:
		switch {
		case rv.IsNil():
			return "nothing"
		case isEntity(rv) && isCombatant(rv.Type().Elem()):
			return "combatant"
		case isEntity(rv):
			return "side"
		}
	case reflect.Slice, reflect.Array:
		return "list"
	case reflect.Map:
		return "map"
	}
	return "value"
}

// isCombatant tells a combatant's struct from a side's: a combatant's
// second field is its side, a pointer to a struct (check.FieldSide); a
// side's attributes hold no typed pointer (a side's reference to another
// is held untyped: check's refs.go).
func isCombatant(t reflect.Type) bool {
	return t.NumField() > 1 && t.Field(1).Type.Kind() == reflect.Pointer && t.Field(1).Type.Elem().Kind() == reflect.Struct
}
