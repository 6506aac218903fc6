package fraytest

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/frayrules/fray/dsl/check"
)

// writeGolden writes a golden log for fray test --update. The loader
// placed the path under the root, its links followed; the link it names
// may since have been made to point elsewhere, or to nothing (writing
// through a link to nothing creates its target, wherever that is). So
// the link is followed again here, a link to nothing is refused, and
// the log is written to a new file beside its target and renamed over
// it: the rename never follows a link, and a reader never sees half a
// log.
func writeGolden(path string, data []byte) error {
	// The errors name the golden log, not the new file's random name.
	named := func(err error) error {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return &os.PathError{Op: pe.Op, Path: path, Err: pe.Err}
		}
		return err
	}
	if err := goldenFile(path); err != nil {
		return err
	}
	target, err := filepath.EvalSymlinks(path)
	switch {
	case err == nil:
	case errors.Is(err, os.ErrNotExist):
		if info, lerr := os.Lstat(path); lerr == nil && info.Mode()&os.ModeSymlink != 0 {
			return errors.New("it is a symbolic link to nothing")
		}
		target = path // a new golden log
	default:
		return err
	}
	mode := os.FileMode(0o644)
	if info, err := os.Stat(target); err == nil {
		mode = info.Mode().Perm()
		if err := check.MayReplace(target, info.Mode()); err != nil {
			return named(err) // a read-only golden log stays as it is
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*")
	if err != nil {
		return named(err)
	}
	defer os.Remove(tmp.Name()) // after a successful rename, there is none
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), mode)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), target)
	}
	return named(werr)
}
