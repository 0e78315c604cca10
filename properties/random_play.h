// Random reachable positions for RapidCheck properties: a line of legal play
// from a root, each ply a generated index into the legal moves. RapidCheck
// shrinks the number of plies and the indices, so a failure shrinks to a short
// line; the line and the final position are logged with the counterexample.
#pragma once

#include <rapidcheck.h>

#include <cstddef>
#include <iterator>
#include <ranges>
#include <string>
#include <vector>

#include "common/game.h"

namespace arb {

template <Game G>
struct Line {
  typename G::Position position;   // after the moves
  std::vector<std::string> moves;  // move texts, in order
  std::string text() const {
    std::string out;
    for (const auto& m : moves) out += (out.empty() ? "" : " ") + m;
    return out;
  }
};

// Call inside a RapidCheck property. Plays up to max_plies random legal moves
// from `root` (stopping early at a finished game).
template <Game G>
Line<G> random_line(const G& g, const typename G::Position& root, int max_plies) {
  Line<G> line{root, {}};
  const int plies = *rc::gen::inRange(0, max_plies + 1);
  for (int i = 0; i < plies; ++i) {
    const auto moves = g.legal_moves(line.position);
    const auto n = static_cast<std::size_t>(std::ranges::size(moves));
    if (n == 0) break;
    // inRange scales its range with RapidCheck's size; at full size every
    // move is equally likely (shrinking still heads for index 0).
    const auto k = *rc::gen::resize(100, rc::gen::inRange<std::size_t>(0, n));
    const auto& move =
        *std::ranges::next(std::ranges::begin(moves), static_cast<std::ptrdiff_t>(k));
    line.moves.push_back(g.move_text(line.position, move));
    line.position = g.play(line.position, move);
  }
  RC_LOG() << g.spec().canonical() << " after moves: " << line.text() << "\n"
           << g.format(line.position) << "\n"
           << g.diagram(line.position);
  return line;
}

}  // namespace arb
