package interp_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// TestWhyGolden plays every example encounter with Why: all and holds
// its ordering decisions and their explanations to testdata/why/NAME.golden
// (go test ./interp -run TestWhyGolden -update rewrites them). The list is
// the directory's: a new example needs no edit here.
func TestWhyGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "encounters", "*.fray"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no example encounters: %v", err)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".fray")
		t.Run(name, func(t *testing.T) {
			plain := playEvents(t, path, "")
			why := playEvents(t, path, interp.WhyAll)
			// The explanations add events and change nothing else.
			if got, want := withoutWhy(why), plain; !sameFight(got, want) {
				t.Fatalf("asking why changed the fight")
			}
			var b strings.Builder
			n := 0
			for _, e := range why {
				switch e.Kind {
				case interp.KOrder:
					fmt.Fprintf(&b, "round %d, segment %d, %s: %s\n", e.Round, e.Segment, e.Phase, e.Text)
				case interp.KWhy:
					n++
					fmt.Fprintf(&b, "  %s\n", e.Text)
					for _, k := range []string{"asked", "place", "places"} {
						if _, ok := e.Args[k]; !ok {
							t.Errorf("why event without %s: %s", k, e.Text)
						}
					}
					// A loop by keys names its keys; one by a pairwise order, the order.
					_, keys := e.Args["keys"]
					_, order := e.Args["order"]
					if !keys && !order {
						t.Errorf("why event without keys or order: %s", e.Text)
					}
				}
			}
			if n == 0 {
				t.Fatal("no ordering decision explained")
			}
			golden := filepath.Join("testdata", "why", name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test ./interp -run TestWhyGolden -update makes it)", err)
			}
			if b.String() != string(want) {
				t.Errorf("the explanations differ from %s:\n%s", golden, b.String())
			}
		})
	}
}

// TestWhyNamesOne explains only the asked combatant and its side.
func TestWhyNamesOne(t *testing.T) {
	path := filepath.Join("..", "testdata", "encounters", "crucible_ambush.fray")
	events := playEvents(t, path, "aelis")
	n := 0
	for _, e := range events {
		if e.Kind != interp.KWhy {
			continue
		}
		n++
		if e.Who != "aelis" && e.Who != "party" {
			t.Errorf("asked about aelis, explained %s: %s", e.Who, e.Text)
		}
		if e.Args["asked"] != "aelis" {
			t.Errorf("asked: %v", e.Args["asked"])
		}
	}
	if n == 0 {
		t.Fatal("aelis's places were not explained")
	}
}

func playEvents(t *testing.T, path, why string) []*interp.Event {
	t.Helper()
	enc, diags := check.UnderRoot("..").LoadEncounter(path, "", diag.Sources{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	opt := interp.Options{Seed: 1, Why: why}
	if enc.HasSeed {
		opt.Seed = enc.Seed
	}
	opt.Dice = enc.Dice
	var events []*interp.Event
	opt.Sink = func(e *interp.Event) {
		cp := *e
		events = append(events, &cp)
	}
	if _, err := interp.New(interp.Lower(enc.Rules), enc, opt).Play(); err != nil {
		t.Fatal(err)
	}
	return events
}

func withoutWhy(events []*interp.Event) []*interp.Event {
	var out []*interp.Event
	for _, e := range events {
		if e.Kind != interp.KWhy {
			out = append(out, e)
		}
	}
	return out
}

// sameFight compares two fights' events but for their numbers.
func sameFight(a, b []*interp.Event) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := *a[i], *b[i]
		x.Seq, y.Seq = 0, 0
		if !reflect.DeepEqual(x, y) {
			return false
		}
	}
	return true
}
