package check

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/builtin"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// registerStdlib adds the standard library's functions to every compile.
// Their options depend only on the ruleset's combatant and side types,
// so the files of a lint run that share them share the options.
func (c *checker) registerStdlib() {
	key := [2]reflect.Type{c.u.Combatant.R, c.u.Side.R}
	lib, ok := c.memo.stdlibFor(key, c.sig)
	if !ok {
		lib = c.stdlibOptions()
		c.memo.keepStdlib(key, c.sig, lib)
	}
	c.funcOpts = append(c.funcOpts, lib.opts...)
	c.sig = lib.sig
	for _, fn := range stdlib.Funcs {
		if !strings.HasPrefix(fn.Name, "__") { // internal: what notation becomes
			c.funcs[fn.Name] = true
		}
	}
}

// stdlibOptions makes expr-lang's options for the library's functions
// with the ruleset's types, and the function chain they extend c.sig to.
func (c *checker) stdlibOptions() stdlibOpts {
	lib := stdlibOpts{sig: c.sig}
	for _, fn := range stdlib.Funcs {
		fn := fn
		in := []reflect.Type{}
		if fn.World {
			in = append(in, ctxType)
		}
		for _, p := range fn.Params {
			in = append(in, c.u.Resolve(p).R)
		}
		out := []reflect.Type{c.u.Resolve(fn.Result).R}
		types := []any{reflect.New(reflect.FuncOf(in, out, false)).Interface()}
		// A second signature takes the []any lists that expr-lang's
		// filter() and map() give; they are converted back when called.
		lists := untypedLists{off: len(in) - len(fn.Params)}
		for _, p := range fn.Params {
			if p == stdlib.Combatants || p == stdlib.Sides {
				lists.add(c.u.Resolve(p).R, p)
			} else {
				lists.add(nil, p)
			}
		}
		for _, loose := range lists.loose(in) {
			types = append(types, reflect.New(reflect.FuncOf(loose, out, false)).Interface())
		}
		impl := func(args ...any) (any, error) {
			if err := lists.convert(fn.Name, args); err != nil {
				return nil, err
			}
			if fn.World {
				w, ok := args[0].(stdlib.World)
				if !ok {
					return nil, fmt.Errorf("%s needs a running fight", fn.Name)
				}
				if err := stdlib.CheckArgs(fn, args[1:]); err != nil {
					return nil, err
				}
				return fn.Impl(w, args[1:])
			}
			if err := stdlib.CheckArgs(fn, args); err != nil {
				return nil, err
			}
			return fn.Impl(nil, args)
		}
		lib.opts = append(lib.opts, expr.Function(fn.Name, impl, types...))
		for _, t := range types {
			lib.sig = c.memo.intern(lib.sig, fn.Name, reflect.TypeOf(t).Elem())
		}
	}
	lib.opts = append(lib.opts, stdlib.OrderedMapOptions()...)
	return lib
}

// untypedLists are the list parameters of a function (of the library or
// of the ruleset) that may arrive as the []any lists of expr-lang's
// filter() and map(): a second, loose signature accepts them, and convert
// turns them back into the ruleset's typed lists before the call.
type untypedLists struct {
	off   int            // arguments before the parameters (the fight)
	types []reflect.Type // the typed list of each parameter, nil if it is no list
	kinds []stdlib.Kind
}

func (l *untypedLists) add(t reflect.Type, k stdlib.Kind) {
	l.types = append(l.types, t)
	l.kinds = append(l.kinds, k)
}

// loose is the signatures with []any for some of the lists: every
// choice of them, the typed signature (in) aside, so that a call may
// give one list typed and another untyped (mix(combatants, 1..3)); for
// more than maxLooseLists lists, only the one with []any for all. None
// if there is no list.
func (l *untypedLists) loose(in []reflect.Type) [][]reflect.Type {
	var at []int
	for i, t := range l.types {
		if t != nil {
			at = append(at, l.off+i)
		}
	}
	if len(at) == 0 {
		return nil
	}
	var choices []int // bit i set: the i-th list is []any
	if len(at) <= maxLooseLists {
		for m := 1; m < 1<<len(at); m++ {
			choices = append(choices, m)
		}
	} else {
		choices = []int{1<<len(at) - 1}
	}
	var out [][]reflect.Type
	for _, m := range choices {
		sig := append([]reflect.Type{}, in...)
		for i, a := range at {
			if m&(1<<i) != 0 {
				sig[a] = reflect.SliceOf(anyType)
			}
		}
		out = append(out, sig)
	}
	return out
}

// maxLooseLists is the most list parameters whose every choice of typed
// and untyped gets a signature (2^n of them).
const maxLooseLists = 4

