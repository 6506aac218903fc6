package format

import (
	"fmt"
	"reflect"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
)

var (
	positionType = reflect.TypeOf(lexer.Position{})
	tokenType    = reflect.TypeOf(lexer.Token{})
)

// TreeDiff compares two syntax trees as if every lexer.Position in them
// were zero: node positions and the positions of expression tokens are
// ignored, token types and values are compared. The file's own bookkeeping
// (name, source text, comments) and unexported fields are ignored too.
// It returns "" when the trees are the same, else the path to the first
// difference.
func TreeDiff(a, b *syntax.File) string {
	if a == nil || b == nil {
		if a == b {
			return ""
		}
		return "one file is nil"
	}
	return diffValues("File.Decls", reflect.ValueOf(a.Decls), reflect.ValueOf(b.Decls))
}

func diffValues(path string, a, b reflect.Value) string {
	if a.Type() != b.Type() {
		return fmt.Sprintf("%s: %s against %s", path, a.Type(), b.Type())
	}
	switch a.Type() {
	case positionType:
		return ""
	case tokenType:
		ta, tb := a.Interface().(lexer.Token), b.Interface().(lexer.Token)
		if ta.Type != tb.Type || ta.Value != tb.Value {
			return fmt.Sprintf("%s: token %q against %q", path, ta.Value, tb.Value)
		}
		return ""
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() && b.IsNil() {
				return ""
			}
			return fmt.Sprintf("%s: nil against non-nil", path)
		}
		return diffValues(path, a.Elem(), b.Elem())
	case reflect.Slice:
		// nil and empty are the same: the grammar does not tell them apart.
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d elements against %d", path, a.Len(), b.Len())
		}
		for i := 0; i < a.Len(); i++ {
			if d := diffValues(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if d := diffValues(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Map:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d entries against %d", path, a.Len(), b.Len())
		}
		for _, k := range a.MapKeys() {
			bv := b.MapIndex(k)
			if !bv.IsValid() {
				return fmt.Sprintf("%s[%v]: missing", path, k)
			}
			if d := diffValues(fmt.Sprintf("%s[%v]", path, k), a.MapIndex(k), bv); d != "" {
				return d
			}
		}
		return ""
	case reflect.Struct:
		t := a.Type()
		for i := 0; i < t.NumField(); i++ {
			if !t.Field(i).IsExported() {
				continue // made from the exported fields (an expression's layout)
			}
			if d := diffValues(path+"."+t.Field(i).Name, a.Field(i), b.Field(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return fmt.Sprintf("%s: %v against %v", path, a.Bool(), b.Bool())
		}
		return ""
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return fmt.Sprintf("%s: %d against %d", path, a.Int(), b.Int())
		}
		return ""
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if a.Uint() != b.Uint() {
			return fmt.Sprintf("%s: %d against %d", path, a.Uint(), b.Uint())
		}
		return ""
	case reflect.Float32, reflect.Float64:
		if a.Float() != b.Float() {
			return fmt.Sprintf("%s: %v against %v", path, a.Float(), b.Float())
		}
		return ""
	case reflect.String:
		if a.String() != b.String() {
			return fmt.Sprintf("%s: %q against %q", path, a.String(), b.String())
		}
		return ""
	default:
		return fmt.Sprintf("%s: cannot compare a %s", path, a.Kind())
	}
}
