package check

import (
	"fmt"
	"github.com/expr-lang/expr/ast"
	"reflect"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

type bodyKind int

const (
	bodyPhase bodyKind = iota
	bodyAction
	bodyHandler
)

// bodyCheck checks the statements of one body. It runs twice: the first,
// quiet pass only learns the locals and their types (a later let may
// settle a type an earlier use needs); the second, with every local of
// the body known, checks and reports, so that a use before its let is
// found as such.
type bodyCheck struct {
	c      *checker
	fr     *Frame
	kind   bodyKind
	scopes []map[string]bool
	final  bool
	// v2 (proc.go): the procedure being checked (nil in other bodies),
	// and how deep in schedule blocks the statement is.
	proc      *Func
	scheduled int
	// timed: the timed loops the statement is in, innermost last
	// (check_timed.go).
	timed    []*syntax.ForStmt
	reaction *Reaction // v2 item 3 (point.go): the reaction being checked, or nil
	// root is the body's block; sole, made from it when first needed, the
	// names it binds once by a let (group_maps.go).
	root *syntax.Block
	sole map[string]bool
}

func (c *checker) checkBody(fr *Frame, b *syntax.Block, kind bodyKind) {
	c.quiet++
	(&bodyCheck{c: c, fr: fr, kind: kind}).run(b)
	c.quiet--
	(&bodyCheck{c: c, fr: fr, kind: kind, final: true}).run(b)
}

func (bc *bodyCheck) run(b *syntax.Block) {
	bc.root = b
	bc.scopes = []map[string]bool{{}}
	bc.block(b)
}

func (bc *bodyCheck) inScope(name string) bool {
	for _, s := range bc.scopes {
		if s[name] {
			return true
		}
	}
	ff := bc.fr.Lookup(name)
	// Parameters, self and globals are visible everywhere in the body.
	return ff != nil && (ff.Global || ff.param)
}

// compile checks an expression whose type no local depends on. The
// quiet pass skips it: that pass is there only to learn the types of
// locals, and the second pass checks every expression anyway.
func (bc *bodyCheck) compile(e *syntax.Expr, want *Type) *CExpr {
	if !bc.final {
		return nil
	}
	return bc.typed(e, want)
}

// typed checks an expression on both passes: a let's value and a loop's
// list, which give locals their types.
func (bc *bodyCheck) typed(e *syntax.Expr, want *Type) *CExpr {
	return bc.c.compile(e, bc.fr, bc.inScope, want)
}

func (bc *bodyCheck) block(b *syntax.Block) {
	bc.scopes = append(bc.scopes, map[string]bool{})
	for _, s := range b.Stmts {
		bc.stmt(s)
	}
	bc.scopes = bc.scopes[:len(bc.scopes)-1]
}

// declare makes a local for a let or a loop variable.
func (bc *bodyCheck) declare(n *syntax.Name, t *Type) {
	c := bc.c
	ff := bc.fr.Lookup(n.Text)
	if !bc.final {
		if ff == nil {
			ff = &FrameField{Name: n.Text, Type: t, Decl: n}
			bc.fr.Fields = append(bc.fr.Fields, ff)
			bc.fr.buildLater()
		}
		if !ff.Global && !ff.param && ff.Type.Kind == KAny && t.Kind != KAny {
			ff.Type = t
			bc.fr.buildLater()
		}
		c.m.Locals[n] = ff
		bc.scopes[len(bc.scopes)-1][n.Text] = true
		return
	}
	r := syntax.RangeOf(n.Pos, n.EndPos)
	switch {
	case ff == nil:
		c.errorf(diag.CodeScope, r, "", "internal: local %s missing from frame", n.Text)
		return
	case valueWords[n.Text]:
		// An expression reads the word as its value, never as the local:
		// len(none) would be len of nobody.
		c.errorf(diag.CodeDuplicate, r, "pick another name", "%s is a value of the language (%s), not a name a local can take", n.Text, valueWords2[n.Text])
		return
	case ff.Global:
		c.errorf(diag.CodeDuplicate, r, "pick another name; globals and constants cannot be shadowed", "%s is a global name", n.Text)
		return
	case ff.param:
		c.errorf(diag.CodeDuplicate, r, "pick another name", "%s is a parameter of this body", n.Text)
		return
	case bc.inScopeLocal(n.Text):
		d := c.errorf(diag.CodeDuplicate, r, "assign to it with = instead, or pick another name", "%s is already declared in this scope", n.Text)
		if ff.Decl != nil && ff.Decl != n {
			d.Related = &diag.Related{Message: "declared here", Range: syntax.RangeOf(ff.Decl.Pos, ff.Decl.EndPos)}
		}
	case !Assignable(t, ff.Type) || !Assignable(ff.Type, t):
		d := c.errorf(diag.CodeType, r, "use another name for a value of another type", "%s is a %s here but a %s elsewhere in this body", n.Text, t, ff.Type)
		if ff.Decl != nil {
			d.Related = &diag.Related{Message: "declared here", Range: syntax.RangeOf(ff.Decl.Pos, ff.Decl.EndPos)}
		}
	}
	c.m.Locals[n] = ff
	bc.scopes[len(bc.scopes)-1][n.Text] = true
}

// valueWords are the words an expression reads as values, whatever is
// declared: a local of such a name could never be read.
var valueWords = map[string]bool{syntax.None: true, "nil": true, "true": true, "false": true}

// valueWords2 says what each of valueWords is.
var valueWords2 = map[string]string{syntax.None: "nobody", "nil": "nobody", "true": "a bool", "false": "a bool"}

func (bc *bodyCheck) inScopeLocal(name string) bool {
	for _, s := range bc.scopes {
		if s[name] {
			return true
		}
	}
	return false
}

// letType is the type a let gives its local: t, but a map groupBy made
// keeps what it holds only when the body binds the name once
// (group_maps.go).
func (bc *bodyCheck) letType(n *syntax.Name, t *Type) *Type {
	if t.Groups == nil {
		return t
	}
	if bc.sole == nil {
		bc.sole = soleLets(bc.root)
	}
	if !bc.sole[n.Text] {
		return bc.c.u.TypeOfR(t.R)
	}
	return t
}

func (bc *bodyCheck) typeOr(ce *CExpr) *Type {
	if ce == nil {
		return bc.c.u.Any
	}
	return ce.Type
}

func (bc *bodyCheck) stmt(s *syntax.Stmt) {
	c := bc.c
	u := c.u
	switch {
	case s.Let != nil:
		ce := bc.typed(s.Let.Value, nil)
		bc.noneLet(s.Let, ce) // none_let.go
		bc.declare(s.Let.Name, bc.letType(s.Let.Name, bc.c.sharpen(ce, bc.typeOr(ce))))
	case s.Assign != nil:
		bc.assign(s.Assign)
	case s.If != nil:
		bc.ifStmt(s.If)
	case s.Group != nil: // v2 (part B): check_group.go
		bc.groupStmt(s.Group)
	case s.For != nil && s.For.Clock != nil:
		bc.timedLoop(s.For) // check_timed.go
	case s.For != nil:
		f := s.For
		elem := bc.loopElem(&f.List.Expr) // check_group.go
		bc.scopes = append(bc.scopes, map[string]bool{})
		bc.declare(f.Var, elem)
		c.m.Loops[f] = c.m.Locals[f.Var]
		if o := bc.pairOrder(f.Keys, f.Body, elem); o != nil { // v2 (part B): for c in LIST by melee
			c.m.OrderUses[f] = o
		} else {
			bc.orderKeys(f.Keys)
		}
		bc.block(f.Body)
		bc.scopes = bc.scopes[:len(bc.scopes)-1]
	case s.Emit != nil:
		bc.emit(s.Emit)
	case s.Act != nil:
		bc.actStmt(s.Act) // act_held.go
	case s.Declare != nil:
		c.m.Declares = true
		if bc.kind != bodyPhase {
			c.errorf(diag.CodeScope, syntax.RangeAt(s.Pos, "declare"), "collect declarations in a phase, before initiative", "declare can only run in a phase")
		}
		if s.Declare.Who != nil {
			bc.compile(s.Declare.Who, u.Combatant)
		}
	case s.Schedule != nil:
		bc.compile(&s.Schedule.Who.Expr, u.Combatant)
		bc.scheduleWhen(s.Schedule) // check_timed.go
		bc.scheduled++              // v2: a later block cannot give a procedure's value
		bc.block(s.Schedule.Body)
		bc.scheduled--
	case s.Cancel != nil:
		bc.compile(s.Cancel.Who, u.Combatant)
	case s.Engage != nil, s.Disengage != nil:
		bc.engagement(s) // check_engage.go
	case s.Segment != nil:
		bc.segmentsBeforeRound1()
		bc.compile(s.Segment.N, u.Int)
		bc.block(s.Segment.Body)
	case s.Log != nil:
		if !bc.final {
			break // a template declares nothing
		}
		if t := c.template(string(s.Log.Text), s.Pos, s.EndPos, false, bc.fr, bc.inScope); t != nil {
			c.m.Logs[s.Log] = t
		}
	case s.Apply != nil:
		bc.apply(s.Apply)
	case s.ApplyCondition != nil, s.RemoveCondition != nil:
		bc.conditionStmt(s) // conditions.go
	case s.Return != nil:
		bc.returnStmt(s) // v2: proc.go
	case s.Call != nil:
		bc.callStmt(s.Call) // v2: proc.go
	case s.Interrupt != nil:
		bc.interrupt(s.Interrupt) // v2 item 3: point.go
	case s.CancelPending != nil:
		bc.cancelPending(s) // v2 item 3: point.go
	case s.While != nil:
		bc.compile(s.While.Cond, u.Bool)
		bc.block(s.While.Body)
	case s.Referee != nil:
		bc.block(s.Referee.Body)
	}
}

// apply checks "apply TABLE[(keys)] to WHO".
func (bc *bodyCheck) apply(a *syntax.ApplyStmt) {
	c, u := bc.c, bc.c.u
	t := c.m.Tables[a.Table.Text]
	if t == nil {
		c.errorf(diag.CodeUnknownName, syntax.RangeOf(a.Table.Pos, a.Table.EndPos), c.didYouMean(a.Table.Text, keys(c.m.Tables), "declare it with `table "+a.Table.Text+" d20 { ... }`"), "unknown table %s", a.Table.Text)
		for _, k := range a.Keys {
			bc.compile(k, nil)
		}
		bc.compile(a.Target, u.Combatant)
		return
	}
	t.Used = true
	if len(a.Keys) == 0 {
		if t.Decl.Dice == nil {
			c.errorf(diag.CodeArgs, syntax.RangeOf(a.Table.Pos, a.Table.EndPos), "give the keys to look up: apply "+t.Name+"(key) to ...", "table %s has no dice to roll", t.Name)
		}
	} else {
		width := max(1, len(t.Params))
		if len(a.Keys) != width {
			c.errorf(diag.CodeArgs, syntax.RangeOf(a.Table.Pos, a.Keys[len(a.Keys)-1].EndPos), fmt.Sprintf("table %s takes %d key(s)", t.Name, width), "apply gives %d key(s), the table takes %d", len(a.Keys), width)
		}
		for i, k := range a.Keys {
			want := u.Int
			if i < len(t.Params) {
				want = t.Params[i].Type
			}
			bc.compile(k, want)
		}
	}
	bc.compile(a.Target, u.Combatant)
	c.m.Applies[a] = t
}

func (bc *bodyCheck) ifStmt(is *syntax.IfStmt) {
	bc.compile(is.Cond, bc.c.u.Bool)
	bc.block(is.Then)
	if is.Else != nil {
		if is.Else.If != nil {
			bc.ifStmt(is.Else.If)
		} else {
			bc.block(is.Else.Block)
		}
	}
}

func (bc *bodyCheck) emit(e *syntax.EmitStmt) {
	c := bc.c
	ev, ok := c.m.Events[e.Event.Text]
	c.emitted[e.Event.Text] = true
	if !ok {
		c.errorf(diag.CodeUnknownName, syntax.RangeOf(e.Event.Pos, e.Event.EndPos), c.didYouMean(e.Event.Text, keys(c.m.Events), "declare it with `event "+e.Event.Text+"(...)`"), "unknown event %s", e.Event.Text)
		for _, a := range e.Args {
			bc.compile(a, nil)
		}
		return
	}
	bc.args("emit", "the event", ev.Name, syntax.RangeOf(e.Pos, e.Event.EndPos), e.Args, ev.Params)
	c.m.Emits[e] = ev
}

func (bc *bodyCheck) assign(a *syntax.AssignStmt) {
	c := bc.c
	parts := a.Target.Parts
	root := bc.fr.Lookup(parts[0].Text)
	r0 := syntax.RangeOf(parts[0].Pos, parts[0].EndPos)
	if root == nil {
		hint := c.suggestVisible(parts[0].Text, bc.fr, "declare it first with let")
		if parts[0].Text == "self" {
			hint = selfHint(bc.fr)
		}
		c.errorf(diag.CodeUnknownName, r0, hint, "unknown name %s", parts[0].Text)
		bc.compile(a.Value, nil)
		return
	}
	if !bc.inScope(root.Name) {
		c.errorf(diag.CodeUnknownName, r0, "a local is visible only in the block that declares it", "%s is not defined here", root.Name)
	}
	t := root.Type
	var last *Attr // the attribute assigned, if any
	tgt := &Target{Root: root, Label: parts[len(parts)-1].Text}
	if len(parts) == 1 && root.Global {
		c.errorf(diag.CodeScope, r0, "fray keeps round, segment, sides and combatants; constants are fixed", "cannot assign to %s", root.Name)
	}
	if len(parts) == 1 {
		bc.assignsCancelled(root, r0) // v2 item 3: point.go
	}
	for i, p := range parts[1:] {
		var attrs []*Attr
		switch t.Kind {
		case KAny:
			// The type is not known before running (an element of a list
			// expr-lang cannot type, or after an earlier error): the rest
			// of the path is looked up by name at run time.
			for _, q := range parts[1+i:] {
				tgt.Dynamic = append(tgt.Dynamic, q.Text)
			}
			tgt.Type = c.u.Any
			bc.compile(a.Value, nil)
			c.m.Assigns[a] = tgt
			return
		case KCombatant:
			attrs = c.u.CombatantAttrs
		case KSide:
			attrs = c.u.SideAttrs
		default:
			c.errorf(diag.CodeType, syntax.RangeOf(p.Pos, p.EndPos), "only combatants and sides have attributes", "%s has no attribute %s", t.Article(), p.Text)
			bc.compile(a.Value, nil)
			return
		}
		at := c.u.AttrOf(t.Kind == KSide, p.Text)
		if at == nil {
			var names []string
			for _, x := range attrs {
				names = append(names, x.Name)
			}
			c.errorf(diag.CodeUnknownField, syntax.RangeOf(p.Pos, p.EndPos), c.didYouMean(p.Text, names, fmt.Sprintf("declare it in the %s { ... } block", t)), "%s has no attribute %s", t, p.Text)
			bc.compile(a.Value, nil)
			return
		}
		// Only the last part is assigned: c.side.tally goes through the
		// built-in side to an attribute of it.
		if at.Builtin && at.Name != "alive" && !at.Settable && i == len(parts)-2 {
			hint := "name, side and action are kept by fray"
			if at.Name == "side" {
				// The eleventh homebrew round's zombie bite, which turns
				// its victim to the other side.
				hint = `a combatant's side is fixed: for one that changes sides, take it out of the fight (c.state = "turned") and bring in one of the other side that the encounter draws with present = false (twin.present = true)`
			}
			c.errorf(diag.CodeScope, syntax.RangeOf(p.Pos, p.EndPos), hint, "cannot assign to the built-in attribute %s", at.Name)
		}
		if at.Decl != nil && at.Decl.Derived && i == len(parts)-2 {
			c.derivedSet(syntax.RangeOf(p.Pos, p.EndPos), at) // derived.go
		}
		tgt.Fields = append(tgt.Fields, at.Field)
		t, last = at.Type, at
	}
	tgt.Type = t
	if a.Op != "=" && t.Kind != KInt && t.Kind != KFloat && t.Kind != KAny {
		c.errorf(diag.CodeType, syntax.RangeOf(a.Target.Pos, a.Target.EndPos), "use = for values that are not numbers", "%s needs a number, and this is %s", a.Op, t.Article())
	}
	switch {
	case last != nil && last.IsOptionalValue() && isNoneLiteral(a.Value): // v2: optional.go
		bc.compile(a.Value, nil)
	case c.noneForValue(a.Value, t, tgt.Label, syntax.RangeOf(a.Value.Pos, a.Value.EndPos)):
	default:
		bc.compile(a.Value, t)
	}
	c.m.Assigns[a] = tgt
}

// template compiles a string with {expression} parts. from and to span
// the statement or declaration whose string literal it is; last picks the
// last string there (an event's template) rather than the first.
func (c *checker) template(text string, from, to lexer.Position, last bool, fr *Frame, inScope scopeFunc) *Template {
	lit, ok := c.findString(from, to, last)
	if !ok {
		return &Template{Parts: []TemplatePart{{Text: text}}}
	}
	raw := lit.Value[1 : len(lit.Value)-1]
	quote := lit.Value[:1]
	t := &Template{}
	var buf strings.Builder
	flush := func() {
		if buf.Len() > 0 {
			s, err := syntax.Unquote(quote + buf.String() + quote)
			if err != nil {
				s = buf.String()
			}
			t.Parts = append(t.Parts, TemplatePart{Text: s})
			buf.Reset()
		}
	}
	pos := lit.Pos
	pos.Advance(quote)
	for i := 0; i < len(raw); i++ {
		ch := raw[i]
		if ch == '{' && i+1 < len(raw) && raw[i+1] == '{' {
			buf.WriteByte('{')
			i++
			continue
		}
		if ch == '}' && i+1 < len(raw) && raw[i+1] == '}' {
			buf.WriteByte('}')
			i++
			continue
		}
		if ch != '{' {
			buf.WriteByte(ch)
			continue
		}
		depth, j := 1, i+1
		for ; j < len(raw) && depth > 0; j++ {
			switch raw[j] {
			case '{':
				depth++
			case '}':
				depth--
			}
		}
		start := pos
		start.Advance(raw[:i+1])
		if depth != 0 {
			c.errorf(diag.CodeSyntax, syntax.RangeAt(start, raw[i:]), "close it with }, or write {{ for a literal brace", "unclosed { in template")
			return nil
		}
		flush()
		inner := raw[i+1 : j-1]
		e, err := c.memo.exprAt(start, inner)
		if err != nil || e == nil {
			c.errorf(diag.CodeSyntax, syntax.RangeAt(start, inner), "write an expression between the braces; strings inside one are written with single quotes", "empty or invalid expression in template")
			return nil
		}
		ce := c.compile(e, fr, inScope, nil)
		if ce == nil {
			return nil
		}
		t.Parts = append(t.Parts, TemplatePart{Expr: ce})
		i = j - 1
	}
	flush()
	return t
}

// exprAt tokenizes text as an expression placed at pos in the file.
func exprAt(pos lexer.Position, text string) (*syntax.Expr, error) {
	toks, err := syntax.Tokenize(pos.Filename, text)
	if err != nil {
		return nil, err
	}
	e := &syntax.Expr{}
	for _, t := range toks {
		if t.Type == syntax.TokEOF || t.Type == syntax.TokComment {
			continue
		}
		if t.Pos.Line == 1 {
			t.Pos.Column += pos.Column - 1
		}
		t.Pos.Line += pos.Line - 1
		t.Pos.Offset += pos.Offset
		e.Tokens = append(e.Tokens, t)
	}
	if len(e.Tokens) == 0 {
		return nil, nil
	}
	e.Pos = e.Tokens[0].Pos
	e.EndPos = syntax.TokenEnd(e.Tokens[len(e.Tokens)-1])
	e.Settle()
	return e, nil
}

// findString finds the string literal of a statement or declaration
// that starts at from and ends at to: the first one, or the last.
func (c *checker) findString(from, to lexer.Position, last bool) (lexer.Token, bool) {
	return c.f.StringIn(from, to, last)
}

// sharpen gives the type expr-lang leaves as "any" when fray knows
// better: filter(l, ...) of a list of combatants or sides is a list of
// them, and first(...), last(...), find(...), findLast(...) or l[i] of
// such a list one of them (or none, which the log prints as nothing);
// max(...) and min(...) of whole numbers (map(l, .x) of a whole-number
// attribute, say) are a whole number, and a range a list of them. A local or loop variable so typed
// is read and written through its place, checked when linting, and
// evaluated natively, rather than looked up by name while running.
func (c *checker) sharpen(ce *CExpr, t *Type) *Type {
	if ce == nil || ce.Node == nil {
		return t
	}
	if t.Kind == KAny && wholeNumbers(ce.Node) {
		return c.u.Int
	}
	if g := c.groupedMap(ce.Node); g != nil && t.Kind == KAny {
		return g // group_maps.go
	}
	if k := c.groupKeys(ce.Frame, ce.Node); k != nil && t.Kind == KList && t.Elem != nil && t.Elem.Kind == KAny {
		return k // keys of such a map
	}
	if b, ok := ce.Node.(*ast.BinaryNode); ok && b.Operator == ".." && t.Kind == KList && t.Elem != nil && t.Elem.Kind == KAny {
		return ListOf(c.u.Int) // a range is whole numbers, whatever its bounds' types
	}
	if x, ok := ce.Node.(*ast.ConditionalNode); ok && t.Kind == KAny {
		// cond ? a : b of one combatant or side type (first(...) in a
		// branch is typed any by expr-lang): that type.
		a, b := c.entityOf(x.Exp1), c.entityOf(x.Exp2)
		switch {
		case a != nil && a == b:
			return a
		case a != nil && isNil(x.Exp2): // c ? someone : none
			return a
		case b != nil && isNil(x.Exp1): // c ? none : someone
			return b
		}
	}
	if x, ok := ce.Node.(*ast.ConditionalNode); ok && (t.Kind == KAny || t.Kind == KList && t.Elem != nil && t.Elem.Kind == KAny) {
		// cond ? marks(self) : [] (a list of combatants or sides, or
		// none): that list's type.
		if l := c.listOrEmpty(x.Exp1, x.Exp2); l != nil {
			return l
		}
	}
	if t.Kind == KList && t.Elem != nil && t.Elem.Kind == KAny && c.stringList(ce.Node) {
		// [a + " " + b], concat(parts, [x]): expr-lang types a literal
		// of strings a list of any once the checker has patched its
		// items, and concat's list always; it is a list of strings,
		// which the local keeps as one (and the interpreter builds
		// natively).
		return ListOf(c.u.String)
	}
	if t.Kind == KList && t.Elem != nil && t.Elem.Kind == KAny && c.intLiteral(ce.Node) {
		// [x, y] of whole numbers: expr-lang types a literal a list of
		// any; it is a list of whole numbers, which the local keeps as
		// one (and the interpreter builds natively: interp/fast_ints.go).
		return ListOf(c.u.Int)
	}
	if l := c.entityList(ce.Node); l != nil && (t.Kind == KAny || t.Kind == KList && t.Elem != nil && t.Elem.Kind == KAny) {
		return l // flatten is typed any, concat and filter a list of any
	}
	if l := c.pickedFrom(ce.Node); l != nil && t.Kind == KAny {
		return l.Elem // one of them, or none
	}
	return t
}

// stringList reports whether n is a list of strings the rule makes: a
// literal of strings, concat of lists of strings (literals, lists typed
// so, and [] beside at least one of them), or filter of one. [] alone is not: it
// may be a list of anything.
func (c *checker) stringList(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.ConstantNode:
		// ["lunges at", "whirls on"]: expr-lang's optimizer folds a
		// literal of literals into one constant list of any, which the
		// local kept as a list of any, read in the VM (the wuxia
		// homebrew), where [a, "b"] was a list of strings.
		return constStrings(x.Value)
	case *ast.ArrayNode:
		for _, e := range x.Nodes {
			if c.u.TypeOfR(e.Type()).Kind != KString {
				return false
			}
		}
		return len(x.Nodes) > 0
	case *ast.BuiltinNode:
		if x.Name == "filter" && len(x.Arguments) == 2 && x.Map == nil {
			// the items of a list of strings that a predicate keeps
			a := x.Arguments[0]
			t := c.u.TypeOfR(a.Type())
			return t.Kind == KList && t.Elem != nil && t.Elem.Kind == KString || c.stringList(a)
		}
		if x.Name != "concat" {
			return false
		}
		some := false
		for _, a := range x.Arguments {
			if arr, ok := a.(*ast.ArrayNode); ok && len(arr.Nodes) == 0 {
				continue
			}
			if t := c.u.TypeOfR(a.Type()); !(t.Kind == KList && t.Elem != nil && t.Elem.Kind == KString) && !c.stringList(a) {
				return false
			}
			some = true
		}
		return some
	}
	return false
}

