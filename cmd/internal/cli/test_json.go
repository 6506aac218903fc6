package cli

import (
	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/interp"
	"github.com/frayrules/fray/interp/fraytest"
)

// testSchemaVersion is that of fray test --format json: docs/schema/test.json.
const testSchemaVersion = 1

// testJSON is the document of fray test --format json.
type testJSON struct {
	SchemaVersion int                 `json:"schema_version"`
	Tests         []*fraytest.Outcome `json:"tests"`
	Summary       testSummaryJSON     `json:"summary"`
	Coverage      *testCoverageJSON   `json:"coverage,omitempty"`
	Diagnostics   diag.Diagnostics    `json:"diagnostics,omitempty"`
}

type testSummaryJSON struct {
	Passed  int `json:"passed"`
	Failed  int `json:"failed"`
	Errors  int `json:"errors"`
	Skipped int `json:"skipped"`
}

type testCoverageJSON struct {
	Threshold *float64           `json:"threshold,omitempty"`
	Files     []fileCoverageJSON `json:"files"`
}

type fileCoverageJSON struct {
	File         string       `json:"file"`
	Phases       ratioJSON    `json:"phases"`
	Statements   ratioJSON    `json:"statements"`
	TableRows    ratioJSON    `json:"table_rows"`
	ModifierRows ratioJSON    `json:"modifier_rows"`
	Handlers     ratioJSON    `json:"handlers"`
	Branches     ratioJSON    `json:"branches"`
	Uncovered    []diag.Range `json:"uncovered,omitempty"`
}

type ratioJSON struct {
	Covered int     `json:"covered"`
	Total   int     `json:"total"`
	Percent float64 `json:"percent"`
}

func ratioOf(k *fraytest.KindCounts) ratioJSON {
	return ratioJSON{Covered: k.Covered, Total: k.Total, Percent: k.Percent()}
}

// testDocument makes the JSON document of a run of fray test.
func testDocument(outcomes []*fraytest.Outcome, diags diag.Diagnostics, fcs []*fraytest.FileCoverage, covered bool, threshold *float64) *testJSON {
	doc := &testJSON{SchemaVersion: testSchemaVersion, Tests: outcomes, Diagnostics: diags}
	if doc.Tests == nil {
		doc.Tests = []*fraytest.Outcome{}
	}
	for _, o := range outcomes {
		switch o.Result {
		case fraytest.Pass:
			doc.Summary.Passed++
		case fraytest.Fail:
			doc.Summary.Failed++
		case fraytest.Error:
			doc.Summary.Errors++
		case fraytest.Skip:
			doc.Summary.Skipped++
		}
	}
	if covered {
		doc.Coverage = &testCoverageJSON{Threshold: threshold, Files: []fileCoverageJSON{}}
		for _, fc := range fcs {
			f := fileCoverageJSON{File: fc.File,
				Phases: ratioOf(fc.Kinds[interp.CovPhase]), Statements: ratioOf(fc.Kinds[interp.CovStatement]),
				TableRows: ratioOf(fc.Kinds[interp.CovRow]), ModifierRows: ratioOf(fc.Kinds[interp.CovModifier]),
				Handlers: ratioOf(fc.Kinds[interp.CovHandler]), Branches: ratioOf(fc.Kinds[interp.CovBranch])}
			for _, u := range fc.Uncovered {
				f.Uncovered = append(f.Uncovered, u.At)
			}
			doc.Coverage.Files = append(doc.Coverage.Files, f)
		}
	}
	return doc
}
