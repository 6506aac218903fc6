package check

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"unicode"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	exprchecker "github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/checker/nature"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/optimizer"
	exprparser "github.com/expr-lang/expr/parser"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// dicePatch turns the placeholders of dice tokens into calls of the
// internal dice function, keyed by the placeholder's character offset.
type dicePatch struct {
	at map[int]stdlib.Dice
}

func (p *dicePatch) Visit(node *ast.Node) {
	id, ok := (*node).(*ast.IdentifierNode)
	if !ok {
		return
	}
	d, ok := p.at[id.Location().From]
	if !ok {
		return
	}
	call := &ast.CallNode{
		Callee:    &ast.IdentifierNode{Value: stdlib.DiceFunc},
		Arguments: []ast.Node{&ast.IntegerNode{Value: d.N}, &ast.IntegerNode{Value: d.Faces}},
	}
	if !d.Plain() {
		// 4d6kh3, d6!, 5d6>=5: rolled as a dice value is, die by die.
		call = &ast.CallNode{Callee: &ast.IdentifierNode{Value: "roll"}, Arguments: []ast.Node{&ast.ConstantNode{Value: d}}}
	}
	ast.Patch(node, call)
}

// inPatch makes `x in list` a call of stdlib.InFunc when the list's
// elements are pointers to structs (combatants or sides), which
// expr-lang's own `in` refuses to compare (it derefs the needle), and
// a / b of two whole numbers a call of stdlib.DivFunc, and a string made
// with + a call of stdlib.StrFunc, which counts it. It
// runs after a check, so the nodes have their types; as a check stops
// at its first error, it runs again while it finds more to patch (one
// per check of an expression: it keeps state).
type inPatch struct {
	patched bool
	counted map[ast.Node]bool // strings made with + already passed to StrFunc
	floated map[ast.Node]bool // mean(...) and the like already given to float (aggregatePatch)
}

func (p *inPatch) Reset()             { p.patched = false }
func (p *inPatch) ShouldRepeat() bool { return p.patched }

func (p *inPatch) Visit(node *ast.Node) {
	if intPatch(node) { // int(x) of a float: int_patch.go
		p.patched = true
		return
	}
	if aggregatePatch(node, &p.floated) { // mean(a, b) of whole numbers: aggregate_patch.go
		p.patched = true
		return
	}
	if scanPatch(node) { // a string read whole: scan_patch.go
		p.patched = true
		return
	}
	if rangePatch(node) { // lo..hi counted exactly: range_patch.go
		p.patched = true
		return
	}
	b, ok := (*node).(*ast.BinaryNode)
	if !ok || b.Left.Type() == nil || b.Right.Type() == nil {
		return
	}
	// a / b of two whole numbers: expr-lang gives +Inf for b = 0.
	if b.Operator == "/" && b.Left.Type().Kind() == reflect.Int && b.Right.Type().Kind() == reflect.Int {
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: stdlib.DivFunc}, Arguments: []ast.Node{b.Left, b.Right}})
		p.patched = true
		return
	}
	// a + b of strings: the result is counted (StrFunc) as it is made.
	if b.Operator == "+" && b.Type() != nil && b.Type().Kind() == reflect.String && !p.counted[b] {
		if p.counted == nil {
			p.counted = map[ast.Node]bool{}
		}
		p.counted[b] = true
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: stdlib.StrFunc}, Arguments: []ast.Node{ctxNode(), b}})
		p.patched = true
		return
	}
	if b.Operator != "in" {
		return
	}
	rt, lt := b.Right.Type(), b.Left.Type()
	entity := func(t reflect.Type) bool { return t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct }
	switch {
	case rt.Kind() == reflect.Slice && entity(rt.Elem()): // a list of combatants or sides
	case entity(lt) && (rt.Kind() == reflect.Interface || rt.Kind() == reflect.Slice && rt.Elem().Kind() == reflect.Interface):
		// A combatant or side in a list typed any (filter's), or not
		// typed yet (a library call's in another call's argument, as
		// this pass sees it): expr-lang refused both ("cannot use
		// combatant as type combatant in array"). Nothing but a list can
		// hold a combatant, and the library's in reads any list.
	default:
		return
	}
	call := &ast.CallNode{Callee: &ast.IdentifierNode{Value: stdlib.InFunc}, Arguments: []ast.Node{b.Left, b.Right}}
	ast.Patch(node, call)
	p.patched = true
}

