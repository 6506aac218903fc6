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
//
// Declarations, schedules, cancels and scheduled blocks coming due
// change what the condition reads only when it reads the declared
// action or calls a world function beyond the rosters (pending, has,
// declared_int, holding, ...): only then do they bump the world
// (Run.actionsChanged); their statements' assignments bump it on their
// own, as every assignment does.

type endFacts struct {
	reads   map[string]bool // nil: it cannot tell (a property that is not a plain name)
	round   bool            // it names the round: a new round asks again
	segment bool            // it names the segment: a new segment asks again
	pure    bool
	// worldCalls: it calls a world function that may read more than the
	// rosters and attributes (declarations, schedules, the map).
	worldCalls bool
}

// rosterReaders are the world functions whose answer depends only on
// the rosters (who is alive, present, in the fight, on which side),
// which an end condition reads in any case (endFacts' reads).
var rosterReaders = map[string]bool{
	"members": true, "living": true, "enemies": true, "allies": true, "enemy_sides": true, "standing": true,
}

// readsActions reports whether the end condition may read what
// declarations and schedules change.
func (f endFacts) readsActions() bool {
	return f.reads == nil || f.reads["action"] || f.worldCalls
}

// actionsChanged is what a declaration, a schedule, a cancel or a block
// coming due does to the end condition's kept answer.
func (r *Run) actionsChanged() {
	if r.plan.endActions {
		r.world++
	}
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
		if f := stdlib.Lookup(id.Value); f != nil && f.World && !rosterReaders[id.Value] {
			v.facts.worldCalls = true
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

// endOnStanding reports whether the end condition reads the world only
// through who stands: made of standing(...), len, the sides, the round,
// the segment, literals and operators (the common `len(standing(sides))
// <= 1`). Its answer then changes only when a side starts or stops
// standing, so a fall that leaves its side standing, as most falls do,
// keeps the answer (Plan.rosterEffect, rosterStands). Any other name,
// call, attribute or predicate says no.
func endOnStanding(ce *check.CExpr) bool {
	if ce == nil || ce.Node == nil {
		return false
	}
	v := &standingVisitor{ok: true}
	n := ce.Node
	ast.Walk(&n, v)
	return v.ok
}

type standingVisitor struct{ ok bool }

func (v *standingVisitor) Visit(n *ast.Node) {
	switch x := (*n).(type) {
	case *ast.NilNode, *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.StringNode,
		*ast.UnaryNode, *ast.BinaryNode, *ast.ConditionalNode:
	case *ast.IdentifierNode:
		// ctx is the run that world functions are given first
		// (standing(ctx, sides)); it reads nothing by itself.
		switch x.Value {
		case "standing", "ctx", "sides", "round", "segment":
		default:
			v.ok = false
		}
	case *ast.CallNode:
		if id, ok := x.Callee.(*ast.IdentifierNode); !ok || id.Value != "standing" {
			v.ok = false
		}
	case *ast.BuiltinNode:
		if x.Name != "len" {
			v.ok = false
		}
	default:
		v.ok = false
	}
}
