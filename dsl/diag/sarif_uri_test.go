package diag

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// A SARIF location's uri is a URI reference that reads back as the file's
// name: a relative name with a space, '#', '%', a bidi override or a
// byte that is not UTF-8 was written as it stands (not a URI; a '#'
// started a fragment, the byte became U+FFFD).
func TestSARIFURIsAreEscaped(t *testing.T) {
	for name, want := range map[string]string{
		"rules/a.fray":         "rules/a.fray",
		"my rules/50%#1.fray":  "my%20rules/50%25%231.fray",
		"b\xff\u202ed.fray":    "b%FF%E2%80%AEd.fray",
		"x:y.fray":             "./x:y.fray",
		"/abs/my rules/a.fray": "file:///abs/my%20rules/a.fray",
		"line\nbreak.fray":     "line%0Abreak.fray",
	} {
		d := &Diagnostic{Severity: Error, Code: CodeSyntax, Summary: "s",
			Subject: Range{Filename: name, Start: Pos{Line: 1, Column: 1}, End: Pos{Line: 1, Column: 2}}}
		var buf bytes.Buffer
		if err := WriteSARIF(&buf, Diagnostics{d}, "test"); err != nil {
			t.Fatal(err)
		}
		var log struct {
			Runs []struct {
				Results []struct {
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct {
								URI string `json:"uri"`
							} `json:"artifactLocation"`
						} `json:"physicalLocation"`
					} `json:"locations"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
			t.Fatal(err)
		}
		got := log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI
		if got != want {
			t.Errorf("%q: uri %q, want %q", name, got, want)
			continue
		}
		u, err := url.Parse(got)
		if err != nil || u.Fragment != "" {
			t.Errorf("%q: uri %q is not a URI reference without a fragment: %v", name, got, err)
		} else if strings.TrimPrefix(u.Path, "./") != name {
			t.Errorf("%q: uri %q reads back as %q", name, got, u.Path)
		}
	}
}
