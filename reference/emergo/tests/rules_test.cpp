// One test (at least) per clause of RULES.md E1-E12, plus the public check
// positions. Every expected move list or count here was worked out by hand
// from the rules (or is given by RULES.md), never copied from this code.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/tests/emergo_examples.h"
#include "common/tests/game_test_support.h"
#include "perft/count/perft.h"
#include "reference/emergo/emergo.h"

namespace arb::test::emergo_examples {
INSTANTIATE_TYPED_TEST_SUITE_P(Reference, EmergoExamples, ::testing::Types<reference::Emergo>);
}  // namespace arb::test::emergo_examples

namespace {

using arb::reference::Emergo;
using Texts = std::vector<std::string>;

const Emergo& g9() {
  static const Emergo g(arb::Spec::parse("emergo"));
  return g;
}
const Emergo& g7() {
  static const Emergo g(arb::Spec::parse("emergo:size=7"));
  return g;
}

using arb::test::moves_of;

bool contains(const Texts& texts, const std::string& move) {
  return std::find(texts.begin(), texts.end(), move) != texts.end();
}

// The position after `moves` (space separated) from `text`, as text.
std::string after(const Emergo& g, const std::string& text, const std::string& moves) {
  return g.format(arb::play_moves(g, arb::position_from(g, text), arb::split_moves(moves)));
}

std::string show(const Emergo& g, const std::string& text) {
  const auto pos = arb::position_from(g, text);
  return "\n" + g.format(pos) + "\n" + g.diagram(pos);
}

}  // namespace

TEST(EmergoRules, E1_EnteringReachesExactlyTheDarkSquares) {
  // White holds 11 (E10 off), Black has nothing on the board (E9 off).
  for (const auto* g : {&g9(), &g7()}) {
    const std::string text = g->size() == 9 ? "9/9/9/9/9/9/9/9/9 w 11 12" : "7/7/7/7/7/7/7 w 7 8";
    const Texts texts = moves_of(*g, text);
    EXPECT_EQ(texts.size(), g->size() == 9 ? 41u : 25u) << show(*g, text);
    for (const auto& t : texts) {
      const int file = t[0] - 'a' + 1, rank = std::stoi(t.substr(1));
      EXPECT_EQ((file + rank) % 2, 0) << t << " is not dark" << show(*g, text);  // a1 dark
    }
    EXPECT_TRUE(contains(texts, "a1"));
    EXPECT_FALSE(contains(texts, "b1"));
  }
}

TEST(EmergoRules, E2_EmptyBoardWhiteFirstTwelveEach) {
  EXPECT_EQ(g9().format(g9().start()), "9/9/9/9/9/9/9/9/9 w 12 12");
  EXPECT_EQ(g7().format(g7().start()), "7/7/7/7/7/7/7 w 8 8");
  EXPECT_EQ(g9().to_move(g9().start()), 0);
  EXPECT_EQ(g9().players(), "wb");
}

TEST(EmergoRules, E3_OwnerIsTheTopMan) {
  // (WB) on d4 is Black's: White must capture it; the freed W is White's after.
  const std::string text = "9/9/9/9/9/3(WB)5/2W6/9/9 w 0 0";
  EXPECT_EQ(moves_of(g9(), text), Texts{"c3xe5"}) << show(g9(), text);
  EXPECT_EQ(after(g9(), text, "c3xe5"), "9/9/9/9/4(BW)4/3W5/9/9/9 b 0 0");
}

TEST(EmergoRules, E4_CaptureIsCompulsory) {
  const std::string text = "9/9/9/9/9/3B5/2W6/9/9 w 5 5";  // men in hand, but c3 can take d4
  EXPECT_EQ(moves_of(g9(), text), Texts{"c3xe5"}) << show(g9(), text);
  const std::string text7 = "7/7/7/3B3/2W4/7/7 w 2 2";
  EXPECT_EQ(moves_of(g7(), text7), Texts{"c3xe5"}) << show(g7(), text7);
}

TEST(EmergoRules, E5_TopManTakenRestOfTallColumnStays) {
  const std::string text = "9/9/9/9/9/3(WWWWWBBB)5/2W6/9/9 w 0 0";
  EXPECT_EQ(moves_of(g9(), text), Texts{"c3xe5"}) << show(g9(), text);
  EXPECT_EQ(after(g9(), text, "c3xe5"), "9/9/9/9/4(BW)4/3(WWWWWBB)5/9/9/9 b 0 0");
  // d4 is still Black's and must now take e5 (E4), taking its top W.
  EXPECT_EQ(after(g9(), text, "c3xe5 d4xf6"), "9/9/9/5(WWWWWWBB)3/4B4/9/9/9/9 w 0 0");
}

