// Package site builds the browser playground: a folder of static files
// (no server needed beyond any that serves files) holding the page, its
// scripts, fray compiled to WebAssembly, Go's wasm_exec.js loader and
// examples.json, the shipped rulesets and encounters read from the
// repository at build time.
package site

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/frayrules/fray/cmd/fraywasm/play"
)

// web holds the page: HTML, CSS and the scripts of the main thread and
// of the Web Worker.
//
//go:embed web
var web embed.FS

// Summary is what a build made.
type Summary struct {
	Dir      string
	WasmSize int64 // bytes of fray.wasm
	WasmGzip int64 // the same, gzip -9, as a server would send it
	Examples int
}

// Build writes the playground into out from the repository at root,
// compiling cmd/fraywasm with the go command found on PATH.
func Build(root, out string) (*Summary, error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	wasm := filepath.Join(out, "fray.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./cmd/fraywasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build of cmd/fraywasm for js/wasm: %v\n%s", err, msg)
	}
	if err := copyLoader(root, out); err != nil {
		return nil, err
	}
	if err := fs.WalkDir(web, "web", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := web.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(out, strings.TrimPrefix(p, "web/")), b, 0o644)
	}); err != nil {
		return nil, err
	}
	n, err := writeExamples(root, out)
	if err != nil {
		return nil, err
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		return nil, err
	}
	return &Summary{Dir: out, WasmSize: int64(len(raw)), WasmGzip: gzipSize(raw), Examples: n}, nil
}

// copyLoader copies the wasm_exec.js of the Go that builds the page: the
// loader must match the compiler's version.
func copyLoader(root, out string) error {
	cmd := exec.Command("go", "env", "GOROOT")
	cmd.Dir = root
	goroot, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	dir := strings.TrimSpace(string(goroot))
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		b, err := os.ReadFile(filepath.Join(dir, p))
		if err == nil {
			return os.WriteFile(filepath.Join(out, "wasm_exec.js"), b, 0o644)
		}
	}
	return errors.New("wasm_exec.js not found under " + dir + " (lib/wasm or misc/wasm)")
}

// writeExamples writes examples.json: the shipped files and the pairs of
// encounter and ruleset the picker offers.
func writeExamples(root, out string) (int, error) {
	files, err := play.ReadFiles(root, play.Shipped)
	if err != nil {
		return 0, err
	}
	if len(files) == 0 {
		return 0, fmt.Errorf("no rule files under %s: run the build from the repository", root)
	}
	ex := play.Examples(files)
	b, err := json.Marshal(map[string]any{"files": files, "examples": ex})
	if err != nil {
		return 0, err
	}
	return len(ex), os.WriteFile(filepath.Join(out, "examples.json"), b, 0o644)
}

func gzipSize(b []byte) int64 {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return int64(buf.Len())
}
