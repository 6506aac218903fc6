package format

// fray fmt: the canonical layout of a .fray file.
//
// The formatter only ever changes the space between tokens (and drops the
// optional ";" after a statement or setting, or writes one between
// settings it puts on one line): every token is written with its source
// text, so strings, numbers and dice read exactly as before. It refuses,
// with an error, to print a file whose tree holds anything it does not
// know, and it checks its own output: the output must lex to the same
// tokens and parse to the same tree, or Format fails rather than return it.
//
// Layout:
//
//   - Two spaces of indentation per block level; "{" ends the line that
//     opens a block, "}" stands alone at the block's level, except
//     "} else {" and "} else if ... {". An empty block stays "{}" when it
//     was written on one line.
//   - Top-level declarations are separated by exactly one blank line; a
//     run of one-line const, event or remove declarations written without
//     blank lines between them stays together. Inside blocks, one blank
//     line is kept where the source had one or more between two items, and
//     none after "{" or before "}".
//   - Headers ("ruleset" and "encounter"): one field per line, the values
//     of a run of fields (not broken by a blank line or a comment) aligned
//     one space after the longest key. A field's values stay on the lines
//     the source had them on; a line that would pass 80 columns wraps after
//     a comma; continuation lines align under the first value.
//   - Attribute blocks: one "name: type = default" per line. Parameters:
//     "name: type = default" separated by ", ", glued to "(".
//   - Tables: one row per line, in columns aligned over the whole table:
//     the keys ("k, k:") padded to the widest plus one space, then labels
//     and values two spaces apart; values that are all plain numbers are
//     aligned to the right. Modifier rows likewise, two spaces apart:
//     "label  value  when condition".
//   - Statements one per line. Expressions: see format_expr.go.
//   - Encounters: "side NAME {" with one setting per line (settings the
//     source had on one line stay on one line, joined by "; ", if it fits
//     in 100 columns) and "combatant NAME { a = 1; b = 2 }" kept on one line
//     when it was on one line and fits in 100 columns, otherwise expanded
//     like a side; the "{" of consecutive one-line combatants are aligned.
//     "surprise {" / "round N {" hold one "who: action(arg = value)" per
//     line; "ruling "text" {" holds "side.attr = value" settings, laid out
//     like a side's.
//   - Comments keep their place: a comment that followed a token on its
//     line stays at the end of the line of that token; trailing comments
//     of consecutive lines at the same indentation are aligned, three
//     spaces after the longest line. A comment on a line of its own stays
//     on a line of its own before the same token, at the indentation of
//     what follows it (inside a block before "}", at the block's
//     indentation). Blanks at the end of a comment are dropped. (There are
//     no comments inside ( ) or [ ]: "#" there is expr-lang's element.)
//   - A line break the formatter adds or keeps in the middle of an item (a
//     comment's end, an expression's own break) is followed by a
//     continuation line indented two spaces per open bracket, or four
//     outside brackets.

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
)

// Format prints a parsed file in the canonical layout. The file must come
// from Parse (its Src is read for comments and the exact text of tokens).
func Format(f *syntax.File) (out []byte, err error) { return FormatWithin(f, 0) }

// FormatWithin is Format of a file whose layout may take at most maxSize
// bytes (--max-file-size; 0 for no limit): past it, an error that
// IsLimit reports, placed at the line that passes it.
func FormatWithin(f *syntax.File, maxSize int) (out []byte, err error) {
	if f == nil {
		return nil, &fmtError{msg: "no file"}
	}
	if len(f.Decls) > 0 && f.Src == "" {
		return nil, &fmtError{msg: "the file has no source text (a merged ruleset cannot be formatted)"}
	}
	toks, lerr := syntax.Tokenize(f.Name, f.Src)
	if lerr != nil {
		return nil, lerr
	}
	defer func() {
		if r := recover(); r != nil {
			fe, ok := r.(*fmtError)
			if !ok {
				// A bug in the printer: fail this file, never write it.
				fe = &fmtError{msg: fmt.Sprintf("internal error: %v", r)}
			}
			out, err = nil, fe
		}
	}()
	p := &formatter{maxSize: maxSize, src: f.Src, toks: toks, cont: -1, nextBlank: blankNone}
	p.file(f)
	out = p.finish()
	if err := verify(f, toks, out); err != nil {
		return nil, err
	}
	return out, nil
}

