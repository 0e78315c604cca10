#!/usr/bin/python3
"""Picks the midgame positions of fixtures/<game>_midgame.perft.

Seeded random play (`perft play <spec> --seed N --plies K`) gives the
positions: for each game, one position per seed at a fixed ply, plus a few
chosen on purpose from a wider sweep of seeds by a feature (most capture
moves, most columns, most stones on a crowded board). Prints candidate
fixture lines with the engine's counts up to a node cap; a line goes into
fixtures/ only after `perft suite --compare` agrees (see the files' `src`).

usage: pick_midgame.py PERFT GAME
"""
import json
import re
import subprocess
import sys

# spec, seeds for the plain set, ply of each, sweep seeds, engine node cap
GAMES = {
    "emergo": ("emergo", range(1, 7), 40, range(1, 65), 3_000_000),
    "eximo": ("eximo", range(1, 7), 24, range(1, 65), 3_000_000),
    "meridians": ("meridians", range(1, 7), 40, range(1, 65), 3_000_000),
    "ecalper": ("ecalper:size=5", range(1, 7), 8, range(1, 33), 30_000_000),
}

# Positions given as examples of midgames when the workloads were chosen (their
# ids are the fixture files' ids).
EXTRA = {
    "emergo": [("issue15-example", "W1B5B/7B1/B5(BW)2/5(BW)1W1/W1(BW)6/1W5(WB)1/(WB)1W1B1B2/9/W1B3W2 w 0 0")],
    "meridians": [("issue15-example", "B1BW2/B1BBW2/1W6/1B4W2/2B6B/9BB/4B7/5W5/B1B1W2WW1/9/1W3W2/BW2WWW/4W1 w 2 2")],
}


def play(perft, spec, seed, plies):
    """[(ply, position, number of moves, listed moves)] of one seeded game."""
    out = subprocess.run([perft, "play", spec, "--seed", str(seed), "--plies", str(plies)],
                         check=True, capture_output=True, text=True).stdout
    plies_out, cur = [], {}
    for line in out.splitlines():
        if m := re.match(r"ply (\d+)", line):
            cur = {"ply": int(m.group(1))}
            plies_out.append(cur)
        elif m := re.match(r"\s+position\s+(.*)", line):
            cur["position"] = m.group(1)
        elif m := re.match(r"\s+moves\s+(\d+):?\s*(.*)", line):
            cur["n"] = int(m.group(1))
            cur["moves"] = m.group(2).split()
    return [p for p in plies_out if p.get("n", 0) > 0]


def counts(perft, spec, position, cap):
    """{depth: engine count} while the count stays under cap."""
    out, depth = {}, 1
    while depth <= 8:
        res = subprocess.run([perft, spec, "--position", position, "--depth", str(depth), "--json"],
                             check=True, capture_output=True, text=True).stdout
        n = int(json.loads(res)["nodes"])
        out[depth] = n
        if n > cap:
            break
        depth += 1
    return out


def main():
    perft, game = sys.argv[1], sys.argv[2]
    spec, seeds, ply, sweep, cap = GAMES[game]
    chosen = []  # (id, position, how)
    for seed in seeds:
        game_plies = play(perft, spec, seed, ply)
        p = game_plies[-1]
        chosen.append((f"seed{seed}-ply{p['ply']}", p["position"],
                       f"perft play {spec} --seed {seed} --plies {ply}, position at ply {p['ply']}"))
    pool = []
    for seed in sweep:
        for p in play(perft, spec, seed, 200):
            pool.append((seed, p))

    def pick(name, key, what):
        seed, p = max(pool, key=lambda sp: (key(sp[1]), -sp[0], -sp[1]["ply"]))
        chosen.append((f"{name}-seed{seed}-ply{p['ply']}", p["position"],
                       f"{what}: perft play {spec} --seed {seed}, ply {p['ply']}, "
                       f"the most in seeds {sweep.start}-{sweep.stop - 1}"))

    if game in ("emergo", "eximo"):
        # Capture-heavy: a capture is forced, and there are the most of them.
        pick("captures", lambda p: p["n"] if all("x" in m for m in p["moves"]) else 0,
             "capture moves")
    if game == "emergo":
        pick("columns", lambda p: p["position"].split()[0].count("("), "columns")
    if game == "meridians":
        pick("crowded", lambda p: sum(c in "BW" for c in p["position"].split()[0]) * (p["n"] >= 20),
             "stones (with 20 moves or more)")
    for name, position in EXTRA.get(game, []):
        chosen.append((name, position, "the example midgame position of issue 15"))
    for name, position, how in chosen:
        c = counts(perft, spec, position, cap)
        ds = "; ".join(f"D{d} {n}" for d, n in c.items())
        print(f"{spec}; {position}; {ds}; id {name}; src {how}")


if __name__ == "__main__":
    main()
