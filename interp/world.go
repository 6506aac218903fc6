package interp

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/stdlib"
)

var _ stdlib.World = (*Run)(nil)

// setDice makes d the run's source of dice.
func (r *Run) setDice(d DiceSource) {
	r.dice = d
	r.sums, _ = d.(summingDice)
	r.setQuickDice()
}

// setQuickDice notes whether the run's dice are a seeded stream in a
// quiet run, after its dice or its options change.
func (r *Run) setQuickDice() {
	r.quickDice = nil
	if sd, ok := r.dice.(*SeededDice); ok && r.opt.Sink == nil {
		r.quickDice = sd
	}
	r.anonymous = r.quickDice != nil && r.opt.countEvent == nil
}

// die rolls one die whose faces the caller knows are 2 to
// stdlib.MaxFaces (d20 of the rule file, pick's index): a quick roll
// (rollPlus) without rollPlus's checks of the count and faces, which
// most rolls of a fight are.
func (r *Run) die(faces int) (int, error) {
	if sd := r.quickDice; sd != nil {
		if r.steps++; r.over() {
			return 0, r.overErr()
		}
		r.seq++
		return sd.die(faces), nil
	}
	return r.rollAny(1, faces, 0)
}

// Roll rolls n dice and records the roll, attributed to the current actor
// and reason. Every die counts toward the run's work (--max-steps).
func (r *Run) Roll(n, faces int) (int, error) { return r.rollPlus(n, faces, 0) }

// rollPlus rolls n dice for a dice value with a modifier (d6+4): the
// value is the dice plus mod, and the log line says both ("the DM rolls
// d6+4 for distance: 1 + 4 = 5"). The JSON event keeps the dice and
// their total, as for any roll.
func (r *Run) rollPlus(n, faces, mod int) (int, error) {
	// Most rolls are one die of a seeded stream in a quiet run (sim,
	// prob --sample, benchmarks): that roll takes the short way, with
	// the same count of work, place in the log and die as rollAny.
	if sd := r.quickDice; sd != nil && n == 1 && faces >= 2 && faces <= stdlib.MaxFaces {
		if r.steps++; r.over() {
			return 0, r.overErr()
		}
		r.seq++
		return sd.die(faces) + mod, nil
	}
	return r.rollAny(n, faces, mod)
}

// rollAny is rollPlus for any number of dice, any source, logged or not.
func (r *Run) rollAny(n, faces, mod int) (int, error) {
	if n < 1 || n > stdlib.MaxDice || faces < 2 || faces > stdlib.MaxFaces {
		return 0, fmt.Errorf("cannot roll %dd%d: 1 to %d dice of 2 to %d faces", n, faces, stdlib.MaxDice, stdlib.MaxFaces)
	}
	if err := r.Work(n); err != nil {
		return 0, err
	}
	logged := r.opt.Sink != nil
	var faceList []int
	total := 0
	if sd := r.sums; sd != nil && n > 1 {
		// A source that deals in sums (the exact enumeration of fray
		// prob) gives the total of several dice as one outcome.
		t, err := sd.Sum(n, faces, r.needFn)
		if err != nil {
			return 0, err
		}
		total = t
	} else {
		if logged {
			faceList = make([]int, n)
		}
		for i := range n {
			v, err := r.dice.Die(faces, r.needFn)
			if err != nil {
				return 0, err
			}
			if logged {
				faceList[i] = v
			}
			total += v
		}
	}
	if !logged {
		r.seq++ // the roll's place in the log, as in a logged run
		return total + mod, nil
	}
	r.logRoll(n, faces, faceList, total, mod)
	return total + mod, nil
}

