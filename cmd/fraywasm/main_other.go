//go:build !(js && wasm)

// Command fraywasm is fray for the browser playground, built for
// GOOS=js GOARCH=wasm; see main_js.go. Built for any other platform it
// only says how to build the page.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "fraywasm runs in a browser: build the playground with go run ./cmd/fraywasm/build (see docs/playground.md)")
	os.Exit(2)
}
