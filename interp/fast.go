package interp

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/stdlib"
)

// The common expressions of rule files (a literal, a local, x.field,
// a op b on whole numbers and truth values, a dice roll, the world
// functions on combatant lists) are evaluated natively, without the expr
// VM: when a plan is lowered, each compiled expression whose checked
// syntax tree uses only these forms becomes a tree of Go closures that
// read the frame and the combatants through field offsets (with
// mem_unsafe's accessors, the only place that touches memory by
// address). Anything else
// (floats, strings beyond equality, maps, predicates, optional chaining,
// tables, modifiers) stays with expr-lang. Both give the same values,
// the same rolls in the same order, and the same error messages;
// fast_test.go checks that on every expression of the repository.

type (
	intFn  func(r *Run, f addr) (int, error)
	boolFn func(r *Run, f addr) (bool, error)
	ptrFn  func(r *Run, f addr) (addr, error)
	strFn  func(r *Run, f addr) (string, error)
	diceFn func(r *Run, f addr) (stdlib.Dice, error)
	// listFn results live in the run's scratch space until the
	// outermost fast evaluation returns; keep them longer by copying.
	listFn func(r *Run, f addr) ([]addr, error)
)

// fexpr is a natively compiled expression: exactly one function is set.
type fexpr struct {
	rt reflect.Type // the Go type expr-lang gives the value
	// boxed, when set, gives the value already boxed (a table's row
	// value, boxed once per plan): evalFastAt and boxed uses take it
	// instead of boxing i, b or s again.
	boxed anyFn
	// sl, when set, measures s's string without making it, for a quiet
	// run's template parts (evalDiscard; fast_strlen.go).
	sl strLenFn
	tw ptrType // its type word, for combatants and sides; of the elements for lists
	// pure: it rolls nothing, so with the same world it gives the same value.
	pure bool
	// anyList: a list of combatants or sides typed list of any (filter's).
	anyList bool
	// noBox: its value as an interface is left to the VM (expr-lang's
	// untyped nil from first); stores and conditions stay native.
	noBox bool
	// local: the expression is a name of its frame, at off; compiled
	// statements copy it without a call.
	local bool
	off   uintptr
	// elem: the type of a list's elements (combatant or side pointers).
	elem reflect.Type
	i    intFn
	b    boolFn
	p    ptrFn
	s    strFn
	d    diceFn
	l    listFn
	f    floatFn // fast_float.go
	// ss: a list of strings (fast_strlists.go), read by stores and
	// library calls; boxing it is left to the VM (noBox).
	ss strsFn
	// is: a list literal of whole numbers (fast_ints.go), read by
	// stores; boxing it is left to the VM (noBox).
	is intsFn
	// a: a value typed any by expr-lang (max or min of a map), boxed as
	// expr-lang gives it: nil for no value.
	a anyFn
}

var (
	intT   = reflect.TypeOf(0)
	boolT  = reflect.TypeOf(false)
	strT   = reflect.TypeOf("")
	diceT  = reflect.TypeOf(stdlib.Dice{})
	floatT = reflect.TypeOf(0.0)
	anyT   = reflect.TypeFor[any]()
)

// The messages expr-lang gives when a field is read through nobody: the
// base of a field access is nil, or a link inside a chain of fields.
var zeroFieldMsg = func() (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	runtime.FetchField((*struct{ X int })(nil), &runtime.Field{Index: []int{0}, Path: []string{"X"}})
	return ""
}()

// divideByZeroMsg is what expr-lang reports for x % 0 (Go's own panic).
var divideByZeroMsg = func() (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	zero := 0
	_ = 1 % zero
	return ""
}()

func chainNilMsg(name, from string) string {
	return fmt.Sprintf("cannot get %v from %v", name, from)
}

// exprErr is an error inside an expression, reported as expr-lang's
// failures are (see Run.eval).
type exprErr struct{ msg string }

func (e *exprErr) Error() string { return e.msg }

// fastCompiler lowers one expression.
type fastCompiler struct {
	p      *Plan
	ce     *check.CExpr // the expression being compiled
	fr     *check.Frame
	impure bool // it rolls dice
	preds  int  // depth of predicates being compiled (# is their element)
	// intPreds: depth of predicates over whole numbers being compiled
	// (fast_join_ints.go), whose # is Run.intElems' last.
	intPreds int
	untyped  bool // a nil it gives may be expr-lang's untyped nil (first)
	// boxedCalls: the calls whose value comes boxed (a table's row), in
	// that form (fast_stdlib.go, tableResult), for fexpr.boxed.
	boxedCalls map[ast.Node]anyFn
}

// compileFast returns nil when the expression needs expr-lang.
func (p *Plan) compileFast(ce *check.CExpr) *fexpr {
	if ce == nil || ce.Node == nil || ce.Frame == nil || ce.Frame.R == nil {
		return nil
	}
	c := &fastCompiler{p: p, ce: ce, fr: ce.Frame}
	if _, ok := ce.Node.(*ast.NilNode); ok {
		// none alone (a parameter's `= none`, `x = none`): no value, as
		// the VM gives it; a store makes it the place's zero.
		return &fexpr{rt: anyT, pure: true, a: func(*Run, addr) (any, error) { return nil, nil }}
	}
	fe := c.node(ce.Node)
	if fe != nil {
		fe.off, fe.local = c.frameSlot(ce.Node)
		fe.pure = !c.impure
		fe.noBox = fe.noBox || c.untyped && fe.p != nil
	}
	return fe
}