// logRoll logs a roll of n dice with its faces (nil: only the total
// known), and the modifier of the dice value rolled, if any.
func (r *Run) logRoll(n, faces int, faceList []int, total, mod int) {
	d := stdlib.Dice{N: n, Faces: faces}
	who, why := r.who(), r.reason
	result := fmt.Sprint(total)
	if faceList != nil {
		result = facesText(faceList, total)
	}
	shown := d
	if mod != 0 {
		shown.Mod = mod
		dice := fmt.Sprint(total)
		if len(faceList) > 1 {
			dice = strings.TrimSuffix(facesText(faceList, total), " = "+fmt.Sprint(total))
		}
		result = plusMod(dice, total, mod)
	}
	text := fmt.Sprintf("%s %s%s: %s", r.rollsBy(who), shown, rollPurpose(why), result)
	r.emitLog(&Event{Kind: KRoll, Who: who, Why: why, Dice: d.String(), Faces: faceList, Total: &total, Text: text})
}

// plusMod is a roll's result followed by the modifier of the dice value
// rolled: "1 + 4 = 5", "3+2 - 1 = 4". The sum is taken before a negative
// modifier is turned into its size for the sign (taken after, d6-7
// showing 6 read "6 - 7 = 13").
func plusMod(result string, total, mod int) string {
	sum := total + mod
	sign := "+"
	if mod < 0 {
		sign, mod = "-", -mod
	}
	return fmt.Sprintf("%s %s %d = %d", result, sign, mod, sum)
}

func orSomeone(who string) string {
	if who == "" {
		return "fray"
	}
	return who
}

func (r *Run) describeNeed() string {
	s := fmt.Sprintf("%s by %s", r.reason, orSomeone(r.who()))
	if r.phase != "" {
		s += " in phase " + r.phase
	}
	if r.round > 0 {
		s += fmt.Sprintf(", round %d", r.round)
	}
	if r.segment > 0 {
		s += fmt.Sprintf(", segment %d", r.segment)
	}
	return s
}

func facesText(faces []int, total int) string {
	if len(faces) == 1 {
		return fmt.Sprint(total)
	}
	parts := make([]string, len(faces))
	for i, f := range faces {
		parts[i] = fmt.Sprint(f)
	}
	return strings.Join(parts, "+") + " = " + fmt.Sprint(total)
}

// listResult copies a list made in the scratch space since mark into a
// new list of type t, as expr-lang values must outlive the call.
func (r *Run) listResult(t reflect.Type, mark int, list []addr) any {
	out := boxList(t, list).Interface()
	r.dropScratch(mark)
	return out
}

func ptrOf(v any) (reflect.Value, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Kind() != reflect.Pointer || rv.IsNil() {
		return reflect.Value{}, errNobody
	}
	return rv, nil
}

// listOf views a list argument as raw pointers.
func listOf(v any) []addr {
	lv := reflect.ValueOf(v)
	if !lv.IsValid() || lv.Kind() != reflect.Slice {
		return nil
	}
	if lv.Type().Elem().Kind() == reflect.Pointer {
		return pointers(lv)
	}
	// A list of any: keep the combatants and sides in it.
	var out []addr
	for i := 0; i < lv.Len(); i++ {
		e := lv.Index(i)
		if e.Kind() == reflect.Interface {
			e = e.Elem()
		}
		if e.Kind() == reflect.Pointer {
			out = append(out, addrOf(e))
		} else {
			out = append(out, addr{})
		}
	}
	return out
}

// Members are a side's combatants.
func (r *Run) Members(side any) (any, error) {
	s, err := ptrOf(side)
	if err != nil {
		return nil, err
	}
	return r.listResult(r.combList.Type(), len(r.scratch), r.membersP(addrOf(s))), nil
}

// Living keeps the living combatants of a list.
func (r *Run) Living(list any) (any, error) {
	return r.listResult(r.combList.Type(), len(r.scratch), r.livingP(listOf(list))), nil
}

// Enemies are the combatants of the other sides.
func (r *Run) Enemies(c any) (any, error) {
	cv, err := ptrOf(c)
	if err != nil {
		return nil, err
	}
	return r.listResult(r.combList.Type(), len(r.scratch), r.enemiesP(addrOf(cv))), nil
}

// Allies are the others of the combatant's side.
func (r *Run) Allies(c any) (any, error) {
	cv, err := ptrOf(c)
	if err != nil {
		return nil, err
	}
	return r.listResult(r.combList.Type(), len(r.scratch), r.alliesP(addrOf(cv))), nil
}

