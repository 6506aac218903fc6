package play

import (
	"io/fs"
	"os"
	"path/filepath"
)

// Shipped are the patterns of the files the playground ships: the
// rulesets, their variants and the example encounters.
var Shipped = []string{"rules/*.fray", "rules/variants/*.fray", "testdata/encounters/*.fray"}

// ReadFiles reads the files of root that match the patterns into a file
// set, for the build of the page and for tests; the page itself never
// touches a disk.
func ReadFiles(root string, patterns []string) (Files, error) {
	fsys := os.DirFS(root)
	out := Files{}
	for _, p := range patterns {
		names, err := fs.Glob(fsys, p)
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(n)))
			if err != nil {
				return nil, err
			}
			out[n] = string(b)
		}
	}
	return out, nil
}
