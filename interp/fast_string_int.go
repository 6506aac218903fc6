package interp

import (
	"strconv"

	"github.com/expr-lang/expr/ast"
)

// string(n) of a whole number, natively: the library's boxed call
// measured the number's printed size with reflection and printed it
// with fmt, a few hundred instructions for what strconv does in tens.

// printedIntSize is the size the library's string() reckons for any
// number before printing it (stdlib.printedSize): a limit below it makes
// string(n) an error, which the boxed call then reports in its words.
const printedIntSize = 24

// stringOfInt compiles string(n) of a whole number: strconv prints what
// fmt's %v prints. Under a --max-string below printedIntSize the call
// goes through the library, which refuses it.
func (c *fastCompiler) stringOfInt(x *ast.CallNode) strFn {
	f, args := c.libFunc(x)
	if f == nil || f.Name != "string" || len(args) != 1 {
		return nil
	}
	n := c.int(args[0])
	boxed := libResult[string](c.libCall(x))
	if n == nil || boxed == nil {
		return nil
	}
	return func(r *Run, fr addr) (string, error) {
		if r.MaxString() < printedIntSize {
			return boxed(r, fr)
		}
		v, err := n(r, fr)
		if err != nil {
			return "", err
		}
		return strconv.Itoa(v), nil
	}
}
