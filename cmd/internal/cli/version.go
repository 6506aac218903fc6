package cli

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// Stamps are the build stamps a release build sets in package main
// (cmd/fray/main.go) with -ldflags -X. A build without them falls back
// to what the Go toolchain recorded in the binary: the module version for
// `go install github.com/frayrules/fray/cmd/fray@v1.2.3`, and the commit
// and its time for a build inside a git checkout.
type Stamps struct {
	Version, Commit, Date string
}

// build is the stamps Main was given.
var build = Stamps{Version: "dev"}

// buildInfo is what `fray version` reports.
type buildInfo struct {
	Version  string `json:"version"`
	Commit   string `json:"commit"`
	Date     string `json:"date"`
	Modified bool   `json:"modified,omitempty"` // built from a checkout with uncommitted changes
	Go       string `json:"go"`
	Platform string `json:"platform"`
}

// currentBuild combines the ldflags stamps with the toolchain's record.
func currentBuild() buildInfo {
	bi, _ := debug.ReadBuildInfo()
	return resolveBuild(build.Version, build.Commit, build.Date, bi)
}

// resolveBuild prefers each stamp given by -ldflags and otherwise reads
// the binary's build info: the main module's version (set by go install
// pkg@version; "(devel)" for a local build) and the vcs settings go build
// records in a git checkout.
func resolveBuild(ver, com, dat string, bi *debug.BuildInfo) buildInfo {
	out := buildInfo{Version: ver, Commit: com, Date: dat, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi == nil {
		return fillUnknown(out)
	}
	if bi.GoVersion != "" {
		out.Go = bi.GoVersion
	}
	if out.Version == "dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		out.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			if out.Commit == "" {
				out.Commit = s.Value
			}
		case "vcs.time":
			if out.Date == "" {
				out.Date = s.Value
			}
		case "vcs.modified":
			// Only meaningful when the commit came from the same record.
			out.Modified = s.Value == "true" && com == ""
		}
	}
	return fillUnknown(out)
}

func fillUnknown(b buildInfo) buildInfo {
	if b.Commit == "" {
		b.Commit = "unknown"
	}
	if b.Date == "" {
		b.Date = "unknown"
	}
	return b
}

// short is the one line `fray --version` prints.
func (b buildInfo) short() string {
	c := b.Commit
	if len(c) > 12 {
		c = c[:12]
	}
	if b.Modified {
		c += "+modified"
	}
	return fmt.Sprintf("%s (commit %s, built %s, %s, %s)", b.Version, c, b.Date, b.Go, b.Platform)
}

func newVersionCmd(stdout io.Writer) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print fray's version, commit, build date and Go version",
		Long: `version prints the release fray was built from: its version, the commit,
the build date, the Go version and the platform. A release build has them
stamped; a build with go install reports the module version, and a build
in a git checkout the commit and its time.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			b := currentBuild()
			switch format {
			case "json":
				return writeJSON(stdout, b)
			case "text":
				commit := b.Commit
				if b.Modified {
					commit += " (modified)"
				}
				fmt.Fprintf(stdout, "fray %s\ncommit:   %s\nbuilt:    %s\ngo:       %s\nplatform: %s\n", b.Version, commit, b.Date, b.Go, b.Platform)
				return nil
			}
			return usageErr("--format must be text or json, not %q", format)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}
