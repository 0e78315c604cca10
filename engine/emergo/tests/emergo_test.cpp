// Engine Emergo: one test group per clause of RULES.md (E1-E12), the public
// check positions of RULES.md, perft from the start, notation round trips.
// Every expected count is either given in RULES.md or counted by hand from
// the rules (the count is explained next to it).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/spec.h"
#include "common/tests/digit_runs.h"
#include "common/tests/emergo_examples.h"
#include "common/tests/game_test_support.h"
#include "common/tests/notation_rules.h"
#include "common/tests/number_rules.h"
#include "engine/emergo/emergo.h"
#include "perft/count/perft.h"

namespace arb::test::emergo_examples {
INSTANTIATE_TYPED_TEST_SUITE_P(Engine, EmergoExamples, ::testing::Types<engine::emergo::Emergo>);
}  // namespace arb::test::emergo_examples

namespace {

using arb::engine::emergo::Emergo;

const Emergo& game9() { return arb::test::game<Emergo>("emergo"); }
const Emergo& game7() { return arb::test::game<Emergo>("emergo:size=7"); }

using arb::test::moves_of;

std::string show(const Emergo& g, const Emergo::Position& p) {
  std::string out = "\n" + g.format(p) + "\n" + g.diagram(p) + "moves:";
  for (const auto& m : moves_of(g, p)) out += " " + m;
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// The position after playing `text` from `position`.
std::string after(const Emergo& g, const std::string& position, const std::string& moves) {
  return g.format(arb::play_moves(g, g.parse(position), arb::split_moves(moves)));
}

// --- E1 board, E2 start ------------------------------------------------------

TEST(EmergoRules, E1_E2_StartIsEmptyBoardWhiteToMoveTwelveInHand) {
  const auto& g = game9();
  EXPECT_EQ(g.format(g.start()), "9/9/9/9/9/9/9/9/9 w 12 12");
  EXPECT_EQ(game7().format(game7().start()), "7/7/7/7/7/7/7 w 8 8");
  EXPECT_EQ(g.to_move(g.start()), 0);
}

TEST(EmergoRules, E1_FirstEntriesAreTheDarkSquaresButTheCentre) {
  // 41 dark squares minus e5 (E10); 25 minus d4 on 7x7.
  const auto& g = game9();
  const auto moves = moves_of(g, g.start());
  EXPECT_EQ(moves.size(), 40u) << show(g, g.start());
  EXPECT_TRUE(has(moves, "a1") && has(moves, "i9") && has(moves, "b2") && has(moves, "i1"));
  EXPECT_FALSE(has(moves, "b1")) << "b1 is light";
  EXPECT_EQ(moves_of(game7(), game7().start()).size(), 24u);
}

// --- Public check positions (RULES.md): common/tests/emergo_examples.h -------

// --- E3 columns, E5 capture ----------------------------------------------------

TEST(EmergoRules, E5_SingleManJumpedDisappearsUnderTheCapturer) {
  const auto& g = game9();
  const std::string p = "9/9/9/9/4B4/3W5/9/9/9 w 11 11";
  EXPECT_EQ(moves_of(g, g.parse(p)), std::vector<std::string>{"d4xf6"}) << show(g, g.parse(p));
  EXPECT_EQ(after(g, p, "d4xf6"), "9/9/9/5(BW)3/9/9/9/9/9 b 11 11");
}

TEST(EmergoRules, E5_E3_TopManTakenFreesThePrisonerForTheCapturer) {
  // e5 is a black cap over a white prisoner: after the jump the white man is free.
  const auto& g = game9();
  const std::string p = "9/9/9/9/4(WB)4/3W5/9/9/9 w 10 11";
  EXPECT_EQ(moves_of(g, g.parse(p)), std::vector<std::string>{"d4xf6"}) << show(g, g.parse(p));
  EXPECT_EQ(after(g, p, "d4xf6"), "9/9/9/5(BW)3/4W4/9/9/9/9 b 10 11");
}

TEST(EmergoRules, E5_StartSquareIsEmptyWhileTravelling_P2_TwoPathsTwoMoves) {
  // c3 can run round d4, f4, f2, d2 either way and land on its own start square.
  const auto& g = game9();
  const std::string p = "9/9/9/9/9/3B1B3/2W6/3B1B3/9 w 11 8";
  EXPECT_EQ(moves_of(g, g.parse(p)), (std::vector<std::string>{"c3xe1xg3xe5xc3", "c3xe5xg3xe1xc3"}))
      << show(g, g.parse(p));
  EXPECT_EQ(after(g, p, "c3xe5xg3xe1xc3"), "9/9/9/9/9/9/2(BBBBW)6/9/9 b 11 8");
  EXPECT_EQ(after(g, p, "c3xe1xg3xe5xc3"), "9/9/9/9/9/9/2(BBBBW)6/9/9 b 11 8");
}

// --- E4 capture priority -------------------------------------------------------

TEST(EmergoRules, E4_CaptureIsCompulsoryOverEntering) {
  const auto& g = game9();
  const auto p = g.parse("9/9/9/9/4B4/3W5/9/9/9 w 11 11");
  EXPECT_EQ(g.count_moves(p), 1u) << show(g, p);
}

TEST(EmergoRules, E4_CaptureIsCompulsoryOverStepping) {
  const auto& g = game9();
  const auto p = g.parse("9/9/9/9/4B4/3W5/9/9/W8 w 0 0");
  EXPECT_EQ(moves_of(g, p), std::vector<std::string>{"d4xf6"}) << show(g, p);
}

// --- E6 chains -------------------------------------------------------------------

TEST(EmergoRules, E6_NeverTheSameColumnTwiceInARow) {
  // After c3xe5 the column d4 is still black (one man left) with c3 empty behind,
  // but jumping straight back over it would be a 180-degree turn.
  const auto& g = game9();
  const std::string p = "9/9/9/9/9/3(BB)5/2W6/9/9 w 11 10";
  EXPECT_EQ(moves_of(g, g.parse(p)), std::vector<std::string>{"c3xe5"}) << show(g, g.parse(p));
  EXPECT_EQ(after(g, p, "c3xe5"), "9/9/9/9/4(BW)4/3B5/9/9/9 b 11 10");
}

TEST(EmergoRules, E6_MustContinueWhileItCan) {
  // c3xe5 could stop after one jump, but must go on over f6 to g7.
  const auto& g = game9();
  const auto p = g.parse("9/9/9/5B3/9/3B5/2W6/9/9 w 11 10");
  EXPECT_EQ(moves_of(g, p), std::vector<std::string>{"c3xe5xg7"}) << show(g, p);
}

// --- E7 maximum capture ------------------------------------------------------------

TEST(EmergoRules, E7_OnlyTheLongestChainIsLegal) {
  // c3xa1 takes one man (b2), c3xe5xg7 takes two: only the latter.
  const auto& g = game9();
  const auto p = g.parse("9/9/9/5B3/9/3B5/2W6/1B7/9 w 11 9");
  EXPECT_EQ(moves_of(g, p), std::vector<std::string>{"c3xe5xg7"}) << show(g, p);
}

TEST(EmergoRules, E7_MaximumIsOverAllColumnsAndTiesAreFree) {
  // a1xc3 and i1xg3 take one man each (a tie); a second white column cannot do more.
  const auto& g = game9();
  const auto p = g.parse("9/9/9/9/9/9/9/1B5B1/W7W w 10 10");
  EXPECT_EQ(moves_of(g, p), (std::vector<std::string>{"a1xc3", "i1xg3"})) << show(g, p);
}

// The engine counts and lists chains of up to three jumps on whole bitboards
// (engine/emergo/board.h, Jumps); these pin the cases that path treats apart.

TEST(EmergoRules, E7_ChainsOfTwoFromTwoColumnsThroughOneSquare) {
  // c3 and g3 both land on e5, and each goes on over d6 or f6: four chains.
  const auto& g = game9();
  const auto p = g.parse("9/9/9/3B1B3/9/3B1B3/2W3W2/9/9 w 10 8");
  EXPECT_EQ(moves_of(g, p),
            (std::vector<std::string>{"c3xe5xc7", "c3xe5xg7", "g3xe5xc7", "g3xe5xg7"}))
      << show(g, p);
  EXPECT_EQ(g.count_moves(p), 4u) << show(g, p);
}

TEST(EmergoRules, E7_ChainOfThreeCountedAndListed) {
  const auto& g = game9();
  const auto p = g.parse("9/5B3/9/5B3/9/3B5/2W6/9/9 w 11 9");
  EXPECT_EQ(moves_of(g, p), std::vector<std::string>{"c3xe5xg7xe9"}) << show(g, p);
  EXPECT_EQ(g.count_moves(p), 1u) << show(g, p);
}

TEST(EmergoRules, E5_E7_FourthJumpOntoTheStartSquareIsCounted) {
  // The loop of E5_StartSquareIsEmptyWhileTravelling: the fourth jump lands on
  // the start square, occupied on the board but empty while c3 travels.
  const auto& g = game9();
  EXPECT_EQ(g.count_moves(g.parse("9/9/9/9/9/3B1B3/2W6/3B1B3/9 w 11 8")), 2u);
  // Without d2 the loop does not close: the chains of three are the moves.
  const auto p = g.parse("9/9/9/9/9/3B1B3/2W6/5B3/9 w 11 9");
  EXPECT_EQ(moves_of(g, p), (std::vector<std::string>{"c3xe5xg3xe1"})) << show(g, p);
  EXPECT_EQ(g.count_moves(p), 1u) << show(g, p);
}

TEST(EmergoRules, E6_NoTurnBackOverATallColumnInALongChain) {
  // a1 runs up the long diagonal over b2, d4, f6 and h8. f6 holds two men, so
  // after the third jump it is still Black's, with e5 empty behind it: jumping
  // it again at once from g7 would be the 180-degree turn E6 forbids. (Chains
  // of four jumps go through the engine's rule-applying search.)
  const auto& g = game9();
  const auto p = g.parse("9/7B1/9/5(BB)3/9/3B5/9/1B7/W8 w 11 7");
  EXPECT_EQ(moves_of(g, p), std::vector<std::string>{"a1xc3xe5xg7xi9"}) << show(g, p);
  EXPECT_EQ(g.count_moves(p), 1u) << show(g, p);
}

TEST(EmergoRules, E7_ShorterChainFoundAfterTheLongestIsDropped) {
  // From g7 the chain goes on over f8 and d8 (five jumps), or ends over h6
  // (four), found in that order by the engine's search: only the five count.
  const auto& g = game9();
  const auto p = g.parse("9/3B1B3/9/5B1B1/9/3B5/9/1B7/W8 w 11 6");
  EXPECT_EQ(moves_of(g, p), std::vector<std::string>{"a1xc3xe5xg7xe9xc7"}) << show(g, p);
  EXPECT_EQ(g.count_moves(p), 1u) << show(g, p);
}

// --- E8 entering, shadow piece --------------------------------------------------------

TEST(EmergoRules, E8_WithMenInHandOnlyEntries) {
  // White owns c3 but has men in hand: 40 empty squares, no steps; no black
  // column to feed, and E10 does not apply (11 in hand), so e5 is allowed.
  const auto& g = game9();
  const auto p = g.parse("9/9/9/9/9/9/2W6/9/9 w 11 12");
  const auto moves = moves_of(g, p);
  EXPECT_EQ(moves.size(), 40u) << show(g, p);
  EXPECT_TRUE(has(moves, "e5"));
  for (const auto& m : moves) EXPECT_EQ(m.size(), 2u) << m;
}

TEST(EmergoRules, E8_ShadowPieceWhenOpponentHandIsEmpty) {
  // Black has no men in hand: White enters all 3 at once. b2 feeds a1 (E9):
  // 41 - a1 - b2 = 39 entries.
  const auto& g = game9();
  const std::string p = "9/9/9/9/9/9/9/9/B8 w 3 0";
  const auto moves = moves_of(g, g.parse(p));
  EXPECT_EQ(moves.size(), 39u) << show(g, g.parse(p));
  EXPECT_FALSE(has(moves, "b2"));
  EXPECT_EQ(after(g, p, "e5"), "9/9/9/9/4(WWW)4/9/9/9/B8 b 0 0");
}

TEST(EmergoRules, E8_SingleManWhileOpponentStillHoldsMen) {
  const auto& g = game9();
  EXPECT_EQ(after(g, "9/9/9/9/9/9/9/9/B8 w 3 1", "e5"), "9/9/9/9/4W4/9/9/9/B8 b 2 1");
}

// --- E9 no feeding -----------------------------------------------------------------

TEST(EmergoRules, E9_NoEntryThatFeedsTheOpponent) {
  // Black e5 and f6, nothing else. Feeding squares (black column on one side,
  // empty beyond on the other): d6 d4 f4 around e5, e7 g7 g5 around f6.
  // 39 empty - 6 = 33 entries.
  const auto& g = game9();
  const auto p = g.parse("9/9/9/5B3/4B4/9/9/9/9 w 11 10");
  const auto moves = moves_of(g, p);
  EXPECT_EQ(moves.size(), 33u) << show(g, p);
  for (const char* feed : {"d6", "d4", "f4", "e7", "g7", "g5"})
    EXPECT_FALSE(has(moves, feed)) << feed;
}

TEST(EmergoRules, E9_FeedingAllowedWhenOpponentCouldAlreadyCapture) {
  // Black e5 can already take d4 (c3 empty), White cannot capture (f6 blocks):
  // every one of the 38 empty squares may be entered, d6 included.
  const auto& g = game9();
  const auto p = g.parse("9/9/9/5B3/4B4/3W5/9/9/9 w 11 10");
  const auto moves = moves_of(g, p);
  EXPECT_EQ(moves.size(), 38u) << show(g, p);
  EXPECT_TRUE(has(moves, "d6"));
}

TEST(EmergoRules, E9_AppliesToTheShadowPiece) {
  // Black a1, black hand empty: the shadow piece may not go on b2 either.
  const auto& g = game9();
  const auto p = g.parse("9/9/9/9/9/9/9/9/B8 w 12 0");
  EXPECT_FALSE(has(moves_of(g, p), "b2")) << show(g, p);
}

// --- E10 centre ------------------------------------------------------------------

TEST(EmergoRules, E10_WhiteFirstEntryNotOnTheCentre) {
  EXPECT_FALSE(has(moves_of(game9(), game9().start()), "e5"));
  EXPECT_FALSE(has(moves_of(game7(), game7().start()), "d4"));
  EXPECT_TRUE(has(moves_of(game7(), game7().start()), "c3"));
}

TEST(EmergoRules, E10_BlackMayEnterTheCentre) {
  // After a1 (no feeding possible around a corner man far away), Black may take e5.
  const auto& g = game9();
  const auto p = g.parse("9/9/9/9/9/9/9/9/W8 b 11 12");
  EXPECT_TRUE(has(moves_of(g, p), "e5")) << show(g, p);
}

// --- E11 steps ----------------------------------------------------------------------

TEST(EmergoRules, E11_StepsOneSquareDiagonallyWholeColumn) {
  const auto& g = game9();
  const std::string p = "9/9/9/9/4(BWW)4/9/9/9/B8 w 0 0";
  EXPECT_EQ(moves_of(g, g.parse(p)), (std::vector<std::string>{"e5-d4", "e5-d6", "e5-f4", "e5-f6"}))
      << show(g, g.parse(p));
  EXPECT_EQ(after(g, p, "e5-f6"), "9/9/9/5(BWW)3/9/9/9/9/B8 b 0 0");
}

TEST(EmergoRules, E11_StepsOnlyToEmptySquaresAndOnTheBoard) {
  // a1 has one neighbour, b2, occupied by its own column: a1 cannot step;
  // b2 steps to a3, c3, c1 (a1 occupied): 3 moves.
  const auto& g = game9();
  const auto p = g.parse("9/9/9/9/9/9/9/1W7/W7B w 0 0");
  EXPECT_EQ(moves_of(g, p), (std::vector<std::string>{"b2-a3", "b2-c1", "b2-c3"})) << show(g, p);
}

// --- E12 end --------------------------------------------------------------------------

TEST(EmergoRules, E12_NoColumnNoHandLoses) {
  const auto& g = game9();
  const auto p = g.parse("9/9/9/9/4B4/9/9/9/9 w 0 0");
  EXPECT_EQ(g.count_moves(p), 0u);
  EXPECT_EQ(g.outcome(p), arb::Outcome::win(1)) << g.diagram(p);
}

TEST(EmergoRules, E12_BlockedIsADraw) {
  // White a1: its only neighbour b2 is black, with c3 occupied behind it.
  const auto& g = game9();
  const auto p = g.parse("9/9/9/9/9/9/2B6/1B7/W8 w 0 0");
  EXPECT_EQ(g.count_moves(p), 0u) << show(g, p);
  EXPECT_EQ(g.outcome(p), arb::Outcome::draw(0b11));
}

TEST(EmergoRules, E12_OngoingWhileMovesExist) {
  EXPECT_EQ(game9().outcome(game9().start()), arb::Outcome::ongoing());
}

TEST(EmergoRules, E12_ThirdRepetitionIsADraw) {
  const auto& g = game9();
  const auto a = g.parse("9/9/9/9/4W4/9/9/9/B8 w 0 0");
  const auto b = g.play(a, g.parse_move(a, "e5-f6"));
  const auto c = g.play(b, g.parse_move(b, "a1-b2"));
  const auto d = g.play(c, g.parse_move(c, "f6-e5"));
  const auto e = g.play(d, g.parse_move(d, "b2-a1"));
  ASSERT_EQ(e, a);
  std::vector<Emergo::Position> history{a, b, c, d, e};
  EXPECT_EQ(g.outcome(std::span<const Emergo::Position>(history)), arb::Outcome::ongoing());
  history.insert(history.end(), {b, c, d, e});
  EXPECT_EQ(g.outcome(std::span<const Emergo::Position>(history)), arb::Outcome::draw(0b11));
}

// --- 7x7 ---------------------------------------------------------------------------

TEST(EmergoRules, E9_SevenBySevenNoFeeding) {
  // Black d4 (the centre): c3 e3 c5 e5 each have an empty square beyond, so
  // 24 empty squares - 4 = 20 entries.
  const auto& g = game7();
  const auto p = g.parse("7/7/7/3B3/7/7/7 w 1 1");
  const auto moves = moves_of(g, p);
  EXPECT_EQ(moves.size(), 20u) << show(g, p);
  for (const char* feed : {"c3", "e3", "c5", "e5"}) EXPECT_FALSE(has(moves, feed)) << feed;
}

TEST(EmergoRules, E8_SevenBySevenShadowPiece) {
  // Black a7 and no black hand: 24 empty squares minus b6 (a7 would jump it).
  const auto& g = game7();
  const std::string p = "B6/7/7/7/7/7/7 w 3 0";
  EXPECT_EQ(moves_of(g, g.parse(p)).size(), 23u) << show(g, g.parse(p));
  EXPECT_EQ(after(g, p, "d4"), "B6/7/7/3(WWW)3/7/7/7 b 0 0");
}

TEST(EmergoRules, E6_SevenBySevenNoTurnBack) {
  const auto& g = game7();
  const auto p = g.parse("7/7/7/3(BB)3/2W4/7/7 w 0 0");
  EXPECT_EQ(moves_of(g, p), std::vector<std::string>{"c3xe5"}) << show(g, p);
}

TEST(EmergoRules, E11_SevenBySevenCornerSteps) {
  // g7 is a corner: one neighbour, f6. a1 likewise: b2.
  const auto& g = game7();
  const auto p = g.parse("6W/7/7/7/7/7/B6 w 0 0");
  EXPECT_EQ(moves_of(g, p), std::vector<std::string>{"g7-f6"}) << show(g, p);
}

// --- Notation -------------------------------------------------------------------------

TEST(EmergoNotation, RoundTrips) {
  const auto& g = game9();
  for (const char* text :
       {"9/9/9/9/9/9/9/9/9 w 12 12", "9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0",
        "9/9/9/3W1(WB)3/2W6/5(BWW)3/8B/9/4B4 b 7 8",
        "(BBBBBBBBBBBBWWWWWWWWWWWW)8/9/9/9/9/9/9/9/9 b 0 0"})
    EXPECT_EQ(g.format(g.parse(text)), text);
  EXPECT_EQ(game7().format(game7().parse("7/7/7/3W3/7/7/B6 b 7 7")), "7/7/7/3W3/7/7/B6 b 7 7");
}

TEST(EmergoNotation, RejectsBadPositions) {
  const auto& g = game9();
  const std::vector<std::string> bad = {
      "9/9/9/9/9/9/9/9/1W7 b 11 12",    // man on light square b1
      "9/9/9/9/9/9/9/9/(WBW)8 b 9 11",  // column in the wrong order
      "9/9/9/9/9/9/9/9/(W)8 b 11 12",   // single man in parentheses
      "9/9/9/9/9/9/9/9/()8 b 12 12",    // empty column
      "9/9/9/9/9/9/9/9/W44 b 11 12",    // two digits in a row
      "9/9/9/9/9/9/9/9/W7 b 11 12",     // rank too short
      "9/9/9/9/9/9/9/9/W9 b 11 12",     // rank too long
      "9/9/9/9/9/9/9/9 w 12 12",        // too few ranks
      "9/9/9/9/9/9/9/9/9/9 w 12 12",    // too many ranks
      "9/9/9/9/9/9/9/9/W8 b 12 12",     // 13 white men
      "9/9/9/9/9/9/9/9/9 w 13 12",      // more than 12 in hand
      "9/9/9/9/9/9/9/9/9 x 12 12",      // bad side
      "9/9/9/9/9/9/9/9/9 w 12",         // missing field
      "9/9/9/9/9/9/9/9/9  w 12 12",     // double space
      "9/9/9/9/9/9/9/9/9 w 012 12",     // leading zero
      "9/9/9/9/9/9/9/9/9 w 1a 12",      // bad hand
      "9/9/9/9/9/9/9/9/X8 w 12 12",     // bad character
      "9/9/9/9/4W4/9/9/9/9 w 11 0",     // Black, not to move, has nothing
      "9/9/9/9/9/9/9/9/9 w 0 0",        // idem
  };
  for (const auto& text : bad) EXPECT_THROW(g.parse(text), arb::Error) << text;
  EXPECT_THROW(game7().parse("9/9/9/9/9/9/9/9/9 w 8 8"), arb::Error);
  EXPECT_THROW(game7().parse("7/7/7/7/7/7/7 w 9 8"), arb::Error);
}

TEST(EmergoNotation, ErrorMessageNamesFieldAndCharacter) {
  try {
    game9().parse("9/9/9/9/9/9/1W7/9/9 b 11 12");
    FAIL() << "accepted a man on a light square";
  } catch (const arb::Error& e) {
    EXPECT_EQ(std::string(e.what()), "rank 3: a man on light square b3");
  }
  // Each error names its field and the offending character.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"9/9/9/9/9/9/9/9/(WBW)8 b 9 11", "rank 1: column (WBW) in the wrong order at 'W'"},
      {"9/9/9/9/9/9/9/9/(W)8 b 11 12", "rank 1: a single man in parentheses at 'W'"},
      {"9/9/9/9/9/9/9/9/W44 b 11 12", "rank 1: two digits in a row at '4'"},
      {"9/9/9/9/9/9/9/9/9 wb 12 12", "side: expected 'w' or 'b', bad character 'b'"},
      {"9/9/9/9/9/9/9/9/9 w 1a 12", "white-in-hand: bad character 'a'"},
      {"9/9/9/9/9/9/9/9/X8 w 12 12", "rank 1: bad character 'X'"},
  };
  for (const auto& [text, message] : cases) {
    try {
      game9().parse(text);
      ADD_FAILURE() << "accepted " << text;
    } catch (const arb::Error& e) {
      EXPECT_EQ(std::string(e.what()), message) << text;
    }
  }
}

TEST(EmergoNotation, ParseMoveRejectsIllegalAndNonCanonical) {
  const auto& g = game9();
  EXPECT_THROW(g.parse_move(g.start(), "e5"), arb::Error);  // E10
  EXPECT_THROW(g.parse_move(g.start(), "E4"), arb::Error);
  EXPECT_THROW(g.parse_move(g.start(), "b1"), arb::Error);
  const auto p = g.parse("9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0");
  EXPECT_THROW(g.parse_move(p, "d4xb6"), arb::Error);  // partial chain
  EXPECT_NO_THROW(g.parse_move(p, "d4xb6xd8xf6xd4xb6"));
}

TEST(EmergoNotation, DiagramShowsBoardAndHands) {
  const auto& g = game9();
  const std::string d = g.diagram(g.parse("9/9/9/9/4(BWW)4/9/9/9/B8 w 3 0"));
  EXPECT_NE(d.find("BWW"), std::string::npos) << d;
  EXPECT_NE(d.find("White to move"), std::string::npos) << d;
  EXPECT_EQ(d.back(), '\n');
}

// --- count_moves agrees with legal_moves ---------------------------------------------

// Walks the tree to `depth`, checking count_moves == legal_moves.size() at every node.
void check_counts(const Emergo& g, const Emergo::Position& p, int depth, int& nodes) {
  const auto moves = g.legal_moves(p);
  ASSERT_EQ(g.count_moves(p), moves.size()) << show(g, p);
  ++nodes;
  if (depth == 0) return;
  for (const auto& m : moves) check_counts(g, g.play(p, m), depth - 1, nodes);
}

TEST(EmergoEngine, CountMovesEqualsLegalMovesSize) {
  int nodes = 0;
  check_counts(game9(), game9().parse("9/9/9/3W1(WB)3/2W6/5(BWW)3/8B/9/4B4 b 7 8"), 2, nodes);
  check_counts(game9(), game9().parse("9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0"), 3, nodes);
  check_counts(game7(), game7().start(), 2, nodes);
  EXPECT_GT(nodes, 100);
}

// count_moves finds the jumpers of each direction by masking the landing
// squares (jumpers_onto) rather than the starts (jumpers): on the board both
// give the same squares (E5), whatever the columns, on either size.
template <int N>
void check_jumpers_onto() {
  using G = arb::engine::emergo::detail::Geometry<N>;
  std::uint64_t state = 0x9E3779B97F4A7C15u;
  auto next = [&] {  // splitmix64
    std::uint64_t z = (state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
  };
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t a = next() & G::kAll, b = next() & G::kAll;
    const std::uint64_t opp = a & b, empty = G::kAll & ~a;  // about a quarter opp, half empty
    EXPECT_EQ(G::template jumpers<0>(opp, empty),
              G::template jumpers_onto<0>(opp, empty & G::kLandEast) & G::kAll);
    EXPECT_EQ(G::template jumpers<1>(opp, empty),
              G::template jumpers_onto<1>(opp, empty & G::kLandWest) & G::kAll);
    EXPECT_EQ(G::template jumpers<2>(opp, empty),
              G::template jumpers_onto<2>(opp, empty & G::kLandEast) & G::kAll);
    EXPECT_EQ(G::template jumpers<3>(opp, empty),
              G::template jumpers_onto<3>(opp, empty & G::kLandWest) & G::kAll);
  }
}

TEST(EmergoEngine, E5_JumpersByLandingSquareEqualJumpersByStart) {
  check_jumpers_onto<9>();
  check_jumpers_onto<7>();
}

TEST(EmergoEngine, MoveListSpillsBeyondItsInlineCapacity) {
  // No position with more than 1024 maximal chains is known, so the heap path
  // is exercised directly: order, size, copy and clear must survive the spill.
  using arb::engine::emergo::detail::Move;
  using arb::engine::emergo::detail::MoveKind;
  Emergo::MoveList list;
  const std::size_t n = Emergo::MoveList::kInline + 500;
  for (std::size_t i = 0; i < n; ++i)
    list.push_back(Move{MoveKind::kCapture, 0, 1, static_cast<std::uint32_t>(i)});
  ASSERT_EQ(list.size(), n);
  const Emergo::MoveList copy = list;
  std::size_t i = 0;
  for (const Move& m : copy) EXPECT_EQ(m.dirs, i++);
  EXPECT_EQ(i, n);
  EXPECT_EQ(list[n - 1].dirs, n - 1);
  list.clear();
  EXPECT_TRUE(list.empty());
  list.push_back(Move{MoveKind::kEntry, 3, 0, 0});
  EXPECT_EQ(list.begin()->from, 3);
}

// Every number of the notation (run lengths, hand counts, the rank
// of a square in a move) is plain digits without leading zeros; a run that
// overflows and wraps to a valid value (2^32 + 12 for 12) is an error.
TEST(EmergoNotation, NumbersNeverWrapNorTakeLeadingZeros) {
  arb::test::expect_number_rules<arb::engine::emergo::Emergo>(arb::test::kEmergoNumberRules);
}

// The optional canonical() (perft's table key): the eight images of a position
// under the board's symmetries are valid positions with one canonical member
// and one perft, since every clause is symmetric (symmetry.h).
TEST(EmergoSymmetry, EightImagesShareOneCanonicalAndOnePerft) {
  using arb::engine::emergo::detail::Symmetry;
  struct Case {
    const Emergo* g;
    int size;
    const char* text;
  };
  const Case cases[] = {
      {&game9(), 9, "W1B5B/7B1/B5(BW)2/5(BW)1W1/W1(BW)6/1W5(WB)1/(WB)1W1B1B2/9/W1B3W2 w 0 0"},
      {&game9(), 9, "B7B/3B5/2W3B2/3W5/W1W1W1W1B/7B1/W1(BW)3(WB)1B/9/6W2 b 2 3"},
      {&game9(), 9, "9/9/9/9/4W4/9/9/9/9 b 11 12"},
      {&game7(), 7, "2W3(WB)/1W1(BW)3/(BBW)5B/3B3/B5W/3B1W1/4W2 b 0 0"},
  };
  for (const auto& [g, size, text] : cases) {
    const auto pos = g->parse(text);
    const auto key = g->canonical(pos);
    const auto expected = arb::perft(*g, pos, 3);
    for (int s = 0; s < 8; ++s) {
      const auto image = size == 9 ? Symmetry<9>::apply(s, pos) : Symmetry<7>::apply(s, pos);
      ASSERT_TRUE(g->ok(image)) << text << " symmetry " << s;
      EXPECT_EQ(g->format(g->parse(g->format(image))), g->format(image));
      EXPECT_EQ(g->canonical(image), key) << text << " symmetry " << s;
      EXPECT_EQ(arb::perft(*g, image, 3), expected) << g->format(image);
    }
  }
  // Symmetry 1 mirrors the files: a1 <-> i1.
  EXPECT_EQ(game9().format(Symmetry<9>::apply(1, game9().parse("9/9/9/9/9/9/9/9/W8 w 11 12"))),
            "9/9/9/9/9/9/9/9/8W w 11 12");
}

}  // namespace

// Every rule of RULES.md's Emergo notation (position text and move
// text) rejected with one clear line (common/tests/notation_rules.h).
TEST(EmergoNotation, Notation_EveryRuleOfTheTextRejected) {
  arb::test::expect_notation_rules<arb::engine::emergo::Emergo>(arb::test::kEmergoNotationRules);
}
