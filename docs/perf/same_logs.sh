#!/bin/sh
# The logs of fray run on every encounter under testdata/ that names a rule
# file matching PATTERN, at the seeds 1..SEEDS (40 unless given), text and
# JSON, with the exit status of each run: one stream on standard output.
# Run it on two trees (before and after a rewrite of a rule file or of the
# engine) and compare the outputs byte for byte:
#
#   docs/perf/same_logs.sh eleven_phases > /tmp/after.txt
#   (cd /path/to/old/tree && /path/to/this/script eleven_phases) > /tmp/before.txt
#   cmp /tmp/before.txt /tmp/after.txt
#
# The script plays the files of the tree it is run in (the current
# directory's repository), with a fray built from that tree. An encounter
# with a fixed list of dice (a dice line) is played once: the seed does not
# reach it. A rule file is matched on the encounter's rules line, so
# 'crucible' also selects the variants that extend crucible_of_souls.
set -eu
pattern="${1:?usage: same_logs.sh RULES-PATTERN (grep -E, matched on the encounter's rules line)}"
SEEDS="${SEEDS:-40}"
root="$(git rev-parse --show-toplevel)"
cd "$root"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/fray" ./cmd/fray

for f in $(grep -rlE "^[[:space:]]*rules[[:space:]]+\".*($pattern)[^/\"]*\\.fray\"" testdata --include='*.fray' | sort); do
	grep -q '^encounter' "$f" || continue
	seeds=$(seq 1 "$SEEDS")
	if grep -qE '^[[:space:]]*dice[[:space:]]' "$f"; then
		seeds=1
	fi
	for s in $seeds; do
		for format in text json; do
			echo "=== $f seed $s $format"
			status=0
			"$tmp/fray" run --seed "$s" --format "$format" "$f" 2>&1 || status=$?
			echo "=== exit $status"
		done
	done
done