// EnemySides are the other sides.
func (r *Run) EnemySides(side any) (any, error) {
	s, err := ptrOf(side)
	if err != nil {
		return nil, err
	}
	return r.listResult(r.sideList.Type(), len(r.scratch), r.enemySidesP(addrOf(s))), nil
}

// Standing are the sides with a living member.
func (r *Run) Standing(sides any) (any, error) {
	return r.listResult(r.sideList.Type(), len(r.scratch), r.standingP(listOf(sides))), nil
}

// Pending reports whether something is scheduled for owner under label.
func (r *Run) Pending(owner any, label string) (bool, error) {
	c, err := ptrOf(owner)
	if err != nil {
		return false, nil
	}
	return r.pendingP(addrOf(c), label), nil
}

// Pick chooses an element of a list with a die as large as the list;
// nobody (of the list's element type) from an empty list.
func (r *Run) Pick(list any) (any, error) {
	elem := r.combList.Type().Elem()
	if lv := reflect.ValueOf(list); lv.IsValid() && lv.Kind() == reflect.Slice && lv.Type().Elem().Kind() == reflect.Pointer {
		elem = lv.Type().Elem()
	}
	p, err := r.pickP(listOf(list))
	if err != nil {
		return nil, err
	}
	return valueAt(elem.Elem(), p).Interface(), nil
}

// Call evaluates a function of the ruleset with its arguments. Functions
// may call functions, so the depth is bounded like events and actions.
func (r *Run) Call(name string, args []any) (any, error) {
	f := r.plan.funcs[name]
	if f != nil && f.Choice {
		return r.choose(f, args) // slots.go
	}
	if pp := r.plan.procs[f]; pp != nil && f != nil {
		return r.callProc(pp, args) // v2: proc.go
	}
	if f == nil || f.Body == nil {
		return nil, fmt.Errorf("no function named %s", name)
	}
	return r.callExpr(f, args)
}

// callExpr runs a fn whose body is an expression (or a choice's default
// policy) called by the VM.
func (r *Run) callExpr(f *check.Func, args []any) (any, error) {
	name := f.Name
	if err := r.Work(1); err != nil {
		r.callFailed = true
		return nil, err
	}
	r.nesting++
	defer func() { r.nesting-- }()
	if r.nesting > r.opt.MaxNesting {
		r.callFailed = true
		return nil, fmt.Errorf("%s", r.tooDeep("fn "+name+": functions are nested more than %d deep (does it call itself without end?)"))
	}
	fr := r.frame(f.Frame)
	e := fr.Elem()
	for i, p := range f.Params {
		if err := r.store(e.Field(p.Field.Index), args[i], diag.Range{}); err != nil {
			return nil, err
		}
	}
	v, err := r.eval(f.Body, fr)
	if err == nil && f.Result != nil {
		switch f.Result.R.Kind() {
		case reflect.Int:
			if _, isInt := v.(int); !isInt {
				// A body typed any gave a float or nothing (intResult);
				// placed in the body, as a native call places it.
				var n int
				if n, err = intResult(f, v); err != nil {
					err = r.exprFailure(f.Body, err.Error())
				}
				v = n
			}
		case reflect.Bool, reflect.String:
			if v == nil {
				// Placed in the body, as a native call places it.
				err = r.exprFailure(f.Body, noValue(f).Error())
			}
		}
	}
	if err == nil {
		r.release(f.Frame, fr)
	}
	if re, ok := err.(*RunError); ok && r.inner == nil {
		// expr-lang reports a function's error as text; keep the
		// innermost positioned error for the caller's eval to return.
		r.inner = re
	}
	return v, err
}