TEST(EmergoRules, E5_LiberatedPrisonerBelongsToCapturer) {
  const std::string text = "9/9/9/9/9/3(WB)5/2W6/9/9 w 0 0";
  const auto pos = g9().play(g9().parse(text), g9().parse_move(g9().parse(text), "c3xe5"));
  // Black's only man was the cap: Black owns nothing and has no hand (E12).
  EXPECT_EQ(g9().outcome(pos), arb::Outcome::win(0)) << g9().diagram(pos);
}

TEST(EmergoRules, E5_StartSquareIsEmptyWhileTravelling) {
  // A ring round d2 d4 f4 f2 ends on its own start square e1.
  const std::string text = "9/9/9/9/9/3B1B3/9/3B1B3/4W4 w 0 0";
  EXPECT_EQ(moves_of(g9(), text), (Texts{"e1xc3xe5xg3xe1", "e1xg3xe5xc3xe1"})) << show(g9(), text);
  EXPECT_EQ(after(g9(), text, "e1xc3xe5xg3xe1"), "9/9/9/9/9/9/9/9/4(BBBBW)4 b 0 0");
}

TEST(EmergoRules, E6_NoTurnOf180Degrees) {
  // After c3xe5, d4 (BB -> B) is still Black's, but jumping it back is banned.
  const std::string text = "9/9/9/9/9/3(BB)5/2W6/9/9 w 0 0";
  EXPECT_EQ(moves_of(g9(), text), Texts{"c3xe5"}) << show(g9(), text);
  const std::string text7 = "7/7/7/3(BB)3/2W4/7/7 w 0 0";
  EXPECT_EQ(moves_of(g7(), text7), Texts{"c3xe5"}) << show(g7(), text7);
}

TEST(EmergoRules, E6_SameColumnMayBeJumpedAgainLater) {
  // Clockwise the chain passes d4 again and re-jumps c5: 5 men; the other way 4.
  const std::string text = "9/9/2B1B4/9/2(BB)1B4/3W5/9/9/9 w 0 0";
  EXPECT_EQ(moves_of(g9(), text), Texts{"d4xb6xd8xf6xd4xb6"}) << show(g9(), text);
  EXPECT_EQ(after(g9(), text, "d4xb6xd8xf6xd4xb6"), "9/9/9/1(BBBBBW)7/9/9/9/9/9 b 0 0");
}

TEST(EmergoRules, E6_ChainMustContinue) {
  const std::string text = "9/9/9/5B3/9/3B5/2W6/9/9 w 0 0";
  EXPECT_EQ(moves_of(g9(), text), Texts{"c3xe5xg7"}) << show(g9(), text);
}

TEST(EmergoRules, E7_MaximumCaptureOverAllColumns) {
  const std::string text = "9/9/9/5B3/9/1B1B5/2W6/9/9 w 0 0";  // c3xa5 takes only 1
  EXPECT_EQ(moves_of(g9(), text), Texts{"c3xe5xg7"}) << show(g9(), text);
  const std::string text7 = "7/5B1/7/1B1B3/2W4/7/7 w 0 0";
  EXPECT_EQ(moves_of(g7(), text7), Texts{"c3xe5xg7"}) << show(g7(), text7);
}

TEST(EmergoRules, E7_TiesAreFreeChoice) {
  const std::string text = "9/9/9/9/9/3B1B3/2W3W2/9/9 w 0 0";
  EXPECT_EQ(moves_of(g9(), text), (Texts{"c3xe5", "g3xe5"})) << show(g9(), text);
}

TEST(EmergoRules, E8_ShadowPieceWhenOpponentHasNoHand) {
  const std::string text = "B8/9/9/9/9/9/9/9/9 w 3 0";
  const Texts texts = moves_of(g9(), text);
  EXPECT_EQ(texts.size(), 39u) << show(g9(), text);  // 40 empty, b8 feeds (E9)
  EXPECT_FALSE(contains(texts, "b8"));
  EXPECT_EQ(after(g9(), text, "e5"), "B8/9/9/9/4(WWW)4/9/9/9/9 b 0 0");
}

TEST(EmergoRules, E8_OneManWhileOpponentHasMenInHand) {
  EXPECT_EQ(after(g9(), "start", "d6"), "9/9/9/3W5/9/9/9/9/9 b 11 12");
}

TEST(EmergoRules, E8_NoStepWhileMenInHand) {
  const std::string text = "9/9/6B2/9/9/9/2W6/9/9 w 1 1";
  const Texts texts = moves_of(g9(), text);
  EXPECT_EQ(texts.size(), 35u) << show(g9(), text);  // 39 empty minus f8 h8 f6 h6
  for (const auto& t : texts) EXPECT_EQ(t.find('-'), std::string::npos) << t;
}

