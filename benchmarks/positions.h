// Fixed benchmark positions: reproducible random playouts from the start.
//
// A movegen benchmark measured at the start position alone says little: the
// move count and the work per move change through a game (Emergo's entries
// give way to captures and steps, Ecalper's empty cells run out). So each set
// samples one position from each of `count` seeded random games, spread over
// a chosen part of the game.
#pragma once

#include <cstdint>
#include <iterator>
#include <random>
#include <ranges>
#include <string>
#include <vector>

#include "common/game.h"

namespace arb::bench {

struct PositionSet {
  std::string phase;  // a name for the part of the game: "all", "early", "late"
  int count = 64;     // positions, one per random game
  double from = 0.0;  // position i lies at the fraction from + (to - from) * i / (count - 1)
  double to = 1.0;    // of its game's length, so i = 0 is `from`, the last is `to`
  std::uint64_t seed = 20240611;
};

// Random games never end in a few games (Emergo steps may cycle): stop there.
inline constexpr int kMaxPlies = 400;

// The texts of the set's positions, every one with at least one legal move.
// Texts, not positions, so that the engine and the reference of a game are
// measured on the very same positions (they share nothing but the notation).
// The generator is one implementation; any conforming one gives valid texts.
template <Game G>
std::vector<std::string> random_positions(const G& g, const PositionSet& set) {
  std::vector<std::string> texts;
  for (int i = 0; i < set.count; ++i) {
    // One engine per game, so that position i does not depend on the others.
    std::mt19937_64 rng(set.seed + static_cast<std::uint64_t>(i));
    std::vector<typename G::Position> game{g.start()};
    for (int ply = 0; ply < kMaxPlies; ++ply) {
      const auto moves = g.legal_moves(game.back());
      const auto n = static_cast<std::uint64_t>(std::ranges::size(moves));
      if (n == 0) break;
      // rng() % n, not std::uniform_int_distribution: its algorithm differs
      // between standard libraries, and the positions must not.
      const auto k = static_cast<std::ptrdiff_t>(rng() % n);
      game.push_back(g.play(game.back(), *std::ranges::next(std::ranges::begin(moves), k)));
    }
    // The last position may be finished (no moves): choose among the others.
    const auto playable = g.count_moves(game.back()) > 0 ? game.size() : game.size() - 1;
    const double at =
        set.count > 1 ? set.from + (set.to - set.from) * i / (set.count - 1) : set.from;
    const auto ply = static_cast<std::size_t>(at * static_cast<double>(playable - 1));
    texts.push_back(g.format(game[ply]));
  }
  return texts;
}

}  // namespace arb::bench
