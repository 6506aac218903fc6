package interp

import "github.com/expr-lang/expr/ast"

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
	list, item, sepNode, ok := c.joinOfMap(x)
	if !ok {
		return nil
	}
	src, _ := c.strList(list)
	sep := c.str(sepNode)
	if src == nil || sep == nil {
		return nil
	}
	c.preds++
	each := c.str(item)
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
		defer r.dropStrs(start)
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
		return r.joinStrs(f, start, sep)
	}
}
