package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkParseRules parses every ruleset of rules/ (not the variants):
// the parser's share of fray lint rules.
func BenchmarkParseRules(b *testing.B) {
	files, _ := filepath.Glob("../../rules/*.fray")
	var srcs []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, string(data))
	}
	if len(srcs) == 0 {
		b.Fatal("no rule files")
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range srcs {
			if _, d := Parse("x.fray", s); d != nil {
				b.Fatal(d)
			}
		}
	}
}

// BenchmarkParseBody parses a body of a thousand statements of one form:
// the first form the old disjunction tried (let), the last (an
// assignment) and one between (log).
func BenchmarkParseBody(b *testing.B) {
	for _, form := range []struct{ name, line string }{{"let", "let a = 1"}, {"assign", "a = 1"}, {"log", `log "x"`}} {
		line := form.line
		b.Run(form.name, func(b *testing.B) {
			src := "phase p each round {\n" + strings.Repeat(line+"\n", 1000) + "}\n"
			b.ReportAllocs()
			for b.Loop() {
				if _, d := Parse("x.fray", src); d != nil {
					b.Fatal(d)
				}
			}
		})
	}
}
