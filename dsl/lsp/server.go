package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/syntax"
)

// Config is what the server runs with.
type Config struct {
	// Options are lint's: the root folder imports must stay inside and
	// the limits. An empty Root is the workspace folder the client names
	// in initialize, else the current directory.
	Options check.Options
	// Debounce is how long diagnostics wait after an edit for the next
	// one (0: DefaultDebounce; negative: none).
	Debounce time.Duration
	// Log, when set, receives a line for each malformed message and
	// each handler that failed (the client sees them as logMessage too).
	Log io.Writer
	// Version is fray's, reported in initialize.
	Version string
}

// maxFileSize is the largest --max-file-size the server's bounds are
// made from: 2^50 bytes, times 1024 well within an int.
const maxFileSize = 1 << 50

// DefaultDebounce is the pause after an edit before the buffers are
// linted again: typing does not queue a lint per keystroke.
const DefaultDebounce = 150 * time.Millisecond

// queueSize bounds the messages read but not yet handled: past it, the
// reader waits, and the client's writes with it.
const queueSize = 64

// Server is one session with one client.
type Server struct {
	cfg  Config
	opts check.Options
	out  *writer
	docs *documents

	// Touched by the dispatch loop only.
	initialized bool
	shutdown    bool
	caps        clientCapabilities
	lastGood    map[string]*syntax.File
	units       unitCache

	lint     chan struct{} // a lint is wanted (capacity 1)
	stop     chan struct{}
	lintDone sync.WaitGroup
	diags    diagState
}

// Serve runs a session over in and out until the client sends exit or
// closes in, and returns the exit code the protocol asks for: 0 after
// shutdown, 1 otherwise.
func Serve(in io.Reader, out io.Writer, cfg Config) int {
	if cfg.Options.Limits == (check.Limits{}) {
		cfg.Options.Limits = check.DefaultLimits()
	}
	// The server's bounds are multiples of the file size (a message is
	// six times it, the buffers 64 times): --max-file-size 2^63-1 made
	// them wrap round to negative, refusing every message. A petabyte
	// is no limit either, and does not wrap.
	cfg.Options.Limits.FileSize = min(cfg.Options.Limits.FileSize, maxFileSize)
	s := &Server{cfg: cfg, opts: cfg.Options, out: &writer{w: out}, docs: newDocuments(cfg.Options.Limits.FileSize),
		lastGood: map[string]*syntax.File{}, lint: make(chan struct{}, 1), stop: make(chan struct{})}
	s.diags.published = map[string]bool{}
	s.diags.foreign = map[string]map[string][]Diagnostic{}
	s.lintDone.Add(1)
	go s.lintLoop()
	defer func() {
		close(s.stop)
		s.lintDone.Wait()
	}()

	type item struct {
		body []byte
		err  error
	}
	queue := make(chan item, queueSize)
	rd := newReader(in, s.maxMessage())
	go func() {
		defer close(queue)
		for {
			body, err := rd.read()
			var tl *errTooLarge
			var fe *errFraming
			if err != nil && !errors.As(err, &tl) && !errors.As(err, &fe) {
				return // the stream ended
			}
			select {
			case queue <- item{body, err}:
			case <-s.stop:
				return
			}
		}
	}()
	for it := range queue {
		if it.err != nil {
			s.logf(1, "fray lsp: %v", it.err)
			continue
		}
		if code, exit := s.handle(it.body); exit {
			return code
		}
	}
	if s.shutdown {
		return 0
	}
	return 1
}

// maxMessage is the largest message read: a document of the largest
// file size, escaped as JSON (at most six bytes a byte), and room for
// the rest.
func (s *Server) maxMessage() int {
	return 6*s.opts.Limits.FileSize + 64<<10
}

// handle reads and answers one message. exit is true once the client
// has said exit.
func (s *Server) handle(body []byte) (code int, exit bool) {
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			s.replyErr(json.RawMessage("null"), codeParseError, "the message is not JSON: "+err.Error())
		} else {
			s.replyErr(json.RawMessage("null"), codeInvalidRequest, "the message is not a JSON-RPC request: "+err.Error())
		}
		return 0, false
	}
	if len(m.ID) > 0 && !validID(m.ID) {
		s.replyErr(json.RawMessage("null"), codeInvalidRequest, "the message's id is neither a number nor a string")
		return 0, false
	}
	if m.Method == "" {
		if m.isRequest() || m.Result != nil || m.Error != nil {
			return 0, false // a response to a request of ours: none is sent
		}
		s.replyErr(json.RawMessage("null"), codeInvalidRequest, "the message has no method")
		return 0, false
	}
	if m.Method == "exit" {
		if s.shutdown {
			return 0, true
		}
		return 1, true
	}
	result, rerr := s.dispatch(&m)
	if !m.isRequest() {
		if rerr != nil && rerr.Code != codeMethodNotFound {
			s.logf(1, "fray lsp: %s: %s", m.Method, rerr.Message)
		}
		return 0, false
	}
	if rerr != nil {
		s.replyErr(m.ID, rerr.Code, rerr.Message)
		return 0, false
	}
	if err := s.out.write(response{JSONRPC: "2.0", ID: m.ID, Result: result}); err != nil {
		s.logf(1, "fray lsp: cannot write a response: %v", err)
	}
	return 0, false
}