// intLiteral reports whether n is a list literal of whole numbers, at
// least one, none of which can be nil. [] alone is not: it may be a
// list of anything.
func (c *checker) intLiteral(n ast.Node) bool {
	x, ok := n.(*ast.ArrayNode)
	if !ok || len(x.Nodes) == 0 {
		return false
	}
	for _, e := range x.Nodes {
		if !wholeItem(e) {
			return false
		}
	}
	return true
}

// wholeItem reports whether n is a whole number that is never nil: a
// literal, a name or an attribute typed int, a call (a fn declared int
// fails without a value; the library's give one), and arithmetic,
// choices, len, count and abs of those. expr-lang types find, first,
// max and the like of whole numbers int, but they give nil for an empty
// list, which a list of whole numbers would keep as 0
// (loop_list_of_nothing).
func wholeItem(n ast.Node) bool {
	if n.Type() != reflect.TypeOf(0) {
		return false
	}
	switch x := n.(type) {
	case *ast.IntegerNode, *ast.IdentifierNode, *ast.CallNode:
		return true
	case *ast.MemberNode:
		_, ok := x.Property.(*ast.StringNode)
		return ok && !x.Optional
	case *ast.UnaryNode:
		return x.Operator == "-" && wholeItem(x.Node)
	case *ast.BinaryNode:
		switch x.Operator {
		case "+", "-", "*", "%":
			return wholeItem(x.Left) && wholeItem(x.Right)
		}
	case *ast.ConditionalNode:
		return wholeItem(x.Exp1) && wholeItem(x.Exp2)
	case *ast.BuiltinNode:
		return x.Name == "len" || x.Name == "count" || x.Name == "abs"
	}
	return false
}

