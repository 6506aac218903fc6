package check

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Action slots and costs, several declarations a round, choice points
// (language v2, issue #16 item 5; docs/actions.md).
//
// A ruleset may declare its action economy, "slots { main 1  move 1 }",
// and give actions costs, "action attack costs main { }": one slot of
// one alternative of each comma-separated group ("costs main or move",
// "costs instant, main"). An encounter's script line may then declare
// several actions, "brom: stand_up then attack(target = grishak)",
// which this file checks against the slots: the line is fine when some
// choice of alternatives pays every declaration with the round's slots.
// An action without costs takes the whole round (it is declared alone),
// and a ruleset without slots keeps one declaration a round: both are
// how every ruleset behaved before slots.

// Slot is one kind of slot of the action economy and its count a round.
type Slot struct {
	Name  string
	Count int
	Decl  *syntax.SlotDef
}

// ChoiceSpec is an encounter's answer to a choice point for one
// combatant in one round: "halvaine chooses abort_spell = true".
type ChoiceSpec struct {
	Who   string
	Func  *Func
	Value any
	Decl  *syntax.Declaration
}

// checkSlots reads the slots declaration and every action's costs.
func (c *checker) checkSlots() {
	var first *syntax.SlotsDecl
	byName := map[string]int{}
	bad := map[string]bool{} // slots reported already: their costs are not reported again
	for _, d := range c.f.Decls {
		sd := d.Slots
		if sd == nil {
			continue
		}
		if first != nil {
			e := c.errorf(diag.CodeSlots, syntax.RangeAt(sd.Pos, "slots"), "declare every slot in one slots block", "slots declared twice")
			e.Related = &diag.Related{Message: "first declared here", Range: syntax.RangeAt(first.Pos, "slots")}
			continue
		}
		first = sd
		c.m.Slots = []*Slot{}
		for _, s := range sd.Slots {
			r := syntax.RangeAt(s.Pos, s.Name)
			if _, dup := byName[s.Name]; dup {
				c.errorf(diag.CodeSlots, r, "name each slot once, with its count a round", "slot %s declared twice", s.Name)
				continue
			}
			n, err := s.Count.Int()
			if err != nil || n < 1 {
				bad[s.Name] = true
				c.errorf(diag.CodeSlots, syntax.RangeOf(s.Count.Pos, s.Count.EndPos), "give how many a combatant has a round: a whole number from 1", "slot %s has a count below 1", s.Name)
				continue
			}
			byName[s.Name] = len(c.m.Slots)
			c.m.Slots = append(c.m.Slots, &Slot{Name: s.Name, Count: n, Decl: s})
		}
	}
	for _, d := range c.f.Decls {
		ad := d.Action
		if ad == nil || len(ad.Costs) == 0 || c.m.Actions[ad.Name] == nil || c.m.Actions[ad.Name].Decl != ad {
			continue
		}
		a := c.m.Actions[ad.Name]
		for _, g := range ad.Costs {
			var group []int
			for _, alt := range g.Alts {
				r := syntax.RangeOf(alt.Pos, alt.EndPos)
				switch i, ok := byName[alt.Text]; {
				case bad[alt.Text]:
				case first == nil:
					c.errorf(diag.CodeUnknownSlot, r, "declare the round's slots first: slots { "+alt.Text+" 1 }", "action %s costs %s, but the ruleset declares no slots", a.Name, alt.Text)
				case !ok:
					c.errorf(diag.CodeUnknownSlot, r, c.didYouMean(alt.Text, keys(byName), "the slots are "+c.slotsText()), "no slot named %s", alt.Text)
				default:
					group = append(group, i)
				}
			}
			if len(group) == len(g.Alts) {
				a.Costs = append(a.Costs, group)
			}
		}
		if len(a.Costs) != len(ad.Costs) {
			a.Costs = nil // reported
		}
	}
}

// slotsText is the round's slots as the slots block writes them.
func (c *checker) slotsText() string {
	var parts []string
	for _, s := range c.m.Slots {
		parts = append(parts, fmt.Sprintf("%s %d", s.Name, s.Count))
	}
	return strings.Join(parts, ", ")
}

// costText is an action's cost as its declaration writes it.
func (c *checker) costText(a *Action) string {
	var groups []string
	for _, g := range a.Costs {
		var alts []string
		for _, i := range g {
			alts = append(alts, c.m.Slots[i].Name)
		}
		groups = append(groups, strings.Join(alts, " or "))
	}
	return strings.Join(groups, ", ")
}

