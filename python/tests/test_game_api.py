"""The game API (arbiter.load_game, ActionGame, State) in OpenSpiel's style:
random-simulation conformance on every game and variant spec, perft through
actions against the fixtures' counts, the played-game rules, and bad input.
Expected counts come from the fixtures or from arbiter.perft (the CLI's
counting code), never typed in."""
import copy
import glob
import math
import os
import pickle
import random

import numpy
import pytest

import arbiter
from conftest import SOURCE

# Every game, its sizes and every variant option (RULES.md section V).
SPECS = ["emergo", "emergo:size=7", "emergo:capture=any", "emergo:feeding=allowed",
         "emergo:size=7,blocked=loss", "eximo", "eximo:drops=optional", "eximo:capture=max",
         "eximo:capture=max,drops=optional", "ecalper:size=5", "ecalper:size=5,replace=last-added",
         "ecalper:size=5,players=3", "ecalper", "meridians", "meridians:size=6,swap",
         "meridians:size=8", "meridians:second=sight", "meridians:pass=keeps"]


def colour_of(state, player):
    """The colour index that player (a person) holds: the other one after a
    swap (C3, M9; two players, at most one swap a game)."""
    return player ^ 1 if "swap" in state.moves() else player


def check_returns(state):
    game = state.get_game()
    r = state.returns()
    assert len(r) == game.num_players()
    assert all(-1.0 <= x <= 1.0 for x in r)
    assert math.isclose(sum(r), 0.0, abs_tol=1e-12)  # zero-sum (Ludii's mean-rank rule)
    if not state.is_terminal() or state.truncated():
        assert r == [0.0] * game.num_players()
        return
    p = game.num_players()
    outcome = state.outcome()
    winners = list(game.players()) if outcome == "draw" else \
        (outcome[5:].split("+") if outcome.startswith("draw:") else [outcome])
    k = len(winners)
    for i in range(p):
        side = game.players()[colour_of(state, i)]
        assert r[i] == (1 - (k - 1) / (p - 1) if side in winners else -k / (p - 1))


def check_step(state, rng, heavy):
    """The invariants OpenSpiel's conformance tests hold, at one state."""
    game = state.get_game()
    legal = state.legal_actions()
    assert legal == sorted(set(legal))
    mask = state.legal_actions_mask()
    assert mask.dtype == numpy.uint8 and mask.shape == (game.num_distinct_actions(),)
    assert list(numpy.flatnonzero(mask)) == legal
    assert state.is_terminal() == (legal == [])
    player = state.current_player()
    if state.is_terminal():
        assert player == -4
    else:
        assert 0 <= player < game.num_players()
        if not state.turn_in_progress():
            assert game.players()[colour_of(state, player)] == state.position().split()[1]
    assert state.turn_in_progress() == (state.turn_actions() != [])
    for a in legal:
        assert state.string_to_action(state.action_to_string(a)) == a
        assert game.string_to_action(game.action_to_string(a)) == a
    check_returns(state)
    obs = state.observation_tensor()
    assert list(obs.shape) == game.observation_tensor_shape() and obs.dtype == numpy.float32
    assert numpy.isfinite(obs).all()
    assert numpy.array_equal(state.information_state_tensor(0), obs)
    assert state.observation_string(1) == str(state)
    clone = state.clone()
    assert clone == state and str(clone) == str(state) and clone.legal_actions() == legal
    assert copy.copy(state) == state and copy.deepcopy(state) == state
    if heavy:
        back = pickle.loads(pickle.dumps(state))
        assert back == state and back.legal_actions() == legal and back.returns() == state.returns()
        again = game.deserialize_state(state.serialize())
        assert again == state and str(again) == str(state)
        assert numpy.array_equal(again.observation_tensor(), obs)
    if legal:  # an action and its undo leave the state as it was
        clone.apply_action(rng.choice(legal))
        clone.undo_action()
        assert clone == state and clone.legal_actions() == legal and str(clone) == str(state)


def play_random(game, rng, heavy_every):
    state = game.new_initial_state()
    step = 0
    while True:
        check_step(state, rng, step % heavy_every == 0)
        if state.is_terminal():
            return state
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1


