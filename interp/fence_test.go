package interp

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The fence around unsafe: mem_unsafe.go alone imports it (and calls
// reflect's doors to raw memory), behind the build constraint that
// mem_safe.go, its reflect-only twin, negates; every name of its API
// that the rest of interp uses is declared by the twin with the same
// type. Compiling and testing with -tags fray_safe (.ci/run) then
// proves the twin gives the same results.

const (
	fenced = "mem_unsafe.go"
	twin   = "mem_safe.go"
)

// rawMemory are reflect's methods that hand out or take raw addresses:
// with them a file could reach memory without importing unsafe.
var rawMemory = map[string]bool{"UnsafePointer": true, "UnsafeAddr": true, "NewAt": true}

func parseInterp(t *testing.T) (*token.FileSet, map[string]*ast.File) {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil || len(names) == 0 {
		t.Fatalf("interp's Go files: %v, %v", names, err)
	}
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	for _, name := range names {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	if files[fenced] == nil || files[twin] == nil {
		t.Fatalf("%s and %s must both exist", fenced, twin)
	}
	return fset, files
}

func TestOnlyMemUnsafeUsesUnsafe(t *testing.T) {
	fset, files := parseInterp(t)
	for name, f := range files {
		imports := false
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == "unsafe" {
				imports = true
			}
		}
		if imports != (name == fenced) {
			t.Errorf("%s: imports unsafe: %v; only %s may", name, imports, fenced)
		}
		if name == fenced {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && rawMemory[sel.Sel.Name] {
				t.Errorf("%s: %s reaches raw memory; go through %s's API", fset.Position(sel.Pos()), sel.Sel.Name, fenced)
			}
			return true
		})
	}
}

func TestMemTwinsAreBuiltApart(t *testing.T) {
	_, files := parseInterp(t)
	want := map[string]string{fenced: "//go:build !fray_safe", twin: "//go:build fray_safe"}
	for name, line := range want {
		found := false
		for _, cg := range files[name].Comments {
			for _, c := range cg.List {
				if c.Pos() < files[name].Package && c.Text == line {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("%s: no %q before its package clause", name, line)
		}
	}
	for name, f := range files {
		if name == fenced || name == twin {
			continue
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if c.Pos() < f.Package && strings.Contains(c.Text, "fray_safe") {
					t.Errorf("%s: only the twins are built by fray_safe", name)
				}
			}
		}
	}
}

func TestMemTwinHasTheSameAPI(t *testing.T) {
	fset, files := parseInterp(t)
	used := map[string]bool{} // identifiers of the other files
	for name, f := range files {
		if name == fenced || name == twin {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				used[id.Name] = true
			}
			return true
		})
	}
	api := decls(fset, files[fenced])
	safe := decls(fset, files[twin])
	var names []string
	for name := range api {
		_, method, ok := strings.Cut(name, ".")
		if used[name] || ok && used[method] {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) < 10 {
		t.Fatalf("only %d names of %s are used elsewhere: %v", len(names), fenced, names)
	}
	for _, name := range names {
		switch s, ok := safe[name]; {
		case !ok:
			t.Errorf("%s declares %s, used by interp; %s does not", fenced, name, twin)
		case s != api[name]:
			t.Errorf("%s differs between the twins:\n%s: %s\n%s: %s", name, fenced, api[name], twin, s)
		}
	}
}

// decls maps the top-level names of a file to their kind and, for
// functions, their signature as written; methods are named Type.Method.
func decls(fset *token.FileSet, f *ast.File) map[string]string {
	out := map[string]string{}
	show := func(n ast.Node) string {
		var b bytes.Buffer
		_ = printer.Fprint(&b, fset, n)
		return b.String()
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil {
				name = show(d.Recv.List[0].Type) + "." + name
				out[d.Name.Name] = "method" // a use names the method alone
			}
			out[name] = show(d.Type)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					out[s.Name.Name] = "type"
				case *ast.ValueSpec:
					for _, n := range s.Names {
						out[n.Name] = d.Tok.String()
					}
				}
			}
		}
	}
	return out
}