// choiceDecl checks what a choice point needs beyond a fn's signature: a
// default policy (= EXPR), a result a script can write (int, bool or
// string) and the combatant who chooses as its first parameter.
func (c *checker) choiceDecl(fd *syntax.FuncDecl, f *Func, at diag.Range) bool {
	switch {
	case fd.Block != nil || fd.Body == nil:
		c.errorf(diag.CodeChoiceDecl, at, "give the default policy as an expression: choice "+fd.Name+"(c: combatant): bool = ...", "choice %s has no default policy", fd.Name)
	case fd.Result == nil:
		c.errorf(diag.CodeChoiceDecl, at, "give its result type: choice "+fd.Name+"(...): bool = ...", "choice %s has no result type", fd.Name)
	case len(f.Params) == 0 || f.Params[0].Type.Kind != KCombatant:
		c.errorf(diag.CodeChoiceDecl, at, "make the first parameter the combatant who chooses: choice "+fd.Name+"(c: combatant, ...)", "choice %s has no combatant to make it", fd.Name)
	default:
		return true
	}
	return false
}

// choiceResult checks a choice's result type, once resolved.
func (c *checker) choiceResult(fd *syntax.FuncDecl, f *Func, at diag.Range) bool {
	switch f.Result.Kind {
	case KInt, KBool, KString:
		return true
	}
	c.errorf(diag.CodeChoiceDecl, at, "a script answers with a literal: make it int, bool or string", "choice %s gives %s", fd.Name, f.Result.Article())
	return false
}

// step is one declaration of a script line as written.
type step struct {
	hold   bool
	action string
	at     lexer.Position
	args   []*syntax.Arg
}

// steps are the declarations of a script line, each with the position of
// its action's name.
func steps(d *syntax.Declaration) []step {
	at := d.Pos
	at.Advance(d.Who + ": ")
	if d.Hold {
		at.Advance("hold ")
	}
	out := []step{{hold: d.Hold, action: d.Action, at: at, args: d.Args}}
	for _, s := range d.Then {
		at := s.Pos
		if s.Hold {
			at.Advance("hold ")
		}
		out = append(out, step{hold: s.Hold, action: s.Action, at: at, args: s.Args})
	}
	return out
}

// scriptLine checks one combatant's declarations of a round: each
// action and its arguments, at most one held, and that the round's
// slots pay for them all.
func (c *checker) scriptLine(d *syntax.Declaration) []*DeclSpec {
	var out []*DeclSpec
	held := false
	all := steps(d)
	var pay *payer // the line's costs so far, when it has several declarations
	for i, st := range all {
		ds := c.declSpec(d, st.action, st.at, st.args)
		if ds == nil {
			return nil
		}
		ds.Hold = st.hold
		if st.hold && held {
			c.errorf(diag.CodeHeldTwice, syntax.RangeAt(st.at, st.action), "hold one declaration a round; declare the others to act in turn", "%s holds a second declaration", d.Who)
			return nil
		}
		held = held || st.hold
		if i > 0 {
			if pay == nil && c.m.Slots != nil {
				pay = newPayer(c.m.Slots)
				for _, g := range out[0].Action.Costs {
					pay.add(g) // one declaration always fits: each count is 1 or more
				}
			}
			if !c.canAlsoDeclare(d.Who, out, ds, st, all[0], pay) {
				return nil
			}
		}
		out = append(out, ds)
	}
	return out
}

// canAlsoDeclare reports (and says why not) whether who may declare ds
// after the declarations before, within the round's slots.
func (c *checker) canAlsoDeclare(who string, before []*DeclSpec, ds *DeclSpec, st, first step, pay *payer) bool {
	r := syntax.RangeAt(st.at, st.action)
	if c.m.Slots == nil {
		c.errorf(diag.CodeOverSlots, r, "declare the round's slots (slots { main 1  move 1 }) and give actions their costs", "%s declares a second action, but the ruleset declares no slots: one action a round", who)
		return false
	}
	for j, a := range []*DeclSpec{before[0], ds} {
		if len(a.Action.Costs) == 0 && a.Action.Decl != nil && len(a.Action.Decl.Costs) == 0 {
			if j == 0 { // the first declaration, which was alone until now
				r = syntax.RangeAt(first.at, first.action)
			}
			c.errorf(diag.CodeOverSlots, r, "declare "+a.Action.Name+" alone, or give it costs in the ruleset", "%s takes the whole round (it has no costs), so %s cannot declare it with another action", a.Action.Name, who)
			return false
		}
	}
	fits := true
	for _, g := range ds.Action.Costs {
		fits = fits && pay.add(g)
	}
	if !fits {
		// What each action costs, once per action, with how many times
		// the line declares it when more than once.
		var order []*Action
		times := map[*Action]int{}
		for _, a := range append(append([]*DeclSpec{}, before...), ds) {
			if times[a.Action] == 0 {
				order = append(order, a.Action)
			}
			times[a.Action]++
		}
		var spent []string
		for _, a := range order {
			n := ""
			if times[a] > 1 {
				n = fmt.Sprintf(" (%d times)", times[a])
			}
			spent = append(spent, a.Name+n+" costs "+c.costText(a))
		}
		c.errorf(diag.CodeOverSlots, r, "a round has "+c.slotsText()+"; "+strings.Join(spent, ", "), "%s cannot also declare %s: the round's slots are spent", who, ds.Action.Name)
		return false
	}
	return true
}

