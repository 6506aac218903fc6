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
// copies, gigabytes). expr-lang cannot be interrupted, so before an
// expectation runs, ExpectWork estimates its work with the fight's own
// sizes, and the runner refuses it past --max-iterations.

// FightSize is what ExpectWork knows of a played fight.
type FightSize struct {
	Events  int // events in the log (events, log)
	Text    int // bytes of all their texts
	Longest int // bytes of the longest text
	Unknown int // the length taken for any other list (combatants, a roll's faces, ...)
}

// eventWalks are the functions of TestFuncs that walk the whole log.
var eventWalks = map[string]bool{
	"event": true, "line": true, "act": true, "roll": true, "find": true, "exactly": true, "rolls": true,
	"acts": true, "order": true, "declared": true, "phases": true, "grouped": true, "in_order": true, "logged": true,
}

// sizeKeeping built-ins give a list no longer than their first argument.
var sizeKeeping = map[string]bool{
	"filter": true, "map": true, "sort": true, "sortBy": true, "reverse": true, "uniq": true, "take": true,
	"keys": true, "values": true, "toPairs": true, "fromPairs": true, "groupBy": true,
}

// listReading built-ins read every item of their first argument without
// a predicate; textMaking ones also build a string of them.
var (
	listReading = map[string]bool{
		"sum": true, "mean": true, "median": true, "max": true, "min": true, "sort": true, "reverse": true,
		"concat": true, "flatten": true, "keys": true, "values": true, "toPairs": true, "fromPairs": true,
		"count": true, "all": true, "any": true, "none": true, "one": true, "take": true,
	}
	textMaking = map[string]bool{"join": true, "string": true, "toJSON": true}
)

// ExpectWork estimates the steps of one evaluation of an expectation's
// program over a fight of that size: its loops as iterations counts
// them, with events and log as long as the fight's log and the lists
// made from them no longer; and a step for every item each built-in or
// comparison of lists reads, every event each function of the log walks
// (find, event, ...), every 8 bytes each join of the log makes, and
// every 64 bytes each string built-in reads.
func ExpectWork(n ast.Node, sz FightSize) int {
	w := expectWork{sz: sz, str: max(sz.Longest, 1)}
	// A string made of the whole log may be read in any later part.
	ast.Find(n, func(m ast.Node) bool {
		if b, ok := m.(*ast.BuiltinNode); ok && (textMaking[b.Name] || b.Name == "reduce") {
			w.str = max(sz.Text, 1)
			return true
		}
		return false
	})
	return w.work(n)
}

type expectWork struct {
	sz  FightSize
	str int // the longest string the expression may read
}

// size is how long a list may be.
func (w expectWork) size(n ast.Node) int {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		if x.Value == "events" || x.Value == "log" {
			return max(w.sz.Events, 1)
		}
	case *ast.BuiltinNode:
		if sizeKeeping[x.Name] && len(x.Arguments) > 0 {
			return w.size(x.Arguments[0])
		}
		if x.Name == "concat" || x.Name == "flatten" {
			total := 0
			for _, a := range x.Arguments {
				total = satAdd(total, w.size(a))
			}
			return total
		}
	case *ast.BinaryNode:
		if x.Operator == ".." {
			return listSize(x, w.sz.Unknown)
		}
	case *ast.ArrayNode:
		return len(x.Nodes)
	}
	return max(w.sz.Unknown, 1)
}

func (w expectWork) all(nodes []ast.Node) int {
	total := 0
	for _, n := range nodes {
		total = satAdd(total, w.work(n))
	}
	return total
}

func (w expectWork) work(n ast.Node) int {
	switch x := n.(type) {
	case nil:
		return 0
	case *ast.BuiltinNode:
		if predicateBuiltins[x.Name] && len(x.Arguments) >= 2 {
			size := w.size(x.Arguments[0])
			body := satAdd(1, w.all(x.Arguments[1:]))
			if x.Name == "reduce" && isListKindOrString(x.Type()) {
				// An accumulator that grows copies what it holds so far
				// on every item.
				body = satAdd(body, max(w.sz.Text/8, size))
			}
			return satAdd(w.work(x.Arguments[0]), satMul(size, body))
		}
		own := 0
		if len(x.Arguments) > 0 {
			arg := x.Arguments[0]
			switch {
			case textMaking[x.Name]:
				own = satAdd(w.size(arg), w.sz.Text/8)
			case x.Name == "uniq":
				s := min(w.size(arg), 1<<24)
				own = satMul(s, s) / 8
			case listReading[x.Name]:
				own = w.size(arg)
			case isString(arg):
				own = w.str / 64
			}
		}
		return satAdd(own, w.all(x.Arguments))
	case *ast.CallNode:
		own := 0
		if id, ok := x.Callee.(*ast.IdentifierNode); ok && eventWalks[id.Value] {
			own = satMul(max(w.sz.Events, 1), max(1, len(x.Arguments)))
		}
		return satAdd(own, satAdd(w.work(x.Callee), w.all(x.Arguments)))
	case *ast.BinaryNode:
		s := satAdd(w.work(x.Left), w.work(x.Right))
		switch {
		case x.Operator == "..":
			s = satAdd(s, w.size(x))
		case isListKind(x.Left.Type()) || isListKind(x.Right.Type()):
			if x.Operator == "in" || x.Operator == "==" || x.Operator == "!=" || x.Operator == "+" {
				s = satAdd(s, satAdd(w.size(x.Left), w.size(x.Right)))
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
		return satAdd(w.work(x.Value), w.work(x.Expr))
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
