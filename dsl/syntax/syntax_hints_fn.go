package syntax

import "strings"

// fnHeadExpected says what may follow a fn's head where participle, with
// an optional result type and two kinds of body (language v2), names
// nothing: after the parameters, a result type, "=" or "{"; after the
// result type, "=" or "{". "" elsewhere.
func fnHeadExpected(src string, line int, msg string) string {
	lines := strings.Split(src, "\n")
	if line < 1 || line > len(lines) {
		return ""
	}
	text := strings.SplitN(lines[line-1], "#", 2)[0]
	f := strings.Fields(text)
	if len(f) > 0 && f[0] == "override" {
		f = f[1:]
	}
	if len(f) == 0 || f[0] != "fn" {
		return ""
	}
	// The unexpected token is quoted in msg; what precedes its first
	// occurrence after the parameters tells where the error is.
	parts := strings.SplitN(msg, `"`, 3)
	if len(parts) < 3 {
		return ""
	}
	tok := parts[1]
	close := strings.LastIndex(text, ")")
	if close < 0 {
		return ""
	}
	rest := strings.TrimSpace(text[close+1:])
	switch {
	case strings.HasPrefix(rest, tok):
		return ", expected `:` and a result type, `=` and an expression, or `{` and statements"
	case strings.HasPrefix(rest, ":"):
		return ", expected `=` and an expression, or `{` and statements, after the result type"
	}
	return ""
}
