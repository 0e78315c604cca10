// perft play <spec> ...: the game-generic part.
#pragma once

#include <cstdint>
#include <string>

#include "common/game.h"
#include "perft/command.h"
#include "perft/perft.h"
#include "perft/playthrough.h"

namespace arb::cli {

struct Play {
  struct Args {
    RootArgs root;
    std::string impl = "engine";
    std::uint64_t seed = 1;
    int plies = 200;
  };

  template <Game E, Game R>
  static int run(const E& engine, const R& reference, const Args& a, Io& io) {
    return a.impl == "engine" ? play(engine, a, io) : play(reference, a, io);
  }

  // A seeded random game, one block per ply (perft/playthrough.h): the text of
  // the golden files in fixtures/playthroughs/.
  template <Game G>
  static int play(const G& g, const Args& a, Io& io) {
    const auto root = play_moves(g, position_from(g, a.root.position), split_moves(a.root.moves));
    write_playthrough(g, root, a.seed, a.plies, io.out);
    return 0;
  }
};

}  // namespace arb::cli
