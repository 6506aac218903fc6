package docs_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// exampleRe finds the examples of outputs.md: a ```json block after a
// <!-- schema: NAME --> comment ("NAME lines" for JSON lines).
var exampleRe = regexp.MustCompile("(?s)<!-- schema: ([a-z-]+)( lines)? -->\n```json\n(.*?)```")

// TestOutputExamplesFollowSchemas keeps docs/outputs.md's examples valid
// against docs/schema, so the page cannot show a shape fray no longer
// has; every schema has at least one example.
func TestOutputExamplesFollowSchemas(t *testing.T) {
	data, err := os.ReadFile("outputs.md")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	files, _ := filepath.Glob(filepath.Join("schema", "*.json"))
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		id, _ := doc.(map[string]any)["$id"].(string)
		if err := c.AddResource(id, doc); err != nil {
			t.Fatal(err)
		}
	}
	seen := map[string]bool{}
	for _, m := range exampleRe.FindAllStringSubmatch(string(data), -1) {
		name, lines, text := m[1], m[2] != "", m[3]
		s, err := c.Compile("https://github.com/frayrules/fray/docs/schema/" + name + ".json")
		if err != nil {
			t.Fatalf("schema %s: %v", name, err)
		}
		docs := []string{text}
		if lines {
			docs = strings.Split(strings.TrimSpace(text), "\n")
		}
		for _, d := range docs {
			v, err := jsonschema.UnmarshalJSON(strings.NewReader(d))
			if err != nil {
				t.Errorf("an example of %s is not JSON: %v\n%s", name, err, d)
				continue
			}
			if err := s.Validate(v); err != nil {
				t.Errorf("an example of %s does not follow docs/schema/%s.json: %v\n%s", name, name, err, d)
			}
		}
		seen[name] = true
	}
	for _, f := range files {
		if name := strings.TrimSuffix(filepath.Base(f), ".json"); !seen[name] {
			t.Errorf("docs/outputs.md has no example of docs/schema/%s.json", filepath.Base(f))
		}
	}
}
