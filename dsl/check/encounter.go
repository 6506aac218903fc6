package check

import (
	"fmt"
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
	"github.com/frayrules/fray/stdlib"
)

// Encounter is a checked encounter: sides and combatants with their
// settings, the scripted declarations per round, DM rulings and the dice.
type Encounter struct {
	File      *syntax.File
	Name      string
	RulesPath string
	RulesAt   diag.Range
	Seed      uint64
	HasSeed   bool
	Dice      []int
	Rounds    int
	Rules     *Model
	Sides     []*SideSpec
	Script    map[int][]*DeclSpec   // round 0 is the surprise script
	Choices   map[int][]*ChoiceSpec // answers to choice points by round (slots.go)
	Rulings   []*RulingSpec
	Map       *MapSpec // nil without a map
}

// HasName reports whether a side or combatant of the encounter has the
// name.
func (e *Encounter) HasName(name string) bool {
	for _, s := range e.Sides {
		if s.Name == name {
			return true
		}
		for _, c := range s.Combatants {
			if c.Name == name {
				return true
			}
		}
	}
	return false
}

// SideSpec is a side of the encounter.
type SideSpec struct {
	Name       string
	Sets       []SetSpec
	Combatants []*CombatantSpec
	Decl       *syntax.SideDecl
}

// CombatantSpec is a combatant of the encounter.
type CombatantSpec struct {
	Name string
	Sets []SetSpec
	Decl *syntax.CombatantDecl
}

// SetSpec is an attribute value given by the encounter.
type SetSpec struct {
	Attr  *Attr
	Value any
}

// Ref names a combatant or side in a literal; the interpreter resolves it.
type Ref struct {
	Name string
	Side bool
}

// DeclSpec is one scripted declaration.
type DeclSpec struct {
	Who    string
	Action *Action
	Args   []any // per parameter; nil means the parameter's default
	Given  []bool
	Decl   *syntax.Declaration
	// Hold: declared held, performed only by "act held" (slots.go).
	Hold bool
}

// RulingSpec is a DM ruling.
type RulingSpec struct {
	Text string
	Sets []RulingSet
}

// RulingSet is one setting of a ruling.
type RulingSet struct {
	Target string // side or combatant name
	Side   bool
	Attr   *Attr
	Value  any
	Text   string // as written, for the log
}

// MaxRoundsDefault bounds a fight whose encounter sets no rounds limit.
const MaxRoundsDefault = 100

// CheckEncounter checks a parsed encounter against a checked ruleset.
func CheckEncounter(f *syntax.File, rules *Model) (*Encounter, diag.Diagnostics) {
	return checkEncounter(f, rules, nil)
}

func checkEncounter(f *syntax.File, rules *Model, l *Linter) (*Encounter, diag.Diagnostics) {
	if l == nil {
		l = rules.memo
	}
	c := &checker{f: f, m: rules, u: rules.U, funcs: map[string]bool{}, emitted: map[string]bool{}, memo: l, sugg: newSuggester()}
	enc := &Encounter{File: f, Rules: rules, Rounds: MaxRoundsDefault, Script: map[int][]*DeclSpec{}}
	c.encounterBody(enc)
	c.checkDiceClaims()
	c.tidy()
	return enc, c.diags.Sort()
}

// EncounterHeader finds the encounter header and the rules path it names.
func EncounterHeader(f *syntax.File) (*syntax.EncounterDecl, string, diag.Range) {
	for _, d := range f.Decls {
		if h := d.Encounter; h != nil {
			for _, fld := range h.Fields {
				if fld.Key == "rules" && len(fld.Values) == 1 && fld.Values[0].String != nil {
					v := fld.Values[0]
					return h, string(*v.String), syntax.RangeOf(v.Pos, v.EndPos)
				}
			}
			return h, "", syntax.RangeAt(h.Pos, "encounter")
		}
	}
	return nil, "", diag.Range{}
}

