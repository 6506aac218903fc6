package interp_test

// A heavy bias for the program generator of difftest_gen_test.go: the
// same well-typed rule files, with forms that make work added to them,
// for TestGeneratedWorkStaysInBudget (budget_test.go). Long ranges and
// the list builtins chained over them, recursive and mutually recursive
// fns, strings and lists grown in loops, handlers that emit their own
// event, blocks that reschedule themselves, points whose reactions raise
// them again, choices that ask themselves, conditions applied and
// removed in loops, derived attributes recomputed after each assignment,
// a long keyed table looked up in loops, modifiers over every combatant,
// timed loops, engagement, and the grid functions on a larger map with a
// crowd. Each is work a rule may ask for; the test holds the run to its
// budget whatever the mix.

import (
	"fmt"
	"strings"

	"github.com/frayrules/fray/stdlib"
)

// heavy is the bias. Its methods on a nil *heavy are the plain
// generator's choices, and make none, so the differential test's
// programs stay what they were.
type heavy struct{}

// big is a length for a range or a loop: mostly small, now and then past
// any small budget.
func (h *heavy) big(g *gen) string {
	return g.oneOf("3", "20", "64", "300", "2000", "50000", "1000000")
}

// attrs are the combatant attributes the heavy forms read: a derived
// one, recomputed after every assignment to what it reads.
func (h *heavy) attrs() string {
	if h == nil {
		return ""
	}
	return "  power: int = derived self.hp * 2 + len(self.marks) + len(self.tag)\n  notes: list[string] = []\n"
}

func (h *heavy) rounds() int {
	if h == nil {
		return 2
	}
	return 4
}

// crowd is more combatants for side b.
func (h *heavy) crowd(g *gen) []string {
	if h == nil {
		return nil
	}
	var out []string
	for i := range []int{0, 2, 6, 20}[g.pick(4)] {
		out = append(out, fmt.Sprintf("x%d", i))
	}
	return out
}

// mapSize is the map's width, height and most walls.
func (h *heavy) mapSize(g *gen) (w, ht, walls int) {
	if h == nil {
		return 8, 5, 3
	}
	switch g.pick(3) {
	case 0:
		return 8, 5, 3
	case 1:
		return 40, 30, 200
	}
	return 120, 80, 2000
}

// mapMark is the map character of the i-th combatant.
func mapMark(i int) byte {
	if i < 26 {
		return byte('a' + i)
	}
	return byte('A' + i - 26)
}

// decls are the declarations the heavy forms name: recursive fns, a
// procedure, events, a point, a choice, a condition, a long table and
// modifiers over the fight.
func (h *heavy) decls(g *gen, b *strings.Builder) {
	if h == nil {
		return
	}
	b.WriteString(`fn grow(n: int): int = n <= 0 ? 1 : grow(n - 1) + grow(n - 2)

fn ping(n: int): int = n <= 0 ? 0 : pong(n - 1) + 1

fn pong(n: int): int = n <= 0 ? 0 : ping(n - 1) + 1

fn text(s: string, n: int): string = n <= 0 ? s : text(s + s, n - 1)

fn longs(n: int): list[int] = n <= 0 ? [n] : concat(longs(n - 1), longs(n - 1), [n])

choice deep(c: combatant, n: int): int = n <= 0 ? 0 : deep(c, n - 1) + 1

condition weak {
  adjust power by -1
}

event cascade(c: combatant, n: int) "cascade {c.name} {n}"

on cascade {
  if n > 0 {
    emit cascade(c, n - 1)
    emit cascade(c, n - 1)
  }
}

event tick(c: combatant, n: int) "tick {c.name} {n}"

on tick {
  if n > 0 {
    schedule "tick" for c after 0 {
      emit tick(c, n - 1)
    }
  }
}

point strikes(striker: combatant, depth: int) "strikes {striker.name} {depth}"

fn raise(c: combatant, k: int) {
  interrupt strikes(c, k) {
    c.hp -= 0
  } else {
    c.hp += 0
  }
}

order rank(a: combatant, b: combatant) {
  "stronger": a.power > b.power
  "more marks": len(a.marks) > len(b.marks)
  "by name": a.name < b.name
}

modifiers crowd(c: combatant) over combatants as m aggregate sum {
  "near"  1  when m.hp > c.hp
  "far"   2  when len(m.tags) > 0
}

`)
	b.WriteString("table big(n: int) {\n")
	for i := 0; i < 64; i++ {
		fmt.Fprintf(b, "  %d: \"row %d\" %d\n", i, i, i)
	}
	b.WriteString("  _: \"other\" -1\n}\n\n")
	// Bodies drawn by the generator, heavy forms included.
	g.in, g.scope, g.budget = "decl", []local{{"a", tComb}, {"n", tInt}}, 6
	b.WriteString("fn churn(a: combatant, n: int) {\n")
	g.block(b, "  ", 1+g.pick(4))
	b.WriteString("}\n\n")
	g.in, g.scope, g.budget = "handler", []local{{"striker", tComb}, {"depth", tInt}}, 4
	fmt.Fprintf(b, "react strikes \"again\" by striker when depth > 0 {\n  call raise(striker, depth - 1)\n")
	g.block(b, "  ", 1+g.pick(3))
	b.WriteString("}\n\n")
	fmt.Fprintf(b, "react strikes \"watch\" when %s {\n", g.expr(tBool))
	g.block(b, "  ", 1+g.pick(2))
	b.WriteString("}\n\n")
	g.in = ""
}