// constStrings reports whether v, a constant expr-lang folded, is a
// list of strings, at least one.
func constStrings(v any) bool {
	l, ok := v.([]any)
	if !ok || len(l) == 0 {
		return false
	}
	for _, e := range l {
		if _, ok := e.(string); !ok {
			return false
		}
	}
	return true
}

// entityList is the list type of combatants or sides that n yields, seen
// through filter(...), sortBy(...), concat(...) and flatten(map(...));
// nil when it is not one.
func (c *checker) entityList(n ast.Node) *Type {
	if l := c.flattenedList(n); l != nil {
		return l
	}
	x, ok := n.(*ast.BuiltinNode)
	if !ok {
		return nil
	}
	switch {
	case x.Name == "concat":
		return c.concatList(x.Arguments)
	case x.Name == "filter" && len(x.Arguments) == 2 && x.Map == nil:
	case x.Name == "sortBy" && len(x.Arguments) >= 2: // the same items, in another order
	default:
		return nil
	}
	return c.entityListOf(x.Arguments[0])
}

// pickedFrom is the list type of combatants or sides whose one item n
// picks (first, last, find or findLast of it, or l[i]); nil when n
// picks from no such list.
func (c *checker) pickedFrom(n ast.Node) *Type {
	var list ast.Node
	switch x := n.(type) {
	case *ast.BuiltinNode:
		if !pickOne(x) {
			return nil
		}
		list = x.Arguments[0]
	case *ast.MemberNode:
		if !isIndex(x) {
			return nil
		}
		list = x.Node
	case *ast.CallNode:
		if !isFirstOrLast(x) || len(x.Arguments) != 1 {
			return nil
		}
		list = x.Arguments[0]
	case *ast.VariableDeclaratorNode:
		// findLast as find_last.go rewrites it (the optimizer's form of
		// last(filter(...)) and filter(...)[-1]): one item of $xs
		if x.Name != lastListVar {
			return nil
		}
		list = x.Value
	default:
		return nil
	}
	return c.entityListOf(list)
}

