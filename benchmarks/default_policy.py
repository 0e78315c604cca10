#!/usr/bin/env python3
"""The counting default against the plain walk and the table.

Runs build/bin/perft --json on every line of fixtures/*.perft (each D<k> whose
plain count takes at most --limit seconds) and on each game's start position
at every depth up to that limit, three ways:

  default  no --hash, no --threads (the policy of perft/count/policy.h)
  plain    --hash 0 --threads 1 (the plain recursion)
  hashed   --hash 256 --threads <cores> (the table as before the policy)

The three run one after another, the order rotating, --repeat times; each
keeps its best time (the JSON "seconds", which include the policy's estimate
and the table's set-up, not the process start). The verdict is by ratio within
one run: the default is within --tolerance (5%) of min(plain, hashed), or,
for counts where that minimum is under 10 ms, within --slack (2 ms) of it:
at that size the machine's jitter is larger than 5%.

  benchmarks/default_policy.py [--perft build/bin/perft] [--limit 2] [--repeat 3]
      [--only emergo] [--json results.json] [--markdown]
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_fixture(path):
    """(spec, position, moves, {k: count}, id) of every line."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            fields = [x.strip() for x in text.split(";")]
            spec, position = fields[0], fields[1]
            moves, depths, ident = None, {}, "?"
            for field in fields[2:]:
                if field.startswith("moves "):
                    moves = field[6:]
                elif field.startswith("id "):
                    ident = field[3:]
                elif field[:1] == "D" and " " in field and field[1:].split(" ")[0].isdigit():
                    k, n = field[1:].split(" ", 1)
                    depths[int(k)] = int(n)
            if depths:
                out.append((spec, position, moves, depths, ident))
    return out


VARIANTS = {
    "default": [],
    "plain": ["--hash", "0", "--threads", "1"],
    "hashed": ["--hash", "256", "--threads", str(os.cpu_count() or 1)],
}


def run(perft, spec, position, moves, depth, variant, timeout=None):
    args = [perft, spec, "--depth", str(depth), "--json"]
    if position != "start":
        args += ["--position", position]
    if moves:
        args += ["--moves", moves]
    args += VARIANTS[variant]
    r = subprocess.run(args, capture_output=True, text=True, timeout=timeout, check=False)
    if r.returncode != 0:
        raise RuntimeError(" ".join(args) + ": " + r.stderr.strip())
    j = json.loads(r.stdout)
    return int(j["nodes"]), float(j["seconds"])


def measure(perft, case, depth, repeat, timeout):
    """Best seconds per variant (None: plain exceeded the timeout)."""
    spec, position, moves = case
    # The plain walk first, under a timeout: a count too deep is not run the other ways.
    try:
        n, s = run(perft, spec, position, moves, depth, "plain", timeout)
    except subprocess.TimeoutExpired:
        return None, None
    if s > timeout / 3:
        return n, {"plain": s}
    best, nodes = {"plain": s}, {n}
    order = ["default", "hashed", "plain"]
    for rep in range(repeat):
        for i in range(len(order)):
            v = order[(i + rep) % len(order)]
            n, s = run(perft, spec, position, moves, depth, v)
            nodes.add(n)
            best[v] = min(best.get(v, s), s)
    if len(nodes) != 1:
        raise RuntimeError(f"{spec} {position} D{depth}: counts differ: {nodes}")
    return nodes.pop(), best


def verdict(best, tolerance, slack):
    floor = min(best["plain"], best["hashed"])
    ratio = best["default"] / floor if floor > 0 else 1.0
    ok = best["default"] <= floor * (1 + tolerance) or (
        floor < 0.010 and best["default"] <= floor + slack)
    return ratio, ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--perft", default=os.path.join(ROOT, "build", "bin", "perft"))
    ap.add_argument("--limit", type=float, default=2.0,
                    help="deepest depth per line: plain at most this many seconds")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--tolerance", type=float, default=0.05)
    ap.add_argument("--slack", type=float, default=0.002)
    ap.add_argument("--only", default="", help="fixture files whose name starts so")
    ap.add_argument("--start-depth", type=int, default=12,
                    help="start positions: depths 1.. up to this (and --limit)")
    ap.add_argument("--json", default="", help="write every row here")
    ap.add_argument("--markdown", action="store_true", help="the rows as a Markdown table")
    a = ap.parse_args()

    cases = []  # (label, (spec, position, moves), [depths])
    for path in sorted(glob.glob(os.path.join(ROOT, "fixtures", "*.perft"))):
        name = os.path.basename(path)
        if not name.startswith(a.only):
            continue
        for spec, position, moves, depths, ident in parse_fixture(path):
            cases.append((name + ":" + ident, (spec, position, moves), sorted(depths)))
    for game in ("emergo", "emergo:size=7", "eximo", "ecalper", "meridians"):
        if not a.only or a.only == "start" or game.startswith(a.only):
            cases.append(("start:" + game, (game, "start", None),
                          list(range(1, a.start_depth + 1))))

    rows, t0 = [], time.time()
    if a.markdown:
        print("| line | D | nodes | plain s | hashed s | default s | default/min | ok |")
        print("|---|---|---|---|---|---|---|---|")
    for label, case, depths in cases:
        for depth in depths:
            try:
                nodes, best = measure(a.perft, case, depth, a.repeat, a.limit * 3)
            except RuntimeError as e:
                # Ecalper's counts outgrow 128 bits (P4) long before they take time.
                if "count overflow" in str(e):
                    break
                raise
            if best is None or "default" not in best:
                break  # deeper depths of this line take longer still
            ratio, ok = verdict(best, a.tolerance, a.slack)
            row = {"line": label, "spec": case[0], "depth": depth, "nodes": nodes, **best,
                   "ratio": ratio, "ok": ok}
            rows.append(row)
            if a.markdown:
                print(f"| {label} | {depth} | {nodes} | {best['plain']:.4f} | "
                      f"{best['hashed']:.4f} | {best['default']:.4f} | {ratio:.2f} | "
                      f"{'yes' if ok else '**no**'} |", flush=True)
            else:
                print(f"{label:60} D{depth:<2} plain {best['plain']:8.4f} hashed "
                      f"{best['hashed']:8.4f} default {best['default']:8.4f} "
                      f"ratio {ratio:5.2f} {'ok' if ok else 'SLOWER'}", flush=True)

    print(f"\n{len(rows)} counts in {time.time() - t0:.0f} s; "
          f"{sum(not r['ok'] for r in rows)} not within {a.tolerance:.0%} "
          f"(or {a.slack * 1000:.0f} ms under 10 ms)")
    games = {}
    for r in rows:
        g = r["spec"].split(":")[0]
        if g not in games or r["ratio"] > games[g]["ratio"]:
            games[g] = r
    for g, r in sorted(games.items()):
        print(f"worst {g}: default/min {r['ratio']:.2f} at {r['line']} D{r['depth']} "
              f"(plain {r['plain']:.4f} s, hashed {r['hashed']:.4f} s, "
              f"default {r['default']:.4f} s, {'ok' if r['ok'] else 'SLOWER'})")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