@pytest.mark.parametrize("spec", SPECS)
def test_Conformance_RandomGamesKeepEveryInvariant(spec):
    rng = random.Random(spec)
    big = spec in ("ecalper", "meridians:size=8")
    game = arbiter.load_game(spec, max_turns=40 if big else 200)
    for _ in range(1 if big else 2):
        state = play_random(game, rng, heavy_every=7)
        check_step(state, rng, True)
        # History replay reproduces the state; the turns are the texts' moves.
        replay = game.new_initial_state()
        for a in state.history():
            replay.apply_action(a)
        assert replay == state and str(replay) == str(state)
        assert replay.returns() == state.returns() and replay.outcome() == state.outcome()
        position = arbiter.Game(spec).start()
        walk = game.new_initial_state()
        for move in state.moves():
            actions = walk.move_to_actions(move)
            for a in actions:
                walk.apply_action(a)
            position = position.play(move)
            assert walk.position() == position.text
        assert walk == state
        if not state.truncated():
            assert state.outcome() == position.outcome or spec.startswith("emergo")  # E12
        assert state.move_number() == len(state.moves())
        assert len(state.history()) <= game.max_game_length()


def test_Conformance_AGameToItsEndOnEveryGame():
    rng = random.Random(7)
    for spec in ["emergo", "eximo", "meridians", "ecalper:size=5,players=3", "ecalper"]:
        game = arbiter.load_game(spec)
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        assert not state.truncated() and state.outcome() != "ongoing"
        check_returns(state)
        assert state.current_player() == -4


# ---- perft through actions: every complete turn is exactly one action sequence

def turns(state, depth):
    """perft(depth) counted through actions: the complete action sequences."""
    if depth == 0:
        return 1
    total = 0
    at = state.move_number()
    for a in state.legal_actions():
        state.apply_action(a)
        total += turns(state, depth - (state.move_number() - at))
        state.undo_action()
    return total


def fixture_cases():
    for path in sorted(glob.glob(os.path.join(SOURCE, "fixtures", "*.perft"))):
        for line in open(path):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = [f.strip() for f in line.split(";")]
            case = {"spec": fields[0], "position": fields[1], "moves": [], "D": {}}
            for f in fields[2:]:
                key, _, value = f.partition(" ")
                if key == "moves":
                    case["moves"] = value.split()
                elif key == "id":
                    case["id"] = value
                elif key[0] == "D" and key[1:].isdigit():
                    case["D"][int(key[1:])] = int(value)
            yield pytest.param(case, id=os.path.basename(path)[:-6] + ":" + case["id"])


# Through Python, a count of at most this many complete turns (a few seconds);
# a case above it (Ecalper's first turns, C(169,5) on size 8) is left out.
BUDGET = 40000


@pytest.mark.parametrize("case", list(fixture_cases()))
def test_P1_PerftThroughActionsIsTheFixturesCount(case):
    # The fixture's moves, through actions from its position...
    game = arbiter.load_game(case["spec"])
    state = game.new_initial_state(case["position"])
    position = arbiter.Game(case["spec"]).parse(state.position())
    for move in case["moves"]:
        for a in state.move_to_actions(move):
            state.apply_action(a)
        position = position.play(move)
        assert state.position() == position.text
    # ... then perft from there (a fresh state: perft has no repetition, P3).
    root = game.new_initial_state(state.position())
    counted = 0
    for depth in (1, 2, 3):
        expected = case["D"].get(depth)
        if expected is None and depth <= 2:
            expected = arbiter.perft(position, depth)
        if expected is None or expected > BUDGET:
            continue
        assert turns(root, depth) == expected, depth
        assert root == game.new_initial_state(state.position())  # undo left it as it was
        counted += 1
    if counted:
        return
    # Too many turns to walk: every move's actions are distinct (injective),
    # and the turns under the first action are the moves that start with it.
    if arbiter.Game(case["spec"]).count_moves([position])[0] > 500000:
        pytest.skip("first turn of over 500,000 moves (Ecalper size 8 or three players): "
                    "too many to walk through Python")
    texts = list(arbiter.perft(position, 1, divide=True))
    sequences = [tuple(root.move_to_actions(t)) for t in texts]
    assert len(set(sequences)) == len(texts)
    first = root.legal_actions()[0]
    assert sorted({seq[0] for seq in sequences}) == root.legal_actions()
    root.apply_action(first)
    assert turns(root, 1) == sum(1 for seq in sequences if seq[0] == first)


