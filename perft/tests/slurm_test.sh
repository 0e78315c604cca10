#!/usr/bin/env bash
# A real Slurm run (CTest cluster_slurm_job_array, label cluster, ./dev.sh
# cluster; docs/cluster.md, "Slurm"): scripts/slurm_local.sh starts a
# one-node Slurm, `perft split` cuts a count into units,
# scripts/perft_units.sbatch counts them as a job array (polled with squeue,
# at most PERFT_SLURM_TIMEOUT seconds, default 300), `perft merge` adds the
# shards, and the total must equal the direct count. The daemons are stopped
# at the end, on a failure too. Needs root and Debian's slurm-wlm and munge.
# Usage: slurm_test.sh <perft> <source dir> <work dir> [spec depth at shards]
set -euo pipefail
[ $# -eq 3 ] || [ $# -eq 7 ] || {
  echo "usage: slurm_test.sh <perft> <source dir> <work dir> [spec depth at shards]" >&2
  exit 2
}
perft=$(realpath "$1")
src=$(realpath "$2")
work=$3
spec=${4:-eximo} depth=${5:-6} at=${6:-2} shards=${7:-4}
wait_s=${PERFT_SLURM_TIMEOUT:-300}

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f s", b - a }'; }

slurm_local=$src/scripts/slurm_local.sh
mkdir -p "$work"
work=$(cd "$work" && pwd)
# Daemons left by an earlier run that was killed (CTest's timeout) first.
"$slurm_local" stop "$work/slurm"
rm -rf "$work"
mkdir -p "$work/job"
trap '"$slurm_local" stop "$work/slurm"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

t0=$(now)
"$slurm_local" start "$work/slurm" || fail "Slurm did not start (the line above says why)"
export SLURM_CONF=$work/slurm/slurm.conf
t1=$(now)

cd "$work/job"
"$perft" split "$spec" --depth "$depth" --at "$at" --out units.jsonl
units=$(($(wc -l <units.jsonl) - 1))
t2=$(now)

# The job array, one task per shard, each on one CPU: the #SBATCH defaults
# (8 CPUs, 16 GB) are for a real cluster's nodes.
export PERFT=$perft PERFT_RESULTS=results
job=$(sbatch --parsable --array="0-$((shards - 1))" --cpus-per-task=1 --mem=256M --time=10 \
  "$src/scripts/perft_units.sbatch" units.jsonl "$shards") ||
  fail "sbatch did not take the job array (the line above says why)"
job=${job%%;*}
# Each task's state and exit code, from the controller (it keeps finished
# jobs for MinJobAge, 300 s).
tasks() {
  scontrol show job "$job" 2>/dev/null | awk '
    { for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
    /ExitCode=/ { print "task " v["ArrayTaskId"] " " v["JobState"] " " v["ExitCode"] }' |
    sort -n -k 2 | paste -s -d ';' | sed 's/;/, /g'
}
# Wait by polling squeue each second: sbatch --wait polls after 2, 8 and then
# every 32 s, so it saw an array that ended 10 s after submission 42 s late.
while [ -n "$(squeue -h -j "$job" -o %i 2>/dev/null)" ]; do
  if awk -v a="$t2" -v b="$(now)" -v w="$wait_s" 'BEGIN { exit !(b - a > w) }'; then
    summary=$(tasks)
    scancel "$job" 2>/dev/null || true
    fail "job array $job not done after $wait_s s (PERFT_SLURM_TIMEOUT): $summary"
  fi
  sleep 1
done
t3=$(now)
summary=$(tasks)
if [ -z "$summary" ] || [ -n "$(echo "$summary" | tr ',' '\n' | grep -v 'COMPLETED 0:0$')" ]; then
  for log in perft-units-"$job"_*.log; do
    [ -f "$log" ] && tail -n 3 "$log" | sed "s/^/  $log | /" >&2
  done
  fail "job array $job failed: ${summary:-no task known to scontrol}"
fi

n=$(find results -name 'shard-*.jsonl' | wc -l)
[ "$n" -eq "$shards" ] || fail "job array $job wrote $n of $shards shards in $work/job/results"
merged=$("$perft" merge results/shard-*.jsonl)
t4=$(now)
direct_line=$("$perft" "$spec" --depth "$depth")
t5=$(now)
direct=${direct_line%% nodes in *}

echo "$spec D$depth split at $at: $units units in $shards shards, job array $job ($summary)"
echo "Slurm merged '$merged': Slurm start $(secs "$t0" "$t1"), split $(secs "$t1" "$t2"), job array $(secs "$t2" "$t3") (submit to last task done), merge $(secs "$t3" "$t4")"
echo "direct       '$direct': $(secs "$t4" "$t5") ($direct_line)"
[ "$merged" = "$direct" ] || fail "the Slurm-merged total '$merged' differs from the direct count '$direct'"
echo "ok"
