package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// The world functions of stdlib.Funcs that take a combatant and give a
// number or a truth value, specialised: the native call hands the
// combatant's address to the same code the World method (world.go,
// declared.go) runs after unboxing its argument, so each has one
// implementation. Any other library function is called natively
// through its table entry (fast_stdlib.go). TestWorldCallsAreLibrary
// checks every name here is a function of the library.

// worldBoolCalls compile calls giving a truth value; worldIntCalls, a
// whole number. (Filled by init: the compilers refer to these tables.)
var (
	worldBoolCalls map[string]func(c *fastCompiler, args []ast.Node) boolFn
	worldIntCalls  map[string]func(c *fastCompiler, args []ast.Node) intFn
)

func init() {
	worldBoolCalls = map[string]func(c *fastCompiler, args []ast.Node) boolFn{"pending": compilePending, "has": compileHas}
	worldIntCalls = map[string]func(c *fastCompiler, args []ast.Node) intFn{"declared_int": compileDeclaredInt}
}

func compilePending(c *fastCompiler, args []ast.Node) boolFn {
	who, label := c.ptr(args[0]), c.str(args[1])
	if who == nil || label == nil {
		return nil
	}
	return func(r *Run, f addr) (bool, error) {
		p, err := who(r, f)
		if err != nil {
			return false, err
		}
		l, err := label(r, f)
		if err != nil {
			return false, err
		}
		return r.pendingP(p, l), nil
	}
}

func compileDeclaredInt(c *fastCompiler, args []ast.Node) intFn {
	who, name := c.ptr(args[0]), c.str(args[1])
	if who == nil || name == nil {
		return nil
	}
	return func(r *Run, f addr) (int, error) {
		p, err := who(r, f)
		if err != nil {
			return 0, err
		}
		n, err := name(r, f)
		if err != nil {
			return 0, err
		}
		return r.declaredIntP(p, n)
	}
}

// worldCall finds the specialisation of a call x in table, nil if none.
func worldCall[F any](c *fastCompiler, table map[string]func(*fastCompiler, []ast.Node) F, x *ast.CallNode) (F, bool) {
	var zero F
	f, args := c.libFunc(x)
	if f == nil || table[f.Name] == nil {
		return zero, false
	}
	return table[f.Name](c, args), true
}

// isAllCombatants reports whether n is the global list of every
// combatant (`combatants`).
func (c *fastCompiler) isAllCombatants(n ast.Node) bool {
	id, ok := n.(*ast.IdentifierNode)
	if !ok {
		return false
	}
	ff := c.fr.Lookup(id.Value)
	return ff != nil && ff.Global && ff.Index == check.GCombatants
}
