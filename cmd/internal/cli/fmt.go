package cli

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/frayrules/fray/dsl/diag"
	"github.com/frayrules/fray/dsl/format"
	"github.com/frayrules/fray/interp"
)

func newFmtCmd(stdout, stderr io.Writer) *cobra.Command {
	var write, list, diff, check bool
	cmd := &cobra.Command{
		Use:   "fmt [-w|-l|-d|--check] PATH...",
		Short: "Lay out rule and encounter files in fray's canonical style",
		Long: `fmt prints .fray files in one canonical layout: two-space indentation,
one item per line, aligned table columns, canonical spacing in expressions,
every comment kept in its place. Directories are searched for .fray files.

Without a flag the formatted text goes to standard output. With -w the files
are rewritten in place (atomically; a file that does not parse is never
touched), -l lists the files whose layout differs, -d prints the changes as
a unified diff, and --check lists the files that would change and exits 1
if there are any, for CI. -l and -d can be combined with -w.

Exit status: 0 ok, 1 a file does not parse or cannot be written (or, with
--check, is not formatted), 2 usage error, 3 internal error.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if check && write {
				return usageErr("--check and -w cannot be combined")
			}
			files, refused, err := collectFiles(optionsOf(cmd).Root, args)
			if err != nil {
				return err
			}
			src := diag.Sources{}
			diags := refused
			code, unformatted := exitOK, 0
			var msgs []string
			for _, path := range files {
				f, ds := optionsOf(cmd).ReadFile(path, src)
				if len(ds) > 0 {
					diags = append(diags, ds...)
					continue
				}
				out, err := format.FormatWithin(f, optionsOf(cmd).Limits.FileSize)
				if d := format.LimitDiagnostic(err); d != nil {
					diags = append(diags, d)
					continue
				}
				if err != nil {
					// The formatter refused rather than risk the file.
					msgs = append(msgs, fmt.Sprintf("%s: cannot format: %v", path, err))
					code = exitInternal
					continue
				}
				orig := onDisk(path, src[path])
				if !write && !list && !diff && !check {
					stdout.Write(out)
					continue
				}
				if bytes.Equal(orig, out) {
					continue
				}
				unformatted++
				if list || check {
					fmt.Fprintln(stdout, interp.Printable(path))
				}
				if diff {
					io.WriteString(stdout, unifiedDiff(path, orig, out))
				}
				if write {
					if err := writeAtomic(path, out, 0o644); err != nil {
						msgs = append(msgs, fmt.Sprintf("cannot write %s: %v", path, err))
						code = max(code, exitFindings)
					}
				}
			}
			if len(diags) > 0 {
				writeDiags(stderr, diags.Sort(), src)
				code = max(code, exitFindings)
			}
			for _, m := range msgs {
				printMessage(stderr, "fray: %s\n", m)
			}
			if check && unformatted > 0 {
				code = max(code, exitFindings)
				s := "s are"
				if unformatted == 1 {
					s = " is"
				}
				return &exitError{code: code, msg: fmt.Sprintf("%d file%s not formatted; fray fmt -w formats them", unformatted, s)}
			}
			if code != exitOK {
				return &exitError{code: code}
			}
			return nil
		},
	}
	cmd.Flags().BoolVarP(&write, "write", "w", false, "rewrite the files in place")
	cmd.Flags().BoolVarP(&list, "list", "l", false, "list the files whose layout differs")
	cmd.Flags().BoolVarP(&diff, "diff", "d", false, "print a unified diff of the changes")
	cmd.Flags().BoolVar(&check, "check", false, "list the files that are not formatted and exit 1 if there are any")
	return cmd
}

// unifiedDiff is a unified diff (three lines of context) turning a into b,
// or "" when they are the same.
func unifiedDiff(name string, a, b []byte) string {
	al, bl := splitLines(a), splitLines(b)
	ops := diffLines(al, bl)
	var out strings.Builder
	const context = 3
	for i := 0; i < len(ops); {
		// Find the next change.
		for i < len(ops) && ops[i].kind == ' ' {
			i++
		}
		if i == len(ops) {
			break
		}
		start := max(0, i-context)
		// Extend the hunk while changes are at most 2*context lines apart.
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j
			} else if j-end > 2*context {
				break
			}
		}
		stop := min(len(ops), end+1+context)
		h := ops[start:stop]
		aStart, bStart, aLen, bLen := h[0].a, h[0].b, 0, 0
		for _, o := range h {
			if o.kind != '+' {
				aLen++
			}
			if o.kind != '-' {
				bLen++
			}
		}
		if out.Len() == 0 {
			fmt.Fprintf(&out, "--- %s.orig\n+++ %s\n", interp.Printable(name), interp.Printable(name))
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
		for _, o := range h {
			line := ""
			switch o.kind {
			case '-':
				// The source's line, with any control character in
				// it: shown escaped, as fmt writes it.
				line = format.Escape(al[o.a])
			default:
				line = bl[o.b]
			}
			out.WriteByte(o.kind)
			if strings.HasSuffix(line, "\n") {
				out.WriteString(line)
			} else {
				out.WriteString(line + "\n\\ No newline at end of file\n")
			}
		}
		i = stop
	}
	return out.String()
}

// hunkRange writes a hunk's start and length; an empty range starts at the
// line before it.
func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// splitLines splits text after each newline; the last line may lack one.
func splitLines(b []byte) []string {
	var lines []string
	s := string(b)
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

// diffOp is one line of an edit script: ' ' kept, '-' deleted from a, '+'
// inserted from b; a and b are the line's index in each (for a '+', a is
// where it goes in a, and the other way round).
type diffOp struct {
	kind byte
	a, b int
}

// diffLines is a shortest edit script from a to b (Myers' algorithm) after
// the common head and tail are set aside. Past maxEdit edits it gives up on
// being shortest and replaces the whole middle.
func diffLines(a, b []string) []diffOp {
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	var ops []diffOp
	for i := 0; i < head; i++ {
		ops = append(ops, diffOp{' ', i, i})
	}
	ma, mb := a[head:len(a)-tail], b[head:len(b)-tail]
	for _, o := range myers(ma, mb) {
		ops = append(ops, diffOp{o.kind, o.a + head, o.b + head})
	}
	for i := 0; i < tail; i++ {
		ops = append(ops, diffOp{' ', len(a) - tail + i, len(b) - tail + i})
	}
	return ops
}

const maxEdit = 4000

func myers(a, b []string) []diffOp {
	n, m := len(a), len(b)
	replaceAll := func() []diffOp {
		var ops []diffOp
		for i := 0; i < n; i++ {
			ops = append(ops, diffOp{'-', i, 0})
		}
		for j := 0; j < m; j++ {
			ops = append(ops, diffOp{'+', n, j})
		}
		return ops
	}
	if n == 0 || m == 0 {
		return replaceAll()
	}
	off := n + m
	v := make([]int, 2*off+2)
	var trace [][]int
	for d := 0; d <= n+m; d++ {
		if d > maxEdit {
			return replaceAll()
		}
		trace = append(trace, append([]int(nil), v[off-d:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(trace, n, m)
			}
		}
	}
	return replaceAll()
}

// backtrack walks the saved frontiers back from (n, m). trace[d] holds the
// frontier before step d, for diagonals -d-1..d+1... stored from index 0
// for diagonal -d.
func backtrack(trace [][]int, n, m int) []diffOp {
	var ops []diffOp
	x, y := n, m
	for d := len(trace) - 1; d >= 0; d-- {
		v := trace[d]
		at := func(k int) int { return v[k+d] } // v[0] is diagonal -d
		k := x - y
		var prevK int
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := at(prevK)
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x--
			y--
			ops = append(ops, diffOp{' ', x, y})
		}
		if d > 0 {
			if x == prevX {
				y--
				ops = append(ops, diffOp{'+', x, y})
			} else {
				x--
				ops = append(ops, diffOp{'-', x, y})
			}
		}
	}
	for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
		ops[i], ops[j] = ops[j], ops[i]
	}
	return ops
}
