// The rule variants of Meridians (RULES.md V6, V7, V8) on the engine. Every
// count is a hand count, its reasoning in the comment above it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "common/tests/game_test_support.h"
#include "engine/meridians/meridians.h"
#include "perft/perft.h"

namespace {

using arb::engine::meridians::Meridians;
using Texts = std::vector<std::string>;

const Meridians& game(const std::string& spec) { return arb::test::game<Meridians>(spec); }

Meridians::Position after(const Meridians& g, Meridians::Position pos, const Texts& moves) {
  for (const auto& m : moves) pos = g.play(pos, g.parse_move(pos, m));
  return pos;
}

// Every listed move and the same move built from its point alone (full M10
// check in play) give the same position.
void expect_listed_equals_bare(const Meridians& g, const Meridians::Position& pos) {
  for (const auto& listed : g.legal_moves(pos)) {
    const Meridians::Move bare{listed.code};
    EXPECT_EQ(g.format(g.play(pos, listed)), g.format(g.play(pos, bare)))
        << g.diagram(pos) << "move " << g.move_text(pos, listed);
  }
}

// W a1, B m1; White's second stone.
const std::string kFirsts = "B5/7/8/9/10/11/12/11/10/9/8/7/W5 w 1 1";
// W a1 boxed in by B a2 b1 b2 (alive with a4 through a3): RULES.md V7's example.
const std::string kBoxed = "6/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2";
// The same box twice: W a1 in B a2 b1 b2 (partner a4 over a3) and W m1 in
// B m2 l1 l2 (partner m4 over m3). White must pass.
const std::string kTwoBoxes = "WB1B2/BB5/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2";

TEST(MeridiansVariants, V6_SecondStoneMayBeAdjacent) {
  const auto& sight = game("meridians:second=sight");
  const auto& path = game("meridians");
  // a1's lines: a2..a6 (5), b2..l7 (11), b1..g1 (6), m1 on none: 22; M5
  // without V6 drops the neighbours a2 b1 b2: 19.
  EXPECT_EQ(sight.count_moves(sight.parse(kFirsts)), 22u);
  EXPECT_EQ(path.count_moves(path.parse(kFirsts)), 19u);
  EXPECT_NO_THROW(after(sight, sight.parse(kFirsts), {"a2"}));
  EXPECT_THROW(after(path, path.parse(kFirsts), {"a2"}), arb::Error);
}

TEST(MeridiansVariants, V6_PerftThreeAddsEveryEmptyNeighbour) {
  // White's second stone gains the empty neighbours of his first: over all
  // 114 first stones w and 113 Black stones b, sum of deg(w) - [b next to w]
  // = 112 * 2 * 305 neighbour pairs = 68320 on top of RULES.md's 253160.
  const auto& g = game("meridians:second=sight");
  EXPECT_EQ(arb::perft(g, g.start(), 3), 253160u + 68320u);
}

TEST(MeridiansVariants, V6_ThirdStoneNextToTheDeadPairLoses) {
  const auto& g = game("meridians:second=sight");
  const auto pair = after(g, g.parse(kFirsts), {"a2", "m3"});
  EXPECT_EQ(g.format(pair), "B1B3/7/8/9/10/11/12/11/10/9/8/7/WW4 w 2 2");
  EXPECT_EQ(g.dead_stones(pair, 0).count(), 2) << g.diagram(pair);
  // a3, b1, b2, b3 join the pair: no path, removed, White has no stones (M8).
  for (const char* n : {"a3", "b1", "b2", "b3"}) {
    const auto lost = after(g, pair, {n});
    EXPECT_EQ(g.format(lost), "B1B3/7/8/9/10/11/12/11/10/9/8/7/6 b 2 2") << n;
    EXPECT_EQ(g.outcome(lost), arb::Outcome::win(1)) << n;
  }
  // c3 sees a1 across b2: a path; nothing goes.
  EXPECT_EQ(g.format(after(g, pair, {"c3"})), "B1B3/7/8/9/10/11/12/11/10/9/2W5/7/WW4 b 2 2");
  expect_listed_equals_bare(g, pair);
  // The pair right after White's second stone: parsed only under V6.
  const std::string text = "B5/7/8/9/10/11/12/11/10/9/8/7/WW4 b 2 1";
  EXPECT_EQ(g.format(g.parse(text)), text);
  EXPECT_THROW(game("meridians").parse(text), arb::Error);
}

TEST(MeridiansVariants, V7_PassKeepsTheGroupsAndTheGameGoesOn) {
  const auto& keeps = game("meridians:pass=keeps");
  const auto passed = after(keeps, keeps.parse(kBoxed), {"pass"});
  EXPECT_EQ(keeps.format(passed), "6/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 b 2 2");
  EXPECT_EQ(keeps.outcome(passed), arb::Outcome::ongoing());
  // Black's M6 points, per stone: a2: a3, b3..k8 (10); a4: a5 a6, a3, b5..i10
  // (8), b4..j1 (9); b1: c2..m6 (11), c1..g1 (5); b2: b3..b7 (5), c3..l7 (10),
  // c2..h1 (6). 68, with a3 b3 b4 b5 c2 c4 d4 e4 counted twice: 60.
  EXPECT_EQ(keeps.count_moves(passed), 60u) << keeps.diagram(passed);
  // Only a3 joins {a2 b1 b2} to a4, its only partner: Black removes all his
  // stones and has lost; after the 59 others White passes again.
  EXPECT_EQ(arb::perft(keeps, passed, 2), 59u);
  EXPECT_EQ(keeps.outcome(after(keeps, passed, {"a3"})), arb::Outcome::win(0));
  // The default: the pass removes a1 and White has lost.
  const auto& removes = game("meridians");
  const auto lost = after(removes, removes.parse(kBoxed), {"pass"});
  EXPECT_EQ(removes.outcome(lost), arb::Outcome::win(1));
  EXPECT_EQ(removes.count_moves(lost), 0u);
  // A dead group of the side not to move parses only under V7 (and V6).
  EXPECT_EQ(keeps.format(keeps.parse(keeps.format(passed))), keeps.format(passed));
  EXPECT_THROW(removes.parse(keeps.format(passed)), arb::Error);
}

TEST(MeridiansVariants, V7_PassersDeadGroupsFarFromTheLastPlacementGo) {
  // White passes with a1 and m1 boxed; Black a3 joins {a2 b1 b2} to a4 with
  // no path left: M10 removes the five, Black keeps {m2 l1 l2} and m4.
  const auto& g = game("meridians:rules=abstractplay");
  const auto freed = after(g, g.parse(kTwoBoxes), {"pass", "a3"});
  EXPECT_EQ(g.format(freed), "WB1B2/BB5/8/9/10/11/12/11/10/9/8/7/W5 w 2 2") << g.diagram(freed);
  // a1's lines: a2..a6 (5), b2..l7 (11), b1..g1 (6); m1 still boxed: 22.
  EXPECT_EQ(g.count_moves(freed), 22u);
  // White c3 (sees a1 across b2): a1 and c3 live, m1 (no path) goes, though
  // Black's last placement a3 is nowhere near it.
  EXPECT_EQ(g.format(after(g, freed, {"c3"})), "1B1B2/BB5/8/9/10/11/12/11/10/9/2W5/7/W5 b 2 2");
  // a2, b1, b2 join a1 and see no White stone: every White group dies (M8).
  for (const char* n : {"a2", "b1", "b2"})
    EXPECT_EQ(g.outcome(after(g, freed, {n})), arb::Outcome::win(1)) << n;
  expect_listed_equals_bare(g, freed);
  // The same position parsed (no history): the same moves and results.
  expect_listed_equals_bare(g, g.parse(g.format(freed)));
  EXPECT_EQ(arb::perft(g, freed, 2), arb::perft(g, g.parse(g.format(freed)), 2));
}

TEST(MeridiansVariants, V8_PresetsAndContradictions) {
  EXPECT_EQ(arb::Spec::parse("meridians:rules=boardspace").canonical(), "meridians:second=sight");
  EXPECT_EQ(arb::Spec::parse("meridians:rules=abstractplay").canonical(), "meridians:pass=keeps");
  EXPECT_THROW(arb::Spec::parse("meridians:rules=boardspace,second=path"), arb::Error);
  EXPECT_THROW(arb::Spec::parse("meridians:rules=abstractplay,pass=removes"), arb::Error);
  // The preset's game is the option's game.
  const auto& boardspace = game("meridians:rules=boardspace");
  EXPECT_EQ(boardspace.count_moves(boardspace.parse(kFirsts)), 22u);
}

// The spec's options are read once into Meridians::Rules (V8's presets
// expanded by the spec first).
TEST(MeridiansVariants, Rules_ReadOnceFromTheSpec) {
  const auto rules = [](const std::string& spec) {
    return Meridians(arb::Spec::parse(spec)).rules();
  };
  const Meridians::Rules plain = rules("meridians");
  EXPECT_EQ(plain.size, 7);
  EXPECT_FALSE(plain.swap || plain.second_by_sight || plain.pass_keeps);
  EXPECT_EQ(rules("meridians:size=6").size, 6);
  EXPECT_EQ(rules("meridians:size=8").size, 8);
  EXPECT_TRUE(rules("meridians:swap").swap);
  EXPECT_TRUE(rules("meridians:second=sight").second_by_sight);
  EXPECT_TRUE(rules("meridians:rules=boardspace").second_by_sight);
  EXPECT_TRUE(rules("meridians:pass=keeps").pass_keeps);
  EXPECT_TRUE(rules("meridians:rules=abstractplay").pass_keeps);
  EXPECT_FALSE(rules("meridians:rules=abstractplay").second_by_sight);
}

}  // namespace
