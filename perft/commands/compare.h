// perft compare <spec> --depth N ... (RULES.md I3): the game-generic part.
#pragma once

#include <string>

#include "common/error.h"
#include "common/game.h"
#include "perft/command.h"
#include "perft/compare.h"
#include "perft/perft.h"

namespace arb::cli {

struct Compare {
  struct Args {
    int depth = 0;
    RootArgs root;
  };

  template <Game G>
  static typename G::Position root_of(const G& g, const Args& a) {
    return play_moves(g, position_from(g, a.root.position), split_moves(a.root.moves));
  }

  template <Game E, Game R>
  static int run(const E& engine, const R& reference, const Args& a, Io& io) {
    typename R::Position rp;
    try {  // bad input is the user's (exit 2); the error names the implementation
      rp = root_of(reference, a);
    } catch (const Error& e) {
      throw Error(std::string("reference: ") + e.what());
    }
    typename E::Position ep;
    try {
      ep = root_of(engine, a);
    } catch (const Error& e) {  // the reference accepted it: the engine is wrong
      io.out << "the engine rejects what the reference accepts: " << e.what() << '\n'
             << reference.diagram(rp);
      return 1;
    }
    CompareResult r;
    const double seconds = seconds_of([&] { r = compare(engine, reference, ep, rp, a.depth); });
    if (r.first) {
      io.out << describe(*r.first) << "engine and reference differ (" << r.nodes_compared
             << " nodes compared before)\n";
      return 1;
    }
    io.out << "engine and reference agree: perft(" << a.depth << ") = " << r.leaves << ", "
           << r.nodes_compared << " nodes compared in " << seconds_text(seconds) << " s\n";
    return 0;
  }
};

}  // namespace arb::cli
