// Test helpers for any arb::Game (no rules, tests only), shared by the engine
// and reference tests of every game: they speak only the concept, so sharing
// them couples neither implementation to the other.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/game.h"
#include "common/spec.h"

namespace arb::test {

// The game of `spec` (default: the game's name alone), built once per spec.
template <Game G>
const G& game(std::string_view spec = G::kName) {
  static std::map<std::string, std::unique_ptr<G>, std::less<>> games;
  auto it = games.find(spec);
  if (it == games.end())
    it = games.emplace(std::string(spec), std::make_unique<G>(Spec::parse(spec))).first;
  return *it->second;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The legal move texts, sorted by byte order.
template <Game G>
std::vector<std::string> moves_of(const G& g, const typename G::Position& pos) {
  return sorted_move_texts(g, pos);
}
template <Game G>
std::vector<std::string> moves_of(const G& g, std::string_view text) {
  return sorted_move_texts(g, position_from(g, text));
}

// What a failure prints: the position as text and as a diagram.
template <Game G>
std::string shown(const G& g, const typename G::Position& pos) {
  return "\nposition: " + g.format(pos) + "\n" + g.diagram(pos);
}

// Expects exactly `expected` (any order) as the legal moves of `text`, and
// count_moves to agree.
template <Game G>
void expect_moves(const G& g, std::string_view text, std::vector<std::string> expected) {
  const auto pos = position_from(g, text);
  const std::uint64_t n = expected.size();
  EXPECT_EQ(moves_of(g, pos), sorted(std::move(expected))) << shown(g, pos);
  EXPECT_EQ(g.count_moves(pos), n) << shown(g, pos);
}

}  // namespace arb::test
