//go:build js

package check

// openNonBlock is zero under GOOS=js, whose syscall package has no
// O_NONBLOCK: the browser playground (cmd/fraywasm) reads no files
// through readSource, and has no FIFOs to guard against.
const openNonBlock = 0
