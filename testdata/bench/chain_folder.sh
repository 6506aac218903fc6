#!/bin/sh
# chain_folder.sh DIR N K writes a folder of one chain of variants:
# DIR/base.fray and DIR/v1.fray .. DIR/vN.fray, each extending the one
# before and adding K constants that read the file before's. The folder
# of docs/hostile.md's figures for `fray lint DIR` (a folder of one chain
# of large variants): N = 16, 32, 64 and K = 3000 (64: 6 MB). The tests
# write smaller ones (dsl/check's writeConstChain).
set -e
dir=$1 n=$2 k=$3
if [ -z "$dir" ] || [ -z "$n" ] || [ -z "$k" ]; then
	echo "usage: chain_folder.sh DIR N K" >&2
	exit 2
fi
mkdir -p "$dir"
awk -v n="$n" -v k="$k" -v dir="$dir" 'BEGIN {
	f = dir "/base.fray"
	print "ruleset \"base\" { source \"x\" }\n\ncombatant {\n  hp: int = 1\n}\n\nphase p each round {\n  log \"p\"\n}\n\nend when round > 1\n" > f
	for (j = 0; j < k; j++) printf "const c0_%d = %d\n", j, j > f
	close(f)
	for (i = 1; i <= n; i++) {
		f = dir "/v" i ".fray"
		prev = (i == 1) ? "base" : "v" (i - 1)
		printf "ruleset \"v%d\" {\n  extends \"%s.fray\"\n}\n\n", i, prev > f
		for (j = 0; j < k; j++) printf "const c%d_%d = c%d_%d + %d\n", i, j, i - 1, j, j > f
		close(f)
	}
}'
