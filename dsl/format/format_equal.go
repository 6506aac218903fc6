package format

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
)

var (
	positionType = reflect.TypeOf(lexer.Position{})
	tokenType    = reflect.TypeOf(lexer.Token{})
)

// TreeDiff compares two syntax trees as if every lexer.Position in them
// were zero: node positions and the positions of expression tokens are
// ignored, token types and values are compared (string tokens by the text
// they mean to expr-lang). The file's own bookkeeping
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
	d := &differ{path: []step{{name: "File.Decls", index: -1}}}
	return d.diff(reflect.ValueOf(a.Decls), reflect.ValueOf(b.Decls))
}

// differ walks two trees side by side. The path to the node it is at is
// a stack of steps, spelled out only for a difference: spelling it at
// every node would cost, for a deep tree (a long else-if chain), memory
// quadratic in its depth.
type differ struct{ path []step }

// step is a field name, or an element's index (name empty) or a map key.
type step struct {
	name  string
	index int
}

func (d *differ) at() string {
	var b strings.Builder
	for i, s := range d.path {
		switch {
		case s.name == "":
			fmt.Fprintf(&b, "[%d]", s.index)
		case s.index == -2:
			fmt.Fprintf(&b, "[%s]", s.name)
		case i > 0:
			b.WriteString("." + s.name)
		default:
			b.WriteString(s.name)
		}
	}
	return b.String()
}

// fail is a difference at the current node.
func (d *differ) fail(format string, args ...any) string {
	return d.at() + ": " + fmt.Sprintf(format, args...)
}

// child compares a and b one step down.
func (d *differ) child(s step, a, b reflect.Value) string {
	d.path = append(d.path, s)
	diff := d.diff(a, b)
	d.path = d.path[:len(d.path)-1]
	return diff
}

func (d *differ) diff(a, b reflect.Value) string {
	if a.Type() != b.Type() {
		return d.fail("%s against %s", a.Type(), b.Type())
	}
	switch a.Type() {
	case positionType:
		return ""
	case tokenType:
		ta, tb := a.Interface().(lexer.Token), b.Interface().(lexer.Token)
		// A string in an expression may be spelled with escapes
		// (format_escape.go): its text is what must be the same.
		same := ta.Value == tb.Value || ta.Type == syntax.TokString && sameExprString(ta.Value, tb.Value)
		if ta.Type != tb.Type || !same {
			return d.fail("token %q against %q", ta.Value, tb.Value)
		}
		return ""
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() && b.IsNil() {
				return ""
			}
			return d.fail("nil against non-nil")
		}
		return d.diff(a.Elem(), b.Elem())
	case reflect.Slice:
		// nil and empty are the same: the grammar does not tell them apart.
		if a.Len() != b.Len() {
			return d.fail("%d elements against %d", a.Len(), b.Len())
		}
		for i := 0; i < a.Len(); i++ {
			if diff := d.child(step{index: i}, a.Index(i), b.Index(i)); diff != "" {
				return diff
			}
		}
		return ""
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if diff := d.child(step{index: i}, a.Index(i), b.Index(i)); diff != "" {
				return diff
			}
		}
		return ""
	case reflect.Map:
		if a.Len() != b.Len() {
			return d.fail("%d entries against %d", a.Len(), b.Len())
		}
		for _, k := range a.MapKeys() {
			key := step{name: fmt.Sprint(k), index: -2}
			bv := b.MapIndex(k)
			if !bv.IsValid() {
				d.path = append(d.path, key)
				diff := d.fail("missing")
				d.path = d.path[:len(d.path)-1]
				return diff
			}
			if diff := d.child(key, a.MapIndex(k), bv); diff != "" {
				return diff
			}
		}
		return ""
	case reflect.Struct:
		t := a.Type()
		for i := 0; i < t.NumField(); i++ {
			if !t.Field(i).IsExported() {
				continue // made from the exported fields (an expression's layout)
			}
			if diff := d.child(step{name: t.Field(i).Name, index: -1}, a.Field(i), b.Field(i)); diff != "" {
				return diff
			}
		}
		return ""
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return d.fail("%v against %v", a.Bool(), b.Bool())
		}
		return ""
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return d.fail("%d against %d", a.Int(), b.Int())
		}
		return ""
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if a.Uint() != b.Uint() {
			return d.fail("%d against %d", a.Uint(), b.Uint())
		}
		return ""
	case reflect.Float32, reflect.Float64:
		if a.Float() != b.Float() {
			return d.fail("%v against %v", a.Float(), b.Float())
		}
		return ""
	case reflect.String:
		if a.String() != b.String() {
			return d.fail("%q against %q", a.String(), b.String())
		}
		return ""
	default:
		return d.fail("cannot compare a %s", a.Kind())
	}
}