// dispatch calls the method's handler; a panic in it is an error
// response (InternalError) and the session goes on.
func (s *Server) dispatch(m *message) (result any, rerr *rpcError) {
	defer func() {
		if p := recover(); p != nil {
			s.logf(1, "fray lsp: internal error in %s: %v\n%s", m.Method, p, debug.Stack())
			result, rerr = nil, &rpcError{Code: codeInternalError, Message: fmt.Sprintf("internal error in %s: %v (a bug in fray; please report it)", m.Method, p)}
		}
	}()
	if m.Method == "initialize" {
		return s.initialize(m.Params)
	}
	if !s.initialized {
		return nil, &rpcError{Code: codeServerNotInitialized, Message: "the server is not initialized: send initialize first"}
	}
	if s.shutdown {
		return nil, &rpcError{Code: codeInvalidRequest, Message: "the server is shut down: only exit is accepted"}
	}
	h, ok := handlers[m.Method]
	if !ok {
		return nil, &rpcError{Code: codeMethodNotFound, Message: "method not found: " + m.Method}
	}
	return h(s, m.Params)
}

type handlerFunc func(s *Server, params json.RawMessage) (any, *rpcError)

var handlers map[string]handlerFunc

func init() {
	handlers = map[string]handlerFunc{
		"initialized":                      func(*Server, json.RawMessage) (any, *rpcError) { return nil, nil },
		"shutdown":                         (*Server).shutdownReq,
		"textDocument/didOpen":             (*Server).didOpen,
		"textDocument/didChange":           (*Server).didChange,
		"textDocument/didClose":            (*Server).didClose,
		"textDocument/didSave":             (*Server).didSave,
		"textDocument/hover":               (*Server).hover,
		"textDocument/definition":          (*Server).definition,
		"textDocument/references":          (*Server).references,
		"textDocument/completion":          (*Server).completion,
		"textDocument/formatting":          (*Server).formatting,
		"textDocument/documentSymbol":      (*Server).documentSymbol,
		"textDocument/signatureHelp":       (*Server).signatureHelp,
		"textDocument/codeAction":          (*Server).codeAction,
		"textDocument/documentHighlight":   (*Server).documentHighlight,
		"workspace/symbol":                 (*Server).workspaceSymbol,
		"$/cancelRequest":                  func(*Server, json.RawMessage) (any, *rpcError) { return nil, nil },
		"$/setTrace":                       func(*Server, json.RawMessage) (any, *rpcError) { return nil, nil },
		"workspace/didChangeConfiguration": func(*Server, json.RawMessage) (any, *rpcError) { return nil, nil },
		"workspace/didChangeWatchedFiles": func(s *Server, _ json.RawMessage) (any, *rpcError) {
			s.requestLint("") // a file an open buffer imports may have changed on disk
			return nil, nil
		},
	}
}

// decode reads a request's params.
func decode(params json.RawMessage, v any) *rpcError {
	if len(params) == 0 {
		return &rpcError{Code: codeInvalidParams, Message: "the request has no params"}
	}
	if err := json.Unmarshal(params, v); err != nil {
		return &rpcError{Code: codeInvalidParams, Message: "invalid params: " + err.Error()}
	}
	return nil
}

func (s *Server) initialize(params json.RawMessage) (any, *rpcError) {
	if s.initialized {
		return nil, &rpcError{Code: codeInvalidRequest, Message: "initialize was already sent"}
	}
	var p initializeParams
	if len(params) > 0 {
		if err := decode(params, &p); err != nil {
			return nil, err
		}
	}
	if s.opts.Root == "" {
		switch {
		case len(p.WorkspaceFolders) > 0:
			s.opts.Root = pathOf(p.WorkspaceFolders[0].URI, "")
		case p.RootURI != "":
			s.opts.Root = pathOf(p.RootURI, "")
		case p.RootPath != "":
			s.opts.Root = p.RootPath
		}
	}
	if s.opts.Root == "" {
		s.opts.Root, _ = os.Getwd()
	}
	if abs, err := filepath.Abs(s.opts.Root); err == nil {
		s.opts.Root = abs
	}
	s.initialized = true
	s.caps = p.Capabilities
	return map[string]any{
		"capabilities": map[string]any{
			"positionEncoding": "utf-16",
			"textDocumentSync": map[string]any{
				"openClose": true,
				"change":    2, // incremental
				"save":      map[string]any{"includeText": false},
			},
			"hoverProvider":              true,
			"definitionProvider":         true,
			"referencesProvider":         true,
			"documentHighlightProvider":  true,
			"workspaceSymbolProvider":    true,
			"documentFormattingProvider": true,
			"documentSymbolProvider":     true,
			"codeActionProvider":         map[string]any{"codeActionKinds": []string{"quickfix"}},
			"signatureHelpProvider": map[string]any{
				"triggerCharacters":   []string{"(", ","},
				"retriggerCharacters": []string{","},
			},
			"completionProvider": map[string]any{
				"triggerCharacters": []string{"."},
			},
		},
		"serverInfo": map[string]any{"name": "fray", "version": s.cfg.Version},
	}, nil
}

func (s *Server) shutdownReq(json.RawMessage) (any, *rpcError) {
	s.shutdown = true
	return nil, nil
}

func (s *Server) replyErr(id json.RawMessage, code int, msg string) {
	if err := s.out.write(responseErr{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}}); err != nil {
		s.logf(1, "fray lsp: cannot write a response: %v", err)
	}
}

// logf reports to the client (window/logMessage; typ 1 error, 3 info)
// and to the log.
func (s *Server) logf(typ int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if s.cfg.Log != nil {
		fmt.Fprintln(s.cfg.Log, msg)
	}
	_ = s.out.write(notification{JSONRPC: "2.0", Method: "window/logMessage", Params: map[string]any{"type": typ, "message": msg}})
}

// validID reports whether a JSON-RPC id is a number, a string or null.
func validID(id json.RawMessage) bool {
	switch c := id[0]; {
	case c == '"', c == '-', c >= '0' && c <= '9':
		return true
	}
	return string(id) == "null"
}
