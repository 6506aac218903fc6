package lsp

import (
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
)

// TestFormattingPastTheFileSize: a buffer whose layout would pass
// --max-file-size (fmt indents a block level two spaces, so a buffer
// nested deep grows many times over) gets an error naming the flag and
// no edit, as fray fmt refuses it; it was laid out and checked whatever
// its size (3.5 MB nested 97 deep: 100 MB, minutes and gigabytes).
func TestFormattingPastTheFileSize(t *testing.T) {
	lim := check.DefaultLimits()
	lim.FileSize = 1000
	c := startServer(t, lim)
	c.initialize()
	src := "phase p each round {\n" + strings.Repeat("if true {\n", 20) + strings.Repeat("log \"x\"\n", 20) + strings.Repeat("}\n", 20) + "}\n"
	uri, _ := c.open("testdata/lsp_format_deep.fray", src)
	m := c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{}})
	if m.Error == nil || !strings.Contains(m.Error.Message, "over the limit of 1000") || !strings.Contains(m.Error.Message, "--max-file-size") {
		t.Errorf("formatting a buffer laid out past the limit: result %s, error %+v", m.Result, m.Error)
	}
}
