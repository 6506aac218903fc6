package cli

import (
	"reflect"
	"testing"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// TestFontSubset checks a subset font parses, maps each kept character to
// the same glyph with the same outline as the whole font, maps nothing
// else, has a valid whole-file checksum and is much smaller.
func TestFontSubset(t *testing.T) {
	for name, face := range map[string]*plotFace{"regular": plotRegular, "bold": plotBold} {
		t.Run(name, func(t *testing.T) {
			keep := []rune("Halvaine & the orcs: 20,000 fights — 95% [ÀÉü]")
			ttf, err := face.subset(keep)
			if err != nil {
				t.Fatal(err)
			}
			if len(ttf)*4 > len(face.ttf) {
				t.Errorf("subset is %d bytes, the whole font %d: not much of a subset", len(ttf), len(face.ttf))
			}
			if got := checksum(ttf); got != 0xB1B0AFBA {
				t.Errorf("whole-file checksum %#x, want 0xB1B0AFBA", got)
			}
			sub, err := sfnt.Parse(ttf)
			if err != nil {
				t.Fatalf("the subset does not parse: %v", err)
			}
			var b1, b2 sfnt.Buffer
			ppem := fixed.I(12)
			for _, r := range keep {
				want, _ := face.font.GlyphIndex(&b1, r)
				got, err := sub.GlyphIndex(&b2, r)
				if err != nil || got != want || got == 0 {
					t.Errorf("%q: glyph %d (%v), want %d", r, got, err, want)
					continue
				}
				wantSeg, err1 := face.font.LoadGlyph(&b1, want, ppem, nil)
				gotSeg, err2 := sub.LoadGlyph(&b2, got, ppem, nil)
				if err1 != nil || err2 != nil || !reflect.DeepEqual(wantSeg, gotSeg) {
					t.Errorf("%q: the outline differs (%v, %v)", r, err1, err2)
				}
			}
			for _, r := range "QXZ" {
				if g, _ := sub.GlyphIndex(&b2, r); g != 0 {
					t.Errorf("%q was not asked for but maps to glyph %d", r, g)
				}
			}
		})
	}
}