// scopeFunc says whether a local of the frame is visible at this point.
type scopeFunc func(name string) bool

// compile type-checks an expression in a frame with expr-lang and maps
// any error back to the rule file. want, if set, is the type the value
// must have.
func (c *checker) compile(e *syntax.Expr, fr *Frame, inScope scopeFunc, want *Type) *CExpr {
	if e == nil {
		return nil
	}
	if want != nil && c.noneForValue(e, want, "", syntax.RangeOf(e.Pos, e.EndPos)) { // v2: optional.go
		return nil
	}
	if want != nil && want.Kind == KDice {
		if d, ok := diceLiteral(e); ok {
			ce := &CExpr{Expr: e, Const: d, Type: c.u.Dice, Frame: fr}
			c.m.Exprs[e] = ce
			return ce
		}
	}
	if len(e.Tokens) > c.limits().ExprTokens {
		c.addDiag(syntax.LimitDiag(syntax.RangeOf(e.Pos, e.EndPos), "the expression's length", c.limits().ExprTokens, "--max-expr-tokens"))
		return nil
	}
	// The text starts at the first token (Expr.Text), so the same
	// expression at another column is the same check, and every offset
	// in expr-lang's answer is an offset of the text.
	text, diceAt := e.Text()
	if c.refersToInternal(e, fr, text) {
		return nil
	}
	if d := tooLargeInt(e); d != nil { // int_literal.go
		c.addDiag(d)
		return nil
	}
	var patch *dicePatch
	var dice map[int]string
	if len(diceAt) > 0 {
		patch = &dicePatch{at: make(map[int]stdlib.Dice, len(diceAt))}
		dice = make(map[int]string, len(diceAt))
		bad := false
		for off, tok := range diceAt {
			d, err := stdlib.ParseDice(tok)
			if err != nil {
				// Every bad dice of the expression is reported (sorted
				// by position later), not only the first.
				from, to, hint := 0, len(tok), "dice are written like d6, 3d8 or d%"
				if de, ok := err.(*stdlib.DiceError); ok && de.Hint != "" {
					from, to, hint = de.From, de.To, de.Hint // the notation's mistake, underlined
				}
				c.errorf(diag.CodeBadValue, c.exprRange(e, off+from, off+to), hint, "%s", err)
				bad = true
				continue
			}
			patch.at[off] = d
			dice[off] = tok
		}
		if bad {
			return nil
		}
	}
	// expr-lang checks the expression against a struct of only the
	// fields it names (see Frame.viewFor): the same text naming fields of
	// the same types is checked once, in any body and on either pass.
	env := fr.viewFor(e)
	checked, err := c.checkText(env, text, dice, patch)
	if err != nil {
		c.exprError(e, fr, err)
		return nil
	}
	tree := checked.tree
	if c.uncalledFunc(e, tree.Node) { // uncalled.go
		return nil
	}
	if n := iterations(tree.Node, c.limits().UnknownLength); n > c.limits().Iterations {
		d := syntax.LimitDiag(syntax.RangeOf(e.Pos, e.EndPos), fmt.Sprintf("the expression's loops (about %d steps)", n), c.limits().Iterations, "--max-iterations")
		d.Detail = fmt.Sprintf("expressions cannot be interrupted, so their loops are bounded before running (lists of unknown length count as %d); loop in statements instead, or give the inner loop a fn of its own (each call is counted as it runs, toward --max-steps), or raise it with --max-iterations", c.limits().UnknownLength)
		c.addDiag(d)
		return nil
	}
	t := c.u.TypeOfR(tree.Node.Type())
	c.m.NumExprs++
	ce := &CExpr{Expr: e, Node: tree.Node, Type: t, Frame: fr, ID: c.m.NumExprs, tree: tree, low: c.m.low}
	c.lintBranches(e, tree.Node)   // lint_branches.go
	c.lintBraces(e, tree.Node, fr) // lint_braces.go
	if inScope != nil {
		c.checkScope(e, checked.idents, fr, inScope)
	}
	if want != nil && !Assignable(t, want) {
		hint := fmt.Sprintf("this needs %s value", want.Article())
		if count := successCount(e); want.Kind == KBool && count != "" {
			hint = countHint(count)
		} else if want.Kind == KInt && t != nil && t.Kind == KFloat && divides(e) {
			// c.stamina = c.max_stamina / 2: the fifth round's newcomer
			// met the plain "needs an int value" where an argument or an
			// operand already said why.
			hint = "a / b gives a float: write int(a / b) for a whole number"
		}
		c.errorf(diag.CodeType, syntax.RangeOf(e.Pos, e.EndPos), hint, "expected %s, found %s", want, t)
		return nil
	}
	if want != nil && t.Kind == KAny && !c.branchesFit(e, tree.Node, want) { // lint_branches.go
		return nil
	}
	if want != nil && !c.listItemsFit(e, tree.Node, want) { // lint_list_items.go
		return nil
	}
	c.m.Exprs[e] = ce
	return ce
}

