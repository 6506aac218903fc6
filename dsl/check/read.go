package check

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/syntax"
)

// Every file the front end reads is untrusted input: the file named on
// the command line, one found by walking a folder, a ruleset an
// encounter names, a base a variant extends. Each is read by readFile,
// which refuses, before reading a byte:
//   - anything but a regular file: a folder, and a FIFO or a device,
//     which would block the read or never end it;
//   - an import outside the root folder (the current directory when
//     none is set), and with Options.Confine (--root) any file outside
//     it, also when a symbolic link leads there: the target's content is
//     never read, so never shown;
//   - a file over the size limit (--max-file-size), which the read is
//     bounded by as well, should the file grow meanwhile.

// resolveImport turns an import written in file from into a path, refusing
// absolute paths and anything outside the root.
func (l *Linter) resolveImport(from, rel string, at diag.Range) (string, *diag.Diagnostic) {
	deny := func(summary string) (string, *diag.Diagnostic) {
		return "", &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeSandbox, Summary: summary,
			Detail: "imports are relative paths to files under the root folder (the current directory, or --root)", Subject: at}
	}
	if filepath.IsAbs(rel) || filepath.VolumeName(rel) != "" || strings.HasPrefix(rel, "/") || strings.HasPrefix(rel, `\`) {
		return deny(fmt.Sprintf("import %q is an absolute path", rel))
	}
	path := filepath.Clean(filepath.Join(filepath.Dir(from), filepath.FromSlash(rel)))
	absRoot, inside, err := l.insideRoot(path)
	if err != nil {
		return deny(err.Error())
	}
	if !inside {
		return deny(fmt.Sprintf("import %q leads outside the root folder %s", rel, absRoot))
	}
	return path, nil
}

// insideRoot reports whether path, its symbolic links followed, is inside
// the root folder (the current directory when none is set), and the root.
func (l *Linter) insideRoot(path string) (absRoot string, inside bool, err error) {
	key := filepath.Clean(path)
	l.mu.Lock()
	r, ok := l.inside[key]
	l.mu.Unlock()
	if !ok {
		// Once for each path a run reads: the links are followed by a
		// walk of every folder above the file, which for a chain of
		// thousands of variants each importing the next was most of
		// the run.
		r.absRoot, r.inside, r.err = l.insideRootOnce(path)
		l.mu.Lock()
		l.inside[key] = r
		l.mu.Unlock()
	}
	return r.absRoot, r.inside, r.err
}

type insideResult struct {
	absRoot string
	inside  bool
	err     error
}

func (l *Linter) insideRootOnce(path string) (absRoot string, inside bool, err error) {
	absRoot, err = l.rootFolder()
	if err != nil {
		return "", false, err
	}
	absPath, err := filepath.Abs(path)
	if err != nil {
		return absRoot, false, errors.New("cannot resolve " + path)
	}
	if real, err := filepath.EvalSymlinks(absPath); err == nil {
		absPath = real
	} else if info, lerr := os.Lstat(absPath); lerr == nil && info.Mode()&os.ModeSymlink != 0 {
		// A link to nothing (or a loop of links) says nothing of where
		// its target would be: fray test --update created a golden log
		// through one, outside the root.
		return absRoot, false, errors.New(path + " is a symbolic link that cannot be followed: " + strings.TrimPrefix(cleanErr(err), "EvalSymlinks: "))
	} else if dir, err := filepath.EvalSymlinks(filepath.Dir(absPath)); err == nil {
		absPath = filepath.Join(dir, filepath.Base(absPath))
	}
	rel, err := filepath.Rel(absRoot, absPath)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return absRoot, false, nil
	}
	return absRoot, true, nil
}

// rootFolder is the root folder, absolute and its links followed, found
// once for the Linter's run: a folder of thousands of imports asked for
// it (a walk of every folder above it) once for each.
func (l *Linter) rootFolder() (string, error) {
	l.rootOnce.Do(func() {
		root := l.opts.Root
		if root == "" {
			root = "."
		}
		abs, err := filepath.Abs(root)
		if err != nil {
			l.rootErr = errors.New("cannot resolve the root folder: " + cleanErr(err))
			return
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		l.absRoot = abs
	})
	return l.absRoot, l.rootErr
}

// readFile reads and parses one file, recording its text in src; the
// parse is shared by the files of the Linter's run.
func (l *Linter) readFile(path string, src diag.Sources) (*syntax.File, diag.Diagnostics) {
	if text, ok := l.overlayText(path); ok {
		src[path] = text
		return l.parse(path, text)
	}
	text, d := l.readSource(path)
	if d != nil {
		return nil, diag.Diagnostics{d}
	}
	src[path] = text
	return l.parse(path, text)
}

// readSource is the text of one file, or why it may not be read. Imports
// have passed resolveImport; a file named directly must be inside the
// root only with Options.Confine.
func (l *Linter) readSource(path string) (string, *diag.Diagnostic) {
	key := filepath.Clean(path)
	l.mu.Lock()
	r, ok := l.texts[key]
	l.mu.Unlock()
	if !ok {
		r.text, r.refused = l.readSourceOnce(path)
		l.mu.Lock()
		if first, ok := l.texts[key]; ok {
			r = first // read meanwhile by another file's check: keep one
		} else {
			l.texts[key] = r
		}
		l.mu.Unlock()
	}
	if r.refused != nil {
		cp := *r.refused // callers reword it (a base's, an encounter's rules)
		cp.Subject.Filename = path
		return "", &cp
	}
	return r.text, nil
}

// readSourceOnce is readSource's work, done once for each path a run
// reads (see sourceRead).
func (l *Linter) readSourceOnce(path string) (string, *diag.Diagnostic) {
	at := syntax.FileStart(path)
	readErr := func(summary, detail string) (string, *diag.Diagnostic) {
		return "", &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeRead, Summary: summary, Detail: detail, Subject: at}
	}
	info, err := os.Stat(path)
	if err != nil {
		return readErr("cannot read file: "+cleanErr(err), "check the path")
	}
	if info.IsDir() {
		return readErr("is a directory, not a .fray file", "name a file, or run fray lint on the directory")
	}
	if !info.Mode().IsRegular() {
		return readErr("is not a regular file (a device, pipe or socket)", "name a .fray file")
	}
	if l.opts.Confine {
		absRoot, inside, err := l.insideRoot(path)
		if err != nil || !inside {
			summary := fmt.Sprintf("%s leads outside the root folder %s", path, absRoot)
			if err != nil {
				summary = err.Error()
			}
			return "", &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeSandbox, Summary: summary,
				Detail: "name files under the root folder (--root), or raise the root", Subject: at}
		}
	}
	limit := l.opts.Limits.FileSize
	if info.Size() > int64(limit) {
		return "", syntax.LimitDiag(at, "the file's size", limit, "--max-file-size")
	}
	// O_NONBLOCK: should the file have become a FIFO since the Stat,
	// opening it must not wait for a writer; Fstat then refuses it.
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		return readErr("cannot read file: "+cleanErr(err), "check the path and its permissions")
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return readErr("is not a regular file (a device, pipe or socket)", "name a .fray file")
	}
	// One byte over the limit tells a file over it; at the largest
	// limit, limit+1 would wrap round to a reader of nothing.
	data, err := io.ReadAll(io.LimitReader(f, int64(min(limit, math.MaxInt-1))+1))
	if err != nil {
		return readErr("cannot read file: "+cleanErr(err), "check the path and its permissions")
	}
	if len(data) > limit {
		return "", syntax.LimitDiag(at, "the file's size", limit, "--max-file-size")
	}
	// A byte order mark (what some Windows editors put first) is not
	// text: it is dropped, so line 1 counts its columns as editors do,
	// and fmt -w writes the file without it.
	return strings.TrimPrefix(string(data), "\ufeff"), nil
}

// A sourceRead is what reading one file gave: its text, or why it may
// not be read. A Linter keeps one for each path it reads, so that a run
// reads each file once, however many files import it (a base of a
// thousand variants, each variant of a long chain under each variant
// after it), and sees one text of it, should it change meanwhile.
type sourceRead struct {
	text    string
	refused *diag.Diagnostic
}

func cleanErr(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
