// Command fray lints and runs tabletop combat procedures written as data.
// Its code and tests are in internal/cli: a main package's tests are
// built with its default.pgo, so that go test ./... compiled every
// package twice, with the profile and without; go build and go install
// of this package still apply the profile.
package main

import (
	"os"

	"github.com/frayrules/fray/cmd/fray/internal/cli"
)

// default.pgo, the profile go build applies to fray, is made by pgo.sh.
//go:generate sh pgo.sh

// The build stamps. A release build sets them with
//
//	-ldflags "-X main.version=v1.2.3 -X main.commit=<sha> -X main.date=<RFC 3339>"
//
// (see scripts in .ci/release and .goreleaser.yaml); cli.Main falls back
// to the toolchain's record of the build for those left empty.
var (
	version = "dev"
	commit  = ""
	date    = ""
)

func main() { os.Exit(cli.Main(cli.Stamps{Version: version, Commit: commit, Date: date})) }
