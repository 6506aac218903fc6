package fraytest

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// FileCoverage is the coverage of one rule file: per kind of item, how
// many ran and how many there are.
type FileCoverage struct {
	File  string
	Kinds map[string]*KindCounts
	// Uncovered are the items that never ran, in file order.
	Uncovered []Uncovered
}

// KindCounts counts the items of a kind.
type KindCounts struct {
	Covered int
	Total   int
}

// Percent is the share covered, 100 for a kind with no item.
func (k *KindCounts) Percent() float64 {
	if k.Total == 0 {
		return 100
	}
	return 100 * float64(k.Covered) / float64(k.Total)
}

// Uncovered is an item that never ran.
type Uncovered struct {
	Kind  string
	At    diag.Range
	Label string
}

// Summarize groups a recorder's items by file.
func Summarize(c *interp.Coverage) []*FileCoverage {
	by := map[string]*FileCoverage{}
	var files []string
	for _, it := range c.Items() {
		fc := by[it.At.Filename]
		if fc == nil {
			fc = &FileCoverage{File: it.At.Filename, Kinds: map[string]*KindCounts{}}
			for _, k := range interp.CoverKinds {
				fc.Kinds[k] = &KindCounts{}
			}
			by[it.At.Filename] = fc
			files = append(files, it.At.Filename)
		}
		k := fc.Kinds[it.Kind]
		k.Total++
		if it.Hits.Load() > 0 {
			k.Covered++
		} else {
			fc.Uncovered = append(fc.Uncovered, Uncovered{Kind: it.Kind, At: it.At, Label: it.Label})
		}
	}
	sort.Strings(files)
	out := make([]*FileCoverage, len(files))
	for i, f := range files {
		out[i] = by[f]
	}
	return out
}

// Total is the share of every item of the files covered, in percent.
func Total(fcs []*FileCoverage) float64 {
	cov, all := 0, 0
	for _, fc := range fcs {
		for _, k := range fc.Kinds {
			cov += k.Covered
			all += k.Total
		}
	}
	if all == 0 {
		return 100
	}
	return 100 * float64(cov) / float64(all)
}

// Statements is the share of statements covered over the files, in percent.
func Statements(fcs []*FileCoverage) float64 {
	k := &KindCounts{}
	for _, fc := range fcs {
		k.Covered += fc.Kinds[interp.CovStatement].Covered
		k.Total += fc.Kinds[interp.CovStatement].Total
	}
	return k.Percent()
}

// WriteSummary prints a table: one line per file, a column per kind.
func WriteSummary(w io.Writer, fcs []*FileCoverage) {
	fmt.Fprintf(w, "coverage: %.1f%% of statements, %.1f%% of all items\n", Statements(fcs), Total(fcs))
	for _, fc := range fcs {
		var parts []string
		for _, k := range interp.CoverKinds {
			c := fc.Kinds[k]
			if c.Total == 0 {
				continue
			}
			parts = append(parts, fmt.Sprintf("%s %d/%d (%.0f%%)", pluralKind(k), c.Covered, c.Total, c.Percent()))
		}
		// The file's name as a ruleset path wrote it: escaped, so that
		// a line break or an escape sequence in it reaches no terminal.
		fmt.Fprintf(w, "  %s: %s\n", interp.Printable(fc.File), strings.Join(parts, ", "))
	}
}

func pluralKind(k string) string {
	switch k {
	case interp.CovRow:
		return "rows"
	case interp.CovModifier:
		return "modifiers"
	case interp.CovBranch:
		return "branches"
	}
	return k + "s"
}

// WriteUncovered prints what never ran, one line each, as lint prints
// its findings: file:line:col: kind label.
func WriteUncovered(w io.Writer, fcs []*FileCoverage) {
	for _, fc := range fcs {
		for _, u := range fc.Uncovered {
			label := ""
			if u.Label != "" {
				label = ": " + interp.Printable(u.Label)
			}
			fmt.Fprintf(w, "%s:%d:%d: uncovered %s%s\n", interp.Printable(fc.File), u.At.Start.Line, u.At.Start.Column, u.Kind, label)
		}
	}
}

// WriteListing prints each covered file with every line marked: the
// times its items ran (the most of them, when a line has several: a
// statement and the ways of its if), followed by "!" when some item of
// the line never ran (an if never false, say), or "!!!!" when none of
// them did; lines without items are blank in the margin. read gives a
// file's text.
func WriteListing(w io.Writer, c *interp.Coverage, read func(string) (string, error)) error {
	type mark struct {
		most      int64
		uncovered bool
	}
	marks := map[string]map[int]*mark{}
	var files []string
	for _, it := range c.Items() {
		f := it.At.Filename
		if marks[f] == nil {
			marks[f] = map[int]*mark{}
			files = append(files, f)
		}
		m := marks[f][it.At.Start.Line]
		if m == nil {
			m = &mark{}
			marks[f][it.At.Start.Line] = m
		}
		h := it.Hits.Load()
		m.most = max(m.most, h)
		if h == 0 {
			m.uncovered = true
		}
	}
	sort.Strings(files)
	for _, f := range files {
		text, err := read(f)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "=== %s\n", f)
		for i, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			margin := "       "
			if m := marks[f][i+1]; m != nil {
				switch {
				case m.most == 0:
					margin = "   !!!!"
				case m.uncovered:
					margin = fmt.Sprintf("%6d!", m.most)
				default:
					margin = fmt.Sprintf("%6d ", m.most)
				}
			}
			fmt.Fprintf(w, "%s %4d | %s\n", margin, i+1, interp.Printable(l))
		}
	}
	return nil
}
