// One scenario per clause (RULES.md M2-M10). Every position is given in the
// notation; every count was made by hand from the clause, never copied from
// this code's output (the reasoning is in the comment above each number).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/game.h"
#include "common/tests/game_test_support.h"
#include "reference/meridians/meridians.h"

namespace {

using arb::Outcome;
using arb::Spec;
using arb::reference::Meridians;
using V = std::vector<std::string>;

const Meridians kGame{Spec::parse("meridians")};  // size 7

using arb::test::moves_of;

V names(const std::vector<int>& points) {
  V out;
  for (int p : points) out.push_back(kGame.point_name(p));
  std::sort(out.begin(), out.end());
  return out;
}

Meridians::Position after(const Meridians& g, Meridians::Position pos, const V& moves) {
  for (const auto& m : moves) pos = g.play(pos, g.parse_move(pos, m));
  return pos;
}

bool legal(const Meridians& g, const Meridians::Position& pos, const std::string& move) {
  const V all = moves_of(g, pos);
  return std::find(all.begin(), all.end(), move) != all.end();
}

int at(const std::string& name) { return kGame.point_by_name(name); }

// Position texts used below (size 7).
// W a1 a3, B m1 m3 (both pairs alive through a2 and m2).
const char* const kPairs = "B1B3/7/8/9/10/11/12/11/10/9/8/7/W1W3 w 2 2";

TEST(MeridiansRules, M2_PathNeedsAnEmptyPointBetween) {
  const auto pos = kGame.parse(kPairs);
  EXPECT_TRUE(kGame.has_path(pos, at("a1"))) << kGame.diagram(pos);  // a2 empty between
  EXPECT_TRUE(kGame.has_path(pos, at("a3"))) << kGame.diagram(pos);
  // W a1 a2 touch: one group, nothing between, so no path and the group is dead.
  const auto touching = kGame.parse("B1B3/7/8/9/10/11/12/11/10/9/8/7/WW4 w 2 2");
  EXPECT_FALSE(kGame.has_path(touching, at("a1"))) << kGame.diagram(touching);
  EXPECT_FALSE(kGame.has_path(touching, at("a2"))) << kGame.diagram(touching);
  EXPECT_EQ(names(kGame.dead_stones(touching, Meridians::Stone::kWhite)), (V{"a1", "a2"}));
}

TEST(MeridiansRules, M2_StonesOfOneGroupAreNoPath) {
  // W a1 b2 b3 a3 is one group (a1-b2-b3-a3); a1 and a3 face each other over
  // the empty a2, but a path needs two stones NOT in the same group.
  const auto pos = kGame.parse("B1B3/7/8/9/10/11/12/11/10/9/8/1WW4/W1W3 w 2 2");
  EXPECT_EQ(names(kGame.group_of(pos, at("a1"))), (V{"a1", "a3", "b2", "b3"}));
  EXPECT_FALSE(kGame.has_path(pos, at("a1"))) << kGame.diagram(pos);
  EXPECT_EQ(names(kGame.dead_stones(pos, Meridians::Stone::kWhite)), (V{"a1", "a3", "b2", "b3"}))
      << kGame.diagram(pos);
}

TEST(MeridiansRules, M2_EnemyStoneBreaksThePath) {
  // W a1 a3 with B a2 between (B a2 c2 alive through b2): White is dead.
  const auto pos = kGame.parse("6/7/8/9/10/11/12/11/10/9/1B6/7/WBW3 w 2 2");
  EXPECT_FALSE(kGame.has_path(pos, at("a1"))) << kGame.diagram(pos);
  EXPECT_EQ(names(kGame.dead_stones(pos, Meridians::Stone::kWhite)), (V{"a1", "a3"}))
      << kGame.diagram(pos);
  EXPECT_TRUE(kGame.dead_stones(pos, Meridians::Stone::kBlack).empty()) << kGame.diagram(pos);
}

TEST(MeridiansRules, M3_OneStoneWithAPathKeepsTheWholeGroupAlive) {
  // W a1 a2 a4: a1 has no path, but a2 has one to a4 (a3 empty), so {a1,a2} lives.
  const auto pos = kGame.parse("B1B3/7/8/9/10/11/12/11/10/9/8/7/WW1W2 w 2 2");
  EXPECT_FALSE(kGame.has_path(pos, at("a1"))) << kGame.diagram(pos);
  EXPECT_TRUE(kGame.has_path(pos, at("a2"))) << kGame.diagram(pos);
  EXPECT_TRUE(kGame.dead_stones(pos, Meridians::Stone::kWhite).empty()) << kGame.diagram(pos);
}

TEST(MeridiansRules, M4_FirstStoneOnAnyEmptyPoint) {
  const auto start = kGame.start();
  EXPECT_EQ(kGame.to_move(start), 0);  // White first
  EXPECT_EQ(kGame.count_moves(start), 114u) << kGame.diagram(start);
  const auto pos = kGame.parse("6/7/8/9/10/11/12/11/10/9/8/7/W5 b 1 0");
  EXPECT_EQ(kGame.count_moves(pos), 113u) << kGame.diagram(pos);  // every point but a1
  EXPECT_FALSE(legal(kGame, pos, "a1"));
  EXPECT_TRUE(legal(kGame, pos, "a2"));  // Black's first stone may touch White's
}

TEST(MeridiansRules, M5_SecondStoneOnALineWithTheFirstNotAdjacent) {
  // W a1, B m1. From a1 (lines of M1): a3..a6 (4), c3..l7 (10), c1..g1 (5);
  // a2, b2, b1 touch a1 and are excluded.
  const auto pos = kGame.parse("B5/7/8/9/10/11/12/11/10/9/8/7/W5 w 1 1");
  EXPECT_EQ(moves_of(kGame, pos), (V{"a3", "a4", "a5", "a6", "c1", "c3", "d1", "d4", "e1", "e5",
                                     "f1", "f6", "g1", "g7", "h7", "i7", "j7", "k7", "l7"}))
      << kGame.diagram(pos);
}

TEST(MeridiansRules, M5_AdjacentSecondStoneIsIllegal) {
  // B a1; W a3 c3 (alive through b3). Row a: only a2 before W a3 (adjacent);
  // line b2 c3: only b2 (adjacent); line b1..g1: c1 d1 e1 f1 g1.
  const auto pos = kGame.parse("6/7/8/9/10/11/12/11/10/9/2W5/7/B1W3 b 2 1");
  EXPECT_EQ(moves_of(kGame, pos), (V{"c1", "d1", "e1", "f1", "g1"})) << kGame.diagram(pos);
  EXPECT_THROW(kGame.parse_move(pos, "a2"), arb::Error);
  EXPECT_THROW(kGame.parse_move(pos, "b1"), arb::Error);
}

TEST(MeridiansRules, M5_OnlyEmptyPointsBetween) {
  // W a1, B a4: on row a only a3 (a5, a6 lie beyond Black's stone).
  const auto pos = kGame.parse("6/7/8/9/10/11/12/11/10/9/8/7/W2B2 w 1 1");
  EXPECT_TRUE(legal(kGame, pos, "a3")) << kGame.diagram(pos);
  EXPECT_FALSE(legal(kGame, pos, "a5")) << kGame.diagram(pos);
  EXPECT_EQ(kGame.count_moves(pos), 16u) << kGame.diagram(pos);  // 1 + 10 + 5
}

TEST(MeridiansRules, M6_PlacementByLineOfSight) {
  // W a1 a3, B m1 m3. Seen from a1: a2, b2..l7 (11), b1..g1 (6) = 18;
  // from a3, new: a4..a6 (3), b4..j9 (9), b3 d3 e3 f3 g3 h2 i1 (c3 seen already) = 19.
  const auto pos = kGame.parse(kPairs);
  EXPECT_EQ(kGame.count_moves(pos), 37u) << kGame.diagram(pos);
  EXPECT_TRUE(legal(kGame, pos, "a2"));   // adjacent own stone counts
  EXPECT_TRUE(legal(kGame, pos, "l7"));   // far along b2 c3 ... l7
  EXPECT_FALSE(legal(kGame, pos, "b5"));  // on no line of a White stone
  EXPECT_FALSE(legal(kGame, pos, "m2"));  // Black's lines do not count for White
}

TEST(MeridiansRules, M6_EnemyStoneBlocksTheLine) {
  // W a1 a3, B b2 b4: b2 blocks a1's line b2..l7, b4 blocks a3's b4..j9.
  // a2, b1..g1 (6), a4..a6 (3), b3 c3 d3 e3 f3 g3 h2 i1 (8) = 18.
  const auto pos = kGame.parse("6/7/8/9/10/11/12/11/10/9/8/1B1B3/W1W3 w 2 2");
  EXPECT_EQ(kGame.count_moves(pos), 18u) << kGame.diagram(pos);
  EXPECT_FALSE(legal(kGame, pos, "e5")) << kGame.diagram(pos);
  EXPECT_TRUE(legal(kGame, pos, "c3")) << kGame.diagram(pos);  // through b3 from a3
}

TEST(MeridiansRules, M6_SuicidalPlacementIsLegalAndRemovesOwnGroup) {
  // W a1 a3 m4 m6, B g1 g3. White a2 joins a1 a2 a3 into one group that sees
  // no other White stone: dead, so M10 removes it at once; m4 m6 stay.
  const auto pos = kGame.parse("3W1W/7/8/9/10/11/B1B9/11/10/9/8/7/W1W3 w 2 2");
  ASSERT_TRUE(legal(kGame, pos, "a2")) << kGame.diagram(pos);
  const auto next = after(kGame, pos, {"a2"});
  EXPECT_EQ(kGame.format(next), "3W1W/7/8/9/10/11/B1B9/11/10/9/8/7/6 b 2 2") << kGame.diagram(next);
  EXPECT_FALSE(kGame.outcome(next).finished);
}

TEST(MeridiansRules, M7_PassOnlyWithoutLegalPlacement) {
  // W a1 boxed in by B a2 b1 b2 (alive with a4 through a3): White has no
  // placement, so `pass` is the only move; then his group goes and he has lost.
  const auto pos = kGame.parse("6/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2");
  EXPECT_EQ(moves_of(kGame, pos), (V{"pass"})) << kGame.diagram(pos);
  const auto next = after(kGame, pos, {"pass"});
  EXPECT_EQ(kGame.format(next), "6/7/8/9/10/11/12/11/10/9/8/BB5/1B1B2 b 2 2");
  EXPECT_EQ(kGame.outcome(next), Outcome::win(1)) << kGame.diagram(next);
  EXPECT_TRUE(kGame.legal_moves(next).empty());
  // With a placement available, no pass.
  EXPECT_FALSE(legal(kGame, kGame.parse(kPairs), "pass"));
  EXPECT_FALSE(legal(kGame, kGame.start(), "pass"));
}

TEST(MeridiansRules, M8_GameEndsWhenTheMoverLosesAllStones) {
  // W a1 a3 + a2: the only White group is dead and removed; Black does not move again.
  const auto next = after(kGame, kGame.parse(kPairs), {"a2"});
  EXPECT_EQ(kGame.format(next), "B1B3/7/8/9/10/11/12/11/10/9/8/7/6 b 2 2");
  EXPECT_EQ(kGame.outcome(next), Outcome::win(1)) << kGame.diagram(next);
  EXPECT_EQ(kGame.count_moves(next), 0u);
}

TEST(MeridiansRules, M9_SwapRightAfterWhitesFirstStone) {
  const Meridians g(Spec::parse("meridians:swap"));
  EXPECT_FALSE(legal(g, g.start(), "swap"));
  const auto first = after(g, g.start(), {"a1"});
  EXPECT_EQ(g.format(first), "6/7/8/9/10/11/12/11/10/9/8/7/W5 b 1 0 swap");
  EXPECT_EQ(g.count_moves(first), 114u);  // 113 points + swap
  const auto swapped = after(g, first, {"swap"});
  // Colours exchanged: in colour terms nothing changes, Black still to move, no option.
  EXPECT_EQ(g.format(swapped), "6/7/8/9/10/11/12/11/10/9/8/7/W5 b 1 0");
  EXPECT_EQ(g.to_move(swapped), 1);
  EXPECT_EQ(g.count_moves(swapped), 113u);
  EXPECT_FALSE(legal(g, swapped, "swap"));
  // Declined: the option is gone after Black's first stone.
  const auto declined = after(g, first, {"m1"});
  EXPECT_FALSE(declined.swap_available);
  // Without the spec flag there is no swap.
  EXPECT_FALSE(legal(kGame, after(kGame, kGame.start(), {"a1"}), "swap"));
}

TEST(MeridiansRules, M10_CutGroupSurvivesUntilItsOwnerMoves) {
  // B a1 a3 (alive through a2); W d5 d7. White a2 (sees d5 through b3 c4)
  // cuts Black's only path: Black's groups are dead but stay on the board.
  const auto pos = kGame.parse("6/7/8/9/10/11/12/11/10/4W1W2/8/7/B1B3 w 2 2");
  const auto cut = after(kGame, pos, {"a2"});
  EXPECT_EQ(kGame.format(cut), "6/7/8/9/10/11/12/11/10/4W1W2/8/7/BWB3 b 2 2") << kGame.diagram(cut);
  EXPECT_EQ(names(kGame.dead_stones(cut, Meridians::Stone::kBlack)), (V{"a1", "a3"}));
  // From a1: b2..l7 (11), b1..g1 (6); from a3: a4..a6 (3), b4..j9 (9),
  // b3 d3 e3 f3 g3 h2 i1 (7, c3 seen already) = 36.
  EXPECT_EQ(kGame.count_moves(cut), 36u) << kGame.diagram(cut);
}

TEST(MeridiansRules, M10_OwnerRevivesCutGroups) {
  // As above; Black c3 sees a1 through b2 and a3 through b3: both live again.
  const auto pos = kGame.parse("6/7/8/9/10/11/12/11/10/4W1W2/8/7/BWB3 b 2 2");
  const auto revived = after(kGame, pos, {"c3"});
  EXPECT_EQ(kGame.format(revived), "6/7/8/9/10/11/12/11/10/4W1W2/2B5/7/BWB3 w 2 2")
      << kGame.diagram(revived);
}

TEST(MeridiansRules, M10_DeadGroupsRemovedAfterOwnersPlacement) {
  // Black c1 revives a1 (through b1) but not a3, which goes.
  const auto pos = kGame.parse("6/7/8/9/10/11/12/11/10/4W1W2/8/7/BWB3 b 2 2");
  EXPECT_EQ(kGame.format(after(kGame, pos, {"c1"})), "6/7/8/9/10/11/12/11/10/4W1W2/B7/7/BW4 w 2 2");
  // Black b1 revives nothing: every Black stone goes and Black has lost (M8).
  const auto lost = after(kGame, pos, {"b1"});
  EXPECT_EQ(kGame.format(lost), "6/7/8/9/10/11/12/11/10/4W1W2/8/7/1W4 w 2 2");
  EXPECT_EQ(kGame.outcome(lost), Outcome::win(0)) << kGame.diagram(lost);
}

TEST(MeridiansRules, M10_NothingRemovedBeforeTheThirdStone) {
  // Single first stones have no path (dead by M3) but are never removed.
  const auto firsts = after(kGame, kGame.start(), {"a1", "m1"});
  EXPECT_EQ(kGame.format(firsts), "B5/7/8/9/10/11/12/11/10/9/8/7/W5 w 1 1");
  EXPECT_FALSE(kGame.dead_stones(firsts, Meridians::Stone::kWhite).empty());
  // Second stones: W a3, B m3; still nothing removed (each pair has a path).
  EXPECT_EQ(kGame.format(after(kGame, firsts, {"a3", "m3"})), kPairs);
}

TEST(MeridiansRules, M11_NoSeventyFiveStoneSupply) {
  // White fills rows a-h (74) and i1 i2: 76 stones, more than seed 003's 75.
  // k3 touches no White stone and sees h3 over j3 i3: a path, so the giant
  // group and k3 both live. (i4 would touch h4 h5, join the only group, and
  // it would be dead and removed.)
  const std::string full = "B1B3/7/8/9/WW8/" + std::string(11, 'W') + "/" + std::string(12, 'W') +
                           "/" + std::string(11, 'W') + "/" + std::string(10, 'W') + "/" +
                           std::string(9, 'W') + "/" + std::string(8, 'W') + "/" +
                           std::string(7, 'W') + "/" + std::string(6, 'W') + " w 2 2";
  const auto pos = kGame.parse(full);
  const auto next = after(kGame, pos, {"k3"});
  EXPECT_EQ(std::count(next.points.begin(), next.points.end(), Meridians::Stone::kWhite), 77)
      << kGame.diagram(next);
}

}  // namespace
