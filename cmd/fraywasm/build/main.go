// Command build makes the browser playground in one step:
//
//	go run ./cmd/fraywasm/build [-o DIR] [-serve ADDR]
//
// from the repository root. It compiles fray to WebAssembly, copies the
// page and Go's wasm_exec.js, and writes the shipped rulesets and
// encounters as examples.json; with -serve it then serves the folder
// (any static file server will do; the page needs no server of its own).
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"path/filepath"

	"github.com/frayrules/fray/cmd/fraywasm/site"
)

func main() { os.Exit(run()) }

func run() int {
	out := flag.String("o", filepath.Join(os.TempDir(), "fray-playground"), "the folder to write the page into")
	root := flag.String("root", ".", "the repository root")
	serve := flag.String("serve", "", "after the build, serve the page on this address (e.g. localhost:8080)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./cmd/fraywasm/build [-o DIR] [-root DIR] [-serve ADDR]")
		return 2
	}
	if _, err := os.Stat(filepath.Join(*root, "go.mod")); err != nil {
		fmt.Fprintf(os.Stderr, "build: %s is not the repository root (no go.mod); run from it or give -root\n", *root)
		return 2
	}
	s, err := site.Build(*root, *out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		return 1
	}
	fmt.Printf("playground in %s: fray.wasm %.1f MB (%.1f MB gzipped), %d examples\n",
		s.Dir, float64(s.WasmSize)/1e6, float64(s.WasmGzip)/1e6, s.Examples)
	if *serve != "" {
		fmt.Printf("serving on http://%s/ (Ctrl-C stops)\n", *serve)
		if err := http.ListenAndServe(*serve, http.FileServer(http.Dir(s.Dir))); err != nil {
			fmt.Fprintln(os.Stderr, "build:", err)
			return 1
		}
	}
	return 0
}
