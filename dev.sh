#!/usr/bin/env bash
# The project's commands (see README.md):
#   ./dev.sh main    install what is missing, build (Release) and count perft
#                    from the start of every game
#   ./dev.sh test    build the test configuration (g++) and run every default
#                    test, then the games' and parsers' unit tests in a clang
#                    ASan+UBSan build, a few seconds of each fuzz target, then
#                    the performance gate (./dev.sh track)
#   ./dev.sh asan    the whole sanitizer pass: every default test in the ASan
#                    build (the fixture compare suites aside)
#   ./dev.sh slow    run the deep perft tests (label `slow`) and the properties
#                    at 300 cases in the Release build
#   ./dev.sh cluster a real Slurm run (label cluster): install slurm-wlm and
#                    munge (CLUSTER_PACKAGES), start a one-node Slurm, count
#                    perft units as a job array, merge, compare with the
#                    direct count (docs/cluster.md)
#   ./dev.sh bench   run the benchmarks (Google Benchmark) in the Release build
#   ./dev.sh track [--update "reason" | --plot]
#                    the performance gate: instructions per workload against
#                    benchmarks/baseline.json (benchmarks/README.md)
#   ./dev.sh ab REF  compare another git ref with this tree, on this machine
#   ./dev.sh mutants [--survivors] [regex]
#                    the mutation catalogue (tests/mutants/): apply each
#                    mutant, rebuild, run the default tests, print the score
#   ./dev.sh fuzz [seconds]
#                    every libFuzzer target (fuzz/) for that long (default 60),
#                    after the differential parse test with 1000 texts per
#                    game per second
set -euo pipefail
cd "$(dirname "$0")"
# Only the programs' own output goes to stdout (`./dev.sh bench
# --benchmark_format=json > bench.json` must give a file that parses); every
# install and build message and the echoed commands go to stderr.

# Debian packages the build needs. Only missing ones are installed, with
# apt-get (the only network the build may use).
PACKAGES=(cmake g++ ninja-build googletest libgtest-dev libbenchmark-dev librapidcheck-dev
          libcli11-dev nlohmann-json3-dev clang-14 libclang-rt-14-dev clang-format
          valgrind python3 python3-scipy libbenchmark-tools gnuplot-nox git nodejs chromium
          ccache rsync patch parallel pybind11-dev python3-pybind11 python3-dev python3-pytest
          python3-numpy libxml2-utils python3-yaml python3-junitparser pkgconf help2man groff-base
          python3-venv python3-pip python3-setuptools python3-wheel)
# A one-node Slurm for ./dev.sh cluster only (scripts/slurm_local.sh): the
# other commands never install it.
CLUSTER_PACKAGES=(slurm-wlm slurm-client munge)

