package syntax

import (
	"fmt"
	"strings"
)

// outsideSideHint is the hint for `combatant NAME {` where the parser
// wanted `combatant {`: at a file's top level, which in a rule file
// declares the attributes, while an encounter's combatants go inside
// their side. The twelfth homebrew round's writer deleted a combatant's
// first line and left its settings and `}`: that brace closed the side,
// the next combatant stood at the top level, and the hint ("a
// combatant's settings are written NAME = value") sent him to the wrong
// line. The hint names the brace that closed the block above, when it is
// indented as a brace inside a block is. "" when the error is not that.
func outsideSideHint(msg, src string, off int, words []string) string {
	if len(words) < 2 || words[1] == "{" || !strings.HasPrefix(msg, fmt.Sprintf("unexpected token %q", words[1])) || off > len(src) {
		return ""
	}
	hint := fmt.Sprintf("an encounter's combatant goes inside its side, side NAME { combatant %s { ... } } (at a rule file's top level, combatant { ... } declares the attributes)", words[1])
	toks, err := Tokenize("", src[:off])
	if err != nil {
		return hint
	}
	depth, start := 0, -1
	var closeLine, closeCol int
	var block string
	for _, t := range toks {
		if t.Type == TokComment || t.Type == TokEOF {
			continue
		}
		if depth == 0 && start < 0 {
			start = t.Pos.Offset
		}
		switch t.Value {
		case "{":
			if depth == 0 {
				block = strings.Join(strings.Fields(src[start:t.Pos.Offset]), " ")
			}
			depth++
		case "}":
			if depth--; depth == 0 {
				closeLine, closeCol, start = t.Pos.Line, t.Pos.Column, -1
			}
		}
	}
	if depth != 0 || closeCol <= 1 || block == "" {
		return hint
	}
	return fmt.Sprintf("the } at %d:%d closes %s, leaving combatant %s outside any side: remove that } if it is one too many (an encounter's combatants go inside their side)",
		closeLine, closeCol, block, words[1])
}
