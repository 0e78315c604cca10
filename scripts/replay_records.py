#!/usr/bin/env python3
"""Game records (perft replay, docs/cli.md) from the golden playthroughs.

    scripts/replay_records.py fixtures/playthroughs/*.txt > fixtures/replays/playthroughs.txt

Each playthrough becomes one line: its spec, start position, the moves played,
the number of legal moves before each ply and the outcome as a result key.
The CTest test replay_records_current checks that the file is this output.
"""
import os
import re
import shlex
import sys


def result_key(outcome):
    # "win w", "draw", "draw b,w", "ongoing (stopped ...)", "draw (by repetition ...)"
    words = outcome.split(" (")[0].split()
    if words[0] == "ongoing":
        return "ongoing"
    if words[0] == "win":
        return words[1]
    if len(words) == 1:
        return "draw"
    return "draw:" + words[1].replace(",", "+")


def record(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    args = shlex.split(lines[0])  # perft play SPEC --seed N --plies N [--position P]
    spec = args[2]
    position = args[args.index("--position") + 1] if "--position" in args else "start"
    moves, counts, outcome = [], [], None
    for line in lines[1:]:
        m = re.match(r"  moves     (\d+):", line)
        if m:
            counts.append(m.group(1))
        elif line.startswith("  play      "):
            moves.append(line.split()[1])
        elif line.startswith("  outcome   "):
            outcome = line[len("  outcome   "):]
    name = os.path.splitext(os.path.basename(path))[0]
    return (f"{spec}; {position}; moves {' '.join(moves)}; result {result_key(outcome)}; "
            f"counts {' '.join(counts)}; id {name}; src fixtures/playthroughs/{name}.txt")


def main():
    print("# Game records for perft replay (docs/cli.md), one per golden playthrough:")
    print("# scripts/replay_records.py fixtures/playthroughs/*.txt > fixtures/replays/playthroughs.txt")
    for path in sorted(sys.argv[1:]):
        print(record(path))


if __name__ == "__main__":
    main()
