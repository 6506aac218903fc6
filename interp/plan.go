package interp

import (
	"reflect"
	"sync"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Plan is a ruleset lowered for running: every body a list of nodes that
// hold their compiled expressions and resolved frame slots. One plan
// serves any number of runs.
type Plan struct {
	M         *check.Model
	Once      []*phasePlan
	Rounds    []*phasePlan
	AtEnd     []*phasePlan
	actions   map[*check.Action]*actionPlan
	events    map[*check.Event]*eventPlan
	modifiers map[string]*check.Modifiers
	funcs     map[string]*check.Func
	tables    map[string]*check.Table
	tableLits map[*check.Table][]rowLiteral // table_literal.go
	// tableWhy is the reason the dice of a rolled table are rolled for
	// ("table NAME"), made once, not at every roll.
	tableWhy map[*check.Table]string
	effects  map[*check.Row]block        // the lowered effect blocks of table rows
	procs    map[*check.Func]*procPlan   // v2: fns with statement bodies (proc.go)
	points   map[*check.Point]*pointPlan // v2 item 3: point.go
	fast     []*fexpr                    // by expression ID: those evaluated natively (fast.go)
	walks    []*vmWalk                   // by expression ID: the lists the VM's walks read (vm_walks.go)
	// compilingFn are the fns whose bodies are being compiled natively
	// (fast_fn.go): a call of one of them from its own body stays with
	// the VM. Used while lowering only.
	compilingFn map[*check.Func]bool
	frames      []*check.Frame // by frame ID (frames.go)
	frameIDs    map[*check.Frame]int
	stores      sync.Pool // *runStore left by finished runs (frames.go)
	lay         layout
	combPtr     ptrType      // a combatant's pointer type, for ptrValue
	cur         *check.Frame // the frame of the body being lowered
	// endReads are the attributes the end condition may read (nil: any).
	endReads map[string]bool
	// endRound, endSegment: the end condition names the round, the
	// segment (a condition that names only the round keeps its answer
	// across the segments of a round in which nothing it reads changed).
	endRound, endSegment bool
	// endKeep: the end condition's answer may be kept while nothing it
	// reads changes (Run.checkEnd).
	endKeep bool
	// endActions: declarations and schedules may change the end
	// condition's answer (endFacts.readsActions).
	endActions bool
	// endStands: the kept answer reads the world only through who stands
	// (endOnStanding), so a fall changes it only when its side starts or
	// stops standing (rosterStands).
	endStands bool
	// preset are the parameters of a frame that every call of its body
	// sets before the body runs (an event's and its handlers', an
	// action's self): a reused frame need not zero them.
	preset map[*check.Frame]map[int]bool
	// moves are the x and y assignments that go in pairs, one move of
	// two statements (square_move.go).
	moves map[*syntax.AssignStmt]int
	// keepZeroed are fields a body may read before it sets them (an
	// action's parameters): a let of the same name does not preset them.
	keepZeroed map[*check.Frame]map[int]bool
	protoOnce  sync.Once
	proto      *prototypes   // setup.go
	cov        *covPlan      // coverage.go: nil unless lowered by LowerCovered
	derived    *derivedPlans // derived.go: nil without derived attributes
}

type phasePlan struct {
	ph   *check.Phase
	body block
	fid  int // frame ID
}

type actionPlan struct {
	a    *check.Action
	body block
	fid  int
	self slot // where self sits in the action's frame
	// defaults store each parameter's default in the frame (nil for a
	// parameter without one), planned like any expression.
	defaults []intoFn
	params   []slot // where the parameters sit in the action's frame
}

type eventPlan struct {
	ev       *check.Event
	handlers []*handlerPlan
	fid      int
	// A quiet run skips the text when the parameters at quietRoots are
	// somebody (fast_quiet.go, quietTemplate), but for the parts at quietKeep,
	// which it evaluates.
	quietSkip  bool
	quietRoots []int
	quietKeep  []int
	// quietAt are the offsets of the quietRoots in the event's frame
	// when every one is a plain pointer (skipText reads them directly);
	// quietFast says they are.
	quietAt   []uintptr
	quietFast bool
	params    []slot // where the parameters sit in the event's frame
	// whoAt are the offsets of its combatant parameters in its frame,
	// in order (the handlers act for the first that is somebody); nil
	// when one is not a plain pointer (then found through reflect).
	whoAt []uintptr
}

type handlerPlan struct {
	frame  *check.Frame
	body   block
	fid    int
	params []slot // where the event's parameters sit in the handler's frame
	// copies copies each parameter from the event's frame into the
	// handler's by offset; nil for one of a kind it does not copy (that
	// one goes through reflect).
	copies []func(dst, src addr)
}

// copier copies a field of type t at from in one frame to to in
// another, by offset; nil for a kind it does not copy.
func copier(t reflect.Type, from, to uintptr) func(dst, src addr) {
	switch t.Kind() {
	case reflect.Pointer:
		return func(dst, src addr) { store(dst, to, load[addr](src, from)) }
	case reflect.Int:
		return func(dst, src addr) { store(dst, to, load[int](src, from)) }
	case reflect.Bool:
		return func(dst, src addr) { store(dst, to, load[bool](src, from)) }
	case reflect.String:
		return func(dst, src addr) { store(dst, to, load[string](src, from)) }
	}
	return nil
}

// Lower builds the plan of a checked model without errors.
func Lower(m *check.Model) *Plan { return lower(m, true, true) }

// lower builds a plan; without native, every expression runs in
// expr-lang's VM, the evaluator of record (tests compare the two).
//
// Without keepEnd, the end condition is evaluated every time it is asked
// (tests compare the two).
func lower(m *check.Model, native, keepEnd bool) *Plan { return lowerCov(m, native, keepEnd, nil) }

// lowerCov is lower, with the plan's coverage counted in cov (nil: none).
func lowerCov(m *check.Model, native, keepEnd bool, cov *Coverage) *Plan {
	m.Complete()
	p := &Plan{M: m, actions: map[*check.Action]*actionPlan{}, events: map[*check.Event]*eventPlan{},
		modifiers: m.Modifiers, funcs: m.Funcs, tables: m.Tables, effects: map[*check.Row]block{}}
	if cov != nil {
		p.cov = &covPlan{c: cov}
	}
	p.lay = newLayout(m.U)
	p.combPtr = typeWord(m.U.Combatant.R)
	p.frameIDs = map[*check.Frame]int{}
	p.frameID(m.Globals)
	for _, mo := range m.Modifiers {
		p.frameID(mo.Frame)
	}
	for _, fn := range m.Funcs {
		p.frameID(fn.Frame)
	}
	p.planDerived() // derived.go
	p.planProcs()   // v2: proc.go; before any expression or body is compiled, so every call finds its procedure
	p.fast = make([]*fexpr, m.NumExprs+1)
	p.walks = make([]*vmWalk, m.NumExprs+1)
	for _, ce := range m.Exprs {
		// Bytecode is made here, at load, once: no fight pays for it,
		// and the simulator's workers only read it.
		ce.Program()
		if ce.ID > 0 && ce.ID <= m.NumExprs {
			p.walks[ce.ID] = p.vmWalkOf(ce) // vm_walks.go
		}
		if !native {
			continue
		}
		if ce.ID > 0 && ce.ID <= m.NumExprs && p.fast[ce.ID] != nil {
			continue // a fn's body, compiled for a call of it (fast_fn.go)
		}
		if fe := p.compileFast(ce); fe != nil && ce.ID > 0 && ce.ID <= m.NumExprs {
			p.fast[ce.ID] = fe
		}
	}
	facts := p.endFacts(m.End)
	p.endReads, p.endRound, p.endSegment, p.endKeep = facts.reads, facts.round, facts.segment, facts.pure && keepEnd
	p.endActions = facts.readsActions()
	p.endStands = p.endKeep && endOnStanding(m.End)
	// Event plans exist before any body is lowered, so every emit finds its event.
	for _, ev := range m.EventList {
		ep := &eventPlan{ev: ev, fid: p.frameID(ev.Frame)}
		whoOK := true
		for _, prm := range ev.Params {
			s := slotIn(ev.Frame, prm.Field.Index, nil)
			ep.params = append(ep.params, s)
			if prm.Type.Kind == check.KCombatant {
				whoOK = whoOK && s.ok && s.t.Kind() == reflect.Pointer
				ep.whoAt = append(ep.whoAt, s.off)
			}
		}
		if !whoOK {
			ep.whoAt = nil
		}
		p.events[ev] = ep
	}
	p.preset = map[*check.Frame]map[int]bool{}
	p.moves = map[*syntax.AssignStmt]int{}
	// Every call of a fn or a procedure sets each of its parameters
	// before the body runs (natively, fast_fn.go and proc.go; from the VM,
	// Run.Call): a reused frame need not zero them. A choice's are left
	// to be zeroed (slots.go fills them its own way).
	for _, f := range m.Funcs {
		if f.Choice || f.Frame == nil {
			continue
		}
		for _, prm := range f.Params {
			p.presetField(f.Frame, prm.Field.Index)
		}
	}
	p.planPoints() // v2 item 3: point.go
	for _, ev := range m.EventList {
		ep := p.events[ev]
		params := map[int]bool{}
		for _, prm := range ev.Params {
			params[prm.Field.Index] = true
		}
		p.preset[ev.Frame] = params
		for _, h := range ev.Handlers {
			for i := range params {
				p.presetField(h.Frame, i) // a handler's frame has the event's fields
			}
		}
		ep.quietSkip, ep.quietRoots, ep.quietKeep = p.quietTemplate(ev)
		ep.quietAt, ep.quietFast = quietOffsets(ep), true
		for _, i := range ep.quietRoots {
			if s := ep.params[i]; !s.ok || s.t.Kind() != reflect.Pointer {
				ep.quietAt, ep.quietFast = nil, false
			}
		}
		for _, h := range ev.Handlers {
			hp := &handlerPlan{frame: h.Frame, body: p.blockIn(h.Frame, h.Body), fid: p.frameID(h.Frame)}
			for i, prm := range ev.Params {
				s := slotIn(h.Frame, prm.Field.Index, nil)
				hp.params = append(hp.params, s)
				var cp func(dst, src addr)
				if es := ep.params[i]; s.ok && es.ok && s.t == es.t {
					cp = copier(s.t, es.off, s.off)
				}
				hp.copies = append(hp.copies, cp)
			}
			ep.handlers = append(ep.handlers, hp)
		}
	}
	p.lowerProcs()  // v2: proc.go
	p.lowerPoints() // v2 item 3: point.go
	p.keepZeroed = map[*check.Frame]map[int]bool{}
	for _, a := range m.Actions {
		// A parameter without an argument or a default stays zero.
		p.keepZeroed[a.Frame] = map[int]bool{}
		for _, prm := range a.Params {
			p.keepZeroed[a.Frame][prm.Field.Index] = true
		}
		ap := &actionPlan{a: a, body: p.blockIn(a.Frame, a.Body), fid: p.frameID(a.Frame)}
		if a.Self != nil {
			p.presetField(a.Frame, a.Self.Index)
			ap.self = slotIn(a.Frame, a.Self.Index, nil)
		}
		for _, prm := range a.Params {
			var set intoFn
			if prm.Default != nil {
				set = p.into(prm.Default, a.Frame.R.Field(prm.Field.Index).Type, syntax.RangeOf(prm.Decl.Pos, prm.Decl.EndPos))
			}
			ap.defaults = append(ap.defaults, set)
			ap.params = append(ap.params, slotIn(a.Frame, prm.Field.Index, nil))
		}
		p.actions[a] = ap
	}
	p.tableLits = map[*check.Table][]rowLiteral{}
	p.tableWhy = map[*check.Table]string{}
	for _, t := range m.Tables {
		p.tableLits[t] = rowLiterals(t)
		p.tableWhy[t] = "table " + t.Name
		for _, row := range t.Rows {
			if row.Effect != nil {
				p.effects[row] = p.blockIn(row.EffectFrame, row.Effect)
			}
		}
	}
	for _, ph := range m.Phases {
		pp := &phasePlan{ph: ph, body: p.blockIn(ph.Frame, ph.Body), fid: p.frameID(ph.Frame)}
		switch ph.When {
		case check.Once:
			p.Once = append(p.Once, pp)
		case check.AtEnd:
			p.AtEnd = append(p.AtEnd, pp)
		default:
			p.Rounds = append(p.Rounds, pp)
		}
	}
	if p.cov != nil {
		p.cov.c.coverPlan(p)
	}
	return p
}

// blockIn lowers a body that runs in frames of f.
func (p *Plan) blockIn(f *check.Frame, b *syntax.Block) block {
	prev := p.cur
	p.cur = f
	defer func() { p.cur = prev }()
	return p.block(b)
}

// slotOf is where field i of the frame being lowered sits, when it has
// type t (nil: any); ok is false when that is not known.
func (p *Plan) slotOf(i int, t reflect.Type) slot {
	return slotIn(p.cur, i, t)
}

// slotIn is where field i of frame f sits, when it has type t (nil: any).
func slotIn(f *check.Frame, i int, t reflect.Type) slot {
	if f == nil || f.R == nil || f.R.Kind() != reflect.Struct || i < 0 || i >= f.R.NumField() {
		return slot{}
	}
	sf := f.R.Field(i)
	if t != nil && sf.Type != t {
		return slot{}
	}
	return slot{off: sf.Offset, t: sf.Type, pt: typeWord(reflect.PointerTo(sf.Type)), ok: true}
}

// slot is where a frame field sits, for stores without reflect.
type slot struct {
	off uintptr
	t   reflect.Type
	pt  ptrType // *t, for value
	ok  bool
}

// value is the field of the frame at base, as an addressable value for
// the reflect-based stores (Run.storeValue).
func (s slot) value(base addr) reflect.Value { return ptrValue(s.pt, fieldAt(base, s.off)).Elem() }

func (p *Plan) block(b *syntax.Block) block {
	var out block
	if b == nil {
		return out
	}
	p.pairMoves(b.Stmts)
	for _, s := range b.Stmts {
		fn, at := p.stmt(s), syntax.RangeOf(s.Pos, s.EndPos)
		if p.cov != nil {
			fn = p.cov.c.coverStmt(at, fn)
		}
		out.fns = append(out.fns, fn)
		out.at = append(out.at, at)
	}
	return newBlock(out.fns, out.at)
}

func (p *Plan) expr(e *syntax.Expr) *check.CExpr {
	if e == nil {
		return nil
	}
	return p.M.Exprs[e]
}

// presetField records that every run of frame f's body sets field i
// before reading it.
func (p *Plan) presetField(f *check.Frame, i int) {
	if f == nil || p.keepZeroed[f][i] {
		return
	}
	if p.preset[f] == nil {
		p.preset[f] = map[int]bool{}
	}
	p.preset[f][i] = true
}

// stmt compiles a statement (stmt.go and the files of each statement).
func (p *Plan) stmt(s *syntax.Stmt) stmtFn {
	m := p.M
	at := syntax.RangeOf(s.Pos, s.EndPos)
	switch {
	case s.Let != nil:
		field := m.Locals[s.Let.Name].Index
		// The checker lets a local be read only after its let, in the
		// let's block: every run sets it before reading it.
		p.presetField(p.cur, field)
		return p.compileLet(at, field, p.expr(s.Let.Value), s.Let.Name.Text)
	case s.Assign != nil:
		n := &assignNode{at: at, t: m.Assigns[s.Assign], op: s.Assign.Op, val: p.expr(s.Assign.Value)}
		n.path = p.targetPath(n.t)
		n.bump = p.mayChangeEnd(n.t, n.path)
		n.roster = p.rosterEffect(n.path)
		n.back = (n.roster == rosterUpdate || n.roster == rosterStands) && comesBack(n.path.field)
		n.move = p.moveOf(s.Assign, n)
		n.derive = p.deriveEffect(n.t, n.path) // derived.go
		return p.compileAssign(n)
	case s.If != nil:
		return p.ifStmt(s.If, at)
	case s.For != nil:
		f := s.For
		field := m.Loops[f].Index
		p.presetField(p.cur, field) // set before each run of the body
		if f.Clock != nil {
			return p.timedLoop(f, at, field) // timed.go
		}
		n := &forNode{at: at, list: p.expr(&f.List.Expr), simultaneous: f.Simultaneous, body: p.block(f.Body), slot: p.slotOf(field, nil)}
		n.pair = p.pairPlan(m.OrderUses[f]) // order_pair.go: "by melee", no keys
		if n.pair == nil {
			n.keys = p.orderKeys(n.keys, f.Keys)
		}
		return p.compileFor(n)
	case s.Emit != nil:
		var args []*check.CExpr
		for _, a := range s.Emit.Args {
			args = append(args, p.expr(a))
		}
		return p.compileEmit(at, p.events[m.Emits[s.Emit]], args)
	case s.Act != nil && s.Act.Held:
		return p.compileActHeld(at, p.expr(&s.Act.Who.Expr), s.Act.With) // slots.go
	case s.Act != nil:
		return p.compileAct(at, p.expr(&s.Act.Who.Expr))
	case s.Declare != nil:
		return p.compileDeclare(&declareNode{at: at, who: p.expr(s.Declare.Who)})
	case s.Schedule != nil:
		return p.compileSchedule(p.scheduleNode(s.Schedule, at)) // timed.go
	case s.Cancel != nil:
		return p.compileCancel(&cancelNode{at: at, label: string(s.Cancel.Label), who: p.expr(s.Cancel.Who)})
	case s.Engage != nil:
		return p.compileEngage(&engageNode{at: at, who: p.expr(s.Engage.Who), with: p.expr(s.Engage.With)}) // engage.go
	case s.Disengage != nil:
		return p.compileEngage(&engageNode{at: at, who: p.expr(s.Disengage.Who), with: p.expr(s.Disengage.From), off: true})
	case s.Segment != nil:
		return p.compileSegment(p.expr(s.Segment.N), p.block(s.Segment.Body), at)
	case s.Log != nil:
		return p.compileLog(m.Logs[s.Log])
	case s.Apply != nil:
		n := &applyNode{at: at, table: m.Applies[s.Apply], target: p.expr(s.Apply.Target)}
		for _, k := range s.Apply.Keys {
			n.keys = append(n.keys, p.expr(k))
		}
		return p.compileApply(n)
	case s.Group != nil:
		return p.compileGroup(at, s.Group) // loop_group.go
	case s.While != nil:
		return p.compileWhile(at, p.expr(s.While.Cond), p.block(s.While.Body))
	case s.Referee != nil:
		return compileReferee(p.block(s.Referee.Body))
	case s.ApplyCondition != nil, s.RemoveCondition != nil:
		return p.compileConditionStmt(s, at) // conditions.go
	case s.Return != nil && s.Return.Value != nil: // v2: proc.go
		return p.compileReturnValue(at, m.Returns[s.Return], p.expr(s.Return.Value))
	case s.Call != nil: // v2: proc.go
		var args []*check.CExpr
		for _, a := range s.Call.Args {
			args = append(args, p.expr(a))
		}
		return p.compileCall(at, m.Calls[s.Call], args)
	case s.Interrupt != nil: // v2 item 3: point.go
		return p.compileInterrupt(at, s.Interrupt)
	case s.CancelPending != nil:
		return p.compileCancelPending(at, m.CancelsPending[s.CancelPending])
	}
	return compileReturn()
}

func (p *Plan) ifStmt(is *syntax.IfStmt, at diag.Range) stmtFn {
	then := p.block(is.Then)
	var els block
	if is.Else != nil {
		if is.Else.If != nil {
			els = newBlock([]stmtFn{p.ifStmt(is.Else.If, at)}, []diag.Range{at})
		} else {
			els = p.block(is.Else.Block)
		}
	}
	if p.cov != nil {
		then, els = p.cov.c.coverIf(is, then, els)
	}
	return p.compileIf(p.expr(is.Cond), then, els)
}

// targetPath is where an assignment's target sits: the root in the
// frame, then a field of each struct the pointers lead to.
func (p *Plan) targetPath(t *check.Target) targetPath {
	if t == nil || t.Root == nil || len(t.Dynamic) > 0 {
		return targetPath{}
	}
	var rt reflect.Type
	if t.Root.Type != nil {
		rt = t.Root.Type.R
	}
	root := p.slotOf(t.Root.Index, rt)
	if !root.ok {
		return targetPath{}
	}
	tp := targetPath{root: root.off, t: root.t}
	for _, f := range t.Fields {
		if tp.t.Kind() != reflect.Pointer || tp.t.Elem().Kind() != reflect.Struct || f >= tp.t.Elem().NumField() {
			return targetPath{}
		}
		sf := tp.t.Elem().Field(f)
		tp.holder, tp.field = tp.t, f
		tp.offs = append(tp.offs, sf.Offset)
		tp.t = sf.Type
		tp.names = append(tp.names, sf.Tag.Get("expr"))
	}
	tp.ok = true
	return tp
}

type targetPath struct {
	root  uintptr
	offs  []uintptr    // through a pointer each
	t     reflect.Type // of the target
	names []string     // the attributes along the path
	// holder is the pointer type of the struct holding the target (nil
	// for a local), field the target's index in it.
	holder reflect.Type
	field  int
	ok     bool
}

// mayChangeEnd reports whether an assignment may change what the end
// condition reads: an attribute it names (anywhere along the target's
// path), or one the world functions read (alive, present, state, side); a
// local cannot.
func (p *Plan) mayChangeEnd(t *check.Target, tp targetPath) bool {
	switch {
	case p.endReads == nil || !tp.ok || t.Root.Global:
		return true
	case len(tp.offs) == 0:
		return false
	}
	for _, name := range tp.names {
		if name == "" || name == "-" || p.endReads[name] {
			return true
		}
	}
	return false
}

// curPtr is the pointer type of the current body's frame, readied for
// ptrValue: statements that hand their frame to reflect-based code make
// the pointer value without reflect's look-up of the type.
func (p *Plan) curPtr() ptrType { return typeWord(reflect.PointerTo(p.cur.R)) }

// fastExpr is the native form of an expression, if the plan has one.
func (p *Plan) fastExpr(ce *check.CExpr) *fexpr {
	if ce == nil || ce.ID <= 0 || ce.ID >= len(p.fast) {
		return nil
	}
	return p.fast[ce.ID]
}

// What an assignment does to the rosters (roster.go).
const (
	rosterNone   = iota // it cannot change who is in the fight or where
	rosterUpdate        // it sets alive, present, state or side of the combatant it reaches
	rosterForget        // it may: its target is found only while running
	rosterMoved         // it sets x or y of the combatant it reaches (space.go)
	// rosterStands is rosterUpdate for alive, present or state under an
	// end condition that reads only who stands (Plan.endStands): the
	// assignment does not bump the world itself, the roster update does
	// when the combatant's side may have started or stopped standing.
	rosterStands
)

// rosterEffect is what an assignment along tp does to the rosters.
func (p *Plan) rosterEffect(tp targetPath) int {
	switch {
	case !tp.ok:
		return rosterForget
	case tp.holder == nil || tp.holder != p.M.U.Combatant.R:
		return rosterNone
	}
	switch tp.field {
	case check.FieldAlive, check.FieldPresent, check.FieldState:
		if p.endStands {
			return rosterStands
		}
		return rosterUpdate
	case check.FieldSide:
		return rosterUpdate
	case check.FieldX, check.FieldY:
		return rosterMoved
	}
	return rosterNone
}
