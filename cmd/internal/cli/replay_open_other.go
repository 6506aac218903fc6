//go:build !unix

package cli

import "os"

// openLog opens the log to replay (replay_open_unix.go says why it is
// not a plain os.Open there).
func openLog(name string) (*os.File, error) { return os.Open(name) }
