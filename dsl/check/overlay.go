package check

import (
	"path/filepath"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// An editor (fray lsp) checks the text of its buffers, which may differ
// from the files on disk: the overlay maps a cleaned path to the text
// that stands for it. A file in the overlay is never read from disk; an
// import of one that is not still goes through readSource, with its
// root confinement and size limit. An overlay text is held to the size
// limit too, as a file would be.

// NewOverlayLinter is NewLinter for texts that stand for files: the
// keys of overlay are paths as the Linter names files (a top-level path
// as given, an import joined to its importer's folder), cleaned.
func (o Options) NewOverlayLinter(overlay map[string]string) *Linter {
	l := o.NewLinter()
	l.overlay = make(map[string]string, len(overlay))
	for path, text := range overlay {
		l.overlay[filepath.Clean(path)] = text
	}
	return l
}

// overlayText is the text that stands for path, if any.
func (l *Linter) overlayText(path string) (string, bool) {
	if l.overlay == nil {
		return "", false
	}
	text, ok := l.overlay[filepath.Clean(path)]
	return text, ok
}

// ResolveImport is the path an import (an extends, an encounter's
// rules) written in file from names, or the diagnostic that refuses it
// (an absolute path, a path out of the root), placed at at.
func (l *Linter) ResolveImport(from, rel string, at diag.Range) (string, *diag.Diagnostic) {
	return l.resolveImport(from, rel, at)
}

// ReadFile reads and parses one file, the overlay's text if it has one,
// recording the text in src.
func (l *Linter) ReadFile(path string, src diag.Sources) (*syntax.File, diag.Diagnostics) {
	return l.readFile(path, src)
}

// ReadText is the text that stands for path: the overlay's, or the
// file's, read as readFile reads it (a regular file, within the size
// limit, under the root with Options.Confine), without parsing it.
func (l *Linter) ReadText(path string) (string, *diag.Diagnostic) {
	if text, ok := l.overlayText(path); ok {
		return text, nil
	}
	return l.readSource(path)
}
