#!/usr/bin/env bash
# The mutation runner (docs/testing.md): applies each mutant of
# tests/mutants/<group>/<id>.patch to a scratch copy of the sources, rebuilds
# incrementally and runs the default tests, cheapest first, stopping at the
# first failure. Prints one line per mutant and a score.
#
#   tests/mutants/run.sh [--survivors] [regex over <group>/<id>]
#
# The scratch copy (build-mutants/src) and its Check build (build-mutants/build,
# ccache, no benchmarks) are reused across mutants and runs, so a mutant only
# recompiles what its patch touches. Stages, each built just before it runs:
#   1. the game's unit tests (engine and reference; perft's for group perft)
#   2. the game's fixture suites and golden playthroughs (the perft tool)
#   3. the properties (RapidCheck) whose names mention the game
#   4. every other default test (ctest --label-exclude slow), clang_format
#      excepted (a mutant is not formatted), benchmarks_smoke (not built here)
#      and the fixture tests stage 2 already ran.
# A mutant whose header says EQUIVALENT is expected to survive: it is reported
# as equivalent, and as an error if some test kills it. A result is kept in
# build-mutants/results/ under the hash of the patch and of the sources, so a
# rerun on unchanged sources only repeats what changed. --survivors reruns
# only the mutants that survived last time. build-mutants/times.tsv logs each
# mutant run: its seconds per build (b1..b4) and test step (t1..t4).
set -uo pipefail
ROOT=${ARB_MUTANTS_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
WORK=${ARB_MUTANTS_DIR:-$ROOT/build-mutants}
SRC=$WORK/src
BUILD=$WORK/build
CACHE=$WORK/results
JOBS=${JOBS:-$(nproc)}
TIMEOUT=${ARB_MUTANT_TIMEOUT:-600}  # a hang counts as killed (timeout)

only_survivors=0
if [ "${1:-}" = "--survivors" ]; then
  only_survivors=1
  shift
fi
filter=${1:-.}
if [ $# -gt 1 ] || [[ "$filter" == -* ]]; then
  echo "usage: tests/mutants/run.sh [--survivors] [regex over <group>/<id>]" >&2
  exit 2
fi

mkdir -p "$SRC" "$CACHE"
export CCACHE_DIR=${CCACHE_DIR:-$WORK/ccache}

# The sources under test: the tracked files as they are now (committed or
# not; a new file must be `git add`ed), frozen once per run in SNAPSHOT, so
# that editing the tree during a run changes nothing.
SNAPSHOT=$WORK/snapshot
# ARB_MUTANTS_COMMIT=<commit> tests that commit instead (e.g. to reuse a baseline).
commit=${ARB_MUTANTS_COMMIT:-$(cd "$ROOT" && git stash create)}
commit=${commit:-$(cd "$ROOT" && git rev-parse HEAD)}
echo "== sources of $commit" >&2
rm -rf "$SNAPSHOT"
mkdir -p "$SNAPSHOT"
(cd "$ROOT" && git archive --format=tar "$commit") | tar -x -C "$SNAPSHOT"

# Copies the snapshot over the scratch copy; only files whose content differs
# are rewritten (rsync -c without -t), so ninja rebuilds only what changed.
sync_sources() {
  rsync -rc --delete --exclude=/build "$SNAPSHOT"/ "$SRC"/
}

# The sources' hash, mutants excepted: a result is reused only on the same one.
sources_hash() {
  (cd "$ROOT" && git ls-tree -r "$commit" | grep -v '	tests/mutants/' | sha256sum | cut -c1-16)
}

build() {  # build <log> [targets...]
  local log=$1
  shift
  if [ $# -gt 0 ]; then
    cmake --build "$BUILD" -j "$JOBS" --target "$@" >>"$log" 2>&1
  else
    cmake --build "$BUILD" -j "$JOBS" >>"$log" 2>&1
  fi
}

# Runs gtest programs, stopping at the first failure; prints the failed test.
run_gtests() {  # run_gtests <log> <gtest filter> <programs...>
  local log=$1 gfilter=$2
  shift 2
  for exe in "$@"; do
    [ -x "$BUILD/tests/$exe" ] || continue
    if ! timeout "$TIMEOUT" "$BUILD/tests/$exe" --gtest_brief=1 --gtest_fail_fast \
        --gtest_filter="$gfilter" >>"$log" 2>&1; then
      local t
      t=$(grep -m1 -oE '^\[  FAILED  \] [A-Za-z0-9_./]+' "$log" | sed 's/^\[  FAILED  \] //')
      echo "$exe: ${t:-crashed or timed out}"
      return 1
    fi
  done
}

run_ctest() {  # run_ctest <log> <ctest options...>
  local log=$1
  shift
  # With -I (stage 4's list of test numbers, slow ones already left out) no
  # --label-exclude: ctest 3.25 applies -I's numbers to the list left after the
  # exclusion, so every number past the first slow test named another test
  # (ci_junit, the conformance tests... were never run there).
  local exclude
  exclude=(--label-exclude slow)
  [ "${1:-}" = "-I" ] && exclude=()
  if ! (cd "$BUILD" && ctest "${exclude[@]}" --stop-on-failure --timeout "$TIMEOUT" \
      -j "$JOBS" "$@") >>"$log" 2>&1; then
    local t
    t=$(grep -m1 -E '\*\*\*(Failed|Exception|Timeout)|Not Run|Failed  ' "$log" |
        sed -E 's/.*Test +#[0-9]+: ([^ ]+).*/\1/')
    echo "ctest: ${t:-?}"
    return 1
  fi
}

# step <log> <name> <command...>: runs the command and notes its time in the
# log ("== <name> <seconds> s"), for the time log (b1 = build of stage 1, t1 =
# its tests, ...).
step() {
  local log=$1 name=$2 t0=$SECONDS rc
  shift 2
  "$@"
  rc=$?
  echo "== $name $((SECONDS - t0)) s" >>"$log"
  return $rc
}

# The numbers of the tests stage 4 runs (comma-separated, for ctest -I): every
# default test (labels `slow` and `package`, clang_format and benchmarks_smoke
# excepted: the package tests rebuild a consumer, 25 s, and count what
# fixture.* already counts) that
# stages 1-3 did not already run on this mutant. A patch that touches only
# engine/<g>/ and reference/<g>/ cannot change a test about other games only, so
# then tests whose names mention another game and not <g> are left out too.
stage4_tests() {  # stage4_tests <group> <game_only>
  (cd "$BUILD" && ctest --show-only=json-v1) | python3 -c '
import fnmatch, json, os, sys
group, game_only, games = sys.argv[1], sys.argv[2] == "1", sys.argv[3].split()
if group == "perft":
    stage1, stage3 = {"perft_test", "compare_test"}, []
    stage2 = ("fixture.", "playthrough.")
else:
    stage1 = {f"reference_{group}_test", f"engine_{group}_test"}
    stage3 = ["*" + group.capitalize() + "*", "*" + group + "*"]  # as run_gtests
    stage2 = (f"fixture.{group}", f"playthrough.{group}")
out = []
for number, test in enumerate(json.load(sys.stdin)["tests"], 1):
    name, command = test["name"], test.get("command") or [""]
    labels = [v for p in test.get("properties", []) if p["name"] == "LABELS" for v in p["value"]]
    program = os.path.basename(command[0])
    gtest = next((a.split("=", 1)[1] for a in command if a.startswith("--gtest_filter=")), "")
    if "slow" in labels or "package" in labels or name in ("clang_format", "benchmarks_smoke"):
        continue
    if program in stage1 or name.startswith(stage2):
        continue
    if program == "properties_test" and any(fnmatch.fnmatchcase(gtest, g) for g in stage3):
        continue
    lower = name.lower()
    if game_only and group not in lower and any(g in lower for g in games if g != group):
        continue
    out.append(str(number))
print(",".join(out))
' "$1" "$2" "$(cd "$ROOT/tests/mutants" && ls -d */ | tr -d / | grep -vx perft | tr '\n' ' ')"
}

# Stages of one game; prints "<stage> <what killed it>" and returns 1 when killed.
# Each stage builds only the programs it runs.
stages() {  # stages <group> <log> <game_only: 1 if the patch touches only that game's folders>
  local group=$1 log=$2 game_only=$3 Game killer
  Game="$(tr '[:lower:]' '[:upper:]' <<<"${group:0:1}")${group:1}"
  if [ "$group" = perft ]; then
    step "$log" b1 build "$log" perft_test compare_test || return 2
    killer=$(step "$log" t1 run_gtests "$log" '*' perft_test compare_test) || { echo "1 $killer"; return 1; }
    step "$log" b2 build "$log" perft || return 2
    killer=$(step "$log" t2 run_ctest "$log" -R '^(fixture|playthrough)\.') || { echo "2 $killer"; return 1; }
  else
    step "$log" b1 build "$log" "reference_${group}_test" "engine_${group}_test" || return 2
    killer=$(step "$log" t1 run_gtests "$log" '*' "reference_${group}_test" "engine_${group}_test") ||
      { echo "1 $killer"; return 1; }
    step "$log" b2 build "$log" perft || return 2
    killer=$(step "$log" t2 run_ctest "$log" -R "^(fixture|playthrough)\.${group}") || { echo "2 $killer"; return 1; }
    step "$log" b3 build "$log" properties_test || return 2
    killer=$(step "$log" t3 run_gtests "$log" "*${Game}*:*${group}*" properties_test) || { echo "3 $killer"; return 1; }
  fi
  # Stage 4: the default tests that stages 1-3 did not run (stage4_tests).
  step "$log" b4 build "$log" || return 2
  local selected
  selected=$(stage4_tests "$group" "$game_only") || return 2
  [ -z "$selected" ] && return 0
  killer=$(step "$log" t4 run_ctest "$log" -I "0,0,0,$selected") || { echo "4 $killer"; return 1; }
  return 0
}

patches=()
while IFS= read -r p; do
  rel=${p#"$ROOT/tests/mutants/"}
  [[ "${rel%.patch}" =~ $filter ]] && patches+=("$p")
done < <(find "$ROOT/tests/mutants" -name '*.patch' | sort)
if [ ${#patches[@]} -eq 0 ]; then
  echo "no mutant matches '$filter'" >&2
  exit 2
fi

echo "== sources into $SRC, baseline build and tests" >&2
sync_sources
[ -f "$BUILD/build.ninja" ] || cmake -S "$SRC" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Check \
  -DARB_BENCHMARKS=OFF -DARB_PYTHON=OFF -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >&2 || exit 2
# No Python module (it would compile every mutated file twice); also in a
# build configured before ARB_PYTHON existed.
grep -q '^ARB_PYTHON:BOOL=OFF' "$BUILD/CMakeCache.txt" || cmake "$BUILD" -DARB_PYTHON=OFF >&2
hash=$(sources_hash)
if [ ! -f "$CACHE/baseline-$hash" ]; then
  base_log=$WORK/baseline.log
  : >"$base_log"
  if ! build "$base_log" || ! run_ctest "$base_log" -E '^(clang_format|benchmarks_smoke)$' >/dev/null; then
    echo "the unmutated sources fail (see $base_log)" >&2
    exit 2
  fi
  touch "$CACHE/baseline-$hash"
fi

killed=0 survived=0 equivalent=0 other=0
declare -A by_stage=()
start_all=$SECONDS
for p in "${patches[@]}"; do
  rel=${p#"$ROOT/tests/mutants/"}
  id=${rel%.patch}
  group=${id%%/*}
  key="$hash-$(sha256sum "$p" | cut -c1-16)"
  result_file="$CACHE/${id//\//_}.txt"
  if [ $only_survivors -eq 1 ] && [ -f "$result_file" ] && ! grep -q '^survived' "$result_file"; then
    continue
  fi
  if [ -f "$result_file" ] && [ "$(head -1 "$result_file")" = "$key" ]; then
    line=$(sed -n 2p "$result_file")
  else
    t0=$SECONDS
    log="$WORK/logs/${id//\//_}.log"
    mkdir -p "$WORK/logs"
    : >"$log"
    sync_sources
    # -F0: no fuzz, so that a hunk whose context changed is not put somewhere else.
    if ! patch -p1 -F0 -s -d "$SRC" --no-backup-if-mismatch --dry-run <"$p" >>"$log" 2>&1; then
      line="stale      $id  (the patch no longer applies exactly: update it)"
    else
      patch -p1 -F0 -s -d "$SRC" --no-backup-if-mismatch <"$p" >>"$log" 2>&1
      game_only=0
      grep -E '^\+\+\+ ' "$p" | awk '{print $2}' | sed 's|^b/||' |
        grep -qvE "^(engine|reference)/${group}/" || game_only=1
      out=$(stages "$group" "$log" "$game_only")
      rc=$?
      if [ $rc -eq 1 ]; then
        line="killed     $id  by ${out#* } (stage ${out%% *}, $((SECONDS - t0)) s)"
      elif [ $rc -eq 2 ] && grep -q 'Error running test executable' "$log"; then
        # gtest_discover_tests runs each test program at build time: it crashed.
        exe=$(grep -m1 -oE 'FAILED: tests/[a-z_]+' "$log" | sed 's|FAILED: tests/||')
        line="killed     $id  by ${exe:-a test program}: crashed listing its tests (build, $((SECONDS - t0)) s)"
        rc=1
      elif [ $rc -eq 2 ]; then
        line="broken     $id  (does not compile, see $log)"
      elif grep -q EQUIVALENT "$p"; then
        line="equivalent $id  ($(head -1 "$p" | sed 's/^# //'))"
      else
        line="survived   $id  ($(head -1 "$p" | sed 's/^# //'))"
      fi
      if [ $rc -eq 1 ] && grep -q EQUIVALENT "$p"; then
        line="killed     $id  (marked EQUIVALENT but killed: fix its header) by ${out#* }"
      fi
    fi
    printf '%s\n%s\n' "$key" "$line" >"$result_file"
    # The time log: one line per mutant run, its steps' seconds (see step).
    printf '%s\t%s\t%s s\t%s\n' "$(date -u +%FT%TZ)" "$id" "$((SECONDS - t0))" \
      "$(grep -oE '^== [a-z0-9]+ [0-9]+' "$log" | awk '{printf "%s=%s ", $2, $3}')$(cut -c1-10 <<<"$line")" \
      >>"$WORK/times.tsv"
  fi
  echo "$line"
  case "$line" in
    killed*)
      killed=$((killed + 1))
      by=$(grep -oE '\((stage [0-9]|build)' <<<"$line" | tr -d '(')
      by_stage[${by:-other}]=$((${by_stage[${by:-other}]:-0} + 1))
      ;;
    survived*) survived=$((survived + 1)) ;;
    equivalent*) equivalent=$((equivalent + 1)) ;;
    *) other=$((other + 1)) ;;
  esac
done
sync_sources  # leave the scratch copy unmutated
total=$((killed + survived))
echo "score: $killed killed, $survived survived, $equivalent equivalent, $other stale or broken;" \
  "$killed/$total non-equivalent mutants killed ($((SECONDS - start_all)) s)"
for k in "stage 1" "stage 2" "stage 3" "stage 4" build other; do
  [ -n "${by_stage[$k]:-}" ] && echo "killed by $k: ${by_stage[$k]}"
done
[ $survived -eq 0 ] && [ $other -eq 0 ]