TEST(EmergoRules, E9_NoFeeding) {
  const std::string text = "9/9/9/9/4B4/9/9/9/9 w 1 1";
  const Texts texts = moves_of(g9(), text);
  EXPECT_EQ(texts.size(), 36u) << show(g9(), text);
  for (const char* fed : {"d4", "f4", "d6", "f6"}) EXPECT_FALSE(contains(texts, fed)) << fed;
  EXPECT_EQ(moves_of(g7(), "7/7/7/3B3/7/7/7 w 1 1").size(), 20u);
}

TEST(EmergoRules, E9_FeedingAllowedWhenOpponentCouldAlreadyCapture) {
  // Black's e5 can already take d4 (to c3); f6 blocks White's d4xf6.
  const std::string text = "9/9/9/5B3/4B4/3W5/9/9/9 w 1 1";
  const Texts texts = moves_of(g9(), text);
  EXPECT_EQ(texts.size(), 38u) << show(g9(), text);
  EXPECT_TRUE(contains(texts, "d6"));  // e5xc7 would follow: allowed
}

TEST(EmergoRules, E10_WhitesFirstEntryNotOnCentre) {
  EXPECT_FALSE(contains(moves_of(g9(), "start"), "e5"));
  EXPECT_FALSE(contains(moves_of(g7(), "start"), "d4"));
  EXPECT_FALSE(contains(moves_of(g9(), "9/9/9/9/9/9/9/9/B8 w 12 11"), "e5"));
  EXPECT_TRUE(contains(moves_of(g9(), "8B/9/9/9/9/9/9/9/W8 w 11 11"), "e5"));
  EXPECT_TRUE(contains(moves_of(g9(), "9/9/9/9/9/9/9/9/W8 b 11 12"), "e5"));  // Black may
}

TEST(EmergoRules, E11_StepMovesTheWholeColumn) {
  const std::string text = "B8/9/9/9/4(BW)4/9/9/9/9 w 0 0";
  EXPECT_EQ(moves_of(g9(), text), (Texts{"e5-d4", "e5-d6", "e5-f4", "e5-f6"})) << show(g9(), text);
  EXPECT_EQ(after(g9(), text, "e5-f6"), "B8/9/9/5(BW)3/9/9/9/9/9 b 0 0");
}

TEST(EmergoRules, E12_NoColumnAndNoHandLoses) {
  const auto pos = g9().parse("9/9/9/9/9/9/9/9/B8 w 0 0");
  EXPECT_TRUE(g9().legal_moves(pos).empty());
  EXPECT_EQ(g9().outcome(pos), arb::Outcome::win(1)) << g9().diagram(pos);
  EXPECT_EQ(g7().outcome(g7().parse("7/7/7/7/7/7/B6 w 0 0")), arb::Outcome::win(1));
}

TEST(EmergoRules, E12_BlockedPlayerDraws) {
  const auto pos = g9().parse("9/9/9/9/9/9/2B6/1B7/W8 w 0 0");
  EXPECT_TRUE(g9().legal_moves(pos).empty()) << g9().diagram(pos);
  EXPECT_EQ(g9().outcome(pos), arb::Outcome::draw(0b11));
  EXPECT_EQ(g9().outcome(g9().start()), arb::Outcome::ongoing());
}

TEST(EmergoRules, E12_ThirdRepetitionDraws) {
  const Emergo& g = g9();
  std::vector<Emergo::Position> history{g.parse("B8/9/9/9/4W4/9/9/9/9 w 0 0")};
  auto step = [&](const char* move) {
    history.push_back(g.play(history.back(), g.parse_move(history.back(), move)));
  };
  for (int round = 1; round <= 2; ++round) {
    for (const char* move : {"e5-f6", "a9-b8", "f6-e5", "b8-a9"}) {
      EXPECT_EQ(g.outcome(std::span<const Emergo::Position>(history)), arb::Outcome::ongoing())
          << "round " << round << " before " << move;
      step(move);
    }
  }
  // The start position has now occurred three times with White to move.
  EXPECT_EQ(g.outcome(std::span<const Emergo::Position>(history)), arb::Outcome::draw(0b11));
  EXPECT_EQ(g.outcome(history.back()), arb::Outcome::ongoing());  // perft ignores it (P3)
}

TEST(EmergoRules, P2_TwoPathsToOnePositionAreTwoMoves) {
  const std::string text = "9/9/9/9/9/3B1B3/9/3B1B3/4W4 w 0 0";
  EXPECT_EQ(g9().count_moves(g9().parse(text)), 2u);
  EXPECT_EQ(after(g9(), text, "e1xc3xe5xg3xe1"), after(g9(), text, "e1xg3xe5xc3xe1"));
}

// The public check positions (RULES.md) and perft from the start are in
// common/tests/emergo_examples.h, written once for both implementations.
