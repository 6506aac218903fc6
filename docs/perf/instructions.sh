#!/bin/sh
# Instructions per fight of every shipped example encounter, counted by
# callgrind: deterministic, unlike time on a shared machine.
#
# Each case is a sub-benchmark of one package's test binary: the example
# encounter of each ruleset and of each variant (interp BenchmarkRuleset),
# the homebrew rule files of testdata/bench/homebrew (interp
# BenchmarkHomebrew: written without the engine in mind) and the speed
# reference, as a rule file and by hand in Go (cmd/internal/cli
# BenchmarkReference{Rules,Native}; and BenchmarkReferenceFloor, the same
# procedure as a bare tree of Go closures, the floor of the design). A case runs twice under callgrind,
# with 1 and with 1+N fights (-test.benchtime 1x and (1+N)x), and
# callgrind counts only the instructions run inside the function that
# plays a fight (--toggle-collect: interp.(*Runner).Play, or the
# yardstick's nativeFighters.fight), everything it calls included. The
# first fight of a Runner also sets up its storage, so
# (I(1+N) - I(1)) / N is the cost of one fight, averaged over the seeds
# 1..N.
#
# What makes the count repeatable (to about 1% for rule-file fights, whose
# Go maps hash with a random seed per process; exactly for the Go one):
# both binaries are built without profile-guided optimisation (-pgo=off),
# so the figures do not depend on how old default.pgo is; GOGC=off leaves
# out the collector's background work, whose timing varies (allocation
# itself is counted; the benchmarks report allocs/round for the rest);
# GOMAXPROCS=1; and GODEBUG=asyncpreemptoff=1 spares callgrind the
# preemption signals it cannot follow (it aborts on them).
#
# Usage (from anywhere in the repository):
#   docs/perf/instructions.sh            every case, N=50
#   docs/perf/instructions.sh 'shock'    the cases whose name matches (grep -E;
#                                        mind that 'n=20' also matches n=200)
#   N=200 docs/perf/instructions.sh      more fights per case
#   SCALED='20|200' docs/perf/instructions.sh
#       instead, the scaled fights of interp BenchmarkScaled with that many
#       combatants a side (N=1 unless given: they are long), with the
#       instructions per combatant-round, from the combatant-rounds/fight
#       the benchmark reports. 200 a side takes minutes per ruleset.
#   MAP=200 SCALED='20|200|1000' docs/perf/instructions.sh shock
#       the same, every size on a 200x200 map (-scaled-map): the growth
#       with the combatants alone, the map's size apart.
# Output: one Markdown table row per case, "| case | instructions per fight |"
# (and "| instructions per combatant-round |" with SCALED).
set -eu
cd "$(dirname "$0")/../.."
SCALED="${SCALED:-}"
extra="" # flags of the benchmark binary
if [ -n "$SCALED" ]; then
	N="${N:-1}"
	extra="-huge" # let BenchmarkScaled play 1000 a side if asked for
	if [ -n "${MAP:-}" ]; then
		extra="$extra -scaled-map $MAP"
	fi
else
	N="${N:-50}"
fi
filter="${1:-.}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

go test -pgo=off -c -o "$tmp/interp.test" ./interp
go test -pgo=off -c -o "$tmp/fray.test" ./cmd/internal/cli

# instr DIR BIN BENCH COUNT FN: instructions callgrind counts inside the
# functions FN (a callgrind pattern) when BIN runs the benchmark BENCH
# (its full name) COUNT times.
instr() {
	out="$tmp/cg.out"
	# Anchor each level of the name: Ruleset/a must not also run Ruleset/a_b.
	pat="^$(printf '%s' "$3" | sed 's|/|$/^|g')\$"
	(cd "$1" && GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
		--toggle-collect="$5" --callgrind-out-file="$out" \
		"$2" -test.run '^$' -test.bench "$pat" -test.benchtime "${4}x" $extra >"$tmp/bench.$4.txt" 2>"$tmp/cg.err") || {
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
	(cd "$1" && "$2" -test.run '^$' -test.bench "$3" -test.benchtime 1x $extra) |
		sed -n 's/^\(Benchmark[^ 	]*\)-[0-9]*[ 	].*/\1/p; s/^\(Benchmark[^ 	-]*\)[ 	].*/\1/p'
}

# crTotal COUNT: the combatant-rounds of the run of COUNT fights (the
# benchmark reports them per fight).
crTotal() {
	awk -v n="$1" '{ for (i = 2; i <= NF; i++) if ($i == "combatant-rounds/fight") printf "%.0f\n", $(i-1) * n }' "$tmp/bench.$1.txt"
}

# measure DIR BIN PATTERN FN: a table row for each case of PATTERN.
measure() {
	dir="$1" bin="$2" pat="$3" fn="$4"
	for b in $(cases "$dir" "$bin" "$pat" | grep -E -- "$filter" || true); do
		name="${b#Benchmark}"
		one=$(instr "$dir" "$bin" "$b" 1 "$fn")
		many=$(instr "$dir" "$bin" "$b" $((N + 1)) "$fn")
		if [ "$many" -le 0 ]; then
			echo "$b: callgrind counted nothing inside $fn: was the function renamed? (change it at the end of $0)" >&2
			exit 1
		fi
		if [ -n "$SCALED" ]; then
			cr=$(echo "$(crTotal $((N + 1))) - $(crTotal 1)" | bc)
			if [ "$cr" -le 0 ]; then
				# The fights measured ended before a round was played
				# (eleven_phases' seed 1 does): more fights give a figure.
				echo "| $name | $(( (many - one) / N )) | – (no rounds: raise N) |"
			else
				echo "| $name | $(( (many - one) / N )) | $(echo "($many - $one) / $cr" | bc) |"
			fi
		else
			echo "| $name | $(( (many - one) / N )) |"
		fi
	done
}
if [ -n "$SCALED" ]; then
	echo "| case | instructions per fight | instructions per combatant-round |"
	echo "|---|---:|---:|"
	measure interp "$tmp/interp.test" "^BenchmarkScaled\$/^/^n=($SCALED)\$" '*Runner).Play'
	exit 0
fi
echo "| case | instructions per fight |"
echo "|---|---:|"
measure interp "$tmp/interp.test" '^BenchmarkRuleset$/' '*Runner).Play'
measure interp "$tmp/interp.test" '^BenchmarkHomebrew$/' '*Runner).Play'
measure cmd/internal/cli "$tmp/fray.test" '^BenchmarkReferenceRules$' '*Runner).Play'
measure cmd/internal/cli "$tmp/fray.test" '^BenchmarkReferenceNative$' '*nativeFighters).fight'
measure cmd/internal/cli "$tmp/fray.test" '^BenchmarkReferenceFloor$' '*floorEnv).fight'
