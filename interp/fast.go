package interp

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/stdlib"
)

// The expressions of rule files are evaluated natively where they can
// be, without the expr VM: when a plan is lowered, each compiled
// expression whose checked syntax tree uses only forms the compiler
// covers becomes a tree of Go closures that read the frame and the
// combatants through field offsets (with mem_unsafe's accessors, the
// only place that touches memory by address). An expression with any
// other form stays with expr-lang. Both give the same values, the same
// rolls in the same order, and the same error messages; fast_test.go
// checks that on every expression of the repository.
//
// This file is the compiler's core: what a native expression is
// (fexpr), the compiler of one (fastCompiler, compileFast) and node,
// which chooses by the type expr-lang gives; each kind of value and
// form is compiled in a fast_*.go file of its own (doc.go maps them).

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

// constFn is a native expression that always gives v.
func constFn[T any](v T) func(*Run, addr) (T, error) {
	return func(*Run, addr) (T, error) { return v, nil }
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