func (l *untypedLists) convert(name string, args []any) error {
	for i, t := range l.types {
		if t == nil {
			continue
		}
		var list []any
		switch x := args[l.off+i].(type) {
		case []any: // from filter, map, concat or a list literal
			list = x
		case []int: // from a range, given for a list[float]
			if t == intsType {
				continue
			}
			list = anyList(reflect.ValueOf(x))
		default:
			continue
		}
		typed, err := typedList(list, t, l.kinds[i])
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		args[l.off+i] = typed
	}
	return nil
}

// intsType is the Go type of list[int].
var intsType = reflect.SliceOf(intType)

// typedList converts a []any of combatants (or sides, or of a ruleset
// fn's parameter, numbers, strings, ...) into the ruleset's typed list t,
// of kind k. A whole number goes into a list of numbers as a number (as
// it may be passed for one), and a list inside (list[list[int]]) is
// converted alike; anything else of the wrong type is an error, not
// stored as something else.
func typedList(l []any, t reflect.Type, k stdlib.Kind) (any, error) {
	out := reflect.MakeSlice(t, 0, len(l))
	elem := t.Elem()
	for _, x := range l {
		v := reflect.ValueOf(x)
		switch {
		case v.IsValid() && v.Type() == elem:
		case v.IsValid() && elem == floatType && v.Kind() == reflect.Int:
			v = reflect.ValueOf(float64(v.Int()))
		case v.IsValid() && elem.Kind() == reflect.Slice && v.Kind() == reflect.Slice:
			inner, err := typedList(anyList(v), elem, k)
			if err != nil {
				return nil, err
			}
			v = reflect.ValueOf(inner)
		default:
			return nil, fmt.Errorf("a %s holds %s", k, describeElem(v))
		}
		out = reflect.Append(out, v)
	}
	return out.Interface(), nil
}

// anyList is the elements of the slice v as a []any.
func anyList(v reflect.Value) []any {
	if l, ok := v.Interface().([]any); ok {
		return l
	}
	l := make([]any, v.Len())
	for i := range l {
		l[i] = v.Index(i).Interface()
	}
	return l
}

// describeElem names what a list of combatants or sides should not
// hold, without printing it (a record would show the run's addresses).
func describeElem(v reflect.Value) string {
	switch {
	case !v.IsValid():
		return "nothing (none)"
	case v.Kind() == reflect.Struct:
		return "a copy of a record, not the combatant or side itself"
	case v.Kind() == reflect.Pointer:
		return "a combatant or side of another kind of list"
	}
	return fmt.Sprintf("a %s (%v)", v.Kind(), v.Interface())
}

// exprBuiltins are expr-lang's own functions, which a table or modifiers
// block must not hide.
var exprBuiltins = func() map[string]bool {
	m := map[string]bool{}
	for _, b := range builtin.Builtins {
		m[b.Name] = true
	}
	return m
}()

// defineFunc registers a ruleset function (a table or modifiers block),
// reporting a clash with the standard library or another declaration.
func (c *checker) defineFunc(name string, at diag.Range, impl func(args ...any) (any, error), types ...reflect.Type) bool {
	if c.funcs[name] || exprBuiltins[name] || internalFuncs[name] {
		c.errorf(diag.CodeDuplicate, at, "tables, modifiers, fns and library functions share one namespace; rename it", "%s is already a function", name)
		return false
	}
	var ts []any
	for _, t := range types {
		ts = append(ts, reflect.New(t).Interface())
		c.sig = c.memo.intern(c.sig, name, t)
	}
	c.funcOpts = append(c.funcOpts, expr.Function(name, impl, ts...))
	c.funcs[name] = true
	return true
}

