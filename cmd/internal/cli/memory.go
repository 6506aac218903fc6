package cli

import (
	"os"
	"runtime/debug"
)

// defaultMemoryLimit is the heap at which fray collects garbage however
// little GOGC would: the largest file fray accepts (--max-file-size,
// 4 MiB) makes a syntax tree of about 500 MB, and fmt's self-check holds
// two (the file's and its output's), so with Go's default headroom (the
// heap doubles between collections) `fray fmt --check` of such a file
// peaked at 1.7 GB; under this limit, at about 0.9 GB. It is a soft
// limit: past it fray collects more often, it never fails for it.
const defaultMemoryLimit = 768 << 20

// limitMemory sets defaultMemoryLimit unless GOMEMLIMIT or GOGC says
// otherwise. Commands may lower it for themselves (lint does).
func limitMemory() {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
}