func (c *checker) encounterBody(enc *Encounter) {
	f := enc.File
	sides := map[string]*SideSpec{}
	combatants := map[string]*CombatantSpec{}
	// The combatants past --max-combatants: the first is the finding,
	// the rest counted in it (one finding each was 265 000 of them for
	// a 4 MiB roster, 8 s and 720 MB of lint --format json).
	var over *diag.Diagnostic
	overN := 0
	var header *syntax.EncounterDecl
	var maps *syntax.MapDecl
	for _, d := range f.Decls {
		switch {
		case d.Encounter != nil:
			if header != nil {
				c.errorf(diag.CodeDuplicate, syntax.RangeAt(d.Pos, "encounter"), "a file holds one encounter", "second encounter header")
				continue
			}
			header = d.Encounter
			c.encounterHeader(enc, header)
		case d.Side != nil:
			sd := d.Side
			if _, ok := sides[sd.Name]; ok {
				c.errorf(diag.CodeDuplicate, syntax.RangeAt(sd.Pos, "side "+sd.Name), "give each side its own name", "side %s declared twice", sd.Name)
				continue
			}
			s := &SideSpec{Name: sd.Name, Decl: sd}
			sides[sd.Name] = s
			enc.Sides = append(enc.Sides, s)
			for _, it := range sd.Items {
				if it.Set != nil {
					if set, ok := c.setting(it.Set, c.u.SideAttrs, "side"); ok {
						s.Sets = append(s.Sets, set)
					}
					continue
				}
				cd := it.Combatant
				if _, ok := combatants[cd.Name]; ok {
					c.errorf(diag.CodeDuplicate, syntax.RangeAt(cd.Pos, "combatant "+cd.Name), "combatant names are unique in an encounter", "combatant %s declared twice", cd.Name)
					continue
				}
				if _, ok := sides[cd.Name]; ok {
					c.errorf(diag.CodeDuplicate, syntax.RangeAt(cd.Pos, "combatant "+cd.Name), "a combatant and a side cannot share a name", "%s is already a side", cd.Name)
					continue
				}
				if len(combatants) >= c.limits().Combatants {
					if overN++; over == nil {
						over = syntax.LimitDiag(syntax.RangeAt(cd.Pos, "combatant "+cd.Name), "the number of combatants", c.limits().Combatants, "--max-combatants")
						c.addDiag(over)
					}
					continue
				}
				cs := &CombatantSpec{Name: cd.Name, Decl: cd}
				combatants[cd.Name] = cs
				s.Combatants = append(s.Combatants, cs)
				for _, set := range cd.Sets {
					if sp, ok := c.setting(set, c.u.CombatantAttrs, "combatant"); ok {
						cs.Sets = append(cs.Sets, sp)
					}
				}
			}
		case d.Script != nil:
			c.script(enc, d.Script, combatants)
		case d.Ruling != nil:
			c.ruling(enc, d.Ruling, sides, combatants)
		case d.Map != nil:
			if maps != nil {
				e := c.errorf(diag.CodeMap, syntax.RangeAt(d.Pos, "map"), "draw the whole battlefield in one map", "second map")
				e.Related = &diag.Related{Message: "first map here", Range: syntax.RangeAt(maps.Pos, "map")}
				continue
			}
			maps = d.Map
		case d.Ruleset != nil:
			c.errorf(diag.CodeScope, syntax.RangeAt(d.Pos, "ruleset"), "put the ruleset in its own file and name it with `rules`", "ruleset header in an encounter file")
		default:
			c.errorf(diag.CodeScope, syntax.RangeAt(d.Pos, declWord(d)), "rules (phases, actions, tables, ...) belong in the ruleset file", "rule declaration in an encounter file")
		}
	}
	if overN > 1 {
		over.Summary += fmt.Sprintf(" (this one and %d more left out)", overN-1)
	}
	if header == nil {
		c.errorf(diag.CodeMissingHeader, syntax.RangeOf(lexer.Position{Filename: f.Name, Line: 1, Column: 1}, lexer.Position{}),
			`start the file with encounter "Name" { rules "path/to/rules.fray" }`, "missing encounter header")
	}
	if len(enc.Sides) < 2 {
		c.errorf(diag.CodeScope, syntax.RangeAt(f.Pos, "encounter"), "declare at least two sides: side party { ... } side monsters { ... }", "an encounter needs two or more sides, found %d", len(enc.Sides))
	}
	// A side declared after a combatant of the same name.
	for _, cs := range sortedKeys(combatants) {
		if sd, ok := sides[cs]; ok && sd.Decl.Pos.Offset > combatants[cs].Decl.Pos.Offset {
			e := c.errorf(diag.CodeDuplicate, syntax.RangeAt(sd.Decl.Pos, "side "+sd.Name), "a combatant and a side cannot share a name", "%s is already a combatant", sd.Name)
			e.Related = &diag.Related{Message: "the combatant", Range: syntax.RangeAt(combatants[cs].Decl.Pos, "combatant "+cs)}
		}
	}
	c.checkRefs(enc, sides, combatants)
	c.checkMap(enc, maps, combatants)
}