func (c *checker) declareTables() {
	for _, d := range c.f.Decls {
		td := d.Table
		if td == nil {
			continue
		}
		t := &Table{Name: td.Name, Decl: td, Frame: c.m.Globals}
		if len(td.Params) > 0 {
			fr := c.newFrame("table " + td.Name)
			t.Params = c.params(fr, td.Params)
			for _, p := range t.Params {
				if p.Type.Kind != KInt && p.Type.Kind != KString {
					c.errorf(diag.CodeUnknownType, syntax.RangeOf(p.Decl.Type.Pos, p.Decl.Type.EndPos), "table keys are int (numbers and ranges) or string", "a table cannot be keyed by %s", p.Type.Article())
				}
				if p.Decl.Default != nil {
					c.errorf(diag.CodeArgs, syntax.RangeOf(p.Decl.Default.Pos, p.Decl.Default.EndPos), "every look-up gives every key", "table keys take no defaults")
				}
			}
		}
		if td.Dice != nil {
			dd, err := stdlib.ParseDice(td.Dice.Text)
			switch {
			case err != nil:
				c.errorf(diag.CodeBadValue, syntax.RangeOf(td.Dice.Pos, td.Dice.EndPos), "dice are written like d6, 2d6 or d%", "%s", err)
			case len(t.Params) > 1 || len(t.Params) == 1 && t.Params[0].Type.Kind != KInt:
				c.errorf(diag.CodeTableRange, syntax.RangeOf(td.Dice.Pos, td.Dice.EndPos), "dice feed a table with one whole-number key", "a table keyed by %d keys cannot be fed by dice", len(t.Params))
			default:
				t.Dice = &DiceRange{Text: td.Dice.Text, N: dd.N, Faces: dd.Faces, Min: dd.Min(), Max: dd.Max(), Spec: dd}
			}
		}
		// The result type is the type of the first row's value, or the
		// label when rows have no values; checkTables verifies the rest.
		t.Result = c.u.String
		for _, r := range td.Rows {
			if r.Value != nil {
				c.quiet++
				if ce := c.compile(r.Value, c.m.Globals, nil, nil); ce != nil {
					t.Result = ce.Type
				}
				c.quiet--
				break
			}
		}
		name := td.Name
		impl := func(args ...any) (any, error) {
			w, ok := args[0].(stdlib.World)
			if !ok {
				return nil, fmt.Errorf("table %s needs a running fight", name)
			}
			if len(args) == 1 {
				return w.Table(name, nil, true)
			}
			return w.Table(name, args[1:], false)
		}
		res := []reflect.Type{t.Result.R}
		in := []reflect.Type{ctxType}
		if t.Params == nil {
			in = append(in, intType)
		}
		// A table with broken dice still takes a roll-call, so that its
		// uses are not reported on top of the dice.
		rollable := t.Dice != nil || td.Dice != nil
		for _, p := range t.Params {
			in = append(in, p.Type.R)
		}
		sigs := []reflect.Type{reflect.FuncOf(in, res, false)}
		if rollable {
			sigs = append(sigs, reflect.FuncOf([]reflect.Type{ctxType}, res, false))
		}
		if prev, ok := c.m.Tables[name]; ok {
			e := c.errorf(diag.CodeDuplicate, syntax.RangeAt(td.Pos, "table"), "rename one of them", "table %s declared twice", name)
			e.Related = &diag.Related{Message: "first declared here", Range: syntax.RangeAt(prev.Decl.Pos, "table")}
			continue
		}
		if c.defineFunc(name, syntax.RangeAt(td.Pos, "table"), impl, sigs...) {
			c.m.Tables[name] = t
		}
	}
}

// rowKey checks one key of a row against the type of its column.
func (c *checker) rowKey(k *syntax.Key, t *Table, col int) (RowKey, bool) {
	r := syntax.RangeOf(k.Pos, k.EndPos)
	wantStr := col < len(t.Params) && t.Params[col].Type.Kind == KString
	switch {
	case k.Any:
		return RowKey{Any: true}, true
	case k.String != nil:
		if !wantStr {
			c.errorf(diag.CodeType, r, "this key is a number or a range, like 3, 1-4 or 13+", "expected a number key, found a string")
			return RowKey{}, false
		}
		return RowKey{IsStr: true, Str: string(*k.String)}, true
	}
	if wantStr {
		c.errorf(diag.CodeType, r, `this key is a string, in double quotes`, "expected a string key, found a number")
		return RowKey{}, false
	}
	kr := k.Range
	lo, err := kr.Lo.Int()
	if err != nil {
		c.errorf(diag.CodeBadValue, r, "keys are whole numbers", "%s", err)
		return RowKey{}, false
	}
	hi := lo
	switch {
	case kr.Plus:
		// Open above, whatever feeds the table: a roll with a bonus, or
		// a value looked up, may pass the dice's highest total.
		hi = math.MaxInt
	case kr.Hi != nil:
		if hi, err = kr.Hi.Int(); err != nil {
			c.errorf(diag.CodeBadValue, r, "keys are whole numbers", "%s", err)
			return RowKey{}, false
		}
	}
	if hi < lo {
		c.errorf(diag.CodeTableRange, r, fmt.Sprintf("write %d-%d", hi, lo), "range %d-%d runs backwards", lo, hi)
		return RowKey{}, false
	}
	if t.Dice != nil && (lo < t.Dice.Min || lo > t.Dice.Max || (hi > t.Dice.Max && !kr.Plus)) {
		c.errorf(diag.CodeTableRange, r, fmt.Sprintf("%s rolls %d to %d", t.Dice.Text, t.Dice.Min, t.Dice.Max),
			"row %s is outside the range of %s", keyText(k), t.Dice.Text)
	}
	return RowKey{Lo: lo, Hi: hi}, true
}

