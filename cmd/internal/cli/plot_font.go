package cli

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The SVG plots embed the Go fonts (BSD licence, like Go; the copyright
// and licence stay in each subset's name table), cut down to the
// characters a plot uses, so the file looks the same on every machine and
// stays small enough for a web page: a subset is about 20 KB where the
// whole font is 150 KB.

// plotFace is one embedded font: its bytes and parsed metrics.
type plotFace struct {
	ttf  []byte
	font *sfnt.Font
}

var (
	plotRegular = mustFace(goregular.TTF)
	plotBold    = mustFace(gobold.TTF)
)

func mustFace(ttf []byte) *plotFace {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		panic(err) // the fonts are compiled in: a failure is a bug
	}
	return &plotFace{ttf: ttf, font: f}
}

// width is the advance of s at size px, in px; a character the font lacks
// counts as its .notdef glyph, about what a fallback font would take.
func (p *plotFace) width(s string, px float64) float64 {
	var buf sfnt.Buffer
	// At a size of one em per pixel, advances come in font units.
	upem := fixed.I(int(p.font.UnitsPerEm()))
	var total fixed.Int26_6
	for _, r := range s {
		g, _ := p.font.GlyphIndex(&buf, r)
		if adv, err := p.font.GlyphAdvance(&buf, g, upem, font.HintingNone); err == nil {
			total += adv
		}
	}
	return float64(total) / float64(upem) * px
}

// subset returns a TrueType font with only the glyphs of runes (and
// .notdef and the parts of composite glyphs they use). Glyph ids are kept,
// so hmtx and the hinting programs stay valid; unused glyphs are empty.
// The cmap is rebuilt for runes alone, post loses its glyph names, and
// tables a browser does not need for drawing (kerning, layout) are left
// out.
func (p *plotFace) subset(runes []rune) ([]byte, error) {
	tables, err := ttfTables(p.ttf)
	if err != nil {
		return nil, err
	}
	for _, tag := range []string{"head", "maxp", "loca", "glyf", "hhea", "hmtx", "post"} {
		if tables[tag] == nil {
			return nil, fmt.Errorf("font subset: no %s table", tag)
		}
	}
	head := slices.Clone(tables["head"])
	if len(head) < 54 || len(tables["maxp"]) < 6 || len(tables["post"]) < 32 {
		return nil, errors.New("font subset: head, maxp or post table too short")
	}
	numGlyphs := int(binary.BigEndian.Uint16(tables["maxp"][4:]))
	loca, err := readLoca(tables["loca"], int16(binary.BigEndian.Uint16(head[50:])) == 1, numGlyphs, len(tables["glyf"]))
	if err != nil {
		return nil, err
	}
	glyf := tables["glyf"]
	glyph := func(g int) []byte { return glyf[loca[g]:loca[g+1]] }

	// The glyphs to keep: .notdef, each rune's, and composites' parts.
	var buf sfnt.Buffer
	keep := map[int]bool{0: true}
	cmap := map[rune]int{}
	for _, r := range runes {
		g, err := p.font.GlyphIndex(&buf, r)
		if err != nil || g == 0 || r > 0xFFFF {
			continue // the font lacks it: the page's fallback font draws it
		}
		cmap[r] = int(g)
		keep[int(g)] = true
	}
	for todo := sortedInts(keep); len(todo) > 0; {
		g := todo[0]
		todo = todo[1:]
		for _, c := range compositeParts(glyph(g)) {
			if c < numGlyphs && !keep[c] {
				keep[c] = true
				todo = append(todo, c)
			}
		}
	}

	// glyf and a long loca with the kept glyphs, each 4-byte aligned.
	var newGlyf []byte
	newLoca := make([]byte, 4*(numGlyphs+1))
	for g := 0; g < numGlyphs; g++ {
		binary.BigEndian.PutUint32(newLoca[4*g:], uint32(len(newGlyf)))
		if keep[g] {
			newGlyf = append(newGlyf, glyph(g)...)
			for len(newGlyf)%4 != 0 {
				newGlyf = append(newGlyf, 0)
			}
		}
	}
	binary.BigEndian.PutUint32(newLoca[4*numGlyphs:], uint32(len(newGlyf)))
	binary.BigEndian.PutUint16(head[50:], 1)  // indexToLocFormat: long
	binary.BigEndian.PutUint32(head[8:], 0)   // checkSumAdjustment, set below
	post := slices.Clone(tables["post"][:32]) // version 3: no glyph names
	binary.BigEndian.PutUint32(post, 0x00030000)

	out := map[string][]byte{
		"head": head, "loca": newLoca, "glyf": newGlyf, "post": post, "cmap": cmap4(cmap),
	}
	// Drawing and hinting tables are kept as they are.
	for _, tag := range []string{"OS/2", "cvt ", "fpgm", "gasp", "hhea", "hmtx", "maxp", "name", "prep"} {
		if tables[tag] != nil {
			out[tag] = tables[tag]
		}
	}
	return writeTTF(out), nil
}

func sortedInts(m map[int]bool) []int {
	var s []int
	for k := range m {
		s = append(s, k)
	}
	sort.Ints(s)
	return s
}

