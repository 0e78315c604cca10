#!/usr/bin/env python3
"""The arbiter engine protocol (docs/engine-protocol.md) on top of your move generator.

Standard library only. Subclass MoveGenerator, then call serve(YourGenerator()):

    class MyGame(MoveGenerator):
        def new_game(self, spec): ...            # raise ValueError if you cannot play it
        def start(self): ...                     # the start position (any Python object)
        def parse(self, text): ...               # a position text -> position (ValueError if bad,
                                                 # Unsupported if you cannot hold it)
        def legal_moves(self, pos): ...          # -> list of move texts (RULES.md notation)
        def play(self, pos, move): ...           # -> the position after a legal move text
        def format(self, pos): ...               # -> the position text, or None (no `text`)

    serve(MyGame())

serve() answers the persistent protocol on stdin/stdout. Given three
arguments (depth, position, moves) it answers one perftree-style question
instead (perft verify --script), reading the game spec from $PERFT_GAME.
"""
import os
import sys


class Unsupported(ValueError):
    """Raise it from parse (or play) for a position your engine cannot hold (say,
    fewer men than its game has): the reply is `err unsupported ...`, and
    perft verify skips that root with your reason instead of failing."""


class MoveGenerator:
    """What you plug in. Positions are whatever objects you like."""

    def new_game(self, spec):
        raise ValueError("new_game is not written")

    def start(self):
        raise NotImplementedError

    def parse(self, text):
        raise ValueError("parse is not written")

    def legal_moves(self, pos):
        raise NotImplementedError

    def play(self, pos, move):
        raise NotImplementedError

    def format(self, pos):
        return None  # the harness then skips its text comparison

    # Override for speed: the count of the last ply without playing it.
    def count_moves(self, pos):
        return len(self.legal_moves(pos))

    def perft(self, pos, depth):
        if depth == 0:
            return 1
        if depth == 1:
            return self.count_moves(pos)
        return sum(self.perft(self.play(pos, m), depth - 1) for m in self.legal_moves(pos))


def _position(gen, words):
    """`position <text|start> [moves m1 m2 ...]`; the text has blanks of its own."""
    if "moves" in words:
        cut = words.index("moves")
        root, moves = words[:cut], words[cut + 1:]
    else:
        root, moves = words, []
    if not root:
        raise ValueError("position needs a text or start")
    pos = gen.start() if root == ["start"] else gen.parse(" ".join(root))
    for i, m in enumerate(moves):
        if m not in gen.legal_moves(pos):
            raise ValueError("move %d '%s' is illegal" % (i + 1, m))
        pos = gen.play(pos, m)
    return pos


def _depth(words, least):
    if len(words) != 1 or not words[0].isdigit() or int(words[0]) < least:
        raise ValueError("expected one depth of at least %d" % least)
    return int(words[0])


def _divide_lines(gen, pos, depth):
    lines, total = [], 0
    for m in gen.legal_moves(pos):
        n = gen.perft(gen.play(pos, m), depth - 1)
        lines.append("%s %d" % (m, n))
        total += n
    return lines, total


def serve(gen, args=None, stdin=sys.stdin, stdout=sys.stdout):
    """args: the command-line arguments meant for the adapter (default sys.argv[1:])."""
    args = sys.argv[1:] if args is None else args
    if len(args) == 3:  # perftree form: depth, position, moves
        return _script(gen, *args)
    pos = None
    for line in stdin:
        words = line.split()
        verb, args = (words[0], words[1:]) if words else ("", [])
        try:
            if verb == "quit":
                return 0
            elif verb == "game":
                if len(args) != 1:
                    raise ValueError("game takes one spec")
                gen.new_game(args[0])
                pos = gen.start()
                reply = "ok"
            elif verb == "position":
                pos = _position(gen, args)
                reply = "ok"
            elif pos is None:
                raise ValueError("no game yet (send game <spec> first)")
            elif verb == "divide":
                lines, total = _divide_lines(gen, pos, _depth(args, 1))
                reply = "\n".join(lines + ["total %d" % total])
            elif verb == "perft":
                reply = "total %d" % gen.perft(pos, _depth(args, 0))
            elif verb == "moves":
                reply = " ".join(["moves"] + list(gen.legal_moves(pos)))
            elif verb == "text":
                text = gen.format(pos)
                reply = "err unsupported" if text is None else "text " + text
            else:
                raise ValueError("unknown request '%s'" % verb)
        except Exception as e:  # every failure is one `err` line, never a dead engine
            reply = "err " + ("unsupported " if isinstance(e, Unsupported) else "") + \
                " ".join(str(e).split())
        stdout.write(reply + "\n")
        stdout.flush()
    return 0


def _script(gen, depth, position, moves):
    gen.new_game(os.environ.get("PERFT_GAME", ""))
    pos = _position(gen, position.split() + ["moves"] + moves.split())
    lines, total = _divide_lines(gen, pos, int(depth))
    print("\n".join(lines + ["", str(total)]))
    return 0
