#!/usr/bin/env python3
"""The search players' strength table (docs/players.md): a benchmark, not a test.

For every game (default specs), each match-up plays --games games in each seat
order with `perft stats <spec> --players A,B --json`, and the table gives A's
win rate over both orders with its Wilson 95% interval (draws and unfinished
games count as not won). Each run's JSON line is appended to --log as it ends,
so an interrupted benchmark keeps what it played; a second call with the same
--log reuses the lines it finds.

  scripts/strength.py build/check/bin/perft --games 50 --big 200 --small 20 \
      --log strength.jsonl > table.md

--matchup A,B (repeated) plays those match-ups instead of the four default
ones (the playout cut-off's table: --matchup mcts:200:cut=10,mcts:200). Each
run's CPU time (user + system of perft stats, all threads) is logged as "cpu"
and summed per match-up on stderr.
"""
import argparse
import json
import math
import os
import resource
import subprocess
import sys


def wilson(k, n, z=1.959964):
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("perft")
    ap.add_argument("--games", type=int, default=100, help="games per seat order")
    ap.add_argument("--big", type=int, default=1000, help="simulations of the strong mcts")
    ap.add_argument("--small", type=int, default=100, help="simulations of the weak mcts")
    ap.add_argument("--depth", type=int, default=3, help="alphabeta's depth")
    ap.add_argument("--mcts-options", default="",
                    help="appended to both mcts specs, e.g. decisive (mcts:1000:decisive)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--specs", default="emergo,eximo,ecalper,meridians")
    ap.add_argument("--log", required=True, help="JSON lines, one per run (appended)")
    ap.add_argument("--matchup", action="append", default=[],
                    help="A,B: play this match-up instead of the default ones (repeatable)")
    a = ap.parse_args()
    opts = f":{a.mcts_options}" if a.mcts_options else ""
    big, small = f"mcts:{a.big}{opts}", f"mcts:{a.small}{opts}"
    ab = f"alphabeta:{a.depth}"
    matchups = [(big, "random"), (ab, "random"), (big, small), (big, ab)]
    if a.matchup:
        matchups = [tuple(m.split(",")) for m in a.matchup]
        if any(len(m) != 2 for m in matchups):
            ap.error("--matchup takes two players, A,B")
    done = {}
    if os.path.exists(a.log):
        with open(a.log) as f:
            for line in f:
                r = json.loads(line)
                done[(r["spec"], r["players"], r["games"], r["seed"])] = r
    specs = a.specs.split(",")
    results = {}
    for x, y in matchups:  # the most telling first: a cut run has them for every game
        for spec in specs:
            for order in ((x, y), (y, x)):
                key = (spec, ",".join(order), a.games, a.seed)
                if key not in done:
                    before = resource.getrusage(resource.RUSAGE_CHILDREN)
                    out = subprocess.run(
                        [a.perft, "stats", spec, "--games", str(a.games), "--players",
                         ",".join(order), "--seed", str(a.seed), "--threads", str(a.threads),
                         "--json"], check=True, capture_output=True, text=True).stdout
                    j = json.loads(out)
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                    r = {"spec": spec, "players": ",".join(order), "games": a.games,
                         "seed": a.seed, "seconds": j["seconds"], "cpu": round(cpu, 2),
                         "seats": list(j["a"]["rates"].keys())[:2],
                         "wins": [j["a"]["rates"][k]["count"]
                                  for k in list(j["a"]["rates"].keys())[:2]]}
                    with open(a.log, "a") as f:
                        f.write(json.dumps(r) + "\n")
                    done[key] = r
                    print(f"{spec} {r['players']}: {r['wins']} in {r['seconds']:.0f} s, "
                          f"{r['cpu']:.0f} CPU s",
                          file=sys.stderr, flush=True)
                results[key] = done[key]
    print("| game | A | B | games | A wins | A win rate [95%] | B wins | A first / A second |")
    print("|---|---|---|---|---|---|---|---|")
    for x, y in matchups:
        for spec in specs:
            first = results[(spec, f"{x},{y}", a.games, a.seed)]
            second = results[(spec, f"{y},{x}", a.games, a.seed)]
            wa = first["wins"][0] + second["wins"][1]
            wb = first["wins"][1] + second["wins"][0]
            n = 2 * a.games
            lo, hi = wilson(wa, n)
            print(f"| {spec} | `{x}` | `{y}` | {n} | {wa} | {100 * wa / n:.1f}% "
                  f"[{100 * lo:.1f}, {100 * hi:.1f}] | {wb} | "
                  f"{first['wins'][0]} / {second['wins'][1]} |")


if __name__ == "__main__":
    main()
