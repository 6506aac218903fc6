//go:build js && wasm

// Command fraywasm is fray for the browser playground: built with
// GOOS=js GOARCH=wasm (go run ./cmd/fraywasm/build does it), it runs in a
// Web Worker of the page and answers the page's requests (see package
// play) with the library packages of fray, over files held in memory.
//
// It sets one global, fray, with:
//
//	fray.handle(requestJSON, onProgress) -> Promise<responseJSON>
//	fray.cancel()   stops a running sim or chance of an event; its
//	                partial report is answered
//	fray.version    the Go version it was built with
package main

import (
	"context"
	"runtime"
	"sync"
	"syscall/js"
	"time"

	"github.com/frayrules/fray/cmd/fraywasm/play"
)

// yieldEvery is how often a long sim (or chance of an event) gives the
// worker's event loop a turn, so that a cancel message can arrive, and
// reports its progress.
const yieldEvery = 200 * time.Millisecond

func main() {
	var mu sync.Mutex
	var cancel context.CancelFunc = func() {}
	handle := js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeString {
			return js.Global().Get("Promise").Call("reject", "fray.handle takes a request as a JSON string")
		}
		req := args[0].String()
		var onProgress js.Value
		if len(args) > 1 && args[1].Type() == js.TypeFunction {
			onProgress = args[1]
		}
		executor := js.FuncOf(func(this js.Value, pargs []js.Value) any {
			resolve := pargs[0]
			ctx, stop := context.WithCancel(context.Background())
			mu.Lock()
			cancel = stop
			mu.Unlock()
			go func() {
				defer stop()
				last := time.Now()
				progress := func(done, total int) {
					if time.Since(last) < yieldEvery && done != total {
						return
					}
					last = time.Now()
					if !onProgress.IsUndefined() {
						onProgress.Invoke(done, total)
					}
					// Blocking here lets the runtime return to the
					// event loop, which delivers a cancel.
					time.Sleep(time.Millisecond)
				}
				resolve.Invoke(string(play.Handle(ctx, []byte(req), progress)))
			}()
			return nil
		})
		defer executor.Release()
		return js.Global().Get("Promise").New(executor)
	})
	cancelFn := js.FuncOf(func(this js.Value, args []js.Value) any {
		mu.Lock()
		defer mu.Unlock()
		cancel()
		return nil
	})
	js.Global().Set("fray", js.ValueOf(map[string]any{
		"handle":  handle,
		"cancel":  cancelFn,
		"version": runtime.Version(),
	}))
	select {}
}