func (c *checker) checkTables() {
	for _, t := range sortedTables(c.m.Tables) {
		td := t.Decl
		t.TBA = td.TBA
		if len(td.Rows) == 0 {
			if !td.TBA {
				c.warnf(diag.CodeTableEmpty, syntax.RangeAt(td.Pos, "table"), "fill in its rows, or mark it `tba` if the source leaves it empty on purpose", "table %s has no rows", t.Name)
			} else {
				c.notef(diag.CodeTableTBA, syntax.RangeAt(td.Pos, "table"), "a roll on it logs the gap and changes nothing; fill in its rows when the source gives them", "table %s is left to be announced by its source", t.Name)
			}
			continue
		}
		if td.TBA {
			c.warnf(diag.CodeTableEmpty, syntax.RangeAt(td.Pos, "table"), "remove tba now that the table has rows", "table %s is marked tba but has rows", t.Name)
		}
		width := max(1, len(t.Params))
		index := newRowIndex()
	rows:
		for _, rd := range td.Rows {
			kr := syntax.RangeOf(rd.Keys[0].Pos, rd.Keys[len(rd.Keys)-1].EndPos)
			if len(rd.Keys) != width {
				c.errorf(diag.CodeArgs, kr, fmt.Sprintf("give %d key(s) per row, separated by commas", width), "row has %d key(s), the table has %d", len(rd.Keys), width)
				continue
			}
			row := &Row{Decl: rd}
			for i, k := range rd.Keys {
				rk, ok := c.rowKey(k, t, i)
				if !ok {
					continue rows
				}
				row.Keys = append(row.Keys, rk)
			}
			if rd.Label != nil {
				row.Label = string(*rd.Label)
			}
			if rd.Value != nil {
				row.Value = c.compile(rd.Value, c.m.Globals, nil, t.Result)
			} else if t.Result.Kind != KString {
				c.errorf(diag.CodeType, kr, "give every row a value of the table's type", "row has no %s value", t.Result)
			}
			if rd.Effect != nil {
				// The effect runs against the combatant apply names, as target.
				fr := c.newFrame("effect of table " + t.Name + " row " + rowText(rd))
				row.Target = &FrameField{Name: "target", Type: c.u.Combatant, param: true}
				fr.Fields = append(fr.Fields, row.Target)
				fr.buildLater()
				c.checkBody(fr, rd.Effect, bodyHandler)
				row.Effect, row.EffectFrame = rd.Effect, fr
			}
			for _, prev := range index.candidates(c, t, row) {
				overlap, wild := true, false
				for i := range row.Keys {
					overlap = overlap && row.Keys[i].overlaps(prev.Keys[i])
					wild = wild || row.Keys[i].Any || prev.Keys[i].Any
				}
				// Rows are tried in order, so a row with "_" after specific
				// rows is their fallback; before them it hides them.
				if overlap && wild && covers(prev.Keys, row.Keys) {
					e := c.errorf(diag.CodeTableOverlap, kr, "move the row with _ after the rows it should fall back from", "row %s can never match: row %s comes first and covers it", rowText(rd), rowText(prev.Decl))
					e.Related = &diag.Related{Message: "the covering row", Range: syntax.RangeOf(prev.Decl.Keys[0].Pos, prev.Decl.Keys[len(prev.Decl.Keys)-1].EndPos)}
				} else if overlap && !wild {
					e := c.errorf(diag.CodeTableOverlap, kr, "each value may be covered by one row only", "row %s overlaps row %s", rowText(rd), rowText(prev.Decl))
					e.Related = &diag.Related{Message: "the other row", Range: syntax.RangeOf(prev.Decl.Keys[0].Pos, prev.Decl.Keys[len(prev.Decl.Keys)-1].EndPos)}
				} else {
					continue
				}
				break // one finding per row: n equal rows would otherwise make n²/2
			}
			t.Rows = append(t.Rows, row)
			index.add(row)
		}
		if t.Dice != nil && len(t.Rows) == len(td.Rows) {
			c.checkTableGaps(t)
		}
	}
}

// covers reports whether every value matched by b is matched by a.
func covers(a, b []RowKey) bool {
	for i := range a {
		switch {
		case a[i].Any:
		case b[i].Any:
			return false
		case a[i].IsStr:
			if !b[i].IsStr || a[i].Str != b[i].Str {
				return false
			}
		case b[i].IsStr || b[i].Lo < a[i].Lo || b[i].Hi > a[i].Hi:
			return false
		}
	}
	return true
}