// verify checks that the output has the source's tokens (";" aside) and
// parses to the same tree.
func verify(f *syntax.File, toks []lexer.Token, out []byte) error {
	otoks, err := syntax.Tokenize(f.Name, string(out))
	if err != nil {
		return &fmtError{msg: "the output does not lex: " + err.Error()}
	}
	strip := func(ts []lexer.Token) []lexer.Token {
		var r []lexer.Token
		for _, t := range ts {
			if !(t.Type == syntax.TokPunct && t.Value == ";") {
				r = append(r, t)
			}
		}
		return r
	}
	a, b := strip(toks), strip(otoks)
	for i := 0; i < len(a) && i < len(b); i++ {
		// The output spells a control character as an escape.
		bv := b[i].Value
		if a[i].Type == syntax.TokComment {
			bv = trimComment(bv)
		}
		if a[i].Type != b[i].Type || bv != tokenText(a[i], false) && bv != tokenText(a[i], true) {
			return &fmtError{pos: a[i].Pos, msg: fmt.Sprintf("internal error: the output has %q where the source has %q", b[i].Value, a[i].Value)}
		}
	}
	if len(a) != len(b) {
		return &fmtError{msg: "internal error: the output does not have the source's tokens"}
	}
	// The output has the source's tokens (checked above), and the source
	// was parsed within the caller's limits: the re-parse needs none of
	// its own, only the output's size, which the layout may change.
	lim := syntax.Limits{FileSize: len(out), Depth: math.MaxInt, ExprTokens: math.MaxInt, FileTokens: math.MaxInt}
	g, diags := lim.Parse(f.Name, string(out))
	if len(diags) > 0 {
		return &fmtError{msg: "internal error: the output does not parse: " + diags[0].Summary}
	}
	if d := TreeDiff(f, g); d != "" {
		return &fmtError{msg: "internal error: the output parses to a different tree: " + d}
	}
	return nil
}

func (p *formatter) file(f *syntax.File) {
	p.known(f, f.Pos, "Decls", "Name", "Src", "Comments", "Sources", "Tokens")
	var prevKind string
	prevOneLine := false
	for i, d := range f.Decls {
		p.pending = sepDecl
		p.indent = 0
		kind := declKind(d)
		end := len(p.src)
		if i+1 < len(f.Decls) {
			end = f.Decls[i+1].Pos.Offset
		}
		oneLine := d.Pos.Line == p.lastTokenBefore(end).Pos.Line
		hasComment, hasBlank := p.gap(d.Pos.Offset)
		switch {
		case i == 0:
			p.nextBlank = blankNone
		case hasBlank:
			p.nextBlank = blankPreserve
		case !hasComment && oneLine && prevOneLine && kind == prevKind && groupable[kind]:
			p.nextBlank = blankNone
		default:
			p.nextBlank = blankForce
		}
		p.decl(d)
		prevKind, prevOneLine = kind, oneLine
	}
}

// groupable kinds of one-line declarations may stand together.
var groupable = map[string]bool{"const": true, "event": true, "remove": true, "fn": true, "point": true}

func declKind(d *syntax.Decl) string {
	switch {
	case d.Const != nil:
		return "const"
	case d.Event != nil:
		return "event"
	case d.Remove != nil:
		return "remove"
	case d.Func != nil:
		return "fn"
	case d.Point != nil: // v2 item 3
		return "point"
	}
	return ""
}

// index is the index of the first token at or after offset.
func (p *formatter) index(offset int) int {
	return sort.Search(len(p.toks), func(i int) bool { return p.toks[i].Pos.Offset >= offset })
}

// lastTokenBefore is the last token that is not a comment before offset.
func (p *formatter) lastTokenBefore(offset int) lexer.Token {
	for j := p.index(offset) - 1; j >= 0; j-- {
		if p.toks[j].Type != syntax.TokComment && p.toks[j].Type != syntax.TokEOF {
			return p.toks[j]
		}
	}
	return lexer.Token{}
}

// gap tells whether comments on lines of their own or blank lines stand
// between the token at offset and the token before it (from the source).
func (p *formatter) gap(offset int) (hasComment, hasBlank bool) {
	j := p.index(offset)
	k := j - 1
	for k >= 0 && p.toks[k].Type == syntax.TokComment {
		k--
	}
	if k < 0 {
		return j > 0, false
	}
	for m := k + 1; m < j; m++ {
		if p.toks[m].Pos.Line != p.toks[k].Pos.Line {
			hasComment = true
		}
	}
	for m := k; m < j; m++ {
		end := p.toks[m].Pos.Offset + len(p.toks[m].Value)
		next := offset
		if m+1 < len(p.toks) {
			next = p.toks[m+1].Pos.Offset
		}
		if strings.Count(p.src[end:next], "\n") >= 2 {
			hasBlank = true
		}
	}
	return hasComment, hasBlank
}

