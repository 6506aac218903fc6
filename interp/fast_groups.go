package interp

import (
	"cmp"
	"reflect"
	"slices"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
)

// Maps groupBy makes of combatants or sides, natively
// (dsl/check/group_maps.go types them):
//
//	let hordes = groupBy(living(combatants), .kind)
//	for k in sort(keys(hordes)) {
//	  log "{k}: {join(map(hordes[k], .name), ', ')}"
//	}
//	log "{len(cars[s.name] ?? [])} aboard"
//
// The map is the VM's own, map[any][]any (the frame's field holds it,
// and any expression left to the VM reads it as before): groupBy builds
// it as the VM does (a new map, each key boxed as the predicate gives
// it, each list the items boxed in their order); keys and sort(keys(m))
// give its keys in order (the library's keys sorts them as sort.Strings
// does: stdlib/sorted_maps.go); m[k] reads the list as addresses, nil
// for a missing key (a nil list, which ?? [] and len read as empty).

// groupsT is the type expr-lang gives groupBy's map.
var groupsT = reflect.TypeFor[map[any][]any]()

// groupsOf is what n holds when it is a local holding a map groupBy
// made of combatants or sides; nil otherwise.
func (c *fastCompiler) groupsOf(n ast.Node) *check.Grouping {
	id, ok := n.(*ast.IdentifierNode)
	if !ok {
		return nil
	}
	if ff := c.fr.Lookup(id.Value); ff != nil && !ff.Global && ff.Type.R == groupsT {
		return ff.Type.Groups
	}
	return nil
}

// groupsLocal reads such a local's map from the frame; nil when n is
// not one.
func (c *fastCompiler) groupsLocal(n ast.Node) func(f addr) map[any][]any {
	if c.groupsOf(n) == nil {
		return nil
	}
	off, ok := c.frameSlot(n)
	if !ok {
		return nil
	}
	return func(f addr) map[any][]any { return load[map[any][]any](f, off) }
}

// groupBy compiles groupBy(L, PREDICATE) of a list of combatants or
// sides by a string or a whole number: the map, boxed as the VM gives
// it. Each item the predicate visits counts as work, as a predicate's
// visits do.
func (c *fastCompiler) groupBy(n ast.Node) anyFn {
	b, ok := n.(*ast.BuiltinNode)
	if !ok || b.Name != "groupBy" || len(b.Arguments) != 2 || b.Map != nil {
		return nil
	}
	p, ok := b.Arguments[1].(*ast.PredicateNode)
	elem := c.listElem(b.Arguments[0])
	if !ok || elem == nil {
		return nil
	}
	src := c.list(b.Arguments[0])
	var key func(r *Run, f, e addr) (any, error)
	c.preds++
	switch c.typeOf(p.Node) {
	case strT:
		if s := c.str(p.Node); s != nil {
			key = func(r *Run, f, e addr) (any, error) { return ofElem(r, f, e, s) }
		}
	case intT:
		if i := c.int(p.Node); i != nil {
			key = func(r *Run, f, e addr) (any, error) { return ofElem(r, f, e, i) }
		}
	}
	c.preds--
	if src == nil || key == nil {
		return nil
	}
	tw := typeWord(elem)
	return func(r *Run, f addr) (any, error) {
		l, err := src(r, f)
		if err != nil {
			return nil, err
		}
		if err := r.Work(len(l)); err != nil {
			return nil, err
		}
		m := map[any][]any{}
		for _, e := range l {
			k, err := key(r, f, e)
			if err != nil {
				return nil, err
			}
			m[k] = append(m[k], boxPtr(tw, e))
		}
		return m, nil
	}
}

// groupIndexElem is the type of the items of n when n is M[K] or
// M[K] ?? [] of a local M holding a map groupBy made; nil otherwise.
func (c *fastCompiler) groupIndexElem(n ast.Node) reflect.Type {
	if b, ok := n.(*ast.BinaryNode); ok && b.Operator == "??" {
		if arr, ok := b.Right.(*ast.ArrayNode); !ok || len(arr.Nodes) != 0 {
			return nil
		}
		n = b.Left
	}
	m, ok := n.(*ast.MemberNode)
	if !ok || m.Optional || m.Method {
		return nil
	}
	if g := c.groupsOf(m.Node); g != nil && g.List.R != nil {
		return g.List.R.Elem()
	}
	return nil
}