# ---- the action spaces

def test_Actions_SpacesAreFixedPerGameAndSpec():
    sizes = {"emergo": 3 * 41, "emergo:size=7": 3 * 25, "eximo": 3 * 64,
             "eximo:drops=optional": 3 * 64 + 1, "ecalper": 2 * 127 + 1,
             "ecalper:size=5,players=3": 2 * 61 + 1, "meridians": 114 + 2,
             "meridians:size=6": 80 + 2, "meridians:size=8": 154 + 2}
    for spec, n in sizes.items():
        game = arbiter.load_game(spec)
        assert game.num_distinct_actions() == n
        names = [game.action_to_string(a) for a in range(n)]
        assert len(set(names)) == n


def test_E6_ACaptureChainIsOneActionAJump():
    # RULES.md's MindSports composition: one legal move, six jumps.
    g = arbiter.load_game("emergo")
    s = g.new_initial_state("9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0")
    seq = s.move_to_actions("d4xb6xd8xf6xd4xb6")
    assert [s.action_to_string(a) for a in seq] == \
        ["from d4", "to b6", "to d8", "to f6", "to d4", "to b6"]
    for i, a in enumerate(seq):
        assert s.legal_actions() == [a]  # E7: only the maximum chain continues
        assert s.move_number() == 0 and s.turn_in_progress() == (i > 0)
        s.apply_action(a)
    assert s.move_number() == 1 and not s.turn_in_progress()
    assert s.moves() == ["d4xb6xd8xf6xd4xb6"]
    s.undo_action()
    assert s.turn_in_progress() and s.turn_actions() == seq[:-1]
    assert "turn in progress: from d4, to b6, to d8, to f6, to d4" in str(s)
    with pytest.raises(ValueError, match="turn is in progress"):
        s.position()
    obs = s.observation_tensor()
    assert obs[7].sum() == 1 and obs[8].sum() == 4 and obs[9].min() == 1


def test_V4_OptionalDropsEndTheTurnExplicitly():
    g = arbiter.load_game("eximo:drops=optional")
    s = g.new_initial_state("B7/3W4/8/8/8/8/8/8 w")
    names = lambda seq: [s.action_to_string(a) for a in seq]
    assert names(s.move_to_actions("d7-d8")) == ["from d7", "to d8", "end"]
    assert names(s.move_to_actions("d7-d8+b1+c2")) == ["from d7", "to d8", "drop b1", "drop c2", "end"]
    s.apply_action(s.string_to_action("from d7"))
    s.apply_action(s.string_to_action("to d8"))
    after = names(s.legal_actions())
    assert "end" in after and "drop b1" in after and s.move_number() == 0
    # The default rules: two drops, no end action.
    d = arbiter.load_game("eximo").new_initial_state("B7/3W4/8/8/8/8/8/8 w")
    assert [d.action_to_string(a) for a in d.move_to_actions("d7-d8+b1+c2")] == \
        ["from d7", "to d8", "drop b1", "drop c2"]


def test_C4_EcalperTurnIsTheReplacementThenTheStonesInOrder():
    g = arbiter.load_game("ecalper")
    s = g.new_initial_state()
    assert len(s.legal_actions()) == 125  # the first stone leaves two cells after it
    for name in ["place C3", "place D4", "place E5"]:
        s.apply_action(s.string_to_action(name))
    assert s.moves() == ["C3+D4+E5"] and s.position().split()[1:] == ["w", "s", "-:C3,D4,E5"]
    legal = [s.action_to_string(a) for a in s.legal_actions()]
    assert legal == ["replace C3", "replace D4", "replace E5", "swap"]
    s.apply_action(s.string_to_action("replace D4"))
    s.apply_action(s.string_to_action("place A1"))
    # Stones in ascending order, each leaving room for the rest.
    assert min(s.legal_actions()) > s.string_to_action("place A1")
    assert s.string_to_action("place M13") not in s.legal_actions()


# ---- played-game rules and returns

@pytest.mark.parametrize("spec,first", [("meridians:size=6,swap", "f5"),
                                        ("ecalper:size=5", "D4+E4+E5")])
