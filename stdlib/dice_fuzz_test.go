package stdlib_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/frayrules/fray/stdlib"
)

// diceRe finds dice notation in the repository's rule and encounter files.
var diceRe = regexp.MustCompile(`\b[0-9]*d(?:[0-9]+|%)(?:[+-][0-9]+)?`)

func diceSeeds(tb testing.TB) []string {
	tb.Helper()
	seen := map[string]bool{}
	var out []string
	for _, root := range []string{"../rules", "../testdata"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || !strings.HasSuffix(path, ".fray") {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range diceRe.FindAllString(string(data), -1) {
				if !seen[m] {
					seen[m] = true
					out = append(out, m)
				}
			}
			return nil
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

func FuzzParseDice(f *testing.F) {
	for _, s := range diceSeeds(f) {
		f.Add(s)
	}
	for _, s := range []string{"d6", "2d6", "d%", "3d8+2", "1d4-1", "d100", "1000d1000000", "0d6", "d1", "2d6+-1", "+1d6", "d6+0", "", "4d6kh3", "2d20kl1", "5d6dh1", "4d6dl1", "d6!", "3d6!kh2+1", "5d6>=5", "10d10>7", "6d6<=2", "4d6<3", "6d6=6", "d6!=3", "4d6kh5", "5d6>=7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := stdlib.ParseDice(s)
		if err != nil {
			return
		}
		if d.N < 1 || d.N > stdlib.MaxDice || d.Faces < 2 || d.Faces > stdlib.MaxFaces {
			t.Fatalf("ParseDice(%q) accepted %+v outside the bounds", s, d)
		}
		if d.Min() > d.Max() {
			t.Fatalf("ParseDice(%q) = %+v: Min %d > Max %d", s, d, d.Min(), d.Max())
		}
		back, err := stdlib.ParseDice(d.String())
		if err != nil {
			t.Fatalf("ParseDice(%q) = %+v, but its String %q does not parse: %v", s, d, d.String(), err)
		}
		if back != d {
			t.Fatalf("ParseDice(%q) = %+v; String %q parses back as %+v", s, d, d.String(), back)
		}
	})
}

func TestParseDice(t *testing.T) {
	tests := []struct {
		in   string
		want stdlib.Dice
	}{
		{"d6", stdlib.Dice{N: 1, Faces: 6}},
		{"2d6", stdlib.Dice{N: 2, Faces: 6}},
		{"d%", stdlib.Dice{N: 1, Faces: 100}},
		{"10d10", stdlib.Dice{N: 10, Faces: 10}},
		{"3d8+2", stdlib.Dice{N: 3, Faces: 8, Mod: 2}},
		{"1d4-1", stdlib.Dice{N: 1, Faces: 4, Mod: -1}},
	}
	for _, tt := range tests {
		got, err := stdlib.ParseDice(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseDice(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "6", "d", "0d6", "d0", "d1", "2d", "xd6", "d6+", "d6+x", "1001d6", "d1000001", "dd6"} {
		if d, err := stdlib.ParseDice(bad); err == nil {
			t.Errorf("ParseDice(%q) = %+v, want an error", bad, d)
		}
	}
}
