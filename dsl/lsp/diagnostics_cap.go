package lsp

import (
	"fmt"
	"path/filepath"

	"github.com/frayrules/fray/dsl/diag"
)

// maxPublished bounds the diagnostics published for one file. A hostile
// (or just broken) 4 MiB buffer can have 400 000 findings: one message
// of 83 MB that an editor must parse and draw after every pause in the
// typing. Past the bound the most severe are kept, in lint's order, and
// a last diagnostic says how many more fray lint would list.
const maxPublished = 1000

// capped keeps at most maxPublished of a file's diagnostics, errors
// before warnings before notes, in their order, and reports how many it
// left out.
func capped(ds []*diag.Diagnostic) (kept []*diag.Diagnostic, dropped int) {
	if len(ds) <= maxPublished {
		return ds, 0
	}
	// The severity of the last kept: everything more severe is kept,
	// and of that severity the first ones in order.
	var count [diag.Note + 1]int
	for _, d := range ds {
		count[d.Severity]++
	}
	room := maxPublished
	cut := diag.Error
	for sev := diag.Error; sev <= diag.Note; sev++ {
		if count[sev] >= room {
			cut = sev
			break
		}
		room -= count[sev]
	}
	kept = make([]*diag.Diagnostic, 0, maxPublished)
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

// moreDiagnostic is the note that ends a capped list: at the start of
// the file, so that it is seen, naming the command that lists them all.
func moreDiagnostic(path string, dropped int) Diagnostic {
	return Diagnostic{
		Severity: severity(diag.Note),
		Source:   "fray",
		Message:  fmt.Sprintf("%d more problems are not shown (at most %d a file); fray lint %s lists them all", dropped, maxPublished, filepath.Base(path)),
	}
}
