package format

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// The formatter's writer. The printer in format.go walks the syntax tree
// and, for every token of the source in order, says what goes before it:
// nothing, a space, or a new line. The writer consumes the source's tokens
// as the printer names them (so a token the printer does not know about is
// an error, never silently dropped), copies each token's text verbatim
// (but for control characters in strings and comments: format_escape.go),
// and places the comments it meets on the way. Lines are collected with
// their indentation, optional alignment cells and trailing comment, and
// laid out at the end.

// Separators before a token.
const (
	sepNone  = iota // glued, unless gluing would change the tokens
	sepSpace        // one space
	sepLine         // a new line at the block's indentation (an item)
	sepDecl         // a new line for a top-level declaration
	sepBreak        // a line break kept from the source, continuation indent
)

// What a new item line may have above it.
const (
	blankNone     = iota // never a blank line (first line in a block, "}")
	blankPreserve        // one blank line if the source had one or more
	blankForce           // exactly one blank line
)

const (
	// trailingGap is the least number of spaces before a trailing comment.
	trailingGap = 3
	// headerWrap is the column a header field's values wrap at.
	headerWrap = 80
	// oneLineMax is the widest a one-line combatant or a line of settings may be.
	oneLineMax = 100
)

type fmtLine struct {
	indent      int
	cells       [][]byte // appended to a token at a time: a string would be copied each time, quadratic in a long line
	group       *alignGroup
	comment     string // trailing comment
	commentPad  int    // spaces before the trailing comment
	blank       bool
	commentOnly bool
	text        string      // laid out
	first       lexer.Token // the source's token the line starts with (a limit's error is placed there)
}

// alignGroup is a set of lines whose cells line up: the rows of a table,
// the rows of a modifiers block, a run of one-line combatants.
type alignGroup struct {
	gap      int          // spaces between columns
	firstGap int          // spaces after the first column, if not gap
	right    map[int]bool // columns aligned to the right (numbers)
}

// fmtError is a formatter failure, raised with panic and recovered by Format.
type fmtError struct {
	pos   lexer.Position
	msg   string
	limit *diag.Diagnostic // the layout would pass the caller's size limit: a finding, not a fault of the formatter
}

func (e *fmtError) Error() string {
	if e.pos.Line == 0 {
		return "fray fmt: " + e.msg
	}
	return fmt.Sprintf("%s:%d:%d: fray fmt: %s", e.pos.Filename, e.pos.Line, e.pos.Column, e.msg)
}

// LimitDiagnostic is the finding of a layout past FormatWithin's limit
// (F501 at the line that passes it, naming --max-file-size), or nil if
// err is another error.
func LimitDiagnostic(err error) *diag.Diagnostic {
	var fe *fmtError
	if errors.As(err, &fe) {
		return fe.limit
	}
	return nil
}

type formatter struct {
	maxSize int // the output's limit in bytes (--max-file-size)

	src  string
	toks []lexer.Token // every token, comments included, EOF last
	i    int           // the next token to consume

	lines []*fmtLine
	cur   *fmtLine // the line being written; nil at the start of a line

	indent     int // indentation of items at the current block level
	itemIndent int // indentation of the line the current item started on
	depth      int // brackets open since the current item started
	cont       int // continuation indentation override, or -1

	inExpr    bool // the tokens written are an expression's (format_escape.go)
	pending   int  // separator before the next token
	nextBlank int  // what the next item line may have above it
	mustBreak bool // a comment ended the line: the next token starts a new one

	prevEnd int          // offset just after the last token or comment consumed
	outLine int          // source line of the last token written
	lastOut *lexer.Token // the last token written
}

func (p *formatter) fail(pos lexer.Position, format string, args ...any) {
	panic(&fmtError{pos: pos, msg: fmt.Sprintf(format, args...)})
}

// known fails unless every field of the node that is set is one the
// printer handles: a node type grown after the printer was written must
// not lose text.
func (p *formatter) known(node any, pos lexer.Position, fields ...string) {
	v := reflect.ValueOf(node)
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return
		}
		v = v.Elem()
	}
	t := v.Type()
next:
	for i := 0; i < t.NumField(); i++ {
		// Unexported fields are made from the exported ones (an
		// expression's layout from its tokens): nothing of the text.
		name := t.Field(i).Name
		if name == "Pos" || name == "EndPos" || !t.Field(i).IsExported() || v.Field(i).IsZero() {
			continue
		}
		for _, f := range fields {
			if f == name {
				continue next
			}
		}
		p.fail(pos, "%s.%s is set but the formatter does not know how to print it", t.Name(), name)
	}
}

