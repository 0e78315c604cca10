#!/bin/sh
# A write or flush that fails (a full disk: /dev/full) is exit 2 with one
# line on stderr that says why, in every command, to stdout and to files.
# Usage: full_disk_test.sh <perft> <work dir>
set -u
perft=$1 dir=$2
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1
printf 'eximo; start; D1 40; id start; src RULES.md\n' > suite.perft
"$perft" split eximo --depth 3 --at 1 --out units.jsonl || exit 1
"$perft" units units.jsonl --out shard.jsonl || exit 1
fail=0
expect_full() {  # <what> <command...>: its output goes to /dev/full
  what=$1
  shift
  status=0
  "$@" > /dev/full 2> err.txt < /dev/null || status=$?
  lines=$(wc -l < err.txt)
  if [ "$status" != 2 ] || [ "$lines" != 1 ] || ! grep -q 'cannot write' err.txt ||
    ! grep -q 'No space left on device' err.txt; then
    echo "FAIL: $what: exit $status, stderr:"; cat err.txt; fail=1
  else
    echo "ok   $what: $(cat err.txt)"
  fi
}
expect_full "count" "$perft" eximo --depth 2
expect_full "count --json" "$perft" eximo --depth 2 --json
expect_full "count --divide" "$perft" eximo --depth 1 --divide
expect_full "show" "$perft" show emergo
expect_full "play" "$perft" play eximo --plies 3
expect_full "compare" "$perft" compare eximo --depth 1
expect_full "diff" "$perft" diff eximo eximo:drops=optional --depth 1
expect_full "suite" "$perft" suite suite.perft
expect_full "split" "$perft" split eximo --depth 3 --at 1
expect_full "units" "$perft" units units.jsonl
expect_full "merge" "$perft" merge shard.jsonl
expect_full "help" "$perft" --help
expect_full "serve" sh -c "printf 'game eximo\ndivide 1\nquit\n' | '$perft' serve eximo"
expect_full "verify" "$perft" verify eximo --engine "'$perft' serve eximo"
# Output files on a full disk.
expect_full "split --out" "$perft" split eximo --depth 3 --at 1 --out /dev/full
expect_full "units --out" "$perft" units units.jsonl --out /dev/full
expect_full "diff --report" "$perft" diff eximo eximo:drops=optional --depth 1 --report /dev/full
expect_full "verify --report" "$perft" verify eximo --engine "'$perft' serve eximo" --report /dev/full
[ "$fail" = 0 ] && echo "ok"
exit $fail
