package check

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/frayrules/fray/dsl/syntax"
)

// drop notes declarations a variant removed or replaced by an override:
// what only they named is unused in the merged ruleset, though its name
// still occurs twice in the chain's files (the twelfth homebrew round's
// variant removed shock_and_swarm's initiative phase, the only reader of
// its initiative_die, and nothing said so).
func (m *merger) drop(nodes ...*mnode) {
	if m.dropped == nil {
		m.dropped = map[lexer.Position]bool{}
	}
	for _, n := range nodes {
		m.dropped[n.d.Pos] = true
	}
}

// droppedRanges are the byte ranges, by file, of the dropped
// declarations of the chain's files: from where each starts to where
// the next declaration of its file starts (or the file's end).
func (m *merger) droppedRanges(chain []*syntax.File) map[string][][2]int {
	if len(m.dropped) == 0 {
		return nil
	}
	out := map[string][][2]int{}
	for _, f := range chain {
		for i, d := range f.Decls {
			m.walked++
			if !m.dropped[d.Pos] {
				continue
			}
			end := max(len(f.Src), len(m.sources[d.Pos.Filename]))
			if i+1 < len(f.Decls) {
				end = f.Decls[i+1].Pos.Offset
			}
			out[d.Pos.Filename] = append(out[d.Pos.Filename], [2]int{d.Pos.Offset, end})
		}
	}
	return out
}
