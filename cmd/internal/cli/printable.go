package cli

import (
	"bytes"
	"io"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// lineEscaper passes text to w a line at a time, each line through
// interp.Printable: the line breaks the writer's caller makes stay, any
// other control character (one inside a rule's string, a file name, a
// source line shown under a diagnostic) is written as an escape. It is
// for text made elsewhere (dsl's diagnostics) or with several lines (a
// message with its caret); single values are escaped with
// interp.Printable where they are printed.
type lineEscaper struct {
	w   io.Writer
	buf []byte
	err error
}

func newLineEscaper(w io.Writer) *lineEscaper { return &lineEscaper{w: w} }

func (l *lineEscaper) Write(p []byte) (int, error) {
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			break
		}
		l.emit(string(l.buf[:i]), "\n")
		l.buf = l.buf[i+1:]
	}
	return len(p), l.err
}

// Flush writes what is left after the last line break.
func (l *lineEscaper) Flush() error {
	if len(l.buf) > 0 {
		l.emit(string(l.buf), "")
		l.buf = l.buf[:0]
	}
	return l.err
}

func (l *lineEscaper) emit(line, end string) {
	if l.err == nil {
		_, l.err = io.WriteString(l.w, interp.Printable(line)+end)
	}
}

// writeDiags prints diagnostics as text with every line escaped: a rule's
// strings and source lines reach the terminal only as printable text.
func writeDiags(w io.Writer, ds diag.Diagnostics, src diag.Sources) {
	e := newLineEscaper(w)
	diag.WriteText(e, ds, src)
	e.Flush()
}
