package check_test

// The VS Code extension's TextMate grammar (editors/vscode) is checked
// here against the real lexer and grammar, so the two cannot drift:
//
//   - the words of the grammar's keywords-* entries are exactly the
//     keywords of dsl/syntax's grammar (the literals of its participle
//     tags), plus type names the checker resolves;
//   - every token of every shipped .fray file gets a scope of its kind
//     (comment, string, dice, number, operator) that covers the whole
//     token, and a keyword that starts a line gets a keyword scope.
//
// The TextMate grammar is run by a small interpreter of the subset the
// file uses: match rules with captures, begin/end rules, includes. Its
// regular expressions must stay within what both Oniguruma (VS Code) and
// Go's RE2 accept, plus lookaheads (?=X) that end a match or one of its
// alternatives: the interpreter matches X as a group and ends the match
// where the group starts. No lookbehind, no backreferences.
//
// The test lives in dsl/check, not dsl/syntax, because it asks the checker
// which words are types: a test of dsl/syntax that imports dsl/check makes
// go test compile dsl/check a second time, against the test build of
// dsl/syntax (2 s of CPU on an empty build cache).

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

const grammarPath = "../../editors/vscode/syntaxes/fray.tmLanguage.json"

// tmRaw is a TextMate rule as the JSON file has it.
type tmRaw struct {
	Name          string               `json:"name"`
	Match         string               `json:"match"`
	Begin         string               `json:"begin"`
	End           string               `json:"end"`
	Include       string               `json:"include"`
	Captures      map[string]tmCapture `json:"captures"`
	BeginCaptures map[string]tmCapture `json:"beginCaptures"`
	EndCaptures   map[string]tmCapture `json:"endCaptures"`
	Patterns      []*tmRaw             `json:"patterns"`
	Repository    map[string]*tmRaw    `json:"repository"`
	ScopeName     string               `json:"scopeName"`
	FileTypes     []string             `json:"fileTypes"`
}

type tmCapture struct {
	Name string `json:"name"`
}

// tmRule is a compiled match or begin/end rule.
type tmRule struct {
	key      string // where it came from, for messages
	name     string
	re       *regexp.Regexp // match, or begin
	caps     map[int]string
	end      *regexp.Regexp
	endCaps  map[int]string
	anchored bool // starts with ^: only at the start of a line
	inner    []*tmRule
}

type tmGrammar struct {
	root []*tmRule
}

func loadGrammar(t *testing.T) (*tmRaw, *tmGrammar) {
	t.Helper()
	data, err := os.ReadFile(grammarPath)
	if err != nil {
		t.Fatal(err)
	}
	var raw tmRaw
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", grammarPath, err)
	}
	if raw.ScopeName != "source.fray" || !slices.Contains(raw.FileTypes, "fray") {
		t.Errorf("%s: scopeName %q, fileTypes %v; want source.fray and fray", grammarPath, raw.ScopeName, raw.FileTypes)
	}
	c := &tmCompiler{t: t, repo: raw.Repository, leaves: map[*tmRaw]*tmRule{}}
	g := &tmGrammar{root: c.expand("patterns", raw.Patterns)}
	for c.pending != nil {
		todo := c.pending
		c.pending = nil
		for _, r := range todo {
			r.rule.inner = c.expand(r.rule.key, r.raw.Patterns)
		}
	}
	return &raw, g
}

type tmCompiler struct {
	t       *testing.T
	repo    map[string]*tmRaw
	leaves  map[*tmRaw]*tmRule
	pending []struct {
		rule *tmRule
		raw  *tmRaw
	}
	depth int
}

// expand flattens a pattern list: includes are replaced by what they name.
func (c *tmCompiler) expand(where string, pats []*tmRaw) []*tmRule {
	c.depth++
	defer func() { c.depth-- }()
	if c.depth > 50 {
		c.t.Fatalf("%s: includes nest too deep (a cycle without a begin/end rule?)", where)
	}
	var out []*tmRule
	for _, p := range pats {
		key := where
		if p.Include != "" {
			name, ok := strings.CutPrefix(p.Include, "#")
			target := c.repo[name]
			if !ok || target == nil {
				c.t.Fatalf("%s: include %q names no repository entry", where, p.Include)
			}
			key, p = name, target
		}
		if p.Match == "" && p.Begin == "" {
			out = append(out, c.expand(key, p.Patterns)...)
			continue
		}
		out = append(out, c.leaf(key, p))
	}
	return out
}

