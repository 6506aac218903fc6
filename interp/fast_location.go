package interp

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// Where the native compiler reads a value: a name of the frame, or a
// chain of fields (self.weapon.damage) walked by offset, failing with
// expr-lang's own words when a link on the way is nobody. Every form
// that reads a name or an attribute (fast_int.go, fast_bool.go,
// fast_entity.go, ...) resolves it here once, when the plan is made.

// field is where a value is read: a frame field, or a field chain.
type field struct {
	off uintptr
	get ptrFn // the struct holding the field; nil: the frame
	// link: the holder is a pointer in the frame at root (x.attr with x
	// a name of the frame); nobody there fails with msg. readFn then
	// reads in one step what get and at read in three.
	link bool
	root uintptr
	msg  string
	// elem: the holder is the element of the predicate being run (#.x,
	// or .x): readFn reads it in one step.
	elem bool
}

// frameSlot is where n sits in the frame when it is a name of the frame.
func (c *fastCompiler) frameSlot(n ast.Node) (uintptr, bool) {
	if _, ok := n.(*ast.IdentifierNode); !ok {
		return 0, false
	}
	loc, ok := c.location(n)
	return loc.off, ok && loc.get == nil
}

// link is where an attribute of a name of the frame (self.to_hit) is
// read, or nothing.
func (c *fastCompiler) link(n ast.Node) *field { return c.linkOf(n, intT) }

// linkOf is where an attribute of type t of a name of the frame
// (self.damage) is read, or nothing.
func (c *fastCompiler) linkOf(n ast.Node, t reflect.Type) *field {
	if _, ok := n.(*ast.MemberNode); !ok || n.Type() != t {
		return nil
	}
	loc, ok := c.location(n)
	if !ok || !loc.link {
		return nil
	}
	return &loc
}

// readLink reads a whole number through a link.
func readLink(l *field, f addr) (int, error) {
	s := load[addr](f, l.root)
	if s.isNil() {
		return 0, &exprErr{l.msg}
	}
	return load[int](s, l.off), nil
}

