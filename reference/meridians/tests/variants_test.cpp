// The rule variants of Meridians (RULES.md V6, V7 and their presets, V8): one
// scenario per option where it changes the moves or the outcome. Every count
// is a hand count, its reasoning in the comment above it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/tests/game_test_support.h"
#include "reference/meridians/meridians.h"

namespace {

using arb::Outcome;
using arb::Spec;
using arb::reference::Meridians;
using arb::test::moves_of;
using V = std::vector<std::string>;

const Meridians kDefault{Spec::parse("meridians")};
const Meridians kSight{Spec::parse("meridians:second=sight")};
const Meridians kKeeps{Spec::parse("meridians:pass=keeps")};

Meridians::Position after(const Meridians& g, Meridians::Position pos, const V& moves) {
  for (const auto& m : moves) pos = g.play(pos, g.parse_move(pos, m));
  return pos;
}

bool legal(const Meridians& g, const Meridians::Position& pos, const std::string& move) {
  const V all = moves_of(g, pos);
  return std::find(all.begin(), all.end(), move) != all.end();
}

V names(const Meridians& g, const std::vector<int>& points) {
  V out;
  for (int p : points) out.push_back(g.point_name(p));
  std::sort(out.begin(), out.end());
  return out;
}

// W a1, B m1; White's second stone (size 7).
const char* const kFirsts = "B5/7/8/9/10/11/12/11/10/9/8/7/W5 w 1 1";
// W a1 a2 (an adjacent pair, dead), B m1 m3 (alive through m2); White to move.
const char* const kAdjacentPair = "B1B3/7/8/9/10/11/12/11/10/9/8/7/WW4 w 2 2";
// RULES.md V7's example: W a1 boxed in by B a2 b1 b2 (alive with a4 through a3).
const char* const kBoxed = "6/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2";

TEST(MeridiansVariants, V6_SecondStoneMayBeAdjacent) {
  const auto pos = kSight.parse(kFirsts);
  // a1's lines: a2..a6 (5), b2..l7 (11), b1..g1 (6), all empty: 22 under
  // sight; M5 drops the three neighbours a2 b1 b2: 19.
  EXPECT_EQ(kSight.count_moves(pos), 22u) << kSight.diagram(pos);
  EXPECT_EQ(kDefault.count_moves(kDefault.parse(kFirsts)), 19u);
  for (const char* n : {"a2", "b1", "b2"}) {
    EXPECT_TRUE(legal(kSight, pos, n)) << n;
    EXPECT_FALSE(legal(kDefault, kDefault.parse(kFirsts), n)) << n;
  }
  // Still no stone between: m1 is not on a1's lines, so nothing else changes;
  // a point off a1's lines (c2) stays illegal.
  EXPECT_FALSE(legal(kSight, pos, "c2"));
}

TEST(MeridiansVariants, V6_AdjacentPairIsDeadButStaysUntilTheThirdStone) {
  // W a2 next to a1: one group, no path (M2), dead, but M10 waits for the third stone.
  const auto pair = after(kSight, kSight.parse(kFirsts), {"a2"});
  EXPECT_EQ(kSight.format(pair), "B5/7/8/9/10/11/12/11/10/9/8/7/WW4 b 2 1");
  EXPECT_EQ(names(kSight, kSight.dead_stones(pair, Meridians::Stone::kWhite)), (V{"a1", "a2"}));
  EXPECT_FALSE(kSight.outcome(pair).finished);
  // The parse check "a dead group of the side not to move" is off under V6.
  EXPECT_EQ(kSight.format(kSight.parse(kSight.format(pair))), kSight.format(pair));
  EXPECT_THROW(kDefault.parse("B5/7/8/9/10/11/12/11/10/9/8/7/WW4 b 2 1"), arb::Error);
}

TEST(MeridiansVariants, V6_ThirdStoneNextToTheDeadPairLoses) {
  const auto pos = kSight.parse(kAdjacentPair);
  // a1 sees b2..l7 (11), b1..g1 (6); a2 sees a3..a6 (4), b3..k8 (10),
  // b2..h1 (7, b2 seen already): 37.
  EXPECT_EQ(kSight.count_moves(pos), 37u) << kSight.diagram(pos);
  // a3 (and b1 b2 b3) join the pair: one group with no path, removed, and
  // White is left without stones (M8).
  for (const char* n : {"a3", "b1", "b2", "b3"}) {
    const auto lost = after(kSight, pos, {n});
    EXPECT_EQ(kSight.format(lost), "B1B3/7/8/9/10/11/12/11/10/9/8/7/6 b 2 2") << n;
    EXPECT_EQ(kSight.outcome(lost), Outcome::win(1)) << n;
  }
  // c3 sees a1 across b2: a path, so the pair lives again and nothing goes.
  const auto revived = after(kSight, pos, {"c3"});
  EXPECT_EQ(kSight.format(revived), "B1B3/7/8/9/10/11/12/11/10/9/2W5/7/WW4 b 2 2");
  EXPECT_TRUE(kSight.dead_stones(revived, Meridians::Stone::kWhite).empty());
}

TEST(MeridiansVariants, V7_PassKeepsTheGroupsAndTheGameGoesOn) {
  const auto boxed = kKeeps.parse(kBoxed);
  EXPECT_EQ(moves_of(kKeeps, boxed), (V{"pass"}));
  const auto passed = after(kKeeps, boxed, {"pass"});
  EXPECT_EQ(kKeeps.format(passed), "6/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 b 2 2");
  EXPECT_EQ(kKeeps.outcome(passed), Outcome::ongoing());
  // Black's M6 points: from a2 a3, b3..k8 (10); from a4 a5 a6, a3, b5..i10
  // (8), b4..j1 (9); from b1 c2..m6 (11), c1..g1 (5); from b2 b3..b7 (5),
  // c3..l7 (10), c2..h1 (6). 68, with a3 b3 b4 b5 c2 c4 d4 e4 counted twice: 60.
  EXPECT_EQ(kKeeps.count_moves(passed), 60u) << kKeeps.diagram(passed);
  // Under the default the pass removes a1 and White has lost (M7, M8).
  const auto lost = after(kDefault, kDefault.parse(kBoxed), {"pass"});
  EXPECT_EQ(kDefault.outcome(lost), Outcome::win(1));
  EXPECT_EQ(kDefault.count_moves(lost), 0u);
  // The parse check "a dead group of the side not to move" is off under V7.
  EXPECT_EQ(kKeeps.format(kKeeps.parse(kKeeps.format(passed))), kKeeps.format(passed));
  EXPECT_THROW(kDefault.parse(kKeeps.format(passed)), arb::Error);
}

TEST(MeridiansVariants, V7_PasserMovesAgainOnceARemovalFreesHim) {
  // As kBoxed plus B m1 m3 (alive through m2). Black a3 joins {a2 b1 b2} to
  // its only partner a4: that group has no path and goes (M10), Black keeps
  // m1 m3, and a1 touches empty points again.
  const auto pos = kKeeps.parse("B1B3/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2");
  const auto freed = after(kKeeps, pos, {"pass", "a3"});
  EXPECT_EQ(kKeeps.format(freed), "B1B3/7/8/9/10/11/12/11/10/9/8/7/W5 w 2 2");
  // a1's lines: a2..a6 (5), b2..l7 (11), b1..g1 (6): 22.
  EXPECT_EQ(kKeeps.count_moves(freed), 22u) << kKeeps.diagram(freed);
  // M10 after the passer's next placement: a2 joins a1, no path, both go: White lost.
  const auto lost = after(kKeeps, freed, {"a2"});
  EXPECT_EQ(kKeeps.outcome(lost), Outcome::win(1)) << kKeeps.diagram(lost);
  // a3 sees a1 across a2: both live.
  EXPECT_EQ(kKeeps.format(after(kKeeps, freed, {"a3"})),
            "B1B3/7/8/9/10/11/12/11/10/9/8/7/W1W3 b 2 2");
  // Under the default the game ended with the pass: a3 is no move.
  EXPECT_FALSE(legal(
      kDefault,
      after(kDefault, kDefault.parse("B1B3/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2"), {"pass"}),
      "a3"));
}

TEST(MeridiansVariants, V8_PresetsAndContradictions) {
  EXPECT_EQ(Spec::parse("meridians:rules=boardspace").canonical(), "meridians:second=sight");
  EXPECT_EQ(Spec::parse("meridians:rules=abstractplay").canonical(), "meridians:pass=keeps");
  EXPECT_EQ(Spec::parse("meridians:rules=abstractplay,size=6").canonical(),
            "meridians:pass=keeps,size=6");
  EXPECT_TRUE(Meridians(Spec::parse("meridians:rules=boardspace")).rules().second_by_sight);
  EXPECT_TRUE(Meridians(Spec::parse("meridians:rules=abstractplay")).rules().pass_keeps);
  EXPECT_TRUE(Meridians(Spec::parse("meridians:swap")).rules().swap);
  EXPECT_FALSE(kDefault.rules().second_by_sight || kDefault.rules().pass_keeps ||
               kDefault.rules().swap);
  EXPECT_THROW(Spec::parse("meridians:rules=boardspace,second=path"), arb::Error);
  EXPECT_THROW(Spec::parse("meridians:rules=abstractplay,pass=removes"), arb::Error);
  EXPECT_THROW(Spec::parse("meridians:second=adjacent"), arb::Error);
  EXPECT_THROW(Spec::parse("meridians:pass=skip"), arb::Error);
  EXPECT_THROW(Spec::parse("meridians:rules=ludii"), arb::Error);
}

}  // namespace