func (c *tmCompiler) leaf(key string, p *tmRaw) *tmRule {
	if r, ok := c.leaves[p]; ok {
		return r
	}
	r := &tmRule{key: key, name: p.Name}
	c.leaves[p] = r
	src := p.Match
	r.caps = c.caps(key, p.Captures)
	if p.Begin != "" {
		src = p.Begin
		r.caps = c.caps(key, p.BeginCaptures)
		r.end = c.compile(key, p.End)
		r.endCaps = c.caps(key, p.EndCaptures)
		c.pending = append(c.pending, struct {
			rule *tmRule
			raw  *tmRaw
		}{r, p})
	}
	r.re = c.compile(key, src)
	r.anchored = strings.HasPrefix(src, "^")
	return r
}

// lookahead is the name of the groups that stand for lookaheads.
const lookahead = "lookahead"

func (c *tmCompiler) compile(key, src string) *regexp.Regexp {
	re, err := regexp.Compile(strings.ReplaceAll(src, "(?=", "(?P<"+lookahead+">"))
	if err != nil {
		c.t.Fatalf("%s: pattern %q is outside the RE2 subset this test runs: %v", key, src, err)
	}
	return re
}

func (c *tmCompiler) caps(key string, m map[string]tmCapture) map[int]string {
	out := map[int]string{}
	for k, v := range m {
		i, err := strconv.Atoi(k)
		if err != nil {
			c.t.Fatalf("%s: capture %q is not a number", key, k)
		}
		out[i] = v.Name
	}
	return out
}

// findAt is FindStringSubmatchIndex with lookaheads: a match whose
// lookahead group matched ends where that group starts.
func findAt(re *regexp.Regexp, s string) []int {
	m := re.FindStringSubmatchIndex(s)
	if m == nil {
		return nil
	}
	for i, name := range re.SubexpNames() {
		if name == lookahead && m[2*i] >= 0 {
			m[1] = m[2*i]
		}
	}
	return m
}

// matchMemo remembers, for one line, where each pattern next matched:
// a TextMate engine asks every rule at every position, and a pattern
// that matched far ahead (or nowhere) from an earlier position matches
// there (or nowhere) from this one too, but for a match starting just
// here, where the text it is given starts (\b, ^): that one is tried
// anchored. Without it a line of 13 000 characters took seconds.
type matchMemo map[*regexp.Regexp]memoMatch

type memoMatch struct {
	from int   // the position it was looked for from
	m    []int // findAt's answer, in positions of the line; nil: none
}

// anchoredRE are the patterns anchored at the start of their text.
var anchoredRE sync.Map // *regexp.Regexp -> *regexp.Regexp

// at is findAt(re, line[pos:]).
func (mm matchMemo) at(re *regexp.Regexp, line string, pos int) []int {
	if c, ok := mm[re]; ok && c.from <= pos && (c.m == nil || c.m[0] > pos) {
		a, ok := anchoredRE.Load(re)
		if !ok {
			a, _ = anchoredRE.LoadOrStore(re, regexp.MustCompile(`^(?:`+re.String()+`)`))
		}
		if m := findAt(a.(*regexp.Regexp), line[pos:]); m != nil {
			return m
		}
		return shift(c.m, -pos)
	}
	m := findAt(re, line[pos:])
	mm[re] = memoMatch{pos, shift(m, pos)}
	return m
}

// shift is a copy of the match m moved by d (nil for nil).
func shift(m []int, d int) []int {
	if m == nil {
		return nil
	}
	out := make([]int, len(m))
	for i, v := range m {
		out[i] = v
		if v >= 0 {
			out[i] = v + d
		}
	}
	return out
}

// segment is a scoped span of a line, in bytes.
type segment struct {
	start, end int
	scope      string
	capture    bool // from a capture: more specific than its rule's name
}

// maxTokenizationLineLength is the longest line an editor colours: VS
// Code's default (editor.maxTokenizationLineLength) leaves longer lines
// plain, without a scope. The hostile test files have lines of 36 000
// characters (a script line of thousands of declarations), over which
// this emulation, which tries every rule at every position, takes
// minutes.
const maxTokenizationLineLength = 20_000

