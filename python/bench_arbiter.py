#!/usr/bin/python3
"""The figures of docs/python.md, on this machine, in one
run: perft nodes/s through arbiter.perft against the perft tool, Position calls
per second, random games per second, and the same walks in Python through the
adapter (adapters/python/arbiter_adapter.py): over arbiter positions, and the
adapter example (example_serve_backed.py, `perft serve` behind a pipe).

Usage: /usr/bin/python3 python/bench_arbiter.py BUILD_DIR   (e.g. build/check)
"""
import json
import os
import subprocess
import sys
import time

BUILD = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/check")
SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(BUILD, "python"))
sys.path.insert(0, os.path.join(SOURCE, "adapters/python"))
PERFT = os.path.join(BUILD, "bin/perft")

import arbiter  # noqa: E402
from arbiter_adapter import MoveGenerator  # noqa: E402
from example_serve_backed import ServeBacked  # noqa: E402


class ArbiterBacked(MoveGenerator):
    def new_game(self, spec):
        self.game = arbiter.Game(spec)

    def start(self):
        return self.game.start()

    def legal_moves(self, pos):
        return pos.legal_moves()

    def play(self, pos, move):
        return pos.play(move)


def timed(f):
    t0 = time.perf_counter()
    result = f()
    return result, time.perf_counter() - t0


def rate(n, s):
    return "%.3g" % (n / s)


def main():
    rows = []
    for spec, depth in (("emergo", 6), ("eximo", 6), ("meridians", 5), ("ecalper", None)):
        p = arbiter.Game(spec).start()
        if depth is None:  # Ecalper: millions of moves a turn, random games only
            for threads in (1, 2):
                r, s = timed(lambda: arbiter.random_games(spec, 2000, 1, threads=threads))
                rows.append((spec, "2000 games, %d thread%s" % (threads, "s" if threads > 1 else ""),
                             "arbiter.random_games", rate(2000, s),
                             "games/s, mean %.0f plies" % r["plies"].mean()))
            continue
        n, s = timed(lambda: arbiter.perft(p, depth, threads=1, hash_mb=0))
        j = json.loads(subprocess.run([PERFT, spec, "--depth", str(depth), "--threads", "1",
                                       "--hash", "0", "--json"], capture_output=True,
                                      text=True, check=True).stdout)
        assert int(j["nodes"]) == n
        cli_rate = int(j["nps"])
        arbiter_rate = n / s
        rows.append((spec, "perft(%d), 1 thread, no table" % depth, "arbiter.perft",
                     rate(n, s), "CLI %.3g, ratio %.2f" % (cli_rate, n / s / cli_rate)))

        calls = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < 1:
            for _ in range(100):
                p.legal_moves()
            calls += 100
        rows.append((spec, "start position", "Position.legal_moves()", rate(calls, time.perf_counter() - t0), ""))
        moves = p.legal_moves()
        calls = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < 1:
            for m in moves:
                p.play(m)
            calls += len(moves)
        rows.append((spec, "start position", "Position.play(move)", rate(calls, time.perf_counter() - t0), ""))

        for threads in (1, 2):
            r, s = timed(lambda: arbiter.random_games(spec, 2000, 1, threads=threads))
            rows.append((spec, "2000 games, %d thread%s" % (threads, "s" if threads > 1 else ""),
                         "arbiter.random_games", rate(2000, s), "games/s, mean %.0f plies" % r["plies"].mean()))

        gen = ArbiterBacked()
        gen.new_game(spec)
        d = 3 if spec != "meridians" else 2
        n_py, s = timed(lambda: gen.perft(gen.start(), d))
        assert n_py == arbiter.perft(p, d)
        rows.append((spec, "perft(%d)" % d, "Python walk over arbiter positions (MoveGenerator.perft)",
                     rate(n_py, s), "%.0fx slower than arbiter.perft" % (arbiter_rate / (n_py / s))))
        if spec == "emergo":
            serve = ServeBacked(PERFT)
            serve.new_game(spec)
            n_serve, s = timed(lambda: serve.perft(serve.start(), 2))
            serve.proc.stdin.close()
            serve.proc.wait()
            rows.append((spec, "perft(2)", "the adapter example (example_serve_backed.py)",
                         rate(n_serve, s), "%.0fx slower than arbiter.perft" % (arbiter_rate / (n_serve / s))))
    print("| game | workload | through | per second | note |")
    print("|---|---|---|---|---|")
    for r in rows:
        print("| %s |" % " | ".join(r))


if __name__ == "__main__":
    main()
