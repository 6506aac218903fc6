//go:build unix

package cli

import (
	"os"
	"syscall"
)

// openLog opens the log to replay. Non-blocking, so that a named pipe
// nobody writes to reads as empty (and is refused: no start event)
// instead of waiting for a writer for ever; a pipe that has a writer,
// as with fray replay <(fray run --format json ...), is read as usual
// (Go's poller waits for its data).
func openLog(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