func (c *fastCompiler) node(n ast.Node) *fexpr {
	if ch, ok := n.(*ast.ChainNode); ok {
		// X?.attr: the attribute, or nil for nobody (fast_chain.go).
		if a := c.optChain(ch); a != nil {
			return &fexpr{rt: anyT, a: a}
		}
		return nil
	}
	t := c.typeOf(n)
	fe := &fexpr{rt: t}
	switch t {
	case intT:
		fe.i = c.int(n)
		if fe.i == nil && isChoice(n) {
			// cond ? 0 : max(map(l, .x)): a whole number, or none when
			// the list is empty (expr-lang types it int, the VM gives
			// nil): its value as the VM gives it, which a store makes 0
			// and a fn declared int refuses (intOfAny).
			if fe.a = c.anyValue(n); fe.a != nil {
				return fe
			}
		}
		if b, ok := n.(*ast.BuiltinNode); ok && fe.i == nil {
			// find of whole numbers: an item, or find's nil, which
			// expr-lang types int too (fast_int_preds.go).
			if fe.a = c.intFind(b); fe.a != nil {
				return fe
			}
		}
		if fe.i == nil {
			return nil
		}
		fe.boxed = c.boxedCalls[n]
	case boolT:
		fe.b = c.bool(n)
		if fe.b == nil {
			return nil
		}
		fe.boxed = c.boxedCalls[n]
	case strT:
		fe.s = c.str(n)
		if b, ok := n.(*ast.BuiltinNode); ok && fe.s == nil && b.Name == "find" {
			// find of strings: an item, or find's nil (fast_strlists.go).
			if fe.a = c.strFind(b); fe.a != nil {
				fe.rt = anyT
				return fe
			}
		}
		if fe.s == nil {
			return nil
		}
		fe.sl = c.strLenRoot(n) // fast_strlen.go
		fe.boxed = c.boxedCalls[n]
	case diceT:
		fe.d = c.dice(n)
		if fe.d == nil {
			return nil
		}
	case floatT:
		fe.f = c.float(n)
		if fe.f == nil {
			return nil
		}
	default:
		switch {
		case c.isEntity(t):
			fe.p = c.ptr(n)
			if fe.p == nil {
				return nil
			}
			fe.tw = typeWord(t)
		case c.isEntityList(t):
			fe.l = c.list(n)
			if fe.l == nil {
				return nil
			}
			fe.tw, fe.elem = typeWord(t.Elem()), t.Elem()
			fe.anyList = c.boxesAsAnyList(n) // fast_lists.go
			fe.noBox = c.fnBoxedByVM(n)      // fast_lists.go
		case c.joinedElem(n) != nil:
			// concat, flatten or a literal of combatants or sides, typed
			// any or a list of any (fast_joins.go); the VM boxes it.
			if fe.l = c.list(n); fe.l == nil {
				return nil
			}
			fe.elem = c.joinedElem(n)
			fe.tw, fe.noBox = typeWord(fe.elem), true
		case c.entityType(n) != nil:
			// first(filter(...)), or a choice of such: typed any by
			// expr-lang, a combatant or side in fact.
			fe.rt = c.entityType(n)
			fe.p = c.ptr(n)
			if fe.p == nil {
				return nil
			}
			fe.tw = typeWord(fe.rt)
		case t == groupsT && c.groupsValue(n) != nil:
			// groupBy of combatants or sides, or a local holding it
			// (fast_groups.go).
			fe.a = c.groupsValue(n)
		case t == anyT && c.entityChoice(fe, n):
		case t == anyT:
			fe.a = c.anyValue(n)
			if fe.a == nil {
				return nil
			}
		case t == intsT:
			// A list of whole numbers from the standard library
			// (step_toward's [x, y]): its boxed value, as the VM has it.
			fe.a = c.intsCall(n) // fast_lists.go
			if l := plainList[int](c, n, intsT); fe.a == nil && l != nil {
				// One kept in a name or an attribute (or a slice of
				// one): that list itself, as the VM reads it.
				fe.is, fe.a = l, func(r *Run, f addr) (any, error) { return l(r, f) }
			}
			if fe.a == nil {
				return nil
			}
		case c.anyEntityList(n) != nil:
			fe.l = c.list(n)
			if fe.l == nil {
				return nil
			}
			fe.elem = c.anyEntityList(n)
			fe.tw = typeWord(fe.elem)
			fe.anyList = true
		case t == anysT && c.entityChoice(fe, n):
		case t == anysT && c.madeInts(n) != nil:
			// A literal, concat or filter of whole numbers, or the keys
			// of a map groupBy made by them (fast_ints.go).
			fe.is, fe.noBox = c.madeInts(n), true
		case t == strsT || t == anysT:
			// A list of strings kept or made (fast_strlists.go).
			if fe.ss, _ = c.strList(n); fe.ss == nil {
				return nil
			}
			fe.noBox = true
		default:
			return nil
		}
	}
	return fe
}

// entityChoice plans n into fe when it is cond ? LIST : [] of
// combatants or sides (fast_lists.go), which expr-lang types any or a
// list of any; its boxed value is left to the VM.
func (c *fastCompiler) entityChoice(fe *fexpr, n ast.Node) bool {
	if !isChoice(n) {
		return false
	}
	l, elem := c.choiceList(n)
	if l == nil {
		return false
	}
	fe.l, fe.elem, fe.tw, fe.noBox = l, elem, typeWord(elem), true
	return true
}

func isChoice(n ast.Node) bool {
	_, ok := n.(*ast.ConditionalNode)
	return ok
}

func (c *fastCompiler) isEntity(t reflect.Type) bool {
	u := c.p.M.U
	return t != nil && (t == u.Combatant.R || t == u.Side.R)
}

// entityType is the combatant or side type n gives: its own type, or
// for first(...) and last(...) of a filter over combatants or sides or
// a sortBy of one (typed any by expr-lang), and a choice between such,
// the list's element type; nil for anything else.
func (c *fastCompiler) entityType(n ast.Node) reflect.Type {
	if t := n.Type(); c.isEntity(t) {
		return t
	}
	switch x := n.(type) {
	case *ast.BuiltinNode:
		if (x.Name == "first" || x.Name == "last") && len(x.Arguments) == 1 {
			if t := c.anyEntityList(x.Arguments[0]); t != nil { // a filter, or sortBy of one
				return t
			}
		}
		if c.findOf(x) {
			return x.Arguments[0].Type().Elem()
		}
	case *ast.ConditionalNode:
		a, b := c.entityType(x.Exp1), c.entityType(x.Exp2)
		switch {
		case a != nil && a == b:
			return a
		case a != nil && isNilNode(x.Exp2): // c ? someone : none
			return a
		case b != nil && isNilNode(x.Exp1): // c ? none : someone
			return b
		}
	}
	return nil
}

func (c *fastCompiler) isEntityList(t reflect.Type) bool {
	return t != nil && t.Kind() == reflect.Slice && c.isEntity(t.Elem())
}

// entityListOf says whether n is a list of combatants or sides: typed
// so, or a filter of one, which expr-lang types as a list of any
// (all(filter(combatants, .alive), .safe), the chase homebrew's end
// condition, ran in the VM after every moment of its clock).
func (c *fastCompiler) entityListOf(n ast.Node) bool {
	return c.isEntityList(n.Type()) || c.filterOf(n) != nil
}

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

func (c *fastCompiler) int(n ast.Node) intFn {
	if c.typeOf(n) != intT {
		return nil
	}
	switch x := n.(type) {
	case *ast.IntegerNode:
		v := x.Value
		return constFn(v)
	case *ast.ConstantNode:
		v, ok := x.Value.(int)
		if !ok {
			return nil
		}
		return constFn(v)
	case *ast.IdentifierNode, *ast.MemberNode:
		if m, ok := x.(*ast.MemberNode); ok && c.typeOf(m.Property) == intT {
			return c.intIndex(m) // LIST[I] of whole numbers, fast_lists.go
		}
		loc, ok := c.location(n)
		if !ok {
			return nil
		}
		if loc.get == nil {
			off := loc.off
			return func(_ *Run, f addr) (int, error) { return load[int](f, off), nil }
		}
		return readFn[int](loc)
	case *ast.PointerNode:
		return c.intElem(x) // fast_join_ints.go
	case *ast.UnaryNode:
		if x.Operator != "-" {
			return nil
		}
		return checkedFn(c.int(x.Node), stdlib.Neg)
	case *ast.BinaryNode:
		if x.Operator == "??" {
			return orElse(c, x, intT, c.int(x.Right)) // X?.attr ?? b: fast_chain.go
		}
		a, b := c.int(x.Left), c.int(x.Right)
		if a == nil || b == nil {
			return nil
		}
		switch x.Operator {
		case "+", "-", "*":
			return arith(x.Operator, a, b, x.Right, c.link(x.Right))
		case "%":
			return pairFn(a, b, func(p, q int) (int, error) {
				if q == 0 {
					return 0, &exprErr{divideByZeroMsg}
				}
				return p % q, nil
			})
		}
		return nil
	case *ast.ConditionalNode:
		return ternary(c.bool(x.Cond), c.int(x.Exp1), c.int(x.Exp2))
	case *ast.BuiltinNode:
		if x.Name == "count" {
			return c.count(x)
		}
		if x.Name == "sum" {
			return c.sumOf(x) // fast_mapped.go
		}
		if x.Name == "int" && len(x.Arguments) == 1 {
			return c.toInt(x.Arguments[0])
		}
		if x.Name == "max" || x.Name == "min" {
			return c.minMax(x)
		}
		if x.Name == "abs" && len(x.Arguments) == 1 {
			// The least whole number has no size: an error, as in the
			// VM (dsl/check/wholes_vm.go).
			return checkedFn(c.int(x.Arguments[0]), stdlib.Abs)
		}
		if x.Name != "len" || len(x.Arguments) != 1 {
			return nil
		}
		if n := c.countStanding(x.Arguments[0]); n != nil {
			return n
		}
		if n := c.groupIndexLen(x.Arguments[0]); n != nil {
			return n // len(m[k]) of a map groupBy made: fast_groups.go
		}
		l := c.list(x.Arguments[0])
		if l == nil {
			return c.plainLen(x.Arguments[0]) // fast_plainlists.go
		}
		return func(r *Run, f addr) (int, error) {
			v, err := l(r, f)
			return len(v), err
		}
	case *ast.CallNode:
		return c.intCall(x)
	}
	return nil
}

