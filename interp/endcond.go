package interp

import (
	"github.com/expr-lang/expr/ast"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/stdlib"
)

// The end condition is asked after every phase and after every group of
// a loop (the last foe may have fallen), so a run keeps its answer while
// nothing it reads has changed (Run.checkEnd). endFacts finds, at plan
// time, what it reads: the attributes it and the fns it calls name (an
// assignment to one of them bumps the run's world, Plan.mayChangeEnd),
// whether it names the round and whether the segment, and whether it is pure: it
// rolls no dice (dice notation, roll, pick) and calls no modifiers or
// tables, whose rows may roll. Only a pure condition's answer is kept.

type endFacts struct {
	reads   map[string]bool // nil: it cannot tell (a property that is not a plain name)
	round   bool            // it names the round: a new round asks again
	segment bool            // it names the segment: a new segment asks again
	pure    bool
}

func (p *Plan) endFacts(ce *check.CExpr) endFacts {
	if ce == nil || ce.Node == nil {
		return endFacts{round: true, segment: true}
	}
	v := &endVisitor{p: p, facts: endFacts{reads: map[string]bool{"alive": true, "present": true, check.StateAttr: true, "side": true}, pure: true}, seen: map[string]bool{}}
	v.walk(ce.Node)
	if v.unknown {
		v.facts.reads = nil
	}
	return v.facts
}

type endVisitor struct {
	p       *Plan
	facts   endFacts
	unknown bool
	seen    map[string]bool // the fns already walked
}

func (v *endVisitor) walk(n ast.Node) { ast.Walk(&n, v) }

func (v *endVisitor) Visit(n *ast.Node) {
	switch x := (*n).(type) {
	case *ast.IdentifierNode:
		switch x.Value {
		case "round":
			v.facts.round = true
		case "segment":
			v.facts.segment = true
		}
	case *ast.MemberNode:
		if s, ok := x.Property.(*ast.StringNode); ok {
			v.facts.reads[s.Value] = true
		} else {
			v.unknown = true
		}
	case *ast.CallNode:
		id, ok := x.Callee.(*ast.IdentifierNode)
		if !ok {
			v.facts.pure = false
			return
		}
		switch name := id.Value; {
		case stdlib.Lookup(name) != nil && stdlib.Lookup(name).Rolls:
			v.facts.pure = false
		case v.p.modifiers[name] != nil || v.p.tables[name] != nil:
			v.facts.pure = false
		case v.p.funcs[name] != nil && (v.p.funcs[name].Block != nil || v.p.funcs[name].Choice):
			// slots.go: a choice logs and may take the script's answer.
			// v2: a procedure runs statements; its answer is never kept.
			v.facts.pure = false
			v.unknown = true
		case v.p.funcs[name] != nil:
			if f := v.p.funcs[name]; !v.seen[name] && f.Body != nil && f.Body.Node != nil {
				v.seen[name] = true
				v.walk(f.Body.Node)
			}
		}
	}
}
