package cli

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/frayrules/fray/interp"
)

// The SVG of fray sim --plot is drawn here rather than by gonum/plot so it
// is fit for a web page: a viewBox that scales, a title that says what was
// simulated, error bars from the same 95% intervals the text report
// prints, a tooltip (<title>) on every bar, CSS scoped to the plot so an
// inline copy does not restyle the page, and the Go fonts embedded as
// subsets so every browser draws the same letters. The bytes depend only
// on the results: no clock, no map order.

// plotInfo is what the plot's title says about the batch.
type plotInfo struct {
	Encounter string
	Rulesets  []string // one per batch
	N         int      // fights asked for, per ruleset
	Seed      uint64
}

// plotSeries is one ruleset's bars in a panel.
type plotBar struct {
	iv  interp.Interval
	tip string
}

// plotPanel is a bar chart of shares: one group of bars per category,
// one bar per batch, each with its 95% interval.
type plotPanel struct {
	title, xLabel, note string
	categories          []string
	bars                [][]plotBar // [batch][category]
	mean                []interp.Interval
	meanAxis            []int // the category's first value at each index, for placing the mean
	roundsPerBar        int   // values a category holds (rounds binned: plot_bins.go); 0 is 1
}

const (
	svgWidth    = 760.0
	svgLeft     = 64.0 // room for the y axis labels
	svgRight    = 24.0
	panelHeight = 200.0
)

var plotColors = []string{"#2b6cb0", "#d9731a"}

// svgPlot builds the plot of one or two batches.
func svgPlot(info plotInfo, batches []*interp.SimResult) []byte {
	panels := []*plotPanel{roundsPanel(info, batches), outcomesPanel(info, batches)}
	if len(batches[0].Fighters) > 0 {
		panels = append(panels, deathsPanel(info, batches))
	}
	d := &svgDoc{}
	d.draw(info, batches, panels)
	return d.bytes()
}

func roundsPanel(info plotInfo, batches []*interp.SimResult) *plotPanel {
	p := &plotPanel{title: "Rounds per fight", xLabel: "round the fight ended in",
		note: "dashed: mean rounds, shaded: its 95% interval"}
	lo, hi := math.MaxInt, math.MinInt
	for _, r := range batches {
		st := r.RoundSummary()
		if st.TotalCounted > 0 {
			lo, hi = min(lo, st.Min), max(hi, st.Max)
		}
	}
	if lo > hi {
		lo, hi = 1, 1
	}
	bins := binRounds(lo, hi)
	p.roundsPerBar = bins.width
	for j := 0; j < bins.n; j++ {
		p.categories = append(p.categories, bins.label(j))
		p.meanAxis = append(p.meanAxis, bins.first+j*bins.width)
	}
	if bins.width > 1 {
		p.xLabel = fmt.Sprintf("round the fight ended in (%d rounds a bar)", bins.width)
	}
	for i, r := range batches {
		st := r.RoundSummary()
		counts := make([]int, bins.n)
		for k, c := range r.Rounds {
			if k >= lo && k <= hi {
				counts[bins.of(k)] += c
			}
		}
		var row []plotBar
		for j, c := range counts {
			iv := interp.Proportion(c, st.TotalCounted)
			when := "in round " + p.categories[j]
			if bins.width > 1 {
				when = "in rounds " + p.categories[j]
			}
			row = append(row, plotBar{iv, fmt.Sprintf("%s: ended %s, %s of fights", info.Rulesets[i], when, pctInterval(iv))})
		}
		p.bars = append(p.bars, row)
		p.mean = append(p.mean, st.Mean)
	}
	return p
}

func outcomesPanel(info plotInfo, batches []*interp.SimResult) *plotPanel {
	p := &plotPanel{title: "Outcomes", xLabel: ""}
	noWinner := false
	for _, r := range batches {
		noWinner = noWinner || r.NoWinner > 0
	}
	a := batches[0]
	// Names as the text report prints them: no bidi overrides or controls.
	for _, s := range a.Sides {
		p.categories = append(p.categories, "won by "+interp.Printable(s))
	}
	p.categories = append(p.categories, "no side stands", "round limit reached")
	if noWinner {
		p.categories = append(p.categories, "ended, no winner")
	}
	for i, r := range batches {
		done := r.Runs - r.Errors
		counts := []int{}
		for _, s := range a.Sides {
			counts = append(counts, r.Wins[s])
		}
		counts = append(counts, r.NoneStand, r.Capped)
		if noWinner {
			counts = append(counts, r.NoWinner)
		}
		var row []plotBar
		for j, c := range counts {
			iv := interp.Proportion(c, done)
			row = append(row, plotBar{iv, fmt.Sprintf("%s: %s, %s of fights", info.Rulesets[i], p.categories[j], pctInterval(iv))})
		}
		p.bars = append(p.bars, row)
	}
	return p
}