// peek is the next token that is not a comment.
func (p *formatter) peek() lexer.Token {
	for j := p.i; j < len(p.toks); j++ {
		if p.toks[j].Type != syntax.TokComment {
			return p.toks[j]
		}
	}
	return p.toks[len(p.toks)-1]
}

func (p *formatter) peekIs(v string) bool {
	t := p.peek()
	return t.Type != syntax.TokEOF && t.Type != syntax.TokString && t.Value == v
}

// tok writes the next token, which must read v.
func (p *formatter) tok(v string) {
	t := p.peek()
	if t.Type == syntax.TokEOF || t.Type == syntax.TokString || t.Value != v {
		p.fail(t.Pos, "expected %q, found %s", v, describeTok(t))
	}
	p.emit()
}

// tokType writes the next token, which must be of type typ.
func (p *formatter) tokType(typ lexer.TokenType, what string) {
	t := p.peek()
	if t.Type != typ {
		p.fail(t.Pos, "expected %s, found %s", what, describeTok(t))
	}
	p.emit()
}

// tokAt writes the next token, which must be t itself.
func (p *formatter) tokAt(t lexer.Token) {
	n := p.peek()
	if n.Pos.Offset != t.Pos.Offset || n.Value != t.Value {
		p.fail(n.Pos, "expected %s, found %s", describeTok(t), describeTok(n))
	}
	p.emit()
}

// skip consumes the next token, which must read v, without writing it;
// the comments before it are placed as usual.
func (p *formatter) skip(v string) {
	p.flushComments()
	t := p.toks[p.i]
	if t.Type == syntax.TokEOF || t.Value != v {
		p.fail(t.Pos, "expected %q, found %s", v, describeTok(t))
	}
	p.consume(t)
}

func describeTok(t lexer.Token) string {
	if t.Type == syntax.TokEOF {
		return "the end of the file"
	}
	return fmt.Sprintf("%q", t.Value)
}

func (p *formatter) consume(t lexer.Token) {
	p.i++
	p.prevEnd = t.Pos.Offset + len(t.Value)
}

func (p *formatter) space() { p.pending = sepSpace }
func (p *formatter) line()  { p.pending = sepLine }

// pad writes n spaces into the current cell.
func (p *formatter) pad(n int) {
	if p.cur != nil && n > 0 {
		p.write(strings.Repeat(" ", n))
	}
}

// cell starts a new alignment cell on the current line.
func (p *formatter) cell() {
	if p.cur != nil {
		p.cur.cells = append(p.cur.cells, nil)
	}
}

// synth writes text that is not in the source (a ";" between settings).
func (p *formatter) synth(text string) {
	if p.cur == nil || p.mustBreak {
		p.fail(lexer.Position{}, "cannot write %q at the start of a line", text)
	}
	p.write(text)
	p.lastOut = &lexer.Token{Type: syntax.TokPunct, Value: text}
}

// column is the width of the current line so far.
func (p *formatter) column() int {
	if p.cur == nil {
		return 0
	}
	n := p.cur.indent
	for _, c := range p.cur.cells {
		n += utf8.RuneCount(c)
	}
	return n
}

// write appends text to the current cell.
func (p *formatter) write(text string) {
	last := len(p.cur.cells) - 1
	p.cur.cells[last] = append(p.cur.cells[last], text...)
}

// flushComments places the comments before the next token: on the line of
// the token they follow when they were there in the source, else on lines
// of their own at the indentation of what comes next.
func (p *formatter) flushComments() {
	for p.i < len(p.toks) && p.toks[p.i].Type == syntax.TokComment {
		c := p.toks[p.i]
		if p.cur != nil && c.Pos.Line == p.outLine {
			p.cur.comment = tokenText(c, false)
		} else {
			indent := p.indent
			if p.pending != sepLine && p.pending != sepDecl {
				indent = p.contIndent(p.peek())
			}
			p.newLine(indent, c, p.pending == sepLine || p.pending == sepDecl)
			p.cur.cells[0] = []byte(tokenText(c, false))
			p.cur.commentOnly = true
		}
		p.mustBreak = true
		p.consume(c)
	}
}

// trimComment drops the spaces a comment ends with.
func trimComment(s string) string { return strings.TrimRight(s, " \t\f\r") }

