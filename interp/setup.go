package interp

import (
	"fmt"
	"path/filepath"
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// setup builds the sides and combatants with their defaults, the
// encounter's settings and the DM's rulings, and logs the start.
func (r *Run) setup() error {
	m, enc := r.m, r.enc
	ncomb := 0
	for _, s := range enc.Sides {
		ncomb += len(s.Combatants)
	}
	pr := r.plan.protos()
	r.makeLists(pr, len(enc.Sides), ncomb)
	r.forgetRosters()
	if !r.quiet() {
		mode := fmt.Sprintf("seed %d", r.opt.Seed)
		if r.opt.Dice != nil {
			mode = fmt.Sprintf("%d fixed dice", len(r.opt.Dice))
		}
		r.emitLog(&Event{Kind: KStart, Name: enc.Name, Args: map[string]any{"ruleset": m.Name, "seed": r.opt.Seed, "fixed_dice": r.opt.Dice != nil,
			"encounter_file": filepath.ToSlash(enc.File.Name), "rules_file": filepath.ToSlash(enc.RulesPath), "max_rounds": r.opt.MaxRounds},
			Text: fmt.Sprintf("encounter %q under ruleset %q, %s", enc.Name, m.Name, mode)})
	}
	r.actors = append(r.actors, "setup")
	defer func() { r.actors = r.actors[:len(r.actors)-1] }()

	// Constants in order; each may use the ones before it. They read
	// only literals, the constants before them and the encounter's lists
	// (the checker gives them no function, so no roll): a Runner's next
	// fight keeps those of its first.
	kept := false
	if k := r.keep; k != nil && k.warm && len(k.consts) == len(m.Consts) {
		r.consts = append(r.consts[:0], k.consts...)
		kept = true
	}
	// One frame for them all, each constant added to it once made: a
	// frame made again for each (the globals zeroed, every constant before
	// it copied in) was N²/2 copies, and 50 000 constants (a file of 1 MB)
	// ran past 60 s before the first round.
	var fr reflect.Value
	for i := len(r.consts); i < len(m.Consts); i++ {
		c := m.Consts[i]
		if !fr.IsValid() {
			fr = r.constFrame()
		}
		r.reason = c.Name
		v, err := r.eval(c.Value, fr)
		if err != nil {
			return err
		}
		cv := r.constSlot(i)
		if err := r.store(cv, v, syntax.RangeOf(c.Decl.Pos, c.Decl.Value.EndPos)); err != nil {
			return err
		}
		r.consts = append(r.consts, cv)
		fr.Elem().Field(c.Field.Index).Set(cv)
	}
	if !kept {
		r.keptConsts()
	}
	r.framesReady()

	// Every side and combatant starts as a copy of the plan's prototype,
	// which holds the built-in attributes' starting values and the
	// defaults that are literals; the others are evaluated below, in
	// order. The structs of a fight are allocated together.
	// A Runner copies what its first fight made here (restoreStructs).
	if !r.restoreStructs() {
		sideArr := reflect.MakeSlice(pr.sideSlice, len(enc.Sides), len(enc.Sides))
		combArr := reflect.MakeSlice(pr.combSlice, ncomb, ncomb)
		for si, s := range enc.Sides {
			e := sideArr.Index(si)
			e.Set(pr.side)
			e.Field(check.FieldName).SetString(s.Name)
			e.Field(e.NumField() - 1).SetInt(int64(si)) // the hidden index
			sv := e.Addr()
			r.sides = append(r.sides, sv)
			r.sideList.Index(si).Set(sv)
			for _, cs := range s.Combatants {
				e := combArr.Index(len(r.comb))
				e.Set(pr.comb)
				e.Field(check.FieldName).SetString(cs.Name)
				e.Field(check.FieldSide).Set(sv)
				e.Field(e.NumField() - 1).SetInt(int64(len(r.comb))) // the hidden index
				cv := e.Addr()
				r.comb = append(r.comb, cv)
				r.combList.Index(len(r.comb) - 1).Set(cv)
			}
		}
		if r.enc.Map != nil {
			r.place()
		}
		r.keepStructs(sideArr, combArr)
	}
	if cap(r.declared) >= len(r.comb) {
		r.declared = r.declared[:len(r.comb)]
		clear(r.declared) // a Runner's earlier fight's
	} else {
		r.declared = make([]*declared, len(r.comb))
	}
	// Defaults, then the encounter's settings.
	if err := r.applyDefaults(r.sides, m.U.SideAttrs, pr.sideDone); err != nil {
		return err
	}
	if err := r.applyDefaults(r.comb, m.U.CombatantAttrs, pr.combDone); err != nil {
		return err
	}
	ci := 0
	for si, s := range enc.Sides {
		for _, set := range s.Sets {
			v, err := r.settingValue(set.Value, s.Name, set.Attr.Name) // setup_roll.go: hp = 2d8
			if err != nil {
				return err
			}
			if err := r.storeAttr(r.sides[si].Elem().Field(set.Attr.Field), set.Attr, v, syntax.RangeOf(s.Decl.Pos, s.Decl.EndPos)); err != nil {
				return err
			}
		}
		for _, cs := range s.Combatants {
			for _, set := range cs.Sets {
				v, err := r.settingValue(set.Value, cs.Name, set.Attr.Name)
				if err != nil {
					return err
				}
				if err := r.storeAttr(r.comb[ci].Elem().Field(set.Attr.Field), set.Attr, v, syntax.RangeOf(cs.Decl.Pos, cs.Decl.EndPos)); err != nil {
					return err
				}
			}
			ci++
		}
	}
	for _, ru := range enc.Rulings {
		for _, set := range ru.Sets {
			var target reflect.Value
			if set.Side {
				target = r.findSide(set.Target)
			} else {
				target = r.findCombatant(set.Target)
			}
			if !target.IsValid() {
				return &RunError{Msg: "ruling names unknown " + set.Target}
			}
			v, err := r.settingValue(set.Value, set.Target, set.Attr.Name)
			if err != nil {
				return err
			}
			if err := r.storeAttr(target.Elem().Field(set.Attr.Field), set.Attr, v, diag.Range{}); err != nil {
				return err
			}
			r.emitLog(&Event{Kind: KRuling, Who: set.Target, Name: set.Attr.Name, Args: map[string]any{"value": jsonValue(target.Elem().Field(set.Attr.Field))},
				Text: fmt.Sprintf("ruling: %s (%s)", ru.Text, set.Text)})
		}
		if len(ru.Sets) == 0 {
			r.emitLog(&Event{Kind: KRuling, Text: "ruling: " + ru.Text})
		}
	}
	// Derived attributes last, from the attributes as the encounter
	// and the rulings left them (derived.go), under no condition.
	r.resetConditions()
	return r.recomputeAll()
}

// makeLists makes the lists of sides and combatants at their length
// (reflect.Append would allocate per element), to be filled once the
// constants are known; a Runner empties its own instead.
func (r *Run) makeLists(pr *prototypes, nsides, ncomb int) {
	if k := r.keep; k != nil && k.sideList.IsValid() {
		// The same list values from fight to fight: the frame pools'
		// templates, which hold them, stay valid.
		r.sideList, r.combList, r.lists = k.sideList, k.combList, k.lists
		r.sideList.Clear()
		r.combList.Clear()
		r.sides, r.comb = r.sides[:0], r.comb[:0]
		return
	}
	r.sideList = reflect.MakeSlice(pr.sideList, nsides, nsides)
	r.combList = reflect.MakeSlice(pr.combList, ncomb, max(8, ncomb))
	r.lists = listEpochs.Add(1)
	r.sides = make([]reflect.Value, 0, nsides)
	r.comb = make([]reflect.Value, 0, ncomb)
	if k := r.keep; k != nil {
		k.sideList, k.combList, k.lists = r.sideList, r.combList, r.lists
	}
}

// constFrame is the frame the constants are evaluated in: the globals,
// with the constants made so far (setup adds each as it is made).
func (r *Run) constFrame() reflect.Value {
	k := r.keep
	if k == nil {
		return r.newFrame(r.m.Globals)
	}
	if !k.constFrame.IsValid() {
		k.constFrame = reflect.New(r.m.Globals.R)
	}
	e := k.constFrame.Elem()
	e.SetZero()
	r.setGlobals(e)
	return k.constFrame
}

// constSlot is where constant i is stored.
func (r *Run) constSlot(i int) reflect.Value {
	k := r.keep
	if k == nil {
		return reflect.New(r.m.Consts[i].Field.Type.R).Elem()
	}
	for n := len(k.consts); n <= i; n++ {
		t := r.m.Consts[n].Field.Type.R
		k.consts = append(k.consts, reflect.New(t).Elem())
	}
	return k.consts[i]
}

func (r *Run) applyDefaults(list []reflect.Value, attrs []*check.Attr, done []bool) error {
	for ai, a := range attrs {
		if a.Default == nil || done[ai] {
			continue
		}
		// A native default that rolls nothing is the same for everyone
		// (lists excepted: each gets its own).
		var val any
		once := false
		if fe := r.fastOf(a.Default); fe != nil && fe.pure && fe.l == nil {
			once = true
		}
		for i, v := range list {
			if i == 0 || !once {
				fr := r.frameAt(0)
				r.reason = a.Name
				var err error
				val, err = r.eval(a.Default, fr)
				if err != nil {
					return err
				}
				r.releaseAt(0, fr)
			}
			if err := r.store(v.Elem().Field(a.Field), val, syntax.RangeOf(a.Decl.Pos, a.Decl.EndPos)); err != nil {
				return err
			}
		}
	}
	return nil
}

func (r *Run) findSide(name string) reflect.Value {
	for _, s := range r.sides {
		if s.Elem().Field(check.FieldName).String() == name {
			return s
		}
	}
	return reflect.Value{}
}

func (r *Run) findCombatant(name string) reflect.Value {
	for _, c := range r.comb {
		if c.Elem().Field(check.FieldName).String() == name {
			return c
		}
	}
	return reflect.Value{}
}

// prototypes are the starting structs of every side and combatant of a
// plan: the built-in attributes set (alive, present, off the map) and
// the defaults that are literals of a type without pointers applied
// (they neither roll nor fail, and no two structs share them).
type prototypes struct {
	side, comb           reflect.Value // struct values
	sideSlice, combSlice reflect.Type  // []side, []combatant: a fight's structs, allocated together
	sideList, combList   reflect.Type  // []*side, []*combatant
	sideDone, combDone   []bool        // by attribute: the default is in the prototype
}

func (p *Plan) protos() *prototypes {
	p.protoOnce.Do(func() {
		u := p.M.U
		sideT, combT := u.Side.R.Elem(), u.Combatant.R.Elem()
		pr := &prototypes{side: reflect.New(sideT).Elem(), comb: reflect.New(combT).Elem(),
			sideSlice: reflect.SliceOf(sideT), combSlice: reflect.SliceOf(combT),
			sideList: reflect.SliceOf(u.Side.R), combList: reflect.SliceOf(u.Combatant.R)}
		pr.comb.Field(check.FieldAlive).SetBool(true)
		pr.comb.Field(check.FieldPresent).SetBool(true)
		pr.comb.Field(check.FieldX).SetInt(-1)
		pr.comb.Field(check.FieldY).SetInt(-1)
		// Sides' defaults are evaluated before combatants'.
		open := true
		consts := constLiterals(p.M.Consts)
		pr.sideDone = literalDefaults(pr.side, u.SideAttrs, consts, &open)
		pr.combDone = literalDefaults(pr.comb, u.CombatantAttrs, consts, &open)
		p.proto = pr
	})
	return p.proto
}

// literalDefaults applies to a prototype the defaults that are literals
// of a type without pointers, and reports which; it stops at the first
// other default (*open is then false), since that one, evaluated in the
// fight, could read the attributes that come after it while they are
// still zero.
func literalDefaults(proto reflect.Value, attrs []*check.Attr, consts map[string]any, open *bool) []bool {
	done := make([]bool, len(attrs))
	for i, a := range attrs {
		if a.Default == nil {
			continue
		}
		if !*open {
			break
		}
		dst := proto.Field(a.Field)
		if _, none := a.Default.Node.(*ast.NilNode); none && dst.Kind() == reflect.Interface {
			done[i] = true // a reference that starts as none: the prototype's nil is it
			continue
		}
		lit, ok := literalOf(a.Default)
		if id, isID := a.Default.Node.(*ast.IdentifierNode); !ok && isID {
			lit, ok = consts[id.Value] // a constant whose value is a literal: fixed at load
		}
		if !ok || dst.Kind() == reflect.Interface || (hasPointers(dst.Type()) && dst.Kind() != reflect.String) ||
			reflect.TypeOf(lit) != dst.Type() {
			*open = false
			break
		}
		dst.Set(reflect.ValueOf(lit))
		done[i] = true
	}
	return done
}

// constLiterals are the values of the constants declared as literals
// (const save = 15), which a default may name: fixed when the rules
// load, so the prototype takes them as it takes literals.
func constLiterals(consts []*check.Const) map[string]any {
	out := map[string]any{}
	for _, k := range consts {
		if k.Value == nil {
			continue
		}
		if lit, ok := literalOf(k.Value); ok {
			out[k.Name] = lit
		}
	}
	return out
}

// literalOf is the value of an expression that is a literal (a dice
// literal, a whole number, a truth value, a text).
func literalOf(ce *check.CExpr) (any, bool) {
	if ce.Const != nil {
		return ce.Const, true
	}
	if ce.Node == nil {
		return nil, false
	}
	switch n := ce.Node.(type) {
	case *ast.IntegerNode:
		return n.Value, true
	case *ast.BoolNode:
		return n.Value, true
	case *ast.StringNode:
		return n.Value, true
	}
	return nil, false
}