func (p *formatter) decl(d *syntax.Decl) {
	p.known(d, d.Pos, "Override", "Remove", "Ruleset", "Encounter", "Schema", "Side", "Const", "Event", "Handler", "Action", "Table", "Modifiers", "Func", "Phase", "End", "Script", "Ruling", "Map", "Test", "Order", "Condition", "Slots", "Point", "React")
	if d.Override {
		p.tok("override")
		p.space()
	}
	switch {
	case d.Remove != nil:
		r := d.Remove
		p.known(r, r.Pos, "Kind", "Name", "Label")
		p.tok("remove")
		p.space()
		p.tok(r.Kind)
		p.space()
		p.tok(r.Name)
		if r.Label != nil { // v2 item 3: remove react POINT "label"
			p.space()
			p.tokType(syntax.TokString, "a string")
		}
	case d.Ruleset != nil:
		p.known(d.Ruleset, d.Ruleset.Pos, "Name", "Fields")
		p.header("ruleset", d.Ruleset.Fields)
	case d.Encounter != nil:
		p.known(d.Encounter, d.Encounter.Pos, "Name", "Fields")
		p.header("encounter", d.Encounter.Fields)
	case d.Schema != nil:
		p.schema(d.Schema)
	case d.Side != nil:
		p.side(d.Side)
	case d.Const != nil:
		c := d.Const
		p.known(c, c.Pos, "Name", "Type", "Value")
		p.tok("const")
		p.space()
		p.tok(c.Name)
		if c.Type != nil {
			p.tok(":")
			p.space()
			p.typeRef(c.Type)
		}
		p.space()
		p.tok("=")
		p.space()
		p.expr(c.Value)
	case d.Func != nil:
		f := d.Func
		p.known(f, f.Pos, "Choice", "Name", "Params", "Result", "Body", "Block")
		if f.Choice { // format_slots.go
			p.tok("choice")
		} else {
			p.tok("fn")
		}
		p.space()
		p.tok(f.Name)
		p.params(f.Params)
		if f.Result != nil {
			p.tok(":")
			p.space()
			p.typeRef(f.Result)
		}
		if f.Block != nil { // v2: a procedure
			p.block(f.Block)
			break
		}
		p.space()
		p.tok("=")
		p.space()
		p.expr(f.Body)
	case d.Event != nil:
		e := d.Event
		p.known(e, e.Pos, "Name", "Params", "Template")
		p.tok("event")
		p.space()
		p.tok(e.Name)
		p.params(e.Params)
		if e.Template != nil {
			p.space()
			p.tokType(syntax.TokString, "a string")
		}
	case d.Handler != nil:
		h := d.Handler
		p.known(h, h.Pos, "Event", "Body")
		p.tok("on")
		p.space()
		p.tok(h.Event)
		p.block(h.Body)
	case d.Action != nil:
		a := d.Action
		p.known(a, a.Pos, "Name", "Params", "Costs", "Body")
		p.tok("action")
		p.space()
		p.tok(a.Name)
		if p.peekIs("(") {
			p.params(a.Params)
		}
		p.costs(a.Costs) // format_slots.go
		p.block(a.Body)
	case d.Table != nil:
		p.table(d.Table)
	case d.Modifiers != nil:
		p.modifiers(d.Modifiers)
	case d.Phase != nil:
		p.phase(d.Phase)
	case d.End != nil:
		e := d.End
		p.known(e, e.Pos, "When")
		p.tok("end")
		p.space()
		p.tok("when")
		p.space()
		p.expr(e.When)
	case d.Script != nil:
		p.script(d.Script)
	case d.Ruling != nil:
		p.ruling(d.Ruling)
	case d.Map != nil:
		p.mapDecl(d.Map)
	case d.Test != nil:
		p.testDecl(d.Test) // format_testdecl.go
	case d.Order != nil:
		p.orderDecl(d.Order) // format_order.go
	case d.Condition != nil:
		p.condition(d.Condition) // format_condition.go
	case d.Slots != nil:
		p.slots(d.Slots) // format_slots.go
	case d.Point != nil:
		p.point(d.Point) // v2 item 3: format_point.go
	case d.React != nil:
		p.react(d.React)
	default:
		p.fail(d.Pos, "a declaration the formatter does not know")
	}
}

// header prints "ruleset "x" {" or "encounter "x" {" and its fields.
func (p *formatter) header(kw string, fields []*syntax.HeaderField) {
	p.tok(kw)
	p.space()
	p.tokType(syntax.TokString, "a string")
	p.space()
	p.openBlock()
	// Runs of fields not broken by comments or blank lines align values.
	width := make([]int, len(fields))
	for start := 0; start < len(fields); {
		end := start + 1
		for end < len(fields) {
			c, b := p.gap(fields[end].Pos.Offset)
			if c || b {
				break
			}
			end++
		}
		w := 0
		for _, f := range fields[start:end] {
			w = max(w, len([]rune(f.Key)))
		}
		for k := start; k < end; k++ {
			width[k] = w
		}
		start = end
	}
	for k, f := range fields {
		p.known(f, f.Pos, "Key", "Values")
		p.line()
		p.tok(f.Key)
		p.pad(width[k] - len([]rune(f.Key)) + 1)
		p.cont = p.indent + width[k] + 1
		for j, v := range f.Values {
			if j > 0 {
				p.tok(",")
				w := len([]rune(p.valueText(v)))
				if j < len(f.Values)-1 {
					w++ // its comma
				}
				_, brokeInSource := p.lineBreakBefore(v.Pos.Offset)
				if brokeInSource || (p.column() > p.cont && p.column()+1+w > headerWrap) {
					p.pending = sepBreak
				} else {
					p.space()
				}
			}
			p.value(v)
		}
		p.cont = -1
	}
	p.closeBlock()
}

