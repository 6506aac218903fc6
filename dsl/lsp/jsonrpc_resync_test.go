package lsp

import (
	"errors"
	"strings"
	"testing"
)

// TestReaderFindsTheNextMessage: after a message the reader cannot
// frame (no Content-Length, so its body is read as headers) the reader
// finds the next message, whether the bad body ends its line or not;
// before, every body after it was read as headers and the session heard
// nothing more.
func TestReaderFindsTheNextMessage(t *testing.T) {
	next := "Content-Length: 7\r\n\r\n{\"a\":1}"
	for name, before := range map[string]string{
		"a body on its own line":       "Content-Type: x\r\n\r\n{\"b\":2}\r\n",
		"a body without a line break":  "Content-Type: x\r\n\r\n{\"b\":2}",
		"a body of lines":              "Content-Type: x\r\n\r\n{\r\n\"b\": 2\r\n}\r\n",
		"garbage, then the header":     "garbage\r\n",
		"a header named with a space":  "",
		"a lower-case header, garbled": "X-Other: 1\r\n\r\n{}content-length: 2\r\n\r\n{}",
	} {
		in := before + next
		if name == "a header named with a space" {
			in = "Content-Length : 7\r\n\r\n{\"a\":1}"
		}
		rd := newReader(strings.NewReader(in), 1000)
		var got []string
		for range 20 {
			body, err := rd.read()
			var fe *errFraming
			if err != nil && !errors.As(err, &fe) {
				break
			}
			if err == nil {
				got = append(got, string(body))
			}
		}
		if len(got) == 0 || got[len(got)-1] != `{"a":1}` {
			t.Errorf("%s: read %q, want the last to be the next message", name, got)
		}
	}
}
