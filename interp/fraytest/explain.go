package fraytest

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/stdlib"
)

// why is why an expectation is false: what was found (actual), what was
// wanted (expected, when it says), and the values of its parts.
type why struct {
	actual, expected string
	parts            []string
}

// explain says why an expectation is false: for a comparison, the
// values of its two sides; for a conjunction, the part that failed; for
// a negation, what held; for a call, its arguments. tree is the
// expectation as written (Expectation.Written), so that its parts print
// as the user wrote them.
func explain(tree ast.Node, env reflect.Value) why {
	return explainNode(tree, env, 0)
}

func explainNode(n ast.Node, env reflect.Value, depth int) why {
	if depth > 8 {
		return why{actual: n.String() + " is false"}
	}
	switch n := n.(type) {
	case *ast.BinaryNode:
		switch n.Operator {
		case "&&", "and":
			if b, ok := evalNode(n.Left, env).(bool); ok && !b {
				return explainNode(n.Left, env, depth+1)
			}
			return explainNode(n.Right, env, depth+1)
		case "==", "!=", "<", "<=", ">", ">=", "in", "contains", "startsWith", "endsWith", "matches":
			return why{actual: n.Left.String() + " = " + valueText(n.Left, env), expected: n.Operator + " " + valueText(n.Right, env)}
		}
	case *ast.UnaryNode:
		if n.Operator == "!" || n.Operator == "not" {
			return why{actual: n.Node.String() + " is true", expected: "false"}
		}
	case *ast.CallNode:
		var args []string
		for _, a := range n.Arguments {
			switch a.(type) {
			case *ast.IntegerNode, *ast.FloatNode, *check.WrittenFloat, *ast.StringNode, *ast.BoolNode, *ast.NilNode:
				continue // a literal says what it is
			}
			args = append(args, a.String()+" = "+show(evalNode(a, env)))
		}
		if len(args) > 0 {
			return why{actual: n.String() + " is false, with", parts: indent(args)}
		}
	}
	return why{actual: n.String() + " is false"}
}

func indent(lines []string) []string {
	for i := range lines {
		lines[i] = "  " + lines[i]
	}
	return lines
}

// valueText is the value of a part of an expectation as shown: a float
// literal as written (show prints 2.0 as 2), anything else by show.
func valueText(n ast.Node, env reflect.Value) string {
	if f, ok := n.(*check.WrittenFloat); ok {
		return f.Text
	}
	return show(evalNode(n, env))
}

// evalNode evaluates a part of an expectation in the same environment.
func evalNode(n ast.Node, env reflect.Value) any {
	switch f := n.(type) {
	case *ast.FloatNode:
		// A constant expr-lang folded (0.0 / 0.0): it prints as NaN or
		// +Inf, which read back as unknown names.
		return f.Value
	case *check.WrittenFloat:
		return f.Value
	}
	ce, err := check.CompileExpect(n.String(), reflect.New(env.Type()).Elem().Interface())
	if err != nil {
		return fmt.Sprintf("(cannot evaluate: %v)", err)
	}
	v, err := expr.Run(ce.Program, env.Interface())
	if err != nil {
		return fmt.Sprintf("(error: %v)", err)
	}
	return v
}

// show prints a value as an expectation would write it.
func show(v any) string {
	budget := showItems
	return showWithin(v, &budget)
}

// showItems is the most values show prints of a list: it printed 20
// items of each list, so a list holding another, sixty deep, was 20^60.
const showItems = 100

// showString is the most bytes of a string show quotes.
const showString = 200

