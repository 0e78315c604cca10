// Clause tests for the reference Eximo (RULES.md X1-X7). Every expected move
// list or count below is derived by hand from the rules (reasoning in comments)
// or is given by RULES.md.
#include <gtest/gtest.h>

#include "common/tests/eximo_examples.h"
#include "reference/eximo/tests/test_util.h"

// Perft from the start, the start's moves and seed 002's X3 and X4 examples:
// common/tests/eximo_examples.h, written once for both implementations.
namespace arb::test::eximo_examples {
INSTANTIATE_TYPED_TEST_SUITE_P(Reference, EximoExamples, ::testing::Types<reference::Eximo>);
}  // namespace arb::test::eximo_examples

namespace arb::reference::eximo_test {
namespace {

TEST(EximoRules, X1_StartPosition) {
  const Eximo& g = game();
  const auto pos = g.start();
  EXPECT_EQ(g.format(pos), "1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 w");
  EXPECT_EQ(g.to_move(pos), 0) << g.diagram(pos);
  int white = 0, black = 0;
  for (const auto& rank : pos.board)
    for (auto p : rank) {
      white += p == Eximo::Piece::kWhite;
      black += p == Eximo::Piece::kBlack;
    }
  EXPECT_EQ(white, 16) << g.diagram(pos);
  EXPECT_EQ(black, 16) << g.diagram(pos);
}

TEST(EximoRules, X2_StepForwardAndDiagonallyForward) {
  expect_moves("8/8/8/8/3W4/8/8/8 w", {"d4-c5", "d4-d5", "d4-e5"});
  expect_moves("8/8/8/8/W7/8/8/8 w", {"a4-a5", "a4-b5"});  // edge file
}

TEST(EximoRules, X2_BlackForwardIsSouth) {
  expect_moves("8/8/8/4B3/8/8/8/8 b", {"e5-d4", "e5-e4", "e5-f4"});
}

TEST(EximoRules, X2_NoSidewaysOrBackwardStep) {
  // White d4 with a Black man far away: no d4-c4, d4-e4, d4-d3.
  const auto moves = moves_of("B7/8/8/8/3W4/8/8/8 w");
  for (const char* bad : {"d4-c4", "d4-e4", "d4-d3", "d4-c3", "d4-e3"})
    EXPECT_EQ(std::count(moves.begin(), moves.end(), bad), 0)
        << bad << shown("B7/8/8/8/3W4/8/8/8 w");
}

TEST(EximoRules, X3_JumpChainMustContinue) {
  // c1 jumps c2 to c3, then must jump c4 to c5: c1-c3 alone is illegal.
  expect_moves("8/8/8/8/2W5/8/2W5/2W5 w", {"c1-b2", "c1-d2", "c1-c3-c5", "c2-b3", "c2-c3", "c2-d3",
                                           "c4-b5", "c4-c5", "c4-d5"});
}

TEST(EximoRules, X3_AnyContinuationMayBeChosen) {
  // d1 over d2 to d3, then over c4 to b5 or over e4 to f5; d1-d3 is not a move.
  expect_moves("8/8/8/8/2W1W3/8/3W4/3W4 w",
               {"c4-b5", "c4-c5", "c4-d5", "d1-c2", "d1-d3-b5", "d1-d3-f5", "d1-e2", "d2-c3",
                "d2-d3", "d2-e3", "e4-d5", "e4-e5", "e4-f5"});
}

TEST(EximoRules, X3_NoSidewaysJumpNoJumpOverTwo) {
  // c4 d4 side by side: no sideways jump.
  expect_moves("8/8/8/8/2WW4/8/8/8 w", {"c4-b5", "c4-c5", "c4-d5", "d4-c5", "d4-d5", "d4-e5"});
  // d2 d3 d4 in a line: d2 cannot jump (d4 occupied), d3 jumps d4 to d5.
  expect_moves("8/8/8/8/3W4/3W4/3W4/8 w",
               {"d2-c3", "d2-e3", "d3-c4", "d3-e4", "d3-d5", "d4-c5", "d4-d5", "d4-e5"});
}

TEST(EximoRules, X4_SidewaysCaptures) {
  expect_moves("B7/8/8/8/3WB3/8/8/8 w", {"d4xf4"});  // east
  expect_moves("B7/8/8/8/3WB3/8/8/8 b", {"e4xc4"});  // Black, west
  // Both ways, and a chain that must go on east over g4; c4 is gone after
  // d4xb4, so that chain stops.
  expect_moves("8/8/8/8/2BWB1B1/8/8/8 w", {"d4xb4", "d4xf4xh4"});
}

TEST(EximoRules, X4_NoBackwardCapture) {
  expect_moves("8/8/8/8/3W4/2BBB3/8/8 w", {"d4-c5", "d4-d5", "d4-e5"});
  expect_moves("8/8/8/8/3W4/2BBB3/8/8 b",
               {"c3-b2", "c3-c2", "c3-d2", "d3-c2", "d3-d2", "d3-e2", "e3-d2", "e3-e2", "e3-f2"});
}

TEST(EximoRules, X4_BlackCapturesSouth) {
  // Black d5 over d4 to d3, or diagonally over c4 to b3 (south is forward);
  // nothing further to take from either landing square.
  expect_moves("8/8/8/3B4/2WW4/8/8/8 b", {"d5xb3", "d5xd3"});
}

TEST(EximoRules, X5_CapturePriority) {
  // d4xf6 is available: no step and no friendly jump c1-c3.
  expect_moves("B7/8/8/4B3/3W4/8/2W5/2W5 w", {"d4xf6"});
}

TEST(EximoRules, X5_FriendlyJumpsNeverCompulsory) {
  // c1-c3-c5 is available, yet steps remain legal.
  const auto moves = moves_of("8/8/8/8/2W5/8/2W5/2W5 w");
  EXPECT_NE(std::find(moves.begin(), moves.end(), "c1-b2"), moves.end())
      << shown("8/8/8/8/2W5/8/2W5/2W5 w");
  EXPECT_NE(std::find(moves.begin(), moves.end(), "c1-c3-c5"), moves.end())
      << shown("8/8/8/8/2W5/8/2W5/2W5 w");
}

TEST(EximoRules, X6_StepToFarRowWithDrops) {
  // RULES.md's example text: zone full except b1 and c2.
  const Eximo& g = game();
  const std::string text = "8/3W4/8/8/8/8/1W1WWWW1/2WWWWW1 w";
  const auto pos = g.parse(text);
  const auto moves = moves_of(text);
  EXPECT_NE(std::find(moves.begin(), moves.end(), "d7-d8+b1+c2"), moves.end()) << shown(text);
  EXPECT_THROW(g.parse_move(pos, "d7-d8+c2+b1"), Error) << shown(text);  // not sorted
  EXPECT_THROW(g.parse_move(pos, "d7-d8+b1"), Error) << shown(text);     // drops compulsory
  EXPECT_THROW(g.parse_move(pos, "d7-d8"), Error) << shown(text);
  const auto after = g.play(pos, g.parse_move(pos, "d7-d8+b1+c2"));
  EXPECT_EQ(g.format(after), "8/8/8/8/8/8/1WWWWWW1/1WWWWWW1 b") << shown(text);
}

TEST(EximoRules, X6_DropCountFollowsFreeZoneSquares) {
  // e6xe8 is the only capture; the drops then depend on the free zone squares.
  expect_moves("B7/4B3/4W3/8/8/8/1WW1W1W1/1W1WWWW1 w",
               {"e6xe8+c1+d2", "e6xe8+c1+f2", "e6xe8+d2+f2"});            // 3 free
  expect_moves("B7/4B3/4W3/8/8/8/1WWWW1W1/1W1WWWW1 w", {"e6xe8+c1+f2"});  // 2 free
  expect_moves("B7/4B3/4W3/8/8/8/1WWWW1W1/1WWWWWW1 w", {"e6xe8+f2"});     // 1 free
  expect_moves("B7/4B3/4W3/8/8/8/1WWWWWW1/1WWWWWW1 w", {"e6xe8"});        // 0 free
}

TEST(EximoRules, X6_CornerFilesNotInDropZone) {
  // Empty zone: C(12,2) = 66 pairs; a1 a2 h1 h2 never receive a drop.
  const std::string text = "8/4B3/4W3/8/8/8/8/8 w";
  const auto moves = moves_of(text);
  EXPECT_EQ(moves.size(), 66u) << shown(text);
  for (const auto& m : moves)
    for (const char* corner : {"+a1", "+a2", "+h1", "+h2"})
      EXPECT_EQ(m.find(corner), std::string::npos) << m << shown(text);
}

TEST(EximoRules, X6_BlackDropsSortedByRank) {
  // d3xd1 reaches Black's far row; free zone squares f7 and c8: f7 first.
  const Eximo& g = game();
  const std::string text = "1B1BBBB1/1BBBB1B1/8/8/8/3B4/3W4/7W b";
  expect_moves(text, {"d3xd1+f7+c8"});
  const auto pos = g.parse(text);
  const auto after = g.play(pos, g.parse_move(pos, "d3xd1+f7+c8"));
  EXPECT_EQ(g.format(after), "1BBBBBB1/1BBBBBB1/8/8/8/8/8/7W w") << shown(text);
}

TEST(EximoRules, X6_ChainEndsOnFarRowMidWay) {
  // c4xc6xc8: the man is removed on c8 and may not go on with c8xe8 over d8.
  const Eximo& g = game();
  const std::string text = "3B4/2B5/8/2B5/2W5/8/1WWWWWW1/1WWW1WW1 w";
  expect_moves(text, {"c4xc6xc8+e1"});
  const auto pos = g.parse(text);
  const auto after = g.play(pos, g.parse_move(pos, "c4xc6xc8+e1"));
  EXPECT_EQ(g.format(after), "3B4/8/8/8/8/8/1WWWWWW1/1WWWWWW1 b") << shown(text);
}

TEST(EximoRules, X6_FriendlyJumpToFarRow) {
  // d6 steps c7 e7 (2), d6-d8 (66 drop pairs), d7 steps c8 d8 e8 (3 x 66).
  EXPECT_EQ(perft_of("8/3W4/3W4/8/8/8/8/8 w", 1), 2u + 66u + 198u);
}

TEST(EximoRules, X7_BlockedPlayerLoses) {
  const Eximo& g = game();
  // a1: a2 b2 occupied; captures would land on a3 and c3, occupied.
  const std::string text = "8/8/8/8/8/B1B5/BB6/W7 w";
  const auto pos = g.parse(text);
  EXPECT_EQ(g.count_moves(pos), 0u) << shown(text);
  EXPECT_EQ(g.outcome(pos), Outcome::win(1)) << shown(text);
}

TEST(EximoRules, X7_NoMenLoses) {
  const Eximo& g = game();
  const auto white_none = g.parse("8/8/8/3B4/8/8/8/8 w");
  EXPECT_EQ(g.outcome(white_none), Outcome::win(1)) << g.diagram(white_none);
  const auto black_none = g.parse("8/8/8/3W4/8/8/8/8 b");
  EXPECT_EQ(g.outcome(black_none), Outcome::win(0)) << g.diagram(black_none);
  EXPECT_EQ(g.outcome(g.start()), Outcome::ongoing());
}

}  // namespace
}  // namespace arb::reference::eximo_test
