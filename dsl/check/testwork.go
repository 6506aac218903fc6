package check

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
)

// An expectation's loops are bounded when the file is checked with the
// log taken as UnknownLength events (iterations), but the log a fight
// leaves may hold hundreds of thousands: count(events, ...) inside
// count(events, ...) over 40 000 events ran for minutes, as did a find
// of the log a million times or a join of the whole log in a loop (its
// copies, gigabytes). And a list may hold another twice, sixty times
// over (let a1 = [a0, a0]; ...): a few hundred bytes that string(),
// toJSON(), flatten or a comparison walk 2^60 items of. expr-lang cannot
// be interrupted, so before an expectation runs, ExpectWork estimates
// its work with the fight's own sizes, and the runner refuses it past
// --max-iterations.

// FightSize is what ExpectWork knows of a played fight.
type FightSize struct {
	Events  int // events in the log (events, log)
	Text    int // bytes of all their texts
	Longest int // bytes of the longest text
	Faces   int // the most dice of one roll (an event's faces)
	Unknown int // the length taken for any other list (combatants, an attribute's list, ...)
}

// eventWalks are the functions of TestFuncs that walk the whole log.
var eventWalks = map[string]bool{
	"event": true, "line": true, "act": true, "roll": true, "find": true, "exactly": true, "rolls": true,
	"acts": true, "order": true, "declared": true, "phases": true, "grouped": true, "in_order": true, "logged": true,
}

// sizeKeeping built-ins give a list no longer than their first argument,
// of items no larger than its items.
var sizeKeeping = map[string]bool{
	"filter": true, "sort": true, "sortBy": true, "reverse": true, "uniq": true, "take": true,
	"keys": true, "values": true, "toPairs": true, "fromPairs": true, "groupBy": true,
}

// itemOf built-ins give one item of their first argument.
var itemOf = map[string]bool{"first": true, "last": true, "get": true, "find": true, "findLast": true}

// listReading built-ins read every item of their first argument without
// a predicate; deepReading ones read every item inside the items too;
// textMaking ones build a string of them.
var (
	listReading = map[string]bool{
		"sum": true, "mean": true, "median": true, "max": true, "min": true, "reverse": true,
		"concat": true, "keys": true, "values": true, "toPairs": true, "fromPairs": true,
		"count": true, "all": true, "any": true, "none": true, "one": true, "take": true,
	}
	deepReading = map[string]bool{"flatten": true, "sort": true, "string": true, "toJSON": true}
	textMaking  = map[string]bool{"join": true, "string": true, "toJSON": true}
)

// ExpectWork estimates the steps of one evaluation of an expectation's
// program over a fight of that size: its loops as iterations counts
// them, with events and log as long as the fight's log and the lists
// made from them no longer; and a step for every item each built-in or
// comparison of lists reads (every item inside the items, for those that
// read them deep: string, toJSON, flatten, sort, ==, in), every event
// each function of the log walks (find, event, ...), every 8 bytes each
// join of the log makes, and every 64 bytes each string built-in reads.
func ExpectWork(n ast.Node, sz FightSize) int {
	w := &expectWork{sz: sz, str: max(sz.Longest, 1), vars: map[string]value{}}
	// A string made of the whole log may be read in any later part.
	ast.Find(n, func(m ast.Node) bool {
		if b, ok := m.(*ast.BuiltinNode); ok && (textMaking[b.Name] || b.Name == "reduce") || calls(m, "string") {
			w.str = max(sz.Text, 1)
			return true
		}
		return false
	})
	return w.work(n)
}

// value is what the estimate knows of a list: its length and its items
// counted all the way down (flat), a list of lists counting each inner
// item; a scalar is 1 and 1.
type value struct{ size, flat int }

type expectWork struct {
	sz   FightSize
	str  int              // the longest string the expression may read
	vars map[string]value // let names in scope
	elem []value          // the item # stands for, innermost last
}

func (w *expectWork) unknown() value {
	u := max(w.sz.Unknown, 1)
	return value{u, u}
}

