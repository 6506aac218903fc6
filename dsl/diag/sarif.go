package diag

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
)

// WriteSARIF writes diagnostics as a SARIF 2.1.0 log, for code-scanning
// services. Columns count Unicode code points, as fray's do.
func WriteSARIF(w io.Writer, ds Diagnostics, version string) error {
	type region struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine"`
		EndColumn   int `json:"endColumn"`
	}
	type physical struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region region `json:"region"`
	}
	type location struct {
		PhysicalLocation physical `json:"physicalLocation"`
		Message          *msg     `json:"message,omitempty"`
	}
	type result struct {
		RuleID           string     `json:"ruleId"`
		RuleIndex        int        `json:"ruleIndex"`
		Level            string     `json:"level"`
		Message          msg        `json:"message"`
		Locations        []location `json:"locations"`
		RelatedLocations []location `json:"relatedLocations,omitempty"`
	}
	type rule struct {
		ID               string `json:"id"`
		Name             string `json:"name"`
		ShortDescription msg    `json:"shortDescription"`
		DefaultConfig    struct {
			Level string `json:"level"`
		} `json:"defaultConfiguration"`
	}
	loc := func(r Range, m string) location {
		var l location
		// A URI reference, escaped: a relative name with a space, '#',
		// '%', a control character or a byte that is not UTF-8 is not one
		// as it stands (a '#' would start a fragment).
		u := &url.URL{Path: filepath.ToSlash(r.Filename)}
		if filepath.IsAbs(r.Filename) {
			u.Scheme = "file"
		}
		uri := u.String()
		l.PhysicalLocation.ArtifactLocation.URI = uri
		end := r.End
		if end.Line == 0 {
			end = r.Start
		}
		l.PhysicalLocation.Region = region{r.Start.Line, max(1, r.Start.Column), max(end.Line, r.Start.Line), max(end.Column, r.Start.Column+1)}
		if m != "" {
			l.Message = &msg{Text: m}
		}
		return l
	}
	var rules []rule
	index := map[string]int{}
	for _, c := range Codes {
		r := rule{ID: c.Code, Name: c.Name, ShortDescription: msg{Text: c.Summary}}
		r.DefaultConfig.Level = "error"
		if c.Warning {
			r.DefaultConfig.Level = "warning"
		}
		if c.Note {
			r.DefaultConfig.Level = "note"
		}
		index[c.Code] = len(rules)
		rules = append(rules, r)
	}
	results := []result{}
	for _, d := range ds {
		text := d.Summary
		if d.Detail != "" {
			text += ". Hint: " + d.Detail
		}
		res := result{RuleID: d.Code, RuleIndex: index[d.Code], Level: d.Severity.String(), Message: msg{Text: text},
			Locations: []location{loc(d.Subject, "")}}
		if d.Related != nil {
			res.RelatedLocations = []location{loc(d.Related.Range, d.Related.Message)}
		}
		results = append(results, res)
	}
	doc := map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []any{map[string]any{
			"tool": map[string]any{"driver": map[string]any{
				"name": "fray", "version": version, "informationUri": "https://github.com/frayrules/fray",
				"rules": rules,
			}},
			"columnKind": "unicodeCodePoints",
			"results":    results,
		}},
	}
	enc := json.NewEncoder(JSONWriter(w))
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

type msg struct {
	Text string `json:"text"`
}
