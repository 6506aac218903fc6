// Package play is the browser playground's engine: what fray lint, run,
// sim and prob do, over files held in memory rather than on disk, with
// requests and answers as JSON so that the WebAssembly entry point
// (cmd/fraywasm) only passes strings between JavaScript and Go.
//
// It runs natively too, so its tests need no browser. It calls the
// library packages (dsl/..., interp, stdlib) and nothing of cmd/fray.
//
// A file set (Files) maps slash-separated paths, relative to the
// repository root as in rules/ and testdata/encounters/, to their text.
// Imports (an encounter's rules line, a variant's extends) resolve inside
// the set exactly as fray resolves them on disk: relative to the file
// that names them, never absolute, never leading out of the set's root.
package play
