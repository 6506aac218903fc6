package cli

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"

	"github.com/frayrules/fray/interp"
)

// plotBatch is a made-up batch: plots are tested on fixed counts, not on
// simulations.
func plotBatch(shift int) *interp.SimResult {
	return &interp.SimResult{
		Runs:      1000,
		Wins:      map[string]int{"party": 610 + shift, "the <Dark> & Co": 300 - shift},
		NoneStand: 40,
		Capped:    50,
		Rounds:    map[int]int{1: 120, 2: 400 + shift, 3: 280 - shift, 4: 120, 5: 50, 7: 30},
		Deaths:    map[string]int{"Ælfric": 210, "Кощей": 555 - shift, "龍": 12},
		Sides:     []string{"party", "the <Dark> & Co"},
		Fighters:  []string{"Ælfric", "Кощей", "龍"},
	}
}

func TestSVGPlotGolden(t *testing.T) {
	tests := []struct {
		name    string
		info    plotInfo
		batches []*interp.SimResult
	}{
		{"one_ruleset", plotInfo{Encounter: "Ambush at the ford", Rulesets: []string{"Crucible of Souls"}, N: 1000, Seed: 7}, []*interp.SimResult{plotBatch(0)}},
		{"compare", plotInfo{Encounter: "Ambush at the ford", Rulesets: []string{"Crucible of Souls", "Crucible, ties simultaneous"}, N: 1000, Seed: 7},
			[]*interp.SimResult{plotBatch(0), plotBatch(60)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := svgPlot(tt.info, tt.batches)
			if again := svgPlot(tt.info, tt.batches); !bytes.Equal(got, again) {
				t.Fatal("two plots of the same results differ")
			}
			checkSVG(t, got, tt.info, tt.batches)
			golden := filepath.Join("testdata", "plot", tt.name+".svg")
			if updating() {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd/internal/cli -run TestSVGPlotGolden -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the plot differs from %s; if the change is intended, run with -update and look at the file", golden)
			}
		})
	}
}

// checkSVG checks what a web page needs of the plot, independently of
// the golden bytes.
func checkSVG(t *testing.T, svg []byte, info plotInfo, batches []*interp.SimResult) {
	t.Helper()
	// Well-formed XML.
	dec := xml.NewDecoder(bytes.NewReader(svg))
	texts := []string{}
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			inText = e.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts = append(texts, string(e))
			}
		case xml.EndElement:
			inText = false
		}
	}
	s := string(svg)
	if !strings.HasPrefix(s, "<svg ") || !strings.Contains(s, `viewBox="0 0 760 `) {
		t.Error("no scalable root <svg viewBox=...>")
	}
	// The title names the encounter, the rulesets, n and the seed.
	if texts[0] != info.Encounter {
		t.Errorf("title %q, want the encounter %q", texts[0], info.Encounter)
	}
	for _, want := range append(info.Rulesets, "n = 1,000 fights", "seed 7") {
		if !strings.Contains(texts[1], want) {
			t.Errorf("subtitle %q lacks %q", texts[1], want)
		}
	}
	// One error bar per bar: rounds 1 to 7, four outcomes and three
	// deaths per batch (a share of 0 still has an interval above it).
	bars := (7 + 4 + 3) * len(batches)
	if got := strings.Count(s, `class="err"`); got != bars {
		t.Errorf("%d error bars, want %d", got, bars)
	}
	if got := strings.Count(s, "<rect x="); got < bars {
		t.Errorf("%d bars, want at least %d", got, bars)
	}
	// Fonts: two subsets, each a TrueType font with the plot's letters.
	faces := regexp.MustCompile(`base64,([A-Za-z0-9+/=]+)`).FindAllStringSubmatch(s, -1)
	if len(faces) != 2 {
		t.Fatalf("%d embedded fonts, want 2 (regular and bold)", len(faces))
	}
	for _, f := range faces {
		ttf, err := base64.StdEncoding.DecodeString(f[1])
		if err != nil {
			t.Fatal(err)
		}
		font, err := sfnt.Parse(ttf)
		if err != nil {
			t.Fatalf("an embedded font does not parse: %v", err)
		}
		var buf sfnt.Buffer
		if g, _ := font.GlyphIndex(&buf, 'o'); g == 0 {
			t.Error("an embedded font lacks 'o'")
		}
	}
	// Escaped names, and CSS scoped to the plot.
	if !strings.Contains(s, "the &lt;Dark&gt; &amp; Co") {
		t.Error("a side's name is not escaped")
	}
	if regexp.MustCompile(`(?m)^(text|rect|line)\{`).MatchString(s) {
		t.Error("a style rule is not scoped to the plot: it would restyle a page the SVG is inlined in")
	}
	if len(svg) > 150_000 {
		t.Errorf("the plot is %d bytes: too heavy for a web page", len(svg))
	}
}