// checkTableGaps reports values the table's dice can roll that no row covers.
func (c *checker) checkTableGaps(t *Table) {
	rows := append([]*Row(nil), t.Rows...)
	sort.Slice(rows, func(i, j int) bool { return rows[i].Keys[0].Lo < rows[j].Keys[0].Lo })
	next := t.Dice.Min
	var missing []string
	for _, r := range rows {
		k := r.Keys[0]
		if k.Any {
			return
		}
		if k.Lo > next {
			missing = append(missing, spanText(next, min(k.Lo-1, t.Dice.Max)))
		}
		if k.Hi >= next {
			next = min(k.Hi, t.Dice.Max) + 1
		}
		if next > t.Dice.Max {
			break
		}
	}
	if next <= t.Dice.Max {
		missing = append(missing, spanText(next, t.Dice.Max))
	}
	for _, m := range missing {
		c.errorf(diag.CodeTableGap, syntax.RangeAt(t.Decl.Pos, "table"), fmt.Sprintf("add a row for %s, or widen a neighbouring range", m),
			"table %s has no row for %s, which %s can roll", t.Name, m, t.Dice.Text)
	}
}

func spanText(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d-%d", lo, hi)
}

func rowText(r *syntax.TableRow) string {
	parts := make([]string, len(r.Keys))
	for i, k := range r.Keys {
		parts[i] = keyText(k)
	}
	return strings.Join(parts, ", ")
}

func keyText(k *syntax.Key) string {
	switch {
	case k.Any:
		return "_"
	case k.String != nil:
		return strconv.Quote(string(*k.String))
	}
	r := k.Range
	s := r.Lo.Text
	if r.Lo.Neg {
		s = "-" + s
	}
	switch {
	case r.Plus:
		s += "+"
	case r.Hi != nil:
		h := r.Hi.Text
		if r.Hi.Neg {
			h = "-" + h
		}
		s += "-" + h
	}
	return s
}

func sortedTables(m map[string]*Table) []*Table {
	out := make([]*Table, 0, len(m))
	for _, t := range m {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Decl.Pos.Offset < out[j].Decl.Pos.Offset })
	return out
}

// params adds typed parameters to a frame as locals.
func (c *checker) params(fr *Frame, ps []*syntax.Param) []*ParamInfo {
	var out []*ParamInfo
	seen := map[string]bool{}
	for _, p := range ps {
		if valueWords[p.Name] {
			// As for a local: every use would read the word's value
			// (an event's none, say, was always nobody, whatever it was
			// given). The parameter stays, so its calls are not errors too.
			c.errorf(diag.CodeDuplicate, syntax.RangeAt(p.Pos, p.Name), "rename the parameter", "%s is a value of the language (%s), not a name a parameter can take", p.Name, valueWords2[p.Name])
		}
		if seen[p.Name] || fr.Lookup(p.Name) != nil {
			c.errorf(diag.CodeDuplicate, syntax.RangeAt(p.Pos, p.Name), "rename the parameter", "%s is already defined here", p.Name)
			continue
		}
		seen[p.Name] = true
		t := c.resolveType(p.Type)
		if t == nil {
			continue
		}
		ff := &FrameField{Name: p.Name, Type: t, Decl: &syntax.Name{Pos: p.Pos, EndPos: p.EndPos, Text: p.Name}, param: true}
		fr.Fields = append(fr.Fields, ff)
		out = append(out, &ParamInfo{Name: p.Name, Type: t, Field: ff, Decl: p})
	}
	fr.buildLater()
	return out
}

func (c *checker) declareModifiers() {
	for _, d := range c.f.Decls {
		md := d.Modifiers
		if md == nil {
			continue
		}
		m := &Modifiers{Name: md.Name, Decl: md, Aggregate: md.Aggregate, Frame: c.newFrame("modifiers " + md.Name)}
		if m.Aggregate == "" {
			m.Aggregate = "sum"
		}
		m.Params = c.params(m.Frame, md.Params)
		in, lists := paramTypes(m.Params)
		name := md.Name
		impl := func(args ...any) (any, error) {
			w, ok := args[0].(stdlib.World)
			if !ok {
				return nil, fmt.Errorf("modifiers %s need a running fight", name)
			}
			if err := lists.convert("modifiers "+name, args); err != nil {
				return nil, err
			}
			return w.Modifier(name, args[1:])
		}
		if _, dup := c.m.Modifiers[name]; dup {
			c.errorf(diag.CodeDuplicate, syntax.RangeAt(md.Pos, "modifiers"), "rename one of them", "modifiers %s declared twice", name)
			continue
		}
		sigs := []reflect.Type{reflect.FuncOf(in, []reflect.Type{intType}, false)}
		for _, loose := range lists.loose(in) {
			sigs = append(sigs, reflect.FuncOf(loose, []reflect.Type{intType}, false))
		}
		if c.defineFunc(name, syntax.RangeAt(md.Pos, "modifiers"), impl, sigs...) {
			c.m.Modifiers[name] = m
		}
	}
}

