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

Positions are values: play returns a new one and leaves its argument as it was
(the walk and the cache rely on it). serve(gen, cache=N) keeps at most N
positions of the position walk with their move lists (default 4096; 0: none).
"""
import collections
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


class _Entry:
    __slots__ = ("key", "pos", "moves")

    def __init__(self, pos):
        self.key, self.pos, self.moves = None, pos, None


class _PositionCache:
    """The position walk's positions by root and move path, each with its move
    list once asked: `position <root> moves <path>` plays only the moves past the
    longest path held, and checks each against a held list. Least recently used
    first out, within `size` positions and 10^6 listed moves."""

    def __init__(self, size):
        self.size, self.map, self.listed = size, collections.OrderedDict(), 0

    def clear(self):
        self.map.clear()
        self.listed = 0

    def get(self, key):
        entry = self.map.get(key)
        if entry is not None:
            self.map.move_to_end(key)
        return entry

    def add(self, key, entry):
        entry.key = key
        old = self.map.pop(key, None)
        if old is not None and old.moves is not None:
            self.listed -= len(old.moves)
        self.map[key] = entry
        self._trim()
        return entry

    def listed_moves(self, entry, moves):
        entry.moves = moves
        if self.map.get(entry.key) is entry:  # held: counted against the bound
            self.listed += len(moves)
            self._trim()

    def _trim(self):
        while len(self.map) > self.size or (self.listed > 10 ** 6 and len(self.map) > 1):
            _, entry = self.map.popitem(last=False)
            if entry.moves is not None:
                self.listed -= len(entry.moves)


def _moves_of(gen, cache, entry):
    """The move list of a walk entry, asked once."""
    if entry.moves is None:
        moves = list(gen.legal_moves(entry.pos))
        if cache is not None:
            cache.listed_moves(entry, moves)
        else:
            entry.moves = moves
    return entry.moves


def _position(gen, words, cache=None):
    """`position <text|start> [moves m1 m2 ...]`; the text has blanks of its own."""
    if "moves" in words:
        cut = words.index("moves")
        root, moves = words[:cut], words[cut + 1:]
    else:
        root, moves = words, []
    if not root:
        raise ValueError("position needs a text or start")
    root_key = " ".join(root)

    def key(n):
        return root_key + "\n" + " ".join(moves[:n])

    done, entry = len(moves), None
    if cache is not None:
        entry = cache.get(key(done))
        while entry is None and done > 0:
            done -= 1
            entry = cache.get(key(done))
    if entry is None:
        done = 0
        entry = _Entry(gen.start() if root == ["start"] else gen.parse(root_key))
        if cache is not None:
            cache.add(key(0), entry)
    for i in range(done, len(moves)):
        if moves[i] not in _moves_of(gen, cache, entry):
            raise ValueError("move %d '%s' is illegal" % (i + 1, moves[i]))
        entry = _Entry(gen.play(entry.pos, moves[i]))
        if cache is not None:
            cache.add(key(i + 1), entry)
    return entry


def _depth(words, least):
    if len(words) != 1 or not words[0].isdigit() or int(words[0]) < least:
        raise ValueError("expected one depth of at least %d" % least)
    return int(words[0])


def _divide_lines(gen, pos, depth, moves):
    lines, total = [], 0
    for m in moves:
        n = gen.perft(gen.play(pos, m), depth - 1)
        lines.append("%s %d" % (m, n))
        total += n
    return lines, total


def serve(gen, args=None, stdin=sys.stdin, stdout=sys.stdout, cache=4096):
    """args: the command-line arguments meant for the adapter (default sys.argv[1:]);
    cache: the positions the position walk keeps (0: none)."""
    args = sys.argv[1:] if args is None else args
    if not isinstance(cache, int) or isinstance(cache, bool) or cache < 0:
        raise ValueError("serve: cache must be a count of positions (0: none), not %r" % (cache,))
    if len(args) == 3:  # perftree form: depth, position, moves
        return _script(gen, *args)
    held = _PositionCache(cache) if cache > 0 else None
    at = None
    for line in stdin:
        words = line.split()
        verb, args = (words[0], words[1:]) if words else ("", [])
        try:
            if verb == "quit":
                return 0
            elif verb == "game":
                if len(args) != 1:
                    raise ValueError("game takes one spec")
                at = None
                if held is not None:
                    held.clear()  # another game: other positions
                gen.new_game(args[0])
                at = _Entry(gen.start())
                reply = "ok"
            elif verb == "position":
                at = _position(gen, args, held)
                reply = "ok"
            elif at is None:
                raise ValueError("no game yet (send game <spec> first)")
            elif verb == "divide":
                depth = _depth(args, 1)
                lines, total = _divide_lines(gen, at.pos, depth, _moves_of(gen, held, at))
                reply = "\n".join(lines + ["total %d" % total])
            elif verb == "perft":
                reply = "total %d" % gen.perft(at.pos, _depth(args, 0))
            elif verb == "moves":
                reply = " ".join(["moves"] + list(_moves_of(gen, held, at)))
            elif verb == "text":
                text = gen.format(at.pos)
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
    at = _position(gen, position.split() + ["moves"] + moves.split())
    lines, total = _divide_lines(gen, at.pos, int(depth), _moves_of(gen, None, at))
    print("\n".join(lines + ["", str(total)]))
    return 0