// countStanding compiles the length of standing(list), the commonest end
// condition's count, without making the list; nil for anything else.
func (c *fastCompiler) countStanding(n ast.Node) intFn {
	x, ok := n.(*ast.CallNode)
	if !ok {
		return nil
	}
	id, ok := x.Callee.(*ast.IdentifierNode)
	args := callArgs(x)
	if !ok || id.Value != "standing" || len(args) != 1 {
		return nil
	}
	l := c.list(args[0])
	if l == nil {
		return nil
	}
	return func(r *Run, f addr) (int, error) {
		v, err := l(r, f)
		if err != nil {
			return 0, err
		}
		return r.standingCount(v), nil
	}
}

// callArgs are a call's arguments without the run that expr-lang passes
// first to world functions.
func callArgs(x *ast.CallNode) []ast.Node {
	args := x.Arguments
	if len(args) > 0 {
		if id, ok := args[0].(*ast.IdentifierNode); ok && id.Value == "ctx" {
			if t := id.Type(); t != nil && t.Kind() == reflect.Interface {
				return args[1:]
			}
		}
	}
	return args
}

func (c *fastCompiler) intCall(x *ast.CallNode) intFn {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok {
		return nil
	}
	if fn := c.optInt(x); fn != nil { // fast_optional.go
		return fn
	}
	if call := c.choiceCall(x); call != nil { // fast_choice.go
		return libResult[int](call)
	}
	if pc := c.procCallOf(x, intT); pc != nil { // fast_proc.go
		return procFn[int](pc)
	}
	if k := c.fnCall(x); k != nil {
		if k.body.i == nil {
			return nil
		}
		return callFn(k, k.body.i)
	}
	args := callArgs(x)
	switch id.Value {
	case stdlib.DiceFunc:
		c.impure = true
		if len(args) != 2 {
			return nil
		}
		a, b := c.int(args[0]), c.int(args[1])
		if a == nil || b == nil {
			return nil
		}
		if n, ok := args[0].(*ast.IntegerNode); ok {
			if faces, ok := args[1].(*ast.IntegerNode); ok {
				// A die of the rule file (d20, 2d6): its numbers are known.
				n, faces := n.Value, faces.Value
				if n == 1 && faces >= 2 && faces <= stdlib.MaxFaces {
					return func(r *Run, _ addr) (int, error) { return r.die(faces) }
				}
				return func(r *Run, _ addr) (int, error) { return r.Roll(n, faces) }
			}
		}
		return func(r *Run, f addr) (int, error) {
			n, err := a(r, f)
			if err != nil {
				return 0, err
			}
			faces, err := b(r, f)
			if err != nil {
				return 0, err
			}
			return r.Roll(n, faces)
		}
	default:
		if m := c.p.modifiers[id.Value]; m != nil && len(args) == len(m.Params) {
			return c.modifierCall(x, id.Value, args)
		}
		if fn, ok := worldCall(c, worldIntCalls, x); ok {
			return fn
		}
		if typed := c.libTyped(x); typed != nil {
			return typed
		}
		if t := c.tableCall(x); t != nil {
			return tableResult[int](c, x, t)
		}
		return libResult[int](c.libCall(x))
	}
}

func (c *fastCompiler) dice(n ast.Node) diceFn {
	if n.Type() != diceT {
		return nil
	}
	switch x := n.(type) {
	case *ast.ConstantNode:
		v, ok := x.Value.(stdlib.Dice)
		if !ok {
			return nil
		}
		return constFn(v)
	case *ast.IdentifierNode, *ast.MemberNode:
		loc, ok := c.location(n)
		if !ok {
			return nil
		}
		return readFn[stdlib.Dice](loc)
	}
	return nil
}

// equalFn compares two native expressions of one comparable type.
func equalFn[T comparable, F ~func(*Run, addr) (T, error)](a, b F) boolFn {
	return func(r *Run, f addr) (bool, error) {
		p, err := a(r, f)
		if err != nil {
			return false, err
		}
		q, err := b(r, f)
		return p == q, err
	}
}

