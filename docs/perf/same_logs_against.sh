#!/bin/sh
# Whether this tree's rule files and engine play the same logs as another
# commit's: docs/perf/same_logs.sh run in both (fray run of every encounter
# under testdata/ whose rules line matches PATTERN, SEEDS seeds, text and
# JSON, exit statuses), compared byte for byte. The other tree is the
# commit's files (git archive), built with its own go.mod; the script of
# this tree plays both, so the two runs differ only in what they play.
#
#   docs/perf/same_logs_against.sh main 'stress|shock'
#
# Exit status 0: identical; 1: they differ (the first differing lines are
# shown); 2: usage.
set -eu
rev="${1:-}"
pattern="${2:-}"
if [ -z "$rev" ] || [ -z "$pattern" ]; then
	echo "usage: same_logs_against.sh REV RULES-PATTERN" >&2
	exit 2
fi
root="$(git rev-parse --show-toplevel)"
script="$root/docs/perf/same_logs.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/old"
git -C "$root" archive "$rev" | tar -x -C "$tmp/old"
# same_logs.sh finds its tree with git: make the copy a repository.
git -C "$tmp/old" init -q
(cd "$tmp/old" && "$script" "$pattern") >"$tmp/old.txt"
(cd "$root" && "$script" "$pattern") >"$tmp/new.txt"
runs=$(grep -c '^=== exit' "$tmp/new.txt" || true)
if cmp -s "$tmp/old.txt" "$tmp/new.txt"; then
	echo "same logs: $runs runs of '$pattern' encounters, $rev and this tree"
	exit 0
fi
echo "the logs differ from $rev's ($runs runs of '$pattern' encounters):"
diff "$tmp/old.txt" "$tmp/new.txt" | head -n 40
exit 1
