#!/bin/sh
# Instructions per fight of every shipped example encounter, counted by
# callgrind: deterministic, unlike time on a shared machine.
#
# Each case is a sub-benchmark of one package's test binary: the example
# encounter of each ruleset and of each variant (interp BenchmarkRuleset)
# and the speed reference, as a rule file and by hand in Go (cmd/fray
# BenchmarkReference{Rules,Native}). A case runs twice under callgrind,
# with 1 and with 1+N fights (-test.benchtime 1x and (1+N)x): set-up
# (process start, parsing, lowering, the Runner) is the same in both, so
# (I(1+N) - I(1)) / N is the cost of one fight, averaged over the seeds
# 1..N. Both binaries are built without profile-guided optimisation
# (-pgo=off), so the figures do not depend on how old default.pgo is.
# GOMAXPROCS=1 keeps the garbage collector on the benchmark's thread, and
# GODEBUG=asyncpreemptoff=1 spares callgrind the preemption signals it
# cannot follow (it aborts on them).
#
# Usage (from anywhere in the repository):
#   docs/perf/instructions.sh            every case, N=50
#   docs/perf/instructions.sh 'shock'    the cases whose name matches (grep -E)
#   N=200 docs/perf/instructions.sh      more fights per case
# Output: one Markdown table row per case, "| case | instructions per fight |".
set -eu
cd "$(dirname "$0")/../.."
N="${N:-50}"
filter="${1:-.}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

go test -pgo=off -c -o "$tmp/interp.test" ./interp
go test -pgo=off -c -o "$tmp/fray.test" ./cmd/fray

# instr DIR BIN BENCH COUNT: instructions callgrind counts for the whole
# process when BIN runs the benchmark BENCH (its full name) COUNT times.
instr() {
	out="$tmp/cg.out"
	# Anchor each level of the name: Ruleset/a must not also run Ruleset/a_b.
	pat="^$(printf '%s' "$3" | sed 's|/|$/^|g')\$"
	(cd "$1" && GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
		"$2" -test.run '^$' -test.bench "$pat" -test.benchtime "${4}x" >/dev/null 2>"$tmp/cg.err") || {
		echo "callgrind failed on $3:" >&2
		tail -n 20 "$tmp/cg.err" >&2
		exit 1
	}
	sed -n 's/^\(summary\|totals\): *//p' "$out" | head -n 1
	rm -f "$out"
}

# cases DIR BIN PATTERN: the benchmark names PATTERN selects, by a quick
# run of one fight each (no valgrind).
cases() {
	(cd "$1" && "$2" -test.run '^$' -test.bench "$3" -test.benchtime 1x) |
		sed -n 's/^\(Benchmark[^ 	]*\)-[0-9]*[ 	].*/\1/p; s/^\(Benchmark[^ 	-]*\)[ 	].*/\1/p'
}

echo "| case | instructions per fight |"
echo "|---|---:|"
measure() {
	dir="$1" bin="$2" pat="$3"
	for b in $(cases "$dir" "$bin" "$pat" | grep -E -- "$filter" || true); do
		name="${b#Benchmark}"
		one=$(instr "$dir" "$bin" "$b" 1)
		many=$(instr "$dir" "$bin" "$b" $((N + 1)))
		echo "| $name | $(( (many - one) / N )) |"
	done
}
measure interp "$tmp/interp.test" '^BenchmarkRuleset$/'
measure cmd/fray "$tmp/fray.test" '^BenchmarkReference(Rules|Native)$'
