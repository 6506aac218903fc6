package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Severity of a diagnostic.
type Severity int

const (
	Error Severity = iota
	Warning
	// Note is information that is not a fault, such as a gap the source
	// document leaves on purpose: shown, never failing a lint (not even
	// under --werror).
	Note
)

func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Note:
		return "note"
	}
	return "error"
}

// MarshalJSON writes the severity as a word.
func (s Severity) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// Pos is a place in a file: line and column from 1 (columns count
// characters), and the byte offset from 0.
type Pos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Byte   int `json:"byte"`
}

// Range is a span of a file, end exclusive.
type Range struct {
	Filename string `json:"filename"`
	Start    Pos    `json:"start"`
	End      Pos    `json:"end"`
}

// Diagnostic is one finding, in the manner of hashicorp/hcl: a severity, a
// stable code, a short summary, a detail sentence with a fix hint, the
// exact subject span and, optionally, a related place.
type Diagnostic struct {
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Summary  string   `json:"summary"`
	Detail   string   `json:"detail,omitempty"`
	Subject  Range    `json:"subject"`
	Related  *Related `json:"related,omitempty"`
}

// Related points at a second place, such as a first definition.
type Related struct {
	Message string `json:"message"`
	Range   Range  `json:"range"`
}

// Diagnostics is the full list a pass reports.
type Diagnostics []*Diagnostic

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Sort orders diagnostics by file and position and drops exact repeats.
func (ds Diagnostics) Sort() Diagnostics {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Subject, ds[j].Subject
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Start.Byte < b.Start.Byte
	})
	out := ds[:0]
	for i, d := range ds {
		if i > 0 {
			p := ds[i-1]
			if p.Subject == d.Subject && p.Summary == d.Summary && p.Code == d.Code {
				continue
			}
		}
		out = append(out, d)
	}
	return out
}

func (d *Diagnostic) Error() string {
	s := d.Subject
	return fmt.Sprintf("%s:%d:%d: %s: %s", s.Filename, s.Start.Line, s.Start.Column, d.Severity, d.Summary)
}

// Sources maps file names to their text, for rendering source lines.
type Sources map[string]string

// WriteText renders diagnostics like a compiler: the position and summary,
// the source line with a caret under the span, the related place and the hint.
func WriteText(w io.Writer, ds Diagnostics, src Sources) {
	files := sourceLines{src: src, lines: map[string]*lineIndex{}}
	for _, d := range ds {
		fmt.Fprintf(w, "%s [%s]\n", d.Error(), d.Code)
		writeSnippet(w, d.Subject, &files)
		if d.Related != nil {
			r := d.Related.Range
			fmt.Fprintf(w, "  %s:%d:%d: note: %s\n", r.Filename, r.Start.Line, r.Start.Column, d.Related.Message)
			writeSnippet(w, r, &files)
		}
		if d.Detail != "" {
			fmt.Fprintf(w, "  hint: %s\n", d.Detail)
		}
	}
}

// sourceLines finds the lines of the sources, each file split once per
// WriteText however many diagnostics it has (a lint can report tens of
// thousands in one file).
type sourceLines struct {
	src   Sources
	lines map[string]*lineIndex
}

// lineIndex is a file's text and the byte offset where each line starts.
type lineIndex struct {
	text   string
	starts []int
}

// line is line n (from 1) of file, without its line break.
func (s *sourceLines) line(file string, n int) (string, bool) {
	idx, ok := s.lines[file]
	if !ok {
		text, ok := s.src[file]
		if !ok {
			return "", false
		}
		idx = &lineIndex{text: text, starts: []int{0}}
		for i := 0; i < len(text); i++ {
			if text[i] == '\n' {
				idx.starts = append(idx.starts, i+1)
			}
		}
		s.lines[file] = idx
	}
	if n < 1 || n > len(idx.starts) {
		return "", false
	}
	end := len(idx.text)
	if n < len(idx.starts) {
		end = idx.starts[n] - 1
	}
	return idx.text[idx.starts[n-1]:end], true
}

func writeSnippet(w io.Writer, r Range, files *sourceLines) {
	if r.Start.Line < 1 {
		return
	}
	line, ok := files.line(r.Filename, r.Start.Line)
	if !ok {
		return
	}
	line = strings.TrimRight(line, "\r")
	col := r.Start.Column
	endCol := r.End.Column
	// Long lines show a window around the span.
	const window = 100
	if runes := []rune(line); len(runes) > window+20 {
		from := max(0, min(col-1-window/4, len(runes)-window))
		to := min(len(runes), from+window)
		prefix := ""
		if from > 0 {
			prefix = "..."
		}
		suffix := ""
		if to < len(runes) {
			suffix = "..."
		}
		line = prefix + string(runes[from:to]) + suffix
		col = col - from + len(prefix)
		endCol = endCol - from + len(prefix)
		if r.End.Line != r.Start.Line || endCol > len([]rune(line))+1 {
			endCol = len([]rune(line)) + 1
		}
		r.End.Line = r.Start.Line
	}
	r.Start.Column, r.End.Column = col, endCol
	gutter := fmt.Sprintf("%4d | ", r.Start.Line)
	fmt.Fprintf(w, "%s%s\n", gutter, expandTabs(line))
	width := 1
	if r.End.Line == r.Start.Line && r.End.Column > r.Start.Column {
		width = r.End.Column - r.Start.Column
	} else if r.End.Line > r.Start.Line {
		width = len([]rune(line)) - r.Start.Column + 1
	}
	if width < 1 {
		width = 1
	}
	pad := caretPad(line, r.Start.Column)
	fmt.Fprintf(w, "%s%s%s\n", strings.Repeat(" ", len(gutter)-2)+"| ", pad, strings.Repeat("^", width))
}

func expandTabs(s string) string { return strings.ReplaceAll(s, "\t", "    ") }

// caretPad is the white space under the line up to column col.
func caretPad(line string, col int) string {
	var b strings.Builder
	i := 1
	for _, r := range line {
		if i >= col {
			break
		}
		if r == '\t' {
			b.WriteString("    ")
		} else {
			b.WriteByte(' ')
		}
		i++
	}
	for ; i < col; i++ {
		b.WriteByte(' ')
	}
	return b.String()
}

// WriteJSON writes the diagnostics as one JSON document.
func WriteJSON(w io.Writer, ds Diagnostics) error {
	if ds == nil {
		ds = Diagnostics{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Diagnostics Diagnostics `json:"diagnostics"`
	}{ds})
}
