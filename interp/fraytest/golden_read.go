package fraytest

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/frayrules/fray/interp"
)

// goldenFile checks that a golden log's path, if it exists, is a regular
// file: a named pipe would block fray test for ever (reading waits for a
// writer, writing for a reader) and a device may never end.
func goldenFile(path string) error {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !info.Mode().IsRegular():
		return errors.New("it is not a regular file (a directory, device, pipe or socket)")
	}
	return nil
}

// goldenLimit bounds the golden log read: twice the log a fight may
// write (--max-log), so that a right golden is always read whole.
func goldenLimit(maxLog int) int {
	if maxLog <= 0 {
		maxLog = interp.DefaultMaxLog
	}
	return 2 * maxLog
}

// readGolden reads a golden log: a regular file, at most limit bytes.
func readGolden(path string, limit int) ([]byte, error) {
	if err := goldenFile(path); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return nil, errors.New("it is not a regular file (a directory, device, pipe or socket)")
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err == nil && len(data) > limit {
		err = fmt.Errorf("it has more than %d bytes, twice the limit of the log (raise it with --max-log)", limit)
	}
	return data, err
}