// groupIndexKey compiles the parts of M[K] (or M[K] ?? []) of such a
// local, K of the map's key type: the map's read and the key, boxed as
// the map holds it; nils when n is not that.
func (c *fastCompiler) groupIndexKey(n ast.Node) (func(f addr) map[any][]any, func(r *Run, f addr) (any, error)) {
	if c.groupIndexElem(n) == nil {
		return nil, nil
	}
	if b, ok := n.(*ast.BinaryNode); ok {
		n = b.Left
	}
	m := n.(*ast.MemberNode)
	var key func(r *Run, f addr) (any, error)
	switch g := c.groupsOf(m.Node); {
	case g.Key.Kind == check.KString && c.typeOf(m.Property) == strT:
		if s := c.str(m.Property); s != nil {
			key = func(r *Run, f addr) (any, error) { return s(r, f) }
		}
	case g.Key.Kind == check.KInt && c.typeOf(m.Property) == intT:
		if i := c.int(m.Property); i != nil {
			key = func(r *Run, f addr) (any, error) { return i(r, f) }
		}
	}
	read := c.groupsLocal(m.Node)
	if read == nil || key == nil {
		return nil, nil
	}
	return read, key
}

// groupIndexLen compiles len(M[K]) (or of M[K] ?? []): the length of
// the list held, read without copying it (the VM's len is one step
// whatever the length; a copy would be a walk of the list).
func (c *fastCompiler) groupIndexLen(n ast.Node) intFn {
	read, key := c.groupIndexKey(n)
	if read == nil {
		return nil
	}
	return func(r *Run, f addr) (int, error) {
		k, err := key(r, f)
		if err != nil {
			return 0, err
		}
		return len(read(f)[k]), nil
	}
}

// groupIndex compiles M[K] (or M[K] ?? []) of such a local, K of the
// map's key type: the list the map holds for K, nil when it holds none
// (the VM's nil list, which ?? [] makes the empty list: both read as
// empty). The items are copied into the run's scratch space as
// addresses; len(M[K]) reads the length alone (groupIndexLen).
func (c *fastCompiler) groupIndex(n ast.Node) listFn {
	read, key := c.groupIndexKey(n)
	if read == nil {
		return nil
	}
	return func(r *Run, f addr) ([]addr, error) {
		k, err := key(r, f)
		if err != nil {
			return nil, err
		}
		held := read(f)[k]
		if held == nil {
			return nil, nil
		}
		// The copy is a walk of the list, counted as the VM counts its
		// walks (a step for every 8 items), whatever reads it after.
		if err := r.Work(len(held) / 8); err != nil {
			return nil, err
		}
		start := len(r.scratch)
		for _, v := range held {
			r.scratch = append(r.scratch, unboxPtr(v))
		}
		return r.list(start), nil
	}
}

// groupKeys compiles keys(M) of such a local by keys of type T (a
// string, kind KString, or a whole number, KInt), and sort of it
// (ascending, the order keys gives already: stdlib's keyLess orders
// strings by bytes and numbers by value, as slices.Sort does): a new
// list of its keys in order, counted as work (the VM's keys copies and
// sorts them).
func groupKeys[T string | int](c *fastCompiler, n ast.Node, kind check.TypeKind) func(*Run, addr) ([]T, error) {
	if x, ok := n.(*ast.CallNode); ok && len(x.Arguments) == 1 {
		// $keys_s(keys(M)): the checker's typing of the keys a builtin
		// with a predicate reads (check/group_maps.go).
		if id, ok := x.Callee.(*ast.IdentifierNode); ok && (id.Value == check.KeysStrings || id.Value == check.KeysInts) {
			n = x.Arguments[0]
		}
	}
	m := check.KeysOf(n)
	if m == nil {
		return nil
	}
	g, read := c.groupsOf(m), c.groupsLocal(m)
	if g == nil || read == nil || g.Key.Kind != kind {
		return nil
	}
	return func(r *Run, f addr) ([]T, error) {
		m := read(f)
		if err := r.Work(len(m)); err != nil {
			return nil, err
		}
		out := make([]T, 0, len(m))
		for k := range m {
			v, _ := k.(T) // every key is one: the predicate's type
			out = append(out, v)
		}
		slices.Sort(out)
		return out, nil
	}
}

// groupsValue compiles groupBy(...) of combatants or sides, or a local
// holding such a map: the map, boxed as the VM gives it.
func (c *fastCompiler) groupsValue(n ast.Node) anyFn {
	if read := c.groupsLocal(n); read != nil {
		return func(_ *Run, f addr) (any, error) { return read(f), nil }
	}
	return c.groupBy(n)
}

