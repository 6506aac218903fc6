#!/bin/sh
# Regenerates default.pgo, the CPU profile that go build, go install and
# go test of this package apply (profile-guided optimisation). The
# profile is what fray spends its time on: fights of every ruleset's
# example and of the speed reference (fray run, fray sim), fray sim's
# workers, fray lint, the parser and fray prob's exact distributions;
# and the hand-written reference procedure, so that the yardstick of
# docs/performance.md is built with the same care as the rule file.
# Each is profiled from a build without the profile (-pgo=off), so that
# the old profile does not shape the new.
#
# Run it with `go generate ./cmd/fray` after a change to the interpreter
# or the parser, and commit default.pgo with the change.
set -eu
cd "$(dirname "$0")/../.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# prof PKG NAME FLAGS...: the CPU profile of PKG's benchmarks FLAGS select.
prof() {
	pkg="$1" name="$2"
	shift 2
	go test -pgo=off -c -o "$tmp/$name.test" "./$pkg"
	(cd "$pkg" && "$tmp/$name.test" -test.run '^$' -test.cpuprofile "$tmp/$name.pprof" "$@" >/dev/null)
}

prof interp interp -test.bench 'Ruleset|LintRules|SimWorkers' -test.benchtime 1s
prof cmd/fray fray -test.bench 'Reference(Rules|Native)$|LintCommand' -test.benchtime 2s
prof stdlib stdlib -test.bench 'Dist10d6' -test.benchtime 500ms
prof dsl dsl -test.bench 'ParseRules' -test.benchtime 1s
go tool pprof -proto "$tmp"/*.pprof >"$tmp/default.pgo"
mv "$tmp/default.pgo" cmd/fray/default.pgo
echo "cmd/fray/default.pgo: $(wc -c <cmd/fray/default.pgo) bytes"
