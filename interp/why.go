package interp

import (
	"fmt"
	"strings"
)

// Why: fray run --why NAME explains each ordering decision that places
// NAME (a combatant, or its side, or a side), or every item with "all".
// After an order event, each explained item gets a why event: its keys,
// its place, who shares it and why, and the key that put it after the
// one before it and before the one after it, with both values. Between
// neighbours is enough: the order is sorted, so that explains the whole
// of it. The choice is the run's (Options.Why), made before the fight;
// a run without it makes no why event and does no work for one.

// KWhy is the kind of a why event.
const KWhy = "why"

// WhyEveryone asks for every item of every order to be explained; so
// does WhyAll, unless a combatant or side of the encounter is named
// all, when it asks for that one (a name is never "*").
const (
	WhyEveryone = "*"
	WhyAll      = "all"
)

// WhyMeansEveryone reports whether fray run --why asked with the name
// explains everyone's place in an encounter with those combatants and
// sides (named reports whether one of them is so named).
func WhyMeansEveryone(asked string, named func(string) bool) bool {
	return asked == WhyEveryone || asked == WhyAll && !named(WhyAll)
}

// whyNames are the names whose places are explained: the asked name and,
// for a combatant, its side; nil for everyone's.
func (r *Run) whyNames() map[string]bool {
	if WhyMeansEveryone(r.opt.Why, r.enc.HasName) {
		return nil
	}
	names := map[string]bool{r.opt.Why: true}
	for _, s := range r.enc.Sides {
		for _, c := range s.Combatants {
			if c.Name == r.opt.Why {
				names[s.Name] = true
			}
		}
	}
	return names
}

// explainOrder makes the why events of one order (loop.go, logOrder).
func (r *Run) explainOrder(n *forNode, items []orderItem, groups [][]orderItem) {
	names := r.whyNames()
	for gi, g := range groups {
		for ii := range g {
			it := &g[ii]
			name := show(it.v)
			if names != nil && !names[name] {
				continue
			}
			r.emitLog(r.whyEvent(n, groups, gi, ii, name))
		}
	}
}

func (r *Run) whyEvent(n *forNode, groups [][]orderItem, gi, ii int, name string) *Event {
	g := groups[gi]
	it := g[ii]
	var parts []string
	keys := map[string]any{}
	var kv []string
	for k, key := range n.keys {
		keys[key.label] = jsonValue(it.keys[k].value())
		kv = append(kv, fmt.Sprintf("%s %s", key.label, show(it.keys[k].value())))
	}
	parts = append(parts, fmt.Sprintf("%s of %d places", ordinal(gi+1), len(groups)))
	parts = append(parts, strings.Join(kv, ", "))
	args := map[string]any{"asked": r.opt.Why, "keys": keys, "place": gi + 1, "places": len(groups)}
	// Its own group: simultaneous on equal keys.
	if len(g) > 1 {
		var with []string
		for j := range g {
			if j != ii {
				with = append(with, show(g[j].v))
			}
		}
		args[n.tieWord()+"_with"] = with
		parts = append(parts, fmt.Sprintf("%s with %s: every key equal", n.tieWord(), strings.Join(with, ", ")))
	}
	// The neighbours outside its group.
	if gi > 0 {
		prev := groups[gi-1][len(groups[gi-1])-1]
		s, step := stepWhy(n, prev, it, show(prev.v), "after")
		parts, args["after"] = append(parts, s), step
	}
	if gi+1 < len(groups) {
		next := groups[gi+1][0]
		s, step := stepWhy(n, it, next, show(next.v), "before")
		parts, args["before"] = append(parts, s), step
	}
	return &Event{Kind: KWhy, Who: name, Args: args, Text: fmt.Sprintf("why %s: %s", name, strings.Join(parts, "; "))}
}

// stepWhy says why first comes before second in an order: the first key
// that differs, with both values and the keys they tied on. other names
// the neighbour; rel is "after" or "before" (of the explained item).
func stepWhy(n *forNode, first, second orderItem, other, rel string) (string, map[string]any) {
	var tied []string
	for k, key := range n.keys {
		if cmpKey(first.keys[k], second.keys[k]) == 0 {
			tied = append(tied, fmt.Sprintf("%s %s", key.label, show(first.keys[k].value())))
			continue
		}
		a, b := first.keys[k].value(), second.keys[k].value()
		if rel == "after" {
			a, b = b, a // the explained item's value first
		}
		s := fmt.Sprintf("%s %s: %s %s vs %s, %s", rel, other, key.label, show(a), show(b), direction(key))
		if len(tied) > 0 {
			s += " (tied on " + strings.Join(tied, ", ") + ")"
		}
		return s, map[string]any{"name": other, "key": key.label, "values": []any{jsonValue(a), jsonValue(b)}, "tied_on": len(tied)}
	}
	// Every key equal, yet not simultaneous: the list's own order decided.
	return fmt.Sprintf("%s %s: every key equal, so the list's order decides", rel, other),
		map[string]any{"name": other, "key": "list order", "tied_on": len(tied)}
}

func direction(k orderKey) string {
	if k.desc {
		return "highest first"
	}
	return "lowest first"
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}