// cfgKey names an expr-lang configuration: a view and the functions
// declared so far (the list only grows).
type cfgKey struct {
	v      *view
	nfuncs int
}

// exprConfig is expr-lang's configuration for expressions checked
// against the view env: the environment, the context, the disabled
// builtins, the limits and the functions. It is made once per view and
// shared by its expressions; the part without the environment (funcConfig) is
// shared by them all.
func (c *checker) exprConfig(env *view) *conf.Config {
	k := cfgKey{env, len(c.funcOpts)}
	if cfg := c.configs[k]; cfg != nil {
		return cfg
	}
	cfg := viewConfig(c.funcConfig(), env)
	if c.configs == nil {
		c.configs = map[cfgKey]*conf.Config{}
	}
	c.configs[k] = cfg
	return cfg
}

// envConfig is a copy of a configuration without an environment, with
// env's zero value as the environment. The copy shares the function
// tables, which checking and compiling only read.
func envConfig(funcs *conf.Config, env reflect.Type) *conf.Config {
	cfg := *funcs
	cfg.WithEnv(reflect.New(env).Elem().Interface())
	return withContext(&cfg)
}

// viewConfig is a copy of a configuration without an environment, with
// the view as the environment: to expr-lang, a map with exactly those
// keys, each holding a value of its type. Its checker reads a field's
// type by name in either case, and the compiler finds the field's place
// by name in the struct it compiles against, so a tree checked against
// the view compiles against the frame (CExpr.Program). A map costs less
// than a struct type made with reflect.StructOf for each view.
func viewConfig(funcs *conf.Config, v *view) *conf.Config {
	cfg := *funcs
	env := cfg.NtCache.FromType(reflect.TypeFor[map[string]any]())
	env.TypeData = &nature.TypeData{Fields: make(map[string]nature.Nature, len(v.names))}
	env.Strict = true
	for i, name := range v.names {
		env.Fields[name] = cfg.NtCache.FromType(v.types[i])
	}
	cfg.Env, cfg.Strict, cfg.EnvObject = env, true, nil
	return withContext(&cfg)
}

// withContext passes ctx to the library's functions that take a
// context, as the last step of making a configuration.
func withContext(cfg *conf.Config) *conf.Config {
	cfg.Visitors = nil
	expr.WithContext("ctx")(cfg)
	cfg.Check()
	return cfg
}