// constFn is a native expression that always gives v.
func constFn[T any](v T) func(*Run, addr) (T, error) {
	return func(*Run, addr) (T, error) { return v, nil }
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

func (c *fastCompiler) str(n ast.Node) strFn {
	if c.typeOf(n) != strT {
		return nil
	}
	if m, ok := n.(*ast.MemberNode); ok {
		if fn := c.strIndex(m); fn != nil { // L[i]: fast_plainlists.go
			return fn
		}
	}
	if x, ok := n.(*ast.PointerNode); ok {
		return c.strElem(x) // fast_strlists.go
	}
	if x, ok := n.(*ast.SliceNode); ok {
		return c.strSlice(x) // fast_strslice.go
	}
	if fn, ok := leafFn[string](c, n); ok {
		return fn
	}
	switch x := n.(type) {
	case *ast.StringNode:
		return constFn(x.Value)
	case *ast.ConditionalNode:
		return ternary(c.bool(x.Cond), c.str(x.Exp1), c.str(x.Exp2))
	case *ast.BinaryNode:
		if x.Operator == "??" {
			return orElse(c, x, strT, c.str(x.Right)) // X?.attr ?? b, find(...) ?? b: fast_chain.go
		}
		return c.concat(x)
	case *ast.CallNode:
		if fn := c.orStr(x); fn != nil { // first(filter(...)) ?? "": fast_chain.go
			return fn
		}
		if pc := c.procCallOf(x, strT); pc != nil { // fast_proc.go
			return procFn[string](pc)
		}
		if k := c.fnCall(x); k != nil {
			if k.body.s == nil {
				return nil
			}
			return callFn(k, k.body.s)
		}
		if fn := c.optStr(x); fn != nil { // fast_optional.go
			return fn
		}
		if call := c.choiceCall(x); call != nil { // fast_choice.go
			return libResult[string](call)
		}
		if fn := c.scanStr(x); fn != nil { // fast_strings.go
			return fn
		}
		if fn := c.libTypedStr(x); fn != nil {
			return fn
		}
		if fn := c.joinMap(x); fn != nil {
			return fn
		}
		if fn := c.joinMapInts(x); fn != nil { // fast_join_ints.go
			return fn
		}
		if fn := c.joinMapStrs(x); fn != nil { // fast_join_strs.go
			return fn
		}
		if fn := c.joinPlain(x); fn != nil { // fast_plainlists.go
			return fn
		}
		if fn := c.stringOfInt(x); fn != nil {
			return fn
		}
		if t := c.tableCall(x); t != nil {
			return tableResult[string](c, x, t)
		}
		return libResult[string](c.libCall(x))
	}
	return nil
}

// ternary is cond ? a : b of native parts; nil if a part is not native.
func ternary[T any, F ~func(*Run, addr) (T, error)](cond boolFn, a, b F) F {
	if cond == nil || a == nil || b == nil {
		return nil
	}
	return func(r *Run, f addr) (T, error) {
		ok, err := cond(r, f)
		if err != nil {
			var zero T
			return zero, err
		}
		if ok {
			return a(r, f)
		}
		return b(r, f)
	}
}

func (c *fastCompiler) bool(n ast.Node) boolFn {
	if c.typeOf(n) != boolT {
		return nil
	}
	switch x := n.(type) {
	case *ast.BoolNode:
		v := x.Value
		return constFn(v)
	case *ast.ConstantNode:
		v, ok := x.Value.(bool)
		if !ok {
			return nil
		}
		return constFn(v)
	case *ast.IdentifierNode, *ast.MemberNode:
		loc, ok := c.location(n)
		if !ok {
			return nil
		}
		return readFn[bool](loc)
	case *ast.UnaryNode:
		if x.Operator != "!" && x.Operator != "not" {
			return nil
		}
		a := c.bool(x.Node)
		if a == nil {
			return nil
		}
		return func(r *Run, f addr) (bool, error) {
			v, err := a(r, f)
			return !v, err
		}
	case *ast.BinaryNode:
		return c.binaryBool(x)
	case *ast.BuiltinNode:
		return c.quantifier(x)
	case *ast.ConditionalNode:
		return ternary(c.bool(x.Cond), c.bool(x.Exp1), c.bool(x.Exp2))
	case *ast.CallNode:
		if fn := c.sameCall(x); fn != nil {
			return fn
		}
		if pc := c.procCallOf(x, boolT); pc != nil { // fast_proc.go
			return procFn[bool](pc)
		}
		if k := c.fnCall(x); k != nil {
			if k.body.b == nil {
				return nil
			}
			return callFn(k, k.body.b)
		}
		if fn := c.optBool(x); fn != nil { // fast_optional.go
			return fn
		}
		if call := c.choiceCall(x); call != nil { // fast_choice.go
			return libResult[bool](call)
		}
		if fn, ok := worldCall(c, worldBoolCalls, x); ok {
			return fn
		}
		if t := c.tableCall(x); t != nil {
			return tableResult[bool](c, x, t)
		}
		if fn := c.libTypedStrBool(x); fn != nil { // fast_strings.go
			return fn
		}
		return libResult[bool](c.libCall(x))
	}
	return nil
}

func (c *fastCompiler) binaryBool(x *ast.BinaryNode) boolFn {
	if fn := c.floatCompare(x); fn != nil { // fast_float_cmp.go
		return fn
	}
	switch x.Operator {
	case "&&", "and", "||", "or":
		a, b := c.bool(x.Left), c.bool(x.Right)
		if a == nil || b == nil {
			return nil
		}
		if x.Operator == "&&" || x.Operator == "and" {
			return func(r *Run, f addr) (bool, error) {
				v, err := a(r, f)
				if err != nil || !v {
					return false, err
				}
				return b(r, f)
			}
		}
		return func(r *Run, f addr) (bool, error) {
			v, err := a(r, f)
			if err != nil || v {
				return v, err
			}
			return b(r, f)
		}
	case "==", "!=":
		neg := x.Operator == "!="
		var eq boolFn
		lt, rt := c.typeOf(x.Left), c.typeOf(x.Right)
		switch {
		case lt == intT && rt == intT:
			a, b := c.int(x.Left), c.int(x.Right)
			if a == nil || b == nil {
				return nil
			}
			eq = equalFn(a, b)
		case lt == boolT && rt == boolT:
			a, b := c.bool(x.Left), c.bool(x.Right)
			if a == nil || b == nil {
				return nil
			}
			eq = equalFn(a, b)
		case lt == strT && rt == strT:
			a, b := c.str(x.Left), c.str(x.Right)
			if a == nil || b == nil {
				return nil
			}
			eq = equalFn(a, b)
		case lt == intT && rt == anyT || lt == anyT && rt == intT:
			// A whole number and max or min of a list (any: none when
			// the list is empty, which equals no number).
			eq = c.eqIntAny(x) // fast_mapped.go
			if eq == nil {
				return nil
			}
		default:
			if fn := c.optIsNone(x, neg); fn != nil { // fast_optional.go
				return fn
			}
			if eq = c.anyCompare(x); eq != nil { // a value typed any: fast_anycmp.go
				break
			}
			// Combatants and sides, or nil: the same one, or both nobody.
			a, b := c.ptrOrNil(x.Left), c.ptrOrNil(x.Right)
			_, ln := x.Left.(*ast.NilNode)
			_, rn := x.Right.(*ast.NilNode)
			if a == nil || b == nil || !ln && !rn && lt != rt {
				return nil
			}
			if rn && !ln {
				if off, ok := c.frameSlot(x.Left); ok {
					return isNobodyAt(off, neg)
				}
				return isNobody(a, neg) // x == nil, x != nil
			}
			eq = func(r *Run, f addr) (bool, error) {
				p, err := a(r, f)
				if err != nil {
					return false, err
				}
				q, err := b(r, f)
				return same(p, q), err
			}
		}
		if !neg {
			return eq
		}
		return func(r *Run, f addr) (bool, error) {
			v, err := eq(r, f)
			return !v, err
		}
	case "in":
		if in := c.inLiterals(x); in != nil {
			return in
		}
		return c.inList(x) // fast_mapped.go
	case "startsWith", "endsWith", "contains":
		return c.stringTest(x) // fast_strings.go
	case "<", "<=", ">", ">=":
		if c.typeOf(x.Left) == strT && c.typeOf(x.Right) == strT {
			a, b := c.str(x.Left), c.str(x.Right)
			if a == nil || b == nil {
				return nil
			}
			return compareStrings(x.Operator, a, b) // fast_strcmp.go
		}
		a, b := c.int(x.Left), c.int(x.Right)
		if a == nil || b == nil {
			return c.anyCompare(x) // a value typed any: fast_anycmp.go
		}
		return compareInts(x.Operator, a, b, x.Right, c.link(x.Left), c.link(x.Right))
	}
	return nil
}

// sameCall compiles __same(a, b) (stdlib.SameFunc), which the checker
// makes of a == b of combatants or sides: the same one, or both nobody,
// as == of them compiles; nil when an operand has no native form (typed
// any: the library's Same decides in the VM).
func (c *fastCompiler) sameCall(x *ast.CallNode) boolFn {
	id, ok := x.Callee.(*ast.IdentifierNode)
	if !ok || id.Value != stdlib.SameFunc || len(x.Arguments) != 2 {
		return nil
	}
	if lt, rt := c.typeOf(x.Arguments[0]), c.typeOf(x.Arguments[1]); lt != rt {
		return nil
	}
	a, b := c.ptrOrNil(x.Arguments[0]), c.ptrOrNil(x.Arguments[1])
	if a == nil || b == nil {
		return nil
	}
	return func(r *Run, f addr) (bool, error) {
		p, err := a(r, f)
		if err != nil {
			return false, err
		}
		q, err := b(r, f)
		return same(p, q), err
	}
}

// ptrOrNil compiles a combatant or side, or the nil literal.
func (c *fastCompiler) ptrOrNil(n ast.Node) ptrFn {
	if _, ok := n.(*ast.NilNode); ok {
		return func(*Run, addr) (addr, error) { return addr{}, nil }
	}
	return c.ptr(n)
}

func (c *fastCompiler) ptr(n ast.Node) ptrFn {
	if c.entityType(n) == nil {
		return nil
	}
	switch x := n.(type) {
	case *ast.PointerNode:
		if x.Name != "" || c.preds == 0 {
			return nil
		}
		return func(r *Run, _ addr) (addr, error) {
			return r.elems[len(r.elems)-1], nil
		}
	case *ast.IdentifierNode, *ast.MemberNode:
		if m, ok := x.(*ast.MemberNode); ok && c.typeOf(m.Property) == intT {
			return c.index(m) // LIST[I], fast_lists.go
		}
		loc, ok := c.location(n)
		if !ok {
			return nil
		}
		if loc.get == nil {
			off := loc.off
			return func(_ *Run, f addr) (addr, error) {
				return load[addr](f, off), nil
			}
		}
		return readFn[addr](loc)
	case *ast.BuiltinNode:
		if c.findOf(x) {
			return c.find(x)
		}
		if x.Name != "first" && x.Name != "last" || len(x.Arguments) != 1 ||
			!c.isEntityList(x.Arguments[0].Type()) && c.anyEntityList(x.Arguments[0]) == nil {
			return nil
		}
		last := x.Name == "last"
		l := c.list(x.Arguments[0])
		if l == nil {
			return nil
		}
		// expr-lang's first gives an untyped nil for an empty list: the
		// expression's boxed value is left to the VM (fexpr.noBox).
		c.untyped = true
		return func(r *Run, f addr) (addr, error) {
			v, err := l(r, f)
			if err != nil || len(v) == 0 {
				return addr{}, err
			}
			if last {
				return v[len(v)-1], nil
			}
			return v[0], nil
		}
	case *ast.ConditionalNode:
		// One branch may be none (`c ? someone : none`, how a fn says
		// "nobody"): entityType has checked that the other is an entity.
		cond, a, b := c.bool(x.Cond), c.ptrOrNil(x.Exp1), c.ptrOrNil(x.Exp2)
		if cond == nil || a == nil || b == nil {
			return nil
		}
		for _, e := range []ast.Node{x.Exp1, x.Exp2} {
			if !isNilNode(e) && c.entityType(e) != c.entityType(n) {
				return nil
			}
		}
		if isNilNode(x.Exp1) || isNilNode(x.Exp2) {
			// expr-lang boxes none as an untyped nil: the boxed value is
			// left to the VM (fexpr.noBox), as for first of an empty list.
			c.untyped = true
		}
		return func(r *Run, f addr) (addr, error) {
			ok, err := cond(r, f)
			if err != nil {
				return addr{}, err
			}
			if ok {
				return a(r, f)
			}
			return b(r, f)
		}
	case *ast.CallNode:
		if pc := c.procCallOf(x, c.entityType(n)); pc != nil { // fast_proc.go
			return procFn[addr](pc)
		}
		if k := c.fnCall(x); k != nil {
			if k.body.p == nil || k.body.rt != n.Type() {
				return nil
			}
			return callFn(k, k.body.p)
		}
		if p := c.refRead(x); p != nil { // fast_refs.go
			return p
		}
		if p := c.orRef(x); p != nil { // fast_refs.go
			return p
		}
		id, ok := x.Callee.(*ast.IdentifierNode)
		args := callArgs(x)
		if !ok || id.Value != "pick" || len(args) != 1 {
			return libPtr(c.libCall(x))
		}
		c.impure = true
		if fused := c.pickLivingRelated(args[0]); fused != nil {
			return fused
		}
		l := c.list(args[0])
		if l == nil {
			return nil
		}
		return func(r *Run, f addr) (addr, error) {
			v, err := l(r, f)
			if err != nil {
				return addr{}, err
			}
			return r.pickP(v)
		}
	}
	return nil
}

func (c *fastCompiler) list(n ast.Node) listFn {
	if j := joinedArg(n); j != nil { // $joined_c(concat(...)): fast_joins.go
		return c.joined(j)
	}
	if b := c.filterOf(n); b != nil {
		return c.filter(b)
	}
	if b := c.sortedFilter(n); b != nil {
		return c.sortBy(b) // fast_lists.go
	}
	if isChoice(n) {
		l, _ := c.choiceList(n) // fast_lists.go
		return l
	}
	if b := c.sortedJoin(n); b != nil {
		return c.sortBy(b) // fast_lists.go
	}
	if l := c.joined(n); l != nil { // concat, flatten, [t]: fast_joins.go
		return l
	}
	if !c.isEntityList(n.Type()) {
		return nil
	}
	switch x := n.(type) {
	case *ast.BuiltinNode:
		if x.Name == "sortBy" {
			return c.sortBy(x) // fast_lists.go
		}
		if x.Name == "take" {
			return c.take(x) // fast_lists.go
		}
	case *ast.IdentifierNode, *ast.MemberNode:
		loc, ok := c.location(n)
		if !ok {
			return nil
		}
		if loc.get == nil {
			// A name of the frame (sides, combatants, a local list):
			// read in place, without field.at's call.
			off := loc.off
			return func(_ *Run, f addr) ([]addr, error) { return load[[]addr](f, off), nil }
		}
		return func(r *Run, f addr) ([]addr, error) {
			a, err := loc.at(r, f)
			if err != nil {
				return nil, err
			}
			return load[[]addr](a, 0), nil
		}
	case *ast.CallNode:
		if l := c.fnList(x); l != nil { // fast_lists.go
			return l
		}
		if l := c.refsRead(x); l != nil { // fast_refs.go
			return l
		}
		id, ok := x.Callee.(*ast.IdentifierNode)
		args := callArgs(x)
		if ok && id.Value == "nearby" && len(args) == 2 {
			return c.nearby(args) // fast_space.go
		}
		if !ok || len(args) != 1 || !nativeWorldList[id.Value] {
			// Any other library function that gives a list (within):
			// called as the VM calls it (fast_stdlib.go).
			return c.libList(x)
		}
		switch id.Value {
		case "living", "standing":
			if id.Value == "living" {
				if fused := c.livingRelated(args[0]); fused != nil {
					return fused
				}
				if c.isAllCombatants(args[0]) {
					return func(r *Run, _ addr) ([]addr, error) { return r.livingAllP(), nil }
				}
			}
			// living takes combatants and standing sides: a joined list
			// of the other kind (concat and flatten type theirs as lists
			// of anything, so the checker lets it through) is the VM's
			// error, where the native walk gave [].
			want := c.p.M.U.Combatant.R
			if id.Value == "standing" {
				want = c.p.M.U.Side.R
			}
			if c.listElem(args[0]) != want {
				return nil
			}
			l := c.list(args[0])
			if l == nil {
				l = c.flattenMembers(args[0]) // fast_lists.go
			}
			if l == nil {
				return nil
			}
			fn := (*Run).livingP
			if id.Value == "standing" {
				fn = (*Run).standingP
			}
			return func(r *Run, f addr) ([]addr, error) {
				v, err := l(r, f)
				if err != nil {
					return nil, err
				}
				return fn(r, v), nil
			}
		case "members", "enemies", "allies", "enemy_sides":
			p := c.ptr(args[0])
			if p == nil {
				return nil
			}
			var fn func(*Run, addr) []addr
			switch id.Value {
			case "members":
				fn = (*Run).membersP
			case "enemies":
				fn = (*Run).enemiesP
			case "allies":
				fn = (*Run).alliesP
			default:
				fn = (*Run).enemySidesP
			}
			return listOfSomebody(p, fn)
		}
	}
	return nil
}

// nativeWorldList names the library functions giving lists that c.list
// compiles itself, from the run's rosters and lists (not libList).
var nativeWorldList = map[string]bool{
	"living": true, "standing": true, "members": true, "enemies": true, "allies": true, "enemy_sides": true,
}

// livingRelated compiles living(members(s)), living(enemies(c)) and
// living(allies(c)) as one pass over the combatants; n is the inner call.
func (c *fastCompiler) livingRelated(n ast.Node) listFn {
	p, rel, ok := c.related(n)
	if !ok {
		return nil
	}
	switch rel {
	case relEnemies:
		return listOfSomebody(p, (*Run).livingEnemiesP) // kept (roster.go)
	case relMembers:
		return listOfSomebody(p, (*Run).livingMembersP)
	}
	return listOfSomebody(p, func(r *Run, v addr) []addr { return r.relatedP(v, rel, true) })
}

// pickLivingRelated compiles pick(living(enemies(c))) and the like (of
// members and allies) in one closure when c is a name of the frame: the
// commonest way a rule file chooses a target.
func (c *fastCompiler) pickLivingRelated(n ast.Node) ptrFn {
	x, ok := n.(*ast.CallNode)
	if !ok {
		return nil
	}
	id, ok := x.Callee.(*ast.IdentifierNode)
	args := callArgs(x)
	if !ok || id.Value != "living" || len(args) != 1 {
		return nil
	}
	inner, ok := args[0].(*ast.CallNode)
	if !ok || len(callArgs(inner)) != 1 {
		return nil
	}
	_, rel, ok := c.related(inner)
	off, local := c.frameSlot(callArgs(inner)[0])
	if !ok || !local {
		return nil
	}
	return func(r *Run, f addr) (addr, error) {
		v := load[addr](f, off)
		if v.isNil() {
			return addr{}, errNobody
		}
		switch rel {
		case relEnemies:
			return r.pickP(r.livingEnemiesP(v)) // kept (roster.go)
		case relMembers:
			return r.pickP(r.livingMembersP(v))
		}
		return r.pickP(r.relatedP(v, rel, true))
	}
}

// listOfSomebody compiles a world function of one combatant or side p,
// which must be somebody.
//
// Not inlined: its closure reads memory through mem_unsafe's
// accessors, and Go inlines calls in a closure only where the function
// making it was not inlined itself.
//
//go:noinline
func listOfSomebody(p ptrFn, fn func(*Run, addr) []addr) listFn {
	return func(r *Run, f addr) ([]addr, error) {
		v, err := p(r, f)
		if err != nil {
			return nil, err
		}
		if v.isNil() {
			return nil, errNobody
		}
		return fn(r, v), nil
	}
}

// related recognises members(s), enemies(c) and allies(c), natively.
func (c *fastCompiler) related(n ast.Node) (ptrFn, int, bool) {
	x, ok := n.(*ast.CallNode)
	if !ok {
		return nil, 0, false
	}
	id, ok := x.Callee.(*ast.IdentifierNode)
	args := callArgs(x)
	if !ok || len(args) != 1 || !c.isEntityList(x.Type()) {
		return nil, 0, false
	}
	rel := 0
	switch id.Value {
	case "members":
		rel = relMembers
	case "enemies":
		rel = relEnemies
	case "allies":
		rel = relAllies
	default:
		return nil, 0, false
	}
	p := c.ptr(args[0])
	return p, rel, p != nil
}

// fastOf is the native form of an expression, or nil.
func (r *Run) fastOf(ce *check.CExpr) *fexpr {
	return r.plan.fastExpr(ce)
}

// evalFast evaluates natively and boxes the value as expr-lang would.
func (r *Run) evalFast(ce *check.CExpr, fe *fexpr, fr reflect.Value) (any, error) {
	if fe.noBox {
		return r.evalVM(ce, fr)
	}
	return r.evalFastAt(ce, fe, addrOf(fr))
}

// evalFastAt is evalFast in the frame at f, for an expression whose
// value is boxed natively (not noBox).
func (r *Run) evalFastAt(ce *check.CExpr, fe *fexpr, f addr) (any, error) {
	mark := len(r.scratch)
	var v any
	var err error
	switch {
	case fe.boxed != nil:
		v, err = fe.boxed(r, f)
	case fe.i != nil:
		var x int
		x, err = fe.i(r, f)
		v = x
	case fe.b != nil:
		var x bool
		x, err = fe.b(r, f)
		v = x
	case fe.p != nil:
		var x addr
		x, err = fe.p(r, f)
		v = boxPtr(fe.tw, x)
	case fe.s != nil:
		var x string
		x, err = fe.s(r, f)
		v = x
	case fe.d != nil:
		var x stdlib.Dice
		x, err = fe.d(r, f)
		v = x
	case fe.f != nil:
		var x float64
		x, err = fe.f(r, f)
		v = x
	case fe.a != nil:
		v, err = fe.a(r, f)
	case fe.l != nil:
		var x []addr
		x, err = fe.l(r, f)
		if err == nil && fe.anyList {
			out := make([]any, len(x))
			for i, p := range x {
				out[i] = boxPtr(fe.tw, p)
			}
			v = out
		} else if err == nil {
			v = boxList(fe.rt, x).Interface()
		}
	}
	r.dropScratch(mark)
	if err != nil {
		return nil, r.nativeFailure(ce, err)
	}
	return v, nil
}

// fastRun runs a native function with the scratch space reclaimed after.
func fastRun[T any](r *Run, ce *check.CExpr, fn func(*Run, addr) (T, error), fr reflect.Value) (T, error) {
	mark := len(r.scratch)
	v, err := fn(r, addrOf(fr))
	r.dropScratch(mark)
	if err != nil {
		return v, r.nativeFailure(ce, err)
	}
	return v, nil
}

// fastRunP is fastRun on a frame's address.
func fastRunP[T any](r *Run, ce *check.CExpr, fn func(*Run, addr) (T, error), f addr) (T, error) {
	mark := len(r.scratch)
	v, err := fn(r, f)
	r.scratch = r.scratch[:mark]
	if err != nil {
		err = r.nativeFailure(ce, err)
	}
	return v, err
}

// evalBool evaluates a condition; anything but true is false.
func (r *Run) evalBool(ce *check.CExpr, fr reflect.Value) (bool, error) {
	if fe := r.fastOf(ce); fe != nil && fe.b != nil {
		return fastRun(r, ce, fe.b, fr)
	}
	v, err := r.eval(ce, fr)
	b, _ := v.(bool)
	return b, err
}

// evalDiscard evaluates for the effects and failures only.
func (r *Run) evalDiscard(ce *check.CExpr, fr reflect.Value) error {
	// The evaluator eval would take, so that a quiet run counts the same
	// work as a logged one: one whose value is not boxed natively (noBox)
	// goes to the VM there, which counts its own instructions.
	if fe := r.fastOf(ce); fe != nil && !fe.noBox {
		var err error
		switch {
		case fe.sl != nil:
			_, err = fastRun(r, ce, fe.sl, fr)
		case fe.i != nil:
			_, err = fastRun(r, ce, fe.i, fr)
		case fe.b != nil:
			_, err = fastRun(r, ce, fe.b, fr)
		case fe.s != nil:
			_, err = fastRun(r, ce, fe.s, fr)
		case fe.p != nil:
			_, err = fastRun(r, ce, fe.p, fr)
		case fe.d != nil:
			_, err = fastRun(r, ce, fe.d, fr)
		case fe.l != nil:
			_, err = fastRun(r, ce, fe.l, fr)
		case fe.a != nil:
			_, err = fastRun(r, ce, fe.a, fr)
		case fe.f != nil:
			_, err = fastRun(r, ce, fe.f, fr)
		}
		return err
	}
	_, err := r.eval(ce, fr)
	return err
}

// quietTemplate decides how a run nobody logs may go through an event's
// text: the parts that are native and can fail only by reading a field
// of a parameter that is nobody are skipped; it returns the indexes of
// the other parts, which the run still evaluates (they may roll, or stop
// the run), and the indexes of those parameters, to check at dispatch.
// ok is false when nothing may be skipped.
func (p *Plan) quietTemplate(ev *check.Event) (ok bool, roots []int, keep []int) {
	if ev.Template == nil {
		return true, nil, nil
	}
	names := map[string]bool{}
	for i, part := range ev.Template.Parts {
		if part.Expr == nil {
			continue
		}
		own := map[string]bool{}
		if part.Expr.ID >= len(p.fast) || !skippablePart(part.Expr, p.fast[part.Expr.ID]) || !p.cannotFail(part.Expr.Node, own) {
			keep = append(keep, i)
			continue
		}
		for name := range own {
			names[name] = true
		}
	}
	for name := range names {
		found := false
		for i, pi := range ev.Params {
			if pi.Name == name {
				roots = append(roots, i)
				found = true
			}
		}
		if !found {
			return false, nil, nil
		}
	}
	return true, roots, keep
}

// skippablePart reports whether a quiet run may skip a template part ce
// planned as fe: it is native, and not a list of strings nor any part
// that printsLong (a list, a value typed any: a local held untyped,
// none, c.x == 0 ? "" : c.x), which the log prints counting what it
// prints (renderLong): skipped, a quiet run (sim) counted a step fewer
// than the logged run of the same fight for each, and could stop at
// --max-steps elsewhere.
func skippablePart(ce *check.CExpr, fe *fexpr) bool {
	return fe != nil && fe.ss == nil && !printsLong(ce)
}

// quietLog decides, as quietTemplate does for events, how a run nobody
// logs may go through a log statement's template: the parts that are
// native and unable to fail but by reading a field of a local of the
// frame fr holding a combatant or side are skipped; it gives the indexes
// of the other parts, which the run still evaluates (they may roll, or
// stop the run: whole-number arithmetic beyond its range), and the
// skipped parts' locals' offsets, to check for somebody when the
// statement runs. ok is false when nothing may be skipped.
func (p *Plan) quietLog(t *check.Template, fr *check.Frame) (keep []int, offs []uintptr, ok bool) {
	roots := map[string]bool{}
	for i, part := range t.Parts {
		if part.Expr == nil {
			continue
		}
		own := map[string]bool{}
		if !skippablePart(part.Expr, p.fastExpr(part.Expr)) || !p.cannotFail(part.Expr.Node, own) {
			keep = append(keep, i)
			continue
		}
		for name := range own {
			roots[name] = true
		}
	}
	for _, ff := range fr.Fields {
		if !roots[ff.Name] {
			continue
		}
		s := slotIn(fr, ff.Index, nil)
		if !s.ok || s.t.Kind() != reflect.Pointer {
			return nil, nil, false
		}
		offs = append(offs, s.off)
		delete(roots, ff.Name)
	}
	return keep, offs, len(roots) == 0
}

// cannotFail reports whether a checked expression has no effects and can
// fail only by reading a field of one of the identifiers it adds to roots.
// A quiet run skips such a part of a log line or an event's text, so
// anything that can stop the run (whole-number overflow) is not one.
func (p *Plan) cannotFail(n ast.Node, roots map[string]bool) bool {
	cannotFail := p.cannotFail
	switch x := n.(type) {
	case *ast.IntegerNode, *ast.BoolNode, *ast.StringNode, *ast.NilNode, *ast.ConstantNode, *ast.IdentifierNode:
		return true
	case *ast.MemberNode:
		id, ok := x.Node.(*ast.IdentifierNode)
		if !ok || x.Optional || x.Method {
			return false
		}
		roots[id.Value] = true
		return true
	case *ast.UnaryNode:
		if x.Operator == "-" && !isFloat(x) {
			return false // -(-9223372036854775808) is an error
		}
		return cannotFail(x.Node, roots)
	case *ast.BinaryNode:
		switch x.Operator {
		case "+", "-", "*":
			// Whole numbers stop the run beyond their range, and a
			// string made by + over --max-string: only floats cannot.
			return isFloat(x) && cannotFail(x.Left, roots) && cannotFail(x.Right, roots)
		case "==", "!=", "<", "<=", ">", ">=", "&&", "||", "and", "or",
			"startsWith", "endsWith", "contains": // between strings: the checker saw to it
			return cannotFail(x.Left, roots) && cannotFail(x.Right, roots)
		}
	case *ast.ConditionalNode:
		return cannotFail(x.Cond, roots) && cannotFail(x.Exp1, roots) && cannotFail(x.Exp2, roots)
	case *ast.CallNode:
		// A total library function of a string, such as plural(name):
		// no world, no dice, an answer for every string.
		id, ok := x.Callee.(*ast.IdentifierNode)
		if !ok || p.funcs[id.Value] != nil || p.modifiers[id.Value] != nil || p.tables[id.Value] != nil {
			return false
		}
		if f := stdlib.Lookup(id.Value); f != nil && len(x.Arguments) == 1 {
			if _, total := f.Typed.(stdlib.TypedStrBool); total {
				return cannotFail(x.Arguments[0], roots)
			}
		}
	}
	return false
}

// isFloat reports whether the checker typed n a float.
func isFloat(n ast.Node) bool { return n.Type() != nil && n.Type().Kind() == reflect.Float64 }

// filterOf is the filter over combatants or sides that n is, or nil.
func (c *fastCompiler) filterOf(n ast.Node) *ast.BuiltinNode {
	b, ok := n.(*ast.BuiltinNode)
	if !ok || b.Name != "filter" || len(b.Arguments) != 2 || b.Map != nil || b.Threshold != nil {
		return nil
	}
	if !c.isEntityList(b.Arguments[0].Type()) {
		return nil
	}
	if _, ok := b.Arguments[1].(*ast.PredicateNode); !ok {
		return nil
	}
	return b
}

// predicate compiles the body of a predicate over the elements of a
// list of combatants or sides; # is the element, kept on the run's stack.
func (c *fastCompiler) predicate(n ast.Node) boolFn {
	p, ok := n.(*ast.PredicateNode)
	if !ok {
		return nil
	}
	c.preds++
	defer func() { c.preds-- }()
	return c.bool(p.Node)
}

func (c *fastCompiler) filter(b *ast.BuiltinNode) listFn {
	src, pred := c.list(b.Arguments[0]), c.predicate(b.Arguments[1])
	if src == nil || pred == nil {
		return nil
	}
	return func(r *Run, f addr) ([]addr, error) {
		list, err := src(r, f)
		if err != nil {
			return nil, err
		}
		if err := r.Work(len(list)); err != nil { // a predicate's visits count
			return nil, err
		}
		start := len(r.scratch)
		for _, e := range list {
			// Lists the predicate builds (members(.side), say) go on the
			// scratch space too: ofElem drops them before the element is
			// kept, or they would end up in the result.
			ok, err := ofElem(r, f, e, pred)
			if err != nil {
				return nil, err
			}
			if ok {
				r.scratch = append(r.scratch, e)
			}
		}
		return r.list(start), nil
	}
}

func (c *fastCompiler) count(b *ast.BuiltinNode) intFn {
	if len(b.Arguments) != 2 {
		return nil
	}
	// expr-lang's optimizer gives count(...) <= N a threshold: the count
	// stops there, which is all the comparison needs.
	stopAt := -1
	if b.Threshold != nil {
		stopAt = *b.Threshold
	}
	src, pred := c.list(b.Arguments[0]), c.predicate(b.Arguments[1])
	if src == nil || pred == nil || !c.entityListOf(b.Arguments[0]) {
		if fn := c.strCount(b, stopAt); fn != nil { // over strings: fast_strlists.go
			return fn
		}
		return c.intCount(b, stopAt) // over whole numbers: fast_int_preds.go
	}
	return func(r *Run, f addr) (int, error) {
		list, err := src(r, f)
		if err != nil {
			return 0, err
		}
		if err := r.Work(len(list)); err != nil { // a predicate's visits count
			return 0, err
		}
		n := 0
		for _, e := range list {
			ok, err := ofElem(r, f, e, pred)
			if err != nil {
				return 0, err
			}
			if ok {
				n++
				if n == stopAt {
					break
				}
			}
		}
		return n, nil
	}
}

// quantifier compiles any, all and none over combatants or sides; like
// expr-lang they stop at the first element that decides.
func (c *fastCompiler) quantifier(b *ast.BuiltinNode) boolFn {
	if len(b.Arguments) != 2 || (b.Name != "any" && b.Name != "all" && b.Name != "none") {
		return nil
	}
	// any stops at the first true; all at the first false; none at the first true.
	stopOn, empty := true, false
	if b.Name != "any" {
		stopOn, empty = b.Name == "none", true
	}
	src, pred := c.list(b.Arguments[0]), c.predicate(b.Arguments[1])
	if src == nil || pred == nil || !c.entityListOf(b.Arguments[0]) {
		if fn := c.strQuantifier(b, stopOn, empty); fn != nil { // over strings: fast_strlists.go
			return fn
		}
		return c.intQuantifier(b, stopOn, empty) // over whole numbers: fast_int_preds.go
	}
	return func(r *Run, f addr) (bool, error) {
		list, err := src(r, f)
		if err != nil {
			return false, err
		}
		if err := r.Work(len(list)); err != nil { // a predicate's visits count
			return false, err
		}
		for _, e := range list {
			ok, err := ofElem(r, f, e, pred)
			if err != nil {
				return false, err
			}
			if ok == stopOn {
				return !empty, nil
			}
		}
		return empty, nil
	}
}

// minMax compiles expr-lang's max and min of whole numbers.
func (c *fastCompiler) minMax(b *ast.BuiltinNode) intFn {
	if len(b.Arguments) < 1 {
		return nil
	}
	args := make([]intFn, len(b.Arguments))
	for i, a := range b.Arguments {
		if args[i] = c.int(a); args[i] == nil {
			return nil
		}
	}
	isMax := b.Name == "max"
	return func(r *Run, f addr) (int, error) {
		best := 0
		for i, a := range args {
			v, err := a(r, f)
			if err != nil {
				return 0, err
			}
			if i == 0 || isMax && v > best || !isMax && v < best {
				best = v
			}
		}
		return best, nil
	}
}

// anyFn evaluates to the value expr-lang would pass a function.
type anyFn func(r *Run, f addr) (any, error)

// boxed compiles n to its boxed value, or nil.
func (c *fastCompiler) boxed(n ast.Node) anyFn {
	fn, _ := c.boxedOrNone(n)
	return fn
}

// boxedOrNone is boxed, and whether its value may be none: a form that
// gives a value of one Go type (a whole number, a string, a table's row
// value boxed once) never is; a form typed any (first(l)?.name, typed a
// string) may be.
func (c *fastCompiler) boxedOrNone(n ast.Node) (anyFn, bool) {
	if k := constBoxed(n); k != nil && n.Type() != nil {
		return k, false
	}
	untyped := c.untyped
	fe := c.node(n)
	if fe == nil || c.untyped != untyped {
		return nil, false // a nil of first would need expr-lang's untyped nil
	}
	return boxedForm(fe), fe.boxed == nil && fe.a != nil
}

// boxedForm is the boxed form of a compiled expression.
func boxedForm(fe *fexpr) anyFn {
	switch {
	case fe.boxed != nil:
		return fe.boxed
	case fe.i != nil:
		return func(r *Run, f addr) (any, error) { return fe.i(r, f) }
	case fe.b != nil:
		return func(r *Run, f addr) (any, error) { return fe.b(r, f) }
	case fe.s != nil:
		return func(r *Run, f addr) (any, error) { return fe.s(r, f) }
	case fe.d != nil:
		return func(r *Run, f addr) (any, error) { return fe.d(r, f) }
	case fe.f != nil:
		return func(r *Run, f addr) (any, error) { return fe.f(r, f) }
	case fe.p != nil:
		tw := typeWord(fe.rt)
		return func(r *Run, f addr) (any, error) {
			p, err := fe.p(r, f)
			return boxPtr(tw, p), err
		}
	case fe.a != nil:
		return fe.a
	}
	return nil
}

// modifierCall compiles a call of a modifiers block of the ruleset:
// its arguments set in the block's frame natively when they can be
// (fast_modifier.go), else boxed for Run.Modifier.
func (c *fastCompiler) modifierCall(x *ast.CallNode, name string, args []ast.Node) intFn {
	if fn := c.modifierDirect(x, name, args); fn != nil {
		return fn
	}
	fns := make([]anyFn, len(args))
	for i, a := range args {
		if fns[i] = c.boxed(a); fns[i] == nil {
			return nil
		}
	}
	in := c.ce
	return withArgs(fns, func(r *Run, args []any) (int, error) {
		v, err := r.Modifier(name, args)
		if err != nil && r.callFailed {
			r.callFailed = false
			err = failedAtCall(r, in, x, err) // fast_modifier.go
		}
		return v, err
	})
}
