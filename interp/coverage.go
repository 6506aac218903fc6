package interp

import (
	"fmt"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Coverage counts what of a rule file ran: its phases, statements, the
// two ways of each if, table rows, modifier rows and event handlers
// (fray test --coverage). It is chosen when a ruleset is lowered
// (LowerCovered): a covered plan's bodies are decorated with counting
// closures and its rows count when they match, and a plan lowered
// without one has no trace of it: there is no switch to test while a
// fight runs. One Coverage may gather the plans of several rulesets
// (a base and its variants, each encounter's): an item is one place of
// a file, counted by every plan that has it.
type Coverage struct {
	mu    sync.Mutex
	items map[covKey]*CoverItem
}

// Kinds of coverage items.
const (
	CovPhase     = "phase"
	CovStatement = "statement"
	CovBranch    = "branch"
	CovRow       = "table row"
	CovModifier  = "modifier row"
	CovHandler   = "handler"
)

// CoverKinds are the kinds in the order reports list them.
var CoverKinds = []string{CovPhase, CovStatement, CovBranch, CovRow, CovModifier, CovHandler}

type covKey struct {
	kind  string
	at    diag.Range
	label string
}

// CoverItem is one thing that may run, and how often it did.
type CoverItem struct {
	Kind  string
	At    diag.Range
	Label string // what the report calls it: a phase's name, "if ...: true", a row's keys
	Hits  atomic.Int64
}

// NewCoverage makes an empty recorder.
func NewCoverage() *Coverage { return &Coverage{items: map[covKey]*CoverItem{}} }

// item registers a place (once) and returns its counter.
func (c *Coverage) item(kind string, at diag.Range, label string) *CoverItem {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := covKey{kind, at, label}
	it := c.items[k]
	if it == nil {
		it = &CoverItem{Kind: kind, At: at, Label: label}
		c.items[k] = it
	}
	return it
}

// Items are every registered item, by file and position.
func (c *Coverage) Items() []*CoverItem {
	c.mu.Lock()
	out := make([]*CoverItem, 0, len(c.items))
	for _, it := range c.items {
		out = append(out, it)
	}
	c.mu.Unlock()
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.At.Filename != b.At.Filename {
			return a.At.Filename < b.At.Filename
		}
		if a.At.Start.Byte != b.At.Start.Byte {
			return a.At.Start.Byte < b.At.Start.Byte
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Label < b.Label
	})
	return out
}

// LowerCovered lowers a ruleset with its coverage counted in c.
func LowerCovered(m *check.Model, c *Coverage) *Plan { return lowerCov(m, true, true, c) }

// covPlan is a covered plan's share of its Coverage: the counters of
// its rows, found by the row when it matches.
type covPlan struct {
	c       *Coverage
	rowHits map[*check.Row]*CoverItem
	modHits map[*check.ModRowInfo]*CoverItem
}

func (cp *covPlan) row(r *check.Row) {
	if it := cp.rowHits[r]; it != nil {
		it.Hits.Add(1)
	}
}

func (cp *covPlan) modifier(r *check.ModRowInfo) {
	if it := cp.modHits[r]; it != nil {
		it.Hits.Add(1)
	}
}

// counted is a closure that counts it then runs the statement.
func counted(it *CoverItem, fn stmtFn) stmtFn {
	return func(r *Run, base addr) (flow, error) {
		it.Hits.Add(1)
		return fn(r, base)
	}
}

// counter is a statement that only counts: the first of a decorated
// body (a phase's, a handler's, a branch's).
func counter(it *CoverItem) stmtFn {
	return func(*Run, addr) (flow, error) {
		it.Hits.Add(1)
		return flowNext, nil
	}
}

// prepend puts a counter before a body's statements.
func prepend(b block, it *CoverItem) block {
	return newBlock(append([]stmtFn{counter(it)}, b.fns...), append([]diag.Range{it.At}, b.at...))
}

// coverStmt decorates a lowered statement (Plan.block).
func (c *Coverage) coverStmt(at diag.Range, fn stmtFn) stmtFn {
	return counted(c.item(CovStatement, at, ""), fn)
}

// coverIf decorates the two ways of an if (Plan.ifStmt): each counts
// when it is taken, also an else the file does not write.
func (c *Coverage) coverIf(is *syntax.IfStmt, then, els block) (block, block) {
	at := syntax.RangeOf(is.Pos, is.Cond.EndPos)
	cond := is.Cond.Raw()
	return prepend(then, c.item(CovBranch, at, "if "+cond+": true")), prepend(els, c.item(CovBranch, at, "if "+cond+": false"))
}

// coverPlan registers and decorates what lowering made: phases and
// handlers count when their bodies start; table and modifier rows are
// registered here and count in Run.tableRow and Run.Modifier.
func (c *Coverage) coverPlan(p *Plan) {
	for _, list := range [][]*phasePlan{p.Once, p.Rounds, p.AtEnd} {
		for _, pp := range list {
			d := pp.ph.Decl
			pp.body = prepend(pp.body, c.item(CovPhase, syntax.RangeAt(d.Pos, "phase "+d.Name), "phase "+d.Name))
		}
	}
	for _, ep := range p.events {
		for i, hp := range ep.handlers {
			h := ep.ev.Handlers[i]
			hp.body = prepend(hp.body, c.item(CovHandler, syntax.RangeAt(h.Decl.Pos, "on "+h.Decl.Event), "on "+h.Decl.Event))
		}
	}
	p.cov.rowHits = map[*check.Row]*CoverItem{}
	for _, t := range p.M.Tables {
		for _, row := range t.Rows {
			d := row.Decl
			p.cov.rowHits[row] = c.item(CovRow, syntax.RangeOf(d.Pos, d.EndPos), fmt.Sprintf("table %s row %s", t.Name, rowKeys(d)))
		}
	}
	p.cov.modHits = map[*check.ModRowInfo]*CoverItem{}
	for _, m := range p.M.Modifiers {
		for _, row := range m.Rows {
			for _, d := range m.Decl.Rows {
				if row.Value != nil && d.Value == row.Value.Expr {
					p.cov.modHits[row] = c.item(CovModifier, syntax.RangeOf(d.Pos, d.EndPos), fmt.Sprintf("modifiers %s row %q", m.Name, row.Label))
				}
			}
		}
	}
}

// rowKeys is a table row's keys as written.
func rowKeys(d *syntax.TableRow) string {
	s := ""
	for i, k := range d.Keys {
		if i > 0 {
			s += ", "
		}
		switch {
		case k.Any:
			s += "_"
		case k.String != nil:
			s += fmt.Sprintf("%q", string(*k.String))
		case k.Range != nil:
			s += numText(k.Range.Lo)
			if k.Range.Plus {
				s += "+"
			} else if k.Range.Hi != nil {
				s += "-" + numText(k.Range.Hi)
			}
		}
	}
	return s
}

func numText(n *syntax.NumberLit) string {
	if n.Neg {
		return "-" + n.Text
	}
	return n.Text
}
