package fraytest

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/interp"
)

// found is what a function of an expectation looked for and where it
// found it (-1: nowhere), kept to show the log around it on a failure.
type found struct {
	query string
	index int
}

// fight is one played fight as expectations see it.
type fight struct {
	events []*interp.Event
	data   check.TestData
	sides  reflect.Value    // []*side
	comb   reflect.Value    // []*combatant
	looked []found          // filled while an expectation is evaluated
	states *states          // kept when an expectation reads after_round or after_segment
	size   *check.FightSize // of the log, for affords; found once
}

func newFight(events []*interp.Event, res interp.Result, sides, comb reflect.Value) *fight {
	f := &fight{events: events, sides: sides, comb: comb}
	f.data.Rounds, f.data.Standing, f.data.Capped = res.Rounds, append([]string{}, res.Standing...), res.Capped
	f.data.Events = make([]check.TestEvent, len(events))
	f.data.Log = make([]string, len(events))
	// Expectations read the lines of the verbose log (fray run -v): every
	// argument of an act, every tie-break of an order, so that a test can
	// pin what the read-aloud log leaves out.
	for i, e := range events {
		te := check.TestEvent{Seq: e.Seq, Kind: e.Kind, Round: e.Round, Segment: e.Segment, Phase: e.Phase, Who: e.Who,
			Why: e.Why, Name: e.Name, Dice: e.Dice, Faces: e.Faces, Text: e.VerboseText()}
		if e.Total != nil {
			te.Total = *e.Total
		}
		f.data.Events[i] = te
		f.data.Log[i] = e.VerboseText()
	}
	return f
}

// affords refuses an expectation whose evaluation over this fight would
// pass --max-iterations (check.ExpectWork): expr-lang cannot be stopped
// once it runs.
func (f *fight) affords(ex *check.Expectation) error {
	if ex.MaxWork <= 0 {
		return nil
	}
	if f.size == nil {
		sz := check.FightSize{Events: len(f.data.Log)}
		for _, t := range f.data.Log {
			sz.Text += len(t)
			sz.Longest = max(sz.Longest, len(t))
		}
		for _, e := range f.data.Events {
			sz.Faces = max(sz.Faces, len(e.Faces))
		}
		f.size = &sz
	}
	sz := *f.size
	sz.Unknown = max(ex.Unknown, f.sides.Len(), f.comb.Len())
	if n := check.ExpectWork(ex.Tree, sz); n > ex.MaxWork {
		return fmt.Errorf("over this fight's log of %d events (%d bytes), it would take about %d steps, more than the %d of --max-iterations (expr-lang cannot be stopped once it runs); raise it with --max-iterations", sz.Events, sz.Text, n, ex.MaxWork)
	}
	return nil
}

// env is the environment value of a test's expectations for this fight.
func (f *fight) env(te *check.TestEnv) reflect.Value {
	v := reflect.New(te.R).Elem()
	copyFields(v, reflect.ValueOf(f.data))
	copyFields(v, reflect.ValueOf(f.funcs()))
	v.FieldByName(check.TestFieldSides).Set(f.sides)
	v.FieldByName(check.TestFieldCombatants).Set(f.comb)
	byName := func(list reflect.Value, idx map[string]int) {
		for i := 0; i < list.Len(); i++ {
			p := list.Index(i)
			if j, ok := idx[p.Elem().Field(check.FieldName).String()]; ok {
				v.Field(j).Set(p)
			}
		}
	}
	byName(f.sides, te.Sides)
	byName(f.comb, te.Combatants)
	st := f.states
	v.FieldByName(check.TestFieldAfterRound).Set(reflect.MakeFunc(v.FieldByName(check.TestFieldAfterRound).Type(), func(args []reflect.Value) []reflect.Value {
		if st == nil {
			return []reflect.Value{reflect.Zero(te.State)}
		}
		return []reflect.Value{st.afterRound(int(args[0].Int()))}
	}))
	v.FieldByName(check.TestFieldAfterSegment).Set(reflect.MakeFunc(v.FieldByName(check.TestFieldAfterSegment).Type(), func(args []reflect.Value) []reflect.Value {
		if st == nil {
			return []reflect.Value{reflect.Zero(te.State)}
		}
		return []reflect.Value{st.afterSegment(int(args[0].Int()), int(args[1].Int()))}
	}))
	return v
}

// copyFields sets the fields of dst named as src's.
func copyFields(dst, src reflect.Value) {
	t := src.Type()
	for i := 0; i < t.NumField(); i++ {
		dst.FieldByName(t.Field(i).Name).Set(src.Field(i))
	}
}

// first finds the first event that ok accepts and records the search.
func (f *fight) first(query string, ok func(e *interp.Event) bool) int {
	for i, e := range f.events {
		if ok(e) {
			f.looked = append(f.looked, found{query, i})
			return i
		}
	}
	f.looked = append(f.looked, found{query, -1})
	return -1
}

func inRound(e *interp.Event, round int) bool { return round < 0 || e.Round == round }