// scopeLines runs the grammar over the file's lines, as a TextMate
// engine does: at each position the rule whose match starts first wins,
// ties go to the end pattern of the open begin/end rule and then to
// pattern order. It returns each line's segments.
func (g *tmGrammar) scopeLines(src string) [][]segment {
	var stack []*tmRule
	var starts []int // where each open rule began, on its line (-1: an earlier line)
	var out [][]segment
	for _, line := range strings.Split(src, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if len(line) > maxTokenizationLineLength {
			// Editors leave such a line plain, and so does this.
			out = append(out, nil)
			continue
		}
		var segs []segment
		found := matchMemo{}
		for i := range starts {
			starts[i] = -1
		}
		pos := 0
		for pos <= len(line) {
			rules := g.root
			var open *tmRule
			if len(stack) > 0 {
				open = stack[len(stack)-1]
				rules = open.inner
			}
			best, bestM, isEnd := (*tmRule)(nil), []int(nil), false
			if open != nil {
				if m := found.at(open.end, line, pos); m != nil {
					best, bestM, isEnd = open, m, true
				}
			}
			for _, r := range rules {
				if r.anchored && pos > 0 {
					continue
				}
				m := found.at(r.re, line, pos)
				if m != nil && (bestM == nil || m[0] < bestM[0]) {
					best, bestM, isEnd = r, m, false
				}
			}
			if best == nil {
				break
			}
			caps := best.caps
			switch {
			case isEnd:
				caps = best.endCaps
				// A named begin/end rule (a string) scopes all it spans.
				if start := starts[len(starts)-1]; best.name != "" {
					segs = append(segs, segment{max(start, 0), pos + bestM[1], best.name, false})
				}
				stack, starts = stack[:len(stack)-1], starts[:len(starts)-1]
			case best.end != nil:
				stack, starts = append(stack, best), append(starts, pos+bestM[0])
			}
			if best.name != "" && best.end == nil {
				segs = append(segs, segment{pos + bestM[0], pos + bestM[1], best.name, false})
			}
			for i, name := range caps {
				if 2*i+1 < len(bestM) && bestM[2*i] >= 0 && name != "" {
					segs = append(segs, segment{pos + bestM[2*i], pos + bestM[2*i+1], name, true})
				}
			}
			next := pos + bestM[1]
			if bestM[1] == bestM[0] && !isEnd {
				next++ // an empty match must not stop the scan; an empty end just closes
			}
			pos = next
		}
		out = append(out, segs)
	}
	return out
}

// judgeAll accepts a token if one of the scopes holding its start covers
// it whole with a scope of its kind (a string's scope, say, around the
// scopes of its {expression} parts); otherwise it says what is wrong
// with the most specific one.
func judgeAll(tok lexer.Token, segs []segment, col int, kwPos bool, keywords map[string]bool) string {
	var holding []segment
	for _, s := range segs {
		if s.start <= col && col < s.end {
			holding = append(holding, s)
		}
	}
	if len(holding) == 0 {
		return judge(tok, segment{}, false, col, kwPos, keywords)
	}
	// Captures first: they are the most specific.
	sort.SliceStable(holding, func(i, j int) bool { return holding[i].capture && !holding[j].capture })
	first := ""
	for _, s := range holding {
		msg := judge(tok, s, true, col, kwPos, keywords)
		if msg == "" {
			return ""
		}
		if first == "" {
			first = msg
		}
	}
	return first
}

// scopedKeyword reports whether a segment holding col scopes it as a
// keyword.
func scopedKeyword(segs []segment, col int) bool {
	for _, s := range segs {
		if s.start <= col && col < s.end && (strings.HasPrefix(s.scope, "keyword.") || strings.HasPrefix(s.scope, "storage.modifier.")) {
			return true
		}
	}
	return false
}

// grammarKeywords are the words the participle grammar of dsl/syntax
// matches literally: every "word" in a parser tag of a type reachable
// from File.
func grammarKeywords() map[string]bool {
	words := map[string]bool{}
	lit := regexp.MustCompile(`"([A-Za-z_]*[A-Za-z][A-Za-z_]*)"`)
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			for _, m := range lit.FindAllStringSubmatch(f.Tag.Get("parser"), -1) {
				words[m[1]] = true
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeOf(syntax.File{}))
	return words
}

// patternWords are the words a keyword pattern lists.
func patternWords(re string) []string {
	re = regexp.MustCompile(`\\[a-zA-Z]`).ReplaceAllString(re, " ")
	return regexp.MustCompile(`[A-Za-z_]+`).FindAllString(re, -1)
}