// newLine starts a line; item lines may get a blank line above them.
func (p *formatter) newLine(indent int, at lexer.Token, item bool) {
	if item && len(p.lines) > 0 {
		blank := false
		switch p.nextBlank {
		case blankForce:
			blank = true
		case blankPreserve:
			blank = strings.Count(p.src[p.prevEnd:at.Pos.Offset], "\n") >= 2
		}
		if blank {
			p.lines = append(p.lines, &fmtLine{blank: true})
		}
		p.nextBlank = blankPreserve
	}
	p.cur = &fmtLine{indent: indent, cells: [][]byte{nil}, first: at}
	p.lines = append(p.lines, p.cur)
	p.mustBreak = false
}

// contIndent is the indentation of a continuation line starting with t:
// two spaces per bracket open since the item started; four outside
// brackets (so that the continuation of "if a &&" stands apart from the
// block's statements); none for a closing bracket that returns to the
// item's level.
func (p *formatter) contIndent(t lexer.Token) int {
	if p.cont >= 0 {
		return p.cont
	}
	if t.Type == syntax.TokIdent && t.Value == "else" {
		return p.itemIndent
	}
	d := p.depth
	closer := t.Type == syntax.TokPunct && (t.Value == ")" || t.Value == "]" || t.Value == "}")
	if closer {
		d--
	}
	if d <= 0 {
		if closer {
			return p.itemIndent
		}
		d = 2
	}
	return p.itemIndent + 2*d
}

// emit writes the next token with the pending separator.
func (p *formatter) emit() {
	p.flushComments()
	t := p.toks[p.i]
	switch {
	case p.pending == sepLine || p.pending == sepDecl:
		p.newLine(p.indent, t, true)
		p.itemIndent = p.indent
		p.depth = 0
	case p.cur == nil || p.mustBreak || p.pending == sepBreak:
		p.newLine(p.contIndent(t), t, false)
	case p.pending == sepSpace:
		if !p.endsInSpace() {
			p.write(" ")
		}
	default:
		if !p.endsInSpace() && p.lastOut != nil && !joinSafe(*p.lastOut, t) {
			p.write(" ")
		}
	}
	p.write(tokenText(t, p.inExpr))
	if t.Type == syntax.TokPunct {
		switch t.Value {
		case "(", "[", "{":
			p.depth++
		case ")", "]", "}":
			if p.depth > 0 {
				p.depth--
			}
		}
	}
	p.pending = sepNone
	tt := t
	p.lastOut = &tt
	p.outLine = t.Pos.Line
	p.consume(t)
}

// endsInSpace: nothing needs to separate the next token from the last one,
// because the line is empty, ends in a space, or a new cell (padded) starts.
func (p *formatter) endsInSpace() bool {
	c := p.cur.cells[len(p.cur.cells)-1]
	return len(c) == 0 || c[len(c)-1] == ' '
}

// joinSafe reports whether a and b written with nothing between them lex
// back as the same two tokens. "#" is lexed as inside brackets, the only
// place it is a token.
func joinSafe(a, b lexer.Token) bool {
	toks, err := syntax.Tokenize("", "("+a.Value+b.Value)
	if err != nil || len(toks) != 4 {
		return false
	}
	return toks[1].Type == a.Type && toks[1].Value == a.Value && toks[2].Type == b.Type && toks[2].Value == b.Value
}

