package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/stdlib"
)

// A line made of a list of strings, natively:
//
//	let by = groupBy(living(combatants), .kind)
//	log "{join(map(sort(keys(by)), # + ': ' + string(len(by[#]))), ', ')}"
//	log "{join(map(c.tags, upper(#)), ' ')}"
//
// join(map(L, s), sep) was native over combatants and sides (joinMap)
// and over whole numbers (joinMapInts); over the keys of a map groupBy
// made by a string, or a list of strings kept or made, it ran in
// expr-lang's VM with the expression around it. Each item visited counts
// a step, as a map's visits do, and # is the item (Run.strElems).

// joinMapStrs compiles join(map(L, string), separator) where L is a list
// of strings (fast_strlists.go); nil for anything else.
func (c *fastCompiler) joinMapStrs(x *ast.CallNode) strFn {
	f, args := c.libFunc(x)
	if f == nil || f != joinFunc || len(args) != 2 {
		return nil
	}
	m, ok := args[0].(*ast.BuiltinNode)
	if !ok || m.Name != "map" || len(m.Arguments) != 2 {
		return nil
	}
	p, ok := m.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return nil
	}
	src, _ := c.strList(m.Arguments[0])
	sep := c.str(args[1])
	if src == nil || sep == nil {
		return nil
	}
	c.preds++
	each := c.str(p.Node)
	c.preds--
	if each == nil {
		return nil
	}
	return func(r *Run, f addr) (string, error) {
		list, err := src(r, f)
		if err != nil {
			return "", err
		}
		if err := r.Work(len(list)); err != nil { // a map's visits count
			return "", err
		}
		start := len(r.strs)
		defer func() {
			clear(r.strs[start:])
			r.strs = r.strs[:start]
		}()
		for _, item := range list {
			mark := len(r.scratch)
			r.strElems = append(r.strElems, item)
			s, err := each(r, f)
			r.strElems = r.strElems[:len(r.strElems)-1]
			r.dropScratch(mark)
			if err != nil {
				return "", err
			}
			r.strs = append(r.strs, s)
		}
		sv, err := sep(r, f)
		if err != nil {
			return "", err
		}
		return stdlib.JoinStrings(r, r.strs[start:], sv)
	}
}
