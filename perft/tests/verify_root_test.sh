#!/bin/sh
# A difference at verify's root writes a fixture line whose
# src says "disagrees at the root", not "disagrees after ''".
# Usage: verify_root_test.sh <perft> <planted_engine> <work dir>
set -u
perft=$1 planted=$2 dir=$3
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1
status=0
# planted_engine drop-capture misses a1xc3 at this position (planted_engine.cpp).
"$perft" verify emergo --engine "'$planted' drop-capture" --position '9/9/9/9/9/9/W8/1W7/B8 b 10 11' \
  --depth 1 --write-fixture root.perft > out.txt 2>&1 || status=$?
[ "$status" = 1 ] || { echo "FAIL: exit $status, want 1"; cat out.txt; exit 1; }
grep -q "disagrees at the root: misses a1xc3" root.perft || { echo "FAIL:"; cat root.perft; exit 1; }
if grep -q "after ''" root.perft; then echo "FAIL: an empty path quoted"; cat root.perft; exit 1; fi
echo ok
