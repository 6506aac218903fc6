package cli

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/frayrules/fray/interp"
)

// writePlot draws the rounds distribution and the outcomes of one or two
// batches (a ruleset and its variant) side by side, as SVG (plot_svg.go)
// or PNG by the file's extension, and writes the file atomically.
func writePlot(path string, info plotInfo, a, b *interp.SimResult) error {
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".svg" && ext != ".png" {
		return fmt.Errorf("--plot writes .svg or .png files, not %q", ext)
	}
	batches := []*interp.SimResult{a}
	if b != nil {
		batches = append(batches, b)
	}
	if ext == ".svg" {
		return writeAtomic(path, svgPlot(info, batches), 0o644)
	}
	return writePNGPlot(path, info, batches)
}

// writePNGPlot draws the PNG with gonum/plot: two panels, no error bars.
func writePNGPlot(path string, info plotInfo, batches []*interp.SimResult) error {
	ext := ".png"
	names := info.Rulesets
	a := batches[0]
	rounds := plot.New()
	rounds.Title.Text = fmt.Sprintf("%s: rounds per fight (seed %d)", info.Encounter, info.Seed)
	rounds.X.Label.Text = "rounds"
	rounds.Y.Label.Text = "share of fights"
	wins := plot.New()
	wins.Title.Text = "Outcomes"
	wins.Y.Label.Text = "share of fights"

	// One x position per round count seen in any batch.
	maxRound := 0
	for _, r := range batches {
		st := r.RoundSummary()
		maxRound = max(maxRound, st.Max)
	}
	width := vg.Points(18)
	if len(batches) > 1 {
		width = vg.Points(9)
	}
	bins := binRounds(1, max(maxRound, 1))
	// Every k-th label, so that they do not run into one another (some
	// 6 points a character over a panel of about 430).
	every := max(1, int(math.Ceil(float64(bins.n*len(bins.label(bins.n-1))*6)/430)))
	var labels []string
	for j := 0; j < bins.n; j++ {
		if j%every == 0 {
			labels = append(labels, bins.label(j))
		} else {
			labels = append(labels, "")
		}
	}
	if bins.width > 1 {
		rounds.X.Label.Text = fmt.Sprintf("rounds (%d a bar)", bins.width)
	}
	outcomes := append(append([]string{}, a.Sides...), "none stands", "round limit", "no winner")
	for i, r := range batches {
		done := float64(max(1, r.Runs-r.Errors))
		vals := make(plotter.Values, bins.n)
		for k, c := range r.Rounds {
			if k >= 1 && k <= maxRound {
				vals[bins.of(k)] += float64(c) / done
			}
		}
		bars, err := plotter.NewBarChart(vals, width)
		if err != nil {
			return err
		}
		bars.Color = plotColor(i)
		bars.LineStyle.Width = 0
		bars.Offset = width * vg.Length(float64(i)-float64(len(batches)-1)/2)
		rounds.Add(bars)
		rounds.Legend.Add(names[i], bars)

		ov := plotter.Values{}
		for _, s := range r.Sides {
			ov = append(ov, float64(r.Wins[s])/done)
		}
		ov = append(ov, float64(r.NoneStand)/done, float64(r.Capped)/done, float64(r.NoWinner)/done)
		wb, err := plotter.NewBarChart(ov, vg.Points(24))
		if err != nil {
			return err
		}
		wb.Color = plotColor(i)
		wb.LineStyle.Width = 0
		wb.Offset = vg.Points(24) * vg.Length(float64(i)-float64(len(batches)-1)/2)
		wins.Add(wb)
		wins.Legend.Add(names[i], wb)
	}
	rounds.NominalX(labels...)
	wins.NominalX(outcomes...)
	rounds.Legend.Top = true
	wins.Legend.Top = true

	// Two panels, one above the other.
	const w, h = 7 * vg.Inch, 8 * vg.Inch
	img, err := newCanvas(ext, w, h)
	if err != nil {
		return err
	}
	tiles := [][]*plot.Plot{{rounds}, {wins}}
	canvases := plot.Align(tiles, draw2Tiles(), img.canvas)
	rounds.Draw(canvases[0][0])
	wins.Draw(canvases[1][0])
	var buf bytes.Buffer
	if _, err := img.writeTo(&buf); err != nil {
		return err
	}
	return writeAtomic(path, buf.Bytes(), 0o644)
}

// plotImage is a drawing surface that can write itself out.
type plotImage struct {
	canvas  draw.Canvas
	writeTo func(w io.Writer) (int64, error)
}

func newCanvas(ext string, w, h vg.Length) (*plotImage, error) {
	if ext == ".svg" {
		c := vgsvg.New(w, h)
		return &plotImage{canvas: draw.New(c), writeTo: c.WriteTo}, nil
	}
	c := vgimg.New(w, h)
	return &plotImage{canvas: draw.New(c), writeTo: vgimg.PngCanvas{Canvas: c}.WriteTo}, nil
}

func draw2Tiles() draw.Tiles {
	return draw.Tiles{Rows: 2, Cols: 1, PadTop: vg.Points(6), PadBottom: vg.Points(6), PadLeft: vg.Points(6), PadRight: vg.Points(12), PadY: vg.Points(18)}
}

func plotColor(i int) color.Color {
	palette := []color.Color{color.RGBA{R: 0x2b, G: 0x6c, B: 0xb0, A: 0xff}, color.RGBA{R: 0xd9, G: 0x73, B: 0x1a, A: 0xff}}
	return palette[i%len(palette)]
}