// entityListOf is the list type of combatants or sides n gives: its own
// type, or seen through filter and sortBy; nil otherwise.
func (c *checker) entityListOf(n ast.Node) *Type {
	if t := c.u.TypeOfR(n.Type()); t.Kind == KList && t.Elem != nil && (t.Elem.Kind == KCombatant || t.Elem.Kind == KSide) {
		return t
	}
	return c.entityList(n)
}

// listOrEmpty is the list type of combatants or sides of the two
// branches of a choice: the same for both, or one's when the other is
// the empty list []; nil otherwise.
func (c *checker) listOrEmpty(a, b ast.Node) *Type {
	of := c.entityListOf
	empty := func(n ast.Node) bool {
		arr, ok := n.(*ast.ArrayNode)
		return ok && len(arr.Nodes) == 0
	}
	ta, tb := of(a), of(b)
	switch {
	case ta != nil && (ta == tb || empty(b)):
		return ta
	case tb != nil && empty(a):
		return tb
	}
	return nil
}

// entityOf is the combatant or side type n gives, seen through
// first(...), last(...), find(...), findLast(...) and l[i]; nil when it
// gives neither.
func (c *checker) entityOf(n ast.Node) *Type {
	if t := c.u.TypeOfR(n.Type()); t.Kind == KCombatant || t.Kind == KSide {
		return t
	}
	if l := c.pickedFrom(n); l != nil {
		return l.Elem
	}
	return nil
}

