// Command fray lints and runs tabletop combat procedures written as data.
// Its code and tests are in cmd/internal/cli. go build and go install of
// this package apply its default.pgo; go.mod ignores this folder, so that
// go test ./... does not compile the package and everything it imports a
// second time with the profile (a third of the compiles of a cold go test
// ./...). CI builds and vets it by name.
package main

import (
	"os"

	"github.com/frayrules/fray/cmd/internal/cli"
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
