#!/usr/bin/env python3
"""Example plug-in for arbiter_adapter: a move generator that asks `perft serve`
for the moves and the positions. Replace it with your own engine's calls.

Usage: example_serve_backed.py PERFT [DEPTH POSITION MOVES]
  PERFT  the perft program (build/bin/perft). With ARB_ADAPTER_BUG=drop-last in
         the environment it drops the last move of every position with three
         men on the board (a test that verify finds a bug through the adapter);
         with ARB_ADAPTER_BUG=unsupported it cannot hold a position given as
         a text (`err unsupported`: verify skips that root). For the tests:
         ARB_ADAPTER_CACHE=N sets serve's cache (0: none), ARB_ADAPTER_CALLS=FILE
         writes the calls into the generator as JSON at exit.
"""
import atexit
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from arbiter_adapter import MoveGenerator, Unsupported, serve  # noqa: E402


class ServeBacked(MoveGenerator):
    def __init__(self, perft, bug=None):
        self.bug = bug
        self.proc = subprocess.Popen([perft, "serve", "emergo"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def ask(self, request):
        self.proc.stdin.write(request + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline().rstrip("\n")
        if reply.startswith("err "):
            raise ValueError(reply[4:])
        return reply

    # Positions are their texts.
    def new_game(self, spec):
        self.ask("game " + spec)

    def start(self):
        self.ask("position start")
        return self.ask("text")[5:]

    def parse(self, text):
        if self.bug == "unsupported":
            raise Unsupported("this engine starts from the start only")
        self.ask("position " + text)
        return self.ask("text")[5:]

    def legal_moves(self, pos):
        self.ask("position " + pos)
        moves = self.ask("moves").split()[1:]
        board = pos.split()[0]
        if self.bug == "drop-last" and board.count("W") + board.count("B") == 3:
            moves = moves[:-1]
        return moves

    def play(self, pos, move):
        self.ask("position %s moves %s" % (pos, move))
        return self.ask("text")[5:]

    def format(self, pos):
        return pos


class Counted(ServeBacked):
    """The calls into the move generator, written to $ARB_ADAPTER_CALLS at exit."""
    calls = {}

    def legal_moves(self, pos):
        self.calls["legal_moves"] = self.calls.get("legal_moves", 0) + 1
        return super().legal_moves(pos)

    def play(self, pos, move):
        self.calls["play"] = self.calls.get("play", 0) + 1
        return super().play(pos, move)


if __name__ == "__main__":
    calls_file = os.environ.get("ARB_ADAPTER_CALLS")
    if calls_file:
        atexit.register(lambda: open(calls_file, "w").write(json.dumps(Counted.calls)))
    cache = os.environ.get("ARB_ADAPTER_CACHE")
    gen = (Counted if calls_file else ServeBacked)(sys.argv[1], os.environ.get("ARB_ADAPTER_BUG"))
    sys.exit(serve(gen, sys.argv[2:], **({"cache": int(cache)} if cache else {})))
