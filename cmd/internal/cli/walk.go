package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/frayrules/fray/dsl/diag"
)

// collectFiles expands directories into their .fray files, sorted. A file
// named on the command line is taken as it is; one found by walking a
// directory is vetted first (vetWalked), and the files refused come back
// as diagnostics, never read.
func collectFiles(root string, args []string) (files []string, refused diag.Diagnostics, err error) {
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			// Let lint report it with a position, as for any unreadable file.
			files = append(files, a)
			continue
		}
		if !info.IsDir() {
			files = append(files, a)
			continue
		}
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				// A folder that cannot be read (no permission, a name
				// past the system's limit) is reported by its name and
				// skipped; the walk goes on with the rest, as for a file
				// refused. It stopped the whole command, naming only the
				// folder the walk began at.
				refused = append(refused, unreadableFolder(p, err))
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.IsDir() || !strings.HasSuffix(p, ".fray") {
				return nil
			}
			if why := vetWalked(root, p, d, a); why != "" {
				refused = append(refused, refusal(p, why))
				return nil
			}
			files = append(files, p)
			return nil
		})
		if err != nil {
			return nil, nil, &exitError{code: exitFindings, msg: fmt.Sprintf("cannot walk %s: %s", a, cleanPathErr(err))}
		}
	}
	sort.Strings(files)
	files = distinctFiles(files)
	if len(files) == 0 && len(refused) == 0 {
		return nil, nil, &exitError{code: exitFindings, msg: "no .fray files found in " + strings.Join(args, ", ")}
	}
	return files, refused.Sort(), nil
}

// vetWalked says why a .fray entry found under the directory dir must not
// be read, or "" when it may. A symbolic link is followed only to a
// regular file inside the root folder (--root) or inside dir: a link in a
// folder of rules must not make lint or fmt read, and print the first line
// of, a file elsewhere. Anything but a regular file (a named pipe, a
// device, a socket) would block the read or never end.
func vetWalked(root, path string, d fs.DirEntry, dir string) string {
	if d.Type().IsRegular() {
		return ""
	}
	if d.Type()&fs.ModeSymlink == 0 {
		info, err := d.Info()
		if err != nil {
			return "cannot read it: " + cleanPathErr(err)
		}
		return "it is " + fileKind(info.Mode()) + ", not a regular file"
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		// Go words a loop of links "EvalSymlinks: too many links".
		why := strings.TrimPrefix(cleanPathErr(err), "EvalSymlinks: ")
		if why == "too many links" {
			why = "too many links (a loop of links?)"
		}
		return "it is a symbolic link that cannot be followed: " + why
	}
	absTarget, err := filepath.Abs(target)
	if err != nil {
		return "it is a symbolic link that cannot be followed: " + err.Error()
	}
	if !within(realAbs(root), absTarget) && !within(realAbs(dir), absTarget) {
		return "it is a symbolic link to a file outside the root folder " + realAbs(root) + " (give --root to allow it)"
	}
	info, err := os.Stat(absTarget)
	if err != nil {
		return "it is a symbolic link that cannot be followed: " + cleanPathErr(err)
	}
	if !info.Mode().IsRegular() {
		return "it is a symbolic link to " + fileKind(info.Mode()) + ", not to a regular file"
	}
	return ""
}

// realAbs is dir made absolute with its symbolic links followed ("" is
// the current directory); as it is when that fails.
func realAbs(dir string) string {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}

// refusal is the diagnostic of a walked file that is not read.
func refusal(path, why string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeSandbox,
		Summary: "not read: " + why,
		Detail:  "fray lint and fmt read only regular .fray files under the folders they walk or the root folder",
		Subject: diag.Range{Filename: path, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 2, Byte: 1}}}
}

// unreadableFolder is the diagnostic of a folder a walk cannot read.
func unreadableFolder(path string, err error) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Code: diag.CodeRead,
		Summary: "cannot read the folder: " + cleanPathErr(err),
		Detail:  "the .fray files under it were not read: check its permissions and the length of its path",
		Subject: diag.Range{Filename: path, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 2, Byte: 1}}}
}

// distinctFiles drops a file named again under another spelling (a.fray,
// ./a.fray, x/../a.fray; a folder walked that holds a file also named),
// keeping the first spelling in sorted order: each was checked, and
// each problem reported, once for every spelling, and counted in the
// summary as that many files. Names that differ in case are different
// files (where the file system says they are the same, both are kept).
func distinctFiles(files []string) []string {
	seen := make(map[string]bool, len(files))
	out := files[:0]
	for _, f := range files {
		key := filepath.Clean(f)
		if abs, err := filepath.Abs(f); err == nil {
			key = abs
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, f)
		}
	}
	return out
}