// Modifier totals a modifiers block for the given arguments, logging each
// modifier that applies.
func (r *Run) Modifier(name string, args []any) (int, error) {
	m := r.plan.modifiers[name]
	if m == nil {
		return 0, fmt.Errorf("no modifiers named %s", name)
	}
	if err := r.Work(1 + len(m.Rows)); err != nil {
		return 0, err
	}
	fr := r.frame(m.Frame)
	e := fr.Elem()
	for i, p := range m.Params {
		if err := r.store(e.Field(p.Field.Index), args[i], diag.Range{}); err != nil {
			return 0, err
		}
	}
	var first any
	if len(args) > 0 {
		first = args[0]
	}
	total, err := r.modifierTotal(m, fr, addrOf(fr), first)
	if err == nil {
		r.release(m.Frame, fr)
	}
	if re, ok := err.(*RunError); ok && r.inner == nil {
		r.inner = re // the innermost placed error, as callExpr keeps it
	} else if err != nil && !ok {
		r.callFailed = true // too deep: placed at the call
	}
	return total, err
}

// modifierTotal totals the rows of modifiers block m whose arguments are
// set in its frame fr (at base), and logs the rows that apply; first is
// the first argument, named in the log.
func (r *Run) modifierTotal(m *check.Modifiers, fr reflect.Value, base addr, first any) (int, error) {
	// A row may call its own block (or one that calls it back): the
	// depth is bounded like that of fns, else the Go stack overflowed.
	if r.nesting >= r.opt.MaxNesting {
		return 0, fmt.Errorf("%s", r.tooDeep("modifiers "+m.Name+": modifiers blocks are nested more than %d deep (does a row call its own block?)"))
	}
	r.nesting++
	defer func() { r.nesting-- }()
	e := fr.Elem()
	quiet := r.opt.Sink == nil
	var applied []string
	total, n := 0, 0 // the aggregate of the n values so far
	evalRows := func() error {
		for _, row := range m.Rows {
			if row.When != nil {
				var ok bool
				var err error
				if fe := r.fastOf(row.When); fe != nil && fe.b != nil {
					ok, err = fastRunP(r, row.When, fe.b, base)
				} else {
					ok, err = r.evalBool(row.When, fr)
				}
				if err != nil {
					return err
				}
				if !ok {
					continue
				}
			}
			var v int
			if fe := r.fastOf(row.Value); fe != nil && fe.i != nil {
				var err error
				if v, err = fastRunP(r, row.Value, fe.i, base); err != nil {
					return err
				}
			} else {
				x, err := r.eval(row.Value, fr)
				if err != nil {
					return err
				}
				var msg string
				if v, msg = wholeOf(x, "the row's value"); msg != "" {
					return r.exprFailure(row.Value, msg)
				}
			}
			switch m.Aggregate {
			case "max", "best":
				if n == 0 || v > total {
					total = v
				}
			case "min", "worst":
				if n == 0 || v < total {
					total = v
				}
			default:
				// A total beyond the whole numbers stops the run at
				// the row that took it there.
				t, err := stdlib.Add(total, v)
				if err != nil {
					return r.exprFailure(row.Value, err.Error())
				}
				total = t
			}
			n++
			if r.plan.cov != nil {
				r.plan.cov.modifier(row) // coverage.go
			}
			if !quiet {
				applied = append(applied, fmt.Sprintf("%s %+d", row.Label, v))
			}
		}
		return nil
	}
	if m.Over != nil {
		lv, err := r.eval(m.Over, fr)
		if err != nil {
			return 0, err
		}
		list := reflect.ValueOf(lv)
		for i := 0; list.IsValid() && i < list.Len(); i++ {
			e.Field(m.OverVar.Index).Set(list.Index(i))
			if err := evalRows(); err != nil {
				return 0, err
			}
		}
	} else if err := evalRows(); err != nil {
		return 0, err
	}
	if quiet && n > 0 {
		r.seq++
	}
	if len(applied) > 0 {
		var subject string
		if len(m.Params) > 0 {
			subject = show(first)
		}
		r.emitLog(&Event{Kind: KModifier, Who: subject, Name: m.Name, Total: &total, detail: true,
			Text: fmt.Sprintf("%s for %s: %s (%s) = %+d", m.Name, subject, strings.Join(applied, ", "), m.Aggregate, total)})
	}
	return total, nil
}