func (c *checker) checkModifiers() {
	for _, d := range c.f.Decls {
		md := d.Modifiers
		if md == nil {
			continue
		}
		m := c.m.Modifiers[md.Name]
		if m == nil || m.Decl != md {
			continue
		}
		all := func(string) bool { return true }
		if md.Over != nil {
			m.Over = c.compile(md.Over.List, m.Frame, all, nil)
			if m.Over != nil {
				if m.Over.Type.Kind != KList {
					c.errorf(diag.CodeType, syntax.RangeOf(md.Over.List.Pos, md.Over.List.EndPos), "over needs a list, such as members(s)", "expected a list, found %s", m.Over.Type)
				} else {
					ff := &FrameField{Name: md.Over.Var, Type: m.Over.Type.Elem, Decl: &syntax.Name{Pos: md.Over.Pos, Text: md.Over.Var}, param: true}
					m.Frame.Fields = append(m.Frame.Fields, ff)
					m.Frame.buildLater()
					m.OverVar = ff
					m.Over = c.compile(md.Over.List, m.Frame, all, nil)
				}
			}
		}
		if len(md.Rows) == 0 {
			c.warnf(diag.CodeTableEmpty, syntax.RangeAt(md.Pos, "modifiers"), "add modifiers, or remove the block", "modifiers %s has no rows", md.Name)
		}
		for _, r := range md.Rows {
			row := &ModRowInfo{Label: string(r.Label)}
			row.Value = c.compile(r.Value, m.Frame, all, c.u.Int)
			if r.When != nil {
				row.When = c.compile(r.When, m.Frame, all, c.u.Bool)
			}
			m.Rows = append(m.Rows, row)
		}
	}
}

func (c *checker) declareEvents() {
	for _, d := range c.f.Decls {
		ed := d.Event
		if ed == nil {
			continue
		}
		if prev, ok := c.m.Events[ed.Name]; ok {
			e := c.errorf(diag.CodeDuplicate, syntax.RangeAt(ed.Pos, "event"), "rename one of them", "event %s declared twice", ed.Name)
			e.Related = &diag.Related{Message: "first declared here", Range: syntax.RangeAt(prev.Decl.Pos, "event")}
			continue
		}
		ev := &Event{Name: ed.Name, Decl: ed, Frame: c.newFrame("event " + ed.Name)}
		ev.Params = c.params(ev.Frame, ed.Params)
		for _, p := range ed.Params {
			if p.Default != nil {
				c.errorf(diag.CodeArgs, syntax.RangeOf(p.Default.Pos, p.Default.EndPos), "every emit passes every argument", "event parameters take no defaults")
			}
		}
		c.m.Events[ed.Name] = ev
		c.m.EventList = append(c.m.EventList, ev)
	}
}

func (c *checker) checkEventTemplates() {
	for _, ev := range c.m.EventList {
		if ev.Decl.Template != nil {
			ev.Template = c.template(string(*ev.Decl.Template), ev.Decl.Pos, ev.Decl.EndPos, true, ev.Frame, func(string) bool { return true })
		}
	}
}

func (c *checker) declareActions() {
	for _, d := range c.f.Decls {
		ad := d.Action
		if ad == nil {
			continue
		}
		if prev, ok := c.m.Actions[ad.Name]; ok {
			e := c.errorf(diag.CodeDuplicate, syntax.RangeAt(ad.Pos, "action"), "rename one of them", "action %s declared twice", ad.Name)
			e.Related = &diag.Related{Message: "first declared here", Range: syntax.RangeAt(prev.Decl.Pos, "action")}
			continue
		}
		a := &Action{Name: ad.Name, Decl: ad, Body: ad.Body, Frame: c.newFrame("action " + ad.Name)}
		a.Self = &FrameField{Name: "self", Type: c.u.Combatant, param: true}
		a.Frame.Fields = append(a.Frame.Fields, a.Self)
		a.Params = c.params(a.Frame, ad.Params)
		c.m.Actions[ad.Name] = a
	}
}

func (c *checker) checkActions() {
	for _, d := range c.f.Decls {
		ad := d.Action
		if ad == nil || c.m.Actions[ad.Name] == nil || c.m.Actions[ad.Name].Decl != ad {
			continue
		}
		a := c.m.Actions[ad.Name]
		for i, p := range a.Params {
			if p.Decl.Default == nil {
				continue
			}
			visible := map[string]bool{"self": true}
			for _, q := range a.Params[:i] {
				visible[q.Name] = true
			}
			p.Default = c.compile(p.Decl.Default, a.Frame, func(n string) bool { return visible[n] }, p.Type)
		}
		c.checkBody(a.Frame, a.Body, bodyAction)
	}
}