// of estimates n's value.
func (w *expectWork) of(n ast.Node) value {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		switch x.Value {
		case "events":
			// Each event holds its faces and some fifteen fields.
			return value{max(w.sz.Events, 1), satMul(max(w.sz.Events, 1), 16+w.sz.Faces)}
		case "log":
			return value{max(w.sz.Events, 1), max(w.sz.Events, 1)}
		}
		if v, ok := w.vars[x.Value]; ok {
			return v
		}
		if isListKind(x.Type()) {
			return w.unknown()
		}
	case *ast.PointerNode:
		if len(w.elem) > 0 && x.Name == "" {
			return w.elem[len(w.elem)-1]
		}
		if isListKind(x.Type()) {
			return w.unknown()
		}
	case *ast.MemberNode:
		if s, ok := x.Property.(*ast.StringNode); ok {
			switch {
			case s.Value == "faces":
				return value{max(w.sz.Faces, 1), max(w.sz.Faces, 1)}
			case isListKind(x.Type()):
				// An attribute's list or a state's combatants.
				if v := w.of(x.Node); v.flat > 1 && !isStructish(x.Node.Type()) {
					return v // a map's value: no larger than the map
				}
				return w.unknown()
			}
			return value{1, 1}
		}
		// An index: an item of the list, no larger than the list.
		v := w.of(x.Node)
		return value{v.flat, v.flat}
	case *ast.SliceNode:
		return w.of(x.Node)
	case *ast.ArrayNode:
		v := value{len(x.Nodes), 1}
		for _, e := range x.Nodes {
			v.flat = satAdd(v.flat, w.of(e).flat)
		}
		return v
	case *ast.MapNode:
		v := value{len(x.Pairs), 1}
		for _, p := range x.Pairs {
			if pair, ok := p.(*ast.PairNode); ok {
				v.flat = satAdd(v.flat, satAdd(1, w.of(pair.Value).flat))
			}
		}
		return v
	case *ast.BinaryNode:
		switch {
		case x.Operator == "..":
			s := listSize(x, w.sz.Unknown)
			return value{s, s}
		case x.Operator == "+" && (isListKind(x.Left.Type()) || isListKind(x.Right.Type())):
			l, r := w.of(x.Left), w.of(x.Right)
			return value{satAdd(l.size, r.size), satAdd(l.flat, r.flat)}
		}
	case *ast.ConditionalNode:
		a, b := w.of(x.Exp1), w.of(x.Exp2)
		return value{max(a.size, b.size), max(a.flat, b.flat)}
	case *ast.ChainNode:
		return w.of(x.Node)
	case *ast.PredicateNode:
		return w.of(x.Node)
	case *ast.SequenceNode:
		if len(x.Nodes) > 0 {
			return w.of(x.Nodes[len(x.Nodes)-1])
		}
	case *ast.VariableDeclaratorNode:
		var v value
		w.bind(x, func() { v = w.of(x.Expr) })
		return v
	case *ast.CallNode:
		if b := orderedMapBuiltin(x); b != nil {
			return w.of(b)
		}
		if _, _, ok := RangeBounds(x); ok { // lo..hi made a call: range_patch.go
			s := listSize(x, w.sz.Unknown)
			return value{s, s}
		}
	case *ast.BuiltinNode:
		if len(x.Arguments) == 0 {
			break
		}
		arg := w.of(x.Arguments[0])
		switch {
		case x.Name == "map" && len(x.Arguments) >= 2:
			var body value
			w.over(arg, func() { body = w.of(x.Arguments[1]) })
			return value{arg.size, satMul(arg.size, body.flat)}
		case sizeKeeping[x.Name]:
			return arg
		case itemOf[x.Name]:
			return value{arg.flat, arg.flat}
		case x.Name == "concat":
			v := value{}
			for _, a := range x.Arguments {
				av := w.of(a)
				v = value{satAdd(v.size, av.size), satAdd(v.flat, av.flat)}
			}
			return v
		case x.Name == "flatten":
			return value{arg.flat, arg.flat}
		case x.Name == "split" || x.Name == "splitAfter" || x.Name == "fromJSON":
			return value{w.str, w.str}
		}
		if isListKind(x.Type()) {
			return w.unknown()
		}
	}
	return value{1, 1}
}

// isStructish reports whether t is a combatant, a side or a state (a
// struct or a pointer to one), whose attributes are lists of their own.
func isStructish(t reflect.Type) bool {
	if t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t != nil && t.Kind() == reflect.Struct
}

// bind runs f with the let's name bound to its value.
func (w *expectWork) bind(x *ast.VariableDeclaratorNode, f func()) {
	old, had := w.vars[x.Name]
	w.vars[x.Name] = w.of(x.Value)
	f()
	if had {
		w.vars[x.Name] = old
	} else {
		delete(w.vars, x.Name)
	}
}

// over runs f with # standing for an item of list: its items share its
// flat count (a list of equal items, as a doubled one, exactly).
func (w *expectWork) over(list value, f func()) {
	item := (list.flat + max(list.size, 1) - 1) / max(list.size, 1)
	w.elem = append(w.elem, value{item, item})
	f()
	w.elem = w.elem[:len(w.elem)-1]
}

func (w *expectWork) all(nodes []ast.Node) int {
	total := 0
	for _, n := range nodes {
		total = satAdd(total, w.work(n))
	}
	return total
}