// TestPlotIntervalsAreTheReports checks the error bars are the text
// report's intervals: each outcome's tooltip has the numbers ci prints.
func TestPlotIntervalsAreTheReports(t *testing.T) {
	r := plotBatch(0)
	p := outcomesPanel(plotInfo{Rulesets: []string{"R"}}, []*interp.SimResult{r})
	counts := []int{r.Wins["party"], r.Wins["the <Dark> & Co"], r.NoneStand, r.Capped}
	nospace := func(s string) string { return strings.ReplaceAll(s, " ", "") }
	for i, c := range counts {
		want := nospace(ci(interp.Proportion(c, r.Runs-r.Errors)))
		if got := nospace(p.bars[0][i].tip); !strings.Contains(got, want) {
			t.Errorf("bar %q: tooltip %q lacks the report's %q", p.categories[i], p.bars[0][i].tip, want)
		}
		if iv := p.bars[0][i].iv; iv != interp.Proportion(c, r.Runs-r.Errors) {
			t.Errorf("bar %q: interval %v is not the report's", p.categories[i], iv)
		}
	}
}

func TestPlotTicks(t *testing.T) {
	tests := []struct {
		hi        float64
		wantStep  float64
		wantTicks int
		wantLabel string // of the last tick
	}{
		{0.14, 0.025, 6, "15.0%"},
		{0.46, 0.1, 5, "50%"},
		{0.9, 0.2, 5, "100%"},
		{0.003, 0.001, 3, "0.3%"},
		{0, 0.25, 4, "100%"},
	}
	for _, tt := range tests {
		step, n := niceSteps(tt.hi)
		if step != tt.wantStep || n != tt.wantTicks {
			t.Errorf("niceSteps(%v) = %v, %d; want %v, %d", tt.hi, step, n, tt.wantStep, tt.wantTicks)
			continue
		}
		if got := pctTick(step*float64(n), step); got != tt.wantLabel {
			t.Errorf("top tick for %v: %q, want %q", tt.hi, got, tt.wantLabel)
		}
	}
}

// FuzzSVGPlotNames: whatever names a rule file gives its encounter,
// rulesets, sides and combatants, the plot is well-formed XML with both
// fonts embedded.
func FuzzSVGPlotNames(f *testing.F) {
	f.Add("Ambush", "Crucible", "party", "Ælfric")
	f.Add("<&>\"'", "\x00\x1b[31m", "\u202e", "\xff\xfe")
	f.Fuzz(func(t *testing.T, enc, rules, side, fighter string) {
		r := plotBatch(0)
		r.Sides = []string{side, "foes"}
		r.Wins = map[string]int{side: 500, "foes": 400}
		r.Fighters = []string{fighter}
		r.Deaths = map[string]int{fighter: 100}
		info := plotInfo{Encounter: interp.Printable(enc), Rulesets: []string{interp.Printable(rules)}, N: 1000, Seed: 1}
		svg := svgPlot(info, []*interp.SimResult{r})
		dec := xml.NewDecoder(bytes.NewReader(svg))
		for {
			_, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("not well-formed XML: %v", err)
			}
		}
		if n := strings.Count(string(svg), "@font-face"); n != 2 {
			t.Fatalf("%d fonts embedded, want 2", n)
		}
		if strings.ContainsAny(string(svg), "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069") {
			t.Fatal("a bidi control reached the plot: names must pass through interp.Printable")
		}
	})
}
