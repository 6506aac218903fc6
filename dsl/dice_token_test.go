package dsl_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/syntax"
)

// The dice notation is one token: keep/drop, exploding and, after a
// written count of dice, a comparison (a count of successes). Without a
// count, or with a space, a comparison stays an operator, as before.
func TestTokenizeDiceNotation(t *testing.T) {
	tests := []struct {
		src  string
		want []tok
	}{
		{"4d6kh3", []tok{{dic, "4d6kh3", 1, 1}}},
		{"2d20kl1+5", []tok{{dic, "2d20kl1", 1, 1}, {pun, "+", 1, 8}, {num, "5", 1, 9}}},
		{"4d6dl1 3d6dh1", []tok{{dic, "4d6dl1", 1, 1}, {dic, "3d6dh1", 1, 8}}},
		{"d6!", []tok{{dic, "d6!", 1, 1}}},
		{"3d6!kh2", []tok{{dic, "3d6!kh2", 1, 1}}},
		{"5d6>=5", []tok{{dic, "5d6>=5", 1, 1}}},
		{"4d6kh3>=5 + 1", []tok{{dic, "4d6kh3>=5", 1, 1}, {pun, "+", 1, 11}, {num, "1", 1, 13}}},
		{"10d10>7", []tok{{dic, "10d10>7", 1, 1}}},
		{"3d6=6", []tok{{dic, "3d6=6", 1, 1}}},
		// Comparisons, as before.
		{"d20>=15", []tok{{dic, "d20", 1, 1}, {pun, ">=", 1, 4}, {num, "15", 1, 6}}},
		{"d4<=2", []tok{{dic, "d4", 1, 1}, {pun, "<=", 1, 3}, {num, "2", 1, 5}}},
		{"2d6 >= 7", []tok{{dic, "2d6", 1, 1}, {pun, ">=", 1, 5}, {num, "7", 1, 8}}},
		{"2d6==7", []tok{{dic, "2d6", 1, 1}, {pun, "==", 1, 4}, {num, "7", 1, 6}}},
		{"d6!=3", []tok{{dic, "d6", 1, 1}, {pun, "!=", 1, 3}, {num, "3", 1, 5}}},
		{"2d6>=x", []tok{{dic, "2d6", 1, 1}, {pun, ">=", 1, 4}, {id, "x", 1, 6}}},
		// Identifiers stay identifiers.
		{"d4kl", []tok{{id, "d4kl", 1, 1}}},
		{"d6kh3x", []tok{{id, "d6kh3x", 1, 1}}},
	}
	for _, tt := range tests {
		toks, err := syntax.Tokenize("t.fray", tt.src)
		if err != nil {
			t.Errorf("Tokenize(%q): %v", tt.src, err)
			continue
		}
		var got []tok
		for _, tk := range toks[:len(toks)-1] {
			got = append(got, tok{tk.Type, tk.Value, tk.Pos.Line, tk.Pos.Column})
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("Tokenize(%q)\n got: %v\nwant: %v", tt.src, got, tt.want)
		}
	}
	// A count glued to what is not notation is a malformed dice, named.
	for _, src := range []string{"4d6kq3", "4d6kh", "2d6x"} {
		_, err := syntax.Tokenize("t.fray", src)
		var le *syntax.LexError
		if !errors.As(err, &le) || !strings.Contains(le.Msg, "malformed dice") || le.Pos.Column != 1 {
			t.Errorf("Tokenize(%q): %v, want a malformed dice at column 1", src, err)
		}
	}
}