// payer pays cost groups with a round's slots, one group at a time. Two
// groups with the same alternatives are interchangeable, so it counts,
// for each distinct set of alternatives (a kind), how many of its groups
// each slot holds: a flow from kinds to slots with the slots' counts as
// capacities, grown by one augmenting path a group. A new group takes a
// free slot of one of its alternatives, or one that a group already
// placed gives up by moving to another of its own (and so on, each slot
// visited once). When neither can be done, no choice of alternatives pays
// for all the groups so far. Each group costs time in the number of kinds
// and slots only, whatever the line's length and the slots' counts.
type payer struct {
	slots   []*Slot
	used    []int   // by slot: the groups it holds
	kinds   [][]int // the distinct sets of alternatives
	kindOf  map[string]int
	held    [][]int // by kind, by slot: how many of its groups the slot holds
	visited []bool  // by slot, during one add
}

func newPayer(slots []*Slot) *payer {
	return &payer{slots: slots, used: make([]int, len(slots)), kindOf: map[string]int{}, visited: make([]bool, len(slots))}
}

// add places one more group, reporting whether all still fit.
func (p *payer) add(g []int) bool {
	key := fmt.Sprint(g)
	k, ok := p.kindOf[key]
	if !ok {
		k = len(p.kinds)
		p.kindOf[key] = k
		p.kinds = append(p.kinds, g)
		p.held = append(p.held, make([]int, len(p.slots)))
	}
	clear(p.visited)
	return p.place(k)
}

// place finds a slot for one more group of kind k.
func (p *payer) place(k int) bool {
	for _, i := range p.kinds[k] {
		if p.visited[i] {
			continue
		}
		p.visited[i] = true
		if p.used[i] < p.slots[i].Count {
			p.used[i]++
			p.held[k][i]++
			return true
		}
		for t := range p.kinds {
			if p.held[t][i] > 0 && p.place(t) { // a group of kind t moves elsewhere
				p.held[t][i]--
				p.held[k][i]++
				return true
			}
		}
	}
	return false
}

// payable reports whether one alternative of each group can be taken
// with the slots' counts.
func payable(groups [][]int, slots []*Slot) bool {
	p := newPayer(slots)
	for _, g := range groups {
		if !p.add(g) {
			return false
		}
	}
	return true
}

// choiceAnswer checks a script's "who chooses NAME = VALUE".
func (c *checker) choiceAnswer(enc *Encounter, round int, d *syntax.Declaration) {
	ch := d.Choice
	at := ch.Pos
	at.Advance("chooses ")
	r := syntax.RangeAt(at, ch.Name)
	f := c.m.Funcs[ch.Name]
	if f == nil || !f.Choice {
		var names []string
		for n, f := range c.m.Funcs {
			if f.Choice {
				names = append(names, n)
			}
		}
		c.errorf(diag.CodeUnknownChoice, r, c.didYouMean(ch.Name, names, "the ruleset declares its choice points with `choice NAME(c: combatant): TYPE = default`"), "no choice point named %s", ch.Name)
		return
	}
	if enc.Choices == nil {
		enc.Choices = map[int][]*ChoiceSpec{}
	}
	for _, prev := range enc.Choices[round] {
		if prev.Who == d.Who && prev.Func == f {
			c.errorf(diag.CodeDuplicate, r, "answer a choice once a round", "%s answers %s twice in this round", d.Who, ch.Name)
			return
		}
	}
	v, ok := c.literal(ch.Value, f.Result)
	if !ok {
		return
	}
	enc.Choices[round] = append(enc.Choices[round], &ChoiceSpec{Who: d.Who, Func: f, Value: v, Decl: d})
}
