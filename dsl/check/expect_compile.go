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
// refused where it is written (foldOverflow). A failure explains the
// expectation as written, from a tree parsed alone: the checked tree has
// `int(x)` of a float as `__int(x)`, `1..n` as `__range(1, n)` and
// findLast as a forward loop (which did not even compile again when
// printed), and the bytecode's has `a + b` as `__add(a, b)`.

// CompiledExpect is an expectation, or a part of one, compiled.
type CompiledExpect struct {
	// Written is the text parsed alone, untyped and unpatched: what a
	// failure explains, its parts printed as written and compiled again.
	Written ast.Node
	// Tree is the typed tree, patched and optimized: what the work of
	// the expectation is estimated from.
	Tree ast.Node
	// Program is Tree's bytecode, its whole-number arithmetic checked.
	Program *vm.Program
}

// CompileExpect compiles text, an expectation or a part of one, against
// env with expectOptions and ops: expr.Compile, but for the whole
// numbers and the tree kept as written.
func CompileExpect(text string, env any, ops ...expr.Option) (*CompiledExpect, error) {
	config := conf.CreateNew()
	for _, op := range append(append(expectOptions(), expr.Env(env)), ops...) {
		op(config)
	}
	for name := range config.Disabled {
		delete(config.Builtins, name)
	}
	config.Check()
	written, err := exprparser.ParseWithConfig(text, config)
	if err != nil {
		return nil, err
	}
	floatsAsWritten(&written.Node, text) // expect_written.go
	tree, err := exprchecker.ParseCheck(text, config)
	if err != nil {
		return nil, err
	}
	if fe := foldOverflow(&tree.Node); fe != nil {
		return nil, fe.Bind(tree.Source)
	}
	if config.Optimize {
		if err := optimizer.Optimize(&tree.Node, config); err != nil {
			var fe *file.Error
			if errors.As(err, &fe) {
				return nil, fe.Bind(tree.Source)
			}
			return nil, err
		}
	}
	prog, err := compiler.Compile(&exprparser.Tree{Node: vmTree(tree.Node, false), Source: tree.Source}, config)
	if err != nil {
		return nil, err
	}
	return &CompiledExpect{Written: written.Node, Tree: tree.Node, Program: prog}, nil
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
