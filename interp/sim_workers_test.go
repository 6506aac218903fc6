package interp

import (
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/stdlib"
)

// A batch plays as many fights at once as asked, but on a map so large
// that each fight keeps hundreds of megabytes for it, fewer: at least one.
func TestSimWorkersByMapSize(t *testing.T) {
	onMap := func(w, h int) *check.Encounter {
		return &check.Encounter{Map: &check.MapSpec{Grid: stdlib.NewGrid(w, h)}}
	}
	for _, c := range []struct {
		name  string
		enc   *check.Encounter
		asked int
		want  int
	}{
		{"no map", &check.Encounter{}, 8, 8},
		{"none asked", &check.Encounter{}, 0, 1},
		{"a drawn battlefield", onMap(60, 40), 16, 16},
		{"200x200", onMap(200, 200), 16, 16},
		{"1000x1000", onMap(1000, 1000), 16, 3},
		{"2000x2000", onMap(2000, 2000), 16, 1},
		{"2000x2000, one asked", onMap(2000, 2000), 1, 1},
	} {
		if got := simWorkers(c.enc, c.asked); got != c.want {
			t.Errorf("%s: %d workers asked, %d played, want %d", c.name, c.asked, got, c.want)
		}
	}
}