func (w *expectWork) work(n ast.Node) int {
	switch x := n.(type) {
	case nil:
		return 0
	case *ast.BuiltinNode:
		if predicateBuiltins[x.Name] && len(x.Arguments) >= 2 {
			list := w.of(x.Arguments[0])
			var body int
			w.over(list, func() { body = satAdd(1, w.all(x.Arguments[1:])) })
			if x.Name == "reduce" && isListKindOrString(x.Type()) {
				// An accumulator that grows copies what it holds so far
				// on every item.
				body = satAdd(body, max(w.sz.Text/8, list.flat))
			}
			return satAdd(w.work(x.Arguments[0]), satMul(list.size, body))
		}
		own := 0
		if len(x.Arguments) > 0 {
			arg := x.Arguments[0]
			v := w.of(arg)
			if deepReading[x.Name] {
				own = v.flat
			}
			switch {
			case textMaking[x.Name]:
				own = satAdd(own, satAdd(v.size, w.sz.Text/8))
			case x.Name == "uniq":
				s := min(v.size, 1<<24)
				own = satAdd(v.flat, satMul(s, s)/8)
			case listReading[x.Name]:
				own = satAdd(own, v.size)
			case isString(arg):
				own = satAdd(own, w.str/64)
			}
		}
		return satAdd(own, w.all(x.Arguments))
	case *ast.CallNode:
		if b := orderedMapBuiltin(x); b != nil {
			return w.work(b)
		}
		own := 0
		if id, ok := x.Callee.(*ast.IdentifierNode); ok && eventWalks[id.Value] {
			own = satMul(max(w.sz.Events, 1), max(1, len(x.Arguments)))
		}
		if calls(x, "string") && len(x.Arguments) == 1 {
			// The expectation's string (ExpectString), as expr-lang's.
			v := w.of(x.Arguments[0])
			own = satAdd(v.flat, satAdd(v.size, w.sz.Text/8))
		}
		if _, _, ok := RangeBounds(x); ok {
			own = w.of(x).size
		}
		return satAdd(own, satAdd(w.work(x.Callee), w.all(x.Arguments)))
	case *ast.BinaryNode:
		s := satAdd(w.work(x.Left), w.work(x.Right))
		switch {
		case x.Operator == "..":
			s = satAdd(s, w.of(x).size)
		case isListKind(x.Left.Type()) || isListKind(x.Right.Type()):
			if x.Operator == "in" || x.Operator == "==" || x.Operator == "!=" || x.Operator == "+" {
				s = satAdd(s, satAdd(w.of(x.Left).flat, w.of(x.Right).flat))
			}
		case isString(x.Left) || isString(x.Right):
			s = satAdd(s, w.str/64)
		}
		return s
	case *ast.PredicateNode:
		return w.work(x.Node)
	case *ast.UnaryNode:
		return w.work(x.Node)
	case *ast.MemberNode:
		return satAdd(w.work(x.Node), w.work(x.Property))
	case *ast.SliceNode:
		return satAdd(w.work(x.Node), satAdd(w.work(x.From), w.work(x.To)))
	case *ast.ConditionalNode:
		return satAdd(w.work(x.Cond), max(w.work(x.Exp1), w.work(x.Exp2)))
	case *ast.ArrayNode:
		return w.all(x.Nodes)
	case *ast.MapNode:
		return w.all(x.Pairs)
	case *ast.PairNode:
		return satAdd(w.work(x.Key), w.work(x.Value))
	case *ast.VariableDeclaratorNode:
		s := w.work(x.Value)
		w.bind(x, func() { s = satAdd(s, w.work(x.Expr)) })
		return s
	case *ast.SequenceNode:
		return w.all(x.Nodes)
	case *ast.ChainNode:
		return w.work(x.Node)
	}
	return 1
}

func isListKind(t reflect.Type) bool {
	return t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Map)
}

func isStringType(t reflect.Type) bool { return t != nil && t.Kind() == reflect.String }

func isListKindOrString(t reflect.Type) bool { return isListKind(t) || isStringType(t) }

// calls reports whether n is a call of the function name (one of the
// expectation's own, not expr-lang's built-in).
func calls(n ast.Node, name string) bool {
	c, ok := n.(*ast.CallNode)
	if !ok {
		return false
	}
	id, ok := c.Callee.(*ast.IdentifierNode)
	return ok && id.Value == name
}

// orderedMapBuiltin is the built-in a call of keys, values or toPairs
// stands for (stdlib.OrderedMapOptions puts those in place of
// expr-lang's), to be estimated as it; nil for any other call.
func orderedMapBuiltin(c *ast.CallNode) *ast.BuiltinNode {
	if calls(c, "keys") || calls(c, "values") || calls(c, "toPairs") {
		return &ast.BuiltinNode{Name: c.Callee.(*ast.IdentifierNode).Value, Arguments: c.Arguments}
	}
	return nil
}