// disabledBuiltins are expr-lang's builtins a rule may not call: the
// clock would make fights differ from run to run; repeat, toJSON and
// toBase64 (nested, each multiplies a string's length) can build strings
// of any size, and their inverses have no use in a fight. replace, join
// and string are the standard library's, bounded by --max-string.
// reduce is not here: expr-lang's parser builds it whatever the list
// says, and its accumulator, typed any, is counted like any value (a +
// of text is __add_text, bounded by --max-string; a + of whole numbers
// __add, checked for overflow).
var disabledBuiltins = []string{"now", "date", "timezone", "duration", "repeat", "toJSON", "fromJSON", "toBase64", "fromBase64"}

// funcConfig is the configuration without an environment: builtins,
// limits and the functions declared so far. Declarations only add
// functions, so each new one extends a copy of the last.
func (c *checker) funcConfig() *conf.Config {
	n := len(c.funcOpts)
	if c.fcfg != nil && c.fcfgN == n {
		return c.fcfg
	}
	from := 0
	if c.fcfg != nil && c.fcfgN < n {
		from = c.fcfgN
	} else {
		c.fcfg = nil
	}
	c.fcfg, c.fcfgN = newFuncConfig(c.fcfg, c.funcOpts[from:], c.limits().ExprNodes), n
	if from == 0 {
		shareNatures(c.fcfg)
	}
	return c.fcfg
}

// shareNatures makes the copies of cfg share its cache of what
// expr-lang knows about Go types. Each configuration has a cache of its
// own, and copying one that is still empty copies nothing to share: the
// checker's configurations, one per view of a frame, would each learn
// the same combatant and side structs again. A check runs on one
// goroutine, so its configurations may share the cache; lowering keeps
// caches of its own, as Program may compile on several goroutines.
func shareNatures(cfg *conf.Config) {
	cfg.NtCache.FromType(reflect.TypeOf(struct{}{})) // makes the struct cache
	n := cfg.NtCache.FromType(reflect.TypeOf(0))
	n.NumMethods(&cfg.NtCache) // makes the method-set cache
}

// newFuncConfig is prev (nil for none) with the functions of opts added,
// and expressions bounded to maxNodes nodes. The functions are added to
// prev's table in place, not to a copy: prev is the checker's own
// (funcConfig), and the configurations made from it (exprConfig's, one
// per view and number of functions) are asked for again only while the
// number of functions is theirs, so one that sees the functions declared
// after it is never used again. A copy for each function declared
// between two checks made a ruleset of N tables, each checking its first
// row once declared, copy N²/2 entries: 10 000 tables in a file of 450
// KB were 15 s of CPU and 2.5 GB for fray lint.
func newFuncConfig(prev *conf.Config, opts []expr.Option, maxNodes int) *conf.Config {
	var cfg *conf.Config
	if prev != nil {
		cp := *prev
		cfg = &cp
	} else {
		cfg = conf.CreateNew()
		for _, name := range disabledBuiltins {
			cfg.Disabled[name] = true
			delete(cfg.Builtins, name)
		}
	}
	cfg.MaxNodes = uint(maxNodes)
	for _, op := range opts {
		op(cfg)
	}
	return cfg
}

// checkText type-checks an expression's text against the view env,
// with its dice patched in (patch is nil without dice), once per memo.
func (c *checker) checkText(env *view, text string, dice map[int]string, patch *dicePatch) (exprResult, error) {
	k := c.memo.keyOf(env, c.sig, text, dice)
	if r, ok := c.memo.lookup(k); ok {
		return r, r.err
	}
	base := c.exprConfig(env)
	var tree *exprparser.Tree
	var err error
	cfg := *base
	cfg.Visitors = []ast.Visitor{&findLastPatch{}, &refPatch{u: c.u}, &inPatch{}, &joinPatch{c: c, env: env}} // findLastPatch: find_last.go; refPatch: v2, refs.go
	if patch != nil {
		cfg.Visitors = append(cfg.Visitors, patch)
	}
	cfg.Visitors = append(cfg.Visitors, base.Visitors...)
	tree, err = checkWith(text, &cfg)
	r := exprResult{tree: tree, err: err}
	if err == nil {
		r.idents = identsOf(tree.Node)
	}
	c.memo.store(k, r)
	return r, err
}

