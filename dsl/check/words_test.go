package check

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"
)

// TestEachWordIsTheIdentifierPattern checks the hand-written scanner
// against the regular expression it replaces, on fixed and random texts.
func TestEachWordIsTheIdentifierPattern(t *testing.T) {
	re := regexp.MustCompile(`[A-Za-z_][A-Za-z_0-9]*`)
	texts := []string{"", "a", "9", "{c.name} hits {target} for {dmg}", "a1b 9x _z9_ é_1 x.y", "__", "9abc", "ab\u00e9cd"}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("ab_Z09 .{}\xc3\xa9")
	for range 2000 {
		b := make([]byte, rng.IntN(20))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		var got []string
		eachWord(s, func(w string) { got = append(got, w) })
		if want := re.FindAllString(s, -1); !slices.Equal(got, want) {
			t.Fatalf("eachWord(%q) = %q, the pattern finds %q", s, got, want)
		}
	}
}
