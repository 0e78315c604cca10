// The search players (docs/players.md): mcts:N and alphabeta:D, templates
// over the Game concept, for perft stats, the Python module and tests. A
// Searcher is one thread's: it keeps its buffers from move to move.
#pragma once

#include <cstdint>

#include "common/error.h"
#include "common/game.h"
#include "players/alphabeta.h"
#include "players/line.h"
#include "players/mcts.h"
#include "players/spec.h"

namespace arb::players {

template <Game G>
class Searcher {
 public:
  explicit Searcher(const G& g, Stop stop = {}) : mcts_(g, stop), alphabeta_(g, std::move(stop)) {}

  // The move `player` (mcts or alphabeta) plays from `pos`, which has n > 0
  // legal moves, for `seed`.
  typename G::Move choose(const PlayerSpec& player, const typename G::Position& pos,
                          std::uint64_t n, const Start<G>& start, std::uint64_t seed) {
    if (player.kind == PlayerSpec::Kind::kMcts)
      return mcts_.choose(pos, n, start, player.n, seed, player.cut, player.decisive);
    if (player.kind == PlayerSpec::Kind::kAlphaBeta)
      return alphabeta_.choose(pos, n, start, static_cast<int>(player.n), seed);
    throw Error("not a search player: " + player.name());
  }

 private:
  Mcts<G> mcts_;
  AlphaBeta<G> alphabeta_;
};

}  // namespace arb::players
