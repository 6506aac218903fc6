package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// JSON-RPC 2.0 error codes used here (and LSP's own).
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
	codeRequestFailed        = -32803
)

// message is any JSON-RPC message: a request (ID and Method), a
// notification (Method only) or a response (ID with Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// isRequest tells a request, which needs a response, from a notification.
func (m *message) isRequest() bool { return len(m.ID) > 0 && string(m.ID) != "null" }

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("%s (code %d)", e.Message, e.Code) }

// response is what the server writes back to a request. Result is
// always present (null on an error) except when Error is set.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
	Error   *rpcError       `json:"error,omitempty"`
}

type responseErr struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *rpcError       `json:"error"`
}

type notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

// Framing limits: a header line or a header block longer than these is
// not LSP, and is dropped rather than buffered.
const (
	maxHeaderLine  = 1024
	maxHeaderLines = 32
)

// errTooLarge is a message whose Content-Length is over the limit: its
// body has been skipped, and reading can go on with the next message.
type errTooLarge struct{ size, limit int }

func (e *errTooLarge) Error() string {
	return fmt.Sprintf("a message of %d bytes is over the limit of %d bytes (it follows --max-file-size, which raises it)", e.size, e.limit)
}

// errFraming is a header block that cannot be read; the reader has
// skipped it, and reading can go on.
type errFraming struct{ msg string }

func (e *errFraming) Error() string { return "malformed message header: " + e.msg }

// reader reads framed messages: headers ("Content-Length: N", others
// ignored) ended by an empty line, then N bytes of JSON. Lines may end
// in \r\n, as the protocol says, or in a bare \n.
type reader struct {
	r     *bufio.Reader
	limit int // the largest body accepted
}

func newReader(r io.Reader, limit int) *reader {
	return &reader{r: bufio.NewReaderSize(r, 64<<10), limit: limit}
}

// line reads one header line, at most maxHeaderLine bytes; a longer one
// is read to its end and reported.
func (rd *reader) line() (string, error) {
	var b []byte
	long := false
	for {
		frag, err := rd.r.ReadSlice('\n')
		if len(b)+len(frag) > maxHeaderLine {
			long = true
		} else {
			b = append(b, frag...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if err == io.EOF && (len(b) > 0 || long) {
				err = io.ErrUnexpectedEOF
			}
			return "", err
		}
		break
	}
	if long {
		return "", &errFraming{"a header line is longer than 1024 bytes"}
	}
	return strings.TrimRight(string(b), "\r\n"), nil
}

// read returns the next message's body. An error of type *errTooLarge or
// *errFraming leaves the stream at the next message; any other error
// (io.EOF) ends it.
func (rd *reader) read() ([]byte, error) {
	length := -1
	lines := 0
	var bad error
	for {
		l, err := rd.line()
		if err != nil {
			var fe *errFraming
			if errors.As(err, &fe) {
				bad = err
				lines++
				continue
			}
			return nil, err
		}
		if l == "" {
			if lines == 0 {
				continue // blank lines between messages
			}
			break
		}
		lines++
		if lines > maxHeaderLines {
			bad = &errFraming{fmt.Sprintf("more than %d header lines", maxHeaderLines)}
			continue
		}
		name, value, ok := strings.Cut(l, ":")
		if !ok || !isToken(strings.TrimSpace(name)) {
			// Not a header: the body of a message that had no
			// Content-Length, or garbage. A header may follow on the
			// same line (a body not ended by a line break): reading
			// goes on from it. Otherwise the line is dropped and the
			// next starts a new block, so that the stream finds its
			// way back to the next message rather than read every body
			// after it as headers.
			i := strings.Index(strings.ToLower(l), "content-length:")
			if i <= 0 {
				return nil, &errFraming{fmt.Sprintf("%q is not a header", truncate(l, 60))}
			}
			// The text before it was the body of the message before,
			// already reported as without a Content-Length.
			name, value, _ = strings.Cut(l[i:], ":")
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				bad = &errFraming{fmt.Sprintf("Content-Length %q is not a number of bytes", truncate(strings.TrimSpace(value), 30))}
				continue
			}
			length = n
		}
	}
	if bad != nil {
		return nil, bad
	}
	if length < 0 {
		return nil, &errFraming{"no Content-Length header"}
	}
	if length > rd.limit {
		if _, err := io.CopyN(io.Discard, rd.r, int64(length)); err != nil {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, &errTooLarge{length, rd.limit}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(rd.r, body); err != nil {
		return nil, io.ErrUnexpectedEOF
	}
	return body, nil
}

// isToken reports whether a header's name is an HTTP token (RFC 9110):
// "{\"jsonrpc\"" is a body's start, not a header.
func isToken(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// writer writes framed messages; it is safe for concurrent use (the
// dispatch loop answers while diagnostics are published).
type writer struct {
	mu sync.Mutex
	w  io.Writer
}

func (wr *writer) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	wr.mu.Lock()
	defer wr.mu.Unlock()
	if _, err := fmt.Fprintf(wr.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = wr.w.Write(body)
	return err
}
