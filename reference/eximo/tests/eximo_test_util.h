// Helpers shared by the reference Eximo tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/game.h"
#include "perft/perft.h"
#include "reference/eximo/eximo.h"

namespace arb::reference::eximo_test {

inline const Eximo& game() {
  static const Eximo g(Spec::parse("eximo"));
  return g;
}

// The legal move texts of a position, sorted by byte order.
inline std::vector<std::string> moves_of(const std::string& text) {
  return sorted_move_texts(game(), game().parse(text));
}

// What a failure prints: the position as text and diagram.
inline std::string shown(const std::string& text) {
  return "\nposition: " + text + "\n" + game().diagram(game().parse(text));
}

// Expects exactly these legal moves (any order in `expected`).
inline void expect_moves(const std::string& text, std::vector<std::string> expected) {
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(moves_of(text), expected) << shown(text);
}

inline std::uint64_t perft_of(const std::string& text, int depth) {
  return perft(game(), game().parse(text), depth);
}

}  // namespace arb::reference::eximo_test
