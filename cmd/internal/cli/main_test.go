package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary act as the fray command inside scripts.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"fray": func() { os.Exit(Main(Stamps{Version: "dev"})) },
	})
}

// TestScripts runs the command-line scripts in testdata/script. Scripts see
// the repository root as $REPO, so they can lint or copy the real rules,
// and a 3000-term dice expression as $TERMS.
func TestScripts(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(repo, "go.mod")); err != nil {
		t.Fatalf("repository root not found at %s: %v", repo, err)
	}
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "script"),
		// -update rewrites the files a script compares with cmp (read
		// the diff: regexps matched by stdout/stderr are not rewritten).
		UpdateScripts: updating(),
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", repo)
			// A dice expression of 3000 terms, too long to write in a script.
			env.Setenv("TERMS", strings.Repeat("d100+", 2999)+"d100")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits":     cmdExits,
			"json":      cmdJSON,
			"jsonlines": cmdJSONLines,
			"dropfirst": cmdDropFirst,
			"unescape":  cmdUnescape,
			"sleep":     cmdSleep,
			"schema":    cmdSchema,
		},
	})
}

// exits CODE PROG [ARGS...] runs PROG like exec and fails unless it exits
// with exactly CODE; its stdout and stderr are kept for stdout/stderr.
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! exits")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exits CODE PROG [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: bad code %q", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exits: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// json FILE fails unless FILE (or stdout/stderr) is exactly one JSON value.
func cmdJSON(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: json FILE")
	}
	dec := json.NewDecoder(strings.NewReader(ts.ReadFile(args[0])))
	var v any
	if err := dec.Decode(&v); err != nil {
		ts.Fatalf("%s is not JSON: %v", args[0], err)
	}
	if _, err := dec.Token(); err == nil {
		ts.Fatalf("%s holds more than one JSON value", args[0])
	}
}

// jsonlines FILE fails unless FILE (or stdout/stderr) is non-empty and every
// line of it is a JSON object.
func cmdJSONLines(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: jsonlines FILE")
	}
	text := ts.ReadFile(args[0])
	if text == "" {
		ts.Fatalf("%s is empty", args[0])
	}
	if !strings.HasSuffix(text, "\n") {
		ts.Fatalf("%s does not end with a newline", args[0])
	}
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			ts.Fatalf("%s:%d is not a JSON object: %v\n%s", args[0], i+1, err, line)
		}
	}
}

// dropfirst IN OUT writes IN (or stdout/stderr) without its first line to OUT.
func cmdDropFirst(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: dropfirst IN OUT")
	}
	text := []byte(ts.ReadFile(args[0]))
	i := bytes.IndexByte(text, '\n')
	if i < 0 {
		ts.Fatalf("%s has a single line", args[0])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), text[i+1:], 0o666))
}

// escapeSeq is a \xHH or \uHHHH written out in a script's file.
var escapeSeq = regexp.MustCompile(`\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}`)

// unescape IN OUT writes IN to OUT with each \xHH replaced by that byte and
// each \uHHHH by that character in UTF-8, so that scripts can make files
// holding raw control bytes without holding them themselves.
func cmdUnescape(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: unescape IN OUT")
	}
	out := escapeSeq.ReplaceAllFunc([]byte(ts.ReadFile(args[0])), func(m []byte) []byte {
		n, _ := strconv.ParseUint(string(m[2:]), 16, 32)
		if m[1] == 'x' {
			return []byte{byte(n)}
		}
		return []byte(string(rune(n)))
	})
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), out, 0o666))
}

// sleep DURATION waits, e.g. for a background command to get going.
func cmdSleep(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: sleep DURATION")
	}
	d, err := time.ParseDuration(args[0])
	ts.Check(err)
	time.Sleep(d)
}
