package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// Request is one command of the page, as JSON. The option names follow
// fray's flags (max_steps is --max-steps), and so do the messages that
// refuse them.
type Request struct {
	Cmd   string `json:"cmd"` // lint, run, sim, prob, table, event, fmt, info
	Files Files  `json:"files"`
	// Path is the file the command is about: the encounter of run and
	// sim, the rule file of table, the file of fmt.
	Path string `json:"path,omitempty"`
	// Lint lists the files lint checks (each with what it imports).
	Lint []string `json:"lint,omitempty"`
	// Rules plays the encounter under another rule file (--rules);
	// Compare plays sim's fights again under a second one (--compare).
	Rules   string `json:"rules,omitempty"`
	Compare string `json:"compare,omitempty"`

	Seed      *uint64 `json:"seed,omitempty"`
	Dice      string  `json:"dice,omitempty"` // run: fixed die results, "5,4,12" (--dice)
	N         int     `json:"n,omitempty"`
	MaxRounds int     `json:"max_rounds,omitempty"`
	MaxSteps  int     `json:"max_steps,omitempty"`
	MaxLog    int     `json:"max_log,omitempty"`
	MaxString int     `json:"max_string,omitempty"`

	Expr  string `json:"expr,omitempty"`  // prob: a dice expression
	Table string `json:"table,omitempty"` // table: the table's name
	// event: a condition after the set-up phases of the encounter Path,
	// or after the one named After; exact within MaxPaths (--max-paths)
	// sequences of dice, or estimated from Sample seeded set-ups.
	Event    string `json:"event,omitempty"`
	After    string `json:"after,omitempty"`
	MaxPaths int    `json:"max_paths,omitempty"`
	Sample   int    `json:"sample,omitempty"`
}

// Response is the answer to a Request. Diagnostics are the files'
// problems; Error is a command's failure (a runtime error, a refused
// option), placed in a file when it can be.
type Response struct {
	Diagnostics []Diagnostic `json:"diagnostics"`
	Error       string       `json:"error,omitempty"`
	ErrorAt     *diag.Range  `json:"error_at,omitempty"`
	Log         string       `json:"log,omitempty"`
	Sim         *SimReport   `json:"sim,omitempty"`
	Compare     *SimReport   `json:"compare,omitempty"`
	Differences []DiffRow    `json:"differences,omitempty"`
	Prob        *ProbReport  `json:"prob,omitempty"`
	Formatted   *string      `json:"formatted,omitempty"`
	Info        *FileInfo    `json:"info,omitempty"`
}

// Diagnostic is a diagnostic of dsl/diag with its text as fray lint
// prints it (the source line and a caret under the span).
type Diagnostic struct {
	*diag.Diagnostic
	Text string `json:"text"`
}

// Handle answers a request given as JSON with a response as JSON.
// progress, if not nil, hears how many fights a sim has played (or
// set-ups the chance of an event, or the steps of work of a dice
// expression's or table's odds, of no known total); ctx stops a sim
// early, with a partial report, the chance of an event (prob's
// event.go), or the odds of a dice expression or table, with none.
func Handle(ctx context.Context, req []byte, progress func(done, total int)) (out []byte) {
	// A panic would end the Go program in the worker, and with it every
	// later request: answer it as fray answers one (exit status 3).
	defer func() {
		if p := recover(); p != nil {
			out, _ = json.Marshal(&Response{Diagnostics: []Diagnostic{}, Error: fmt.Sprintf("internal error (a bug in fray): %v", p)})
		}
	}()
	var r Request
	var resp *Response
	if err := json.Unmarshal(req, &r); err != nil {
		resp = &Response{Error: "the request is not valid JSON: " + err.Error()}
	} else {
		resp = Do(ctx, &r, progress)
	}
	if resp.Diagnostics == nil {
		resp.Diagnostics = []Diagnostic{}
	}
	out, err := json.Marshal(resp)
	if err != nil {
		out, _ = json.Marshal(&Response{Diagnostics: []Diagnostic{}, Error: "cannot encode the answer: " + err.Error()})
	}
	return out
}

// Do answers a request.
func Do(ctx context.Context, r *Request, progress func(done, total int)) *Response {
	if err := r.checkLimits(); err != nil {
		return &Response{Error: err.Error()}
	}
	switch r.Cmd {
	case "lint":
		return lint(r)
	case "run":
		return run(r)
	case "sim":
		return sim(ctx, r, progress)
	case "prob":
		return probExpr(ctx, r, progress)
	case "table":
		return probTable(ctx, r, progress)
	case "event":
		return probEvent(ctx, r, progress)
	case "fmt":
		return formatFile(r)
	case "info":
		return info(r)
	}
	return &Response{Error: fmt.Sprintf("unknown command %q: the playground knows lint, run, sim, prob, table, event, fmt and info", r.Cmd)}
}

// maxFights bounds one sim of the page: a batch runs in one Web Worker,
// one fight after another.
const maxFights = 1_000_000

// checkLimits refuses options out of range, naming the flag, as fray's
// commands do. Zero means the default.
func (r *Request) checkLimits() error {
	for _, v := range []struct {
		flag string
		n    int
	}{{"-n", r.N}, {"--max-rounds", r.MaxRounds}, {"--max-steps", r.MaxSteps}, {"--max-log", r.MaxLog}, {"--max-string", r.MaxString},
		{"--max-paths", r.MaxPaths}, {"--sample", r.Sample}} {
		if v.n < 0 {
			return fmt.Errorf("%s must be at least 1", v.flag)
		}
	}
	if r.N > maxFights {
		return fmt.Errorf("-n %d: over the playground's limit of %d fights; play larger batches with fray sim on your machine", r.N, maxFights)
	}
	if r.Sample > maxFights {
		return fmt.Errorf("--sample %d: over the playground's limit of %d set-ups; sample more with fray prob on your machine", r.Sample, maxFights)
	}
	return nil
}

// options are the run options of a request.
func (r *Request) options() interp.Options {
	return interp.Options{MaxRounds: r.MaxRounds, MaxSteps: r.MaxSteps, MaxLog: r.MaxLog, MaxString: r.MaxString}
}

// maxDiagnostics bounds the diagnostics of one answer: the page lints
// as you type, and a pasted file of 400 000 findings made an answer of
// hundreds of MB each time. Past it the most severe are kept, and a
// note says how many more fray lint lists.
const maxDiagnostics = 1000

// withText gives each diagnostic its text (the sources' lines found
// once for all of them: once each was past a minute for 400 000).
func withText(ds diag.Diagnostics, src diag.Sources) []Diagnostic {
	kept, dropped := ds.Most(maxDiagnostics)
	if dropped > 0 {
		more := &diag.Diagnostic{Severity: diag.Note, Summary: fmt.Sprintf("%d more problems are not shown (at most %d); fray lint lists them all", dropped, maxDiagnostics),
			Subject: kept[len(kept)-1].Subject}
		kept = append(kept[:len(kept):len(kept)], more)
	}
	texts := diag.Texts(kept, src)
	out := make([]Diagnostic, 0, len(kept))
	for i, d := range kept {
		out = append(out, Diagnostic{Diagnostic: d, Text: texts[i]})
	}
	return out
}

// failure is the response to a run's error: a runtime error keeps its
// place in the rule file.
func failure(err error, ds []Diagnostic) *Response {
	resp := &Response{Diagnostics: ds, Error: err.Error()}
	var re *interp.RunError
	if errors.As(err, &re) && re.At.Filename != "" {
		at := re.At
		resp.ErrorAt = &at
	}
	return resp
}
