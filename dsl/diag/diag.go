package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"
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
		writeOne(w, d, &files)
	}
}

// writeOne writes each part of d on its own line, escaped (Escape): a
// file name or a rule's string quoted in a summary may hold a line break,
// which must not start a line that reads as a diagnostic of its own.
func writeOne(w io.Writer, d *Diagnostic, files *sourceLines) {
	fmt.Fprintf(w, "%s [%s]\n", Escape(d.Error(), false), d.Code)
	writeSnippet(w, d.Subject, files)
	if d.Related != nil {
		r := d.Related.Range
		fmt.Fprintf(w, "  %s:%d:%d: note: %s\n", Escape(r.Filename, false), r.Start.Line, r.Start.Column, Escape(d.Related.Message, false))
		writeSnippet(w, r, files)
	}
	if d.Detail != "" {
		fmt.Fprintf(w, "  hint: %s\n", Escape(d.Detail, false))
	}
}

// sourceLines finds the lines of the sources, each file split once per
// WriteText however many diagnostics it has (a lint can report tens of
// thousands in one file), and where the characters of the last line
// shown start (findings are sorted, so a line of thousands of them, or
// a file that is one line of 4 MiB, is read once, not once each).
type sourceLines struct {
	src   Sources
	lines map[string]*lineIndex
	last  struct {
		file  string
		n     int
		text  string
		runes []int32 // byte offset in text of each character
	}
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

// chars is line n of file, without a CR before its break, and the byte
// offset of each of its characters (a byte that is not UTF-8 counts as
// one, as the lexer counts it).
func (s *sourceLines) chars(file string, n int) (string, []int32, bool) {
	if s.last.runes != nil && s.last.file == file && s.last.n == n {
		return s.last.text, s.last.runes, true
	}
	line, ok := s.line(file, n)
	if !ok {
		return "", nil, false
	}
	line = strings.TrimRight(line, "\r")
	runes := make([]int32, 0, len(line))
	for i := 0; i < len(line); {
		runes = append(runes, int32(i))
		_, size := utf8.DecodeRuneInString(line[i:])
		i += size
	}
	s.last.file, s.last.n, s.last.text, s.last.runes = file, n, line, runes
	return line, runes, true
}

// window is how many characters of a long line a snippet shows, around
// the start of the span.
const window = 100

// writeSnippet shows the span's first line with carets under the span.
// A line longer than window+20 characters is cut to window of them
// around the span's start, each cut marked "...". The line is written
// as the terminal will show it: a tab as four spaces, a control or
// bidirectional character (UnsafeRune) or a byte that is not UTF-8 as
// an escape (Escape), a wide character in two columns and a combining
// or zero-width one in none; the carets are laid out to match.
func writeSnippet(w io.Writer, r Range, files *sourceLines) {
	if r.Start.Line < 1 {
		return
	}
	line, runes, ok := files.chars(r.Filename, r.Start.Line)
	if !ok {
		return
	}
	col := max(r.Start.Column, 1)
	endCol := col + 1
	if r.End.Line == r.Start.Line && r.End.Column > col {
		endCol = r.End.Column
	} else if r.End.Line > r.Start.Line {
		endCol = len(runes) + 1
	}
	shown, carets := showSpan(line, runes, col, endCol)
	gutter := fmt.Sprintf("%4d | ", r.Start.Line)
	fmt.Fprintf(w, "%s%s\n", gutter, shown)
	fmt.Fprintf(w, "%s%s\n", strings.Repeat(" ", len(gutter)-2)+"| ", carets)
}

// ShowLine is one line of text (such as an expression given on the
// command line) as a diagnostic shows its source line, and the line of
// carets under its columns [col, endCol), both as writeSnippet makes
// them: escaped, cut to a window around col, the carets laid out by each
// character's width.
func ShowLine(line string, col, endCol int) (shown, carets string) {
	runes := make([]int32, 0, len(line))
	for i := 0; i < len(line); {
		runes = append(runes, int32(i))
		_, size := utf8.DecodeRuneInString(line[i:])
		i += size
	}
	return showSpan(line, runes, max(col, 1), endCol)
}

// showSpan lays out line, whose characters start at the byte offsets
// runes, with carets under columns [col, endCol).
func showSpan(line string, runes []int32, col, endCol int) (string, string) {
	n := len(runes)
	from, to := 0, n
	if n > window+20 {
		from = max(0, min(col-1-window/4, n-window))
		to = min(n, from+window)
	}
	var shown, pad strings.Builder
	carets := 0
	if from > 0 {
		shown.WriteString("...")
		pad.WriteString("   ")
	}
	for i := from; i < to; i++ {
		end := len(line)
		if i+1 < n {
			end = int(runes[i+1])
		}
		text, width := shownAs(line[runes[i]:end])
		if c := i + 1; width == 0 && c >= col && c < endCol {
			// A character that takes no column (a combining mark, a
			// stray byte-order mark) is what the span marks: shown as
			// its escape, the carets under that, not under the next.
			text = fmt.Sprintf("\\u%04x", []rune(text)[0])
			width = len(text)
		}
		shown.WriteString(text)
		switch c := i + 1; {
		case c < col:
			pad.WriteString(strings.Repeat(" ", width))
		case c < endCol:
			carets += width
		}
	}
	if to < n {
		shown.WriteString("...")
	}
	if col-1 > to { // the span starts past the end of the line
		pad.WriteString(strings.Repeat(" ", col-1-to))
	}
	carets = max(carets, 1)
	return shown.String(), pad.String() + strings.Repeat("^", carets)
}

// shownAs is how one character of a source line (its bytes c) is
// written under a diagnostic, and how many columns that takes.
func shownAs(c string) (string, int) {
	r, size := utf8.DecodeRuneInString(c)
	switch {
	case r == '\t':
		return "    ", 4
	case r == utf8.RuneError && size == 1 || UnsafeRune(r):
		e := Escape(c, false)
		return e, len(e)
	}
	return c, runeWidth(r)
}

// WriteJSON writes the diagnostics as one JSON document.
func WriteJSON(w io.Writer, ds Diagnostics) error {
	if ds == nil {
		ds = Diagnostics{}
	}
	enc := json.NewEncoder(JSONWriter(w))
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Diagnostics Diagnostics `json:"diagnostics"`
	}{ds})
}
