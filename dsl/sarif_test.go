package dsl_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/frayrules/fray/dsl/check"
	"github.com/frayrules/fray/dsl/diag"
)

// TestSARIF checks the SARIF log against what SARIF 2.1.0 requires of it
// (the spec's required properties and value ranges) and reads it back with
// an independent SARIF library.
func TestSARIF(t *testing.T) {
	src := diag.Sources{}
	diags := check.UnderRoot("..").Lint(filepath.Join("..", "testdata", "variants", "bad_variant.fray"), src)
	if len(diags) == 0 {
		t.Fatal("the fixture should give diagnostics")
	}
	var buf bytes.Buffer
	if err := diag.WriteSARIF(&buf, diags, "test"); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			ColumnKind string `json:"columnKind"`
			Results    []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine, StartColumn, EndLine, EndColumn int
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Version != "2.1.0" || len(doc.Runs) != 1 {
		t.Fatalf("version %q, %d runs", doc.Version, len(doc.Runs))
	}
	run := doc.Runs[0]
	if run.Tool.Driver.Name != "fray" || run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("driver %q, columnKind %q", run.Tool.Driver.Name, run.ColumnKind)
	}
	if len(run.Results) != len(diags) {
		t.Fatalf("%d results for %d diagnostics", len(run.Results), len(diags))
	}
	for i, r := range run.Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %d: ruleIndex %d does not point at rule %s", i, r.RuleIndex, r.RuleID)
		}
		if r.Level != "error" && r.Level != "warning" && r.Level != "note" && r.Level != "none" {
			t.Errorf("result %d: level %q", i, r.Level)
		}
		if r.Message.Text == "" || len(r.Locations) != 1 {
			t.Errorf("result %d: empty message or no location", i)
			continue
		}
		pl := r.Locations[0].PhysicalLocation
		reg := pl.Region
		if pl.ArtifactLocation.URI == "" || reg.StartLine < 1 || reg.StartColumn < 1 || reg.EndLine < reg.StartLine || (reg.EndLine == reg.StartLine && reg.EndColumn <= reg.StartColumn) {
			t.Errorf("result %d: bad location %+v", i, pl)
		}
	}
	rep, err := sarif.FromBytes(buf.Bytes())
	if err != nil {
		t.Fatalf("go-sarif cannot read the log: %v", err)
	}
	if len(rep.Runs) != 1 || len(rep.Runs[0].Results) != len(diags) {
		t.Errorf("go-sarif read %d runs", len(rep.Runs))
	}
}