func showWithin(v any, budget *int) string {
	*budget--
	switch v := v.(type) {
	case string:
		if len(v) > showString {
			return fmt.Sprintf("%q... (%d bytes)", strings.ToValidUTF8(v[:showString], ""), len(v))
		}
		return fmt.Sprintf("%q", v)
	case float64:
		return fmt.Sprintf("%.6g", v)
	case nil:
		return "nil"
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Elem().Kind() == reflect.Struct {
		return rv.Elem().Field(0).String() // a combatant or side: its name
	}
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		parts := make([]string, 0, min(rv.Len(), 20))
		for i := 0; i < rv.Len() && i < 20; i++ {
			if *budget <= 0 {
				parts = append(parts, "...")
				break
			}
			parts = append(parts, showWithin(rv.Index(i).Interface(), budget))
		}
		if rv.Len() > 20 {
			parts = append(parts, fmt.Sprintf("... (%d in all)", rv.Len()))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case reflect.Map:
		// expr-lang's maps (groupBy, a map literal), as fmt prints them
		// (keys in order), within the same budget.
		// Entries read as they stand (stdlib.MapEntries: a NaN key, which
		// groupBy by 0.0 / 0.0 gives each item, is one MapIndex cannot
		// find), ordered by their names; keys that print alike (1 and
		// 1.0, NaN and NaN) keep MapEntries' order, and NaN keys, which
		// tie there, go in the order of what their values show.
		keys, values := stdlib.MapEntries(rv)
		names := make([]string, len(keys))
		ties := make([]string, len(keys))
		order := make([]int, len(keys))
		for i, k := range keys {
			names[i], order[i] = fmt.Sprint(k), i
			if stdlib.IsNaNKey(k) {
				b := *budget
				ties[i] = showWithin(values[i].Interface(), &b)
			}
		}
		sort.SliceStable(order, func(i, j int) bool {
			a, b := order[i], order[j]
			return names[a] < names[b] || names[a] == names[b] && ties[a] < ties[b]
		})
		parts := make([]string, 0, min(len(keys), 20))
		for n, i := range order {
			if n == 20 || *budget <= 0 {
				parts = append(parts, fmt.Sprintf("... (%d in all)", len(keys)))
				break
			}
			parts = append(parts, names[i]+":"+showWithin(values[i].Interface(), budget))
		}
		return "map[" + strings.Join(parts, " ") + "]"
	}
	return fmt.Sprint(v)
}

// contextLines is how many lines of the log a failure shows on either
// side of an event an expectation looked at.
const contextLines = 2

// around shows the log around what the expectation's functions found:
// for each search, its answer, and the lines near it (or, when it
// found nothing, says so).
func (f *fight) around(looked []found) []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range looked {
		key := fmt.Sprint(l.query, l.index)
		if seen[key] || len(seen) >= 4 {
			continue
		}
		seen[key] = true
		if l.index < 0 {
			out = append(out, l.query+": no such event in the log")
			continue
		}
		out = append(out, fmt.Sprintf("%s = %d:", l.query, l.index))
		for i := max(0, l.index-contextLines); i <= min(len(f.events)-1, l.index+contextLines); i++ {
			mark := "  "
			if i == l.index {
				mark = "> "
			}
			out = append(out, fmt.Sprintf("  %s%4d | %s", mark, i, line(f.events[i])))
		}
	}
	return out
}

// tail is the last n lines of the log.
func (f *fight) tail(n int) []string {
	var out []string
	for i := max(0, len(f.events)-n); i < len(f.events); i++ {
		out = append(out, fmt.Sprintf("    %4d | %s", i, line(f.events[i])))
	}
	return out
}

// line is an event as the text log shows it, with its round and segment.
func line(e *interp.Event) string {
	where := fmt.Sprintf("r%d", e.Round)
	if e.Segment > 0 {
		where += fmt.Sprintf(".%d", e.Segment)
	}
	return fmt.Sprintf("%-6s [%s] %s", where, e.Kind, interp.Printable(e.Text))
}

// firstDifference shows the first line where a log differs from its golden file.
func firstDifference(want, got string) []string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return []string{fmt.Sprintf("first difference at line %d:", i+1), "  want: " + interp.Printable(a), "  got:  " + interp.Printable(b)}
		}
	}
	return nil
}
