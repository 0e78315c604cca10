"""python/examples: the UCT search beats a random player in every game (a few
short games, seeded), and the random-playout script runs."""
import os
import subprocess
import sys

import pytest

import arbiter
from conftest import SOURCE

sys.path.insert(0, os.path.join(SOURCE, "python", "examples"))
import uct  # noqa: E402


@pytest.mark.parametrize("spec", ["emergo:size=7", "eximo", "meridians:size=6", "ecalper:size=5",
                                  "ecalper:size=5,players=3"])
def test_Uct_BeatsRandomInEveryGame(spec):
    game = arbiter.load_game(spec, max_turns=300)
    total = 0.0
    for seed in range(game.num_players()):
        player = seed % game.num_players()  # UCT first, then second (and third)
        state = uct.play(game, player, 60, seed, rollout=uct.batched_rollout)
        assert state.is_terminal() and not state.truncated()
        total += state.returns()[player]
    assert total > 0, total  # a random player's expected return is 0


def test_Uct_PlainPythonRollouts():
    game = arbiter.load_game("meridians:size=6")
    state = uct.play(game, 0, 30, seed=1)
    assert state.returns()[0] == 1.0


def test_RandomPlayouts_Script():
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(arbiter.__file__)))
    out = subprocess.run([sys.executable, os.path.join(SOURCE, "python", "examples",
                                                       "random_playouts.py"), "eximo", "20"],
                         capture_output=True, text=True, env=env, check=True).stdout
    assert out.startswith("eximo: 20 games, ") and "games per CPU second" in out
