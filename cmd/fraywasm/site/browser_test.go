package site

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/frayrules/fray/cmd/fraywasm/play"
)

// -update writes the screenshots the README shows (docs/playground*.png).
var update = flag.Bool("update", false, "write docs/playground.png and docs/playground-sim.png")

const repoRoot = "../../.."

// chromium finds the browser, or skips the test: it is required only
// with FRAY_BROWSER_TEST=1 (as .ci/run sets it).
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("FRAY_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("FRAY_BROWSER_TEST") == "1" {
		t.Fatal("FRAY_BROWSER_TEST=1 but no chromium on PATH (apt-get install chromium, or set FRAY_CHROMIUM)")
	}
	t.Skip("no chromium on PATH: the browser test of the playground is skipped (apt-get install chromium; FRAY_BROWSER_TEST=1 makes this a failure)")
	return ""
}

var (
	buildOnce sync.Once
	built     *Summary
	buildErr  error
)

// page builds the playground once per test binary and serves it.
func page(t *testing.T) (*Summary, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("the browser test builds fray for WebAssembly: not with -short")
	}
	exe := chromium(t)
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "fray-playground-test")
		if err != nil {
			buildErr = err
			return
		}
		built, buildErr = Build(repoRoot, dir)
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(built.Dir)))
	t.Cleanup(srv.Close)
	return built, exe + "\x00" + srv.URL + "/"
}

// browser starts a headless Chromium with the flags that work on a
// machine without a network or a GPU, and a profile of its own.
func browser(t *testing.T, exe string) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1500, 900),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	return ctx
}