func isFirstOrLast(call *ast.CallNode) bool {
	id, ok := call.Callee.(*ast.IdentifierNode)
	return ok && (id.Value == "first" || id.Value == "last")
}

// isNil reports whether n is none (nil).
func isNil(n ast.Node) bool {
	_, ok := n.(*ast.NilNode)
	return ok
}

// pickOne reports whether b is expr-lang's first, last, find or
// findLast: one item of its list, or nil.
func pickOne(b *ast.BuiltinNode) bool {
	switch b.Name {
	case "first", "last":
		return len(b.Arguments) == 1
	case "find", "findLast":
		return len(b.Arguments) == 2 && b.Map == nil
	}
	return false
}

// isIndex reports whether m is l[i] with a whole-number index (not a
// field read, l.name, nor a slice).
func isIndex(m *ast.MemberNode) bool {
	_, isString := m.Property.(*ast.StringNode)
	return !isString && m.Property != nil && m.Property.Type() != nil && m.Property.Type().Kind() == reflect.Int
}

// wholeNumbers reports whether n is max(...) or min(...) of whole
// numbers only: numbers, or lists of them (map(l, .x) included).
func wholeNumbers(n ast.Node) bool {
	var args []ast.Node
	switch x := n.(type) {
	case *ast.BuiltinNode:
		if x.Name != "max" && x.Name != "min" {
			return false
		}
		args = x.Arguments
	case *ast.CallNode:
		id, ok := x.Callee.(*ast.IdentifierNode)
		if !ok || id.Value != "max" && id.Value != "min" {
			return false
		}
		args = x.Arguments
	}
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		if !intsOf(a) {
			return false
		}
	}
	return true
}