func (c *checker) encounterHeader(enc *Encounter, h *syntax.EncounterDecl) {
	enc.Name = string(h.Name)
	for _, fld := range h.Fields {
		r := syntax.RangeAt(fld.Pos, fld.Key)
		switch fld.Key {
		case "rules":
			if s, ok := c.oneString(fld); ok {
				enc.RulesPath = s
				enc.RulesAt = syntax.RangeOf(fld.Values[0].Pos, fld.Values[0].EndPos)
			}
		case "seed":
			if len(fld.Values) != 1 || fld.Values[0].Number == nil || fld.Values[0].Number.Neg {
				c.errorf(diag.CodeBadHeader, r, "write seed 42", "seed takes one whole number, 0 or more")
				continue
			}
			n, err := strconv.ParseUint(fld.Values[0].Number.Text, 10, 64)
			if err != nil {
				c.errorf(diag.CodeBadHeader, r, "the seed must fit in 64 bits", "%s is not a valid seed", fld.Values[0].Number.Text)
				continue
			}
			enc.Seed, enc.HasSeed = n, true
		case "dice":
			for _, v := range fld.Values {
				if v.Number == nil {
					c.errorf(diag.CodeDiceHeader, syntax.RangeOf(v.Pos, v.EndPos), "list die faces as numbers: dice 5, 4, 2", "dice takes whole numbers")
					continue
				}
				n, err := v.Number.Int()
				if err != nil || n < 1 {
					c.errorf(diag.CodeDiceHeader, syntax.RangeOf(v.Pos, v.EndPos), "each die shows 1 or more", "%s is not a die result", v.Number.Text)
					continue
				}
				enc.Dice = append(enc.Dice, n)
			}
			if enc.Dice == nil {
				enc.Dice = []int{}
			}
		case "rounds":
			if n, ok := c.oneInt(fld); ok {
				if n < 1 || n > 100000 {
					c.errorf(diag.CodeBadHeader, syntax.RangeOf(fld.Values[0].Pos, fld.Values[0].EndPos), "rounds limits the fight to 1 to 100000 rounds", "rounds must be 1 to 100000, not %d", n)
					continue
				}
				enc.Rounds = n
			}
		default:
			c.errorf(diag.CodeBadHeader, r, c.didYouMean(fld.Key, []string{"rules", "seed", "dice", "rounds"}, "the encounter header knows rules, seed, dice and rounds"), "unknown header field %q", fld.Key)
		}
	}
}

func (c *checker) setting(s *syntax.Setting, attrs []*Attr, kind string) (SetSpec, bool) {
	at := c.u.AttrOf(kind == "side", s.Name)
	r := syntax.RangeAt(s.Pos, s.Name)
	if at == nil {
		var names []string
		for _, a := range attrs {
			if !a.Builtin {
				names = append(names, a.Name)
			}
		}
		c.errorf(diag.CodeUnknownField, r, c.didYouMean(s.Name, names, "the ruleset declares the attributes a "+kind+" has"), "%s has no attribute %s", kind, s.Name)
		return SetSpec{}, false
	}
	if at.Builtin && !at.Settable {
		c.errorf(diag.CodeScope, r, "name and side come from the encounter's structure", "cannot set the built-in attribute %s", at.Name)
		return SetSpec{}, false
	}
	if at.Decl != nil && at.Decl.Derived {
		c.derivedSet(r, at) // derived.go
		return SetSpec{}, false
	}
	if roll, handled, ok := c.rollSetting(s.Value, at); handled { // v2 (part B): hp = 2d8 rolls at set-up
		return SetSpec{Attr: at, Value: roll}, ok
	}
	if v := s.Value; v.Ident != nil && *v.Ident == syntax.None && optFunc(at.Type) != "" { // v2: optional.go
		if !at.IsOptionalValue() {
			c.errorf(diag.CodeNoneValue, syntax.RangeOf(v.Pos, v.EndPos), fmt.Sprintf("the ruleset declares %s with a value; only an attribute declared `= none` may be none", at.Name),
				"%s is %s and cannot be none", at.Name, at.Type.Article())
			return SetSpec{}, false
		}
		return SetSpec{Attr: at, Value: nil}, true
	}
	v, ok := c.literal(s.Value, at.Type)
	return SetSpec{Attr: at, Value: v}, ok
}

