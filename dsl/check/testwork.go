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
	w := &expectWork{sz: sz, vars: map[string]value{}, reduces: map[reduceKey]reduced{}}
	return w.work(n)
}

// value is what the estimate knows of a list: its length and its items
// counted all the way down (flat), a list of lists counting each inner
// item; a scalar is 1 and 1. str is the bytes of the longest string it
// is or holds (0 for none); item, when known (not 0), is the flat count
// of its largest item (an event's fields), else it is taken as flat.
type value struct{ size, flat, str, item int }

// largest is the flat count of v's largest item.
func (v value) largest() int {
	if v.item > 0 {
		return min(v.item, v.flat)
	}
	return v.flat
}

type expectWork struct {
	sz   FightSize
	vars map[string]value // let names in scope
	elem []value          // the item # stands for, innermost last
	acc  []value          // the accumulator #acc of a reduce, innermost last
	// visits counts the nodes the estimate looked at: a reduce looks at
	// its body three times, so reduces nested in reduces cost 3^depth,
	// and past maxVisits the expectation is taken as too large.
	visits int
	// reduces are the reduces estimated, scope the count of lets bound.
	reduces map[reduceKey]reduced
	scope   int
}

// maxVisits bounds the estimate's own work.
const maxVisits = 1 << 20

// tooMuch is the estimate of anything past maxVisits: over any limit.
const tooMuch = 1 << 50

// spent counts a visit and reports whether the estimate has looked at
// too many nodes.
func (w *expectWork) spent() bool {
	w.visits++
	return w.visits > maxVisits
}

func (w *expectWork) unknown() value {
	u := max(w.sz.Unknown, 1)
	return value{u, u, w.line(), 0}
}

// line is the size of a string the estimate knows nothing of: the
// longest line of the log (every text an expectation reads from the
// fight is one, or shorter).
func (w *expectWork) line() int { return max(w.sz.Longest, 1) }

// scalar is a value of n's type that is not a list.
func (w *expectWork) scalar(n ast.Node) value {
	if isString(n) {
		return value{1, 1, w.line(), 0}
	}
	return value{1, 1, 0, 0}
}

// bigger is the larger of two values in each measure.
func bigger(a, b value) value {
	return value{max(a.size, b.size), max(a.flat, b.flat), max(a.str, b.str), max(a.largest(), b.largest())}
}