// checkWith is expr.Compile with a configuration already made, up to
// the optimized tree: the bytecode is left to CExpr.Program.
func checkWith(input string, config *conf.Config) (*exprparser.Tree, error) {
	config.Check()
	tree, err := exprchecker.ParseCheck(input, config)
	if err != nil {
		return nil, err
	}
	// expr-lang (v1.17) checks a tree once before its patches (the
	// context argument, ours) and ignores that check's errors; a call
	// keeps the type it got then, and the final check, seeing it typed,
	// no longer visits its arguments: clamp(self.hpp, 1, 2) passed
	// though the combatant has no hpp. Check the patched tree once more
	// with every call untyped.
	ast.Walk(&tree.Node, untypeCalls{})
	if _, err := exprchecker.Check(tree, config); err != nil {
		return nil, err
	}
	if fe := foldOverflow(&tree.Node); fe != nil { // wholes_fold.go
		return nil, fe.Bind(tree.Source)
	}
	if config.Optimize {
		if err := optimizer.Optimize(&tree.Node, config); err != nil {
			var fileError *file.Error
			if errors.As(err, &fileError) {
				return nil, fileError.Bind(tree.Source)
			}
			return nil, err
		}
		// The optimizer makes findLast of last(filter(...)): rewrite it
		// as the visitors did the rule's own (find_last.go), and type
		// the new nodes.
		var last findLastPatch
		ast.Walk(&tree.Node, &last)
		if last.patched {
			if _, err := exprchecker.Check(tree, config); err != nil {
				return nil, err
			}
		}
	}
	ast.Walk(&tree.Node, negZeroPatch{}) // neg_zero.go
	return tree, nil
}

// diceLiteral reads an expression that is only dice notation, such as a
// default "d6" or "2d4+1", as a dice value rather than a roll.
func diceLiteral(e *syntax.Expr) (stdlib.Dice, bool) {
	ts := e.Tokens
	if len(ts) == 0 || ts[0].Type != syntax.TokDice {
		return stdlib.Dice{}, false
	}
	text := ts[0].Value
	switch {
	case len(ts) == 1:
	case len(ts) == 3 && (ts[1].Value == "+" || ts[1].Value == "-") && ts[2].Type == syntax.TokNumber:
		text += ts[1].Value + ts[2].Value
	default:
		return stdlib.Dice{}, false
	}
	d, err := stdlib.ParseDice(text)
	return d, err == nil
}

// checkScope reports locals of the frame used outside the block that declares them.
func (c *checker) checkScope(e *syntax.Expr, idents []*ast.IdentifierNode, fr *Frame, inScope scopeFunc) {
	for _, id := range idents {
		ff := fr.Lookup(id.Value)
		if ff == nil || ff.Global || inScope(id.Value) {
			continue
		}
		from := id.Location().From
		d := c.errorf(diag.CodeUnknownName, c.exprRange(e, from, from+len([]rune(id.Value))),
			"a local is visible only in the block that declares it, after its let", "%s is not defined here", id.Value)
		if ff.Decl != nil {
			d.Related = &diag.Related{Message: "declared here", Range: syntax.RangeOf(ff.Decl.Pos, ff.Decl.EndPos)}
		}
	}
}

// identsOf lists the identifiers of a checked tree, in walk order.
func identsOf(root ast.Node) []*ast.IdentifierNode {
	v := &identVisitor{}
	ast.Walk(&root, v)
	return v.ids
}

type identVisitor struct{ ids []*ast.IdentifierNode }

func (v *identVisitor) Visit(n *ast.Node) {
	if id, ok := (*n).(*ast.IdentifierNode); ok {
		v.ids = append(v.ids, id)
	}
}

