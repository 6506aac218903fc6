package check

import (
	"reflect"
	"sync"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	exprparser "github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// Model is a checked ruleset: its types, every expression compiled, and
// the declarations indexed by name. Package interp lowers it to a plan.
type Model struct {
	File     *syntax.File
	Name     string
	Source   string
	Covers   []string
	Segments int
	Default  *Action
	// Tracker are the combatant attributes the text log shows after each
	// round, in the header's order (`tracker hp, wp`; tracker.go).
	Tracker []*Attr
	// Referee is who the log says rolls the dice that no combatant or
	// side rolls (`referee "the DM"`): "the referee" when not named.
	Referee string

	U      *Universe
	Consts []*Const

	Events    map[string]*Event
	EventList []*Event
	Actions   map[string]*Action
	Tables    map[string]*Table
	Modifiers map[string]*Modifiers
	Funcs     map[string]*Func
	Phases    []*Phase
	End       *CExpr
	// Conditions by name, and in the order they are declared
	// (conditions.go); the order is the order their effects apply in.
	Conditions    map[string]*Condition
	ConditionList []*Condition
	// Slots is the action economy (slots.go): nil without a slots
	// declaration, when a combatant declares one action a round.
	Slots []*Slot
	// Declares: some phase has a declare statement. Without one, nobody
	// declares, and every act performs the default action.
	Declares bool

	// Globals is the frame of expressions outside any body (defaults, constants, the end).
	Globals *Frame

	// funcOpts are expr-lang's options for the stdlib and the ruleset's
	// tables and modifiers, kept to compile further expressions.
	funcOpts []expr.Option
	funcs    map[string]bool
	sig      int     // the functions' chain in memo
	memo     *Linter // the expression checks, for later questions and encounters

	// frames are every frame made, whose struct types are made by
	// Complete (checking needs only views of them); low makes the
	// configurations bytecode is compiled with.
	frames   []*Frame
	complete sync.Once
	low      *lowering

	// NumExprs counts the compiled expressions; each has an ID up to it.
	NumExprs int

	// Per-node results of the checker, read by the interpreter.
	Exprs   map[*syntax.Expr]*CExpr
	Locals  map[*syntax.Name]*FrameField
	Assigns map[*syntax.AssignStmt]*Target
	Logs    map[*syntax.LogStmt]*Template
	Emits   map[*syntax.EmitStmt]*Event
	Applies map[*syntax.ApplyStmt]*Table
	Loops   map[*syntax.ForStmt]*FrameField
	// Timed: some body has a timed loop (check_timed.go); without one
	// the interpreter plans schedule statements as before.
	Timed bool
	// SegmentsBeforeRound1: a segment block or a timed loop on the
	// round's segments stands somewhere a phase before the first round
	// may run it (a once phase, an action, a handler, a fn...; not a
	// phase that runs each round or segment), as a ruleset's surprise
	// segments do (check_segments.go).
	SegmentsBeforeRound1 bool

	// Pairwise orders (v2, part B: check_order.go), by name, and the
	// loops that use one ("for c in LIST by melee").
	Orders      map[string]*PairOrder
	OrderUses   map[*syntax.ForStmt]*PairOrder
	GroupOrders map[*syntax.GroupStmt]*PairOrder
	// v2 procedures (proc.go): the fn each "return EXPR" gives the value
	// of, and the procedure each "call" statement runs.
	Returns map[*syntax.ReturnStmt]*Func
	Calls   map[*syntax.CallStmt]*Func
	// v2 item 3 (point.go): points by name and in declaration order, each
	// interrupt statement checked, the reaction of each bare cancel.
	Points         map[string]*Point
	PointList      []*Point
	Interrupts     map[*syntax.InterruptStmt]*Interrupt
	CancelsPending map[*syntax.CancelPendingStmt]*Reaction
}

// CExpr is a checked expression: its typed, optimized syntax tree, and
// the bytecode made from it on first use. Checking stops at the tree,
// so linting never pays for bytecode; lowering (package interp) asks
// for the Program.
type CExpr struct {
	Expr  *syntax.Expr
	Node  ast.Node // nil for a Const
	Const any      // set instead of Node for literals such as a dice default
	Type  *Type
	Frame *Frame
	ID    int // from 1, unique in its model, for the interpreter's tables

	tree *exprparser.Tree
	low  *lowering
	once sync.Once
	prog *vm.Program
	err  error
}

// Program is the expression's bytecode, compiled once, on first use,
// against its whole frame; it is safe to call from several goroutines.
// nil for a Const.
func (ce *CExpr) Program() *vm.Program {
	if ce.tree == nil {
		return nil
	}
	ce.once.Do(func() {
		ce.prog, ce.err = compiler.Compile(&exprparser.Tree{Node: vmTree(ce.tree.Node, true), Source: ce.tree.Source}, ce.low.config(ce.Frame)) // wholes_vm.go
	})
	if ce.err != nil {
		// The tree was checked with the same names, types and
		// functions (against a view of the frame), so the compiler has
		// nothing left to refuse.
		panic("fray: expr-lang refused a checked expression: " + ce.err.Error())
	}
	return ce.prog
}

// Const is a named constant, a global of every frame.
type Const struct {
	Name  string
	Value *CExpr
	Field *FrameField
	Decl  *syntax.ConstDecl
}

// Event is a declared event with its handlers.
type Event struct {
	Name     string
	Params   []*ParamInfo
	Template *Template
	Frame    *Frame
	Handlers []*Handler
	Decl     *syntax.EventDecl
}

// Silent reports whether the event has an empty template (""): its
// handlers run, but the log does not show it.
func (e *Event) Silent() bool { return e.Template != nil && len(e.Template.Parts) == 0 }

// ParamInfo is a checked parameter: its frame slot and default.
type ParamInfo struct {
	Name    string
	Type    *Type
	Field   *FrameField
	Default *CExpr
	Decl    *syntax.Param
}

// Handler is an "on EVENT" block.
type Handler struct {
	Event *Event
	Frame *Frame
	Body  *syntax.Block
	Decl  *syntax.HandlerDecl
}

// Action is a declared action.
type Action struct {
	Name   string
	Params []*ParamInfo
	Self   *FrameField
	Frame  *Frame
	Body   *syntax.Block
	Decl   *syntax.ActionDecl
	Used   bool
	// Costs are the slots a declaration of it takes (slots.go): one of
	// each group's alternatives, by index in Model.Slots; nil without
	// costs, when it takes the whole round.
	Costs [][]int
}

// Table is a checked table.
type Table struct {
	Name   string
	Params []*ParamInfo // typed keys; nil for one whole-number key
	Dice   *DiceRange   // nil when no dice feed it
	Rows   []*Row
	Result *Type
	Frame  *Frame
	Decl   *syntax.TableDecl
	Used   bool
	TBA    bool // the source leaves the table to be announced: no rows, on purpose
}

// DiceRange is the dice feeding a table and the totals they can give.
type DiceRange struct {
	Text     string
	N, Faces int
	Min, Max int
	Spec     stdlib.Dice // the dice, their notation (4d6kh3) included
}

// Row is one table row.
type Row struct {
	Keys  []RowKey
	Label string
	Value *CExpr
	Decl  *syntax.TableRow
	// Effect runs when the row is applied to a combatant (apply ... to),
	// in EffectFrame, with the combatant in Target.
	Effect      *syntax.Block
	EffectFrame *Frame
	Target      *FrameField
}

// RowKey is one checked key of a row.
type RowKey struct {
	Any    bool   // "_": matches every value
	IsStr  bool   // a string key
	Str    string // the string, when IsStr
	Lo, Hi int    // inclusive range of a number key; Hi is MaxInt for "13+"
}

// Matches reports whether a key value selects this key.
func (k RowKey) Matches(v any) bool {
	switch {
	case k.Any:
		return true
	case k.IsStr:
		s, ok := v.(string)
		return ok && s == k.Str
	}
	n, ok := v.(int)
	return ok && n >= k.Lo && n <= k.Hi
}

func (k RowKey) overlaps(o RowKey) bool {
	switch {
	case k.Any || o.Any:
		return true
	case k.IsStr || o.IsStr:
		return k.IsStr && o.IsStr && k.Str == o.Str
	}
	return k.Lo <= o.Hi && o.Lo <= k.Hi
}

// Modifiers is a checked modifiers block.
// Func is a checked function of the ruleset.
type Func struct {
	Name   string
	Params []*ParamInfo
	Result *Type
	Body   *CExpr
	Frame  *Frame
	Decl   *syntax.FuncDecl
	// Block is a procedure's statement body (v2, proc.go), run instead of
	// Body; ResultField is the hidden local its returns store the value
	// in (nil without a result).
	Block       *syntax.Block
	ResultField *FrameField
	// Choice: a choice point (slots.go), whose Body is the default
	// policy and which an encounter's script may answer instead.
	Choice bool
}

type Modifiers struct {
	Name      string
	Params    []*ParamInfo
	Over      *CExpr
	OverVar   *FrameField
	Aggregate string
	Rows      []*ModRowInfo
	Frame     *Frame
	Decl      *syntax.ModifiersDecl
	Used      bool
}

// ModRowInfo is one checked modifier.
type ModRowInfo struct {
	Label string
	Value *CExpr
	When  *CExpr
}

// Phase is a checked phase.
type Phase struct {
	Name  string
	When  PhaseWhen
	Frame *Frame
	Body  *syntax.Block
	Decl  *syntax.PhaseDecl
}

// PhaseWhen is when a phase runs.
type PhaseWhen int

const (
	Once PhaseWhen = iota
	EachRound
	EachSegment
	AtEnd
)

// Target is a checked assignment target: a local, or a chain of
// attribute fields starting from a local or global.
type Target struct {
	Root   *FrameField
	Fields []int // struct field indices after dereferencing pointers
	// Dynamic are attribute names found only while running, after a part
	// whose type is not known when checking (an element of filter(...)).
	Dynamic []string
	Type    *Type
	Label   string // the last name, used as the reason of rolls
}

// Template is a string with {expr} parts.
type Template struct {
	Parts []TemplatePart
}

// TemplatePart is literal text or an expression.
type TemplatePart struct {
	Text string
	Expr *CExpr
}

// NewFrameValue makes a zeroed frame instance (a pointer to the struct).
func (f *Frame) NewValue() reflect.Value { f.ensure(); return reflect.New(f.R) }

// Complete makes the struct type of every frame of the model, which
// the interpreter lays its frames out by. Checking does not need them
// (expressions are typed against views, Frame.viewFor), so a lint never
// makes them; lowering calls Complete first. Safe to call again.
func (m *Model) Complete() {
	m.complete.Do(func() {
		for _, f := range m.frames {
			f.ensure()
		}
	})
}

// lowering makes expr-lang's configuration for compiling bytecode: a
// frame's whole struct as the environment, and every function of the
// model (a checked expression names only those declared before it, and
// names do not change).
type lowering struct {
	m       *Model
	mu      sync.Mutex
	funcs   *conf.Config // without an environment, made on first use
	configs map[reflect.Type]*conf.Config
}

func (l *lowering) config(fr *Frame) *conf.Config {
	l.mu.Lock()
	defer l.mu.Unlock()
	fr.ensure()
	if cfg := l.configs[fr.R]; cfg != nil {
		return cfg
	}
	if l.funcs == nil {
		l.funcs = newFuncConfig(nil, l.m.funcOpts, l.m.memo.limits().ExprNodes)
	}
	cfg := envConfig(l.funcs, fr.R)
	if l.configs == nil {
		l.configs = map[reflect.Type]*conf.Config{}
	}
	l.configs[fr.R] = cfg
	return cfg
}
