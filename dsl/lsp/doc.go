// Package lsp is fray's language server (fray lsp): the Language Server
// Protocol over a byte stream, JSON-RPC 2.0 framed by Content-Length
// headers (jsonrpc.go). It knows fray only through the front end's
// packages: diagnostics are exactly lint's (dsl/check, through an
// overlay of the editor's unsaved buffers), formatting is fray fmt's
// (dsl/format), and everything else is read from syntax trees
// (dsl/syntax) and the builtin table (stdlib):
//
//   - server.go: the lifecycle, the bounded queue and the dispatch, where
//     a panic in a handler becomes an error response;
//   - documents.go, positions.go: open buffers and LSP's 0-based UTF-16
//     positions;
//   - diagnostics.go: lint of the open buffers, debounced;
//   - project.go: a file and the files it imports (extends, an
//     encounter's rules), buffers before disk, through the same size
//     limit and root confinement as lint;
//   - resolve.go, scope.go: what a name at a position refers to;
//   - templates.go: a string's {expression} parts, read as expressions;
//   - hover.go, definition.go (and references), complete.go,
//     signature.go, codeaction.go, highlight.go, symbols.go,
//     workspace_symbols.go, format.go: the requests.
//
// No code here knows a ruleset: every name comes from the files.
package lsp
