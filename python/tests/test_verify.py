"""arbiter.verify: perft verify's descent in-process, against Python objects
with the adapter's six methods (adapters/python/arbiter_adapter.py)."""
import json
import os
import subprocess

import pytest

import arbiter
from arbiter_adapter import MoveGenerator
from conftest import PERFT, SOURCE
from example_serve_backed import ServeBacked


class ArbiterBacked(MoveGenerator):
    """A Python engine whose positions are arbiter positions of our reference;
    `drop` removes the last move of every position whose board field holds
    exactly that many men (a planted bug)."""

    def __init__(self, drop=None):
        self.drop = drop

    def new_game(self, spec):
        self.game = arbiter.Game(spec, impl="reference")

    def start(self):
        return self.game.start()

    def parse(self, text):
        return self.game.parse(text)

    def legal_moves(self, pos):
        moves = pos.legal_moves()
        board = pos.text.split()[0]
        if self.drop is not None and board.count("W") + board.count("B") == self.drop:
            moves = moves[:-1]
        return moves

    def play(self, pos, move):
        return pos.play(move)

    def format(self, pos):
        return pos.text


def cli_verify(*args, env=None):
    r = subprocess.run([PERFT, "verify", *args], capture_output=True, text=True,
                       env=dict(os.environ, **(env or {})))
    return r.returncode, r.stdout, r.stderr


def test_V_AgreeingEngineAgrees():
    r = arbiter.verify(ArbiterBacked(), "emergo:size=7", 3)
    assert r.ok and bool(r) and r.findings == []
    assert r.text.startswith("ok start (depth 3)\nthe engine agrees with ours (engine): 1 agree, ")
    # nodes: perft 1 + 2 + 3 from the root, each from the CLI
    expected = sum(int(json.loads(subprocess.run(
        [PERFT, "emergo:size=7", "--depth", str(d), "--json"], capture_output=True,
        text=True).stdout)["nodes"]) for d in (1, 2, 3))
    assert r.nodes == expected


def test_V_PlantedBugIsFoundWhereTheCliFindsIt():
    # The CLI through the protocol, the module in-process, the same engine code.
    script = os.path.join(SOURCE, "adapters/python/example_serve_backed.py")
    code, out, err = cli_verify("emergo:size=7", "--engine", "python3 %s %s" % (script, PERFT),
                                "--depth", "4", env={"ARB_ADAPTER_BUG": "drop-last"})
    assert code == 1, err
    engine = ServeBacked(PERFT, bug="drop-last")
    try:
        r = arbiter.verify(engine, "emergo:size=7", 4)
    finally:
        engine.proc.stdin.close()
        engine.proc.wait()
    assert not r.ok
    [f] = r.findings
    assert f["path"] == ["a1", "a3", "a5"] and f["missing"] == ["g7"] and f["extra"] == []
    # The report text is perft verify's, but for the summary's requests and times.
    cut = "the engine differs from ours"
    assert r.text.split("\n" + cut)[0] == out.split("\n" + cut)[0]


def test_V_BugFoundInAPythonEngineOnEveryImpl():
    for impl in ("engine", "reference"):
        r = arbiter.verify(ArbiterBacked(drop=3), "emergo:size=7", 4, impl=impl)
        assert not r.ok and r.findings[0]["path"] == ["a1", "a3", "a5"]
        assert "reproduce: perft emergo:size=7 --position '" in r.text


def test_V_RootAfterMovesAndTextCheck():
    class WrongText(ArbiterBacked):
        def format(self, pos):
            return pos.text + " x"

    r = arbiter.verify(WrongText(), "eximo", 2, moves="c3-d4")
    assert not r.ok and r.findings[0]["problems"] == ["the position texts differ"]
    assert r.findings[0]["check"] == "root"


def test_V_EngineExceptionsPropagate():
    class Broken(ArbiterBacked):
        def legal_moves(self, pos):
            raise KeyError("my bug")

    with pytest.raises(KeyError, match="my bug"):
        arbiter.verify(Broken(), "emergo", 1)


def test_V_BadInputIsTheCliMessage():
    with pytest.raises(ValueError, match="^emergo: option size must be one of 9, 7"):
        arbiter.verify(ArbiterBacked(), "emergo:size=4", 1)
    with pytest.raises(ValueError, match="^depth must be at least 1, got 0$"):
        arbiter.verify(ArbiterBacked(), "emergo", 0)
    with pytest.raises(ValueError, match="^move 1 'z9'"):
        arbiter.verify(ArbiterBacked(), "emergo", 1, moves="z9")


def test_V_TextWalkNoDeeperThanDepth():
    # --depth 1 walked the texts to depth 2: 3,095 requests to check 40 nodes.
    one = arbiter.verify(ArbiterBacked(), "emergo", 1)
    assert one.ok and 40 < one.requests < 100, one.requests
    two = arbiter.verify(ArbiterBacked(), "emergo", 2)
    assert two.ok and two.requests > 1500, two.requests
    assert arbiter.verify(ArbiterBacked(), "emergo", 2, text_depth=0).requests < 20
