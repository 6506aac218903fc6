package format_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/syntax"
)

// TestFormatLongLine formats a list of 150,000 items on one line. The
// line was built by adding each token to a string, a copy of the line
// so far each time: 40 lists of 9,000 items took 17 s, this one hours.
func TestFormatLongLine(t *testing.T) {
	items := make([]string, 150000)
	for i := range items {
		items[i] = strconv.Itoa(i)
	}
	src := "const big = [" + strings.Join(items, ", ") + "]\n"
	lim := syntax.DefaultLimits()
	lim.FileTokens = 400000
	formatsUnchanged(t, lim, "long.fray", src)
}
