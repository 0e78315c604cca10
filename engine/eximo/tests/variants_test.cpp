// Engine tests of the Eximo variants (RULES.md V4 drops=optional, V5
// capture=max, V8 rules=seed). Every expected list is a hand count (reasoning
// beside it); expect_moves also checks count_moves against legal_moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/tests/game_test_support.h"
#include "engine/eximo/eximo.h"
#include "perft/count/perft.h"

namespace {

using arb::engine::eximo::Eximo;
using arb::test::expect_moves;
using arb::test::moves_of;

const Eximo& standard() { return arb::test::game<Eximo>("eximo"); }
const Eximo& optional_drops() { return arb::test::game<Eximo>("eximo:drops=optional"); }
const Eximo& max_capture() { return arb::test::game<Eximo>("eximo:capture=max"); }
const Eximo& both() { return arb::test::game<Eximo>("eximo:capture=max,drops=optional"); }

// Two free zone squares b2, c2; rank 3 full of Black men (no capture):
// 7 steps of rank 1 (b1-a2 b1-b2 b1-c2 c1-b2 c1-c2 d1-c2 g1-h2), and d7 reaches
// c8/d8/e8. X6: +b2+c2 each (10 moves); V4: none, +b2, +c2, +b2+c2 (19 moves).
TEST(EximoVariants, V4_OptionalDropsOfferZeroOneOrTwo) {
  const char* pos = "8/3W4/8/8/8/BBBBBBBB/3BBBB1/1WWWWWW1 w";
  std::vector<std::string> moves = {"b1-a2", "b1-b2", "b1-c2", "c1-b2", "c1-c2", "d1-c2", "g1-h2"};
  for (const char* to : {"c8", "d8", "e8"})
    for (const char* drops : {"", "+b2", "+c2", "+b2+c2"})
      moves.push_back(std::string("d7-") + to + drops);
  expect_moves(optional_drops(), pos, moves);
  EXPECT_EQ(standard().count_moves(standard().parse(pos)), 10u);
}

// A friendly jump chain to the far row frees its start square (X6 decision:
// counted after the move): b2-b4-b6-b8 leaves b2 the one free zone square.
// X6: b2-b4-b6-b8+b2 only; V4: also b2-b4-b6-b8 (no drop).
TEST(EximoVariants, V4_JumpArrivalFreesItsStartSquare) {
  const char* pos = "8/1W6/8/1W6/8/1W6/1WWWWWW1/1WWWWWW1 w";
  const auto texts = moves_of(optional_drops(), pos);
  EXPECT_TRUE(std::ranges::count(texts, std::string("b2-b4-b6-b8+b2")));
  EXPECT_TRUE(std::ranges::count(texts, std::string("b2-b4-b6-b8")));
  EXPECT_FALSE(std::ranges::count(moves_of(standard(), pos), std::string("b2-b4-b6-b8")));
  // The one other arrival from the zone, c2-a4-c6-a8 (over b3, b5, b7), gains
  // its no-drop move too; b7's steps find the zone full (no drop either way).
  EXPECT_TRUE(std::ranges::count(texts, std::string("c2-a4-c6-a8")));
  EXPECT_EQ(texts.size(), moves_of(standard(), pos).size() + 2);
  const auto& g = optional_drops();
  EXPECT_EQ(g.count_moves(g.parse(pos)), texts.size());
}

// Black captures onto rank 1 with one free zone square (g8): X6 c3xc1+g8;
// V4 c3xc1 and c3xc1+g8 (the capture is the only move, X5).
TEST(EximoVariants, V4_BlackCaptureArrival) {
  const char* pos = "1BBBBB2/1BBBBBB1/8/8/8/2B5/2W5/8 b";
  expect_moves(standard(), pos, {"c3xc1+g8"});
  expect_moves(optional_drops(), pos, {"c3xc1", "c3xc1+g8"});
  const auto& g = optional_drops();
  const auto p = g.parse(pos);
  EXPECT_EQ(g.format(g.play(p, g.parse_move(p, "c3xc1"))), "1BBBBB2/1BBBBBB1/8/8/8/8/8/8 w");
}

// 42 arrivals on an empty zone (see X6_ManyArrivalsWithDrops): 42 x 79 = 3318
// under V4, beyond the inline move list; texts unique, counts agree.
TEST(EximoVariants, V4_ManyArrivals) {
  const auto& g = optional_drops();
  const auto pos = g.parse("8/WWWWWWWW/WWWWWWWW/8/8/8/8/8 w");
  EXPECT_EQ(g.legal_moves(pos).size(), 3318u);
  EXPECT_EQ(g.count_moves(pos), 3318u);
  EXPECT_EQ(moves_of(g, pos).size(), 3318u);
}

// V5: d2 takes d3 then d5 (2 men) or c4 and b5 (3 men); g2 takes g3 (1 man).
TEST(EximoVariants, V5_OnlyTheLongestChainsAreLegal) {
  const char* pos = "8/8/8/1B1B4/2B5/3B2B1/3W2W1/8 w";
  expect_moves(standard(), pos, {"d2xd4xd6", "d2xd4xb4xb6", "g2xg4"});
  expect_moves(max_capture(), pos, {"d2xd4xb4xb6"});
}

// V5 for Black (the engine's flipped frame): e7 takes e6 (1 man); b7 takes b6
// and b4 (2 men). Black moves south.
//   7  . B . . B . . .
//   6  . W . . W . . .
//   5  . . . . . . . .
//   4  . W . . . . . .
TEST(EximoVariants, V5_BlackLongestChain) {
  const char* pos = "8/1B2B3/1W2W3/8/1W6/8/8/8 b";
  expect_moves(standard(), pos, {"b7xb5xb3", "e7xe5"});
  expect_moves(max_capture(), pos, {"b7xb5xb3"});
}

// V5 with X6: c4xc6xc8 (2 men, drops on 11 free squares: C(11,2) = 55) beats
// f2xf4 (1 man); with V4 as well, 1 + 11 + 55 = 67 ways to finish it.
TEST(EximoVariants, V5_LongestChainEndsOnTheFarRow) {
  const char* pos = "8/2B5/8/2B5/2W5/5B2/5W2/8 w";
  EXPECT_EQ(standard().count_moves(standard().parse(pos)), 56u);
  EXPECT_EQ(max_capture().count_moves(max_capture().parse(pos)), 55u);
  EXPECT_EQ(max_capture().legal_moves(max_capture().parse(pos)).size(), 55u);
  EXPECT_EQ(both().count_moves(both().parse(pos)), 67u);
  const auto texts = moves_of(both(), pos);
  EXPECT_EQ(texts.size(), 67u);
  for (const auto& t : texts) EXPECT_EQ(t.substr(0, 8), "c4xc6xc8") << t;
}

// V8: rules=seed is drops=optional.
TEST(EximoVariants, V8_SeedPresetIsOptionalDrops) {
  const Eximo seed(arb::Spec::parse("eximo:rules=seed"));
  EXPECT_EQ(seed.spec().canonical(), "eximo:drops=optional");
  EXPECT_EQ(seed.count_moves(seed.parse("B7/3W4/8/8/8/8/8/8 w")), 237u);  // 3 x 79
}

// The start: no capture and no arrival for 3 plies, so the variants change
// nothing there: 40, 1600, 60284 (RULES.md) under every spec.
TEST(EximoVariants, V4_V5_StartUnchangedAtLowDepth) {
  for (const Eximo* g : {&optional_drops(), &max_capture(), &both()}) {
    EXPECT_EQ(arb::perft(*g, g->start(), 1), 40u);
    EXPECT_EQ(arb::perft(*g, g->start(), 2), 1600u);
  }
}

}  // namespace