// expr is a heavy expression of type t, or "" to leave the choice to the
// plain generator. The depth keeps them from nesting without end.
func (h *heavy) expr(g *gen, t typ) string {
	if g.depth > 3 || g.pick(4) != 0 {
		return ""
	}
	n := h.big(g)
	r := "(1.." + n + ")"
	switch t {
	case tInts:
		switch g.pick(9) {
		case 0:
			return r
		case 1:
			return "map(" + r + ", # * " + g.smallInt() + ")"
		case 2:
			return "filter(" + g.expr(tInts) + ", # % 3 == 0)"
		case 3:
			return g.oneOf("sort", "uniq", "reverse") + "(map(" + r + ", -#))"
		case 4:
			return "concat(" + g.expr(tInts) + ", " + g.expr(tInts) + ", " + g.expr(tInts) + ")"
		case 5:
			return "concat(" + g.expr(tInts) + ", " + g.expr(tInts) + ")"
		case 6:
			return "longs(" + g.oneOf("1", "5", "12", "20", "62") + ")"
		case 7:
			return "downto(" + n + ", 1)"
		default:
			return g.expr(tInts) + "[1:" + n + "]"
		}
	case tInt:
		switch g.pick(16) {
		case 0:
			return "sum(" + g.expr(tInts) + ")"
		case 1:
			return "len(flatten(map(" + g.expr(tInts) + ", [#, #])))"
		case 2:
			return "count(" + g.expr(tInts) + ", # % 2 == 0)"
		case 3:
			return "grow(" + g.oneOf("3", "10", "25", "60") + ")"
		case 4:
			return "ping(" + g.oneOf("3", "100", "5000") + ")"
		case 5:
			if g.in == "decl" {
				return ""
			}
			return "deep(" + g.expr(tComb) + ", " + g.oneOf("3", "100", "5000") + ")"
		case 6:
			return "len(text(" + g.expr(tStr) + ", " + g.oneOf("1", "8", "30", "62") + "))"
		case 7:
			return "big(" + g.expr(tInt) + ")"
		case 8:
			return "len(join(map(" + g.expr(tInts) + ", string(#)), ','))"
		case 9:
			return "crowd(" + g.expr(tComb) + ")"
		case 10:
			return "len(string(" + g.expr(tInts) + "))"
		case 11:
			return "findLastIndex(" + g.expr(tInts) + ", # == " + g.smallInt() + ")"
		case 12:
			return "reduce(" + g.expr(tInts) + ", #acc + #, 0)"
		case 13:
			return "path_length(" + g.expr(tComb) + ", " + g.expr(tInt) + ", " + g.expr(tInt) + ")"
		case 14:
			return g.oneOf(g.expr(tComb)+".power", "len(standing("+g.expr(tSides)+"))")
		default:
			return "len(" + g.expr(tStr) + ")"
		}
	case tStr:
		switch g.pick(9) {
		case 0:
			return "join(map(" + g.expr(tInts) + ", string(#)), " + g.oneOf("','", "''", "'--'") + ")"
		case 1:
			return "replace(" + g.expr(tStr) + ", " + g.oneOf("''", "'a'", "'x'") + ", " + g.oneOf("'aa'", "'xyz'", "''") + ")"
		case 2:
			return "string(" + g.expr(tInts) + ")"
		case 3:
			return "text(" + g.expr(tStr) + ", " + g.oneOf("1", "8", "30", "62") + ")"
		case 4:
			return "(" + g.expr(tStr) + " + " + g.expr(tStr) + ")"
		case 5:
			return "join(" + g.expr(tStrs) + ", " + g.expr(tStr) + ")"
		case 6:
			return "cover(" + g.expr(tComb) + ", " + g.expr(tComb) + ")"
		case 7:
			return "string(flatten(map(" + g.expr(tInts) + ", [#, [#]])))"
		default:
			return g.oneOf("upper", "lower", "trim") + "(" + g.expr(tStr) + ")"
		}
	case tStrs:
		switch g.pick(4) {
		case 0:
			return "map(" + g.expr(tInts) + ", string(#))"
		case 1:
			return "split(" + g.expr(tStr) + ", " + g.oneOf("''", "','", "'a'") + ")"
		case 2:
			return "concat(" + g.expr(tStrs) + ", " + g.expr(tStrs) + ")"
		default:
			return g.expr(tComb) + ".notes"
		}
	case tBool:
		switch g.pick(8) {
		case 0:
			return g.oneOf("any", "all", "none", "one") + "(" + g.expr(tInts) + ", # " + g.oneOf("<", ">", "==") + " " + g.smallInt() + ")"
		case 1:
			return "(" + g.expr(tInts) + " == " + g.expr(tInts) + ")"
		case 2:
			return "(" + g.expr(tInt) + " in " + g.expr(tInts) + ")"
		case 3:
			return "(" + g.expr(tStr) + " contains " + g.expr(tStr) + ")"
		case 4:
			return "(" + g.expr(tStr) + " matches " + g.oneOf("'a+b'", "'(a|b)*c'", "'^x.*y$'") + ")"
		case 5:
			return "has(" + g.expr(tComb) + ", " + g.oneOf("'weak'", "'stunned'") + ")"
		case 6:
			return "pending(" + g.expr(tComb) + ", 'tick')"
		default:
			return "line_of_sight(" + g.expr(tComb) + ", " + g.expr(tComb) + ")"
		}
	case tCombs:
		switch g.pick(6) {
		case 0:
			return "living(flatten(map(sides, members(#))))"
		case 1:
			return "nearby(" + g.expr(tComb) + ", " + g.oneOf("5", "30", "500") + ")"
		case 2:
			return "within(" + g.expr(tComb) + ", " + g.expr(tCombs) + ", " + g.oneOf("5", "30", "500") + ")"
		case 3:
			return "engaged_with(" + g.expr(tComb) + ")"
		case 4:
			return "sortBy(" + g.expr(tCombs) + ", .power)"
		default:
			return "concat(" + g.expr(tCombs) + ", " + g.expr(tCombs) + ")"
		}
	}
	return ""
}