def test_C3_M9_SwapExchangesThePlayersColours(spec, first):
    """OpenSpiel's players are persons: after the swap player 0 holds the second
    colour and is to move (C3, M9: the same colour is still to move), and
    returns() credit the winning colour to whoever holds it."""
    g = arbiter.load_game(spec)
    s = g.new_initial_state()
    for a in s.move_to_actions(first):
        s.apply_action(a)
    assert s.current_player() == 1
    s.apply_action(s.string_to_action("swap"))
    assert s.moves() == [first, "swap"]
    assert s.current_player() == 0 and s.position().split()[1] == g.players()[1]
    rng = random.Random(3)
    while not s.is_terminal():
        if not s.turn_in_progress():
            assert g.players()[s.current_player() ^ 1] == s.position().split()[1]
        s.apply_action(rng.choice(s.legal_actions()))
    winner = s.outcome()
    assert winner in g.players()
    holder = 1 - g.players().index(winner)  # the person holding the winning colour
    assert s.returns()[holder] == 1.0 and s.returns()[1 - holder] == -1.0
    s.undo_action()
    while s.moves() != [first]:
        s.undo_action()
    assert s.current_player() == 1  # back before the swap

def test_E12_ThirdRepetitionIsADraw():
    g = arbiter.load_game("emergo")
    s = g.new_initial_state("9/9/9/9/9/9/9/9/W7B w 0 0")
    line = ["a1-b2", "i1-h2", "b2-a1", "h2-i1"] * 2
    for i, move in enumerate(line):
        assert not s.is_terminal()
        for a in s.move_to_actions(move):
            s.apply_action(a)
    assert s.is_terminal() and not s.truncated() and s.outcome() == "draw"
    assert s.returns() == [0.0, 0.0] and s.legal_actions() == []
    s.undo_action()  # the repetition is the line's: one turn back, play goes on
    assert not s.is_terminal() and s.legal_actions()
    # A fresh state at that position has no history: no draw (P3).
    fresh = g.new_initial_state("9/9/9/9/9/9/9/9/W7B w 0 0")
    assert not fresh.is_terminal()


def test_Truncation_IsReportedAndNeverADraw():
    g = arbiter.load_game("meridians", max_turns=3)
    assert g.max_turns() == 3 and g.max_game_length() == 3
    s = g.new_initial_state()
    for _ in range(3):
        s.apply_action(s.legal_actions()[0])
    assert s.is_terminal() and s.truncated() and s.outcome() == "ongoing"
    assert s.returns() == [0.0, 0.0] and s.current_player() == -4 and s.legal_actions() == []
    with pytest.raises(ValueError, match="the game is over"):
        s.apply_action(0)
    assert repr(g) == "arbiter.load_game('meridians', max_turns=3)"
    assert pickle.loads(pickle.dumps(g)) == g
    assert arbiter.load_game("emergo").max_game_length() == 1000 * 13


def test_Returns_ThreePlayersSplitByMeanRank():
    rng = random.Random(3)
    seen = set()
    game = arbiter.load_game("ecalper:size=5,players=3")
    for _ in range(30):
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        check_returns(s)
        seen.add(tuple(sorted(s.returns())))
    assert (-0.5, -0.5, 1.0) in seen


def test_Observation_LayoutsHoldThePosition():
    s = arbiter.load_game("emergo").new_initial_state("9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0")
    o = s.observation_tensor()
    assert o.shape == (10, 9, 9)
    assert o[1, 4, 2] == 1 and o[2, 4, 2] == 2 and o[3, 4, 2] == 2  # c5 (WWBB): black, 2 on 2
    assert o[0, 3, 3] == 1 and o[2, 3, 3] == 3 and o[3, 3, 3] == 0  # d4 (WWW)
    assert o[0].sum() == 1 and o[1].sum() == 4 and o[4].max() == 0 and o[5].max() == 0
    m = arbiter.load_game("meridians").new_initial_state("6/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2")
    o = m.observation_tensor()
    assert o.shape == (7, 13, 12) and o[6].sum() == 114
    assert o[0].sum() == 1 and o[1].sum() == 4 and o[3].max() == 2
    e = arbiter.load_game("ecalper:size=5,players=3").new_initial_state()
    assert e.observation_tensor().shape == (13, 9, 9) and e.observation_tensor()[12].sum() == 61


