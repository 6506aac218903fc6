package cli

import (
	"bytes"
	"io"
)

// bom is the byte-order mark some Windows editors put first.
const bom = "\ufeff"

// onDisk is the text fmt compares its output with: the text read, and
// the byte-order mark the reader dropped (dsl/check reads a file without
// it, so that line 1 counts its columns as editors do). Without it, a
// file whose only difference from its canonical form is a mark passed
// --check and -w left the mark in place.
func onDisk(path, text string) []byte {
	// openLog does not wait on a file made a named pipe since it was read.
	if f, err := openLog(path); err == nil {
		defer f.Close()
		head := make([]byte, len(bom))
		if n, _ := io.ReadFull(f, head); bytes.Equal(head[:n], []byte(bom)) {
			return []byte(bom + text)
		}
	}
	return []byte(text)
}