// lineBreakBefore tells whether the source has a line break between the
// token at offset and the token before it.
func (p *formatter) lineBreakBefore(offset int) (prev lexer.Token, broke bool) {
	prev = p.lastTokenBefore(offset)
	return prev, strings.Contains(p.src[prev.Pos.Offset+len(prev.Value):offset], "\n")
}

func (p *formatter) schema(s *syntax.SchemaDecl) {
	p.known(s, s.Pos, "Kind", "Attrs")
	p.tok(s.Kind)
	p.space()
	p.openBlock()
	for _, a := range s.Attrs {
		p.known(a, a.Pos, "Name", "Type", "Derived", "Default")
		p.line()
		p.tok(a.Name)
		p.tok(":")
		p.space()
		p.typeRef(a.Type)
		if a.Default != nil {
			p.space()
			p.tok("=")
			p.space()
			if a.Derived {
				p.tok("derived")
				p.space()
			}
			p.expr(a.Default)
		}
	}
	p.closeBlock()
}

func (p *formatter) typeRef(t *syntax.TypeRef) {
	p.known(t, t.Pos, "List", "Name")
	if t.List != nil {
		p.tok("list")
		p.tok("[")
		p.typeRef(t.List)
		p.tok("]")
		return
	}
	p.tok(t.Name)
}

// params prints "(name: type = default, ...)"; the "(" is glued.
func (p *formatter) params(ps []*syntax.Param) {
	p.tok("(")
	for i, a := range ps {
		p.known(a, a.Pos, "Name", "Type", "Default")
		if i > 0 {
			p.tok(",")
			p.space()
		}
		p.tok(a.Name)
		p.tok(":")
		p.space()
		p.typeRef(a.Type)
		if a.Default != nil {
			p.space()
			p.tok("=")
			p.space()
			p.expr(a.Default)
		}
	}
	p.tok(")")
}

// value prints a literal of a header, a setting or a script argument.
func (p *formatter) value(v *syntax.Value) {
	p.known(v, v.Pos, "Number", "String", "Dice", "List", "Ident")
	switch {
	case v.Number != nil:
		p.number(v.Number)
	case v.String != nil:
		p.tokType(syntax.TokString, "a string")
	case v.Dice != nil:
		p.tokType(syntax.TokDice, "dice")
	case v.List != nil:
		p.known(v.List, v.List.Pos, "Items")
		p.tok("[")
		for i, it := range v.List.Items {
			if i > 0 {
				p.tok(",")
				p.space()
			}
			p.value(it)
		}
		p.tok("]")
	case v.Ident != nil:
		p.tok(*v.Ident)
	default:
		p.fail(v.Pos, "a value the formatter does not know")
	}
}

func (p *formatter) number(n *syntax.NumberLit) {
	p.known(n, n.Pos, "Neg", "Text")
	if n.Neg {
		p.tok("-")
	}
	p.tok(n.Text)
}

// valueText is how value prints v, for measuring.
func (p *formatter) valueText(v *syntax.Value) string {
	return syntax.ValueTextWith(v, func(v *syntax.Value) string { return p.rawString(v.Pos) })
}

// rawString is the source text of the string token at pos.
func (p *formatter) rawString(pos lexer.Position) string {
	if j := p.index(pos.Offset); j < len(p.toks) && p.toks[j].Type == syntax.TokString {
		return tokenText(p.toks[j], false)
	}
	return ""
}

// openBlock writes "{" and enters the block.
func (p *formatter) openBlock() {
	p.tok("{")
	p.indent += 2
	p.nextBlank = blankNone
}

// closeBlock places the comments left in the block at its indentation and
// writes "}" at the outer one.
func (p *formatter) closeBlock() {
	p.line()
	p.flushComments()
	p.indent -= 2
	p.nextBlank = blankNone
	p.line()
	p.tok("}")
}

// block prints a statement block.
func (p *formatter) block(b *syntax.Block) {
	p.known(b, b.Pos, "Stmts")
	p.space()
	if len(b.Stmts) == 0 && p.emptyOneLine() {
		p.tok("{")
		p.tok("}")
		return
	}
	p.openBlock()
	for _, s := range b.Stmts {
		p.line()
		p.stmt(s)
		p.semi()
	}
	p.closeBlock()
}

// emptyOneLine: the next tokens are "{" and "}" on one line, no comment
// between.
func (p *formatter) emptyOneLine() bool {
	j := p.i
	for j < len(p.toks) && p.toks[j].Type == syntax.TokComment {
		j++
	}
	if j+1 >= len(p.toks) {
		return false
	}
	a, b := p.toks[j], p.toks[j+1]
	return syntax.IsPunct(a, "{") && syntax.IsPunct(b, "}") && a.Pos.Line == b.Pos.Line
}

// semi drops an optional ";" after a statement, unless the statement ends
// in an operator: there the ";" is what ends the expression.
func (p *formatter) semi() {
	if !p.peekIs(";") {
		return
	}
	if p.lastOut != nil && syntax.Continuers[p.lastOut.Value] {
		p.tok(";")
		return
	}
	p.skip(";")
}

