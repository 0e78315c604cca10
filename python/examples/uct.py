#!/usr/bin/python3
"""UCT (Kocsis and Szepesvari 2006) in plain Python on arbiter's game API: a
tree of states, one action an edge, so a multi-action turn (an Emergo chain,
an Ecalper replacement and its stones) is searched a jump or a stone at a
time, and the player at each node is state.current_player().

Usage: /usr/bin/python3 python/examples/uct.py SPEC [ITERATIONS] [GAMES]
  plays GAMES games of UCT against a uniformly random player (UCT first in
  the even games, second in the odd ones) and prints UCT's mean return.
  PYTHONPATH must hold the module (build/check/python).
"""
import math
import random
import sys

import arbiter


class Node:
    __slots__ = ("parent", "action", "to_act", "untried", "children", "visits", "value")

    def __init__(self, parent, action, state):
        self.parent = parent
        self.action = action  # the action that led here
        self.to_act = state.current_player()
        self.untried = list(state.legal_actions())
        self.children = []
        self.visits = 0
        self.value = 0.0  # returns of the player who chose `action`, summed


def python_rollout(state, rng):
    """A uniformly random game to its end through the API, in Python."""
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    return state.returns()


def batched_rollout(state, rng):
    """The same game in C++ (State.random_playouts releases the GIL)."""
    return list(state.random_playouts(1, seed=rng.getrandbits(32))[0])


def uct_action(state, iterations, rng, c=1.4, rollout=python_rollout):
    """The action UCT picks at `state` after `iterations` playouts."""
    root = Node(None, None, state)
    for _ in range(iterations):
        node, s = root, state.clone()
        while not node.untried and node.children:  # selection
            log_n = math.log(node.visits)
            node = max(node.children,
                       key=lambda ch: ch.value / ch.visits + c * math.sqrt(log_n / ch.visits))
            s.apply_action(node.action)
        if node.untried:  # expansion
            action = node.untried.pop(int(rng.random() * len(node.untried)))
            s.apply_action(action)
            child = Node(node, action, s)
            node.children.append(child)
            node = child
        returns = rollout(s, rng)
        while node is not None:  # backpropagation
            node.visits += 1
            if node.parent is not None:
                node.value += returns[node.parent.to_act]
            node = node.parent
    return max(root.children, key=lambda ch: ch.visits).action


def play(game, uct_player, iterations, seed, rollout=python_rollout):
    """One game of UCT (as player uct_player) against random players: the final state."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == uct_player:
            state.apply_action(uct_action(state, iterations, rng, rollout=rollout))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def main():
    spec = sys.argv[1] if len(sys.argv) > 1 else "emergo:size=7"
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    game = arbiter.load_game(spec)
    total = 0.0
    for i in range(games):
        uct = i % game.num_players()
        state = play(game, uct, iterations, seed=i)
        total += state.returns()[uct]
        print("game %d: UCT is player %d, %d turns, outcome %s, UCT's return %+.2f" % (
            i, uct, state.move_number(), state.outcome(), state.returns()[uct]))
    print("UCT's mean return over %d games: %+.2f" % (games, total / games))


if __name__ == "__main__":
    main()
