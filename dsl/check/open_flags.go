//go:build !js

package check

import "syscall"

// openNonBlock opens a file without waiting for a writer, should it be a
// FIFO (see readSource).
const openNonBlock = syscall.O_NONBLOCK