func (p *formatter) stmt(s *syntax.Stmt) {
	p.known(s, s.Pos, "Let", "If", "Group", "For", "Emit", "Act", "Declare", "Schedule", "Cancel", "Segment", "Log", "Apply", "ApplyCondition", "RemoveCondition", "Return", "Call", "While", "Referee", "Engage", "Disengage", "Interrupt", "CancelPending", "Assign")
	switch {
	case s.Let != nil:
		p.known(s.Let, s.Let.Pos, "Name", "Value")
		p.tok("let")
		p.space()
		p.name(s.Let.Name)
		p.space()
		p.tok("=")
		p.space()
		p.expr(s.Let.Value)
	case s.If != nil:
		p.ifStmt(s.If)
	case s.For != nil:
		p.forStmt(s.For)
	case s.Group != nil: // v2 (part B)
		p.groupStmt(s.Group)
	case s.Emit != nil:
		e := s.Emit
		p.known(e, e.Pos, "Event", "Args")
		p.tok("emit")
		p.space()
		p.name(e.Event)
		p.args(e.Args)
	case s.Act != nil:
		p.known(s.Act, s.Act.Pos, "Held", "Who", "With")
		p.tok("act")
		p.space()
		if s.Act.Held {
			p.tok("held")
			p.space()
		}
		p.expr(&s.Act.Who.Expr)
		for i, a := range s.Act.With {
			p.known(a, a.Pos, "Name", "Value")
			if i == 0 {
				p.space()
				p.tok("with")
			} else {
				p.tok(",")
			}
			p.space()
			p.name(a.Name)
			p.space()
			p.tok("=")
			p.space()
			p.expr(a.Value)
		}
	case s.Declare != nil:
		p.known(s.Declare, s.Declare.Pos, "Kw", "Who")
		p.tok("declare")
		if s.Declare.Who != nil {
			p.tok("(")
			p.expr(s.Declare.Who)
			p.tok(")")
		}
	case s.Schedule != nil:
		sc := s.Schedule
		p.known(sc, sc.Pos, "Tie", "Label", "Who", "After", "At", "Body")
		p.tok("schedule")
		p.space()
		p.scheduleTie(sc.Tie) // format_timed.go
		p.tokType(syntax.TokString, "a string")
		p.space()
		p.tok("for")
		p.space()
		p.expr(&sc.Who.Expr)
		p.space()
		p.scheduleWhen(sc) // format_timed.go
		p.block(sc.Body)
	case s.Cancel != nil:
		c := s.Cancel
		p.known(c, c.Pos, "Label", "Who")
		p.tok("cancel")
		p.space()
		p.tokType(syntax.TokString, "a string")
		p.space()
		p.tok("for")
		p.space()
		p.expr(c.Who)
	case s.Engage != nil, s.Disengage != nil:
		p.engagement(s) // format_engage.go
	case s.Interrupt != nil, s.CancelPending != nil:
		p.interrupt(s) // v2 item 3: format_point.go
	case s.Segment != nil:
		sg := s.Segment
		p.known(sg, sg.Pos, "N", "Body")
		p.tok("segment")
		p.space()
		p.expr(sg.N)
		p.block(sg.Body)
	case s.Log != nil:
		p.known(s.Log, s.Log.Pos, "Text")
		p.tok("log")
		p.space()
		p.tokType(syntax.TokString, "a string")
	case s.Apply != nil:
		a := s.Apply
		p.known(a, a.Pos, "Table", "Keys", "Target")
		p.tok("apply")
		p.space()
		p.name(a.Table)
		if p.peekIs("(") {
			p.tok("(")
			for i, k := range a.Keys {
				if i > 0 {
					p.tok(",")
					p.space()
				}
				p.expr(k)
			}
			p.tok(")")
		}
		p.space()
		p.tok("to")
		p.space()
		p.expr(a.Target)
	case s.ApplyCondition != nil, s.RemoveCondition != nil:
		p.conditionStmt(s) // format_condition.go
	case s.Return != nil:
		p.known(s.Return, s.Return.Pos, "Kw", "Value")
		p.tok("return")
		if s.Return.Value != nil { // v2: a procedure's value
			p.space()
			p.expr(s.Return.Value)
		}
	case s.Call != nil: // v2: call_ast.go
		c := s.Call
		p.known(c, c.Pos, "Fn", "Args")
		p.tok("call")
		p.space()
		p.name(c.Fn)
		p.args(c.Args)
	case s.While != nil: // v2 (part B)
		w := s.While
		p.known(w, w.Pos, "Cond", "Body")
		p.tok("while")
		p.space()
		p.expr(w.Cond)
		p.block(w.Body)
	case s.Referee != nil:
		w := s.Referee
		p.known(w, w.Pos, "Body")
		p.tok("as")
		p.space()
		p.tok("referee")
		p.block(w.Body)
	case s.Assign != nil:
		a := s.Assign
		p.known(a, a.Pos, "Target", "Op", "Value")
		p.path(a.Target)
		p.space()
		p.tok(a.Op)
		p.space()
		p.expr(a.Value)
	default:
		p.fail(s.Pos, "a statement the formatter does not know")
	}
}

