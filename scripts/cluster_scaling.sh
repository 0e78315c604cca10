#!/bin/sh
# Simulates W single-thread workers on one machine: splits, runs the W shards
# one after another with --threads 1 and takes each shard's CPU time (user +
# system, /usr/bin/time); the cluster time is the largest. Prints, per W, the
# largest and the summed shard time and their ratio to the one-thread count
# (`perft SPEC --depth N --threads 1`), and checks every merge against it.
# Each shard's time is kept in DIR/times-W.txt ("i seconds" lines).
# Usage: cluster_scaling.sh PERFT SPEC DEPTH AT "W..." [DIR]
# (AT: a ply or auto; extra options for perft units in UNITS_ARGS; JOBS:
# shards run at once, default 1; needs GNU parallel).
set -eu
perft=$1 spec=$2 depth=$3 at=$4 ws=$5 dir=${6:-$(mktemp -d)}
mkdir -p "$dir" && cd "$dir"
cpu() {  # CPU seconds of a command, its stdout to $out
  /usr/bin/time -f '%U %S' -o time.txt "$@" > out.txt
  awk '{ printf "%.2f", $1 + $2 }' time.txt
}
t1=$(cpu "$perft" "$spec" --depth "$depth" --threads 1)
direct=$(sed 's/ nodes in .*//' out.txt)
ts=$(cpu "$perft" split "$spec" --depth "$depth" --at "$at" --out units.jsonl)
units=$(head -1 units.jsonl | sed 's/.*"units": \([0-9]*\).*/\1/')
k=$(head -1 units.jsonl | sed 's/.*"at": \([0-9]*\).*/\1/')
echo "$spec D$depth: one thread $t1 s ($direct); split --at $at: ply $k, $units units, $ts s"
echo "| W | largest shard (s) | sum of shards (s) | T1/W (s) | largest / (T1/W) |"
echo "|---|---|---|---|---|"
for w in $ws; do
  max=0 sum=0 i=0
  rm -f shard*.jsonl "times-$w.txt" shard-time*.txt
  # JOBS > 1 runs that many shards at once (GNU parallel): each is still timed
  # alone, in CPU seconds, so only the wall time of the whole run changes.
  seq 0 $((w - 1)) | parallel -j "${JOBS:-1}" \
    "/usr/bin/time -f '%U %S' -o shard-time{}.txt '$perft' units units.jsonl --shard {}/$w --threads 1 ${UNITS_ARGS:-} --out shard{}.jsonl > /dev/null"
  while [ "$i" -lt "$w" ]; do
    t=$(awk '{ printf "%.2f", $1 + $2 }' "shard-time$i.txt")
    echo "$i $t" >> "times-$w.txt"  # each shard's CPU seconds
    max=$(echo "$max $t" | awk '{ print ($2 > $1) ? $2 : $1 }')
    sum=$(echo "$sum $t" | awk '{ print $1 + $2 }')
    i=$((i + 1))
  done
  merged=$("$perft" merge shard*.jsonl 2>/dev/null)
  [ "$merged" = "$direct" ] || { echo "W=$w: merged '$merged', direct '$direct'"; exit 1; }
  echo "$w $max $sum $t1" | awk '{ printf "| %d | %.2f | %.2f | %.2f | %.2f |\n", $1, $2, $3, $4 / $1, $2 / ($4 / $1) }'
done