// grouping is the type of the items of the map n holds or makes, and the
// kind of its keys: n a local holding a map groupBy made of combatants
// or sides, or such a groupBy(...) itself (its key a string or a whole
// number); nil and 0 otherwise.
func (c *fastCompiler) grouping(n ast.Node) (reflect.Type, check.TypeKind) {
	if g := c.groupsOf(n); g != nil {
		if g.List.R == nil || g.Key.Kind != check.KString && g.Key.Kind != check.KInt {
			return nil, 0
		}
		return g.List.R.Elem(), g.Key.Kind
	}
	b, ok := n.(*ast.BuiltinNode)
	if !ok || b.Name != "groupBy" || len(b.Arguments) != 2 || b.Map != nil {
		return nil, 0
	}
	p, ok := b.Arguments[1].(*ast.PredicateNode)
	elem := c.listElem(b.Arguments[0])
	if !ok || elem == nil {
		return nil, 0
	}
	switch c.typeOf(p.Node) {
	case strT:
		return elem, check.KString
	case intT:
		return elem, check.KInt
	}
	return nil, 0
}

// groupsInOrder compiles the lists of the map n holds or makes
// (grouping), in the order of their keys, which is the order the
// library's values gives them in (stdlib/sorted_maps.go: strings by
// bytes, numbers by value, as slices.Sort orders them); nil when n is
// not such a map, or not native.
func (c *fastCompiler) groupsInOrder(n ast.Node) func(r *Run, f addr) (map[any][]any, []any, error) {
	elem, kind := c.grouping(n)
	if elem == nil {
		return nil
	}
	val := c.groupsValue(n)
	if val == nil {
		return nil
	}
	order := keysInOrder[int]
	if kind == check.KString {
		order = keysInOrder[string]
	}
	return func(r *Run, f addr) (map[any][]any, []any, error) {
		v, err := val(r, f)
		if err != nil {
			return nil, nil, err
		}
		m, _ := v.(map[any][]any)
		return m, order(m), nil
	}
}

// flattenedValues is M when n is flatten(values(M)); nil otherwise.
func flattenedValues(n ast.Node) ast.Node {
	x, ok := n.(*ast.CallNode)
	if !ok {
		return nil
	}
	args := callArgs(x)
	if id, ok := x.Callee.(*ast.IdentifierNode); !ok || id.Value != "flatten" || len(args) != 1 {
		return nil
	}
	v, ok := args[0].(*ast.CallNode)
	if !ok {
		return nil
	}
	vargs := callArgs(v)
	if id, ok := v.Callee.(*ast.IdentifierNode); !ok || id.Value != "values" || len(vargs) != 1 {
		return nil
	}
	return vargs[0]
}

// groupValuesElem is the type of the items of n when n is
// flatten(values(M)) of a local M holding a map groupBy made, or of
// groupBy(...) itself; nil otherwise.
func (c *fastCompiler) groupValuesElem(n ast.Node) reflect.Type {
	m := flattenedValues(n)
	if m == nil {
		return nil
	}
	elem, _ := c.grouping(m)
	return elem
}

// groupValues compiles flatten(values(M)) of such a map (a homebrew's
// "{len(flatten(values(strength)))} units in the field"): the items of
// each list the map holds, in the order of their keys (groupsInOrder).
// The work is flatten's of a made list (flattenLists): the map's
// entries twice, then each item.
func (c *fastCompiler) groupValues(n ast.Node) listFn {
	if c.groupValuesElem(n) == nil {
		return nil
	}
	groups := c.groupsInOrder(flattenedValues(n))
	if groups == nil {
		return nil
	}
	return func(r *Run, f addr) ([]addr, error) {
		m, keys, err := groups(r, f)
		if err != nil {
			return nil, err
		}
		if err := r.Work(2 * len(m)); err != nil {
			return nil, err
		}
		start := len(r.scratch)
		for _, k := range keys {
			held := m[k]
			if err := r.Work(len(held)); err != nil {
				return nil, err
			}
			for _, v := range held {
				r.scratch = append(r.scratch, unboxPtr(v))
			}
		}
		return r.list(start), nil
	}
}

// keysInOrder is the keys of a map groupBy made by a T, in order; every
// key is a T (the predicate's type).
func keysInOrder[T string | int](m map[any][]any) []any {
	ks := make([]any, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, func(a, b any) int {
		x, _ := a.(T)
		y, _ := b.(T)
		return cmp.Compare(x, y)
	})
	return ks
}
