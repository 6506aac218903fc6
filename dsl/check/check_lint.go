package check

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// lintRuleset adds the warnings that go beyond correctness: orders that
// can leave ties to chance, attributes nothing uses, phases that never
// run. It runs after the checker has resolved everything.
func (c *checker) lintRuleset() {
	used := c.usedNames()
	for _, list := range [][]*Attr{c.u.SideAttrs, c.u.CombatantAttrs} {
		for _, a := range list {
			if a.Decl != nil && !used[a.Name] && a.Type.Kind != KAny {
				c.unusedName(a.Name, c.warnf(diag.CodeUnusedDecl, syntax.RangeOf(a.Decl.Pos, a.Decl.EndPos), "read or set it in a rule, or remove it", "attribute %s is never used", a.Name))
			}
		}
	}
	for _, d := range c.f.Decls {
		if d.Phase != nil && len(d.Phase.Body.Stmts) == 0 {
			c.warnf(diag.CodeNeverRuns, syntax.RangeAt(d.Phase.Pos, "phase "+d.Phase.Name), "give it statements, or remove it", "phase %s does nothing", d.Phase.Name)
		}
	}
	if c.m.End != nil && len(c.m.End.Expr.Tokens) == 1 {
		switch c.m.End.Expr.Tokens[0].Value {
		case "true":
			c.warnf(diag.CodeNeverRuns, syntax.RangeOf(c.m.End.Expr.Pos, c.m.End.Expr.EndPos), "the fight ends before its first round; name a real condition", "no round phase can ever run")
		case "false":
			c.warnf(diag.CodeNeverRuns, syntax.RangeOf(c.m.End.Expr.Pos, c.m.End.Expr.EndPos), "only the round limit will stop the fight", "the fight never ends by itself, so at-end phases never run")
		}
	}
	c.walkFor(func(f *syntax.ForStmt) {
		// Names of combatants and sides are unique, so a key on the loop
		// variable's own name settles every tie.
		settled := false
		for _, k := range f.Keys {
			raw := strings.ReplaceAll(k.Key.Raw(), " ", "")
			settled = settled || raw == f.Var.Text+".name"
		}
		if o := c.m.OrderUses[f]; o != nil {
			settled = o.SettledByName() // check_order.go
		}
		if len(f.Keys) > 0 && !f.Simultaneous && !settled {
			last := f.Keys[len(f.Keys)-1].Key
			hint := "add simultaneous for ties, or a last key that cannot tie, such as " + f.Var.Text + ".name"
			if o := c.m.OrderUses[f]; o != nil && o.A != nil { // v2 (part B): a pairwise order
				hint = fmt.Sprintf("add simultaneous for ties, or a last rule of order %s that decides every pair", o.Name)
				if k := o.A.Type.Kind; k == KCombatant || k == KSide {
					hint = fmt.Sprintf("add simultaneous for ties, or a last rule of order %s that cannot tie, such as \"by name\": %s.name < %s.name", o.Name, o.A.Name, o.B.Name)
				}
			}
			c.warnf(diag.CodeUndecidedOrder, syntax.RangeOf(f.Keys[0].Pos, last.EndPos), hint, "ties in this order fall to list order")
		}
	})
}

// walkFor visits every for statement of the file's bodies.
func (c *checker) walkFor(visit func(*syntax.ForStmt)) {
	var block func(b *syntax.Block)
	var stmt func(s *syntax.Stmt)
	block = func(b *syntax.Block) {
		if b == nil {
			return
		}
		for _, s := range b.Stmts {
			stmt(s)
		}
	}
	stmt = func(s *syntax.Stmt) {
		switch {
		case s.For != nil:
			visit(s.For)
			block(s.For.Body)
		case s.If != nil:
			for is := s.If; is != nil; {
				block(is.Then)
				if is.Else == nil {
					break
				}
				block(is.Else.Block)
				is = is.Else.If
			}
		case s.Schedule != nil:
			block(s.Schedule.Body)
		case s.Segment != nil:
			block(s.Segment.Body)
		case s.While != nil:
			block(s.While.Body)
		case s.Referee != nil:
			block(s.Referee.Body)
		case s.Group != nil:
			block(s.Group.Body)
		}
	}
	for _, d := range c.f.Decls {
		switch {
		case d.Phase != nil:
			block(d.Phase.Body)
		case d.Action != nil:
			block(d.Action.Body)
		case d.Handler != nil:
			block(d.Handler.Body)
		case d.Table != nil:
			for _, r := range d.Table.Rows {
				block(r.Effect)
			}
		}
	}
}

var (
	reAverage = regexp.MustCompile(`(?i)\b(?:average|avg|mean)\s*(?:of\s*|=\s*|:\s*)?(-?\d+(?:\.\d+)?)`)
	reRange   = regexp.MustCompile(`(?i)\brange\s*(?:of\s*|=\s*|:\s*)?(-?\d+)\s*(?:-|–|to)\s*(-?\d+)`)
)

// checkDiceClaims compares what a comment says of the dice written on its
// line ("5d8+15 # average 41") with what those dice can give.
func (c *checker) checkDiceClaims() {
	for _, name := range sortedKeys(c.f.Sources) {
		toks, err := c.f.TokensOf(name)
		if err != nil {
			continue
		}
		for i, t := range toks {
			if t.Type != syntax.TokComment {
				continue
			}
			d, at, ok := diceBefore(toks, i)
			if !ok {
				continue
			}
			text := t.Value
			if m := reAverage.FindStringSubmatch(text); m != nil {
				claim, _ := strconv.ParseFloat(m[1], 64)
				mean, ok := d.Mean() // exact for notation too (4d6kh3 averages 12.24)
				if ok && math.Abs(claim-mean) >= 1 {
					c.errorf(diag.CodeDiceClaim, at, fmt.Sprintf("%s averages %s; correct the comment or the dice", d, trimFloat(mean)),
						"the comment claims an average of %s, but %s averages %s", m[1], d, trimFloat(mean))
				}
			}
			if m := reRange.FindStringSubmatch(text); m != nil {
				lo, _ := strconv.Atoi(m[1])
				hi, _ := strconv.Atoi(m[2])
				if lo != d.Min() || hi != d.Max() {
					c.errorf(diag.CodeDiceClaim, at, fmt.Sprintf("%s gives %d to %d", d, d.Min(), d.Max()),
						"the comment claims a range of %d-%d, but %s gives %d-%d", lo, hi, d, d.Min(), d.Max())
				}
			}
		}
	}
}

// diceBefore finds the last dice expression (dice, optionally + or - a
// number) on the comment's line.
func diceBefore(toks []lexer.Token, i int) (stdlib.Dice, diag.Range, bool) {
	line := toks[i].Pos.Line
	for j := i - 1; j >= 0 && toks[j].Pos.Line == line; j-- {
		if toks[j].Type != syntax.TokDice {
			continue
		}
		text := toks[j].Value
		end := j
		if j+2 < i && (toks[j+1].Value == "+" || toks[j+1].Value == "-") && toks[j+2].Type == syntax.TokNumber && toks[j+2].Pos.Line == line {
			text += toks[j+1].Value + toks[j+2].Value
			end = j + 2
		}
		d, err := stdlib.ParseDice(text)
		if err != nil {
			return d, diag.Range{}, false
		}
		return d, syntax.RangeOf(toks[j].Pos, syntax.TokenEnd(toks[end])), true
	}
	return stdlib.Dice{}, diag.Range{}, false
}

func trimFloat(f float64) string {
	return strings.TrimSuffix(strings.TrimSuffix(strconv.FormatFloat(f, 'f', 2, 64), "0"), ".0")
}