# install_missing [packages...]: those of the list (default PACKAGES) that
# are not installed.
install_missing() {
  local missing=()
  local wanted=("${PACKAGES[@]}")
  [ $# -eq 0 ] || wanted=("$@")
  for p in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return
  echo "== installing ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

JOBS=$(nproc)

# configure <dir> <build type> [cmake options...]
configure() {
  local dir=$1 type=$2
  shift 2
  [ -f "$dir/build.ninja" ] || cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" "$@" >&2
}

# build <dir> [targets...]
build() {
  local dir=$1
  shift
  if [ $# -gt 0 ]; then
    cmake --build "$dir" -j "$JOBS" --target "$@" >&2
  else
    cmake --build "$dir" -j "$JOBS" >&2
  fi
}

release_build() {  # build/: Release (-O3 -march=native), programs in build/bin
  configure build Release
  build build "$@"
}

# build/track: the performance gate's fixed configuration. Release without
# -march=native, so that the baseline's instruction counts do not depend on
# this machine's CPU; the compiler is recorded in benchmarks/baseline.json.
TRACK_OPTIONS=(-DARB_NATIVE=OFF -DARB_TESTS=OFF -DARB_TRACK=ON)
TRACK_TARGETS=(arb_workload_emergo arb_workload_eximo arb_workload_ecalper
               arb_workload_meridians arb_workload_eximo_planted)
# Debian's python3 (compare.py needs its SciPy), not one earlier on PATH.
PYTHON=/usr/bin/python3

run() {
  echo "\$ $*" >&2
  "$@"
}

# build/asan: clang 14, ASan + UBSan (Check build type, no benchmarks), 100
# cases per property; also the libFuzzer programs (ARB_FUZZ), which share its
# instrumented libraries. asan_build [targets...]: those only (default all).
asan_build() {
  configure build/asan Check -DCMAKE_CXX_COMPILER=clang++-14 \
    -DARB_SANITIZE=address,undefined -DARB_BENCHMARKS=OFF -DARB_PROPERTY_CASES=100 -DARB_FUZZ=ON
  # A build/asan configured before ARB_FUZZ existed gets it.
  grep -q '^ARB_FUZZ:BOOL=ON' build/asan/CMakeCache.txt || cmake build/asan -DARB_FUZZ=ON >&2
  build build/asan "$@"
}

# fuzz_all <seconds>: every libFuzzer target for that long, its corpus seeded
# from the fixtures (build/asan/fuzz-corpus/<target>) plus the saved findings
# (fuzz/regressions/<target>). A finding is written to
# build/asan/fuzz-findings/<target>/ and fails the command (copy it into
# fuzz/regressions/<target>/ once fixed: CTest replays it).

# fuzz_one <seconds> <target>: one target for that long; status 1 on a finding.
fuzz_one() {
  local seconds=$1 target=$2 bin=build/asan/bin corpus=build/asan/fuzz-corpus
  mkdir -p "$corpus/$target" "build/asan/fuzz-findings/$target"
  local extra=()
  [ -d "fuzz/regressions/$target" ] && extra+=("fuzz/regressions/$target")
  local log=build/asan/fuzz-findings/$target.log
  if "$bin/fuzz_$target" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 \
      -max_len=2048 -print_final_stats=1 -artifact_prefix="build/asan/fuzz-findings/$target/" \
      "$corpus/$target" "${extra[@]}" >"$log" 2>&1; then
    echo "fuzz $target: $(grep -m1 -oE 'stat::number_of_executed_units: *[0-9]+' "$log" |
      grep -oE '[0-9]+$') runs, no finding" >&2
  else
    echo "fuzz $target: FINDING, see $log and build/asan/fuzz-findings/$target/" >&2
    return 1
  fi
}

# fuzz_all <seconds> (see above).
fuzz_all() {
  local seconds=$1 bin=build/asan/bin corpus=build/asan/fuzz-corpus
  local failed=build/asan/fuzz-findings/failed
  rm -rf "$corpus"
  mkdir -p build/asan/fuzz-findings
  rm -f "$failed"
  "$bin/fuzz_replay" seeds "$corpus" fixtures/*.perft
  # $JOBS targets at a time: each runs for a fixed time, so the step takes
  # targets x seconds / $JOBS of wall time, loaded machine or not.
  for target in $("$bin/fuzz_replay" list); do
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
    fuzz_one "$seconds" "$target" || echo "$target" >>"$failed" &
  done
  wait
  [ ! -s "$failed" ]
}

# ./dev.sh test's sanitizer pass: the tests of the programs that the target
# arb_sanitize_quick builds (CMakeLists.txt), the games' rules, notation and
# perft and every parser (the fuzz targets' replays, the differential parse
# test), without the two that cost most under ASan (several CPU seconds in the
# g++ Check build, ten times that under ASan; they run in the g++ pass).
# ./dev.sh asan runs them all.
ASAN_QUICK='^(engine\.|reference\.|Spec\.|fuzz_replay\.|Games/ParseDiff\.)'
ASAN_HEAVY='^(engine\.CountSubtree\.EqualsWalkOnRandomPositions|reference\.EximoNotation\.RandomGamesRoundTrip)$'

# The sanitizer run of `test`: halt on the first report, so that any
# finding fails its test.
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=0:detect_leaks=1:strict_string_checks=1:check_initialization_order=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

case "${1:-}" in
  main)
    install_missing
    release_build perft
    run build/bin/perft emergo --depth 6
    run build/bin/perft eximo --depth 6
    run build/bin/perft meridians --depth 5
    run build/bin/perft ecalper --depth 2
    run build/bin/perft compare emergo --depth 4
    ;;
  test)
    install_missing
    # build/check: the Check build type (-O1, the games at -O2, assertions on), g++; 100
    # cases per property (300 were half of this pass's CPU time; ./dev.sh slow
    # runs 300).
    configure build/check Check -DARB_PROPERTY_CASES=100
    grep -q '^ARB_PROPERTY_CASES:STRING=100$' build/check/CMakeCache.txt ||
      cmake build/check -DARB_PROPERTY_CASES=100 >&2
    build build/check
    run ctest --test-dir build/check --label-exclude slow --output-on-failure -j "$JOBS"
    # build/asan: clang 14 under ASan and UBSan (Check build type, no
    # benchmarks), only the programs of ASAN_QUICK and the fuzz programs
    # (target arb_sanitize_quick). The rest of the sanitizer pass, the tool
    # and its tests, the fixture suites and the properties under ASan, the
    # longest part of a sanitizer run, is ./dev.sh asan.
    asan_build arb_sanitize_quick
    run ctest --test-dir build/asan --tests-regex "$ASAN_QUICK" --exclude-regex "$ASAN_HEAVY" \
      --output-on-failure -j "$JOBS"
    # Every fuzz target briefly, from the fixture seeds (docs/testing.md, "Fuzzing").
    fuzz_all 4
    # The performance gate (instruction counts; about 1.5 CPU minutes, build included).
    "$0" track
    ;;
  asan)
    install_missing
    # Every default test in build/asan, except the fixture `compare` suites
    # (several minutes each under ASan; compare_test and the engine and
    # reference suites run here).
    asan_build
    run ctest --test-dir build/asan --label-exclude slow --exclude-regex '^fixture\..*\.compare$' \
      --output-on-failure -j "$JOBS"
    ;;
  track)
    install_missing
    shift
    configure build/track Release "${TRACK_OPTIONS[@]}"
    case "${1:-}" in
      "")
        build build/track "${TRACK_TARGETS[@]}"
        # Its self-tests first (planted slowdown fails, unchanged passes), then the gate.
        run ctest --test-dir build/track -L track --output-on-failure -j "$JOBS"
        run "$PYTHON" benchmarks/track.py check --build build/track
        ;;
      --update)
        [ -n "${2:-}" ] || { echo "usage: ./dev.sh track --update \"reason\"" >&2; exit 2; }
        build build/track "${TRACK_TARGETS[@]}" arb_bench
        run "$PYTHON" benchmarks/track.py update --build build/track --reason "$2"
        run "$PYTHON" benchmarks/track.py plot
        ;;
      --plot)
        run "$PYTHON" benchmarks/track.py plot
        ;;
      *)
        echo "usage: ./dev.sh track [--update \"reason\" | --plot]" >&2
        exit 2
        ;;
    esac
    ;;
  ab)
    install_missing
    [ -n "${2:-}" ] || { echo "usage: ./dev.sh ab REF [rounds]" >&2; exit 2; }
    ref=$2
    sha=$(git rev-parse --verify "$ref^{commit}")
    tmp=$(mktemp -d /tmp/arb-ab.XXXXXX)
    trap 'git worktree remove --force "$tmp/src" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
    git worktree add --detach "$tmp/src" "$sha" >&2
    if [ ! -f "$tmp/src/benchmarks/workload.cpp" ]; then
      # A ref from before the tracked workloads: measure it with today's
      # benchmark programs (same measuring code, its own engines).
      echo "== $ref has no benchmarks/workload.cpp: using this tree's benchmarks/" >&2
      rm -rf "$tmp/src/benchmarks"
      cp -r benchmarks "$tmp/src/benchmarks"
    fi
    # Both sides in the gate's configuration, built one after the other.
    (cd "$tmp/src" && cmake -S . -B "$tmp/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      "${TRACK_OPTIONS[@]}" >&2 && cmake --build "$tmp/build" -j "$JOBS" --target \
      arb_workload_emergo arb_workload_eximo arb_workload_ecalper arb_workload_meridians \
      arb_bench >&2)
    configure build/track Release "${TRACK_OPTIONS[@]}"
    build build/track "${TRACK_TARGETS[@]}" arb_bench
    run "$PYTHON" benchmarks/track.py ab --a "$tmp/build" --a-name "$ref ($(git rev-parse --short "$sha"))" \
      --b build/track --b-name "this tree" --rounds "${3:-5}"
    ;;
  fuzz)
    install_missing
    seconds=${2:-60}
    if ! [[ "$seconds" =~ ^[1-9][0-9]{0,5}$ ]] || [ $# -gt 2 ]; then
      echo "usage: ./dev.sh fuzz [seconds per target, 1 to 999999]" >&2
      exit 2
    fi
    asan_build arb_sanitize_quick parse_diff_test
    # The differential parse test with 1000 texts per game per second asked
    # (docs/testing.md), on a new seed each run (printed; ARB_PARSE_DIFF_SEED repeats one).
    ARB_PARSE_DIFF_TEXTS=$((seconds * 1000)) ARB_PARSE_DIFF_SEED=${ARB_PARSE_DIFF_SEED:-$(date +%s)} \
      run build/asan/tests/parse_diff_test --gtest_brief=1
    fuzz_all "$seconds"
    ;;
  slow)
    install_missing
    configure build Release
    build build
    # The deep fixture depths, and the properties at 300 cases (100 in ./dev.sh test).
    run ctest --test-dir build --label-regex '^(slow|properties)$' --output-on-failure -j "$JOBS"
    ;;
  cluster)
    # A real Slurm run (label cluster, not in the default run): a one-node
    # Slurm from scripts/slurm_local.sh, perft units as a job array of
    # scripts/perft_units.sbatch, merged and compared with the direct count.
    install_missing
    install_missing "${CLUSTER_PACKAGES[@]}"
    configure build Release -DARB_CLUSTER=ON
    grep -q '^ARB_CLUSTER:BOOL=ON$' build/CMakeCache.txt || cmake build -DARB_CLUSTER=ON >&2
    build build perft
    run ctest --test-dir build -L cluster --no-tests=error --output-on-failure --verbose
    ;;
  bench)
    install_missing
    release_build arb_bench
    shift
    run build/bin/arb_bench "$@"
    ;;
  mutants)
    install_missing
    shift
    # CPU-heavy: the machine is shared, so at low priority.
    export JOBS
    run nice -n 10 tests/mutants/run.sh "$@"
    ;;
  *)
    echo "usage: ./dev.sh main | test | asan | slow | cluster | bench [benchmark options] | track [--update \"reason\" | --plot] | ab REF [rounds] | mutants [--survivors] [regex] | fuzz [seconds]" >&2
    exit 2
    ;;
esac
