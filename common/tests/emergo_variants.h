// The rule variants of Emergo (RULES.md V1-V3, the preset V8), on positions
// where each changes the moves or the outcome, written once for both
// implementations: engine/emergo/tests/variants_test.cpp and
// reference/emergo/tests/variants_test.cpp instantiate the suite. Expected
// moves worked out by hand from the rules (the reasoning beside each), never
// copied from the code. Like game_test_support.h, it speaks only the Game
// concept and the notation (plus each game's Rules fields, named alike).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"
#include "common/tests/game_test_support.h"
#include "perft/count/perft.h"

namespace arb::test::emergo_variants {

// MindSports composition (RULES.md): White's d4 column jumps c5 or e5 first.
//   9  . . . . .        c7 B, e7 B; c5 (WWBB) Black's, e5 B; d4 (WWW) White's
//   7  . B . B .
//   5  . (WWBB) . B .
//   4  . . (WWW) . .
constexpr const char* kMindSports = "9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0";
// Rule diagram (RULES.md): Black's g1 (BB) jumps f2 then d4; e5 can jump d4 once.
constexpr const char* kRuleDiagram = "9/9/2B1B4/9/4B4/3(WWWW)5/9/5W3/6(BB)2 b 0 0";
// 7x7: White a1 cornered by Black b2 with c3 taken: no step, no jump (no hand).
constexpr const char* kCornered = "7/7/7/7/2B4/1B5/W6 w 0 0";
// 7x7: White holds a man, owns six columns, cannot capture, and every one of
// the 11 empty squares feeds a black column (E9): no legal move.
//   7  B . W . B . B
//   5  B . . . . . W
//   4  . . . B . W .
//   3  W . . . . . W
//   1  B . W . B . B
constexpr const char* kFedOut = "B1W1B1B/7/B5W/3B1W1/W5W/7/B1W1B1B w 1 0";

template <class G>
class EmergoVariants : public ::testing::Test {};
TYPED_TEST_SUITE_P(EmergoVariants);

// --- V1 blocked=draw|loss ------------------------------------------------------

TYPED_TEST_P(EmergoVariants, V1_BlockedColumnOwnerLosesUnderLoss) {
  const auto rules = &game<TypeParam>;
  const auto& plain = rules("emergo:size=7");
  const auto& loss = rules("emergo:size=7,blocked=loss");
  const auto pos = loss.parse(kCornered);
  ASSERT_EQ(loss.count_moves(pos), 0u) << shown(loss, pos);
  EXPECT_EQ(plain.outcome(pos), Outcome::draw(0b11));  // E12: blocked, owns a column
  EXPECT_EQ(loss.outcome(pos), Outcome::win(1));       // V1: Black wins
}

TYPED_TEST_P(EmergoVariants, V1_BlockedWithMenInHandLosesUnderLoss) {
  const auto rules = &game<TypeParam>;
  const auto& plain = rules("emergo:size=7");
  const auto& loss = rules("emergo:size=7,blocked=loss");
  const auto pos = loss.parse(kFedOut);
  ASSERT_EQ(loss.legal_moves(pos).size(), 0u) << shown(loss, pos);
  EXPECT_EQ(plain.outcome(pos), Outcome::draw(0b11));
  EXPECT_EQ(loss.outcome(pos), Outcome::win(1));
  // Under V3 the same hand has 11 entries: V1 and V3 meet only here.
  EXPECT_EQ(rules("emergo:size=7,blocked=loss,feeding=allowed").count_moves(pos), 11u);
}

TYPED_TEST_P(EmergoVariants, V1_OnlyOutcomesChangeNeverCounts) {
  const auto rules = &game<TypeParam>;
  const auto& plain = rules("emergo");
  const auto& loss = rules("emergo:blocked=loss");
  for (const char* text : {kMindSports, kRuleDiagram, "9/9/9/9/9/9/2B6/1B7/W8 w 0 0"}) {
    const auto pos = loss.parse(text);
    EXPECT_EQ(perft(loss, pos, 3), perft(plain, pos, 3)) << text;
    EXPECT_EQ(moves_of(loss, pos), moves_of(plain, pos)) << text;
  }
  // A player with nothing left loses under both (E12).
  const auto gone = loss.parse("9/9/9/9/9/9/9/9/W8 b 0 0");
  EXPECT_EQ(loss.outcome(gone), Outcome::win(0));
  EXPECT_EQ(plain.outcome(gone), Outcome::win(0));
}

TYPED_TEST_P(EmergoVariants, V1_PlayedRepetitionStaysADraw) {
  const auto rules = &game<TypeParam>;
  const auto& g = rules("emergo:blocked=loss");
  const auto a = g.parse("9/9/9/9/4W4/9/9/9/B8 w 0 0");
  std::vector<typename TypeParam::Position> history{a};
  for (const char* m : {"e5-f6", "a1-b2", "f6-e5", "b2-a1", "e5-f6", "a1-b2", "f6-e5", "b2-a1"})
    history.push_back(g.play(history.back(), g.parse_move(history.back(), m)));
  ASSERT_EQ(history.back(), a);
  EXPECT_EQ(g.outcome(std::span<const typename TypeParam::Position>(history)), Outcome::draw(0b11));
}

// --- V2 capture=max|any --------------------------------------------------------

TYPED_TEST_P(EmergoVariants, V2_AnyCompleteChainIsLegal) {
  const auto rules = &game<TypeParam>;
  // Clockwise takes 5 (E7's only move); anticlockwise d4xf6xd8xb6xd4 takes 4
  // and ends: from d4 its only jump is c5 again, straight back (E6).
  expect_moves(rules("emergo"), kMindSports, {"d4xb6xd8xf6xd4xb6"});
  expect_moves(rules("emergo:capture=any"), kMindSports, {"d4xb6xd8xf6xd4xb6", "d4xf6xd8xb6xd4"});
}

TYPED_TEST_P(EmergoVariants, V2_ShorterChainOfAnotherColumnIsLegal) {
  const auto rules = &game<TypeParam>;
  expect_moves(rules("emergo"), kRuleDiagram, {"g1xe3xc5"});
  // e5xc3 takes one man (b2 b4 d2 are empty around c3: it cannot go on).
  expect_moves(rules("emergo:capture=any"), kRuleDiagram, {"e5xc3", "g1xe3xc5"});
}

TYPED_TEST_P(EmergoVariants, V2_ChainMustGoOnWhileItCan) {
  const auto rules = &game<TypeParam>;
  // E6 stays: g1xe3 can jump d4 next, so it is no move on its own.
  const auto texts = moves_of(rules("emergo:capture=any"), kRuleDiagram);
  EXPECT_EQ(std::count(texts.begin(), texts.end(), "g1xe3"), 0);
}

TYPED_TEST_P(EmergoVariants, V2_CapturePriorityStays) {
  const auto rules = &game<TypeParam>;
  // E4: with men in hand and a capture, only the capture (same under any).
  expect_moves(rules("emergo:capture=any"), "9/9/9/9/9/3B5/2W6/9/9 w 5 5", {"c3xe5"});
  expect_moves(rules("emergo:capture=any,feeding=allowed"), "9/9/9/9/9/3B5/2W6/9/9 w 5 5",
               {"c3xe5"});
}

// --- V3 feeding=forbidden|allowed ----------------------------------------------

TYPED_TEST_P(EmergoVariants, V3_FeedingEntriesAllowed) {
  const auto rules = &game<TypeParam>;
  // 7x7, Black d4 alone: the default drops c3 e3 c5 e5 (d4 would jump them).
  const char* text = "7/7/7/3B3/7/7/7 w 7 7";
  const auto plain = moves_of(rules("emergo:size=7"), text);
  const auto fed = moves_of(rules("emergo:size=7,feeding=allowed"), text);
  EXPECT_EQ(plain.size(), 20u);
  EXPECT_EQ(fed.size(), 24u);
  for (const char* square : {"c3", "e3", "c5", "e5"}) {
    EXPECT_EQ(std::count(plain.begin(), plain.end(), square), 0) << square;
    EXPECT_EQ(std::count(fed.begin(), fed.end(), square), 1) << square;
  }
}

TYPED_TEST_P(EmergoVariants, V3_ShadowPieceMayFeed) {
  const auto rules = &game<TypeParam>;
  // E8: White enters all 3 at once; b8 (a9 would jump it) only under V3.
  const char* text = "B8/9/9/9/9/9/9/9/9 w 3 0";
  EXPECT_EQ(rules("emergo").count_moves(rules("emergo").parse(text)), 39u);
  const auto& g = rules("emergo:feeding=allowed");
  EXPECT_EQ(g.count_moves(g.parse(text)), 40u);
  EXPECT_EQ(g.format(g.play(g.parse(text), g.parse_move(g.parse(text), "b8"))),
            "B8/1(WWW)7/9/9/9/9/9/9/9 b 0 0");
}

TYPED_TEST_P(EmergoVariants, V3_CentreRuleStays) {
  const auto rules = &game<TypeParam>;
  // E10 stays: White's first entry is never e5 (d4 on 7x7).
  for (const char* spec : {"emergo:feeding=allowed", "emergo:size=7,feeding=allowed"}) {
    const auto& g = rules(spec);
    const auto texts = moves_of(g, g.start());
    const bool nine = g.spec().number("size") == 9;
    EXPECT_EQ(std::count(texts.begin(), texts.end(), nine ? "e5" : "d4"), 0) << spec;
    EXPECT_EQ(texts.size(), nine ? 40u : 24u) << spec;
  }
  // Black's reply: every empty square (no column of his to capture with): 40*40.
  EXPECT_EQ(perft(rules("emergo:feeding=allowed"), rules("emergo").start(), 2), 1600u);
}

// --- V8 the preset, bad specs --------------------------------------------------

TYPED_TEST_P(EmergoVariants, V8_ZillionsIsBlockedLoss) {
  const auto rules = &game<TypeParam>;
  EXPECT_EQ(Spec::parse("emergo:rules=zillions").canonical(), "emergo:blocked=loss");
  EXPECT_EQ(Spec::parse("emergo:rules=zillions,size=7").canonical(), "emergo:blocked=loss,size=7");
  const auto& g = rules("emergo:rules=zillions,size=7");
  EXPECT_TRUE(g.rules().blocked_is_loss);
  EXPECT_FALSE(g.rules().any_capture);
  EXPECT_FALSE(g.rules().feeding_allowed);
  EXPECT_EQ(g.outcome(g.parse(kCornered)), Outcome::win(1));
  // Only the outcome changes: the moves of the fed-out position are still none.
  EXPECT_EQ(g.count_moves(g.parse(kFedOut)), 0u);
}

TYPED_TEST_P(EmergoVariants, V8_ContradictingOptionOrBadValueIsAnError) {
  EXPECT_THROW(Spec::parse("emergo:rules=zillions,blocked=draw"), Error);
  EXPECT_NO_THROW(Spec::parse("emergo:rules=zillions,blocked=loss"));
  EXPECT_THROW(Spec::parse("emergo:capture=most"), Error);
  EXPECT_THROW(Spec::parse("emergo:feeding=yes"), Error);
  EXPECT_THROW(Spec::parse("emergo:blocked"), Error);
  EXPECT_THROW(Spec::parse("emergo:rules=mindsports"), Error);
}

// --- count_moves against legal_moves ------------------------------------------

TYPED_TEST_P(EmergoVariants, V2_CountAgreesWithListAndIncludesTheMaxChains) {
  const auto rules = &game<TypeParam>;
  // count_moves and legal_moves take different paths; under any they must
  // agree, and the default's maximal chains must be among the moves.
  const auto& plain = rules("emergo");
  const auto& any = rules("emergo:capture=any");
  for (const char* text : {kMindSports, kRuleDiagram, "9/9/9/3B1B3/9/3B1B3/2W6/9/9 w 0 0",
                           "B7B/3B5/2W3B2/3W5/W1W1W1W1B/7B1/W1(BW)3(WB)1B/9/6W2 b 2 3"}) {
    const auto pos = any.parse(text);
    const auto all = moves_of(any, pos);
    EXPECT_EQ(any.count_moves(pos), all.size()) << shown(any, pos);
    for (const auto& m : moves_of(plain, pos))
      EXPECT_EQ(std::count(all.begin(), all.end(), m), 1) << m << shown(any, pos);
  }
}

REGISTER_TYPED_TEST_SUITE_P(EmergoVariants, V1_BlockedColumnOwnerLosesUnderLoss,
                            V1_BlockedWithMenInHandLosesUnderLoss, V1_OnlyOutcomesChangeNeverCounts,
                            V1_PlayedRepetitionStaysADraw, V2_AnyCompleteChainIsLegal,
                            V2_ShorterChainOfAnotherColumnIsLegal, V2_ChainMustGoOnWhileItCan,
                            V2_CapturePriorityStays, V3_FeedingEntriesAllowed,
                            V3_ShadowPieceMayFeed, V3_CentreRuleStays, V8_ZillionsIsBlockedLoss,
                            V8_ContradictingOptionOrBadValueIsAnError,
                            V2_CountAgreesWithListAndIncludesTheMaxChains);

}  // namespace arb::test::emergo_variants