func deathsPanel(info plotInfo, batches []*interp.SimResult) *plotPanel {
	p := &plotPanel{title: "Deaths per combatant", xLabel: ""}
	for _, c := range batches[0].Fighters {
		p.categories = append(p.categories, interp.Printable(c))
	}
	for i, r := range batches {
		done := r.Runs - r.Errors
		var row []plotBar
		for j, c := range batches[0].Fighters {
			iv := interp.Proportion(r.Deaths[c], done)
			row = append(row, plotBar{iv, fmt.Sprintf("%s: %s dies in %s of fights", info.Rulesets[i], p.categories[j], pctInterval(iv))})
		}
		p.bars = append(p.bars, row)
	}
	return p
}

func pctInterval(iv interp.Interval) string {
	return fmt.Sprintf("%.1f%% [%.1f%%, %.1f%%]", 100*iv.Estimate, 100*iv.Low, 100*iv.High)
}

// svgDoc accumulates the drawing and the characters each font must have.
type svgDoc struct {
	body          bytes.Buffer
	regular, bold []rune
	height        float64
	title         string // the accessible name: encounter and subtitle
}

// text draws s; class is a CSS class of the plot's style sheet.
func (d *svgDoc) text(x, y float64, class, anchor, s string, extra string) {
	if strings.HasPrefix(class, "b ") {
		d.bold = append(d.bold, []rune(s)...)
	} else {
		d.regular = append(d.regular, []rune(s)...)
	}
	a := ""
	if anchor != "" && anchor != "start" {
		a = ` text-anchor="` + anchor + `"`
	}
	fmt.Fprintf(&d.body, `<text x="%s" y="%s" class="%s"%s%s>%s</text>`+"\n", num(x), num(y), class, a, extra, xmlEscape(s))
}

func (d *svgDoc) draw(info plotInfo, batches []*interp.SimResult, panels []*plotPanel) {
	y := 34.0
	sub := subtitle(info, batches)
	d.title = info.Encounter + ": " + sub
	// Names longer than the plot is wide are cut; the <title> has them whole.
	full := svgWidth - svgRight - (svgLeft - 40)
	d.text(svgLeft-40, y, "b t", "", truncateTo(plotBold, info.Encounter, full, 20), "")
	y += 22
	d.text(svgLeft-40, y, "s", "", truncateTo(plotRegular, sub, full, 13), "")
	// The legend: a swatch and a name per ruleset.
	y += 26
	x := svgLeft - 40
	for i, name := range info.Rulesets {
		name = truncateTo(plotRegular, name, full-20, 13)
		w := plotRegular.width(name, 13) + 40
		if x+w > svgWidth-svgRight && x > svgLeft-40 {
			x, y = svgLeft-40, y+20
		}
		fmt.Fprintf(&d.body, `<rect x="%s" y="%s" width="14" height="14" rx="2" fill="%s"/>`+"\n", num(x), num(y-11), plotColors[i%len(plotColors)])
		d.text(x+20, y, "l", "", name, "")
		x += w
	}
	y += 16
	for _, p := range panels {
		y = d.panel(p, y+34)
	}
	y += 28
	d.text(svgLeft-40, y, "n", "", "Bars: share of fights; whiskers: 95% intervals (Wilson), as in the text report.", "")
	d.height = y + 14
}

func subtitle(info plotInfo, batches []*interp.SimResult) string {
	var parts []string
	parts = append(parts, quoteList(info.Rulesets))
	runs := []string{}
	for _, r := range batches {
		runs = append(runs, groupThousands(r.Runs))
	}
	fights := fmt.Sprintf("n = %s fights", runs[0])
	if len(batches) > 1 {
		fights = fmt.Sprintf("n = %s fights each", strings.Join(slices.Compact(runs), " and "))
	}
	if batches[0].Partial || (len(batches) > 1 && batches[1].Partial) {
		fights += fmt.Sprintf(" (interrupted: %s asked for)", groupThousands(info.N))
	}
	parts = append(parts, fights, fmt.Sprintf("seed %d", info.Seed))
	return strings.Join(parts, " · ")
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "“" + n + "”"
	}
	return strings.Join(q, " vs ")
}

// groupThousands writes 20000 as 20,000.
func groupThousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}