func (p *formatter) name(n *syntax.Name) {
	p.known(n, n.Pos, "Text")
	p.tok(n.Text)
}

func (p *formatter) path(pt *syntax.Path) {
	p.known(pt, pt.Pos, "Parts")
	for i, n := range pt.Parts {
		if i > 0 {
			p.tok(".")
		}
		p.name(n)
	}
}

func (p *formatter) ifStmt(s *syntax.IfStmt) {
	p.known(s, s.Pos, "Cond", "Then", "Else")
	p.tok("if")
	p.space()
	p.expr(s.Cond)
	p.block(s.Then)
	if s.Else == nil {
		return
	}
	p.known(s.Else, s.Pos, "If", "Block")
	p.space()
	p.tok("else")
	switch {
	case s.Else.If != nil:
		p.space()
		p.ifStmt(s.Else.If)
	case s.Else.Block != nil:
		p.block(s.Else.Block)
	default:
		p.fail(s.Pos, "an else the formatter does not know")
	}
}

func (p *formatter) forStmt(s *syntax.ForStmt) {
	p.known(s, s.Pos, "Var", "List", "Clock", "Keys", "Simultaneous", "Body")
	p.tok("for")
	p.space()
	p.name(s.Var)
	p.space()
	p.tok("in")
	p.space()
	p.expr(&s.List.Expr)
	p.clock(s.Clock) // format_timed.go
	p.orderKeys(s.Keys)
	if s.Simultaneous {
		p.space()
		p.tok("simultaneous")
	}
	p.block(s.Body)
}

// groupStmt lays out "for group G of X in LIST by KEYS { BODY }".
func (p *formatter) groupStmt(s *syntax.GroupStmt) {
	p.known(s, s.Pos, "Group", "Var", "List", "Keys", "Body")
	p.tok("for")
	p.space()
	p.tok("group")
	p.space()
	p.name(s.Group)
	p.space()
	p.tok("of")
	p.space()
	p.name(s.Var)
	p.space()
	p.tok("in")
	p.space()
	p.expr(s.List)
	p.orderKeys(s.Keys)
	p.block(s.Body)
}

// orderKeys lays out " by KEY [desc], ..." of a loop (nothing without keys).
func (p *formatter) orderKeys(keys []*syntax.OrderKey) {
	for i, k := range keys {
		p.known(k, k.Pos, "Label", "Key", "Dir")
		if i == 0 {
			p.space()
			p.tok("by")
		} else {
			p.tok(",")
		}
		p.space()
		if k.Label != nil {
			p.tokType(syntax.TokString, "a string")
			p.space()
		}
		p.expr(k.Key)
		if k.Dir != "" {
			p.space()
			p.tok(k.Dir)
		}
	}
}

func (p *formatter) phase(ph *syntax.PhaseDecl) {
	p.known(ph, ph.Pos, "Name", "Once", "Each", "AtEnd", "Place", "Anchor", "Body")
	p.tok("phase")
	p.space()
	p.tok(ph.Name)
	p.space()
	switch {
	case ph.Once:
		p.tok("once")
	case ph.Each != "":
		p.tok("each")
		p.space()
		p.tok(ph.Each)
	case ph.AtEnd:
		p.tok("at")
		p.space()
		p.tok("end")
	default:
		p.fail(ph.Pos, "a phase schedule the formatter does not know")
	}
	if ph.Place != "" {
		p.space()
		p.tok(ph.Place)
		p.space()
		p.tok(ph.Anchor)
	}
	p.block(ph.Body)
}

// simpleNumber: the expression is a number, perhaps negative.
func simpleNumber(e *syntax.Expr) bool {
	if e == nil {
		return false
	}
	ts := e.Tokens
	if len(ts) == 2 && syntax.IsPunct(ts[0], "-") {
		ts = ts[1:]
	}
	return len(ts) == 1 && ts[0].Type == syntax.TokNumber
}

func (p *formatter) table(t *syntax.TableDecl) {
	p.known(t, t.Pos, "Name", "Params", "Dice", "TBA", "Rows")
	p.tok("table")
	p.space()
	p.tok(t.Name)
	if p.peekIs("(") {
		p.params(t.Params)
	}
	if t.Dice != nil {
		p.known(t.Dice, t.Dice.Pos, "Text")
		p.space()
		p.tokType(syntax.TokDice, "dice")
	}
	if t.TBA {
		p.space()
		p.tok("tba")
	}
	p.space()
	p.openBlock()
	hasLabel, numeric := false, false
	for _, r := range t.Rows {
		if r.Label != nil {
			hasLabel = true
		}
		if r.Value != nil {
			numeric = true
		}
	}
	for _, r := range t.Rows {
		if r.Value != nil && !simpleNumber(r.Value) {
			numeric = false
		}
	}
	g := &alignGroup{gap: 2, firstGap: 1, right: map[int]bool{}}
	valueCol := 1
	if hasLabel {
		valueCol = 2
	}
	g.right[valueCol] = numeric
	for _, r := range t.Rows {
		p.known(r, r.Pos, "Keys", "Label", "Value", "Effect")
		p.line()
		for i, k := range r.Keys {
			if i > 0 {
				p.tok(",")
				p.space()
			}
			p.key(k)
			if i == 0 {
				p.cur.group = g
			}
		}
		p.tok(":")
		if hasLabel {
			p.cell()
			if r.Label != nil {
				p.tokType(syntax.TokString, "a string")
			}
		}
		if r.Value != nil {
			p.cell()
			p.expr(r.Value)
		}
		if r.Effect != nil {
			p.space()
			p.tok("effect")
			p.block(r.Effect)
		}
	}
	p.closeBlock()
}