// intsOf reports whether n gives a whole number or a list of them.
func intsOf(n ast.Node) bool {
	t := n.Type()
	switch {
	case t == nil:
		return false
	case t.Kind() == reflect.Int:
		return true
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Int:
		return true
	}
	if b, ok := n.(*ast.BuiltinNode); ok && b.Name == "map" && len(b.Arguments) == 2 {
		if p, ok := b.Arguments[1].(*ast.PredicateNode); ok && p.Node.Type() != nil {
			return p.Node.Type().Kind() == reflect.Int
		}
	}
	return false
}

// args checks the arguments of an emit or a call against the parameters
// they fill: their number (one error naming the parameters), then each
// expression against its parameter's type.
func (bc *bodyCheck) args(verb, callee, name string, at diag.Range, args []*syntax.Expr, params []*ParamInfo) {
	if len(args) != len(params) {
		var names []string
		for _, p := range params {
			names = append(names, p.Name+": "+p.Type.String())
		}
		bc.c.errorf(diag.CodeArgs, at, fmt.Sprintf("%s takes (%s)", name, strings.Join(names, ", ")),
			"%s %s has %d argument(s), %s takes %d", verb, name, len(args), callee, len(params))
	}
	for i, a := range args {
		var want *Type
		if i < len(params) {
			want = params[i].Type
		}
		bc.compile(a, want)
	}
}