// panel draws one bar chart with its top at y and returns its bottom.
func (d *svgDoc) panel(p *plotPanel, y float64) float64 {
	d.text(svgLeft-40, y, "b h", "", p.title, "")
	top := y + 16
	bottom := top + panelHeight
	left, right := svgLeft, svgWidth-svgRight
	// The y axis: shares in percent, up to a round number above every
	// interval's top.
	hiVal := 0.0
	for _, row := range p.bars {
		for _, b := range row {
			hiVal = max(hiVal, b.iv.High, b.iv.Estimate)
		}
	}
	step, ticks := niceSteps(hiVal)
	yMax := step * float64(ticks)
	yOf := func(v float64) float64 { return bottom - v/yMax*panelHeight }
	for i := 0; i <= ticks; i++ {
		v := step * float64(i)
		yy := yOf(v)
		class := "grid"
		if i == 0 {
			class = "axis"
		}
		fmt.Fprintf(&d.body, `<line x1="%s" y1="%s" x2="%s" y2="%s" class="%s"/>`+"\n", num(left), num(yy), num(right), num(yy), class)
		d.text(left-8, yy+4, "k", "end", pctTick(v, step), "")
	}
	// Bars, grouped by category.
	n := len(p.categories)
	catW := (right - left) / float64(max(n, 1))
	groupW := catW * 0.8
	barW := groupW / float64(len(p.bars))
	for i, row := range p.bars {
		color := plotColors[i%len(plotColors)]
		for j, b := range row {
			x := left + catW*float64(j) + (catW-groupW)/2 + barW*float64(i)
			h := bottom - yOf(b.iv.Estimate)
			fmt.Fprintf(&d.body, `<g><title>%s</title><rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`,
				xmlEscape(b.tip), num(x+0.5), num(bottom-h), num(max(barW-1, 0.5)), num(h), color)
			if b.iv.High > b.iv.Low {
				cx, cap := x+barW/2, min(barW*0.3, 5)
				yl, yh := yOf(b.iv.Low), yOf(b.iv.High)
				fmt.Fprintf(&d.body, `<path d="M%s %sV%sM%s %sH%sM%s %sH%s" class="err"/>`,
					num(cx), num(yl), num(yh), num(cx-cap), num(yh), num(cx+cap), num(cx-cap), num(yl), num(cx+cap))
			}
			d.body.WriteString("</g>\n")
		}
	}
	// The mean of rounds, placed between the categories' centres.
	for i, m := range p.mean {
		if len(p.meanAxis) == 0 || m.Estimate == 0 {
			continue
		}
		per := float64(max(p.roundsPerBar, 1))
		xOf := func(v float64) float64 {
			first := float64(p.meanAxis[0])
			return left + catW*(v-first+0.5)/per
		}
		color := plotColors[i%len(plotColors)]
		fmt.Fprintf(&d.body, `<g><title>%s: mean %.2f rounds [%.2f, %.2f]</title>`, xmlEscape(panelRuleset(p, i)), m.Estimate, m.Low, m.High)
		fmt.Fprintf(&d.body, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.15"/>`,
			num(xOf(m.Low)), num(top), num(max(xOf(m.High)-xOf(m.Low), 1)), num(panelHeight), color)
		fmt.Fprintf(&d.body, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" class="mean"/></g>`+"\n",
			num(xOf(m.Estimate)), num(top), num(xOf(m.Estimate)), num(bottom), color)
	}
	return d.categoryLabels(p, left, catW, bottom)
}

// panelRuleset is the ruleset named in a bar's tooltip (its text up to ":").
func panelRuleset(p *plotPanel, i int) string {
	if len(p.bars[i]) == 0 {
		return ""
	}
	name, _, _ := strings.Cut(p.bars[i][0].tip, ": ")
	return name
}

// categoryLabels writes the labels under the bars: level if they fit,
// every k-th label if they are numbers, otherwise slanted; it returns the
// panel's new bottom.
func (d *svgDoc) categoryLabels(p *plotPanel, left, catW, bottom float64) float64 {
	const px = 12.0
	widest := 0.0
	numeric := len(p.meanAxis) > 0
	for _, c := range p.categories {
		widest = max(widest, plotRegular.width(c, px))
	}
	y := bottom + 16
	switch {
	case widest+6 <= catW || numeric:
		every := max(1, int(math.Ceil((widest+8)/catW)))
		for j, c := range p.categories {
			if j%every == 0 {
				d.text(left+catW*(float64(j)+0.5), y, "k", "middle", c, "")
			}
		}
		y += 4
	default:
		// Slanted labels end under their bars.
		for j, c := range p.categories {
			c = truncateTo(plotRegular, c, 150, px)
			x := left + catW*(float64(j)+0.5)
			d.text(x, y-4, "k", "end", c, fmt.Sprintf(` transform="rotate(-35 %s %s)"`, num(x), num(y-4)))
		}
		y += math.Min(widest, 150)*math.Sin(35*math.Pi/180) + 4
	}
	if p.xLabel != "" {
		y += 16
		d.text(left+(svgWidth-svgRight-left)/2, y, "k", "middle", p.xLabel, "")
	}
	if p.note != "" {
		y += 16
		d.text(left+(svgWidth-svgRight-left)/2, y, "n", "middle", p.note, "")
	}
	return y
}