// TestGrammarKeywords checks the keyword lists of the TextMate grammar
// against dsl/syntax's grammar, both ways, and its type names against
// the checker.
func TestGrammarKeywords(t *testing.T) {
	raw, _ := loadGrammar(t)
	want := grammarKeywords()
	if len(want) < 30 {
		t.Fatalf("found only %d keywords in the syntax tree's tags: %v", len(want), want)
	}
	got := map[string]string{} // word -> entry
	var entries []string
	for name := range raw.Repository {
		if strings.HasPrefix(name, "keywords-") {
			entries = append(entries, name)
		}
	}
	sort.Strings(entries)
	var collect func(entry string, r *tmRaw)
	collect = func(entry string, r *tmRaw) {
		for _, re := range []string{r.Match, r.Begin} {
			for _, w := range patternWords(re) {
				got[w] = entry
			}
		}
		for _, p := range r.Patterns {
			collect(entry, p)
		}
	}
	for _, e := range entries {
		collect(e, raw.Repository[e])
	}
	for w := range want {
		if _, ok := got[w]; !ok {
			t.Errorf("keyword %q of dsl/syntax's grammar is in no keywords-* entry of %s", w, grammarPath)
		}
	}
	var types []string
	for w, e := range got {
		if want[w] {
			continue
		}
		if e != "keywords-type" {
			t.Errorf("%s lists %q, which is no keyword of dsl/syntax's grammar", e, w)
			continue
		}
		types = append(types, w)
	}
	sort.Strings(types)
	// Type names beyond the grammar's literals must be types the checker knows.
	known := typeNames(t)
	for _, ty := range types {
		if !known[ty] {
			t.Errorf("keywords-type lists %q, which the checker does not know as a type", ty)
		}
	}
}

// typeNames asks the checker which of the grammar files' type words are
// types: a word is one if a parameter of that type is not an unknown type.
func typeNames(t *testing.T) map[string]bool {
	t.Helper()
	known := map[string]bool{}
	for _, ty := range []string{"int", "float", "bool", "string", "dice", "combatant", "side", "list", "no_such_type"} {
		ref := ty
		if ty == "list" {
			ref = "list[int]"
		}
		src := fmt.Sprintf("ruleset \"t\" {\n}\nfn f(x: %s): int = 1\n", ref)
		f, diags := syntax.Parse("t.fray", src)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", src, diags)
		}
		_, diags = check.Options{}.Check(f)
		known[ty] = !slices.ContainsFunc(diags, func(d *diag.Diagnostic) bool { return d.Code == diag.CodeUnknownType })
	}
	if known["no_such_type"] {
		t.Fatal("the checker accepts any type name: typeNames cannot tell types apart")
	}
	return known
}

// TestGrammarScopesTokens runs the TextMate grammar over every .fray file
// of the repository and checks each token the lexer makes gets a scope
// of its kind, covering all of it.
func TestGrammarScopesTokens(t *testing.T) {
	_, g := loadGrammar(t)
	keywords := grammarKeywords()
	var files []string
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// Hidden folders, npm's packages and release builds are not sources.
		if d.IsDir() && path != "../.." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "dist") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".fray") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	checked, tokens := 0, 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		toks, err := syntax.Tokenize(path, src)
		if err != nil {
			continue // the bad corpus: files the lexer rejects
		}
		checked++
		lines := g.scopeLines(src)
		lineStart := lineOffsets(src)
		depth, lastLine := 0, 0
		problems := 0
		for i, tok := range toks {
			if tok.Type == syntax.TokEOF {
				break
			}
			tokens++
			line := tok.Pos.Line - 1
			col := tok.Pos.Offset - lineStart[line]
			first := tok.Pos.Line != lastLine
			lastLine = tok.Pos.Line
			// A keyword starts a line's declaration or statement, unless
			// the word is a local being assigned or read (best = 3), or a
			// name being declared (an attribute, a legend's letter: best:
			// int), which the parser reads as a name whatever the word.
			declared := first && depth == 0 && toks[i+1].Value == ":"
			kwPos := first && depth == 0 && !declared && !slices.Contains([]string{"=", "+=", "-=", ".", "?."}, toks[i+1].Value)
			if len(src) > 0 && lineLen(src, lineStart, line) > maxTokenizationLineLength {
				continue // a line editors leave plain
			}
			msg := judgeAll(tok, lines[line], col, kwPos, keywords)
			if msg == "" && declared && tok.Type == syntax.TokIdent && keywords[tok.Value] && scopedKeyword(lines[line], col) {
				msg = "is a name declared (NAME: TYPE), scoped as a keyword"
			}
			if msg != "" {
				problems++
				if problems <= 5 {
					t.Errorf("%s:%d:%d: token %q: %s", path, tok.Pos.Line, tok.Pos.Column, tok.Value, msg)
				}
			}
			if tok.Type == syntax.TokPunct {
				switch tok.Value {
				case "(", "[":
					depth++
				case ")", "]":
					depth = max(0, depth-1)
				}
			}
		}
	}
	if checked < 20 || tokens < 10000 {
		t.Fatalf("checked only %d files, %d tokens: are the rule files where the test looks (%s)?", checked, tokens, "../..")
	}
	t.Logf("%d files, %d tokens", checked, tokens)
}

