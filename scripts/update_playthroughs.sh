#!/usr/bin/env bash
# Regenerates the golden playthroughs (fixtures/playthroughs/*.txt, or the files
# given) after an intended rule or notation change: each file's first line is
# the `perft play ...` command that wrote it; it is run on the engine and on the
# reference, and the file is rewritten only where both give the same bytes. A
# unified diff shows what changed. Exit 1 if engine and reference disagree on
# any file (nothing is written for it: `perft compare` pins the difference).
#   scripts/update_playthroughs.sh [PERFT] [FILE...]      (PERFT: build/bin/perft)
set -euo pipefail
cd "$(dirname "$0")/.."
perft=${1:-build/bin/perft}
[ $# -gt 0 ] && shift
[ -x "$perft" ] || { echo "update_playthroughs: no perft at '$perft' (./dev.sh main builds it)" >&2; exit 2; }
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(fixtures/playthroughs/*.txt)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
changed=0 disagree=0
for file in "${files[@]}"; do
  header=$(head -n 1 "$file")
  case "$header" in
    "perft play "*) ;;
    *) echo "update_playthroughs: $file: the first line is not a 'perft play' command" >&2; exit 2 ;;
  esac
  eval "set -- ${header#perft play }"  # the header quotes its position as a shell would
  "$perft" play "$@" --impl engine > "$tmp/engine"
  "$perft" play "$@" --impl reference > "$tmp/reference"
  if ! cmp -s "$tmp/engine" "$tmp/reference"; then
    echo "DISAGREE $file: engine and reference play differently; not written" >&2
    diff -u --label engine --label reference "$tmp/engine" "$tmp/reference" | head -20 >&2 || true
    disagree=$((disagree + 1))
    continue
  fi
  if ! cmp -s "$tmp/engine" "$file"; then
    diff -u --label "a/$file" --label "b/$file" "$file" "$tmp/engine" || true
    cp "$tmp/engine" "$file.tmp" && mv "$file.tmp" "$file"
    changed=$((changed + 1))
  fi
done
echo "update_playthroughs: ${#files[@]} files, $changed rewritten, $disagree where engine and reference disagree" >&2
[ $disagree -eq 0 ]