// stmt writes a heavy statement, or reports false to leave the choice to
// the plain generator.
func (h *heavy) stmt(g *gen, b *strings.Builder, ind string) bool {
	if g.pick(2) == 0 {
		return false
	}
	// who is a combatant in a local (a statement starts with a name).
	who := func() string {
		if cs := g.locals(tComb); len(cs) > 0 && g.pick(3) != 0 {
			return cs[g.pick(len(cs))]
		}
		c := g.fresh("c")
		fmt.Fprintf(b, "%slet %s = %s\n", ind, c, g.expr(tComb))
		return c
	}
	switch g.pick(31) {
	case 23, 25, 26, 27:
		// a long list held in a local, then read in a loop: every walk
		// of it, by any function, must count
		l := g.fresh("long")
		t := g.oneTypeOf(tInts, tStrs, tStrs)
		elem := g.oneOf("#", "-#", "# % 3")
		if t == tStrs {
			elem = g.oneOf("''", "string(#)", "'x'")
		}
		fmt.Fprintf(b, "%slet %s = map(1..%s, %s)\n", ind, l, g.oneOf("100", "5000", "150000", "150000", "900000"), elem)
		g.scope = append(g.scope, local{l, t})
		fmt.Fprintf(b, "%sfor %s in 1..%s {\n%s  let %s = %s\n", ind, g.fresh("i"), h.big(g), ind, g.fresh("v"), h.consume(g, l, t))
		g.block(b, ind+"  ", g.pick(3))
		fmt.Fprintf(b, "%s}\n", ind)
	case 24, 28, 29, 30:
		// the fight's combatants doubled into a long list, then read in
		// a loop
		l := g.fresh("many")
		fmt.Fprintf(b, "%slet %s = combatants\n%sfor %s in 1..%s {\n%s  %s = concat(%s, %s)\n%s}\n",
			ind, l, ind, g.fresh("i"), g.oneOf("3", "10", "17"), ind, l, l, l, ind)
		g.scope = append(g.scope, local{l, tCombs})
		fmt.Fprintf(b, "%sfor %s in 1..%s {\n%s  let %s = %s\n", ind, g.fresh("i"), h.big(g), ind, g.fresh("v"), h.consume(g, l, tCombs))
		g.block(b, ind+"  ", g.pick(3))
		fmt.Fprintf(b, "%s}\n", ind)
	case 20:
		// a list that holds the same list twice, doubled: a few items
		// held, billions to walk
		d := g.fresh("nest")
		fmt.Fprintf(b, "%slet %s = [1]\n%sfor %s in 1..%s {\n%s  %s = [%s, %s]\n%s}\n", ind, d, ind, g.fresh("i"), g.oneOf("3", "12", "40", "60"), ind, d, d, d, ind)
		use := g.oneOf("uniq([D, D])", "D == D", "D in [D]", "len(flatten(D))", "string(D)", "len(string(D))", "D", "[D] == [D]", "len(uniq(flatten(D)))", "len(groupBy([D], len(#)))", "len(map(D, #))", "reverse(D)")
		fmt.Fprintf(b, "%slog \"{%s}\"\n", ind, strings.ReplaceAll(use, "D", d))
	case 21:
		// a long list in an order: by keys, or timed
		x := g.fresh("x")
		how := g.oneOf(" by "+x+" % 7 desc", " by \"key\" "+x+" % 3, "+x+" desc", " at count "+x+" % 5", " simultaneous")
		fmt.Fprintf(b, "%sfor %s in 1..%s%s {\n", ind, x, h.big(g), how)
		g.scope = append(g.scope, local{x, tInt})
		g.block(b, ind+"  ", 1+g.pick(2))
		g.scope = g.scope[:len(g.scope)-1]
		fmt.Fprintf(b, "%s}\n", ind)
	case 22:
		// the pairwise order over the fight, in groups or simultaneous
		c := g.fresh("c")
		fmt.Fprintf(b, "%sfor %s in %s by rank%s {\n", ind, c, g.oneOf("combatants", "concat(combatants, combatants)", "living(combatants)"), g.oneOf("", " simultaneous"))
		g.scope = append(g.scope, local{c, tComb})
		g.block(b, ind+"  ", 1+g.pick(2))
		g.scope = g.scope[:len(g.scope)-1]
		fmt.Fprintf(b, "%s}\n", ind)
	case 0, 1:
		// a long loop
		i := g.fresh("i")
		fmt.Fprintf(b, "%sfor %s in %s {\n", ind, i, g.oneOf("1.."+h.big(g), "downto("+h.big(g)+", 1)", g.expr(tInts)))
		g.scope = append(g.scope, local{i, tInt})
		g.block(b, ind+"  ", 1+g.pick(3))
		g.scope = g.scope[:len(g.scope)-1]
		fmt.Fprintf(b, "%s}\n", ind)
	case 2:
		// a while that ends late, or never
		k := g.fresh("k")
		fmt.Fprintf(b, "%slet %s = 0\n%swhile %s < %s {\n%s  %s += 1\n", ind, k, ind, k, h.big(g), ind, k)
		g.scope = append(g.scope, local{k, tInt})
		g.block(b, ind+"  ", 1+g.pick(2))
		fmt.Fprintf(b, "%s}\n", ind)
	case 3, 4:
		// a string grown in a loop
		s, i := g.fresh("s"), g.fresh("i")
		fmt.Fprintf(b, "%slet %s = %s\n", ind, s, g.oneOf("'ab'", "'a'", g.expr(tStr)))
		var grow string
		switch g.pick(7) {
		case 0:
			grow = s + " + " + s
		case 1:
			grow = "replace(" + s + ", 'a', 'aa')"
		case 2:
			grow = "join([" + s + ", " + s + "], '-')"
		case 3:
			grow = s + " + string(" + i + ")"
		case 4:
			grow = "upper(" + s + ") + lower(" + s + ")"
		case 5:
			grow = "string([" + s + ", " + s + "])"
		default:
			grow = s + " + " + g.expr(tStr)
		}
		fmt.Fprintf(b, "%sfor %s in 1..%s {\n%s  %s = %s\n", ind, i, h.big(g), ind, s, grow)
		if g.pick(2) == 0 {
			fmt.Fprintf(b, "%s  log \"{len(%s)} {%s}\"\n", ind, s, s)
		}
		fmt.Fprintf(b, "%s}\n", ind)
		g.scope = append(g.scope, local{s, tStr})
	case 5, 6:
		// a list grown in a loop
		l, i := g.fresh("l"), g.fresh("i")
		fmt.Fprintf(b, "%slet %s = %s\n", ind, l, g.oneOf("[1]", "[1, 2, 3]", g.expr(tInts)))
		var grow string
		switch g.pick(5) {
		case 0:
			grow = "concat(" + l + ", " + l + ")"
		case 1:
			grow = "concat(" + l + ", " + l + ", [" + i + "])"
		case 2:
			grow = "concat(" + l + ", [" + i + "])"
		case 3:
			grow = "concat(map(" + l + ", # + 1), " + l + ")"
		default:
			grow = "sort(concat(" + l + ", " + g.expr(tInts) + "))"
		}
		fmt.Fprintf(b, "%sfor %s in 1..%s {\n%s  %s = %s\n%s}\n", ind, i, h.big(g), ind, l, grow, ind)
		g.scope = append(g.scope, local{l, tInts})
	case 7:
		// strings kept on a combatant, grown
		c := who()
		fmt.Fprintf(b, "%sfor %s in 1..%s {\n%s  %s.notes = concat(%s.notes, [%s])\n%s}\n", ind, g.fresh("i"), h.big(g), ind, c, c, g.expr(tStr), ind)
	case 8:
		fmt.Fprintf(b, "%semit cascade(%s, %s)\n", ind, who(), g.oneOf("2", "8", "30"))
	case 9:
		fmt.Fprintf(b, "%semit tick(%s, %s)\n", ind, who(), g.oneOf("2", "50", "100000"))
	case 10:
		// (a reaction cannot raise its own point in its body: the point's
		// parameters would hide its own; a procedure can)
		fmt.Fprintf(b, "%scall raise(%s, %s)\n", ind, who(), g.oneOf("2", "50", "100000"))
	case 11:
		// conditions on and off in a loop
		c := g.fresh("c")
		fmt.Fprintf(b, "%sfor %s in %s {\n%s  for %s in 1..%s {\n%s    apply condition weak to %s for 2 rounds\n%s    %s.hp += 0\n%s    remove condition weak from %s\n%s  }\n%s}\n",
			ind, c, g.expr(tCombs), ind, g.fresh("i"), h.big(g), ind, c, ind, c, ind, c, ind, ind)
	case 12:
		if g.in != "decl" || g.pick(3) == 0 {
			fmt.Fprintf(b, "%scall churn(%s, %s)\n", ind, who(), g.expr(tInt))
		}
	case 13:
		// a block scheduled from a loop, reading the loop's list
		i := g.fresh("i")
		l := g.fresh("l")
		fmt.Fprintf(b, "%slet %s = %s\n%sfor %s in 1..%s {\n%s  schedule \"held\" for %s after %s {\n%s    log \"{len(%s)}\"\n%s  }\n%s}\n",
			ind, l, g.expr(tInts), ind, i, h.big(g), ind, who(), g.oneOf("0", "1", "2"), ind, l, ind, ind)
	case 14:
		// table look-ups in a loop
		i := g.fresh("i")
		fmt.Fprintf(b, "%sfor %s in 1..%s {\n%s  log \"{big(%s %% 70)} {rate(%s, %s)} {crowd(%s)}\"\n%s}\n", ind, i, h.big(g), ind, i, g.expr(tStr), i, who(), ind)
	case 15:
		if g.in == "" && len(g.locals(tComb)) > 0 && g.scope[0].name != "self" { // a phase's body, not the action's
			// every combatant acts again, in a timed loop or by a key
			c := g.fresh("c")
			if g.pick(2) == 0 {
				fmt.Fprintf(b, "%sfor %s in living(combatants) at count %s.hp %% 5 {\n%s  act %s\n%s  schedule \"later\" for %s after %s {\n%s    %s.hp -= 0\n%s  }\n%s}\n",
					ind, c, c, ind, c, ind, c, g.oneOf("1", "3"), ind, c, ind, ind)
			} else {
				fmt.Fprintf(b, "%sdeclare\n%sfor %s in living(combatants) by %s.power desc {\n%s  act %s\n%s}\n", ind, ind, c, c, ind, c, ind)
			}
		}
	case 16:
		// engagement in a loop
		a, c := g.fresh("c"), g.fresh("c")
		fmt.Fprintf(b, "%sfor %s in combatants {\n%s  for %s in %s {\n%s    if %s != %s {\n%s      engage(%s, %s)\n%s    }\n%s  }\n%s  disengage(%s)\n%s}\n",
			ind, a, ind, c, g.expr(tCombs), ind, a, c, ind, a, c, ind, ind, ind, a, ind)
	case 17:
		// grid functions in a loop
		c := g.fresh("c")
		fmt.Fprintf(b, "%sfor %s in %s {\n%s  log \"{step_toward(%s, %s, 30)} {straight_toward(%s, %s, 30)} {path_length(%s, %s, %s)} {len(nearby(%s, 60))}\"\n%s}\n",
			ind, c, g.oneOf("combatants", "living(combatants)"), ind, c, who(), c, who(), c, g.smallInt(), g.smallInt(), c, ind)
	case 18:
		// the assignment a derived attribute is recomputed after
		c := who()
		fmt.Fprintf(b, "%sfor %s in 1..%s {\n%s  %s.marks = concat(%s.marks, [%s.power])\n%s}\n", ind, g.fresh("i"), h.big(g), ind, c, c, c, ind)
	default:
		fmt.Fprintf(b, "%sfor %s in 1..%s {\n", ind, g.fresh("i"), h.big(g))
		g.logStmt(b, ind+"  ")
		fmt.Fprintf(b, "%s}\n", ind)
	}
	return true
}