// Table looks keys up (or rolls the table's dice) and returns the row's value.
func (r *Run) Table(name string, keys []any, roll bool) (any, error) {
	t := r.plan.tables[name]
	if t == nil {
		return nil, fmt.Errorf("no table named %s", name)
	}
	if err := r.Work(1); err != nil {
		return nil, err
	}
	val, _, err := r.tableRow(t, keys, roll, "")
	return val, err
}

// tableRow rolls or looks up a table's row, logs it (saying whom it is
// applied to, if anyone) and returns its value and the row. A table the
// source leaves to be announced (tba) has no row: the log says so, and
// the value is the zero value of the table's type.
func (r *Run) tableRow(t *check.Table, keys []any, roll bool, on string) (any, *check.Row, error) {
	name := t.Name
	if roll {
		if t.Dice == nil {
			return nil, nil, fmt.Errorf("table %s has no dice to roll", name)
		}
		prev := r.reason
		r.reason = r.plan.tableWhy[t]
		if r.reason == "" {
			r.reason = "table " + name
		}
		total, err := r.RollDice(t.Dice.Spec)
		r.reason = prev
		if err != nil {
			return nil, nil, err
		}
		keys = []any{total}
	}
	at := func() string {
		keyText := make([]string, len(keys))
		for i, k := range keys {
			keyText[i] = quoteArg(k)
		}
		return strings.Join(keyText, ", ")
	}
	jsonKeys := func() []any {
		jk := make([]any, len(keys))
		for i, k := range keys {
			jk[i] = jsonValue(k)
		}
		return jk
	}
	if on != "" && r.opt.Sink != nil { // only the log says on whom
		on = ", on " + on
	}
	if t.TBA && len(t.Rows) == 0 {
		if !r.quiet() {
			r.emitLog(&Event{Kind: KTable, Who: r.who(), Name: name, Args: map[string]any{"keys": jsonKeys(), "tba": true},
				Text:    fmt.Sprintf("%s table, %s: no row; the source leaves this table to be announced (tba)%s", tableWords(name), at(), on),
				verbose: fmt.Sprintf("table %s, %s: no row; the source leaves this table to be announced (tba)%s", name, at(), on)})
		}
		return reflect.Zero(t.Result.R).Interface(), nil, nil
	}
	lits := r.plan.tableLits[t]
rows:
	for ri, row := range t.Rows {
		for i, k := range row.Keys {
			if i >= len(keys) || !k.Matches(keys[i]) {
				continue rows
			}
		}
		// The rows passed over count, a step for every 8 as other walks
		// do: a look-up near the end of a table of 250 000 rows, in a
		// loop, was one step and ran past 20 s.
		if err := r.Work(ri / 8); err != nil {
			return nil, nil, err
		}
		if r.plan.cov != nil {
			r.plan.cov.row(row) // coverage.go
		}
		var val any
		if ri < len(lits) && lits[ri].ok {
			val = lits[ri].v // table_literal.go: no frame to lend, nothing boxed
		} else if v, ok := literalValue(row.Value, t.Result); ok {
			val = v
		} else if row.Value == nil {
			val = row.Label
		} else {
			fr := r.frame(r.m.Globals)
			v, err := r.eval(row.Value, fr)
			if err != nil {
				return nil, nil, err
			}
			r.release(r.m.Globals, fr)
			val = v
		}
		if r.quiet() {
			return val, row, nil
		}
		label := row.Label
		if label == "" {
			label = show(val)
		} else if row.Value != nil {
			label += " (" + show(val) + ")"
		}
		// A look-up by keys is a step of the rules (shown under -v); a
		// table rolled, or applied to someone, is what happened.
		r.emitLog(&Event{Kind: KTable, Who: r.who(), Name: name, Args: map[string]any{"keys": jsonKeys(), "value": jsonValue(val)},
			Text:    fmt.Sprintf("%s table, %s: %s%s", tableWords(name), at(), label, on),
			verbose: fmt.Sprintf("table %s, %s: %s%s", name, at(), label, on), detail: !roll && on == ""})
		return val, row, nil
	}
	if err := r.Work(len(t.Rows) / 8); err != nil {
		return nil, nil, err
	}
	return nil, nil, fmt.Errorf("table %s has no row for %s", name, at())
}
