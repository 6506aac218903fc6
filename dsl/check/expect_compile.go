package check

import (
	"errors"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	exprchecker "github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/optimizer"
	exprparser "github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"

	"github.com/frayrules/fray/stdlib"
)

// An expectation's whole-number arithmetic stops the test where Go's
// would wrap round, as a rule's stops the fight: its bytecode is
// compiled from a copy of its tree with the operators checked (vmTree,
// wholes_vm.go), and arithmetic of literals beyond the whole numbers is
// refused where it is written (foldOverflow). The tree kept is the one
// written, so that a failure's explanation shows `a + b`, not the call
// the VM makes of it.

// CompileExpect compiles text, an expectation or a part of one, against
// env with expectOptions and ops: expr.Compile, but for the whole
// numbers. It returns the typed tree as written (for the estimates of
// its work and a failure's explanation) and the bytecode to run.
func CompileExpect(text string, env any, ops ...expr.Option) (ast.Node, *vm.Program, error) {
	config := conf.CreateNew()
	for _, op := range append(append(expectOptions(), expr.Env(env)), ops...) {
		op(config)
	}
	for name := range config.Disabled {
		delete(config.Builtins, name)
	}
	config.Check()
	tree, err := exprchecker.ParseCheck(text, config)
	if err != nil {
		return nil, nil, err
	}
	if fe := foldOverflow(&tree.Node); fe != nil {
		return nil, nil, fe.Bind(tree.Source)
	}
	if config.Optimize {
		if err := optimizer.Optimize(&tree.Node, config); err != nil {
			var fe *file.Error
			if errors.As(err, &fe) {
				return nil, nil, fe.Bind(tree.Source)
			}
			return nil, nil, err
		}
	}
	prog, err := compiler.Compile(&exprparser.Tree{Node: vmTree(tree.Node), Source: tree.Source}, config)
	if err != nil {
		return nil, nil, err
	}
	return tree.Node, prog, nil
}

// wholesOptions are the checked functions vmTree calls, for an
// expectation's bytecode.
func wholesOptions() []expr.Option {
	two := func(op func(a, b any) (any, error)) func(...any) (any, error) {
		return func(p ...any) (any, error) { return op(p[0], p[1]) }
	}
	one := func(op func(any) (any, error)) func(...any) (any, error) {
		return func(p ...any) (any, error) { return op(p[0]) }
	}
	return []expr.Option{
		expr.Function(stdlib.AddFunc, two(stdlib.AnyAdd), new(func(any, any) any)),
		expr.Function(stdlib.SubFunc, two(stdlib.AnySub), new(func(any, any) any)),
		expr.Function(stdlib.MulFunc, two(stdlib.AnyMul), new(func(any, any) any)),
		expr.Function(stdlib.NegFunc, one(stdlib.AnyNeg), new(func(any) any)),
		expr.Function(stdlib.AbsFunc, one(stdlib.AnyAbs), new(func(any) any)),
	}
}
