package stdlib

import (
	"reflect"
	"testing"
)

func TestPathLength(t *testing.T) {
	cases := []struct {
		name string
		rows []string
		occ  []byte
		want int
	}{
		{"open floor, diagonal steps count one", []string{"a...", "....", "...b"}, nil, 3},
		{"around a wall, no corner cut", []string{"a#b", ".#.", "..."}, nil, 6},
		{"no corner cutting", []string{"a#", ".b"}, nil, 2},
		{"walled off", []string{"a#b"}, nil, -1},
		{"around someone", []string{"a.b", "###"}, []byte{'x'}, 2},
		{"onto someone", []string{"axb"}, []byte{'b'}, -1},
		{"blocked by someone", []string{"axb", "###"}, []byte{'x'}, -1},
		{"same square", []string{"a"}, nil, 0},
	}
	for _, c := range cases {
		g, at := testGrid(c.rows...)
		to, ok := at['b']
		if !ok {
			to = at['a']
		}
		var occ []Point
		for _, o := range c.occ {
			occ = append(occ, at[o])
		}
		if got := g.PathLength(at['a'], to, occ); got != c.want {
			t.Errorf("%s: PathLength = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestLine(t *testing.T) {
	cases := []struct {
		a, b Point
		want []Point
	}{
		{Point{0, 0}, Point{3, 0}, []Point{{0, 0}, {1, 0}, {2, 0}, {3, 0}}},
		{Point{0, 0}, Point{2, 2}, []Point{{0, 0}, {1, 1}, {2, 2}}},
		{Point{0, 0}, Point{4, 2}, []Point{{0, 0}, {1, 0}, {2, 1}, {3, 1}, {4, 2}}},
		{Point{4, 2}, Point{0, 0}, []Point{{4, 2}, {3, 2}, {2, 1}, {1, 1}, {0, 0}}},
		{Point{1, 1}, Point{1, 1}, []Point{{1, 1}}},
	}
	for _, c := range cases {
		if got := Line(c.a, c.b); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Line(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestStraight(t *testing.T) {
	cases := []struct {
		name    string
		rows    []string
		squares int
		occ     []byte
		want    byte // where the run ends
	}{
		{"runs up to the target", []string{"a...eb"}, 10, nil, 'e'},
		{"at most the given squares", []string{"a.e..b"}, 2, nil, 'e'},
		{"stops before a wall", []string{"a.e#.b"}, 10, nil, 'e'},
		{"stops before someone", []string{"a.ex.b"}, 10, []byte{'x'}, 'e'},
		{"never detours", []string{"ae#..b", "......"}, 10, nil, 'e'},
		{"diagonal", []string{"a...", ".e..", "..b."}, 10, nil, 'e'},
	}
	for _, c := range cases {
		g, at := testGrid(c.rows...)
		var occ []Point
		for _, o := range c.occ {
			occ = append(occ, at[o])
		}
		want := at[c.want]
		if got := g.Straight(at['a'], at['b'], c.squares, occ); got != want {
			t.Errorf("%s: Straight = %v, want %v", c.name, got, want)
		}
	}
}
