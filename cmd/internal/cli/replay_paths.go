package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// checkRecordedFile vets a file a replayed log names (the encounter, the
// rules) before dsl reads it. The log is data, like an import: the file
// must lie under the root folder (after following symbolic links), be a
// regular file (a FIFO or a device would block the read or never end)
// and be no larger than --max-file-size. what says which file it is.
func checkRecordedFile(path, what, root string, maxSize int) error {
	if path == "" {
		return fmt.Errorf("the log names no %s file", what)
	}
	if root == "" {
		root = "."
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return fmt.Errorf("cannot resolve the root folder %s: %v", root, err)
	}
	if real, err := filepath.EvalSymlinks(absRoot); err == nil {
		absRoot = real
	}
	abs, err := filepath.Abs(filepath.FromSlash(path))
	if err != nil {
		return fmt.Errorf("cannot resolve the %s file %q: %v", what, path, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return fmt.Errorf("cannot read the %s file %q the log names: %s", what, path, cleanPathErr(err))
	}
	if !within(absRoot, real) {
		return fmt.Errorf("the log names the %s file %q, which is outside the root folder %s; replay from a folder that holds it, or give --root", what, path, absRoot)
	}
	info, err := os.Stat(real)
	if err != nil {
		return fmt.Errorf("cannot read the %s file %q the log names: %s", what, path, cleanPathErr(err))
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("the %s file %q the log names is not a regular file (%s)", what, path, fileKind(info.Mode()))
	}
	if info.Size() > int64(maxSize) {
		return fmt.Errorf("the %s file %q the log names has %d bytes, over the limit of %d; raise it with --max-file-size", what, path, info.Size(), maxSize)
	}
	return nil
}

// within reports whether path is root or lies under it; both are absolute
// and free of symbolic links.
func within(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// fileKind names what a file that is not regular is.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file"
}

// errLogTooLarge is returned by a sizeLimit past its limit.
var errLogTooLarge = errors.New("the log is too large")

// sizeLimit reads r up to n bytes and fails with errLogTooLarge if there
// is more: unlike io.LimitReader, which would end quietly, so a cut log
// cannot pass for a shorter fight. A reader of lines may still see the
// cut last line before the error, so callers check exceeded first.
type sizeLimit struct {
	r        io.Reader
	n        int64
	exceeded bool // set once the reader has more than n bytes
}

func (l *sizeLimit) Read(p []byte) (int, error) {
	if l.n <= 0 {
		// Read one byte more to tell a log of exactly n bytes from a longer one.
		var one [1]byte
		k, err := l.r.Read(one[:])
		if k > 0 {
			l.exceeded = true
			return 0, errLogTooLarge
		}
		return 0, err
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	k, err := l.r.Read(p)
	l.n -= int64(k)
	return k, err
}
