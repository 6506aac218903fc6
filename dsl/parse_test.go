package dsl_test

import (
	"strings"
	"testing"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

func mustParse(t *testing.T, src string) *syntax.File {
	t.Helper()
	f, diags := syntax.Parse("t.fray", src)
	if len(diags) > 0 || f == nil {
		var b strings.Builder
		diag.WriteText(&b, diags, diag.Sources{"t.fray": src})
		t.Fatalf("Parse failed:\n%s", b.String())
	}
	return f
}

func TestParseHeader(t *testing.T) {
	f := mustParse(t, `ruleset "Demo" {
  source "book.txt"
  covers "002-01", "002-02"
  segments 10
  default attack
}
`)
	if len(f.Decls) != 1 || f.Decls[0].Ruleset == nil {
		t.Fatalf("want one ruleset decl, got %+v", f.Decls)
	}
	h := f.Decls[0].Ruleset
	if h.Name != "Demo" {
		t.Errorf("name %q", h.Name)
	}
	if len(h.Fields) != 4 {
		t.Fatalf("fields: %d", len(h.Fields))
	}
	if k := h.Fields[1]; k.Key != "covers" || len(k.Values) != 2 || *k.Values[1].String != "002-02" {
		t.Errorf("covers field: %+v", k)
	}
	if k := h.Fields[2]; k.Key != "segments" || k.Values[0].Number == nil || k.Values[0].Number.Text != "10" {
		t.Errorf("segments field: %+v", k)
	}
	if k := h.Fields[3]; k.Key != "default" || k.Values[0].Ident == nil || *k.Values[0].Ident != "attack" {
		t.Errorf("default field: %+v", k)
	}
	if p := h.Fields[2].Pos; p.Line != 4 || p.Column != 3 {
		t.Errorf("segments at %d:%d, want 4:3", p.Line, p.Column)
	}
}

func TestParseSchemaEventTable(t *testing.T) {
	f := mustParse(t, `combatant {
  hp: int = 1
  damage: dice = d6
  tags: list[string]
}
event hit(attacker: combatant, amount: int) "{attacker.name} hits for {amount}"
table morale d6 {
  1-2: "flee"
  3:   "waver"
  4+:  "stand"
}
`)
	if len(f.Decls) != 3 {
		t.Fatalf("decls: %d", len(f.Decls))
	}
	s := f.Decls[0].Schema
	if s == nil || s.Kind != "combatant" || len(s.Attrs) != 3 {
		t.Fatalf("schema: %+v", s)
	}
	if a := s.Attrs[0]; a.Name != "hp" || a.Type.Name != "int" || a.Default == nil || a.Default.Raw() != "1" {
		t.Errorf("hp: %+v", a)
	}
	if a := s.Attrs[1]; a.Default == nil || len(a.Default.Tokens) != 1 || a.Default.Tokens[0].Type != syntax.TokDice {
		t.Errorf("damage default: %+v", a.Default)
	}
	if a := s.Attrs[2]; a.Type.List == nil || a.Type.List.Name != "string" || a.Default != nil {
		t.Errorf("tags: %+v", a)
	}
	ev := f.Decls[1].Event
	if ev == nil || ev.Name != "hit" || len(ev.Params) != 2 || ev.Template == nil || *ev.Template != "{attacker.name} hits for {amount}" {
		t.Fatalf("event: %+v", ev)
	}
	if ev.Params[1].Name != "amount" || ev.Params[1].Type.Name != "int" {
		t.Errorf("param: %+v", ev.Params[1])
	}
	tb := f.Decls[2].Table
	if tb == nil || tb.Name != "morale" || tb.Dice == nil || tb.Dice.Text != "d6" || len(tb.Rows) != 3 {
		t.Fatalf("table: %+v", tb)
	}
	if r := tb.Rows[0]; len(r.Keys) != 1 || r.Keys[0].Range == nil || r.Keys[0].Range.Lo.Text != "1" ||
		r.Keys[0].Range.Hi == nil || r.Keys[0].Range.Hi.Text != "2" || r.Label == nil || *r.Label != "flee" || r.Value != nil {
		t.Errorf("row 1-2: %+v", r)
	}
	if r := tb.Rows[2]; r.Keys[0].Range == nil || !r.Keys[0].Range.Plus || r.Keys[0].Range.Hi != nil {
		t.Errorf("row 4+: %+v", r.Keys[0])
	}
}

func TestParseStatements(t *testing.T) {
	f := mustParse(t, `phase resolve each segment {
  let n = 1
  if n > 0 {
    emit hit(self, foe, 3)
  } else if n < 0 {
    return
  } else {
    log "nothing"
  }
  for c in living(combatants) by "init" c.init desc simultaneous {
    act c
  }
  schedule "spell" for self after 2 {
    cancel "spell" for self
  }
  segment 3 { declare }
  self.hp -= 2
}
`)
	p := f.Decls[0].Phase
	if p == nil || p.Name != "resolve" || p.Each != "segment" {
		t.Fatalf("phase: %+v", p)
	}
	st := p.Body.Stmts
	if len(st) != 6 {
		t.Fatalf("want 6 statements, got %d", len(st))
	}
	if st[0].Let == nil || st[0].Let.Name.Text != "n" || st[0].Let.Value.Raw() != "1" {
		t.Errorf("let: %+v", st[0].Let)
	}
	is := st[1].If
	if is == nil || is.Cond.Raw() != "n > 0" || is.Else == nil || is.Else.If == nil || is.Else.If.Else == nil || is.Else.If.Else.Block == nil {
		t.Fatalf("if/else if/else: %+v", is)
	}
	if em := is.Then.Stmts[0].Emit; em == nil || em.Event.Text != "hit" || len(em.Args) != 3 || em.Args[2].Raw() != "3" {
		t.Errorf("emit: %+v", em)
	}
	fs := st[2].For
	if fs == nil || fs.Var.Text != "c" || fs.List.Raw() != "living(combatants)" || len(fs.Keys) != 1 || !fs.Simultaneous {
		t.Fatalf("for: %+v", fs)
	}
	if k := fs.Keys[0]; k.Label == nil || *k.Label != "init" || k.Key.Raw() != "c.init" || k.Dir != "desc" {
		t.Errorf("order key: %+v", k)
	}
	if sc := st[3].Schedule; sc == nil || sc.Label != "spell" || sc.Who.Raw() != "self" || sc.After.Raw() != "2" || sc.Body.Stmts[0].Cancel == nil {
		t.Errorf("schedule: %+v", sc)
	}
	if sg := st[4].Segment; sg == nil || sg.N.Raw() != "3" || sg.Body.Stmts[0].Declare == nil {
		t.Errorf("segment: %+v", sg)
	}
	as := st[5].Assign
	if as == nil || as.Op != "-=" || len(as.Target.Parts) != 2 || as.Target.Parts[1].Text != "hp" || as.Value.Raw() != "2" {
		t.Errorf("assign: %+v", as)
	}
}

func TestParseEncounter(t *testing.T) {
	f := mustParse(t, `encounter "E" {
  rules "r.fray"
  dice 1, 2, 3
}
side party {
  alerted = true
  combatant brom { hp = 10; damage = d4 }
  combatant wren
}
ruling "wren is quick" {
  wren.surprise_bonus = -1
}
round 1 {
  brom: attack(target = wren)
  wren: cast("Sleep", 2)
}
`)
	if len(f.Decls) != 4 {
		t.Fatalf("decls: %d", len(f.Decls))
	}
	h, rules, _ := check.EncounterHeader(f)
	if h == nil || rules != "r.fray" {
		t.Errorf("header %v, rules %q", h, rules)
	}
	sd := f.Decls[1].Side
	if sd == nil || sd.Name != "party" || len(sd.Items) != 3 {
		t.Fatalf("side: %+v", sd)
	}
	if set := sd.Items[0].Set; set == nil || set.Name != "alerted" || *set.Value.Ident != "true" {
		t.Errorf("side setting: %+v", set)
	}
	if c := sd.Items[1].Combatant; c == nil || c.Name != "brom" || len(c.Sets) != 2 || *c.Sets[1].Value.Dice != "d4" {
		t.Errorf("combatant brom: %+v", c)
	}
	if c := sd.Items[2].Combatant; c == nil || c.Name != "wren" || c.Sets != nil {
		t.Errorf("combatant wren: %+v", c)
	}
	rd := f.Decls[2].Ruling
	if rd == nil || len(rd.Sets) != 1 || rd.Sets[0].Value.Number == nil || !rd.Sets[0].Value.Number.Neg {
		t.Fatalf("ruling: %+v", rd)
	}
	sc := f.Decls[3].Script
	if sc == nil || sc.Round == nil || sc.Round.Text != "1" || len(sc.Lines) != 2 {
		t.Fatalf("script: %+v", sc)
	}
	if l := sc.Lines[0]; l.Who != "brom" || l.Action != "attack" || len(l.Args) != 1 || *l.Args[0].Name != "target" {
		t.Errorf("line 1: %+v", l)
	}
	if l := sc.Lines[1]; len(l.Args) != 2 || l.Args[0].Name != nil || *l.Args[0].Value.String != "Sleep" {
		t.Errorf("line 2: %+v", l)
	}
}

func TestParseComments(t *testing.T) {
	f := mustParse(t, "# top\nconst x = 1 # trailing\n")
	if len(f.Comments) != 2 || f.Comments[0].Text != "# top" || f.Comments[1].Pos.Line != 2 {
		t.Errorf("comments: %+v", f.Comments)
	}
	if f.Decls[0].Const == nil || f.Decls[0].Const.Value.Raw() != "1" {
		t.Errorf("const: %+v", f.Decls[0].Const)
	}
}

// Expressions end at the end of the line unless the last token is an
// operator (or an opening bracket) that continues them.
func TestParseExprLineEnds(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []string // Raw of each statement's value
	}{
		{"line end stops", "let a = 1\nlet b = 2", []string{"1", "2"}},
		{"trailing plus continues", "let a = 1 +\n  2\nlet b = 3", []string{"1 + 2", "3"}},
		{"trailing && continues", "let a = x &&\n  y", []string{"x && y"}},
		{"trailing || continues", "let a = x ||\n  y", []string{"x || y"}},
		{"trailing comparison continues", "let a = x >=\n  y", []string{"x >= y"}},
		{"ternary across lines", "let a = c ?\n  1 :\n  2", []string{"c ? 1 : 2"}},
		{"open paren continues", "let a = max(\n  1, 2)", []string{"max(1, 2)"}},
		{"open bracket continues", "let a = [\n  1, 2]", []string{"[1, 2]"}},
		{"comma inside call continues", "let a = f(1,\n  2)", []string{"f(1, 2)"}},
		{"leading operator does not continue", "let a = 1\n-2", nil}, // second line is not a statement
		{"identifier on next line is a new statement", "let a = x\ny = 2", []string{"x", "2"}},
		{"comment ends the line", "let a = 1 # c\nlet b = 2", []string{"1", "2"}},
		{"semicolon ends", "let a = 1; let b = 2", []string{"1", "2"}},
		{"dice in expression", "let a = 2d6 + d%", []string{"2d6 + d%"}},
		{"ranges in expression", "let a = 1..6", []string{"1..6"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "phase p each round {\n" + tt.body + "\n}\n"
			f, diags := syntax.Parse("t.fray", src)
			if tt.want == nil {
				if len(diags) == 0 {
					t.Fatalf("want a syntax error for %q", tt.body)
				}
				return
			}
			if len(diags) > 0 {
				t.Fatalf("Parse: %v", diags)
			}
			var got []string
			for _, s := range f.Decls[0].Phase.Body.Stmts {
				switch {
				case s.Let != nil:
					got = append(got, s.Let.Value.Raw())
				case s.Assign != nil:
					got = append(got, s.Assign.Value.Raw())
				default:
					t.Fatalf("unexpected statement %+v", s)
				}
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// An expression stops at a keyword of the rule language that follows it.
func TestParseExprStopWords(t *testing.T) {
	f := mustParse(t, `modifiers m(c: combatant) over members(c.side) as x aggregate max {
  "a" x.hp + 1 when x.alive
}
`)
	md := f.Decls[0].Modifiers
	if md.Over == nil || md.Over.List.Raw() != "members(c.side)" || md.Over.Var != "x" || md.Aggregate != "max" {
		t.Fatalf("modifiers: %+v", md)
	}
	if r := md.Rows[0]; r.Value.Raw() != "x.hp + 1" || r.When == nil || r.When.Raw() != "x.alive" {
		t.Errorf("row: value %q", r.Value.Raw())
	}
}

func TestParseExprPositions(t *testing.T) {
	f := mustParse(t, "const big = 2 +\n    3\n")
	e := f.Decls[0].Const.Value
	if e.Pos.Line != 1 || e.Pos.Column != 13 || e.EndPos.Line != 2 || e.EndPos.Column != 6 {
		t.Errorf("expr spans %d:%d-%d:%d, want 1:13-2:6", e.Pos.Line, e.Pos.Column, e.EndPos.Line, e.EndPos.Column)
	}
	text, dice := e.Text()
	// The text starts at the first token (not padded to its column: a
	// long line made every expression on it as long as the line).
	if text != "2 +\n    3" || dice != nil {
		t.Errorf("Text() = %q, %v", text, dice)
	}
	f = mustParse(t, "const r = 1 + 2d6\n")
	text, dice = f.Decls[0].Const.Value.Text()
	if text != "1 + ___" || dice[4] != "2d6" || len(dice) != 1 {
		t.Errorf("Text() = %q, %v", text, dice)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, col int
		summary   string
	}{
		{"missing closing brace", "phase p each round {\n  let a = 1\n", 3, 1, `unexpected token "<EOF>"`},
		{"stray token at top level", "const a = 1\nbogus thing\n", 2, 1, `unexpected token "bogus"`},
		{"stray token in block", "phase p each round {\n  let a = 1\n  ) \n}\n", 3, 3, `unexpected token ")"`},
		{"phase without schedule", "phase p {\n}\n", 1, 9, "unexpected token"},
		{"header missing name", "ruleset {\n}\n", 1, 9, "unexpected token"},
		{"event missing paren", "event hit a: int) \"x\"\n", 1, 11, "unexpected token"},
		{"unterminated string", "ruleset \"abc {\n}\n", 1, 9, "string not terminated"},
		{"bad character", "const a = 1\nconst b = 2 @ 3\n", 2, 13, "unexpected character '@'"},
		{"bad character after unicode", "const é = 1 ∑\n", 1, 13, "unexpected character"},
		{"malformed number", "const a = 12abc\n", 1, 11, "malformed number"},
		{"unclosed table", "table t d6 {\n  1-6: \"x\"\n", 3, 1, `unexpected token "<EOF>"`},
		{"missing colon in table row", "table t d6 {\n  1-6 \"x\"\n}\n", 2, 3, "unexpected token"},
		{"missing type", "combatant {\n  hp: = 3\n}\n", 2, 7, "unexpected token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, diags := syntax.Parse("t.fray", tt.src)
			if f != nil {
				t.Fatalf("Parse(%q) succeeded", tt.src)
			}
			if len(diags) != 1 {
				t.Fatalf("want exactly one diagnostic, got %v", diags)
			}
			d := diags[0]
			s := d.Subject
			if d.Code != diag.CodeSyntax || d.Severity != diag.Error {
				t.Errorf("code %s severity %s", d.Code, d.Severity)
			}
			if s.Filename != "t.fray" || s.Start.Line != tt.line || s.Start.Column != tt.col {
				t.Errorf("at %s:%d:%d, want t.fray:%d:%d (%s)", s.Filename, s.Start.Line, s.Start.Column, tt.line, tt.col, d.Summary)
			}
			if !strings.Contains(d.Summary, tt.summary) {
				t.Errorf("summary %q does not contain %q", d.Summary, tt.summary)
			}
			if s.End.Line < s.Start.Line || (s.End.Line == s.Start.Line && s.End.Column <= s.Start.Column) {
				t.Errorf("empty or backwards span %+v", s)
			}
			// The byte offset and the line/column must agree.
			lines := strings.SplitAfter(tt.src, "\n")
			off := 0
			for _, l := range lines[:s.Start.Line-1] {
				off += len(l)
			}
			off += len(string([]rune(lines[s.Start.Line-1])[:s.Start.Column-1]))
			if off != s.Start.Byte {
				t.Errorf("start byte %d, want %d", s.Start.Byte, off)
			}
		})
	}
}

// Syntax errors say what was expected in words, and their hint shows the
// form of the construct they are in.
func TestSyntaxErrorsInWords(t *testing.T) {
	tests := []struct{ name, src, summary, hint string }{
		{"header name", "ruleset Bad {\n}\n", `unexpected token "Bad", expected a string in quotes`, `ruleset "Name" { ... }`},
		{"phase schedule", "phase p {\n}\n", `unexpected token "{"`, "phase NAME once, each round, each segment or at end"},
		{"attribute type", "combatant {\n  hp = 3\n}\n", "expected `:`", "hp: int = 8"},
		{"table row", "table t d6 {\n  1-6 \"x\"\n}\n", `unexpected token "1"`, `1-4: "graze" 1`},
		{"function result", "fn f(a: int) int = a\n", "expected `:`", "fn NAME(param: type, ...): type = expression"},
		{"encounter setting", "side a {\n  combatant x { hp 3 }\n}\n", `unexpected token "{"`, "NAME = value"},
		{"file ends", "phase p each round {\n", `unexpected token "<EOF>"`, "the file ends too early"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := syntax.Parse("t.fray", tt.src)
			if len(diags) != 1 {
				t.Fatalf("want one diagnostic, got %v", diags)
			}
			d := diags[0]
			if !strings.Contains(d.Summary, tt.summary) || strings.Contains(d.Summary, "<ident>") || strings.Contains(d.Summary, "*") {
				t.Errorf("summary %q: want it to contain %q, in words", d.Summary, tt.summary)
			}
			if !strings.Contains(d.Detail, tt.hint) {
				t.Errorf("hint %q: want it to contain %q", d.Detail, tt.hint)
			}
		})
	}
}