func (c *checker) checkHandlers() {
	for _, d := range c.f.Decls {
		hd := d.Handler
		if hd == nil {
			continue
		}
		ev, ok := c.m.Events[hd.Event]
		if !ok {
			c.errorf(diag.CodeUnknownName, syntax.RangeAt(hd.Pos, "on "+hd.Event), c.didYouMean(hd.Event, keys(c.m.Events), "declare it with `event "+hd.Event+"(...)`"), "unknown event %s", hd.Event)
			continue
		}
		fr := &Frame{Name: "on " + ev.Name}
		for _, f := range ev.Frame.Fields {
			cp := *f
			fr.Fields = append(fr.Fields, &cp)
		}
		fr.buildLater()
		c.m.frames = append(c.m.frames, fr)
		h := &Handler{Event: ev, Body: hd.Body, Decl: hd, Frame: fr}
		c.checkBody(fr, hd.Body, bodyHandler)
		ev.Handlers = append(ev.Handlers, h)
	}
}

func (c *checker) checkPhases() {
	seen := map[string]*syntax.PhaseDecl{}
	rounds := 0
	for _, d := range c.f.Decls {
		pd := d.Phase
		if pd == nil {
			continue
		}
		if prev, ok := seen[pd.Name]; ok {
			first, again := prev, pd
			if again.Pos.Filename == first.Pos.Filename && again.Pos.Offset < first.Pos.Offset {
				// One placed before the other (phase a each round before
				// a): the error is at the one written second.
				first, again = again, first
			}
			e := c.errorf(diag.CodeDuplicate, syntax.RangeAt(again.Pos, "phase"), "rename one of them", "phase %s declared twice", pd.Name)
			e.Related = &diag.Related{Message: "first declared here", Range: syntax.RangeAt(first.Pos, "phase")}
			continue
		}
		seen[pd.Name] = pd
		p := &Phase{Name: pd.Name, Decl: pd, Body: pd.Body, Frame: c.newFrame("phase " + pd.Name)}
		switch {
		case pd.Once:
			p.When = Once
			if rounds > 0 {
				c.errorf(diag.CodeScope, syntax.RangeAt(pd.Pos, "phase "+pd.Name), "move it above the phases that run each round", "phase %s runs once but comes after round phases", pd.Name)
			}
		case pd.Each == "round":
			p.When = EachRound
			rounds++
		case pd.Each == "segment":
			p.When = EachSegment
			rounds++
		case pd.AtEnd:
			p.When = AtEnd
		}
		c.roundBody = p.When == EachRound || p.When == EachSegment
		c.checkBody(p.Frame, p.Body, bodyPhase)
		c.roundBody = false
		c.m.Phases = append(c.m.Phases, p)
	}
	if rounds == 0 {
		c.errorf(diag.CodeNoPhases, syntax.RangeAt(c.f.Pos, "ruleset"), "add `phase NAME each round { ... }`", "the ruleset has no phase that runs each round")
	}
}

func (c *checker) checkEnd() {
	var first *syntax.EndDecl
	for _, d := range c.f.Decls {
		if d.End == nil {
			continue
		}
		if first != nil {
			e := c.errorf(diag.CodeDuplicate, syntax.RangeAt(d.End.Pos, "end"), "combine the conditions with ||", "second end condition")
			e.Related = &diag.Related{Message: "first here", Range: syntax.RangeAt(first.Pos, "end")}
			continue
		}
		first = d.End
		c.m.End = c.compile(d.End.When, c.m.Globals, nil, c.u.Bool)
	}
	if first == nil {
		c.errorf(diag.CodeMissingHeader, syntax.RangeAt(c.f.Pos, "ruleset"), "add for example: end when len(standing(sides)) <= 1", "the ruleset has no end condition")
	}
}

// checkUnused warns about declarations nothing refers to.
func (c *checker) checkUnused() {
	used := c.usedNames()
	for _, t := range sortedTables(c.m.Tables) {
		if c.usedDropped[t.Name] {
			c.usedOnlyDropped("table", t.Name, syntax.RangeAt(t.Decl.Pos, "table"))
		}
		if !used[t.Name] {
			c.unusedName(t.Name, c.warnf(diag.CodeUnusedDecl, syntax.RangeAt(t.Decl.Pos, "table"), "call it as "+t.Name+"(roll) from a rule, or remove it", "table %s is never used", t.Name))
		}
	}
	for _, d := range c.f.Decls {
		c.declUsedOnlyDropped(d)
		if fd := d.Func; fd != nil && !used[fd.Name] {
			c.unusedName(fd.Name, c.warnf(diag.CodeUnusedDecl, syntax.RangeAt(fd.Pos, "fn"), "call it as "+fd.Name+"(...) from a rule, or remove it", "fn %s is never used", fd.Name))
		}
		if cd := d.Const; cd != nil && !used[cd.Name] {
			c.unusedConst(cd)
		}
		if md := d.Modifiers; md != nil && !used[md.Name] {
			c.unusedName(md.Name, c.warnf(diag.CodeUnusedDecl, syntax.RangeAt(md.Pos, "modifiers"), "call it as "+md.Name+"(...) from a rule, or remove it", "modifiers %s are never used", md.Name))
		}
		if ed := d.Event; ed != nil && !c.emitted[ed.Name] {
			c.unusedEvent(ed)
		}
	}
}

