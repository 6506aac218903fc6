package diag

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// JSONWriter passes what a json.Encoder writes to w with every character
// UnsafeRune names written as a \uXXXX escape. encoding/json escapes the
// C0 controls and U+2028/U+2029 itself, but writes DEL, the C1 controls
// (U+009B is a terminal's CSI, U+0085 a line break to some readers) and
// the bidirectional marks raw, so a rule's string printed by --format
// json to a terminal could act on it. JSON's own syntax is ASCII, so such
// a character can only be inside a string, where the escape reads back
// as the same character: the decoded value is unchanged. The encoder
// writes each value whole, so no character is split between two writes.
func JSONWriter(w io.Writer) io.Writer { return jsonWriter{w} }

type jsonWriter struct{ w io.Writer }

func (j jsonWriter) Write(p []byte) (int, error) {
	if _, err := j.w.Write(escapeJSON(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// escapeJSON is p with UnsafeRune's characters escaped (p itself when it
// holds none).
func escapeJSON(p []byte) []byte {
	i := 0
	for i < len(p) {
		if c := p[i]; c < utf8.RuneSelf && c != 0x7f {
			i++ // the encoder escaped the C0 controls; its line breaks are its own
			continue
		}
		r, size := utf8.DecodeRune(p[i:])
		if UnsafeRune(r) {
			break
		}
		i += size
	}
	if i == len(p) {
		return p
	}
	out := make([]byte, 0, len(p)+16)
	out = append(out, p[:i]...)
	for i < len(p) {
		r, size := utf8.DecodeRune(p[i:])
		if (r == 0x7f || r >= utf8.RuneSelf) && UnsafeRune(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, p[i:i+size]...)
		}
		i += size
	}
	return out
}