// location resolves an identifier or a chain of struct fields to the
// struct that holds the last field and its offset, with expr-lang's
// errors when a link is nobody.
func (c *fastCompiler) location(n ast.Node) (field, bool) {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		ff := c.fr.Lookup(x.Value)
		if ff == nil || ff.Index == check.GCtx {
			return field{}, false
		}
		return field{off: c.fr.R.Field(ff.Index).Offset}, true
	case *ast.MemberNode:
		// Collect the chain of plain struct fields, outermost last.
		var chain []*ast.MemberNode
		var types []reflect.Type // of each link's holder
		var base ast.Node = x
		for {
			m, ok := base.(*ast.MemberNode)
			if !ok {
				break
			}
			if m.Optional || m.Method {
				return field{}, false
			}
			if _, ok := m.Property.(*ast.StringNode); !ok {
				if len(chain) > 0 {
					// L[i].hp: the element is the chain's base, read as
					// any other (index, with expr-lang's range error); it
					// ran in the VM (the tourney homebrew's pair[0].points).
					break
				}
				return field{}, false
			}
			bt := m.Node.Type()
			if b, ok := m.Node.(*ast.BuiltinNode); ok && (b.Name == "first" || b.Name == "last") && !c.isEntity(bt) {
				// first(L).attr of a list expr-lang types a list of any (a
				// filter, a joined list, M[K] of a map groupBy made): the
				// list's items are combatants or sides.
				bt = c.entityType(b)
			}
			if bt == nil || bt.Kind() != reflect.Pointer || bt.Elem().Kind() != reflect.Struct {
				return field{}, false
			}
			chain = append([]*ast.MemberNode{m}, chain...)
			types = append([]reflect.Type{bt}, types...)
			base = m.Node
		}
		// expr-lang reads the whole chain at once: rooted in the frame it
		// names the link that is nobody; from another value, nobody at
		// the base is reflect's zero-value error.
		var get ptrFn
		prevName := ""
		if id, ok := base.(*ast.IdentifierNode); ok {
			loc, ok := c.location(id)
			if !ok || loc.get != nil {
				return field{}, false
			}
			off := loc.off
			get = func(_ *Run, f addr) (addr, error) {
				return load[addr](f, off), nil
			}
			prevName = id.Value
		} else {
			if _, ok := base.(*ast.ConditionalNode); ok {
				return field{}, false // nobody there may be typed or not
			}
			if b, ok := base.(*ast.BuiltinNode); ok && untypedNilBuiltin(b.Name) {
				// expr-lang reads a field of its untyped nil as "from <nil>".
				prevName = "<nil>"
			}
			if call, ok := base.(*ast.CallNode); ok && isRefRead(call) {
				prevName = "<nil>" // a reference that is none: readRef's untyped nil
			}
			if call, ok := base.(*ast.CallNode); ok && isOrRef(call) {
				untyped, known := orNilUntyped(call) // fast_libnil.go
				if !known {
					return field{}, false
				}
				if untyped {
					prevName = "<nil>"
				}
			}
			if call, ok := base.(*ast.CallNode); ok {
				if untyped, known, fn := c.fnNilUntyped(call); fn { // fast_libnil.go
					if !known {
						return field{}, false
					}
					if untyped {
						prevName = "<nil>"
					}
				}
			}
			if call, ok := base.(*ast.CallNode); ok {
				var lib bool
				if get, lib = c.libFieldBase(call, chain[0].Property.(*ast.StringNode).Value); lib && get == nil {
					return field{}, false // fast_libnil.go
				}
			}
			if get == nil {
				get = c.ptr(base)
			}
			if get == nil {
				return field{}, false
			}
		}
		for j, m := range chain {
			name := m.Property.(*ast.StringNode).Value
			sf, ok := fieldByExprTag(types[j].Elem(), name)
			if !ok {
				return field{}, false
			}
			msg := zeroFieldMsg
			if prevName != "" {
				msg = chainNilMsg(name, prevName)
			}
			prevName = name
			holder := get
			if j == len(chain)-1 {
				get = func(r *Run, f addr) (addr, error) {
					s, err := holder(r, f)
					if err == nil && s.isNil() {
						err = &exprErr{msg}
					}
					return s, err
				}
				loc := field{off: sf.Offset, get: get}
				if id, ok := base.(*ast.IdentifierNode); ok && len(chain) == 1 {
					root, _ := c.location(id)
					loc.link, loc.root, loc.msg = true, root.off, msg
				}
				if p, ok := base.(*ast.PointerNode); ok && p.Name == "" && len(chain) == 1 {
					loc.elem, loc.msg = true, msg
				}
				return loc, true
			}
			off := sf.Offset
			get = func(r *Run, f addr) (addr, error) {
				s, err := holder(r, f)
				if err != nil {
					return addr{}, err
				}
				if s.isNil() {
					return addr{}, &exprErr{msg}
				}
				return load[addr](s, off), nil
			}
		}
	}
	return field{}, false
}

func fieldByExprTag(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Tag.Get("expr") == name {
			return t.Field(i), true
		}
	}
	return reflect.StructField{}, false
}

// at reads the address of a located field.
func (l field) at(r *Run, f addr) (addr, error) {
	if l.get == nil {
		return fieldAt(f, l.off), nil
	}
	s, err := l.get(r, f)
	if err != nil {
		return addr{}, err
	}
	return fieldAt(s, l.off), nil
}

// readFn reads the value of type T at a location (a local, or a chain of
// fields that may meet nobody on the way).
func readFn[T any](loc field) func(*Run, addr) (T, error) {
	switch {
	case loc.get == nil:
		off := loc.off
		return func(_ *Run, f addr) (T, error) {
			return load[T](f, off), nil
		}
	case loc.link:
		root, off, msg := loc.root, loc.off, loc.msg
		return func(_ *Run, f addr) (T, error) {
			s := load[addr](f, root)
			if s.isNil() {
				var zero T
				return zero, &exprErr{msg}
			}
			return load[T](s, off), nil
		}
	case loc.elem:
		off, msg := loc.off, loc.msg
		return func(r *Run, _ addr) (T, error) {
			s := r.elems[len(r.elems)-1]
			if s.isNil() {
				var zero T
				return zero, &exprErr{msg}
			}
			return load[T](s, off), nil
		}
	}
	return func(r *Run, f addr) (T, error) {
		a, err := loc.at(r, f)
		if err != nil {
			var zero T
			return zero, err
		}
		return load[T](a, 0), nil
	}
}
