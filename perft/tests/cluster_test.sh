#!/bin/sh
# perft split -> units (3 shards under GNU parallel) -> merge equals the direct
# count; a missing shard or a shard given twice makes merge exit 1.
# Usage: cluster_test.sh <perft> <parallel> <work dir>
set -eu
perft=$1 parallel=$2 dir=$3
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir"

check() {  # <spec> <depth> <at>
  rm -f shard*.jsonl  # units resumes its --out: a file of another set is refused
  "$perft" split "$1" --depth "$2" --at "$3" --out units.jsonl
  "$parallel" --halt now,fail=1 "$perft" units units.jsonl --shard {}/3 --threads 1 \
    --out shard{}.jsonl ::: 0 1 2
  merged=$("$perft" merge shard0.jsonl shard1.jsonl shard2.jsonl)
  direct=$("$perft" "$1" --depth "$2" --hash 0 --threads 1 | sed 's/ nodes in .*//')
  echo "$1 D$2 at $3: merged '$merged', direct '$direct'"
  [ "$merged" = "$direct" ] || { echo "FAIL: merged total differs"; exit 1; }
}

check eximo 4 2
check emergo:size=7 5 3
check meridians:size=6 3 1
check emergo 5 auto  # classes 3 plies above the leaves, no table in the shards

# A gap and a duplicate are errors (exit 1), not a smaller or bigger total.
status=0
"$perft" merge shard0.jsonl shard2.jsonl > /dev/null || status=$?
[ "$status" = 1 ] || { echo "FAIL: a missing shard gave exit $status"; exit 1; }
status=0
"$perft" merge shard0.jsonl shard1.jsonl shard2.jsonl shard1.jsonl > /dev/null || status=$?
[ "$status" = 1 ] || { echo "FAIL: a duplicate shard gave exit $status"; exit 1; }
# A changed units file is refused (its checksum no longer matches).
sed -i '2s/"multiplicity": [0-9]*/"multiplicity": 99/' units.jsonl
status=0
"$perft" units units.jsonl --shard 0/3 > /dev/null 2>&1 || status=$?
[ "$status" = 2 ] || { echo "FAIL: a changed units file gave exit $status"; exit 1; }
echo "ok"
