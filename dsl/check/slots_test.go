package check

import "testing"

// TestPayable checks the matching of cost groups to slots, where a greedy
// choice would fail: the first group may take main or move, the second
// only main, so the first must take move.
func TestPayable(t *testing.T) {
	slots := []*Slot{{Name: "main", Count: 1}, {Name: "move", Count: 1}, {Name: "free", Count: 2}}
	const main, move, free = 0, 1, 2
	for _, tc := range []struct {
		name   string
		groups [][]int
		want   bool
	}{
		{"nothing", nil, true},
		{"one main", [][]int{{main}}, true},
		{"two mains", [][]int{{main}, {main}}, false},
		{"main or move, then main", [][]int{{main, move}, {main}}, true},
		{"main then move or main, then move", [][]int{{main}, {move, main}, {move}}, false},
		{"two moves, one of them a main", [][]int{{move, main}, {move, main}}, true},
		{"three moves", [][]int{{move, main}, {move, main}, {move, main}}, false},
		{"instant and main, then free twice", [][]int{{main}, {free}, {free}}, true},
		{"more groups than slots", [][]int{{free}, {free}, {free}, {main}, {move}}, false},
	} {
		if got := payable(tc.groups, slots); got != tc.want {
			t.Errorf("%s: payable = %v, want %v", tc.name, got, tc.want)
		}
	}
	// A long line under many slots stays quick (no search over states).
	many := make([]*Slot, 10)
	for i := range many {
		many[i] = &Slot{Name: "s", Count: 1000}
	}
	var long [][]int
	for g := 0; g < 3000; g++ {
		long = append(long, []int{g % 10, (g + 1) % 10})
	}
	if !payable(long, many) {
		t.Error("3000 groups under 10 slots of 1000: want payable")
	}
	long = append(long, make([][]int, 7001)...)
	for g := 3000; g < len(long); g++ {
		long[g] = []int{0}
	}
	if payable(long, many) {
		t.Error("more groups than the slots hold: want not payable")
	}
}

// TestPayerLongLine is the line that made a matching by groups slow (each
// new group walked every group placed before it): 50 000 declarations
// that may take move or main, then as many that need move, each of which
// must push one of the first into main. By kinds of groups it is quick.
func TestPayerLongLine(t *testing.T) {
	slots := []*Slot{{Name: "main", Count: 50000}, {Name: "move", Count: 50000}}
	p := newPayer(slots)
	for i := 0; i < 50000; i++ {
		if !p.add([]int{1, 0}) {
			t.Fatalf("move or main %d does not fit", i)
		}
	}
	for i := 0; i < 50000; i++ {
		if !p.add([]int{1}) {
			t.Fatalf("move %d does not fit", i)
		}
	}
	if p.add([]int{1}) {
		t.Error("a group past every slot fits")
	}
	if p.used[0] != 50000 || p.used[1] != 50000 {
		t.Errorf("used %v, want every slot full", p.used)
	}
}
