package dsl

import (
	"fmt"
	"reflect"

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
		at := rangeAt(fd.Pos, "fn")
		if _, dup := c.m.Funcs[fd.Name]; dup {
			c.errorf(CodeDuplicate, at, "rename one of them", "fn %s declared twice", fd.Name)
			continue
		}
		f := &Func{Name: fd.Name, Decl: fd, Frame: c.newFrame("fn " + fd.Name)}
		f.Params = c.params(f.Frame, fd.Params)
		if len(f.Params) != len(fd.Params) {
			continue // a parameter's type was reported
		}
		for _, p := range fd.Params {
			if p.Default != nil {
				c.errorf(CodeArgs, RangeOf(p.Default.Pos, p.Default.EndPos), "a function is called with every argument; drop the default", "parameter %s of fn %s has a default", p.Name, fd.Name)
			}
		}
		f.Result = c.resolveType(fd.Result)
		if f.Result == nil {
			continue
		}
		// A list of combatants or sides may also come untyped, as
		// filter(...) and map(...) give them: a second signature takes
		// []any there, and the call converts it.
		in := []reflect.Type{ctxType}
		loose := []reflect.Type{ctxType}
		lists := map[int]*Type{}
		for i, p := range f.Params {
			in = append(in, p.Type.R)
			if p.Type.Kind == KList && p.Type.Elem != nil && (p.Type.Elem.Kind == KCombatant || p.Type.Elem.Kind == KSide) {
				loose = append(loose, reflect.SliceOf(anyType))
				lists[i] = p.Type
			} else {
				loose = append(loose, p.Type.R)
			}
		}
		name := fd.Name
		impl := func(args ...any) (any, error) {
			w, ok := args[0].(stdlib.World)
			if !ok {
				return nil, fmt.Errorf("fn %s needs a running fight", name)
			}
			for i, t := range lists {
				if l, ok := args[1+i].([]any); ok {
					kind := stdlib.Combatants
					if t.Elem.Kind == KSide {
						kind = stdlib.Sides
					}
					typed, err := typedList(l, t.R, kind)
					if err != nil {
						return nil, fmt.Errorf("fn %s: %w", name, err)
					}
					args[1+i] = typed
				}
			}
			return w.Call(name, args[1:])
		}
		sigs := []reflect.Type{reflect.FuncOf(in, []reflect.Type{f.Result.R}, false)}
		if len(lists) > 0 {
			sigs = append(sigs, reflect.FuncOf(loose, []reflect.Type{f.Result.R}, false))
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
		f.Body = c.compile(fd.Body, f.Frame, func(string) bool { return true }, f.Result)
	}
}