// unusedEvent warns of an event nothing emits. An event of a base that
// the variant checked leaves without an emitter (it removed or overrode
// the phase that emitted it: the twelfth homebrew round's variant of
// shock_and_swarm.fray removed its initiative phase) is warned of at
// the variant's header, whose writer can remove it, not in the base,
// which a lint of the base alone finds clean and which a homebrewer does
// not edit.
func (c *checker) unusedEvent(ed *syntax.EventDecl) {
	at := ed.Pos
	at.Advance("event ")
	decl := syntax.RangeAt(at, ed.Name)
	if head := c.header(); head != nil && ed.Pos.Filename != head.Pos.Filename {
		remove := "remove event " + ed.Name
		for _, d := range c.f.Decls {
			if d.Handler != nil && d.Handler.Event == ed.Name {
				remove += " and remove on " + ed.Name // its handlers would name no event
				break
			}
		}
		w := c.warnf(diag.CodeUnusedDecl, syntax.RangeAt(head.Pos, "ruleset"), fmt.Sprintf("this variant removes or overrides whatever emitted it: write %s in it, or emit it from a rule", remove),
			"event %s of %s is never emitted", ed.Name, ed.Pos.Filename)
		w.Related = &diag.Related{Message: "declared here", Range: decl}
		return
	}
	c.warnf(diag.CodeUnusedDecl, decl, "emit it from a rule, or remove it", "event %s is never emitted", ed.Name)
}

// header is the declaration of the ruleset's header (in a variant, the
// variant's, merged), or nil.
func (c *checker) header() *syntax.Decl {
	for _, d := range c.f.Decls {
		if d.Ruleset != nil {
			return d
		}
	}
	return nil
}

func (c *checker) unusedConst(cd *syntax.ConstDecl) {
	at := cd.Pos
	at.Advance("const ")
	c.unusedName(cd.Name, c.warnf(diag.CodeUnusedDecl, syntax.RangeAt(at, cd.Name), "use it in a rule, or remove it", "const %s is never used", cd.Name))
}

// unusedName notes the warning of a declaration whose name occurs once
// in the files: a variant that names it uses it (layer.go).
func (c *checker) unusedName(name string, d *diag.Diagnostic) {
	if c.unused == nil {
		c.unused = map[*diag.Diagnostic]string{}
	}
	c.unused[d] = name
}

// usedNames is the identifiers that occur more than once in the file:
// once for the declaration, once more for each use. Made once per check.
func (c *checker) usedNames() map[string]bool {
	if c.used != nil {
		return c.used
	}
	count := map[string]int{}
	live := map[string]int{} // outside the declarations a variant dropped
	for _, name := range sortedKeys(c.f.Sources) {
		ts, _ := c.f.TokensOf(name)
		dropped := c.f.Dropped[name]
		for _, t := range ts {
			in := len(dropped) == 0 || !inRanges(dropped, t.Pos.Offset)
			if t.Type == syntax.TokIdent {
				count[t.Value]++
				if in {
					live[t.Value]++
				}
			} else if t.Type == syntax.TokString {
				// Names used inside {templates} count too.
				eachWord(t.Value, func(w string) {
					count[w]++
					if in {
						live[w]++
					}
				})
			}
		}
	}
	c.used = make(map[string]bool, len(count))
	for k, n := range count {
		c.used[k] = n > 1
		if n > 1 && live[k] <= 1 {
			if c.usedDropped == nil {
				c.usedDropped = map[string]bool{}
			}
			c.usedDropped[k] = true
		}
	}
	return c.used
}

// eachWord calls f with each run of letters, digits and underscores of
// s that starts with a letter or underscore (what an identifier looks
// like), as the regular expression [A-Za-z_][A-Za-z_0-9]* would find.
func eachWord(s string, f func(string)) {
	for i := 0; i < len(s); {
		if !identStart(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && (identStart(s[j]) || '0' <= s[j] && s[j] <= '9') {
			j++
		}
		f(s[i:j])
		i = j
	}
}

func identStart(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || b == '_'
}
