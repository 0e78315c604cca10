#!/usr/bin/python3
"""The game API's figures of docs/python.md (arbiter.load_game): per game, the
CPU time of one legal_actions() + apply_action() step in a plain Python loop,
random playouts per second through that loop on one thread against
`perft stats GAME --threads 1`, and State.random_playouts (the same loop in
C++). CPU times (time.process_time, and the perft child's from getrusage):
the machine is shared, so wall time would measure the other builds.

Usage: /usr/bin/python3 python/bench_game_api.py BUILD_DIR [SECONDS]   (e.g. build/check 3)
"""
import os
import random
import resource
import subprocess
import sys
import time

BUILD = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/check")
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
sys.path.insert(0, os.path.join(BUILD, "python"))
PERFT = os.path.join(BUILD, "bin/perft")

import arbiter  # noqa: E402


def python_playouts(game, seconds):
    """Random games through the API for about `seconds` of CPU: games, steps, turns, CPU s."""
    rng = random.Random(1)
    games = steps = turns = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
        games += 1
        turns += state.move_number()
    return games, steps, turns, time.process_time() - t0


def cli_playouts(spec, games):
    """perft stats on one thread: games per CPU second of the child."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([PERFT, "stats", spec, "--threads", "1", "--games", str(games)],
                   check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return games / cpu


def main():
    print("| game | Python loop: ns per legal_actions() + apply_action() | actions per turn "
          "| Python loop games/s | perft stats --threads 1 games/s | ratio "
          "| State.random_playouts games/s |")
    print("|---|---|---|---|---|---|---|")
    for spec in ("emergo", "eximo", "meridians", "ecalper"):
        game = arbiter.load_game(spec)
        games, steps, turns, cpu = python_playouts(game, SECONDS)
        py_rate = games / cpu
        cli_rate = cli_playouts(spec, max(200, int(py_rate * SECONDS * 2)))
        state = game.new_initial_state()
        n = max(100, int(py_rate * SECONDS * 2))
        t0 = time.process_time()
        state.random_playouts(n, seed=1)
        batch_rate = n / (time.process_time() - t0)
        print("| %s | %.0f | %.2f | %.0f | %.0f | %.2f | %.0f |" % (
            spec, cpu / steps * 1e9, steps / turns, py_rate, cli_rate, py_rate / cli_rate,
            batch_rate))


if __name__ == "__main__":
    main()
