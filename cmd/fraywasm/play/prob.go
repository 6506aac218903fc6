package play

import (
	"context"
	"fmt"
	"math/big"

	"github.com/frayrules/fray/dsl/format"
	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/stdlib"
)

// ProbReport is an exact distribution: of a dice expression (one row per
// value), of a dice-fed table (one row per table row), or of an event
// after the set-up (two rows: it holds, it does not; Mean to Max unset).
type ProbReport struct {
	Kind  string    `json:"kind"` // dice, table or event
	Title string    `json:"title"`
	Mean  float64   `json:"mean"`
	SD    float64   `json:"sd"`
	Min   int       `json:"min"`
	Max   int       `json:"max"`
	Rows  []ProbRow `json:"rows"`
	// Partial: the page's Stop cut a sampled estimate short (its title
	// says so, and how many set-ups it covers).
	Partial bool `json:"partial,omitempty"`
}

// ProbRow is one bar of the chart: its label, exact probability (a
// fraction) and its value as a float.
type ProbRow struct {
	Label   string  `json:"label"`
	Row     string  `json:"row,omitempty"` // a table row's label and value
	P       string  `json:"p"`
	Float   float64 `json:"float"`
	AtLeast float64 `json:"at_least,omitempty"`
	AtMost  float64 `json:"at_most,omitempty"`
}

var limitFlags = map[stdlib.Limit]string{stdlib.LimitValues: "--max-values", stdlib.LimitWork: "--max-work"}

func distError(err error) string {
	if e, ok := err.(*stdlib.ExprError); ok {
		if e.Limit == stdlib.LimitStopped {
			return e.Msg
		}
		msg := fmt.Sprintf("column %d: %s", e.Column, e.Msg)
		if flag, ok := limitFlags[e.Limit]; ok {
			msg += "; raise it with " + flag + " of fray prob"
		}
		return msg
	}
	return err.Error()
}

func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	return r.String()
}

func float(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// distLimits are fray prob's, stopped by ctx (the page's Stop, as Ctrl-C
// is fray prob's): progress hears the steps of work done (of 0, unknown)
// before each convolution, and is where the wasm build lets the Stop
// arrive.
func distLimits(ctx context.Context, progress func(done, total int)) stdlib.DistLimits {
	lim := stdlib.DefaultDistLimits
	lim.Yield = func(work int) bool {
		if progress != nil {
			progress(work, 0)
		}
		return ctx.Err() == nil
	}
	return lim
}

// probExpr is fray prob EXPR: the exact odds of each total.
func probExpr(ctx context.Context, r *Request, progress func(done, total int)) *Response {
	d, err := stdlib.ParseDistLimited(r.Expr, distLimits(ctx, progress))
	if err != nil {
		return &Response{Error: "<expression>:1: " + distError(err)}
	}
	rep := &ProbReport{Kind: "dice", Title: r.Expr, Mean: d.Mean(), SD: d.SD(), Min: d.Min, Max: d.Max(), Rows: []ProbRow{}}
	d.EachValue(func(v int, p, atLeast, atMost *big.Rat) {
		rep.Rows = append(rep.Rows, ProbRow{Label: fmt.Sprint(v), P: ratText(p), Float: float(p), AtLeast: float(atLeast), AtMost: float(atMost)})
	})
	return &Response{Prob: rep}
}

// probTable is fray prob --rules R --table NAME: the odds of each row.
func probTable(ctx context.Context, r *Request, progress func(done, total int)) *Response {
	l := newLoader(r.Files)
	m, diags := l.ruleset(r.Path)
	ds := withText(diags, l.src)
	if m == nil {
		return &Response{Diagnostics: ds, Error: "the files have errors: see the diagnostics"}
	}
	t, ok := m.Tables[r.Table]
	if !ok {
		return &Response{Diagnostics: ds, Error: fmt.Sprintf("%s:1:1: the ruleset has no table %s", r.Path, interp.Printable(r.Table))}
	}
	if t.Dice == nil {
		return &Response{Diagnostics: ds, Error: fmt.Sprintf("%s:%d:%d: table %s is not fed by dice, so its rows have no odds: %s", r.Path, t.Decl.Pos.Line, t.Decl.Pos.Column, r.Table, t.KeyedHint())}
	}
	if len(t.Rows) == 0 {
		return &Response{Diagnostics: ds, Error: fmt.Sprintf("%s:%d:%d: table %s is left to be announced by its source: it has no rows to give odds of", r.Path, t.Decl.Pos.Line, t.Decl.Pos.Column, r.Table)}
	}
	d, err := stdlib.ParseDistLimited(t.Dice.Text, distLimits(ctx, progress))
	if err != nil {
		return &Response{Diagnostics: ds, Error: fmt.Sprintf("%s:%d:%d: table %s is rolled on %s: %s", r.Path, t.Decl.Pos.Line, t.Decl.Pos.Column, r.Table, t.Dice.Text, distError(err))}
	}
	rep := &ProbReport{Kind: "table", Title: "table " + r.Table + ", rolled on " + t.Dice.Text, Mean: d.Mean(), SD: d.SD(), Min: d.Min, Max: d.Max(), Rows: []ProbRow{}}
	for _, row := range t.Rows {
		p := new(big.Rat)
		k := row.Keys[0]
		for v := max(k.Lo, d.Min); v <= min(k.Hi, d.Max()); v++ {
			p.Add(p, d.P(v))
		}
		if k.Any {
			p.SetInt64(1)
		}
		label := row.Label
		if row.Value != nil {
			label += " " + row.Value.Expr.Raw()
		}
		rep.Rows = append(rep.Rows, ProbRow{Label: rowKeys(k.Lo, k.Hi, k.Any, t.Dice.Max), Row: label, P: ratText(p), Float: float(p)})
	}
	return &Response{Diagnostics: ds, Prob: rep}
}

// rowKeys shows a row's key as far as the table's dice reach (an open
// range, 12+, ends at their highest total).
func rowKeys(lo, hi int, any bool, diceMax int) string {
	hi = min(hi, max(diceMax, lo))
	switch {
	case any:
		return "_"
	case lo == hi:
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d-%d", lo, hi)
}

// formatFile is fray fmt of one file: the canonical layout, or the
// file's diagnostics when it does not parse.
func formatFile(r *Request) *Response {
	l := newLoader(r.Files)
	f, diags := l.read(r.Path)
	if f == nil || diags.HasErrors() {
		return &Response{Diagnostics: withText(diags, l.src), Error: "the file does not parse, so it cannot be laid out"}
	}
	out, err := format.FormatWithin(f, l.lim.FileSize)
	if err != nil {
		return &Response{Error: err.Error()}
	}
	s := string(out)
	return &Response{Formatted: &s}
}

// FileInfo is what the page needs to know of a file to offer its
// commands: its kind, name, imports and the tables prob can roll.
type FileInfo struct {
	Kind    string   `json:"kind"` // ruleset or encounter
	Name    string   `json:"name"`
	Imports string   `json:"imports,omitempty"` // the rules or extends path, resolved
	Tables  []string `json:"tables"`            // dice-fed tables, sorted
}

// info describes r.Path; the tables are those of the checked ruleset
// (with its bases), none when it has errors.
func info(r *Request) *Response {
	l := newLoader(r.Files)
	fi, diags := describe(l, r.Path)
	return &Response{Diagnostics: withText(diags, l.src), Info: fi}
}