// literal converts an encounter value to the Go value of type t.
func (c *checker) literal(v *syntax.Value, t *Type) (any, bool) {
	r := syntax.RangeOf(v.Pos, v.EndPos)
	bad := func() (any, bool) {
		c.errorf(diag.CodeBadValue, r, fmt.Sprintf("write %s value here", t.Article()), "expected %s value", t.Article())
		return nil, false
	}
	switch t.Kind {
	case KInt:
		if v.Number == nil {
			return bad()
		}
		n, err := v.Number.Int()
		if err != nil {
			c.errorf(diag.CodeBadValue, r, "use a whole number", "%s", err)
			return nil, false
		}
		return n, true
	case KFloat:
		if v.Number == nil {
			return bad()
		}
		x, err := v.Number.Float()
		if err != nil {
			return bad()
		}
		return x, true
	case KBool:
		if v.Ident == nil || (*v.Ident != "true" && *v.Ident != "false") {
			return bad()
		}
		return *v.Ident == "true", true
	case KString:
		if v.String == nil {
			return bad()
		}
		return string(*v.String), true
	case KDice:
		var text string
		switch {
		case v.Dice != nil:
			text = *v.Dice
		case v.String != nil:
			text = string(*v.String)
		default:
			return bad()
		}
		d, err := stdlib.ParseDice(text)
		if err != nil {
			c.errorf(diag.CodeBadValue, r, `dice are written like d6, 2d4 or "1d8+1"`, "%s", err)
			return nil, false
		}
		return d, true
	case KCombatant, KSide:
		if v.Ident == nil {
			return bad()
		}
		if *v.Ident == syntax.None { // v2: nobody (check/refs.go)
			return nil, true
		}
		ref := Ref{Name: *v.Ident, Side: t.Kind == KSide}
		c.refs = append(c.refs, refUse{ref: ref, at: r})
		return ref, true
	case KList:
		if v.List == nil {
			return bad()
		}
		out := []any{}
		ok := true
		for _, it := range v.List.Items {
			x, good := c.literal(it, t.Elem)
			ok = ok && good
			out = append(out, x)
		}
		return out, ok
	}
	return bad()
}

type refUse struct {
	ref Ref
	at  diag.Range
}

func (c *checker) checkRefs(enc *Encounter, sides map[string]*SideSpec, combatants map[string]*CombatantSpec) {
	for _, u := range c.refs {
		if u.ref.Side {
			if _, ok := sides[u.ref.Name]; !ok {
				c.errorf(diag.CodeUnknownCombat, u.at, c.didYouMean(u.ref.Name, keys(sides), "name a side of this encounter"), "no side named %s", u.ref.Name)
			}
		} else if _, ok := combatants[u.ref.Name]; !ok {
			c.errorf(diag.CodeUnknownCombat, u.at, c.didYouMean(u.ref.Name, keys(combatants), "name a combatant of this encounter"), "no combatant named %s", u.ref.Name)
		}
	}
}

func (c *checker) script(enc *Encounter, s *syntax.ScriptDecl, combatants map[string]*CombatantSpec) {
	round := 0
	if s.Round != nil {
		n, err := s.Round.Int()
		if err != nil || n < 1 {
			c.errorf(diag.CodeBadValue, syntax.RangeOf(s.Round.Pos, s.Round.EndPos), "rounds count from 1; use `surprise { ... }` for surprise segments", "bad round number")
			return
		}
		round = n
	}
	if _, dup := enc.Script[round]; dup {
		c.errorf(diag.CodeDuplicate, syntax.RangeAt(s.Pos, "round"), "merge the two blocks", "round %d is scripted twice", round)
		return
	}
	enc.Script[round] = []*DeclSpec{}
	seen := map[string]bool{}
	for _, d := range s.Lines {
		r := syntax.RangeAt(d.Pos, d.Who)
		if _, ok := combatants[d.Who]; !ok {
			c.errorf(diag.CodeUnknownCombat, r, c.didYouMean(d.Who, keys(combatants), "name a combatant of this encounter"), "no combatant named %s", d.Who)
			continue
		}
		if d.Choice != nil { // slots.go
			c.choiceAnswer(enc, round, d)
			continue
		}
		if seen[d.Who] {
			hint := "a combatant declares one action a round"
			if c.m.Slots != nil { // slots.go
				hint = "write a combatant's declarations of a round on one line: who: first then second"
			}
			c.errorf(diag.CodeDuplicate, r, hint, "%s declares twice in this round", d.Who)
			continue
		}
		seen[d.Who] = true
		enc.Script[round] = append(enc.Script[round], c.scriptLine(d)...) // slots.go
	}
}

