#!/usr/bin/python3
"""Random games through arbiter's game API, a plain Python loop: the game loop
an AI author starts from, and its rate.

Usage: /usr/bin/python3 python/examples/random_playouts.py SPEC [GAMES] [SEED]
  PYTHONPATH must hold the module (build/check/python).
"""
import random
import sys
import time

import arbiter


def main():
    spec = sys.argv[1] if len(sys.argv) > 1 else "emergo"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    game = arbiter.load_game(spec)
    totals = [0.0] * game.num_players()
    turns = truncated = 0
    t0 = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        for p, r in enumerate(state.returns()):
            totals[p] += r
        turns += state.move_number()
        truncated += state.truncated()
    seconds = time.process_time() - t0
    print("%s: %d games, %.1f turns a game, %d truncated, mean returns %s (players %s), "
          "%.0f games per CPU second" % (spec, games, turns / games, truncated,
                                         " ".join("%+.3f" % (t / games) for t in totals),
                                         game.players(), games / seconds))


if __name__ == "__main__":
    main()