// judge says what is wrong with the scope the grammar gave a token, or "".
func judge(tok lexer.Token, seg segment, ok bool, col int, lineStart bool, keywords map[string]bool) string {
	if !ok {
		if tok.Type == syntax.TokIdent && !(lineStart && keywords[tok.Value]) {
			return "" // a plain name may go unscoped
		}
		return "has no scope"
	}
	if seg.end < col+len(tok.Value) {
		return fmt.Sprintf("is split: scope %s ends inside it", seg.scope)
	}
	s := seg.scope
	has := func(prefixes ...string) bool {
		for _, p := range prefixes {
			if strings.HasPrefix(s, p) {
				return true
			}
		}
		return false
	}
	var want []string
	switch tok.Type {
	case syntax.TokComment:
		want = []string{"comment."}
	case syntax.TokString:
		want = []string{"string."}
	case syntax.TokDice:
		want = []string{"constant.numeric.dice."}
	case syntax.TokNumber:
		if has("constant.numeric.dice") {
			return "is a number, scoped as dice"
		}
		want = []string{"constant.numeric."}
	case syntax.TokPunct:
		want = []string{"keyword.operator.", "punctuation."}
		switch tok.Value {
		case "#":
			want = []string{"variable.language.current-element."}
		case ")", "]":
			// A bracket nothing opened is a syntax error the lexer lets by.
			want = append(want, "invalid.illegal.stray-bracket.")
		}
	case syntax.TokIdent:
		if lineStart && keywords[tok.Value] {
			want = []string{"keyword.", "storage.modifier."}
		} else if has("comment.", "string.", "constant.numeric.") {
			return "is a name, scoped " + s
		} else {
			return ""
		}
	}
	if !has(want...) {
		return fmt.Sprintf("scoped %s, want %s*", s, strings.Join(want, "* or "))
	}
	return ""
}

func lineOffsets(src string) []int {
	offs := []int{0}
	for i := range len(src) {
		if src[i] == '\n' {
			offs = append(offs, i+1)
		}
	}
	return offs
}

// TestVimKeywords checks the keyword lists of the Vim syntax file
// (editors/vim) against dsl/syntax's grammar, both ways, as
// TestGrammarKeywords does for the TextMate grammar.
func TestVimKeywords(t *testing.T) {
	const path = "../../editors/vim/syntax/fray.vim"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	groups := []string{"frayDeclaration", "frayModifier", "frayStatement", "frayClause", "frayTiming", "frayAggregate", "frayType"}
	got := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[0] != "syn" || f[1] != "keyword" || !slices.Contains(groups, f[2]) {
			continue
		}
		for _, w := range f[3:] {
			got[w] = f[2]
		}
	}
	want := grammarKeywords()
	for w := range want {
		if _, ok := got[w]; !ok {
			t.Errorf("keyword %q of dsl/syntax's grammar is in no syn keyword line of %s", w, path)
		}
	}
	types := typeNames(t)
	for w, g := range got {
		if !want[w] && !(g == "frayType" && types[w]) {
			t.Errorf("%s: %s lists %q, which is no keyword of dsl/syntax's grammar", path, g, w)
		}
	}
}

// lineLen is the length of line (from 0) of src, whose lines start at
// lineStart, without its line end.
func lineLen(src string, lineStart []int, line int) int {
	end := len(src)
	if line+1 < len(lineStart) {
		end = lineStart[line+1] - 1
	}
	return len(strings.TrimSuffix(src[lineStart[line]:end], "\r"))
}
