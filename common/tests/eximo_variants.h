// The rule variants of Eximo (RULES.md V4 drops=optional, V5 capture=max, V8
// the preset rules=seed), written once for both implementations:
// engine/eximo/tests/variants_test.cpp and reference/eximo/tests/variants_test.cpp
// instantiate the suite. Each position is one where the variant changes the
// moves; the expected lists are hand counts (reasoning beside them), and
// expect_moves also checks count_moves against legal_moves. Like
// game_test_support.h, it speaks only the Game concept and the notation (plus
// each game's Rules fields, named alike).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"
#include "common/tests/game_test_support.h"
#include "perft/count/perft.h"

namespace arb::test::eximo_variants {

// Two free zone squares, b2 and c2 (rank 3 full of Black men, so no capture):
//   8  . . . . . . . .
//   7  . . . W . . . .
//   3  B B B B B B B B
//   2  . . . B B B B .
//   1  . W W W W W W .
// 7 steps of rank 1 (b1-a2 b1-b2 b1-c2 c1-b2 c1-c2 d1-c2 g1-h2) and 3 arrivals
// d7-c8/d8/e8. X6: each drops on both free squares (+b2+c2): 10 moves.
// V4: each may drop none, +b2, +c2 or +b2+c2: 7 + 3 x 4 = 19 moves.
constexpr const char* kTwoFree = "8/3W4/8/8/8/BBBBBBBB/3BBBB1/1WWWWWW1 w";

template <class G>
class EximoVariants : public ::testing::Test {
 protected:
  static const G& standard() { return game<G>("eximo"); }
  static const G& optional_drops() { return game<G>("eximo:drops=optional"); }
  static const G& max_capture() { return game<G>("eximo:capture=max"); }
  static const G& both() { return game<G>("eximo:capture=max,drops=optional"); }
};
TYPED_TEST_SUITE_P(EximoVariants);

TYPED_TEST_P(EximoVariants, V4_OptionalDropsOfferZeroOneOrTwo) {
  const std::vector<std::string> steps = {"b1-a2", "b1-b2", "b1-c2", "c1-b2",
                                          "c1-c2", "d1-c2", "g1-h2"};
  std::vector<std::string> two = steps;
  for (const char* to : {"c8", "d8", "e8"}) two.push_back(std::string("d7-") + to + "+b2+c2");
  expect_moves(this->standard(), kTwoFree, two);
  std::vector<std::string> optional = steps;
  for (const char* to : {"c8", "d8", "e8"})
    for (const char* drops : {"", "+b2", "+c2", "+b2+c2"})
      optional.push_back(std::string("d7-") + to + drops);
  expect_moves(this->optional_drops(), kTwoFree, optional);
}

// One free zone square (b2): X6 drops it (d7-c8+b2); V4 may also drop none.
// Steps b1-a2 b1-b2 c1-b2 g1-h2 as in the X6 test: 4 + 3 x 2 = 10 moves.
TYPED_TEST_P(EximoVariants, V4_OneFreeSquareDropsOneOrNone) {
  expect_moves(this->optional_drops(), "8/3W4/8/8/8/BBBBBBBB/2BBBBB1/1WWWWWW1 w",
               {"b1-a2", "b1-b2", "c1-b2", "g1-h2", "d7-c8", "d7-c8+b2", "d7-d8", "d7-d8+b2",
                "d7-e8", "d7-e8+b2"});
}

// An empty zone: 3 arrivals x (1 + 12 + C(12,2) = 79) = 237 under V4, against
// 3 x 66 = 198 under X6; playing the no-drop move just removes the man.
TYPED_TEST_P(EximoVariants, V4_EmptyZoneAndNoDropPlay) {
  const auto& g = this->optional_drops();
  const auto pos = g.parse("B7/3W4/8/8/8/8/8/8 w");
  EXPECT_EQ(g.legal_moves(pos).size(), 237u) << shown(g, pos);
  EXPECT_EQ(this->standard().legal_moves(pos).size(), 198u) << shown(g, pos);
  EXPECT_EQ(g.format(g.play(pos, g.parse_move(pos, "d7-d8"))), "B7/8/8/8/8/8/8/8 b");
  EXPECT_EQ(g.format(g.play(pos, g.parse_move(pos, "d7-d8+g2"))), "B7/8/8/8/8/8/6W1/8 b");
  EXPECT_THROW(g.parse_move(pos, "d7-d8+g2+g2"), Error);  // distinct squares
}

// A friendly jump chain to the far row frees its start square (X6 decision:
// counted after the move): b2-b4-b6-b8 leaves b2 the one free zone square.
// X6: b2-b4-b6-b8+b2 only; V4: also b2-b4-b6-b8 (no drop).
TYPED_TEST_P(EximoVariants, V4_JumpArrivalFreesItsStartSquare) {
  const char* pos = "8/1W6/8/1W6/8/1W6/1WWWWWW1/1WWWWWW1 w";
  const auto texts = moves_of(this->optional_drops(), pos);
  EXPECT_TRUE(std::ranges::count(texts, std::string("b2-b4-b6-b8+b2")));
  EXPECT_TRUE(std::ranges::count(texts, std::string("b2-b4-b6-b8")));
  EXPECT_FALSE(std::ranges::count(moves_of(this->standard(), pos), std::string("b2-b4-b6-b8")));
  // The one other arrival from the zone, c2-a4-c6-a8 (over b3, b5, b7), gains
  // its no-drop move too; b7's steps find the zone full (no drop either way).
  EXPECT_TRUE(std::ranges::count(texts, std::string("c2-a4-c6-a8")));
  EXPECT_EQ(texts.size(), moves_of(this->standard(), pos).size() + 2);
  const auto& g = this->optional_drops();
  EXPECT_EQ(g.count_moves(g.parse(pos)), texts.size());
}

// V4 for Black, after a capture onto rank 1: c3 takes c2 and reaches c1 (the
// only capture, X5, and so the only move). Black's zone (b7-g7, b8-g8) holds
// Black men everywhere but g8.
//   8  . B B B B B . .
//   7  . B B B B B B .
//   3  . . B . . . . .
//   2  . . W . . . . .
// Black: c3xc1 is the only capture (X5), zone free square g8 only: X6 gives
// c3xc1+g8, V4 c3xc1 and c3xc1+g8.
TYPED_TEST_P(EximoVariants, V4_BlackCaptureArrival) {
  const char* pos = "1BBBBB2/1BBBBBB1/8/8/8/2B5/2W5/8 b";
  expect_moves(this->standard(), pos, {"c3xc1+g8"});
  expect_moves(this->optional_drops(), pos, {"c3xc1", "c3xc1+g8"});
  const auto& g = this->optional_drops();
  const auto p = g.parse(pos);
  EXPECT_EQ(g.format(g.play(p, g.parse_move(p, "c3xc1"))), "1BBBBB2/1BBBBBB1/8/8/8/8/8/8 w");
}

// 42 arrivals on an empty zone (X6: 42 x 66): 42 x 79 = 3318 under V4, beyond
// the engine's inline move list; texts unique, counts agree.
TYPED_TEST_P(EximoVariants, V4_ManyArrivals) {
  const auto& g = this->optional_drops();
  const auto pos = g.parse("8/WWWWWWWW/WWWWWWWW/8/8/8/8/8 w");
  EXPECT_EQ(g.legal_moves(pos).size(), 3318u);
  EXPECT_EQ(g.count_moves(pos), 3318u);
  EXPECT_EQ(moves_of(g, pos).size(), 3318u);
}

// V5: chains of different lengths, from one man and from two.
//   5  . B . B . . . .
//   4  . . B . . . . .
//   3  . . . B . . B .
//   2  . . . W . . W .
// d2 takes d3, then must go on (X4): over d5 to d6 (2 men), or over c4 to b4
// and over b5 to b6 (3 men). g2 takes g3 (1 man). Free: 3 chains; max: the one
// taking three.
TYPED_TEST_P(EximoVariants, V5_OnlyTheLongestChainsAreLegal) {
  const char* pos = "8/8/8/1B1B4/2B5/3B2B1/3W2W1/8 w";
  expect_moves(this->standard(), pos, {"d2xd4xd6", "d2xd4xb4xb6", "g2xg4"});
  expect_moves(this->max_capture(), pos, {"d2xd4xb4xb6"});
}

// V5 for Black (the engine's flipped frame): e7 takes e6 (1 man); b7 takes b6
// and b4 (2 men). Black moves south.
//   7  . B . . B . . .
//   6  . W . . W . . .
//   5  . . . . . . . .
//   4  . W . . . . . .
TYPED_TEST_P(EximoVariants, V5_BlackLongestChain) {
  const char* pos = "8/1B2B3/1W2W3/8/1W6/8/8/8 b";
  expect_moves(this->standard(), pos, {"b7xb5xb3", "e7xe5"});
  expect_moves(this->max_capture(), pos, {"b7xb5xb3"});
}

// V5 with X6: c4 takes c5 and c7 and reaches c8 (2 men; the drops on the 11
// free zone squares, f2 being taken: C(11,2) = 55); f2 takes f3 (1 man).
// Free: 55 + 1 = 56 moves; max: the 55 arrivals. With V4 as well,
// 1 + 11 + 55 = 67 ways to finish it.
TYPED_TEST_P(EximoVariants, V5_LongestChainEndsOnTheFarRow) {
  const char* pos = "8/2B5/8/2B5/2W5/5B2/5W2/8 w";
  const auto& max = this->max_capture();
  EXPECT_EQ(this->standard().legal_moves(this->standard().parse(pos)).size(), 56u);
  EXPECT_EQ(this->standard().count_moves(this->standard().parse(pos)), 56u);
  EXPECT_EQ(max.count_moves(max.parse(pos)), 55u);
  const auto moves = moves_of(max, pos);
  EXPECT_EQ(moves.size(), 55u) << shown(max, max.parse(pos));
  for (const auto& m : moves) EXPECT_EQ(m.substr(0, 9), "c4xc6xc8+") << m;
  EXPECT_EQ(this->both().count_moves(this->both().parse(pos)), 67u);
  const auto texts = moves_of(this->both(), pos);
  EXPECT_EQ(texts.size(), 67u);
  for (const auto& t : texts) EXPECT_EQ(t.substr(0, 8), "c4xc6xc8") << t;
}

// V5: chains of equal length all stay, and friendly jumps are untouched
// when there is no capture (X5): the start position has 40 moves either way.
TYPED_TEST_P(EximoVariants, V5_TiesStayAndNoCaptureNoChange) {
  // d4 takes c5 to b6 or e5 to f6 (one man each): both stay.
  expect_moves(this->max_capture(), "8/8/8/2B1B3/3W4/8/8/8 w", {"d4xb6", "d4xf6"});
  EXPECT_EQ(this->max_capture().legal_moves(this->max_capture().start()).size(), 40u);
}

// V8: rules=seed is drops=optional; beside it drops=two contradicts it.
TYPED_TEST_P(EximoVariants, V8_SeedPresetIsOptionalDrops) {
  EXPECT_EQ(Spec::parse("eximo:rules=seed").canonical(), "eximo:drops=optional");
  EXPECT_EQ(Spec::parse("eximo:rules=seed,capture=max").canonical(),
            "eximo:capture=max,drops=optional");
  EXPECT_THROW(Spec::parse("eximo:rules=seed,drops=two"), Error);
  EXPECT_THROW(Spec::parse("eximo:drops=some"), Error);
  EXPECT_THROW(Spec::parse("eximo:capture=longest"), Error);
  const TypeParam seed(Spec::parse("eximo:rules=seed"));
  EXPECT_EQ(seed.spec().canonical(), "eximo:drops=optional");
  EXPECT_TRUE(seed.rules().optional_drops);
  EXPECT_FALSE(seed.rules().max_capture);
  EXPECT_EQ(seed.legal_moves(seed.parse(kTwoFree)).size(), 19u);
  EXPECT_EQ(seed.count_moves(seed.parse("B7/3W4/8/8/8/8/8/8 w")), 237u);  // 3 x 79
}

// The start: no capture and no arrival for 3 plies, so the variants change
// nothing there: 40, 1600, 60284 (RULES.md) under every spec.
TYPED_TEST_P(EximoVariants, V4_V5_StartUnchangedAtLowDepth) {
  for (const TypeParam* g : {&this->optional_drops(), &this->max_capture(), &this->both()}) {
    EXPECT_EQ(perft(*g, g->start(), 1), 40u);
    EXPECT_EQ(perft(*g, g->start(), 2), 1600u);
  }
}

REGISTER_TYPED_TEST_SUITE_P(EximoVariants, V4_OptionalDropsOfferZeroOneOrTwo,
                            V4_OneFreeSquareDropsOneOrNone, V4_EmptyZoneAndNoDropPlay,
                            V4_JumpArrivalFreesItsStartSquare, V4_BlackCaptureArrival,
                            V4_ManyArrivals, V5_OnlyTheLongestChainsAreLegal, V5_BlackLongestChain,
                            V5_LongestChainEndsOnTheFarRow, V5_TiesStayAndNoCaptureNoChange,
                            V8_SeedPresetIsOptionalDrops, V4_V5_StartUnchangedAtLowDepth);

}  // namespace arb::test::eximo_variants
