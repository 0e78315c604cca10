// The public check positions of Eximo (RULES.md: perft from the start, seed
// 002's examples of X3 and X4) and the start's moves by hand, written once for
// both implementations: engine/eximo/tests/eximo_test.cpp and
// reference/eximo/tests/rules_test.cpp instantiate the suite. Every expected
// move list is a hand count from the rules (worked out in the comments) or a
// number given in RULES.md. Like game_test_support.h, it speaks only the Game
// concept and the notation.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "common/game.h"
#include "common/tests/game_test_support.h"
#include "perft/count/perft.h"

namespace arb::test::eximo_examples {

template <class G>
class EximoExamples : public ::testing::Test {
 protected:
  static const G& standard() { return game<G>("eximo"); }
};
TYPED_TEST_SUITE_P(EximoExamples);

// RULES.md: start perft 1-3 from two independent implementations.
TYPED_TEST_P(EximoExamples, X1_StartPerft) {
  const auto& g = this->standard();
  EXPECT_EQ(perft(g, g.start(), 1), 40u);
  EXPECT_EQ(perft(g, g.start(), 2), 1600u);
  EXPECT_EQ(perft(g, g.start(), 3), 60284u);
}

// 22 steps: b3 c3 f3 g3 three each (12); b2 a3, c2 d3, d2 d3 e3, e2 d3 e3,
// f2 e3, g2 h3 (8); b1 a2, g1 h2 (2). 18 friendly jumps (no chain continues):
// rank 2 men over rank 3 men (b2 b4 d4, c2 a4 c4, d2 b4, e2 g4, f2 f4 h4, g2
// e4 g4 = 10), rank 1 men over rank 2 men onto empty rank 3 squares (b1-d3,
// c1-a3, c1-e3, d1-d3, e1-e3, f1-d3, f1-h3, g1-e3 = 8).
TYPED_TEST_P(EximoExamples, X1_StartMovesByHand) {
  const auto& g = this->standard();
  EXPECT_EQ(g.format(g.start()), "1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 w");
  expect_moves(
      g, "start",
      {// steps of the rank-3 men
       "b3-a4", "b3-b4", "b3-c4", "c3-b4", "c3-c4", "c3-d4", "f3-e4", "f3-f4", "f3-g4", "g3-f4",
       "g3-g4", "g3-h4",
       // steps of rank 2 and rank 1
       "b2-a3", "c2-d3", "d2-d3", "d2-e3", "e2-d3", "e2-e3", "f2-e3", "g2-h3", "b1-a2", "g1-h2",
       // friendly jumps
       "b2-b4", "b2-d4", "c2-c4", "c2-a4", "d2-b4", "e2-g4", "f2-f4", "f2-h4", "g2-g4", "g2-e4",
       "b1-d3", "c1-e3", "c1-a3", "d1-d3", "e1-e3", "f1-d3", "f1-h3", "g1-e3"});
}

// X3: seed 002's first example, rebuilt with a White man on a3: Black c7 may
// jump c6 to c5 and stop (a3 is occupied, so c5 cannot go on over b4), or
// jump b6 then b4 and stop at c3 (no capture of c2 inside a friendly jump;
// c7-a5 alone is not a move). d7 cannot be jumped sideways. Hand count: steps
// c7-d6; c6 x3; b6 x3; b4-b3, b4-c3 (a3 is White); d7-d6, d7-e6 = 11. Jumps:
// c7-c5, c7-a5-c3, d7-b5-b3 (compulsory continuation over b4) = 3.
TYPED_TEST_P(EximoExamples, X3_SeedExampleWhiteOnA3) {
  expect_moves(this->standard(), "8/2BB4/1BB5/8/1B6/W7/2W2W2/8 b",
               {"c6-b5", "c6-c5", "c6-d5", "b6-a5", "b6-b5", "b6-c5", "b4-b3", "b4-c3", "c7-d6",
                "d7-d6", "d7-e6", "c7-c5", "c7-a5-c3", "d7-b5-b3"});
}

// The same with a Black man on a3, which adds its steps a3-a2 and a3-b2.
TYPED_TEST_P(EximoExamples, X3_SeedExampleBlackOnA3) {
  expect_moves(this->standard(), "8/2BB4/1BB5/8/1B6/B7/2W2W2/8 b",
               {"a3-a2", "a3-b2", "b4-b3", "b4-c3", "b6-a5", "b6-b5", "b6-c5", "c6-b5", "c6-c5",
                "c6-d5", "c7-a5-c3", "c7-c5", "c7-d6", "d7-b5-b3", "d7-d6", "d7-e6"});
}

// X4: seed 002's second example: White e2 has exactly five captures
// e2xe4, e2xc4, e2xc2xe4, e2xg2xe4, e2xg4xg6 (no friendly jump over g7 after g6).
TYPED_TEST_P(EximoExamples, X4_SeedExampleFiveCaptures) {
  expect_moves(this->standard(), "8/6W1/8/6B1/8/3BBB2/3BWB2/8 w",
               {"e2xe4", "e2xc4", "e2xc2xe4", "e2xg2xe4", "e2xg4xg6"});
}

// X4: captured men are removed at once; the results are the hand-made boards.
TYPED_TEST_P(EximoExamples, X4_CapturedMenRemovedAtOnce) {
  const auto& g = this->standard();
  const auto pos = g.parse("8/6W1/8/6B1/8/3BBB2/3BWB2/8 w");
  const auto far = g.play(pos, g.parse_move(pos, "e2xg4xg6"));
  EXPECT_EQ(g.format(far), "8/6W1/6W1/8/8/3BB3/3B1B2/8 b") << g.diagram(far);
  // e2xc2xe4 takes d2 and d3; e3 f3 f2 g5 stay.
  const auto round = g.play(pos, g.parse_move(pos, "e2xc2xe4"));
  EXPECT_EQ(g.format(round), "8/6W1/8/6B1/4W3/4BB2/5B2/8 b") << g.diagram(round);
}

REGISTER_TYPED_TEST_SUITE_P(EximoExamples, X1_StartPerft, X1_StartMovesByHand,
                            X3_SeedExampleWhiteOnA3, X3_SeedExampleBlackOnA3,
                            X4_SeedExampleFiveCaptures, X4_CapturedMenRemovedAtOnce);

}  // namespace arb::test::eximo_examples
