package syntax

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// spanNode is a node of the tree with its type's name and its range.
type spanNode struct {
	kind       string
	start, end lexer.Position
}

// spanNodes lists every node under v that has both Pos and EndPos.
func spanNodes(v reflect.Value, out *[]spanNode) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			spanNodes(v.Elem(), out)
		}
	case reflect.Slice, reflect.Array:
		if walks(v.Type().Elem()) {
			for i := 0; i < v.Len(); i++ {
				spanNodes(v.Index(i), out)
			}
		}
	case reflect.Struct:
		p := planOf(v.Type())
		if p.end != nil && p.pos != nil {
			*out = append(*out, spanNode{kind: v.Type().Name(),
				start: v.FieldByIndex(p.pos).Interface().(lexer.Position),
				end:   v.FieldByIndex(p.end).Interface().(lexer.Position)})
		}
		for _, i := range p.children {
			spanNodes(v.Field(i), out)
		}
	}
}

// spanSrc is a rule file and an encounter with white space, line breaks
// and comments after the nodes whose ends participle sets at the next
// token.
const spanSrc = `ruleset "Spans" {
  segments 2   # after a header field
}
combatant {
  hp: int = 3     
  speed: list[int] = [1, 2]   # after a list type
}
event hit(target: combatant  , amount: int  ) "{target.name} is hit"
table harm d6 {
  1-3    :  "light"   1    # a light one
  4, 5+  :  "heavy" effect { target.hp -= 2 }   
}
action strike(target: combatant) {
  let foe   = target
  foe.hp    -= 1
  emit hit(foe, 1)   # a comment
}
on hit {
  target.hp -= amount
}
phase p each round {
  for c in combatants {
    act c
  }
}
end when true
`

const spanEncounter = `encounter "Duel" {
  rules "mini.fray"   ,   "other"
  seed  3    
}
side red {
  combatant ann { hp = 4   ; ac = 12 }
}
`

// TestEndsAreTokenEnds: every range the tree gives covers its node's
// source text exactly: it ends at the end of the node's last token, never
// at the next token (white space, a comment or a line break later).
func TestEndsAreTokenEnds(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		kind      string
		texts     []string // the source text of each node of this kind, in order
	}{
		{"header field", spanSrc, "HeaderField", []string{"segments 2"}},
		{"attribute", spanSrc, "AttrDecl", []string{"hp: int = 3", "speed: list[int] = [1, 2]"}},
		{"type", spanSrc, "TypeRef", []string{"int", "list[int]", "int", "combatant", "int", "combatant"}},
		{"param", spanSrc, "Param", []string{"target: combatant", "amount: int", "target: combatant"}},
		{"table row", spanSrc, "TableRow", []string{`1-3    :  "light"   1`, `4, 5+  :  "heavy" effect { target.hp -= 2 }`}},
		{"key", spanSrc, "Key", []string{"1-3", "4", "5+"}},
		{"key range", spanSrc, "KeyRange", []string{"1-3", "4", "5+"}},
		{"dice", spanSrc, "DiceRef", []string{"d6"}},
		{"statement", spanSrc, "Stmt", []string{"target.hp -= 2", "let foe   = target", "foe.hp    -= 1",
			"emit hit(foe, 1)", "target.hp -= amount", "for c in combatants {\n    act c\n  }", "act c"}},
		{"block", spanSrc, "Block", []string{"{ target.hp -= 2 }", "{\n  let foe   = target\n  foe.hp    -= 1\n  emit hit(foe, 1)   # a comment\n}",
			"{\n  target.hp -= amount\n}", "{\n  for c in combatants {\n    act c\n  }\n}", "{\n    act c\n  }"}},
		{"name", spanSrc, "Name", []string{"target", "hp", "foe", "foe", "hp", "hit", "target", "hp", "c"}},
		{"path", spanSrc, "Path", []string{"target.hp", "foe.hp", "target.hp"}},
		{"encounter value", spanEncounter, "Value", []string{`"mini.fray"`, `"other"`, "3", "4", "12"}},
		{"encounter setting", spanEncounter, "Setting", []string{"hp = 4", "ac = 12"}},
		{"combatant", spanEncounter, "CombatantDecl", []string{"combatant ann { hp = 4   ; ac = 12 }"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, diags := Parse("spans.fray", tc.src)
			if diags.HasErrors() {
				t.Fatalf("parse: %v", diags)
			}
			var nodes []spanNode
			spanNodes(reflect.ValueOf(f), &nodes)
			var got []string
			for _, n := range nodes {
				if n.kind == tc.kind {
					got = append(got, tc.src[n.start.Offset:n.end.Offset])
				}
			}
			if !reflect.DeepEqual(got, tc.texts) {
				t.Errorf("%s spans:\n got %q\nwant %q", tc.kind, got, tc.texts)
			}
		})
	}
}