func (p *formatter) key(k *syntax.Key) {
	p.known(k, k.Pos, "Range", "String", "Any")
	switch {
	case k.Range != nil:
		r := k.Range
		p.known(r, r.Pos, "Lo", "Plus", "Hi")
		p.number(r.Lo)
		switch {
		case r.Plus:
			p.tok("+")
		case r.Hi != nil:
			p.tok("-")
			p.number(r.Hi)
		}
	case k.String != nil:
		p.tokType(syntax.TokString, "a string")
	case k.Any:
		p.tok("_")
	default:
		p.fail(k.Pos, "a table key the formatter does not know")
	}
}

func (p *formatter) modifiers(m *syntax.ModifiersDecl) {
	p.known(m, m.Pos, "Name", "Params", "Over", "Aggregate", "Rows")
	p.tok("modifiers")
	p.space()
	p.tok(m.Name)
	p.params(m.Params)
	if m.Over != nil {
		p.known(m.Over, m.Over.Pos, "List", "Var")
		p.space()
		p.tok("over")
		p.space()
		p.expr(m.Over.List)
		p.space()
		p.tok("as")
		p.space()
		p.tok(m.Over.Var)
	}
	if m.Aggregate != "" {
		p.space()
		p.tok("aggregate")
		p.space()
		p.tok(m.Aggregate)
	}
	p.space()
	p.openBlock()
	numeric := len(m.Rows) > 0
	for _, r := range m.Rows {
		if !simpleNumber(r.Value) {
			numeric = false
		}
	}
	g := &alignGroup{gap: 2, right: map[int]bool{1: numeric}}
	for _, r := range m.Rows {
		p.known(r, r.Pos, "Label", "Value", "When")
		p.line()
		p.tokType(syntax.TokString, "a string")
		p.cur.group = g
		p.cell()
		p.expr(r.Value)
		if r.When != nil {
			p.cell()
			p.tok("when")
			p.space()
			p.expr(r.When)
		}
	}
	p.closeBlock()
}

func (p *formatter) side(s *syntax.SideDecl) {
	p.known(s, s.Pos, "Name", "Items")
	p.tok("side")
	p.space()
	p.tok(s.Name)
	p.space()
	p.openBlock()
	var g *alignGroup
	for i, it := range s.Items {
		p.known(it, s.Pos, "Combatant", "Set")
		switch {
		case it.Combatant != nil:
			c := it.Combatant
			if !p.combatantOneLine(c) {
				g = nil
				p.line()
				p.combatant(c, nil)
				continue
			}
			if g != nil {
				if hc, hb := p.gap(c.Pos.Offset); hc || hb {
					g = nil
				}
			}
			if g == nil {
				g = &alignGroup{gap: 1, right: map[int]bool{}}
			}
			p.line()
			p.combatant(c, g)
		case it.Set != nil:
			g = nil
			var prev *syntax.Setting
			if i > 0 {
				prev = s.Items[i-1].Set
			}
			p.setting(it.Set, prev)
		default:
			p.fail(s.Pos, "a side item the formatter does not know")
		}
	}
	p.closeBlock()
}

// combatantOneLine: the combatant was written on one line and fits on one.
func (p *formatter) combatantOneLine(c *syntax.CombatantDecl) bool {
	j := p.index(c.Pos.Offset)
	// "combatant" NAME then "{" ... "}"
	if j+2 >= len(p.toks) || !syntax.IsPunct(p.toks[j+2], "{") {
		return false
	}
	k := j + 3
	for k < len(p.toks) && !syntax.IsPunct(p.toks[k], "}") {
		if p.toks[k].Type == syntax.TokComment || p.toks[k].Type == syntax.TokEOF {
			return false
		}
		k++
	}
	if k >= len(p.toks) || p.toks[k].Pos.Line != c.Pos.Line {
		return false
	}
	w := p.indent + len("combatant ") + len([]rune(c.Name)) + len(" { ") + len(" }")
	for i, s := range c.Sets {
		if i > 0 {
			w += 2
		}
		w += len([]rune(s.Name)) + 3 + len([]rune(p.valueText(s.Value)))
	}
	return w <= oneLineMax
}

