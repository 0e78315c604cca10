"""The module arbiter against the perft tool: the same counts, the
same texts, the same one-line errors. Expected numbers come from the CLI
(perft --json), never typed in."""
import json
import os
import subprocess
import sys
import threading
import time

import numpy
import pytest

import arbiter
from conftest import PERFT

# Every game, and specs with options; both implementations.
# (Ecalper's three-player first turn has millions of moves: perft only, below.)
SPECS = ["emergo", "emergo:size=7", "eximo", "eximo:drops=optional", "ecalper:size=5",
         "ecalper:size=5,replace=last-added", "meridians", "meridians:size=6,swap"]
IMPLS = ["engine", "reference"]


def cli(*args):
    r = subprocess.run([PERFT, *args], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def cli_json(*args):
    code, out, err = cli(*args, "--json")
    assert code == 0, err
    j = json.loads(out)
    return j


def cli_error(*args):
    code, out, err = cli(*args)
    assert code == 2 and err.startswith("perft: error: "), (code, out, err)
    return err[len("perft: error: "):].rstrip("\n")


def count(n):  # a JSON count: a number, or a string of digits above 2^53
    return int(n)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("spec", SPECS)
def test_P1_PerftAndDivideAreTheCliCounts(spec, impl):
    g = arbiter.Game(spec, impl=impl)
    depth = 2 if impl == "reference" else 3
    start = g.start()
    assert arbiter.perft(start, depth) == count(cli_json(spec, "--depth", str(depth), "--impl", impl)["nodes"])
    depth = 1 if spec.startswith("ecalper") else depth  # its divide lists 10^4 moves and more
    j = cli_json(spec, "--depth", str(depth), "--divide", "--impl", impl)
    assert start.text == j["position"]
    assert g.spec == j["game"] and g.impl == impl
    divide = arbiter.perft(start, depth, divide=True)
    assert list(divide) == list(j["divide"])  # byte order of the moves
    assert {m: n for m, n in divide.items()} == {m: count(n) for m, n in j["divide"].items()}
    assert start.legal_moves() == list(j["divide"])


@pytest.mark.parametrize("spec", ("emergo", "eximo", "meridians"))
def test_P4_TableAndThreadsGiveTheCliCount(spec):
    j = cli_json(spec, "--depth", "5", "--hash", "16", "--threads", "2")
    p = arbiter.Game(spec).start()
    assert arbiter.perft(p, 5, threads=2, hash_mb=16) == count(j["nodes"])
    assert arbiter.perft(p, 4, threads=1, hash_mb=0) == count(cli_json(spec, "--depth", "4")["nodes"])


def test_P4_CountsAbove2To64AreExactPythonInts():
    # Ecalper's turns: count_subtree passes 2^64 at depth 4 on size 8.
    for spec in ("ecalper:size=8", "ecalper:size=5,replace=last-added,players=3"):
        j = cli_json(spec, "--depth", "4")
        n = arbiter.perft(arbiter.Game(spec).start(), 4)
        assert isinstance(n, int) and n == count(j["nodes"]) and n > 2**64
        assert len(arbiter.Game(spec).players) == (3 if "players=3" in spec else 2)


@pytest.mark.parametrize("spec", SPECS)
def test_Notation_PlayedLinesAreTheCliShow(spec):
    """A seeded walk: every position's text, side, outcome and moves as perft show
    gives them, and engine and reference alike."""
    engine, reference = arbiter.Game(spec), arbiter.Game(spec, impl="reference")
    pe, pr, moves = engine.start(), reference.start(), []
    for ply in range(6):
        assert pe.text == pr.text and pe.to_move == pr.to_move and pe.outcome == pr.outcome
        legal = pe.legal_moves()
        assert legal == pr.legal_moves() and pe.count_moves() == len(legal)
        if not legal:
            break
        m = legal[(7 * ply + 3) % len(legal)]
        pe, pr = pe.play(m), pr.play(m)
        moves.append(m)
    code, out, err = cli("show", spec, "--moves", " ".join(moves))
    assert code == 0, err
    assert "position: " + pe.text + "\n" in out
    assert "to move:  " + pe.to_move + "\n" in out
    assert pe.diagram in out


def test_Errors_AreTheCliOneLineMessages():
    # Spec, position and move: the CLI's own one-line message.
    g = arbiter.Game("emergo:size=7")
    p = g.start()
    cases = [
        (lambda: arbiter.Game("emergo:size=4"), ["emergo:size=4", "--depth", "1"]),
        (lambda: arbiter.Game("chess"), ["chess", "--depth", "1"]),
        (lambda: arbiter.Game("emergo", impl="fast"), ["emergo", "--depth", "1", "--impl", "fast"]),
        (lambda: g.parse("7/7/7 w 8 8"), ["emergo:size=7", "--position", "7/7/7 w 8 8", "--depth", "1"]),
        (lambda: p.play("z9"), ["emergo:size=7", "--moves", "z9", "--depth", "1"]),
    ]
    for call, args in cases:
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == cli_error(*args), args


def test_Errors_NameThePythonParameters():
    """A bad value is a ValueError in Python's words: the parameter's name,
    never the CLI's option (they said "--games must be at least 1" for n=0),
    within the CLI's limits."""
    g = arbiter.Game("emergo:size=7")
    p = g.start()
    cases = [
        (lambda: arbiter.perft(p, -1), "depth must be at least 0, got -1"),
        (lambda: arbiter.perft(p, 65), "depth must be at most 64, got 65"),
        (lambda: arbiter.perft(p, 2, threads=0), "threads must be at least 1, got 0"),
        (lambda: arbiter.perft(p, 2, threads=1025), "threads must be at most 1024, got 1025"),
        (lambda: arbiter.perft(p, 2, hash_mb=2**21), "hash_mb must be at most 1048576, got 2097152"),
        (lambda: arbiter.perft(p, 2, hash_mb=-1), "hash_mb must be at least 0, got -1"),
        (lambda: arbiter.random_games(g, 0, 1), "n must be at least 1, got 0"),
        (lambda: arbiter.random_games(g, -1, 1), "n must be at least 1, got -1"),
        (lambda: arbiter.random_games(g, 10**13, 1),
         "n must be at most 1000000000000, got 10000000000000"),
        (lambda: arbiter.random_games(g, 5, -1), "seed must be at least 0, got -1"),
        (lambda: arbiter.random_games(g, 5, 2**64), "seed must be at most %d, got %d" % (2**64 - 1, 2**64)),
        (lambda: arbiter.random_games(g, 5, 1, max_plies=0), "max_plies must be at least 1, got 0"),
        (lambda: arbiter.random_games(g, 5, 1, max_plies=2000000),
         "max_plies must be at most 1000000, got 2000000"),
        (lambda: arbiter.random_games(g, 5, 1, player="best"),
         "player must be 'random' or 'greedy', got 'best'"),
        (lambda: arbiter.random_games(g, 5, 1, player="a\0b"),
         "player holds a NUL character: 'a\\x00b'"),
        (lambda: arbiter.random_games(g, 5, 1, threads=0), "threads must be at least 1, got 0"),
    ]
    for call, want in cases:
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == want
    # The CLI's checks that remain (a table on the reference) speak Python too.
    with pytest.raises(ValueError) as e:
        arbiter.perft(arbiter.Game("emergo", "reference").start(), 2, hash_mb=1)
    assert str(e.value) == cli_error("emergo", "--depth", "2", "--hash", "1", "--impl",
                                     "reference").replace("--hash", "hash_mb")
    assert "--" not in str(e.value)
    # A NUL or control character of a text is escaped, never printed raw.
    for call in (lambda: arbiter.Game("emer\0go"), lambda: g.parse("7/7\0"),
                 lambda: p.play("a\x01"), lambda: arbiter.Game("emergo", impl="x\0")):
        with pytest.raises(ValueError) as e:
            call()
        assert "\0" not in str(e.value) and "\x01" not in str(e.value), str(e.value)
        assert "\\x00" in str(e.value) or "\\x01" in str(e.value), str(e.value)


class Foreign:
    """An object of no arbiter type."""


class StubEngine:
    """The adapter's methods, never reached: the arguments fail first."""

    def new_game(self, spec): raise AssertionError
    def start(self): raise AssertionError
    def parse(self, text): raise AssertionError
    def legal_moves(self, pos): raise AssertionError
    def play(self, pos, move): raise AssertionError


def test_Types_NoneWrongTypesAndForeignObjectsAreTypeErrors():
    """Every binding: None, a wrong type or a foreign object is a TypeError,
    never a crash (count_moves([None]) killed the interpreter) nor another
    error ("Unable to cast" for position="x")."""
    g = arbiter.Game("emergo")
    p = g.start()
    e = StubEngine()
    wrong = [None, "x", 1, 1.5, True, b"x", [], Foreign(), g, p]
    not_position = [b for b in wrong if b is not p]
    not_int = [b for b in wrong if not isinstance(b, int) or isinstance(b, bool)]
    not_str = [b for b in wrong if not isinstance(b, str)]
    not_bool = [b for b in wrong if not isinstance(b, bool)]
    calls = []
    for bad in not_position:
        calls += [lambda bad=bad: g.count_moves([bad]), lambda bad=bad: g.count_moves([p, bad]),
                  lambda bad=bad: arbiter.perft(bad, 1),
                  lambda bad=bad: arbiter.perft(position=bad, depth=1, divide=True)]
        if bad is not None:  # None is the start
            calls.append(lambda bad=bad: arbiter.random_games(g, 2, 1, position=bad))
    for bad in not_int:
        calls += [lambda bad=bad: arbiter.perft(p, bad),
                  lambda bad=bad: arbiter.random_games(g, bad, 1),
                  lambda bad=bad: arbiter.random_games(g, 2, bad),
                  lambda bad=bad: arbiter.random_games(g, 2, 1, max_plies=bad),
                  lambda bad=bad: arbiter.verify(e, "emergo", bad),
                  lambda bad=bad: arbiter.verify(e, "emergo", 1, text_depth=bad)]
        if bad is not None:  # None is the default
            calls += [lambda bad=bad: arbiter.perft(p, 1, threads=bad),
                      lambda bad=bad: arbiter.perft(p, 1, hash_mb=bad),
                      lambda bad=bad: arbiter.random_games(g, 2, 1, threads=bad)]
    for bad in not_str:
        calls += [lambda bad=bad: arbiter.Game(bad),
                  lambda bad=bad: arbiter.Game("emergo", impl=bad),
                  lambda bad=bad: g.parse(bad), lambda bad=bad: p.play(bad),
                  lambda bad=bad: arbiter.random_games(g, 2, 1, player=bad),
                  lambda bad=bad: arbiter.verify(e, bad, 1),
                  lambda bad=bad: arbiter.verify(e, "emergo", 1, impl=bad),
                  lambda bad=bad: arbiter.verify(e, "emergo", 1, position=bad),
                  lambda bad=bad: arbiter.verify(e, "emergo", 1, moves=bad)]
        if not isinstance(bad, arbiter.Game):
            calls.append(lambda bad=bad: arbiter.random_games(bad, 2, 1))
    for bad in not_bool:
        calls.append(lambda bad=bad: arbiter.perft(p, 1, divide=bad))
    for bad in (None, 1, "abc", Foreign(), p):
        calls += [lambda bad=bad: g.count_moves(bad), lambda bad=bad: arbiter.verify(bad, "emergo", 1)]
    for call in calls:
        with pytest.raises(TypeError):
            call()
    # A position of another game is a ValueError (a right type, a wrong value).
    with pytest.raises(ValueError, match="a position of emergo, not of eximo"):
        arbiter.Game("eximo").count_moves([p])


INTERRUPTED = r"""
import os, signal, sys, threading, time
sys.path.insert(0, os.environ["ARBITER_MODULE_DIR"])
import arbiter
call = sys.argv[1]
threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
t0 = time.monotonic()
try:
    if call == "perft":
        arbiter.perft(arbiter.Game("emergo").start(), 10, threads=1)
    elif call == "divide":
        arbiter.perft(arbiter.Game("emergo").start(), 10, divide=True, threads=2, hash_mb=16)
    elif call == "random_games":
        arbiter.random_games("emergo", 10**7, 1, threads=2)
    elif call == "verify":
        class Engine:
            def new_game(self, spec): self.g = arbiter.Game(spec, impl="reference")
            def start(self): return self.g.start()
            def parse(self, text): return self.g.parse(text)
            def legal_moves(self, pos): return pos.legal_moves()
            def play(self, pos, move): return pos.play(move)
        arbiter.verify(Engine(), "emergo", 8)
    print("not interrupted")
except KeyboardInterrupt:
    print("KeyboardInterrupt after %.1f s" % (time.monotonic() - t0))
"""


@pytest.mark.parametrize("call", ("perft", "divide", "random_games", "verify"))
def test_CtrlC_RaisesKeyboardInterrupt(call):
    """Ctrl-C ends a long batch call with KeyboardInterrupt within a moment
    (perft depth 10 ran on, only kill -9 ended it)."""
    package = os.path.dirname(arbiter.__file__)  # <folder>/arbiter/__init__.py
    env = dict(os.environ, ARBITER_MODULE_DIR=os.path.dirname(package))
    r = subprocess.run([sys.executable, "-c", INTERRUPTED, call], capture_output=True, text=True,
                       env=env, timeout=60)
    assert r.stdout.startswith("KeyboardInterrupt after "), (r.returncode, r.stdout, r.stderr)
    assert float(r.stdout.split()[2]) < 4, r.stdout


def test_Positions_AreImmutableValuesOfOneGame():
    g7, g9 = arbiter.Game("emergo:size=7"), arbiter.Game("emergo")
    p = g7.start()
    with pytest.raises(AttributeError):
        p.text = "x"
    with pytest.raises(AttributeError):
        p.extra = 1
    q = p.play(p.legal_moves()[0])
    assert q != p and p == g7.start() and p.text == g7.start().text  # play makes a new one
    assert q == arbiter.Game("emergo:size=7", impl="reference").parse(q.text)
    assert len({p, g7.start(), q}) == 2
    assert g9.start() != p  # another game's position
    with pytest.raises(ValueError, match="a position of emergo:size=7, not of emergo"):
        g9.count_moves([p])


def test_CountMoves_IsANumpyBatch():
    g = arbiter.Game("eximo")
    ps = [g.start()]
    for m in ps[0].legal_moves():
        ps.append(ps[0].play(m))
    counts = g.count_moves(ps)
    assert isinstance(counts, numpy.ndarray) and counts.dtype == numpy.uint64
    assert counts.tolist() == [len(p.legal_moves()) for p in ps]


def test_Perft_ReleasesTheGil():
    p = arbiter.Game("emergo").start()
    t = threading.Thread(target=lambda: arbiter.perft(p, 5, threads=1, hash_mb=0))
    ticks = 0
    t.start()
    while t.is_alive():
        ticks += 1
        time.sleep(0.0001)
    t.join()
    assert ticks > 20  # held, the main thread would wait for the whole count


@pytest.mark.parametrize("spec", ("emergo", "eximo", "meridians", "ecalper:size=5"))
def test_RandomGames_AreSeededAndEndAsTheRulesSay(spec):
    g = arbiter.Game(spec)
    a = arbiter.random_games(g, 200, 7, threads=1, max_plies=300)
    b = arbiter.random_games(spec, 200, 7, threads=2, max_plies=300)
    assert a["players"] == g.players
    assert a["winners"].dtype == numpy.uint8 and a["plies"].dtype == numpy.uint32
    assert (a["winners"] == b["winners"]).all() and (a["plies"] == b["plies"]).all()
    c = arbiter.random_games(g, 200, 8, max_plies=300)
    assert (a["plies"] != c["plies"]).any() or (a["winners"] != c["winners"]).any()
    unfinished = a["winners"] == 0
    assert (a["plies"][unfinished] == 300).all() and (a["plies"] <= 300).all()
    assert (a["winners"] < (1 << len(g.players))).all()
    one = arbiter.random_games(g, 5, 1, max_plies=1)
    assert (one["plies"] == 1).all() and (one["winners"] == 0).all()
    with pytest.raises(ValueError, match="player must be 'random' or 'greedy'"):
        arbiter.random_games(g, 5, 1, player="best")
    with pytest.raises(TypeError):
        arbiter.random_games(g, 5.0, 1)


@pytest.mark.parametrize("spec", ("emergo:size=7", "eximo", "meridians:size=6", "ecalper:size=5"))
@pytest.mark.parametrize("player", ("random", "greedy"))
def test_RandomGames_AreTheGamesOfPerftStats(spec, player):
    # The same games whatever the implementation, tallied as `perft stats` does
    # for the same seed (perft/stats/stats.h plays both).
    n, seed, max_plies = 120, 11, 400
    e = arbiter.random_games(arbiter.Game(spec), n, seed, player=player, max_plies=max_plies)
    r = arbiter.random_games(arbiter.Game(spec, impl="reference"), n, seed, player=player,
                             max_plies=max_plies, threads=1)
    assert (e["winners"] == r["winners"]).all() and (e["plies"] == r["plies"]).all()
    j = cli_json("stats", spec, "--games", str(n), "--seed", str(seed), "--player", player,
                 "--max-plies", str(max_plies))
    rates = j["a"]["rates"]
    winners = [int(w) for w in e["winners"]]
    for i, side in enumerate(e["players"]):
        assert rates[side]["count"] == sum(1 for w in winners if w == 1 << i)
    assert rates["unfinished"]["count"] == sum(1 for w in winners if w == 0)
    assert rates["draw"]["count"] == sum(1 for w in winners if w != 0 and w & (w - 1))


@pytest.mark.parametrize("spec", ("emergo:size=7", "eximo", "meridians:size=6", "ecalper:size=5"))
def test_Players_SearchMovesAreSeededLegalAndTheSameOnBothImpls(spec):
    # players/players.h: the move of a seed by text rank, whatever the impl.
    e = arbiter.Game(spec).start()
    r = arbiter.Game(spec, impl="reference").start()
    for pos in (e, r):
        assert arbiter.mcts_move(pos, 50, 3) in pos.legal_moves()
    assert arbiter.mcts_move(e, 50, 3) == arbiter.mcts_move(r, 50, 3)
    assert arbiter.mcts_move(e, 50, seed=3) == arbiter.mcts_move(e, 50, 3)
    assert arbiter.alphabeta_move(e, 2, 5) == arbiter.alphabeta_move(r, 2, 5)
    # A move the search plays is one the position accepts.
    e.play(arbiter.mcts_move(e, 20, 1))
    e.play(arbiter.alphabeta_move(e, 1, 1))


@pytest.mark.parametrize("spec", ("emergo:size=7", "eximo", "meridians:size=6"))
def test_Players_MctsPlayoutCutOffIsAKeyword(spec):
    # mcts:N:cut=K (docs/players.md): seeded, the same on both impls; a cut-off
    # beyond the length bound (1000 plies from the position) never cuts.
    e = arbiter.Game(spec).start()
    r = arbiter.Game(spec, impl="reference").start()
    move = arbiter.mcts_move(e, 40, 3, cut=4)
    assert move in e.legal_moves()
    assert move == arbiter.mcts_move(r, 40, 3, cut=4)
    assert arbiter.mcts_move(e, 40, 3, cut=1000) == arbiter.mcts_move(e, 40, 3)
    assert arbiter.mcts_move(e, 40, 3, cut=None) == arbiter.mcts_move(e, 40, 3)
    with pytest.raises(TypeError):
        arbiter.mcts_move(e, 40, 3, 4)  # keyword only
    with pytest.raises(ValueError, match="cut must be at least 1"):
        arbiter.mcts_move(e, 40, 3, cut=0)
    with pytest.raises(ValueError, match="cut must be at most 1000"):
        arbiter.mcts_move(e, 40, 3, cut=1001)
    with pytest.raises(TypeError, match="cut must be an int"):
        arbiter.mcts_move(e, 40, 3, cut="4")


def test_Players_MctsCutOffInEcalperScoresTheLargestGroup():
    # Ecalper's stones change alike on every move (C4): its cut-off scores
    # C6's largest group instead; seeded, the same on both impls.
    e = arbiter.Game("ecalper:size=5").start()
    r = arbiter.Game("ecalper:size=5", impl="reference").start()
    move = arbiter.mcts_move(e, 30, 1, cut=5)
    assert move in e.legal_moves()
    assert move == arbiter.mcts_move(r, 30, 1, cut=5)


@pytest.mark.parametrize("spec", ("emergo:size=7", "ecalper:size=5"))
def test_Players_MctsDecisivePlayoutsAreAKeyword(spec):
    # mcts:N:decisive (docs/players.md): seeded, the same on both impls.
    e = arbiter.Game(spec).start()
    r = arbiter.Game(spec, impl="reference").start()
    move = arbiter.mcts_move(e, 30, 2, decisive=True)
    assert move in e.legal_moves()
    assert move == arbiter.mcts_move(r, 30, 2, decisive=True)
    assert arbiter.mcts_move(e, 30, 2, decisive=False) == arbiter.mcts_move(e, 30, 2)
    with pytest.raises(TypeError, match="decisive must be a bool"):
        arbiter.mcts_move(e, 30, 2, decisive=1)


def test_Players_TakeTheWinningCapture():
    # V5's position (docs/variants.md): d2xd4xb4xb6 takes 3 men, the most.
    pos = arbiter.Game("eximo").parse("8/8/8/1B1B4/2B5/3B2B1/3W2W1/8 w")
    assert arbiter.alphabeta_move(pos, 1, 1) == "d2xd4xb4xb6"
    assert arbiter.alphabeta_move(pos, 3, 2) == "d2xd4xb4xb6"


def test_Players_BadArgumentsAreOneLineErrors():
    pos = arbiter.Game("eximo").start()
    with pytest.raises(ValueError, match="simulations"):
        arbiter.mcts_move(pos, 0, 1)
    with pytest.raises(ValueError, match="depth"):
        arbiter.alphabeta_move(pos, 13, 1)
    with pytest.raises((ValueError, OverflowError, TypeError), match="depth"):
        arbiter.alphabeta_move(pos, -1, 1)
    with pytest.raises(TypeError):
        arbiter.mcts_move("start", 10, 1)
    over = arbiter.Game("eximo").parse("8/8/8/8/8/8/8/8 w")
    with pytest.raises(ValueError, match="no legal moves"):
        arbiter.mcts_move(over, 10, 1)
