// Helpers shared by the reference Eximo tests: the generic ones
// (common/tests/game_test_support.h) bound to reference Eximo.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "common/game.h"
#include "common/tests/game_test_support.h"
#include "perft/count/perft.h"
#include "reference/eximo/eximo.h"

namespace arb::reference::eximo_test {

inline const Eximo& game() { return test::game<Eximo>(); }

// What a failure prints: the position as text and diagram.
inline std::string shown(const std::string& text) {
  return test::shown(game(), game().parse(text));
}

// Expects exactly these legal moves (any order in `expected`), and count_moves to agree.
inline void expect_moves(const std::string& text, std::vector<std::string> expected) {
  test::expect_moves(game(), text, std::move(expected));
}

inline std::vector<std::string> moves_of(const std::string& text) {
  return test::moves_of(game(), text);
}

inline std::uint64_t perft_of(const std::string& text, int depth) {
  return perft(game(), game().parse(text), depth);
}

}  // namespace arb::reference::eximo_test