// of estimates n's value.
func (w *expectWork) of(n ast.Node) value {
	if w.spent() {
		return value{tooMuch, tooMuch, tooMuch, 0}
	}
	switch x := n.(type) {
	case *ast.IdentifierNode:
		events := max(w.sz.Events, 1)
		switch x.Value {
		case "events":
			// Each event holds its faces and some fifteen fields.
			return value{events, satMul(events, 16+w.sz.Faces), w.line(), 16 + w.sz.Faces}
		case "log":
			return value{events, events, w.line(), 1}
		}
		if v, ok := w.vars[x.Value]; ok {
			return v
		}
		if isListKind(x.Type()) {
			return w.unknown()
		}
	case *ast.StringNode:
		return value{1, 1, len(x.Value), 0}
	case *ast.PointerNode:
		switch {
		case x.Name == "" && len(w.elem) > 0:
			return w.elem[len(w.elem)-1]
		case x.Name == "acc" && len(w.acc) > 0:
			return w.acc[len(w.acc)-1]
		case isListKind(x.Type()):
			return w.unknown()
		}
	case *ast.MemberNode:
		if s, ok := x.Property.(*ast.StringNode); ok {
			switch {
			case s.Value == "faces":
				return value{max(w.sz.Faces, 1), max(w.sz.Faces, 1), 0, 1}
			case isListKind(x.Type()):
				// An attribute's list or a state's combatants.
				if v := w.of(x.Node); v.flat > 1 && !isStructish(x.Node.Type()) {
					return v // a map's value: no larger than the map
				}
				return w.unknown()
			}
			if v := w.of(x.Node); !isStructish(x.Node.Type()) && isString(x) {
				return value{1, 1, max(v.str, w.line()), 0} // a map's value
			}
			return w.scalar(x)
		}
		// An index: an item of the list, no larger than the list; a
		// byte of a string.
		v := w.of(x.Node)
		return value{v.largest(), v.largest(), v.str, 0}
	case *ast.SliceNode:
		return w.of(x.Node)
	case *ast.ArrayNode:
		v := value{len(x.Nodes), 1, 0, 1}
		for _, e := range x.Nodes {
			ev := w.of(e)
			v.flat, v.str, v.item = satAdd(v.flat, ev.flat), max(v.str, ev.str), max(v.item, ev.flat)
		}
		return v
	case *ast.MapNode:
		v := value{len(x.Pairs), 1, 0, 0}
		for _, p := range x.Pairs {
			if pair, ok := p.(*ast.PairNode); ok {
				pv := w.of(pair.Value)
				v.flat, v.str = satAdd(v.flat, satAdd(1, pv.flat)), max(v.str, pv.str, w.of(pair.Key).str)
			}
		}
		return v
	case *ast.BinaryNode:
		switch {
		case x.Operator == "..":
			s := listSize(x, w.sz.Unknown)
			return value{s, s, 0, 1}
		case x.Operator == "+" && (isListKind(x.Left.Type()) || isListKind(x.Right.Type())):
			l, r := w.of(x.Left), w.of(x.Right)
			return value{satAdd(l.size, r.size), satAdd(l.flat, r.flat), max(l.str, r.str), max(l.largest(), r.largest())}
		case x.Operator == "+":
			if l, r := w.of(x.Left), w.of(x.Right); isString(x) || l.str > 0 || r.str > 0 {
				// The two strings side by side (#acc + #acc has no type
				// until it runs; a string and a number: its digits).
				return value{1, 1, satAdd(satAdd(l.str, r.str), 24), 0}
			}
		}
	case *ast.ConditionalNode:
		return bigger(w.of(x.Exp1), w.of(x.Exp2))
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
		if calls(x, "string") && len(x.Arguments) == 1 {
			return value{1, 1, w.printed(w.of(x.Arguments[0]), 1), 0}
		}
		if _, _, ok := RangeBounds(x); ok { // lo..hi made a call: range_patch.go
			s := listSize(x, w.sz.Unknown)
			return value{s, s, 0, 1}
		}
	case *ast.BuiltinNode:
		if len(x.Arguments) == 0 {
			break
		}
		if x.Name == "reduce" && len(x.Arguments) >= 2 {
			v, _ := w.reduce(x)
			return v
		}
		arg := w.of(x.Arguments[0])
		switch {
		case x.Name == "map" && len(x.Arguments) >= 2:
			var body value
			w.over(arg, func() { body = w.of(x.Arguments[1]) })
			return value{arg.size, satMul(arg.size, body.flat), body.str, body.flat}
		case sizeKeeping[x.Name]:
			return arg
		case itemOf[x.Name]:
			return value{arg.largest(), arg.largest(), arg.str, 0}
		case x.Name == "concat":
			v := value{}
			for _, a := range x.Arguments {
				av := w.of(a)
				v = value{satAdd(v.size, av.size), satAdd(v.flat, av.flat), max(v.str, av.str), max(v.largest(), av.largest())}
			}
			return v
		case x.Name == "flatten":
			return value{arg.flat, arg.flat, arg.str, 1}
		case x.Name == "split" || x.Name == "splitAfter" || x.Name == "fromJSON":
			return value{max(arg.str, 1), max(arg.str, 1), arg.str, 0}
		case x.Name == "join":
			sep := 0
			if len(x.Arguments) > 1 {
				sep = w.of(x.Arguments[1]).str
			}
			return value{1, 1, satMul(arg.flat, satAdd(arg.str, sep)), 0}
		case x.Name == "string":
			return value{1, 1, w.printed(arg, 1), 0}
		case x.Name == "toJSON":
			// A byte of a string may be escaped as six (\u001b): toJSON
			// of toJSON of a string of quotes doubles it each time.
			return value{1, 1, w.printed(arg, 6), 0}
		case x.Name == "toBase64":
			return value{1, 1, satAdd(satMul(arg.str/3+1, 4), 4), 0}
		case x.Name == "repeat" && len(x.Arguments) == 2:
			return value{1, 1, satMul(arg.str, repeats(x.Arguments[1])), 0}
		case x.Name == "replace" && len(x.Arguments) >= 3:
			// Every byte (and the start) may be replaced by the new text.
			return value{1, 1, satAdd(arg.str, satMul(satAdd(arg.str, 1), w.of(x.Arguments[2]).str)), 0}
		case isString(x):
			return value{1, 1, max(arg.str, w.line()), 0} // trim, upper, ...: no longer
		}
		if isListKind(x.Type()) {
			return w.unknown()
		}
	}
	return w.scalar(n)
}

// printed is the size of the text string or toJSON makes of v: each item
// inside as its text (each byte of it as up to escape bytes), or some
// twenty bytes of number and punctuation.
func (w *expectWork) printed(v value, escape int) int {
	return satMul(max(v.flat, 1), satAdd(satMul(v.str, escape), 24))
}

// repeats is how many times repeat repeats: a number written in it, or
// the most expr-lang allows.
func repeats(n ast.Node) int {
	if i, ok := n.(*ast.IntegerNode); ok {
		return max(i.Value, 0)
	}
	return 1_000_000
}

