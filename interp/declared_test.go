package interp_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
)

// declared_int and declared_string read a declaration's argument before
// it resolves. Each fixture's rules.fray logs them before and after the
// declarations, then reads a parameter of the other type.
func TestDeclaredArguments(t *testing.T) {
	tests := []struct {
		dir      string
		want     []string // in the log
		err      string   // the positioned runtime error of the wrong type
		notInLog string
	}{
		{dir: "declared_int",
			want: []string{
				// Before anyone declares, the default action's default
				// counts, evaluated with self bound: base + 1.
				"before ann: n=5", "before bob: n=3",
				// The declared value; the declared action's default when the
				// script leaves it out; the default action for whoever has
				// no script line; 0 for a parameter the action lacks.
				"after ann: n=7 missing=0", "after bob: n=5 missing=0", "after cid: n=3 missing=0",
			},
			err: "parameter word of action wait is not a whole number", notInLog: "word="},
		{dir: "declared_string",
			want: []string{
				"before ann: what=web", "before bob: what=light",
				"after ann: what=fireball missing=[]", "after bob: what=sleep missing=[]", "after cid: what=light missing=[]",
			},
			err: "parameter n of action wait is not text"},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			enc, diags := check.UnderRoot("..").LoadEncounter(filepath.Join("testdata", tt.dir, "enc.fray"), "", diag.Sources{})
			if diags.HasErrors() {
				t.Fatalf("does not check: %v", diags)
			}
			var buf bytes.Buffer
			text := interp.NewTextLog(&buf)
			_, err := interp.New(interp.Lower(enc.Rules), enc, interp.Options{Seed: 1, Sink: text.Write}).Play()
			log := buf.String()
			for _, want := range tt.want {
				if !strings.Contains(log, want) {
					t.Errorf("log lacks %q:\n%s", want, log)
				}
			}
			if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), "rules.fray:") {
				t.Errorf("want a positioned error %q, got %v", tt.err, err)
			}
			if tt.notInLog != "" && strings.Contains(log, tt.notInLog) {
				t.Errorf("no value is logged for the parameter of the wrong type:\n%s", log)
			}
		})
	}
}
