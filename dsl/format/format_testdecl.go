package format

import "github.com/frayrules/fray/dsl/syntax"

// testDecl prints a test or property block of a *_test.fray file: the
// header line, then one setting or expectation a line. Settings print as
// a header's fields do (one space after the key, values joined by ", ");
// expectations keep their expression's own layout.
func (p *formatter) testDecl(t *syntax.TestDecl) {
	p.known(t, t.Pos, "Kind", "Name", "Items")
	p.tok(t.Kind)
	p.space()
	p.tokType(syntax.TokString, "a string")
	p.space()
	p.openBlock()
	for _, it := range t.Items {
		p.known(it, it.Pos, "Expect", "Exact", "Field")
		p.line()
		switch {
		case it.Expect != nil:
			p.tok("expect")
			p.space()
			p.expr(it.Expect)
		case it.Exact:
			p.tok("exact")
		case it.Field != nil:
			f := it.Field
			p.known(f, f.Pos, "Key", "Values")
			p.tok(f.Key)
			p.space()
			for j, v := range f.Values {
				if j > 0 {
					p.tok(",")
					p.space()
				}
				p.value(v)
			}
		}
		if p.peekIs(";") {
			p.skip(";")
		}
	}
	p.closeBlock()
}