// reduce estimates a reduce: its value and the work of one evaluation
// of its body. The accumulator #acc starts as the initial value (the
// first item without one) and may grow with every item: the body's
// value is estimated with #acc at the start and once grown, and growth
// that is itself growing (#acc + #acc doubles it) is taken as without
// bound. The body's work is estimated with #acc at its largest.
func (w *expectWork) reduce(x *ast.BuiltinNode) (value, int) {
	k := w.reduceKey(x)
	if r, ok := w.reduces[k]; ok {
		return r.v, r.work
	}
	v, work := w.reduceOnce(x)
	w.reduces[k] = reduced{v, work}
	return v, work
}

// A reduce is estimated once for what it may read of where it is (the
// items # and #acc stand for, the let names in scope): work and of
// each ask for it, so reduces nested in reduces cost 2^depth without.
type reduceKey struct {
	x         *ast.BuiltinNode
	elem, acc value
	scope     int // bumped by every let bound
}

type reduced struct {
	v    value
	work int
}

func (w *expectWork) reduceKey(x *ast.BuiltinNode) reduceKey {
	k := reduceKey{x: x, scope: w.scope}
	if len(w.elem) > 0 {
		k.elem = w.elem[len(w.elem)-1]
	}
	if len(w.acc) > 0 {
		k.acc = w.acc[len(w.acc)-1]
	}
	return k
}

func (w *expectWork) reduceOnce(x *ast.BuiltinNode) (value, int) {
	list := w.of(x.Arguments[0])
	var start value
	if len(x.Arguments) > 2 {
		start = w.of(x.Arguments[2])
	} else {
		start = value{list.largest(), list.largest(), list.str, 0}
	}
	body := func(acc value) (v value) {
		w.acc = append(w.acc, acc)
		w.over(list, func() { v = w.of(x.Arguments[1]) })
		w.acc = w.acc[:len(w.acc)-1]
		return v
	}
	once := bigger(start, body(start))
	if once == start { // it does not grow
		return start, w.bodyWork(x, list, start)
	}
	twice := body(once)
	grow := func(a, b, c int) int {
		d1, d2 := max(b-a, 0), max(c-b, 0)
		if d2 > d1 {
			return tooMuch
		}
		return satAdd(b, satMul(list.size, d2))
	}
	final := value{grow(start.size, once.size, twice.size), grow(start.flat, once.flat, twice.flat), grow(start.str, once.str, twice.str), 0}
	return bigger(final, twice), w.bodyWork(x, list, final)
}

// bodyWork is the work of one evaluation of a reduce's body with #acc
// at acc.
func (w *expectWork) bodyWork(x *ast.BuiltinNode, list, acc value) (work int) {
	w.acc = append(w.acc, acc)
	w.over(list, func() { work = w.all(x.Arguments[1:2]) })
	w.acc = w.acc[:len(w.acc)-1]
	return work
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
	w.scope++
	f()
	w.scope++
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
	w.elem = append(w.elem, value{item, item, list.str, 0})
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
	if w.spent() {
		return tooMuch
	}
	switch x := n.(type) {
	case nil:
		return 0
	case *ast.BuiltinNode:
		if x.Name == "reduce" && len(x.Arguments) >= 2 {
			list := w.of(x.Arguments[0])
			// An accumulator that grows (a list, a string) copies what
			// it holds so far on every item.
			acc, body := w.reduce(x)
			body = satAdd(body, max(acc.flat, acc.str/8))
			return satAdd(satAdd(w.work(x.Arguments[0]), w.all(x.Arguments[2:])), satMul(list.size, satAdd(1, body)))
		}
		if predicateBuiltins[x.Name] && len(x.Arguments) >= 2 {
			list := w.of(x.Arguments[0])
			var body int
			w.over(list, func() { body = satAdd(1, w.all(x.Arguments[1:])) })
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
				own = satAdd(own, satAdd(v.size, w.of(x).str/8))
			case x.Name == "uniq":
				s := min(v.size, 1<<24)
				own = satAdd(v.flat, satMul(s, s)/8)
			case listReading[x.Name]:
				own = satAdd(own, v.size)
			case isString(arg):
				own = satAdd(own, v.str/64)
			}
			if isString(x) && !textMaking[x.Name] {
				own = satAdd(own, w.of(x).str/8) // the string it makes
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
			own = satAdd(v.flat, satAdd(v.size, w.printed(v, 1)/8))
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
		case x.Operator == "+" && w.of(x).str > 0:
			s = satAdd(s, w.of(x).str/8) // the copy it makes
		case isString(x.Left) || isString(x.Right):
			s = satAdd(s, max(w.of(x.Left).str, w.of(x.Right).str)/64)
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
