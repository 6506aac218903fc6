package cli

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/frayrules/fray/dsl/check"
)

// writeAtomic replaces path with data so that a reader sees the old file
// or the new one, never half of one: the data goes to a temporary file in
// the same folder, is synced, takes the old file's mode, and is renamed
// over the target. On any failure the target is untouched and the
// temporary file removed.
//
// A symbolic link is written through: the file it names is replaced and
// the link kept, as a shell's > would (renaming over the link replaced
// it with a copy: fmt -w of a linked rule file cut the link). A link to
// nothing is replaced by the file.
//
// Its errors name path, not the temporary file's random name (`cannot
// write the plot: open dir/.x.svg.2518437843.tmp: no such file or
// directory`, a different text on every run, naming a file nobody gave).
func writeAtomic(path string, data []byte, defaultMode fs.FileMode) (err error) {
	named := path
	defer func() {
		var pe *fs.PathError
		var le *os.LinkError
		switch {
		case errors.As(err, &pe):
			err = &fs.PathError{Op: pe.Op, Path: named, Err: pe.Err}
		case errors.As(err, &le):
			err = &fs.PathError{Op: le.Op, Path: named, Err: le.Err}
		}
	}()
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	mode := defaultMode
	if info, statErr := os.Stat(path); statErr == nil {
		if !info.Mode().IsRegular() {
			return errors.New(path + " is not a regular file")
		}
		mode = info.Mode().Perm()
		if err := check.MayReplace(path, info.Mode()); err != nil {
			return err // a read-only file stays as it is
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
