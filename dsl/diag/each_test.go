package diag

import (
	"fmt"
	"strings"
	"testing"
)

// TestMostKeepsTheMostSevere: the kept diagnostics are the most
// severe, in their order, and the count left out is the rest.
func TestMostKeepsTheMostSevere(t *testing.T) {
	const n = 100
	var ds Diagnostics
	for i := range n + 10 {
		sev := Warning
		if i%2 == 1 {
			sev = Error
		}
		ds = append(ds, &Diagnostic{Severity: sev, Summary: fmt.Sprintf("%04d", i)})
	}
	kept, dropped := ds.Most(n)
	if len(kept) != n || dropped != 10 {
		t.Fatalf("kept %d, dropped %d", len(kept), dropped)
	}
	warnings := 0
	for i, d := range kept {
		if d.Severity == Warning {
			warnings++
		}
		if i > 0 && kept[i-1].Summary >= d.Summary {
			t.Fatalf("out of order at %d: %s after %s", i, d.Summary, kept[i-1].Summary)
		}
	}
	if errs := (n + 10) / 2; warnings != n-errs {
		t.Errorf("%d warnings kept, want %d (all %d errors first)", warnings, n-errs, errs)
	}
	if kept, dropped := ds[:5].Most(n); len(kept) != 5 || dropped != 0 {
		t.Errorf("a short list: kept %d, dropped %d", len(kept), dropped)
	}
}

// TestTextsAreWriteTexts: each text is what WriteText writes of that
// diagnostic alone.
func TestTextsAreWriteTexts(t *testing.T) {
	src := Sources{"a.fray": "line one\n\tsecond \x1b line\nthird"}
	var ds Diagnostics
	for i, c := range []int{1, 3, 2} {
		ds = append(ds, &Diagnostic{Severity: Error, Code: "F101", Summary: fmt.Sprint("s", i), Detail: "h",
			Subject: Range{Filename: "a.fray", Start: Pos{Line: c, Column: 2}, End: Pos{Line: c, Column: 4}}})
	}
	ds[0].Related = &Related{Range: Range{Filename: "a.fray", Start: Pos{Line: 2, Column: 1}, End: Pos{Line: 2, Column: 2}}, Message: "here"}
	texts := Texts(ds, src)
	for i, d := range ds {
		var b strings.Builder
		WriteText(&b, Diagnostics{d}, src)
		if texts[i] != b.String() {
			t.Errorf("diagnostic %d: Texts gave\n%s\nWriteText\n%s", i, texts[i], b.String())
		}
	}
}
