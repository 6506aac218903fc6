package explain

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/frayrules/fray/dsl/syntax"
)

// comments indexes the comments of every source file of a ruleset by
// line: those alone on their line (the prose of what follows) and those
// that end a line of code (the prose of that line).
type comments struct {
	alone    map[string]map[int]string
	trailing map[string]map[int]string
}

func indexComments(f *syntax.File) *comments {
	c := &comments{alone: map[string]map[int]string{}, trailing: map[string]map[int]string{}}
	for name := range f.Sources {
		toks, err := f.TokensOf(name)
		if err != nil {
			continue
		}
		alone, trailing := map[int]string{}, map[int]string{}
		lastLine := 0
		for _, t := range toks {
			if t.Type == syntax.TokComment {
				if t.Pos.Line == lastLine {
					trailing[t.Pos.Line] = commentText(t.Value)
				} else {
					alone[t.Pos.Line] = aloneText(t.Value)
				}
				continue
			}
			if strings.TrimSpace(t.Value) != "" {
				lastLine = t.Pos.Line + strings.Count(t.Value, "\n")
			}
		}
		c.alone[name], c.trailing[name] = alone, trailing
	}
	return c
}

// commentText strips the "#" and the spaces around the text.
func commentText(s string) string {
	return strings.TrimSpace(strings.TrimPrefix(s, "#"))
}

// aloneText is the text of a comment alone on its line: commentText,
// but a line indented past the space after "#" ("#   go run ./cmd/fray
// run ...", the command a homebrew file's header gives) keeps two spaces
// in front, for prose to set it apart.
func aloneText(s string) string {
	t := commentText(s)
	body := strings.TrimPrefix(s, "#")
	if t != "" && (strings.HasPrefix(body, "   ") || strings.HasPrefix(body, "\t")) {
		return verbatim + t
	}
	return t
}

// verbatim starts the text of an indented comment line.
const verbatim = "  "

// above is the block of comment lines just above pos (no blank line
// between), as prose: lines joined, an empty comment line a paragraph
// break.
func (c *comments) above(pos lexer.Position) string {
	alone := c.alone[pos.Filename]
	var lines []string
	for l := pos.Line - 1; l > 0; l-- {
		text, ok := alone[l]
		if !ok {
			break
		}
		lines = append(lines, text)
	}
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	return prose(lines)
}

// at is the comment that ends the line of pos, if any.
func (c *comments) at(pos lexer.Position) string {
	return c.trailing[pos.Filename][pos.Line]
}

// within are the comment blocks alone on their lines from line from to
// line to (inclusive), keyed by the line after each block: the step they
// describe.
func (c *comments) within(file string, from, to int) map[int]string {
	alone := c.alone[file]
	out := map[int]string{}
	var block []string
	for l := from; l <= to+1; l++ {
		if text, ok := alone[l]; ok && l <= to {
			block = append(block, text)
			continue
		}
		if len(block) > 0 {
			out[l] = prose(block)
			block = nil
		}
	}
	return out
}

// prose joins comment lines into paragraphs: a line of its own that is
// empty or a rule of dashes breaks them, and a list item ("- ...", "* ...")
// starts one of its own, its next lines joined to it (a house
// rules file's list of changes read as one run of text, "... at +1. - A
// routed unit ..."). An indented line (aloneText) is a paragraph of its
// own: every homebrew header ends with the command that plays its
// encounter, "#   go run ./cmd/fray run ...", which was joined to the
// sentence before it.
func prose(lines []string) string {
	var paras []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			paras = append(paras, strings.Join(cur, " "))
			cur = nil
		}
	}
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.Trim(t, "-= ") == "" {
			flush()
			continue
		}
		if strings.HasPrefix(l, verbatim) {
			flush()
			paras = append(paras, t)
			continue
		}
		if listItem(t) {
			flush()
		}
		cur = append(cur, t)
	}
	flush()
	return strings.Join(paras, "\n\n")
}

// listItem says whether a comment line starts an item of a list: a dash
// or a star and a space. (Not "1." or "1)": a wrapped sentence's line
// may start with a number, "0) or still to come".)
func listItem(t string) bool {
	return strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ")
}
