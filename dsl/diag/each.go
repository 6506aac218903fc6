package diag

import "strings"

// Texts renders each diagnostic as WriteText does, one string each, with
// the sources' lines found once for them all: a caller that wants the
// texts apart (the playground gives each diagnostic its text) called
// WriteText once per diagnostic, which split the whole file each time
// (400 000 findings of a 3.7 MB file: past a minute).
func Texts(ds Diagnostics, src Sources) []string {
	files := sourceLines{src: src, lines: map[string]*lineIndex{}}
	out := make([]string, len(ds))
	var b strings.Builder
	for i, d := range ds {
		b.Reset()
		writeOne(&b, d, &files)
		out[i] = b.String()
	}
	return out
}

// Most keeps at most n of the diagnostics, the most severe (errors,
// then warnings, then notes), in their order, and says how many it left
// out: what a client that shows them all as you type (an editor, the
// playground) can take of a file of hundreds of thousands of findings.
func (ds Diagnostics) Most(n int) (kept Diagnostics, dropped int) {
	if len(ds) <= n {
		return ds, 0
	}
	// Every diagnostic more severe than cut is kept, and of cut's
	// severity the first ones in order.
	var count [Note + 1]int
	for _, d := range ds {
		count[d.Severity]++
	}
	room := n
	cut := Error
	for sev := Error; sev <= Note; sev++ {
		if count[sev] >= room {
			cut = sev
			break
		}
		room -= count[sev]
	}
	kept = make(Diagnostics, 0, n)
	for _, d := range ds {
		switch {
		case d.Severity < cut:
			kept = append(kept, d)
		case d.Severity == cut && room > 0:
			kept = append(kept, d)
			room--
		}
	}
	return kept, len(ds) - len(kept)
}