// ttfTables reads a TrueType file's table directory.
func ttfTables(b []byte) (map[string][]byte, error) {
	if len(b) < 12 {
		return nil, errors.New("font subset: file too short")
	}
	n := int(binary.BigEndian.Uint16(b[4:]))
	if len(b) < 12+16*n {
		return nil, errors.New("font subset: table directory cut short")
	}
	tables := map[string][]byte{}
	for i := range n {
		rec := b[12+16*i:]
		off, length := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if off < 0 || length < 0 || off+length > len(b) {
			return nil, fmt.Errorf("font subset: table %q out of the file", rec[:4])
		}
		tables[string(rec[:4])] = b[off : off+length]
	}
	return tables, nil
}

func readLoca(loca []byte, long bool, numGlyphs, glyfLen int) ([]int, error) {
	offs := make([]int, numGlyphs+1)
	for i := range offs {
		switch {
		case long && 4*i+4 <= len(loca):
			offs[i] = int(binary.BigEndian.Uint32(loca[4*i:]))
		case !long && 2*i+2 <= len(loca):
			offs[i] = 2 * int(binary.BigEndian.Uint16(loca[2*i:]))
		default:
			return nil, errors.New("font subset: loca table too short")
		}
		if offs[i] > glyfLen || (i > 0 && offs[i] < offs[i-1]) {
			return nil, errors.New("font subset: bad loca offset")
		}
	}
	return offs, nil
}

// compositeParts lists the glyphs a composite glyph is made of.
func compositeParts(g []byte) []int {
	if len(g) < 10 || int16(binary.BigEndian.Uint16(g)) >= 0 {
		return nil // empty or a simple glyph
	}
	const (
		argWords   = 0x0001
		scale      = 0x0008
		more       = 0x0020
		xyScale    = 0x0040
		twoByTwo   = 0x0080
		recordSize = 4
	)
	var parts []int
	for i := 10; i+recordSize <= len(g); {
		flags := binary.BigEndian.Uint16(g[i:])
		parts = append(parts, int(binary.BigEndian.Uint16(g[i+2:])))
		i += recordSize
		if flags&argWords != 0 {
			i += 4
		} else {
			i += 2
		}
		switch {
		case flags&scale != 0:
			i += 2
		case flags&xyScale != 0:
			i += 4
		case flags&twoByTwo != 0:
			i += 8
		}
		if flags&more == 0 {
			break
		}
	}
	return parts
}

// cmap4 is a cmap table with one Windows Unicode BMP subtable (format
// 4): a segment for each run of consecutive characters whose glyph ids
// are consecutive too.
func cmap4(m map[rune]int) []byte {
	var rs []rune
	for r := range m {
		rs = append(rs, r)
	}
	slices.Sort(rs)
	type seg struct{ start, end, delta int }
	var segs []seg
	for _, r := range rs {
		g := m[r]
		if n := len(segs); n > 0 && segs[n-1].end+1 == int(r) && segs[n-1].delta == g-int(r) {
			segs[n-1].end = int(r)
			continue
		}
		segs = append(segs, seg{int(r), int(r), g - int(r)})
	}
	segs = append(segs, seg{0xFFFF, 0xFFFF, 1}) // the required last segment
	n := len(segs)
	sub := make([]byte, 16+8*n)
	be := binary.BigEndian
	be.PutUint16(sub[0:], 4)
	be.PutUint16(sub[2:], uint16(len(sub)))
	be.PutUint16(sub[6:], uint16(2*n))
	search := 1
	for search*2 <= n {
		search *= 2
	}
	entry := 0
	for 1<<(entry+1) <= search {
		entry++
	}
	be.PutUint16(sub[8:], uint16(2*search))
	be.PutUint16(sub[10:], uint16(entry))
	be.PutUint16(sub[12:], uint16(2*n-2*search))
	for i, s := range segs {
		be.PutUint16(sub[14+2*i:], uint16(s.end))
		be.PutUint16(sub[16+2*n+2*i:], uint16(s.start))
		be.PutUint16(sub[16+4*n+2*i:], uint16(s.delta))
		// idRangeOffset stays 0: glyph = character + delta.
	}
	head := make([]byte, 12)
	be.PutUint16(head[2:], 1)  // one subtable
	be.PutUint16(head[4:], 3)  // Windows
	be.PutUint16(head[6:], 1)  // Unicode BMP
	be.PutUint32(head[8:], 12) // right after this header
	return append(head, sub...)
}

// writeTTF lays tables out in a TrueType file, sorted by tag, with their
// checksums and head's checkSumAdjustment.
func writeTTF(tables map[string][]byte) []byte {
	var tags []string
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	be := binary.BigEndian
	n := len(tags)
	out := make([]byte, 12+16*n)
	be.PutUint32(out[0:], 0x00010000)
	search := 1
	for search*2 <= n {
		search *= 2
	}
	entry := 0
	for 1<<(entry+1) <= search {
		entry++
	}
	be.PutUint16(out[4:], uint16(n))
	be.PutUint16(out[6:], uint16(16*search))
	be.PutUint16(out[8:], uint16(entry))
	be.PutUint16(out[10:], uint16(16*n-16*search))
	headAt := 0
	for i, t := range tags {
		data := tables[t]
		rec := out[12+16*i:]
		copy(rec, t)
		be.PutUint32(rec[4:], checksum(data))
		be.PutUint32(rec[8:], uint32(len(out)))
		be.PutUint32(rec[12:], uint32(len(data)))
		if t == "head" {
			headAt = len(out)
		}
		out = append(out, data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	be.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	return out
}

func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}
