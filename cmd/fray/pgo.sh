#!/bin/sh
# Regenerates default.pgo, the CPU profile that go build and go install of
# this package apply (profile-guided optimisation; the benchmarks of fray
# as shipped, in cmd/internal/cli, take it with -pgo=cmd/fray/default.pgo). The
# profile is what fray spends its time on: the example fights of every
# ruleset of rules/ and of every variant of rules/variants/ (fray run,
# fray sim), the homebrew rulesets of testdata/bench/homebrew (written
# without the engine in mind), the same rulesets with 20 and 200 combatants a side
# (BenchmarkScaled: big fights, and the grid on large maps), fray lint, the
# parser, fray prob's exact distributions and the grid functions on 50x50
# and 200x200 maps. It is NOT trained on the speed reference
# (testdata/bench/reference.fray: BenchmarkReference*, BenchmarkSimWorkers):
# that is the benchmark the build is judged by, and a profile made from it
# would flatter it. Each is profiled from a build
# without the profile (-pgo=off), so that the old profile does not shape
# the new.
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

prof interp interp -test.bench '^BenchmarkRuleset$|^BenchmarkHomebrew$|^BenchmarkLintRules$' -test.benchtime 1s
prof interp scaled -test.bench '^BenchmarkScaled$/^/^n=(20|200)$' -test.benchtime 1x
prof cmd/internal/cli fray -test.bench '^BenchmarkLintCommand$' -test.benchtime 2s
prof stdlib stdlib -test.bench '^Benchmark(Dist10d6|Cover|Step|PathLength)$' -test.benchtime 500ms
prof dsl/syntax syntax -test.bench 'ParseRules' -test.benchtime 1s
go tool pprof -proto "$tmp"/*.pprof >"$tmp/default.pgo"
mv "$tmp/default.pgo" cmd/fray/default.pgo
echo "cmd/fray/default.pgo: $(wc -c <cmd/fray/default.pgo) bytes"