// consume is an expression that reads the list l of type t whole, or
// part of it: each function and operator that takes a list, so that
// one that walks a long list uncounted meets one (@L is the list, @C a
// combatant).
func (h *heavy) consume(g *gen, l string, t typ) string {
	forms := []string{"len(@L)", "first(@L)", "last(@L)", "@L[0]", "len(@L[1:])", "len(reverse(@L))", "len(concat(@L, @L))",
		"@L == @L", "len(uniq(@L))", "len(flatten([@L, @L]))", "len(map(@L, #))", "count(@L, # == #)", "len(string(@L)) > 0",
		"findIndex(@L, # != #)", "findLastIndex(@L, # != #)", "any(@L, # != #)", "all(@L, # == #)", "len(groupBy(@L, 1))", "len(take(@L, 3))"}
	switch t {
	case tInts:
		forms = append(forms, "sum(@L)", "max(@L)", "min(@L)", "mean(@L)", "median(@L)", "len(sort(@L))", "-1 in @L", "len(filter(@L, # < 0))",
			"len(join(map(@L, ''), ''))", "reduce(@L, #acc + #, 0)", "len(sortBy(@L, -#))", "@L == concat(@L, [1])", "len(downto(len(@L), 1))")
	case tStrs:
		forms = append(forms, "join(@L, '')", "len(join(@L, ','))", "'x' in @L", "len(sort(@L))", "len(filter(@L, # == 'y'))",
			"len(split(join(@L, ','), ','))", "len(map(@L, upper(#)))", "len(@L[0])", "@L == concat(@L, ['z'])", "len(sortBy(@L, #))")
	case tCombs:
		c := g.leaf(tComb)
		forms = append(forms, "len(within(@C, @L, 500))", "nearest(@C, @L)", "len(living(@L))", "len(healthy(@L))", "pick(@L)", "len(sortBy(@L, .hp))",
			"@C in @L", "len(filter(@L, .hp > 0))", "count(@L, .brave)", "len(map(@L, .name))", "sum(map(@L, .hp))", "bonus(@C) + len(@L)",
			"len(join(map(@L, .name), ''))", "len(flatten(map(@L, [#])))")
		for i := range forms {
			forms[i] = strings.ReplaceAll(forms[i], "@C", c)
		}
	}
	return strings.ReplaceAll(forms[g.pick(len(forms))], "@L", l)
}

// generateHeavy writes a heavy program of one chooser.
func generateHeavy(c chooser) (rules, encounter string) {
	return (&gen{c: c, heavy: &heavy{}}).program()
}

// publicFuncs are the names of stdlib.Funcs a rule can call.
func publicFuncs() []string {
	var out []string
	for _, f := range stdlib.Funcs {
		if !strings.HasPrefix(f.Name, "__") {
			out = append(out, f.Name)
		}
	}
	return out
}