// do runs browser actions, failing the test on an error.
func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// eval is the value of a JavaScript expression in the page.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// waitJS polls a JavaScript condition until it is true.
func waitJS(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+cond+")"))
		if err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			status, _ := chromedp.Run(ctx, chromedp.Evaluate[string]("document.getElementById('status').textContent"))
			t.Fatalf("timed out waiting for %s (status: %q)", what, status)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func screenshot(t *testing.T, ctx context.Context, name string, docs bool) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if len(png) < 10_000 {
		t.Fatalf("screenshot %s is only %d bytes", name, len(png))
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", p)
	if dir := os.Getenv("FRAY_SCREENSHOT_DIR"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if docs && *update {
		if err := os.WriteFile(filepath.Join(repoRoot, "docs", name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func shipped(t *testing.T) (play.Files, []play.Example) {
	t.Helper()
	files, err := play.ReadFiles(repoRoot, play.Shipped)
	if err != nil {
		t.Fatal(err)
	}
	return files, play.Examples(files)
}

// native answers a request with the play package compiled for this
// machine: the browser must give the same answer.
func native(t *testing.T, req *play.Request) string {
	t.Helper()
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	return string(play.Handle(context.Background(), b, nil))
}

func last(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, "JSON.stringify(window.frayLast)")
}

// sameJSON compares two JSON texts as values (the key order of Go's and
// the browser's encoders differ).
func sameJSON(t *testing.T, what, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("%s: the browser's answer is not JSON: %v", what, err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	gb, _ := json.Marshal(g)
	wb, _ := json.Marshal(w)
	if string(gb) != string(wb) {
		t.Errorf("%s: the browser's answer differs from the native one:\nbrowser: %.600s\nnative:  %.600s", what, gb, wb)
	}
}

// TestPlaygroundInChromium loads the page, edits a rule file by typing,
// sees the diagnostic in place, shares the state in a link and opens it
// again, runs an example and reads its log, runs a sim and a prob, and
// takes screenshots; every answer of fray in the browser is compared
// with the native one.
func TestPlaygroundInChromium(t *testing.T) {
	_, target := page(t)
	exe, url, _ := strings.Cut(target, "\x00")
	files, examples := shipped(t)
	ex := examples[0]
	ctx := browser(t, exe)

	do(t, ctx, chromedp.Navigate(url))
	waitJS(t, ctx, "the page to be ready", "document.body.dataset.ready")
	errs := eval[string](t, ctx, "document.body.dataset.errors")
	exampleID := eval[string](t, ctx, "document.getElementById('example').value")
	textValue := eval[string](t, ctx, "document.getElementById('text').value")
	if errs != "0" || exampleID != ex.ID || textValue != files[ex.Encounter] {
		t.Fatalf("on load: %s errors, example %q (want 0 and %q), and the editor does not hold %s", errs, exampleID, ex.ID, ex.Encounter)
	}

	// Edit: open the rule file's tab and type, at its end, a function
	// that names something undefined.
	lines := strings.Count(files[ex.Rules], "\n")
	typed := "fn broken(): int = nosuch + 1\n"
	do(t, ctx,
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`#tabs button[data-path=%q]`, ex.Rules))),
		chromedp.Evaluate[chromedp.Void](`(() => { const t = document.getElementById('text'); t.focus(); t.setSelectionRange(t.value.length, t.value.length); })()`),
		chromedp.SendKeys(chromedp.ID("text"), typed),
	)
	waitJS(t, ctx, "the diagnostic of the edit", `[...document.querySelectorAll('#diagnostics .diag.error')].some(d => d.textContent.includes('nosuch'))`)
	wantAt := fmt.Sprintf("%s:%d:20", ex.Rules, lines+1)
	diagText := eval[string](t, ctx, `document.querySelector('#diagnostics .diag.error').textContent`)
	markText := eval[string](t, ctx, `(document.querySelector('#marks mark.error') || {}).textContent || ''`)
	gutterClass := eval[string](t, ctx, fmt.Sprintf(`document.getElementById('gutter').children[%d].className`, lines))
	if !strings.Contains(diagText, wantAt) || !strings.Contains(diagText, "F101") {
		t.Errorf("diagnostic %q: want it at %s with code F101", diagText, wantAt)
	}
	if markText != "nosuch" || gutterClass != "error" {
		t.Errorf("in the editor: marked %q (want nosuch), line %d of the gutter has class %q (want error)", markText, lines+1, gutterClass)
	}
	screenshot(t, ctx, "playground-diagnostic.png", false)

	// Share: the link restores the edit, in a new tab.
	do(t, ctx, chromedp.Click(chromedp.ID("share")))
	waitJS(t, ctx, "the share link", `location.hash.startsWith('#s=')`)
	link := eval[string](t, ctx, "location.href")
	tab, cancelTab := chromedp.NewContext(ctx)
	do(t, tab, chromedp.Navigate(link))
	waitJS(t, tab, "the shared page to be ready", "document.body.dataset.ready")
	restored := eval[string](t, tab, "document.getElementById('text').value")
	rdiag := eval[string](t, tab, `(document.querySelector('#diagnostics .diag.error') || {}).textContent || ''`)
	if restored != files[ex.Rules]+typed || !strings.Contains(rdiag, wantAt) {
		t.Errorf("the shared link (%d characters) did not restore the edited rule file and its diagnostic: %q", len(link), rdiag)
	}
	t.Logf("share link of the edit: %d characters", len(link))
	if len(link) > len(url)+300 {
		t.Errorf("the link of a one-line edit has %d characters", len(link))
	}
	cancelTab()

	// Run with the error: fray refuses, and says why.
	do(t, ctx, chromedp.Click(chromedp.ID("run")))
	waitJS(t, ctx, "the refused run", `document.body.dataset.ran === '1'`)
	if log := eval[string](t, ctx, "document.getElementById('log').textContent"); !strings.Contains(log, "the files have errors") {
		t.Errorf("a run of files with errors shows %q", log)
	}

	// Run: pick the example again (the shipped files), run it, read the
	// log; it must be the native log, byte for byte.
	do(t, ctx,
		chromedp.SetValue(chromedp.ID("example"), ex.ID),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('example').dispatchEvent(new Event('change'))`),
	)
	waitJS(t, ctx, "the example to be linted clean", `document.body.dataset.errors === '0' && !document.querySelector('#tabs .edited')`)
	do(t, ctx, chromedp.Click(chromedp.ID("run")))
	waitJS(t, ctx, "the run's log", `document.body.dataset.ran === '2'`)
	log := eval[string](t, ctx, "document.getElementById('log').textContent")
	want := play.Do(context.Background(), &play.Request{Cmd: "run", Files: files, Path: ex.Encounter}, nil)
	if want.Error != "" || len(want.Log) < 200 {
		t.Fatalf("the native run failed: %s", want.Error)
	}
	if log != want.Log {
		t.Errorf("the log in the page differs from the native log:\npage:   %.400q\nnative: %.400q", log, want.Log)
	}
	screenshot(t, ctx, "playground-run.png", false)

	// A mistake typed at the top of the encounter, beside the log: the
	// screenshot of the README.
	do(t, ctx,
		chromedp.Evaluate[chromedp.Void](`(() => { const t = document.getElementById('text'); t.focus(); t.setSelectionRange(0, 0); })()`),
		chromedp.SendKeys(chromedp.ID("text"), "oops\n"),
	)
	waitJS(t, ctx, "the syntax error", `[...document.querySelectorAll('#diagnostics .diag.error')].some(d => d.textContent.includes(':1:1') && d.textContent.includes('F001'))`)
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const t = document.getElementById('text'); t.scrollTop = 0; t.dispatchEvent(new Event('scroll')); })()`))
	if m := eval[string](t, ctx, `(document.querySelector('#marks mark.error') || {}).textContent || ''`); m != "oops" {
		t.Errorf("the syntax error marks %q in the editor, want oops", m)
	}
	screenshot(t, ctx, "playground.png", true)
	do(t, ctx, chromedp.KeyEvent("\b\b\b\b\b"))
	waitJS(t, ctx, "the encounter to be clean again", `document.body.dataset.errors === '0' && !document.querySelector('#tabs .edited')`)

	// Sim of 1000 fights: the report equals the native one.
	do(t, ctx,
		chromedp.SetValue(chromedp.ID("n"), "1000"),
		chromedp.Click(chromedp.ID("sim")),
	)
	waitJS(t, ctx, "the sim", `document.body.dataset.lastCmd === 'sim' && document.getElementById('progress').hidden`)
	bars := eval[int](t, ctx, `document.querySelectorAll('#simout svg rect').length`)
	ms := eval[string](t, ctx, `document.body.dataset.lastMs`)
	start := time.Now()
	nativeSim := native(t, &play.Request{Cmd: "sim", Files: files, Path: ex.Encounter, N: 1000})
	nativeMs := time.Since(start).Seconds() * 1000
	sameJSON(t, "sim", last(t, ctx), nativeSim)
	if bars < 3 {
		t.Errorf("the sim chart has %d bars", bars)
	}
	t.Logf("sim of 1000 fights of %s: %s ms in the browser, %.0f ms native (the same Go, one goroutine, just after)", ex.Encounter, ms, nativeMs)
	screenshot(t, ctx, "playground-sim.png", true)

	// Prob of 3d6: sixteen bars, and the exact odds of each total.
	do(t, ctx,
		chromedp.SetValue(chromedp.ID("expr"), "3d6"),
		chromedp.Click(chromedp.ID("prob")),
	)
	waitJS(t, ctx, "the prob", `document.body.dataset.lastCmd === 'prob' && document.getElementById('progress').hidden`)
	bars = eval[int](t, ctx, `document.querySelectorAll('#probout svg rect').length`)
	sameJSON(t, "prob", last(t, ctx), native(t, &play.Request{Cmd: "prob", Expr: "3d6"}))
	if bars != 16 {
		t.Errorf("the chart of 3d6 has %d bars, want 16", bars)
	}
	screenshot(t, ctx, "playground-prob.png", false)
	// A long dice expression (near --max-work): Stop ends it between
	// convolutions, with no result, as Ctrl-C ends fray prob's (the
	// worker was ended after three seconds).
	do(t, ctx,
		chromedp.SetValue(chromedp.ID("expr"), "500d6"),
		chromedp.Click(chromedp.ID("prob")),
	)
	waitJS(t, ctx, "the dice to be under way", `!document.getElementById('stop').disabled`)
	do(t, ctx, chromedp.Click(chromedp.ID("stop")))
	waitJS(t, ctx, "the stopped dice", `document.body.dataset.lastCmd === 'prob' && document.getElementById('progress').hidden`)
	if !eval[bool](t, ctx, `!window.frayLast.prob && /^<expression>:1: stopped after \d+ steps of work/.test(window.frayLast.error || '')`) {
		t.Errorf("the stopped dice: %s", last(t, ctx))
	}

	// The chance of an event after the set-up, estimated from sampled
	// set-ups.
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.lastProb = window.frayLast.prob`))
	cond := "len(living(combatants)) == len(combatants)"
	do(t, ctx,
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('table'); s.value = ':event'; s.dispatchEvent(new Event('change')); })()`),
		chromedp.SetValue(chromedp.ID("expr"), cond),
		chromedp.SetValue(chromedp.ID("sample"), "2000"),
		chromedp.Click(chromedp.ID("prob")),
	)
	waitJS(t, ctx, "the event's chance", `document.body.dataset.lastCmd === 'prob' && document.getElementById('progress').hidden && window.frayLast.prob !== (window.lastProb || null)`)
	sameJSON(t, "event", last(t, ctx), native(t, &play.Request{Cmd: "event", Files: files, Path: ex.Encounter, Event: cond, Sample: 2000}))
	// A long sample: Stop ends it as Ctrl-C ends fray prob's, with the
	// estimate of the set-ups played, marked partial (the worker was
	// ended after three seconds, with no estimate).
	do(t, ctx,
		chromedp.SetValue(chromedp.ID("sample"), "1000000"),
		chromedp.Click(chromedp.ID("prob")),
	)
	waitJS(t, ctx, "the sample to be under way", `!document.getElementById('stop').disabled`)
	do(t, ctx, chromedp.Click(chromedp.ID("stop")))
	waitJS(t, ctx, "the stopped sample", `document.body.dataset.lastCmd === 'prob' && document.getElementById('progress').hidden`)
	if !eval[bool](t, ctx, `!!(window.frayLast.prob && window.frayLast.prob.partial)`) ||
		!strings.Contains(eval[string](t, ctx, `document.getElementById('probout').textContent`), "PARTIAL: stopped after") {
		t.Errorf("the stopped sample: %s", last(t, ctx))
	}
	do(t, ctx, chromedp.SetValue(chromedp.ID("sample"), ""))

	// A variant: its tabs show the encounter, the variant and its base;
	// a sim compared with the base pairs the bars and lists the
	// differences, as the native comparison does.
	var variant play.Example
	for _, e := range examples {
		if e.Variant {
			variant = e
			break
		}
	}
	do(t, ctx,
		chromedp.SetValue(chromedp.ID("example"), variant.ID),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('example').dispatchEvent(new Event('change'))`),
	)
	waitJS(t, ctx, "the variant's tabs", fmt.Sprintf(`document.querySelectorAll('#tabs button').length === 3 && document.getElementById('text').value === %q`, files[variant.Encounter]))
	do(t, ctx,
		chromedp.SetValue(chromedp.ID("compare"), variant.Base),
		chromedp.SetValue(chromedp.ID("n"), "200"),
		chromedp.Click(chromedp.ID("sim")),
	)
	waitJS(t, ctx, "the compared sim", `window.frayLast.compare && document.getElementById('progress').hidden`)
	sameJSON(t, "sim --compare", last(t, ctx), native(t, &play.Request{Cmd: "sim", Files: files, Path: variant.Encounter, Rules: variant.Rules, Compare: variant.Base, N: 200}))
	if b := eval[int](t, ctx, `document.querySelectorAll('#simout svg rect.b').length`); b == 0 {
		t.Error("the compared sim draws no bars of the second ruleset")
	}
	screenshot(t, ctx, "playground-compare.png", false)
	// A long sim: the page stays usable, and Stop ends it with the
	// fights played so far, marked partial.
	do(t, ctx,
		chromedp.SetValue(chromedp.ID("n"), "500000"),
		chromedp.Click(chromedp.ID("sim")),
	)
	waitJS(t, ctx, "the sim to be under way", `/of 1000000 fights|of 500000 fights/.test(document.getElementById('status').textContent)`)
	do(t, ctx, chromedp.Click(chromedp.ID("stop")))
	waitJS(t, ctx, "the stopped sim", `document.body.dataset.lastCmd === 'sim' && document.getElementById('progress').hidden`)
	partial := eval[bool](t, ctx, `window.frayLast.sim.partial && window.frayLast.sim.fights > 0 && window.frayLast.sim.fights < 500000`)
	if !partial || !strings.Contains(eval[string](t, ctx, `document.getElementById('simout').textContent`), "PARTIAL") {
		t.Errorf("the stopped sim: %s", last(t, ctx))
	}

	// A run that would take minutes: Stop ends it (or the worker running
	// it, after three seconds), and fray is ready again; with the default
	// --max-steps the same rule stops with the limit named, and is not
	// ended by the first Stop's timer.
	spin := "phase spin each round {\n  for i in 1..1000 {\n    for j in 1..1000 {\n      for k in 1..1000 {\n        let x = k\n      }\n    }\n  }\n}\n"
	do(t, ctx,
		chromedp.SetValue(chromedp.ID("example"), ex.ID),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('example').dispatchEvent(new Event('change'))`),
	)
	waitJS(t, ctx, "the example to be linted clean", `document.body.dataset.errors === '0' && !document.querySelector('#tabs .edited')`)
	do(t, ctx,
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`#tabs button[data-path=%q]`, ex.Rules))),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const t = document.getElementById('text'); t.focus(); t.setSelectionRange(t.value.length, t.value.length); document.execCommand('insertText', false, %q); })()`, spin)),
		chromedp.SetValue(chromedp.ID("max_steps"), "2000000000"),
	)
	waitJS(t, ctx, "the spinning rule to be linted", `document.querySelector('#tabs .edited') && document.body.dataset.errors === '0'`)
	ran := eval[string](t, ctx, "document.body.dataset.ran")
	do(t, ctx, chromedp.Click(chromedp.ID("run")))
	// Under way once Stop is enabled (a run that ended at once would not
	// be stopped below, and its log would say so).
	waitJS(t, ctx, "the spinning run to be under way", `!document.getElementById('stop').disabled`)
	do(t, ctx, chromedp.Click(chromedp.ID("stop")))
	waitJS(t, ctx, "the stopped run", fmt.Sprintf(`document.body.dataset.ran !== '%s'`, ran))
	// Stopped either way: the run heard the cancel (the run was
	// interrupted), or its worker was ended after three seconds.
	if log := eval[string](t, ctx, "document.getElementById('log').textContent"); !strings.Contains(log, "stopped: the worker running fray was ended") && !strings.Contains(log, "the run was interrupted") {
		t.Errorf("the stopped run shows %q", log)
	}
	do(t, ctx, chromedp.SetValue(chromedp.ID("max_steps"), ""), chromedp.Click(chromedp.ID("run")))
	waitJS(t, ctx, "the run stopped by --max-steps", `/--max-steps/.test(document.getElementById('log').textContent)`)
	if at := eval[string](t, ctx, `(document.querySelector('#diagnostics .diag.error .at') || {}).textContent || ''`); !strings.HasPrefix(at, ex.Rules+":") {
		t.Errorf("the runtime error is listed at %q, want a place in %s", at, ex.Rules)
	}

	if e := eval[string](t, ctx, "document.body.dataset.jsErrors || ''"); e != "" {
		t.Errorf("the page's scripts failed: %s", e)
	}
}

// loads is how many times TestPlaygroundLoadTime loads the page: one
// tests it, the figures of docs/playground.md are a median of
// -loads 5 (each load a new Chromium compiling fray.wasm: seconds of
// CPU).
var loads = flag.Int("loads", 1, "loads of the page TestPlaygroundLoadTime times (docs/playground.md: -loads 5)")

// TestPlaygroundLoadTime loads the page and states the time from
// navigation to a linted, usable page (the median of -loads); it fails
// when fray.wasm outgrows its budget, or when the page does not show the
// example before fray.wasm is compiled, nor start its workers and lint
// after (the order that makes it usable early). The times are logged,
// never asserted: a loaded machine makes any bound a guess (a page that
// never gets ready fails waitJS's hang guard).
func TestPlaygroundLoadTime(t *testing.T) {
	sum, target := page(t)
	exe, url, _ := strings.Cut(target, "\x00")
	const gzipBudget = 6 << 20
	t.Logf("fray.wasm: %d bytes, %d gzipped", sum.WasmSize, sum.WasmGzip)
	if sum.WasmGzip > gzipBudget {
		t.Errorf("fray.wasm is %d bytes gzipped, over the budget of %d", sum.WasmGzip, gzipBudget)
	}
	var times []int
	for range max(1, *loads) {
		ctx := browser(t, exe)
		do(t, ctx, chromedp.Navigate(url))
		waitJS(t, ctx, "the page to be ready", "document.body.dataset.ready")
		var at [4]int // shown, compiled, started, ready: ms after navigation
		for i, k := range []string{"shown", "compiled", "started", "ready"} {
			ms, err := strconv.Atoi(eval[string](t, ctx, "document.body.dataset."+k))
			if err != nil {
				t.Fatalf("%s: %v", k, err)
			}
			at[i] = ms
		}
		t.Logf("load %d: the example in the editor at %d ms, fray.wasm fetched and compiled at %d ms, both workers started at %d ms, first lint done at %d ms",
			len(times)+1, at[0], at[1], at[2], at[3])
		if !slices.IsSorted(at[:]) {
			t.Errorf("load %d: shown, compiled, started and ready at %v ms: not in that order", len(times)+1, at)
		}
		times = append(times, at[3])
		if len(times) == 1 {
			// Lint again, as typing does, once fray is warm.
			var again []string
			for i := range 3 {
				do(t, ctx, chromedp.Evaluate[chromedp.Void](`lint()`))
				waitJS(t, ctx, "a lint", fmt.Sprintf(`document.body.dataset.linted === '%d'`, i+2))
				again = append(again, eval[string](t, ctx, "document.body.dataset.lintMs"))
			}
			t.Logf("lint of the first example, again: %v ms", again)
		}
	}
	slices.Sort(times)
	t.Logf("load to interactive, %d loads: %v ms, median %d ms", len(times), times, times[len(times)/2])
}

// TestMain removes the page the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if built != nil {
		os.RemoveAll(built.Dir)
	}
	os.Exit(code)
}
