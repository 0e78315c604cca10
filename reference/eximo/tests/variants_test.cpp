// Variant tests for the reference Eximo (RULES.md V4 drops=optional, V5
// capture=max, V8 preset rules=seed). Each position is one where the variant
// changes the moves; the expected lists are hand counts (reasoning beside them).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "reference/eximo/tests/test_util.h"

namespace arb::reference::eximo_test {
namespace {

const Eximo& optional_drops() { return test::game<Eximo>("eximo:drops=optional"); }
const Eximo& max_capture() { return test::game<Eximo>("eximo:capture=max"); }

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

TEST(EximoVariants, V4_OptionalDropsOfferZeroOneOrTwo) {
  const std::vector<std::string> steps = {"b1-a2", "b1-b2", "b1-c2", "c1-b2",
                                          "c1-c2", "d1-c2", "g1-h2"};
  std::vector<std::string> two = steps;
  for (const char* to : {"c8", "d8", "e8"}) two.push_back(std::string("d7-") + to + "+b2+c2");
  expect_moves(kTwoFree, two);
  std::vector<std::string> optional = steps;
  for (const char* to : {"c8", "d8", "e8"})
    for (const char* drops : {"", "+b2", "+c2", "+b2+c2"})
      optional.push_back(std::string("d7-") + to + drops);
  test::expect_moves(optional_drops(), kTwoFree, optional);
}

// One free zone square (b2): X6 drops it (d7-c8+b2); V4 may also drop none.
// Steps b1-a2 b1-b2 c1-b2 g1-h2 as in the X6 test: 4 + 3 x 2 = 10 moves.
TEST(EximoVariants, V4_OneFreeSquareDropsOneOrNone) {
  test::expect_moves(optional_drops(), "8/3W4/8/8/8/BBBBBBBB/2BBBBB1/1WWWWWW1 w",
                     {"b1-a2", "b1-b2", "c1-b2", "g1-h2", "d7-c8", "d7-c8+b2", "d7-d8", "d7-d8+b2",
                      "d7-e8", "d7-e8+b2"});
}

// An empty zone: 3 arrivals x (1 + 12 + C(12,2) = 79) = 237 under V4, against
// 3 x 66 = 198 under X6; playing the no-drop move just removes the man.
TEST(EximoVariants, V4_EmptyZoneAndNoDropPlay) {
  const Eximo& g = optional_drops();
  const auto pos = g.parse("B7/3W4/8/8/8/8/8/8 w");
  EXPECT_EQ(g.legal_moves(pos).size(), 237u) << test::shown(g, pos);
  EXPECT_EQ(game().legal_moves(pos).size(), 198u) << shown("B7/3W4/8/8/8/8/8/8 w");
  EXPECT_EQ(g.format(g.play(pos, g.parse_move(pos, "d7-d8"))), "B7/8/8/8/8/8/8/8 b");
  EXPECT_EQ(g.format(g.play(pos, g.parse_move(pos, "d7-d8+g2"))), "B7/8/8/8/8/8/6W1/8 b");
  EXPECT_THROW(g.parse_move(pos, "d7-d8+g2+g2"), Error);  // distinct squares
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
TEST(EximoVariants, V4_BlackCaptureArrival) {
  const std::string pos = "1BBBBB2/1BBBBBB1/8/8/8/2B5/2W5/8 b";
  expect_moves(pos, {"c3xc1+g8"});
  test::expect_moves(optional_drops(), pos, {"c3xc1", "c3xc1+g8"});
}

// V5: chains of different lengths, from one man and from two.
//   5  . B . B . . . .
//   4  . . B . . . . .
//   3  . . . B . . B .
//   2  . . . W . . W .
// d2 takes d3, then must go on (X4): over d5 to d6 (2 men), or over c4 to b4
// and over b5 to b6 (3 men). g2 takes g3 (1 man). Free: 3 chains; max: the one
// taking three.
TEST(EximoVariants, V5_OnlyTheLongestChainsAreLegal) {
  const std::string pos = "8/8/8/1B1B4/2B5/3B2B1/3W2W1/8 w";
  expect_moves(pos, {"d2xd4xd6", "d2xd4xb4xb6", "g2xg4"});
  test::expect_moves(max_capture(), pos, {"d2xd4xb4xb6"});
}

// V5 with X6: c4 takes c5 and c7 and reaches c8 (2 men; the drops on the 11
// free zone squares, f2 being taken: C(11,2) = 55); f2 takes f3 (1 man).
// Free: 55 + 1 = 56 moves; max: the 55 arrivals.
TEST(EximoVariants, V5_LongestChainEndsOnTheFarRow) {
  const Eximo& g = max_capture();
  const std::string text = "8/2B5/8/2B5/2W5/5B2/5W2/8 w";
  const auto pos = g.parse(text);
  EXPECT_EQ(game().legal_moves(pos).size(), 56u) << shown(text);
  const auto moves = test::moves_of(g, pos);
  EXPECT_EQ(moves.size(), 55u) << shown(text);
  for (const auto& m : moves) EXPECT_EQ(m.substr(0, 9), "c4xc6xc8+") << m;
}

// V5: chains of equal length all stay, and friendly jumps are untouched
// when there is no capture (X5): the start position has 40 moves either way.
TEST(EximoVariants, V5_TiesStayAndNoCaptureNoChange) {
  // d4 takes c5 to b6 or e5 to f6 (one man each): both stay.
  test::expect_moves(max_capture(), "8/8/8/2B1B3/3W4/8/8/8 w", {"d4xb6", "d4xf6"});
  EXPECT_EQ(max_capture().legal_moves(max_capture().start()).size(), 40u);
}

// V8: rules=seed is drops=optional; beside it drops=two contradicts it.
TEST(EximoVariants, V8_SeedPresetIsOptionalDrops) {
  EXPECT_EQ(Spec::parse("eximo:rules=seed").canonical(), "eximo:drops=optional");
  EXPECT_EQ(Spec::parse("eximo:rules=seed,capture=max").canonical(),
            "eximo:capture=max,drops=optional");
  EXPECT_THROW(Spec::parse("eximo:rules=seed,drops=two"), Error);
  EXPECT_THROW(Spec::parse("eximo:drops=some"), Error);
  EXPECT_THROW(Spec::parse("eximo:capture=longest"), Error);
  const Eximo seed(Spec::parse("eximo:rules=seed"));
  EXPECT_EQ(seed.legal_moves(seed.parse(kTwoFree)).size(), 19u);
}

}  // namespace
}  // namespace arb::reference::eximo_test
