#!/usr/bin/env bash
# The project's commands (see README.md):
#   ./dev.sh main    install what is missing, build (Release) and count perft
#                    from the start of every game
#   ./dev.sh test    build the test configuration and run every default test
#   ./dev.sh slow    run the deep perft tests (label `slow`) in the Release build
#   ./dev.sh bench   run the benchmarks (Google Benchmark) in the Release build
set -euo pipefail
cd "$(dirname "$0")"

# Debian packages the build needs. Only missing ones are installed, with
# apt-get (the only network the build may use).
PACKAGES=(cmake g++ ninja-build googletest libgtest-dev libbenchmark-dev librapidcheck-dev)

install_missing() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return
  echo "== installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

JOBS=$(nproc)

# configure <dir> <build type>
configure() {
  [ -f "$1/build.ninja" ] || cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE="$2" >/dev/null
}

release_build() {  # build/: Release (-O3 -march=native), programs in build/bin
  configure build Release
  cmake --build build -j "$JOBS" --target "$@"
}

run() {
  echo "\$ $*"
  "$@"
}

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
    # build/check: the Check build type (-O2 with assertions on).
    configure build/check Check
    cmake --build build/check -j "$JOBS"
    ctest --test-dir build/check --label-exclude slow --output-on-failure -j "$JOBS"
    ;;
  slow)
    install_missing
    configure build Release
    cmake --build build -j "$JOBS"
    ctest --test-dir build --label-regex slow --output-on-failure -j "$JOBS"
    ;;
  bench)
    install_missing
    release_build arb_bench
    shift
    run build/bin/arb_bench "$@"
    ;;
  *)
    echo "usage: ./dev.sh main | test | slow | bench [benchmark options]" >&2
    exit 2
    ;;
esac
