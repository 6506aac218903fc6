package interp

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// The lists an expression walks in expr-lang's VM count. The native
// evaluator counts a step for every item a filter, map or sortBy visits
// (fast*.go), but expr-lang's VM counts none: filter(l, # > 0), sum(l),
// uniq(l) or `x in l` over a 400 000-item list held in a local was one
// step, and a loop of them ran for minutes. So before the VM runs such
// an expression, the run counts, from the lists it reads (the frame's
// locals and parameters, and the attributes of the combatants and sides
// they hold, that the expression names), the items its walks can visit:
// its loops' iterations with every list as long as the longest of them
// (check.Iterations, the bound the checker puts on a constant
// expression), plus that length for each walk outside a loop (`in`,
// `==` of lists, sum, max, ...), a step for every 8; and a step for
// every item of each built-in that makes a map or a list of them (uniq,
// groupBy, keys, sort, ...: a hash or a copy an item, some ten times a
// comparison). uniq's comparisons of every item with those kept before
// it are counted where its list is made, whoever made it
// (stdlib.PairsFunc, which the checker hands it through). Walks of 64
// items or fewer in all are not counted: a step already pays for them.

// vmWalk is what the run reads before the VM runs an expression that
// walks lists.
type vmWalk struct {
	node  ast.Node
	roots [][]int // field paths from the frame's struct to the lists it reads
	walks int     // walks outside a predicate (in, ==, sum, max, ...)
	makes int     // built-ins that make a map or list of the items (uniq, groupBy, ...)
}

// walkFreeLen is the most items the walks' count leaves out.
const walkFreeLen = 64

// listWalks are expr-lang's built-ins that walk a list or map given
// them, without a predicate (those with one count in check.Iterations).
var listWalks = map[string]bool{"sum": true, "mean": true, "max": true, "min": true, "join": true}

// listMakes are those that make a map or a list of the items they walk.
var listMakes = map[string]bool{
	"groupBy": true, "keys": true, "values": true, "toPairs": true, "fromPairs": true,
	"sort": true, "sortBy": true, "median": true, "reverse": true, "concat": true, "flatten": true,
	"take": true, "map": true, "uniq": true,
}

// orderedMapCalls are the calls that stand for expr-lang's built-ins of
// the same names (stdlib.OrderedMapOptions).
var orderedMapCalls = map[string]bool{"keys": true, "values": true, "toPairs": true}

// vmWalkOf plans the count of ce's walks, or nil when it walks no list
// (or reads none the count can find).
func (p *Plan) vmWalkOf(ce *check.CExpr) *vmWalk {
	if ce == nil || ce.Node == nil || ce.Frame == nil || ce.Frame.R == nil {
		return nil
	}
	w := &vmWalk{node: ce.Node}
	walksLists := false
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		switch x := n.(type) {
		case *ast.BuiltinNode:
			if len(x.Arguments) > 0 && (listWalks[x.Name] || listMakes[x.Name] || isListKind(x.Arguments[0].Type())) {
				walksLists = true
				switch {
				case listMakes[x.Name]:
					w.makes++
				case listWalks[x.Name]:
					w.walks++
				}
			}
		case *ast.CallNode:
			// keys, values and toPairs are the library's, in key order
			// (stdlib.OrderedMapOptions): each copies and sorts the map.
			if id, ok := x.Callee.(*ast.IdentifierNode); ok && orderedMapCalls[id.Value] && len(x.Arguments) > 0 {
				walksLists = true
				w.makes++
			}
		case *ast.BinaryNode:
			if (x.Operator == "in" || x.Operator == "==" || x.Operator == "!=") && (isListKind(x.Right.Type()) || isListKind(x.Left.Type())) {
				walksLists = true
				w.walks++
			}
		case *ast.IdentifierNode:
			if path, ok := rootPath(ce.Frame.R, x.Value, ""); ok {
				w.roots = append(w.roots, path)
			}
		case *ast.MemberNode:
			id, ok1 := x.Node.(*ast.IdentifierNode)
			prop, ok2 := x.Property.(*ast.StringNode)
			if ok1 && ok2 {
				if path, ok := rootPath(ce.Frame.R, id.Value, prop.Value); ok {
					w.roots = append(w.roots, path)
				}
			}
		}
	}
	ast.Find(ce.Node, func(n ast.Node) bool { visit(n); return false })
	if !walksLists || len(w.roots) == 0 {
		return nil
	}
	return w
}

// isListKind reports whether t is a list or a map.
func isListKind(t reflect.Type) bool {
	return t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Map)
}

// rootPath is the field path from the frame's struct fr to its field
// name (a local, a parameter) and, if attr is set, on to that attribute
// of the combatant or side the field holds; ok only when it ends in a
// list or a map.
func rootPath(fr reflect.Type, name, attr string) ([]int, bool) {
	f, ok := tagField(fr, name)
	if !ok {
		return nil, false
	}
	path := []int{f.Index[0]}
	t := f.Type
	if attr != "" {
		if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
			return nil, false
		}
		a, ok := tagField(t.Elem(), attr)
		if !ok {
			return nil, false
		}
		path, t = append(path, a.Index[0]), a.Type
	}
	return path, isListKind(t)
}

// tagField is the field of struct type t with that expr-lang name (the
// first, if two have it), found in t's index of its fields' names
// (check.ExprField), made once a type. Read field by field, each look-up
// went through every field before it: planning a ruleset of 20 000
// constants, each reading the one before, was 20 000²/2 tags read (12 s
// of CPU; 100 000, minutes), and an assignment whose target is found
// while running (e.a49999 = 1 of e typed any, under 50 000 attributes),
// a step of work, read 50 000 tags each time (a loop of a million, past
// 60 s).
func tagField(t reflect.Type, name string) (reflect.StructField, bool) {
	return check.ExprField(t, name)
}

// count counts the walks' work of one evaluation in the frame fr (a
// pointer to the frame's struct).
func (w *vmWalk) count(r *Run, fr reflect.Value) error {
	longest := 0
	for _, path := range w.roots {
		v := fr.Elem().Field(path[0])
		if len(path) > 1 {
			if v.IsNil() {
				continue
			}
			v = v.Elem().Field(path[1])
		}
		longest = max(longest, v.Len())
	}
	if longest == 0 {
		return nil
	}
	// The walks' items, nested predicates multiplied: a short list read
	// in a predicate inside a predicate over it is its length squared
	// (64 items: 4096 a step, uncounted while the list's length alone
	// was compared with walkFreeLen, and a loop of them ran past 60 s).
	n := check.Iterations(w.node, longest) + w.walks*longest + 8*w.makes*longest
	if n <= walkFreeLen {
		return nil
	}
	return r.Work(n / 8)
}