// TestEveryEndIsATokenEnd checks every node of every .fray file in the
// repository: its end is the end of a token of the file, its line and
// column agree with its byte offset, and it does not end in white space.
func TestEveryEndIsATokenEnd(t *testing.T) {
	files := []string{"spans.fray", "encounter.fray"}
	srcs := map[string]string{"spans.fray": spanSrc, "encounter.fray": spanEncounter}
	for _, dir := range []string{"../../rules", "../../testdata"} {
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".fray") {
				return nil
			}
			b, err := os.ReadFile(path)
			if err == nil {
				files, srcs[path] = append(files, path), string(b)
			}
			return nil
		})
	}
	kinds := map[string]bool{}
	checked := 0
	for _, name := range files {
		src := srcs[name]
		f, diags := Parse(name, src)
		if diags.HasErrors() {
			continue // the bad corpus
		}
		ends := map[int]bool{}
		for _, tok := range f.Tokens[name] {
			if tok.Type != TokComment && !tok.EOF() {
				ends[TokenEnd(tok).Offset] = true
			}
		}
		var nodes []spanNode
		spanNodes(reflect.ValueOf(f), &nodes)
		positions := positionsOf(src)
		for _, n := range nodes {
			if n.end.Line == 0 || n.end.Offset <= n.start.Offset {
				continue // a node that holds no token
			}
			kinds[n.kind] = true
			checked++
			where := func() string {
				return name + ": " + n.kind + " " + strings.ReplaceAll(src[n.start.Offset:min(n.end.Offset, len(src))], "\n", `\n`)
			}
			if !ends[n.end.Offset] {
				t.Errorf("%s: ends at byte %d, not at the end of a token", where(), n.end.Offset)
				continue
			}
			if want := positions[n.end.Offset]; n.end.Line != want.Line || n.end.Column != want.Column {
				t.Errorf("%s: ends at %d:%d, its offset is at %d:%d", where(), n.end.Line, n.end.Column, want.Line, want.Column)
			}
			if strings.ContainsAny(src[n.end.Offset-1:n.end.Offset], " \t\r\n") {
				t.Errorf("%s: ends in white space", where())
			}
		}
	}
	// The walk must have met the kinds the bug was about, and many more.
	for _, k := range []string{"AttrDecl", "TypeRef", "Name", "Value", "Setting", "Stmt", "Param", "HeaderField", "TableRow", "Block", "Path"} {
		if !kinds[k] {
			t.Errorf("no %s checked", k)
		}
	}
	if len(kinds) < 25 {
		t.Errorf("only %d kinds of node checked: %v", len(kinds), kinds)
	}
	t.Logf("%d nodes of %d kinds in %d files", checked, len(kinds), len(files))
}

// positionsOf is the line and column (in characters) of every byte offset
// of src, 0 to len(src), from one walk of the file: an offset inside a
// character has the position after it. (Walking from the start for each
// node was 90% of this test's CPU: quadratic in a file's size.)
func positionsOf(src string) []lexer.Position {
	pos := make([]lexer.Position, len(src)+1)
	line, col := 1, 1
	pos[0] = lexer.Position{Line: line, Column: col}
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRuneInString(src[i:])
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		for k := i + 1; k <= i+n; k++ {
			pos[k] = lexer.Position{Line: line, Column: col, Offset: k}
		}
		i += n
	}
	return pos
}