// finish checks that every token was written and lays the lines out.
func (p *formatter) finish() []byte {
	p.pending = sepLine
	p.nextBlank = blankPreserve
	p.flushComments()
	if t := p.toks[p.i]; t.Type != syntax.TokEOF {
		p.fail(t.Pos, "the formatter did not print %s", describeTok(t))
	}
	// Cells of aligned groups.
	widths := map[*alignGroup][]int{}
	for _, l := range p.lines {
		if l.group == nil {
			continue
		}
		w := widths[l.group]
		cells := trimCells(l.cells)
		for i, c := range cells {
			if i == len(cells)-1 && !l.group.right[i] {
				break
			}
			for len(w) <= i {
				w = append(w, 0)
			}
			if n := utf8.RuneCount(c); n > w[i] {
				w[i] = n
			}
		}
		widths[l.group] = w
	}
	built := 0 // the bytes of the aligned rows laid out so far
	for _, l := range p.lines {
		if l.blank {
			continue
		}
		if l.group == nil {
			// A row a comment broke: its cells are separated by a space.
			var parts []string
			for _, c := range l.cells {
				if len(c) > 0 {
					parts = append(parts, string(c))
				}
			}
			l.text = strings.Join(parts, " ")
			continue
		}
		w := widths[l.group]
		cells := trimCells(l.cells)
		// A row is padded to the widest cell of its table: one wide row
		// among 240 000 made each row 20 KB, gigabytes before the output
		// was measured. The rows' sizes are counted before they are made.
		n := 0
		for i, c := range cells {
			before, after := l.group.pads(w, cells, i)
			n += before + len(c) + after
		}
		if built += n; p.maxSize > 0 && built > p.maxSize {
			p.pastLimit(l)
		}
		var b strings.Builder
		b.Grow(n)
		for i, c := range cells {
			before, after := l.group.pads(w, cells, i)
			b.WriteString(strings.Repeat(" ", before))
			b.Write(c)
			b.WriteString(strings.Repeat(" ", after))
		}
		l.text = b.String()
	}
	for _, l := range p.lines {
		l.text = strings.TrimRight(l.text, " ")
	}
	p.alignComments()
	var out strings.Builder
	size := 0 // the output's bytes so far, leading empty lines left out as they are below
	for _, l := range p.lines {
		// The indentation is the one part of a line the source need not
		// have: a file nested deep grows many times over (3.5 MB of
		// statements 97 blocks deep were laid out as 100 MB, and checking
		// that output, a parse, took minutes and gigabytes). Past the
		// size a file may have, fray could not read the output back.
		if n := l.size(); n > 0 || size > 0 {
			size += n + 1
		}
		if p.maxSize > 0 && size > p.maxSize {
			p.pastLimit(l)
		}
		if !l.blank && (l.text != "" || l.comment != "") {
			out.WriteString(strings.Repeat(" ", l.indent))
			out.WriteString(l.text)
			if l.comment != "" {
				if l.text != "" {
					out.WriteString(strings.Repeat(" ", l.commentPad))
				}
				out.WriteString(l.comment)
			}
		}
		out.WriteByte('\n')
	}
	s := strings.TrimLeft(out.String(), "\n")
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	return []byte(s + "\n")
}

// pastLimit fails the layout at line l, the first its output is known
// to pass the caller's limit at.
func (p *formatter) pastLimit(l *fmtLine) {
	d := syntax.LimitDiag(syntax.RangeAt(l.first.Pos, l.first.Value), "the formatted file's size", p.maxSize, "--max-file-size")
	d.Summary += " (fray could not read it back)"
	panic(&fmtError{pos: l.first.Pos, msg: d.Summary + "; " + d.Detail, limit: d})
}

// pads are the spaces before and after cell i of an aligned row, whose
// group's columns are w wide.
func (g *alignGroup) pads(w []int, cells [][]byte, i int) (before, after int) {
	n := utf8.RuneCount(cells[i])
	if g.right[i] && i < len(w) {
		before = w[i] - n
	}
	if i < len(cells)-1 {
		after = g.gap
		if i == 0 && g.firstGap > 0 {
			after = g.firstGap
		}
		if !g.right[i] && i < len(w) {
			after += w[i] - n
		}
	}
	return before, after
}

// size is the bytes the laid-out line takes before its line end.
func (l *fmtLine) size() int {
	if l.blank || l.text == "" && l.comment == "" {
		return 0
	}
	n := l.indent + len(l.text)
	if l.comment != "" {
		if l.text != "" {
			n += l.commentPad
		}
		n += len(l.comment)
	}
	return n
}

// trimCells drops trailing empty cells.
func trimCells(cells [][]byte) [][]byte {
	for len(cells) > 1 && len(cells[len(cells)-1]) == 0 {
		cells = cells[:len(cells)-1]
	}
	return cells
}

// alignComments lines up trailing comments in runs of consecutive lines of
// the same indentation with no blank or comment-only line between them.
func (p *formatter) alignComments() {
	for i := 0; i < len(p.lines); {
		j := i + 1
		if !p.lines[i].blank && !p.lines[i].commentOnly {
			for j < len(p.lines) && !p.lines[j].blank && !p.lines[j].commentOnly && p.lines[j].indent == p.lines[i].indent {
				j++
			}
		}
		width := 0
		for _, l := range p.lines[i:j] {
			if l.comment != "" {
				if n := utf8.RuneCountInString(l.text); n > width {
					width = n
				}
			}
		}
		for _, l := range p.lines[i:j] {
			if l.comment != "" {
				l.commentPad = width - utf8.RuneCountInString(l.text) + trailingGap
			}
		}
		i = j
	}
}