// combatant prints a combatant, on one line when g is not nil.
func (p *formatter) combatant(c *syntax.CombatantDecl, g *alignGroup) {
	p.known(c, c.Pos, "Name", "Sets")
	p.tok("combatant")
	p.space()
	p.tok(c.Name)
	if !p.peekIs("{") {
		return
	}
	if g != nil {
		p.cur.group = g
		p.cell()
		p.tok("{")
		for i, s := range c.Sets {
			p.known(s, s.Pos, "Name", "Value")
			if i > 0 {
				p.synth(";")
			}
			p.space()
			p.tok(s.Name)
			p.space()
			p.tok("=")
			p.space()
			p.value(s.Value)
			if p.peekIs(";") {
				p.skip(";")
			}
		}
		if len(c.Sets) > 0 {
			p.space()
		}
		p.tok("}")
		return
	}
	p.space()
	if len(c.Sets) == 0 && p.emptyOneLine() {
		p.tok("{")
		p.tok("}")
		return
	}
	p.openBlock()
	for i, s := range c.Sets {
		var prev *syntax.Setting
		if i > 0 {
			prev = c.Sets[i-1]
		}
		p.setting(s, prev)
	}
	p.closeBlock()
}

// setting prints "name = value" on a new line, or after prev's "; " when
// the source had them on one line and the line fits.
func (p *formatter) setting(s *syntax.Setting, prev *syntax.Setting) {
	p.known(s, s.Pos, "Name", "Value")
	w := len([]rune(s.Name)) + 3 + len([]rune(p.valueText(s.Value)))
	if prev != nil && p.cur != nil && !p.mustBreak && prev.Pos.Line == s.Pos.Line && p.column()+2+w <= oneLineMax {
		if c, _ := p.gap(s.Pos.Offset); !c {
			p.synth(";")
			p.space()
		} else {
			p.line()
		}
	} else {
		p.line()
	}
	p.tok(s.Name)
	p.space()
	p.tok("=")
	p.space()
	p.value(s.Value)
	if p.peekIs(";") {
		p.skip(";")
	}
}

func (p *formatter) script(s *syntax.ScriptDecl) {
	p.known(s, s.Pos, "Surprise", "Round", "Lines")
	if s.Surprise {
		p.tok("surprise")
	} else {
		p.tok("round")
		p.space()
		p.number(s.Round)
	}
	p.space()
	p.openBlock()
	for _, l := range s.Lines {
		p.known(l, l.Pos, "Who", "Choice", "Hold", "Action", "Args", "Then")
		p.line()
		p.tok(l.Who)
		if l.Choice != nil { // format_slots.go
			p.chooses(l.Choice)
		} else {
			p.tok(":")
			p.space()
			p.scriptStep(l.Hold, l.Action, l.Args)
			for _, st := range l.Then {
				p.known(st, st.Pos, "Hold", "Action", "Args")
				p.space()
				p.tok("then")
				p.space()
				p.scriptStep(st.Hold, st.Action, st.Args)
			}
		}
		if p.peekIs(";") {
			p.skip(";")
		}
	}
	p.closeBlock()
}

func (p *formatter) ruling(r *syntax.RulingDecl) {
	p.known(r, r.Pos, "Text", "Sets")
	p.tok("ruling")
	p.space()
	p.tokType(syntax.TokString, "a string")
	p.space()
	p.openBlock()
	for i, s := range r.Sets {
		p.known(s, s.Pos, "Path", "Value")
		w := len([]rune(p.pathText(s.Path))) + 3 + len([]rune(p.valueText(s.Value)))
		joined := false
		if i > 0 && p.cur != nil && !p.mustBreak && r.Sets[i-1].Pos.Line == s.Pos.Line && p.column()+2+w <= oneLineMax {
			if c, _ := p.gap(s.Pos.Offset); !c {
				p.synth(";")
				p.space()
				joined = true
			}
		}
		if !joined {
			p.line()
		}
		p.path(s.Path)
		p.space()
		p.tok("=")
		p.space()
		p.value(s.Value)
		if p.peekIs(";") {
			p.skip(";")
		}
	}
	p.closeBlock()
}

func (p *formatter) pathText(pt *syntax.Path) string {
	parts := make([]string, len(pt.Parts))
	for i, n := range pt.Parts {
		parts[i] = n.Text
	}
	return strings.Join(parts, ".")
}

// mapDecl prints a map: one row per line, as written, then the legend,
// one symbol per line.
func (p *formatter) mapDecl(m *syntax.MapDecl) {
	p.known(m, m.Pos, "Rows", "Legend")
	p.tok("map")
	p.space()
	p.openBlock()
	for _, r := range m.Rows {
		p.known(r, r.Pos, "Text")
		p.line()
		p.tokType(syntax.TokString, "a map row")
	}
	for _, k := range m.Legend {
		p.known(k, k.Pos, "Symbol", "Who")
		p.line()
		p.tok(k.Symbol)
		p.tok(":")
		p.space()
		p.name(k.Who)
		if p.peekIs(";") {
			p.skip(";")
		}
	}
	p.closeBlock()
}

// args prints a call's or an emit's arguments: (a, b, c).
func (p *formatter) args(args []*syntax.Expr) {
	p.tok("(")
	for i, a := range args {
		if i > 0 {
			p.tok(",")
			p.space()
		}
		p.expr(a)
	}
	p.tok(")")
}