# ---- bad input: ValueError or TypeError in Python's words

def test_Errors_BadInputIsValueOrTypeError():
    with pytest.raises(ValueError):
        arbiter.load_game("chess")
    with pytest.raises(ValueError):
        arbiter.load_game("emergo:size=8")
    with pytest.raises(TypeError, match="spec must be a str, got int"):
        arbiter.load_game(3)
    with pytest.raises(ValueError, match="max_turns must be in 1..1000000, got 0"):
        arbiter.load_game("emergo", max_turns=0)
    g = arbiter.load_game("emergo")
    with pytest.raises(ValueError):
        g.new_initial_state("9/9 w 12 12")
    with pytest.raises(TypeError, match="position must be a str"):
        g.new_initial_state(5)
    s = g.new_initial_state()
    with pytest.raises(TypeError, match="action must be an int, got str"):
        s.apply_action("e5")
    with pytest.raises(TypeError, match="action must be an int, got bool"):
        s.apply_action(True)
    with pytest.raises(ValueError, match=r"action must be in range\(123\), got 123"):
        s.apply_action(123)
    with pytest.raises(ValueError, match=r"action 20 \('enter e5'\) is not legal here"):
        s.apply_action(20)  # E10: White's first entry is not on the centre
    with pytest.raises(ValueError, match="no action to undo"):
        s.undo_action()
    with pytest.raises(ValueError, match="no action of emergo is named 'e5'"):
        s.string_to_action("e5")
    with pytest.raises(ValueError):
        s.move_to_actions("z9")
    s.apply_action(numpy.int64(0))  # numpy's ints are ints
    assert s.history() == [0]
    with pytest.raises(ValueError):
        g.deserialize_state("9/9/9/9/9/9/9/9/9 w 12 12\n0 x")
    assert s.legal_actions(1) == s.legal_actions() and s.legal_actions(0) == []


def test_RandomPlayouts_BatchedFromAnyStateAndDeterministic():
    for spec in ["emergo:size=7", "eximo:drops=optional", "ecalper:size=5,players=3", "meridians"]:
        game = arbiter.load_game(spec)
        s = game.new_initial_state()
        s.apply_action(s.legal_actions()[0])
        before = s.clone()
        r = s.random_playouts(50, seed=4)
        assert s == before  # the state is not changed
        assert r.shape == (50, game.num_players()) and r.dtype == numpy.float64
        assert numpy.allclose(r.sum(axis=1), 0) and numpy.abs(r).max() <= 1
        assert numpy.array_equal(r, s.random_playouts(50, seed=4))
        assert not numpy.array_equal(r, s.random_playouts(50, seed=5)) or spec.startswith("ecalper")
    short = arbiter.load_game("meridians", max_turns=2).new_initial_state()
    assert (short.random_playouts(3) == 0).all()  # truncated games score 0
    with pytest.raises(ValueError, match="n must be in"):
        s.random_playouts(-1)
    with pytest.raises(TypeError, match="seed must be an int"):
        s.random_playouts(1, seed=1.5)


def test_PositionHash_IsATranspositionKey():
    def play(spec, moves):
        s = arbiter.load_game(spec).new_initial_state()
        for m in moves:
            for a in s.move_to_actions(m):
                s.apply_action(a)
        return s

    # One position by two move orders: one key, though the histories differ.
    x = play("eximo", "b2-b4 b7-b5 g2-g4".split())
    y = play("eximo", "g2-g4 b7-b5 b2-b4".split())
    assert x.position() == y.position() and x.history() != y.history()
    assert x.position_hash() == y.position_hash()
    assert x.position_hash() != play("eximo", "b2-b4 b7-b5".split()).position_hash()
    # The turn's actions so far are part of the key, and undo restores it.
    for spec in SPECS:
        s = arbiter.load_game(spec).new_initial_state()
        keys = {s.position_hash()}
        before = s.position_hash()
        s.apply_action(s.legal_actions()[0])
        assert s.position_hash() not in keys and s.clone().position_hash() == s.position_hash()
        s.undo_action()
        assert s.position_hash() == before
