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
// a last diagnostic says how many more fray lint would list
// (diag.Diagnostics.Most).
const maxPublished = 1000

// moreDiagnostic is the note that ends a capped list: at the start of
// the file, so that it is seen, naming the command that lists them all.
func moreDiagnostic(path string, dropped int) Diagnostic {
	return Diagnostic{
		Severity: severity(diag.Note),
		Source:   "fray",
		Message:  fmt.Sprintf("%d more problems are not shown (at most %d a file); fray lint %s lists them all", dropped, maxPublished, filepath.Base(path)),
	}
}