// declSpec checks one declaration of a script line: the action named at
// at, with its arguments.
func (c *checker) declSpec(d *syntax.Declaration, action string, at lexer.Position, args []*syntax.Arg) *DeclSpec {
	a, ok := c.m.Actions[action]
	if !ok {
		c.errorf(diag.CodeUnknownAction, syntax.RangeAt(at, action), c.didYouMean(action, keys(c.m.Actions), "the ruleset declares its actions with `action NAME`"), "unknown action %s", action)
		return nil
	}
	a.Used = true
	ds := &DeclSpec{Who: d.Who, Action: a, Args: make([]any, len(a.Params)), Given: make([]bool, len(a.Params)), Decl: d}
	next := 0
	for _, arg := range args {
		idx := next
		ar := syntax.RangeOf(arg.Pos, arg.Value.EndPos)
		if arg.Name != nil {
			idx = -1
			for i, p := range a.Params {
				if p.Name == *arg.Name {
					idx = i
				}
			}
			if idx < 0 {
				var names []string
				for _, p := range a.Params {
					names = append(names, p.Name)
				}
				c.errorf(diag.CodeArgs, ar, c.didYouMean(*arg.Name, names, "see the action's parameters in the ruleset"), "%s has no parameter %s", a.Name, *arg.Name)
				continue
			}
		}
		if idx >= len(a.Params) {
			c.errorf(diag.CodeArgs, ar, "remove the extra argument", "%s takes %d argument(s)", a.Name, len(a.Params))
			break
		}
		if ds.Given[idx] {
			c.errorf(diag.CodeArgs, ar, "give each argument once", "argument %s given twice", a.Params[idx].Name)
			continue
		}
		v, ok := c.literal(arg.Value, a.Params[idx].Type)
		if ok {
			ds.Args[idx] = v
		}
		// Given even when wrong, so it is not reported missing too.
		ds.Given[idx] = true
		next = idx + 1
	}
	for i, p := range a.Params {
		if !ds.Given[i] && p.Decl.Default == nil {
			c.errorf(diag.CodeArgs, syntax.RangeOf(d.Pos, d.EndPos), fmt.Sprintf("write %s(%s = ...)", a.Name, p.Name), "%s needs its %s argument", a.Name, p.Name)
		}
	}
	return ds
}

func (c *checker) ruling(enc *Encounter, rd *syntax.RulingDecl, sides map[string]*SideSpec, combatants map[string]*CombatantSpec) {
	rs := &RulingSpec{Text: string(rd.Text)}
	for _, s := range rd.Sets {
		parts := s.Path.Parts
		r := syntax.RangeOf(s.Path.Pos, s.Path.EndPos)
		if len(parts) != 2 {
			c.errorf(diag.CodeBadValue, r, "write side.attribute = value or combatant.attribute = value", "a ruling sets one attribute of a side or combatant")
			continue
		}
		name, attr := parts[0].Text, parts[1].Text
		var attrs []*Attr
		isSide := false
		if _, ok := sides[name]; ok {
			attrs, isSide = c.u.SideAttrs, true
		} else if _, ok := combatants[name]; ok {
			attrs = c.u.CombatantAttrs
		} else {
			all := append(keys(sides), keys(combatants)...)
			c.errorf(diag.CodeUnknownCombat, syntax.RangeOf(parts[0].Pos, parts[0].EndPos), c.didYouMean(name, all, "name a side or combatant declared above"), "no side or combatant named %s", name)
			continue
		}
		set, ok := c.setting(&syntax.Setting{Pos: parts[1].Pos, EndPos: parts[1].EndPos, Name: attr, Value: s.Value}, attrs, map[bool]string{true: "side", false: "combatant"}[isSide])
		if !ok {
			continue
		}
		rs.Sets = append(rs.Sets, RulingSet{Target: name, Side: isSide, Attr: set.Attr, Value: set.Value, Text: fmt.Sprintf("%s.%s = %s", name, attr, valueText(s.Value))})
	}
	enc.Rulings = append(enc.Rulings, rs)
}

// valueText renders a literal as written, strings quoted anew.
func valueText(v *syntax.Value) string {
	return syntax.ValueTextWith(v, func(v *syntax.Value) string { return strconv.Quote(string(*v.String)) })
}
