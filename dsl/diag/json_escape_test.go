package diag

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// Every character UnsafeRune names leaves a JSON writer escaped (none
// raw: encoding/json wrote the C1 controls and the bidi marks as they
// are), and every string reads back as it was; text without such a
// character is written byte for byte as encoding/json writes it.
func TestJSONWriterEscapesUnsafeRunes(t *testing.T) {
	var unsafe []rune
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if UnsafeRune(r) {
			unsafe = append(unsafe, r)
		}
	}
	if len(unsafe) < 64+2+5+4 {
		t.Fatalf("only %d unsafe runes", len(unsafe))
	}
	for _, r := range unsafe {
		s := "a" + string(r) + "é漢🐉\"\\<"
		var buf bytes.Buffer
		enc := json.NewEncoder(JSONWriter(&buf))
		enc.SetEscapeHTML(false)
		if err := enc.Encode(map[string]string{"text": s}); err != nil {
			t.Fatal(err)
		}
		for _, c := range buf.String() {
			if UnsafeRune(c) && c != '\n' {
				t.Errorf("U+%04X written raw: %q", r, buf.String())
			}
		}
		var back map[string]string
		if err := json.Unmarshal(buf.Bytes(), &back); err != nil || back["text"] != s {
			t.Errorf("U+%04X: read back %q, %v", r, back["text"], err)
		}
	}
	safe := map[string]any{"text": "hé 漢 🐉 \u200d \"q\" <b>", "n": 3}
	var plain, ours bytes.Buffer
	json.NewEncoder(&plain).Encode(safe)
	json.NewEncoder(JSONWriter(&ours)).Encode(safe)
	if plain.String() != ours.String() {
		t.Errorf("safe text changed: %q, want %q", ours.String(), plain.String())
	}
}
