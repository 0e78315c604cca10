#!/usr/bin/env python3
"""Every rule variant against its default: Ludii's game metrics (perft stats).

Usage: scripts/variant_metrics.py PERFT [--games N] [--seed S] [--threads T]
           [--max-plies P] [--player random|greedy] [--players LIST]
           [--only TEXT] [--jsonl FILE]

For each variant of RULES.md section V (V1-V7; the V8 presets only name
them) and Ecalper's C4 replace=last-added and C7 players=3, runs
`PERFT stats <default> --vs <variant> --games N --seed S --json` with the given
players and prints a Markdown table for docs/variants.md ("Game metrics"):
each metric under A (the default) and B (the variant), B - A, and in bold where
the two-sided test gives p < 0.05. --player is passed to perft as it is;
--players too (per-seat players, e.g. `--players mcts:200`, where perft has
that option). --jsonl keeps each run's JSON line. Exit 1 if a run fails.
"""
import argparse
import json
import subprocess
import sys
import time

# (default, variant, clause)
PAIRS = [
    ("emergo", "emergo:blocked=loss", "V1"),
    ("emergo", "emergo:capture=any", "V2"),
    ("emergo", "emergo:feeding=allowed", "V3"),
    ("eximo", "eximo:drops=optional", "V4"),
    ("eximo", "eximo:capture=max", "V5"),
    ("meridians", "meridians:second=sight", "V6"),
    ("meridians", "meridians:pass=keeps", "V7"),
    ("ecalper", "ecalper:replace=last-added", "C4"),
    ("ecalper", "ecalper:players=3", "C7"),
]

# (JSON key, column heading, shown in %)
METRICS = [
    ("balance", "balance", True),
    ("advantage_p1", "1st-mover adv.", True),
    ("completion", "completion", True),
    ("drawishness", "drawishness", True),
    ("duration", "duration (plies)", False),
    ("branching", "branching", False),
    ("lead_changes", "lead changes", False),
    ("decisiveness", "decisiveness", True),
]


def cell(a, b, d, percent):
    if not a.get("available") or not b.get("available") or not d.get("available", True):
        return "n/a"
    k = 100 if percent else 1
    digits = 1
    if not percent and max(abs(a["value"]), abs(b["value"])) >= 1000:
        digits = 0
    text = "%.*f → %.*f" % (digits, k * a["value"], digits, k * b["value"])
    text += " (%+.*f)" % (digits, k * d["diff"])
    return "**%s**" % text if d["p"] < 0.05 else text


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("perft")
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--max-plies", type=int, default=1000)
    ap.add_argument("--player")
    ap.add_argument("--players")
    ap.add_argument("--only", help="only the variants whose spec contains TEXT")
    ap.add_argument("--jsonl", help="keep each run's JSON line in FILE")
    args = ap.parse_args()

    who = []
    if args.player:
        who += ["--player", args.player]
    if args.players:
        who += ["--players", args.players]
    label = " ".join(who[1::2]) or "random"
    rows, lines = [], []
    for default, variant, clause in PAIRS:
        if args.only and args.only not in variant:
            continue
        command = [args.perft, "stats", default, "--vs", variant, "--games", str(args.games),
                   "--seed", str(args.seed), "--threads", str(args.threads), "--max-plies",
                   str(args.max_plies), "--json"] + who
        start = time.monotonic()
        p = subprocess.run(command, capture_output=True, text=True)
        if p.returncode != 0:
            print("variant_metrics: %s failed (exit %d): %s" %
                  (" ".join(command[1:]), p.returncode, p.stderr.strip()), file=sys.stderr)
            return 1
        print("variant_metrics: %s --vs %s: %.0f s" % (default, variant, time.monotonic() - start),
              file=sys.stderr)
        j = json.loads(p.stdout)
        lines.append(p.stdout.strip())
        a, b, d = j["a"]["metrics"], j["b"]["metrics"], j["metric_difference"]
        cells = [cell(a[k], b[k], d[k], pc) for k, _, pc in METRICS]
        rows.append("| `%s` | %s | %s | %d | %s |" %
                    (variant, clause, label, j["a"]["games"], " | ".join(cells)))
    if args.jsonl:
        with open(args.jsonl, "w") as out:
            out.write("\n".join(lines) + "\n")
    print("| variant (B; A = its default) | clause | players | games each | " +
          " | ".join(h for _, h, _ in METRICS) + " |")
    print("|---|---|---|---|" + "---|" * len(METRICS))
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
