package lsp

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// The server guesses the type of what is before a dot from the syntax
// alone, so that "c." completes the attributes of a combatant or of a
// side while the buffer does not check (it rarely does mid-word). A
// guess it cannot make is "", and then both kinds' attributes are
// offered.

// elemOf is T of list[T], or "".
func elemOf(t string) string {
	if strings.HasPrefix(t, "list[") && strings.HasSuffix(t, "]") {
		return t[len("list[") : len(t)-1]
	}
	return ""
}

// receiverType is the type of what stands before the dot token dot:
// "a.b" for a chain of names, or a predicate's element ("filter(l, .")
// for a dot that follows no name.
func (p *project) receiverType(dot, off int) string {
	toks := p.units[0].toks
	var parts []string
	j := dot
	for {
		k := prevToken(toks, j)
		if k < 0 || toks[k].Type != syntax.TokIdent {
			break
		}
		parts = append([]string{toks[k].Value}, parts...)
		j = k
		if pk := prevToken(toks, k); pk < 0 || toks[pk].Value != "." {
			break
		} else {
			j = pk
		}
	}
	if len(parts) > 0 {
		return p.chainType(parts, off)
	}
	// A predicate's element: the first argument of the call around the dot.
	depth := 0
	for k := prevToken(toks, dot); k >= 0; k = prevToken(toks, k) {
		switch toks[k].Value {
		case ")", "]":
			depth++
		case "(", "[":
			if depth == 0 {
				args := splitArgs(toks[k+1 : dot])
				if len(args) > 0 {
					return elemOf(p.exprType(args[0], off))
				}
				return ""
			}
			depth--
		}
	}
	return ""
}

// chainType is the type of a.b.c.
func (p *project) chainType(parts []string, off int) string {
	t := p.nameType(parts[0], off)
	for _, part := range parts[1:] {
		r := p.attribute(t, part)
		if r == nil {
			return ""
		}
		t = r.typ
	}
	return t
}

// nameType is the type of a name at off: a local's, a global's, a
// constant's or a function's result.
func (p *project) nameType(name string, off int) string {
	if b := visible(p.binders(off), name, off); b != nil {
		switch {
		case b.typ != "":
			return b.typ
		case b.value != nil:
			return p.exprType(exprTokens(b.value), off)
		case b.list != nil:
			return elemOf(p.exprType(exprTokens(b.list), off))
		}
		return ""
	}
	if g, ok := globals[name]; ok {
		return g.typ
	}
	if d, _ := p.findDecl(kindConst, name); d != nil {
		if d.Const.Type != nil {
			return typeText(d.Const.Type)
		}
		return ""
	}
	if p.isEncounter() {
		if r := p.entity(name); r != nil {
			if r.kind == kindSide {
				return "side"
			}
			return "combatant"
		}
	}
	return ""
}

func exprTokens(e *syntax.Expr) []lexer.Token {
	if e == nil {
		return nil
	}
	return e.Tokens
}

// elemFuncs return an element of their first argument; listFuncs a list
// of the same elements.
var (
	elemFuncs = map[string]bool{"first": true, "last": true, "find": true, "findLast": true, "get": true}
	listFuncs = map[string]bool{"filter": true, "sortBy": true, "sort": true, "take": true, "reverse": true, "uniq": true, "concat": true}
)

// exprType guesses the type of an expression's tokens.
func (p *project) exprType(toks []lexer.Token, off int) string {
	if len(toks) == 0 {
		return ""
	}
	// cond ? a : b is a's type.
	if q := topLevel(toks, "?"); q >= 0 {
		rest := toks[q+1:]
		if c := topLevel(rest, ":"); c >= 0 {
			return p.exprType(rest[:c], off)
		}
		return ""
	}
	t0 := toks[0]
	if t0.Type == syntax.TokIdent && len(toks) > 1 && toks[1].Value == "(" {
		args := splitArgs(toks[2:])
		name := t0.Value
		switch {
		case stdlib.Lookup(name) != nil:
			if k := stdlib.Lookup(name).Result; k != stdlib.Any {
				return string(k)
			}
		case listFuncs[name] && len(args) > 0:
			return p.exprType(args[0], off)
		case elemFuncs[name] && len(args) > 0:
			return elemOf(p.exprType(args[0], off))
		}
		if d, _ := p.findDecl(kindFn, name); d != nil {
			return typeText(d.Func.Result)
		}
		if d, _ := p.findDecl(kindModifiers, name); d != nil {
			return "int"
		}
		return ""
	}
	// A chain of names, the whole expression.
	var parts []string
	for i, t := range toks {
		if i%2 == 0 && t.Type == syntax.TokIdent {
			parts = append(parts, t.Value)
		} else if i%2 == 1 && t.Value == "." {
			continue
		} else {
			return ""
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return p.chainType(parts, off)
}

// topLevel is the index of the first token v outside brackets, or -1.
func topLevel(toks []lexer.Token, v string) int {
	depth := 0
	for i, t := range toks {
		switch t.Value {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		default:
			if depth == 0 && t.Value == v && t.Type == syntax.TokPunct {
				return i
			}
		}
	}
	return -1
}

// splitArgs splits the tokens after a call's "(" into its arguments, up
// to the closing ")" (or the end).
func splitArgs(toks []lexer.Token) [][]lexer.Token {
	var args [][]lexer.Token
	depth, start := 0, 0
	for i, t := range toks {
		switch t.Value {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				if i > start {
					args = append(args, toks[start:i])
				}
				return args
			}
			depth--
		case ",":
			if depth == 0 {
				args = append(args, toks[start:i])
				start = i + 1
			}
		}
	}
	if len(toks) > start {
		args = append(args, toks[start:])
	}
	return args
}