// exprRange maps character offsets of an expression's text to the file.
// Text() lays the expression out as in the file from its first token
// (at e.Pos), so offsets become lines and columns directly.
func (c *checker) exprRange(e *syntax.Expr, from, to int) diag.Range {
	text, _ := e.Text()
	runes := []rune(text)
	line, col := e.Pos.Line, e.Pos.Column
	var start, end lexer.Position
	start.Filename, end.Filename = e.Pos.Filename, e.Pos.Filename
	for i := 0; i <= len(runes); i++ {
		if i == from {
			start.Line, start.Column = line, col
		}
		if i == to {
			end.Line, end.Column = line, col
			break
		}
		if i < len(runes) && runes[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	if start.Line == 0 {
		start = e.Pos
	}
	if end.Line == 0 || to <= from {
		end = start
		end.Column++
	}
	start.Offset = c.offsetOf(e.Pos, start.Line, start.Column)
	end.Offset = c.offsetOf(e.Pos, end.Line, end.Column)
	return syntax.RangeOf(start, end)
}

// offsetOf converts a line and column at or after from (an expression's
// start) to a byte offset in from's file. It reads on from from, not
// from the start of the file: a file of a hundred thousand findings
// would otherwise be read a hundred thousand times.
func (c *checker) offsetOf(from lexer.Position, line, col int) int {
	src := c.f.Sources[from.Filename]
	if line < from.Line || line == from.Line && col < from.Column || from.Offset > len(src) {
		from = lexer.Position{Filename: from.Filename, Line: 1, Column: 1}
	}
	off := from.Offset
	l := from.Line
	if line > l {
		from.Column = 1
	}
	for ; l < line && off < len(src); l++ {
		i := strings.IndexByte(src[off:], '\n')
		if i < 0 {
			return len(src)
		}
		off += i + 1
	}
	for cc := from.Column; cc < col && off < len(src); cc++ {
		_, n := decodeRune(src[off:])
		off += n
	}
	return off
}

var (
	reUnknownName = regexp.MustCompile(`^unknown name (\S+)`)
	reNoField     = regexp.MustCompile(`^type (.+) has no field (\S+)`)
)

// exprError turns an expr-lang error into a positioned diagnostic, with
// our type names and a suggestion where a name was misspelled.
func (c *checker) exprError(e *syntax.Expr, fr *Frame, err error) {
	var fe *file.Error
	if !errors.As(err, &fe) {
		c.errorf(diag.CodeExpr, syntax.RangeOf(e.Pos, e.EndPos), "", "%s", c.u.Friendly(err.Error()))
		return
	}
	msg := strings.TrimSpace(c.u.Friendly(fe.Message)) // expr-lang ends some with a space ("to call roll ")
	from, to := fe.From, fe.To
	code, hint := diag.CodeExpr, "check the expression against expr-lang's syntax and the names this rule declares"
	var related *diag.Related
	if m := reUnknownName.FindStringSubmatch(msg); m != nil {
		code = diag.CodeUnknownName
		hint = c.suggestVisible(m[1], fr, "declare it with let, as a constant, or as a parameter")
		if m[1] == "self" {
			hint = selfHint(fr)
		}
		to = from + len([]rune(m[1]))
		if f := c.m.Funcs[m[1]]; f != nil && f.Block != nil && f.Result == nil { // v2: proc.go
			code, msg, hint = diag.CodeProcNoValue, fmt.Sprintf("fn %s gives no value", m[1]), procNoValueHint(m[1])
		}
	} else if m := reNoField.FindStringSubmatch(msg); m != nil {
		code = diag.CodeUnknownField
		var attrs []*Attr
		kind := m[1]
		switch kind {
		case "combatant":
			attrs = c.u.CombatantAttrs
		case "side":
			attrs = c.u.SideAttrs
		}
		var names []string
		for _, a := range attrs {
			names = append(names, a.Name)
		}
		hint = noAttributeHint(kind, m[2], names, c.didYouMean, "declare it in the %s { ... } block")
		msg = fmt.Sprintf("%s has no attribute %s", kind, m[2])
		from = fieldOffset(e, from, m[2])
		to = from + len([]rune(m[2]))
	} else if s, h, n := operatorCall(firstOf(e.Text()), msg, from); n > 0 { // operator_call.go
		msg, hint, to = s, h, from+n
	} else if strIndexRe.MatchString(msg) {
		// fen[y][x], a square of a terrain row (the thirteenth homebrew
		// round): expr-lang's own words named a type no rule writes.
		code, msg = diag.CodeType, "a string cannot be indexed"
		hint = "s[i:i + 1] is the string of the one character at i (counting bytes from 0), len(s) its length"
	} else if strings.HasPrefix(msg, stdlib.OverflowPrefix) { // wholes_fold.go
		hint = "whole numbers run from -9223372036854775808 to 9223372036854775807: use smaller ones, or floats (1e19)"
	} else if strings.HasSuffix(msg, " is not callable") {
		// A local or parameter named like a function hides it: `let roll
		// = d20` and then roll(self.damage).
		// A body's locals are one frame: the name is the local's in the
		// whole body, before its let and outside its block too (the
		// tourney homebrew's call came before the interrupt whose block
		// declared the point's parameter), so say where it comes from.
		name := identAt(e, from)
		if f := fr.Lookup(name); f != nil && !f.Global && c.isFunction(name) {
			msg = fmt.Sprintf("%s is %s here, not the function %s", name, f.Type.Article(), name)
			hint = fmt.Sprintf("the local or parameter %s hides the function of that name in the whole body, even before it is declared or outside its block; rename it", name)
			to = from + len([]rune(name))
			if f.Decl != nil && !f.param {
				what := "the local " + name + " is declared here"
				if f.Decl.Text != name { // a point's parameter, named at its interrupt
					what = "the interrupt of " + f.Decl.Text + " declares the local " + name + " (the point's parameter) here"
				}
				related = &diag.Related{Message: what, Range: syntax.RangeOf(f.Decl.Pos, f.Decl.EndPos)}
			}
		}
	} else if strings.Contains(msg, "mismatched types") || strings.Contains(msg, "cannot use") {
		code = diag.CodeType
		switch {
		case strings.HasPrefix(msg, "cannot use float as argument (type int)"):
			hint = "a / b gives a float: write int(a / b) for a whole number"
		case strings.HasPrefix(msg, "cannot use int as argument (type dice)"):
			hint = "roll takes a dice value (an attribute or const declared dice); an expression such as d6 + 1 already rolls and gives a whole number: use it without roll(...)"
			if fn := calledIn(msg); fn != "roll" && fn != "" {
				// dice_min(d2): d2 in an expression is already a roll.
				hint = fmt.Sprintf("%s takes a dice value: an attribute or const declared dice (const blade: dice = d8, then %s(blade)); dice written in an expression, such as d6 or d6 + 1, already roll and give a whole number", fn, fn)
			}
		case strings.HasPrefix(msg, "cannot use nil as argument") && strings.HasPrefix(calledIn(msg), "$opt_or_"):
			// x ?? none: the checker turns ?? of an optional value into
			// a call of its own, which a reader never wrote.
			msg = "the right side of ?? is none: a ?? b gives b when a holds no value, so b must be one"
			hint = "give a default the value can take: ?? 0 for a whole number, ?? \"\" for text"
		case strings.HasPrefix(msg, "cannot use") && strings.Contains(msg, " as argument "):
			hint = "give the argument the type the function's parameter has"
		case strings.Contains(msg, "(mismatched types int and float)") || strings.Contains(msg, "(mismatched types float and int)"):
			// 1..n with n from a / b: a newcomer's note (the fourth round).
			hint = "a / b gives a float: write int(a / b) for a whole number"
		case listPlus.MatchString(msg):
			hint = "lists are joined with concat(a, b), not +: self.foes = concat(self.foes, [t])"
		default:
			hint = "both sides of an operator must have compatible types"
		}
	} else if strings.Contains(msg, "not enough arguments") || strings.Contains(msg, "too many arguments") {
		code = diag.CodeArgs
		hint = "see the function list in README.md for the parameters"
	}
	if to <= from {
		to = from + 1
	}
	d := c.errorf(code, c.exprRange(e, from, to), hint, "%s", msg)
	if d != nil && related != nil {
		d.Related = related
	}
}

// calledIn is the function named by expr-lang's "... to call NAME"
// message; "" when it names none.
func calledIn(msg string) string {
	_, fn, ok := strings.Cut(msg, " to call ")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(fn, " (:"); i >= 0 {
		fn = fn[:i]
	}
	return fn
}

// strIndexRe is expr-lang's error for s[i] of a string s.
var strIndexRe = regexp.MustCompile(`^type string\[\w+\] is undefined$`)

// listPlus is expr-lang's error for list + list.
var listPlus = regexp.MustCompile(`\+ \(mismatched types list\S* and list`)

// identAt is the identifier that starts at rune offset from of e's text.
func identAt(e *syntax.Expr, from int) string {
	text, _ := e.Text()
	runes := []rune(text)
	end := from
	for end < len(runes) && (runes[end] == '_' || unicode.IsLetter(runes[end]) || unicode.IsDigit(runes[end])) {
		end++
	}
	if from < 0 || from >= end {
		return ""
	}
	return string(runes[from:end])
}

// isFunction reports whether name is a function a rule may call: the
// standard library's, expr-lang's, or one the ruleset declares.
func (c *checker) isFunction(name string) bool {
	return stdlib.Lookup(name) != nil || exprBuiltins[name] || c.funcs[name]
}

// fieldOffset finds the attribute name after the position expr-lang
// reports (it points at the dot or the base of a member access).
func fieldOffset(e *syntax.Expr, from int, name string) int {
	text, _ := e.Text()
	runes := []rune(text)
	if from > len(runes) {
		return from
	}
	rest := string(runes[from:])
	if i := strings.Index(rest, name); i >= 0 {
		return from + len([]rune(rest[:i]))
	}
	return from
}

// suggestVisible suggests, for a misspelled name in an expression in fr,
// the closest name such an expression may use. The names are given one
// by one, each charged to the file's budget for suggestions
// (suggest.go): listing thousands of names for each of thousands of
// findings would itself be quadratic (20 000 misspellings amid 20 000
// locals listed 400 million names, past any budget).
func (c *checker) suggestVisible(name string, fr *Frame, hint string) string {
	names := func(yield func(string) bool) {
		for _, f := range fr.Fields {
			if !internalNames[f.Name] && !yield(f.Name) {
				return
			}
		}
		for n := range c.funcs {
			if !yield(n) {
				return
			}
		}
	}
	return c.sugg.closest(name, names, hint)
}

// untypeCalls clears the types expr-lang's checker gave calls, so that a
// check visits their arguments again (see checkWith).
type untypeCalls struct{}

func (untypeCalls) Visit(n *ast.Node) {
	if c, ok := (*n).(*ast.CallNode); ok {
		c.SetType(nil)
	}
}

// divides says whether an expression divides outside a string: the
// likeliest reason it is a float where a whole number was wanted.
func divides(e *syntax.Expr) bool {
	for _, t := range e.Tokens {
		if t.Type == syntax.TokPunct && t.Value == "/" {
			return true
		}
	}
	return false
}

// noAttributeHint is the hint of F102 (kind has no attribute attr):
// did-you-mean among the attributes of a combatant or a side, with
// where to declare one (block, formatted with the kind); any other
// value (a string, a whole number) has no attributes at all, and has no
// block to declare one in (the hint named "the string { ... } block").
func noAttributeHint(kind, attr string, names []string, didYouMean func(string, []string, string) string, block string) string {
	if kind != "combatant" && kind != "side" {
		return fmt.Sprintf("a value of type %s has no attributes: only a combatant or a side has them (the combatant { ... } and side { ... } blocks declare them)", kind)
	}
	return didYouMean(attr, names, fmt.Sprintf(block, kind))
}