// truncateTo cuts s with an ellipsis to at most w px in face; it measures
// each character once, so a long name costs no more than its length.
func truncateTo(face *plotFace, s string, w, px float64) string {
	if face.width(s, px) <= w {
		return s
	}
	room := w - face.width("…", px)
	used := 0.0
	for i, r := range s {
		used += face.width(string(r), px)
		if used > room {
			return s[:i] + "…"
		}
	}
	return s
}

// niceSteps chooses a tick step (1, 2, 2.5 or 5 times a power of ten)
// and a count of steps that reach above hi, for a share from 0 to 1.
func niceSteps(hi float64) (float64, int) {
	if hi <= 0 {
		return 0.25, 4
	}
	for _, exp := range []float64{0.001, 0.01, 0.1, 1} {
		for _, m := range []float64{1, 2, 2.5, 5} {
			step := m * exp
			if n := int(math.Ceil(hi/step - 1e-9)); n <= 6 {
				return step, max(n, 1)
			}
		}
	}
	return 0.25, 4
}

func pctTick(v, step float64) string {
	// As many decimals as the step needs: 2.5% steps give 7.5%, not 8%.
	decimals := 0
	for decimals < 3 {
		scaled := step * 100 * math.Pow(10, float64(decimals))
		if math.Abs(scaled-math.Round(scaled)) < 1e-9 {
			break
		}
		decimals++
	}
	return strconv.FormatFloat(v*100, 'f', decimals, 64) + "%"
}

// num writes a coordinate with at most two decimals and no "-0".
func num(v float64) string {
	s := strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

func xmlEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			if r < 0x20 || r == 0x7f || (r >= 0xfffe && r <= 0xffff) {
				b.WriteRune('\uFFFD') // XML has no place for these
				continue
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// bytes is the finished document: the style sheet with the font subsets,
// then the drawing.
func (d *svgDoc) bytes() []byte {
	body := d.body.Bytes()
	h := fnv.New32a()
	h.Write(body)
	id := fmt.Sprintf("fray-plot-%08x", h.Sum32())
	var out bytes.Buffer
	height := num(math.Ceil(d.height))
	fmt.Fprintf(&out, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" class="%s" role="img" aria-labelledby="%s-title">`+"\n",
		num(svgWidth), height, num(svgWidth), height, id, id)
	fmt.Fprintf(&out, "<title id=\"%s-title\">%s</title>\n", id, xmlEscape(d.title))
	out.WriteString("<style>\n")
	for _, f := range []struct {
		face   *plotFace
		runes  []rune
		weight int
	}{{plotRegular, d.regular, 400}, {plotBold, d.bold, 700}} {
		ttf, err := f.face.subset(uniqueRunes(f.runes))
		if err != nil {
			continue // the fallback fonts of the stack draw the text
		}
		// The Go fonts © the Go Authors, BSD licence (in the font's name table).
		fmt.Fprintf(&out, "@font-face{font-family:\"%s\";font-weight:%d;src:url(data:font/ttf;base64,%s) format(\"truetype\")}\n",
			id, f.weight, base64.StdEncoding.EncodeToString(ttf))
	}
	sel := "." + id
	fmt.Fprintf(&out, `%[1]s text{font-family:"%[2]s",Go,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;fill:#1a1a1a;font-size:12px}
%[1]s .b{font-weight:700}
%[1]s .t{font-size:20px}
%[1]s .h{font-size:15px}
%[1]s .s{font-size:13px;fill:#444}
%[1]s .l{font-size:13px}
%[1]s .k{fill:#444}
%[1]s .n{font-size:11px;fill:#666}
%[1]s .grid{stroke:#e3e3e3;stroke-width:1}
%[1]s .axis{stroke:#888;stroke-width:1}
%[1]s .err{stroke:#1a1a1a;stroke-width:1.2;fill:none}
%[1]s .mean{stroke-width:1.5;stroke-dasharray:5 3}
`, sel, id)
	out.WriteString("</style>\n")
	fmt.Fprintf(&out, `<rect width="100%%" height="100%%" fill="#fff"/>`+"\n")
	out.Write(body)
	out.WriteString("</svg>\n")
	return out.Bytes()
}

func uniqueRunes(rs []rune) []rune {
	rs = slices.Clone(rs)
	slices.Sort(rs)
	return slices.Compact(rs)
}