func (f *fight) funcs() check.TestFuncs {
	return check.TestFuncs{
		Event: func(name string, round int, text string) int {
			return f.first(fmt.Sprintf("event(%q, %d, %q)", name, round, text), func(e *interp.Event) bool {
				return e.Kind == interp.KEvent && e.Name == name && inRound(e, round) && strings.Contains(e.VerboseText(), text)
			})
		},
		Line: func(round int, text string) int {
			return f.first(fmt.Sprintf("line(%d, %q)", round, text), func(e *interp.Event) bool {
				return e.Kind == interp.KLog && inRound(e, round) && strings.Contains(e.VerboseText(), text)
			})
		},
		Act: func(who string, round int) int {
			return f.first(fmt.Sprintf("act(%q, %d)", who, round), func(e *interp.Event) bool {
				return e.Kind == interp.KAct && e.Who == who && inRound(e, round)
			})
		},
		Roll: func(who string, round int, why string) int {
			return f.first(fmt.Sprintf("roll(%q, %d, %q)", who, round, why), func(e *interp.Event) bool {
				return e.Kind == interp.KRoll && (who == "" || e.Who == who) && inRound(e, round) && (why == "" || e.Why == why)
			})
		},
		Find: func(text string) int {
			return f.first(fmt.Sprintf("find(%q)", text), func(e *interp.Event) bool { return strings.Contains(e.VerboseText(), text) })
		},
		Exactly: func(text string) int {
			return f.first(fmt.Sprintf("exactly(%q)", text), func(e *interp.Event) bool { return e.VerboseText() == text })
		},
		Rolls: func(who string, round int, why string) int {
			n := 0
			for _, e := range f.events {
				if e.Kind == interp.KRoll && (who == "" || e.Who == who) && inRound(e, round) && (why == "" || e.Why == why) {
					n++
				}
			}
			return n
		},
		Before: func(a, b int) bool { return a >= 0 && b >= 0 && a < b },
		Has:    func(i int) bool { return i >= 0 },
		Text: func(i int) string {
			if i < 0 || i >= len(f.events) {
				return ""
			}
			return f.events[i].VerboseText()
		},
		Acts: func(round int) string {
			by := map[int][]string{}
			for _, e := range f.events {
				if e.Kind == interp.KAct && e.Round == round {
					by[e.Segment] = append(by[e.Segment], e.Who)
				}
			}
			var segs []int
			for s := range by {
				segs = append(segs, s)
			}
			sort.Ints(segs)
			parts := make([]string, len(segs))
			for i, s := range segs {
				parts[i] = strconv.Itoa(s) + ": " + strings.Join(by[s], ", ")
			}
			return strings.Join(parts, "; ")
		},
		Order: func(round int) string {
			var who []string
			for _, e := range f.events {
				if e.Kind == interp.KAct && e.Round == round {
					who = append(who, e.Who)
				}
			}
			return strings.Join(who, ", ")
		},
		Declared: func(round int, phase string) string {
			var who []string
			for _, e := range f.events {
				if e.Kind == interp.KDeclare && e.Round == round && (phase == "" || e.Phase == phase) {
					who = append(who, e.Who)
				}
			}
			return strings.Join(who, ", ")
		},
		Phases: func(round int) string {
			var out []string
			seen := map[string]bool{}
			for _, e := range f.events {
				if inRound(e, round) && e.Phase != "" && !seen[e.Phase] {
					seen[e.Phase] = true
					out = append(out, e.Phase)
				}
			}
			return strings.Join(out, ", ")
		},
		Grouped: func(round int, prefix string) string {
			by := map[int][]string{}
			n, ok := 0, false
			for _, e := range f.events {
				if e.Round != round {
					continue
				}
				// A log line, or a timed loop's heading ("count 5").
				if (e.Kind == interp.KLog || e.Kind == interp.KMoment) && strings.HasPrefix(e.VerboseText(), prefix) {
					var err error
					n, err = strconv.Atoi(strings.TrimPrefix(e.VerboseText(), prefix))
					ok = err == nil
				}
				if e.Kind == interp.KAct && ok {
					by[n] = append(by[n], e.Who)
				}
			}
			keys := make([]int, 0, len(by))
			for k := range by {
				keys = append(keys, k)
			}
			sort.Ints(keys)
			parts := make([]string, len(keys))
			for i, k := range keys {
				parts[i] = strconv.Itoa(k) + ": " + strings.Join(by[k], ", ")
			}
			return strings.Join(parts, "; ")
		},
		InOrder: func(texts ...string) bool {
			i := 0
			for _, e := range f.events {
				if i < len(texts) && strings.TrimSpace(e.VerboseText()) == texts[i] {
					i++
				}
			}
			if i < len(texts) {
				f.looked = append(f.looked, found{fmt.Sprintf("in_order: %q, after %d of %d lines", texts[i], i, len(texts)), -1})
			}
			return i == len(texts)
		},
		Logged: func(texts ...string) bool {
			for _, t := range texts {
				if f.first(fmt.Sprintf("logged: %q", t), func(e *interp.Event) bool { return strings.Contains(e.VerboseText(), t) }) < 0 {
					return false
				}
			}
			return true
		},
		Near: func(x, want, tol float64) bool { return math.Abs(x-want) <= tol },
	}
}
