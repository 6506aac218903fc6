package check

import (
	"fmt"
	"reflect"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// declareFuncs registers every function's signature first, so that
// bodies may call any function of the file (including, with care, their
// own), then checkFuncs compiles the bodies.
func (c *checker) declareFuncs() {
	for _, d := range c.f.Decls {
		fd := d.Func
		if fd == nil {
			continue
		}
		at := syntax.RangeAt(fd.Pos, "fn")
		if fd.Choice { // slots.go: a choice point
			at = syntax.RangeAt(fd.Pos, "choice")
		}
		if _, dup := c.m.Funcs[fd.Name]; dup {
			c.errorf(diag.CodeDuplicate, at, "rename one of them", "fn %s declared twice", fd.Name)
			continue
		}
		f := &Func{Name: fd.Name, Decl: fd, Frame: c.newFrame("fn " + fd.Name), Block: fd.Block}
		f.Params = c.params(f.Frame, fd.Params)
		if len(f.Params) != len(fd.Params) {
			continue // a parameter's type was reported
		}
		for _, p := range fd.Params {
			if p.Default != nil {
				c.errorf(diag.CodeArgs, syntax.RangeOf(p.Default.Pos, p.Default.EndPos), "a function is called with every argument; drop the default", "parameter %s of fn %s has a default", p.Name, fd.Name)
			}
		}
		if fd.Choice && !c.choiceDecl(fd, f, at) {
			continue
		}
		if fd.Result == nil { // v2: proc.go
			if !c.declareProcNoResult(f, at) {
				continue
			}
			f.Result = c.u.Any // reported (F604); its uses are not reported again
		} else {
			f.Result = c.resolveType(fd.Result)
		}
		if f.Result == nil || fd.Choice && !c.choiceResult(fd, f, at) {
			continue
		}
		f.Choice = fd.Choice
		if f.Block != nil {
			c.procResult(f) // v2: proc.go
		}
		in, lists := paramTypes(f.Params)
		name := fd.Name
		impl := func(args ...any) (any, error) {
			w, ok := args[0].(stdlib.World)
			if !ok {
				return nil, fmt.Errorf("fn %s needs a running fight", name)
			}
			if err := lists.convert("fn "+name, args); err != nil {
				return nil, err
			}
			return w.Call(name, args[1:])
		}
		out := []reflect.Type{f.Result.R}
		sigs := []reflect.Type{reflect.FuncOf(in, out, false)}
		for _, loose := range lists.loose(in) {
			sigs = append(sigs, reflect.FuncOf(loose, out, false))
		}
		if c.defineFunc(name, at, impl, sigs...) {
			c.m.Funcs[name] = f
		}
	}
}

// checkFuncs compiles each function's body against its declared result.
func (c *checker) checkFuncs() {
	for _, d := range c.f.Decls {
		fd := d.Func
		if fd == nil {
			continue
		}
		f := c.m.Funcs[fd.Name]
		if f == nil || f.Decl != fd {
			continue
		}
		if f.Block != nil {
			c.checkProc(f) // v2: proc.go
			continue
		}
		f.Body = c.compile(fd.Body, f.Frame, func(string) bool { return true }, f.Result)
	}
}

// paramTypes is the Go signature's parameters of a fn or modifiers
// block (the fight, then each parameter), and its list parameters: a
// list may also come untyped, as filter(...), map(...), concat(...), a
// range (1..3) or a list literal give it, converted to the parameter's
// type when called (a list of combatants was; one of whole numbers was
// refused, F103, though a range is one).
func paramTypes(ps []*ParamInfo) ([]reflect.Type, untypedLists) {
	in := []reflect.Type{ctxType}
	lists := untypedLists{off: 1}
	for _, p := range ps {
		in = append(in, p.Type.R)
		if p.Type.Kind == KList && p.Type.R != nil {
			lists.add(p.Type.R, stdlib.Kind(p.Type.String()))
		} else {
			lists.add(nil, "")
		}
	}
	return in, lists
}
