// The rule variants of Meridians (RULES.md V6, V7 and their presets, V8): one
// scenario per option where it changes the moves or the outcome, written once
// for both implementations: engine/meridians/tests/variants_test.cpp and
// reference/meridians/tests/variants_test.cpp instantiate the suite. Every
// count is a hand count, its reasoning in the comment above it. Like
// game_test_support.h, it speaks only the Game concept and the notation.
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

namespace arb::test::meridians_variants {

using Texts = std::vector<std::string>;

// W a1, B m1; White's second stone (size 7).
constexpr const char* kFirsts = "B5/7/8/9/10/11/12/11/10/9/8/7/W5 w 1 1";
// W a1 a2 (an adjacent pair, dead), B m1 m3 (alive through m2); White to move.
constexpr const char* kAdjacentPair = "B1B3/7/8/9/10/11/12/11/10/9/8/7/WW4 w 2 2";
// RULES.md V7's example: W a1 boxed in by B a2 b1 b2 (alive with a4 through a3).
constexpr const char* kBoxed = "6/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2";
// The same box twice: W a1 in B a2 b1 b2 (partner a4 over a3) and W m1 in
// B m2 l1 l2 (partner m4 over m3). White must pass.
constexpr const char* kTwoBoxes = "WB1B2/BB5/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2";

template <class G>
class MeridiansVariants : public ::testing::Test {
 protected:
  using Position = typename G::Position;
  static const G& path() { return game<G>("meridians"); }
  static const G& sight() { return game<G>("meridians:second=sight"); }
  static const G& keeps() { return game<G>("meridians:pass=keeps"); }
  static Position after(const G& g, Position pos, const Texts& moves) {
    for (const auto& m : moves) pos = g.play(pos, g.parse_move(pos, m));
    return pos;
  }
  static bool legal(const G& g, const Position& pos, const std::string& move) {
    const Texts all = moves_of(g, pos);
    return std::find(all.begin(), all.end(), move) != all.end();
  }
};
TYPED_TEST_SUITE_P(MeridiansVariants);

TYPED_TEST_P(MeridiansVariants, V6_SecondStoneMayBeAdjacent) {
  const auto& sight = this->sight();
  const auto& path = this->path();
  const auto pos = sight.parse(kFirsts);
  // a1's lines: a2..a6 (5), b2..l7 (11), b1..g1 (6), m1 on none: 22 under
  // sight; M5 without V6 drops the three neighbours a2 b1 b2: 19.
  EXPECT_EQ(sight.count_moves(pos), 22u) << sight.diagram(pos);
  EXPECT_EQ(path.count_moves(path.parse(kFirsts)), 19u);
  for (const char* n : {"a2", "b1", "b2"}) {
    EXPECT_TRUE(this->legal(sight, pos, n)) << n;
    EXPECT_FALSE(this->legal(path, path.parse(kFirsts), n)) << n;
  }
  EXPECT_NO_THROW(this->after(sight, sight.parse(kFirsts), {"a2"}));
  EXPECT_THROW(this->after(path, path.parse(kFirsts), {"a2"}), Error);
  // Still no stone between: m1 is not on a1's lines, so nothing else changes;
  // a point off a1's lines (c2) stays illegal.
  EXPECT_FALSE(this->legal(sight, pos, "c2"));
}

TYPED_TEST_P(MeridiansVariants, V6_PerftThreeAddsEveryEmptyNeighbour) {
  // White's second stone gains the empty neighbours of his first: over all
  // 114 first stones w and 113 Black stones b, sum of deg(w) - [b next to w]
  // = 112 * 2 * 305 neighbour pairs = 68320 on top of RULES.md's 253160.
  const auto& g = this->sight();
  EXPECT_EQ(perft(g, g.start(), 3), 253160u + 68320u);
}

TYPED_TEST_P(MeridiansVariants, V6_AdjacentPairIsDeadButStaysUntilTheThirdStone) {
  // W a2 next to a1: one group, no path (M2), dead, but M10 waits for the third stone.
  const auto& sight = this->sight();
  const auto pair = this->after(sight, sight.parse(kFirsts), {"a2"});
  EXPECT_EQ(sight.format(pair), "B5/7/8/9/10/11/12/11/10/9/8/7/WW4 b 2 1");
  EXPECT_FALSE(sight.outcome(pair).finished);
  // The parse check "a dead group of the side not to move" is off under V6.
  EXPECT_EQ(sight.format(sight.parse(sight.format(pair))), sight.format(pair));
  EXPECT_THROW(this->path().parse("B5/7/8/9/10/11/12/11/10/9/8/7/WW4 b 2 1"), Error);
}

TYPED_TEST_P(MeridiansVariants, V6_ThirdStoneNextToTheDeadPairLoses) {
  const auto& g = this->sight();
  const auto pair = this->after(g, g.parse(kFirsts), {"a2", "m3"});
  EXPECT_EQ(g.format(pair), kAdjacentPair);
  // a1 sees b2..l7 (11), b1..g1 (6); a2 sees a3..a6 (4), b3..k8 (10),
  // b2..h1 (7, b2 seen already): 37.
  EXPECT_EQ(g.count_moves(pair), 37u) << g.diagram(pair);
  // The same from the text, played or parsed (no history).
  for (const auto& pos : {pair, g.parse(kAdjacentPair)}) {
    EXPECT_EQ(g.count_moves(pos), 37u);
    // a3, b1, b2, b3 join the pair: one group with no path, removed, and
    // White is left without stones (M8).
    for (const char* n : {"a3", "b1", "b2", "b3"}) {
      const auto lost = this->after(g, pos, {n});
      EXPECT_EQ(g.format(lost), "B1B3/7/8/9/10/11/12/11/10/9/8/7/6 b 2 2") << n;
      EXPECT_EQ(g.outcome(lost), Outcome::win(1)) << n;
    }
    // c3 sees a1 across b2: a path, so the pair lives again and nothing goes.
    EXPECT_EQ(g.format(this->after(g, pos, {"c3"})), "B1B3/7/8/9/10/11/12/11/10/9/2W5/7/WW4 b 2 2");
  }
  // The pair right after White's second stone: parsed only under V6.
  const std::string text = "B5/7/8/9/10/11/12/11/10/9/8/7/WW4 b 2 1";
  EXPECT_EQ(g.format(g.parse(text)), text);
  EXPECT_THROW(this->path().parse(text), Error);
}

TYPED_TEST_P(MeridiansVariants, V7_PassKeepsTheGroupsAndTheGameGoesOn) {
  const auto& keeps = this->keeps();
  const auto boxed = keeps.parse(kBoxed);
  EXPECT_EQ(moves_of(keeps, boxed), (Texts{"pass"}));
  const auto passed = this->after(keeps, boxed, {"pass"});
  EXPECT_EQ(keeps.format(passed), "6/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 b 2 2");
  EXPECT_EQ(keeps.outcome(passed), Outcome::ongoing());
  // Black's M6 points, per stone: a2: a3, b3..k8 (10); a4: a5 a6, a3, b5..i10
  // (8), b4..j1 (9); b1: c2..m6 (11), c1..g1 (5); b2: b3..b7 (5), c3..l7 (10),
  // c2..h1 (6). 68, with a3 b3 b4 b5 c2 c4 d4 e4 counted twice: 60.
  EXPECT_EQ(keeps.count_moves(passed), 60u) << keeps.diagram(passed);
  // Only a3 joins {a2 b1 b2} to a4, its only partner: Black removes all his
  // stones and has lost; after the 59 others White passes again.
  EXPECT_EQ(perft(keeps, passed, 2), 59u);
  EXPECT_EQ(keeps.outcome(this->after(keeps, passed, {"a3"})), Outcome::win(0));
  // The default: the pass removes a1 and White has lost (M7, M8).
  const auto& removes = this->path();
  const auto lost = this->after(removes, removes.parse(kBoxed), {"pass"});
  EXPECT_EQ(removes.outcome(lost), Outcome::win(1));
  EXPECT_EQ(removes.count_moves(lost), 0u);
  // A dead group of the side not to move parses only under V7 (and V6).
  EXPECT_EQ(keeps.format(keeps.parse(keeps.format(passed))), keeps.format(passed));
  EXPECT_THROW(removes.parse(keeps.format(passed)), Error);
}

TYPED_TEST_P(MeridiansVariants, V7_PasserMovesAgainOnceARemovalFreesHim) {
  // As kBoxed plus B m1 m3 (alive through m2). Black a3 joins {a2 b1 b2} to
  // its only partner a4: that group has no path and goes (M10), Black keeps
  // m1 m3, and a1 touches empty points again.
  const auto& keeps = this->keeps();
  const char* text = "B1B3/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2";
  const auto freed = this->after(keeps, keeps.parse(text), {"pass", "a3"});
  EXPECT_EQ(keeps.format(freed), "B1B3/7/8/9/10/11/12/11/10/9/8/7/W5 w 2 2");
  // a1's lines: a2..a6 (5), b2..l7 (11), b1..g1 (6): 22.
  EXPECT_EQ(keeps.count_moves(freed), 22u) << keeps.diagram(freed);
  // M10 after the passer's next placement: a2 joins a1, no path, both go: White lost.
  const auto lost = this->after(keeps, freed, {"a2"});
  EXPECT_EQ(keeps.outcome(lost), Outcome::win(1)) << keeps.diagram(lost);
  // a3 sees a1 across a2: both live.
  EXPECT_EQ(keeps.format(this->after(keeps, freed, {"a3"})),
            "B1B3/7/8/9/10/11/12/11/10/9/8/7/W1W3 b 2 2");
  // Under the default the game ended with the pass: a3 is no move.
  const auto& path = this->path();
  EXPECT_FALSE(this->legal(path, this->after(path, path.parse(text), {"pass"}), "a3"));
}

TYPED_TEST_P(MeridiansVariants, V7_PassersDeadGroupsFarFromTheLastPlacementGo) {
  // White passes with a1 and m1 boxed; Black a3 joins {a2 b1 b2} to a4 with
  // no path left: M10 removes the five, Black keeps {m2 l1 l2} and m4.
  const auto& g = game<TypeParam>("meridians:rules=abstractplay");
  const auto freed = this->after(g, g.parse(kTwoBoxes), {"pass", "a3"});
  EXPECT_EQ(g.format(freed), "WB1B2/BB5/8/9/10/11/12/11/10/9/8/7/W5 w 2 2") << g.diagram(freed);
  // a1's lines: a2..a6 (5), b2..l7 (11), b1..g1 (6); m1 still boxed: 22.
  EXPECT_EQ(g.count_moves(freed), 22u);
  // White c3 (sees a1 across b2): a1 and c3 live, m1 (no path) goes, though
  // Black's last placement a3 is nowhere near it.
  EXPECT_EQ(g.format(this->after(g, freed, {"c3"})),
            "1B1B2/BB5/8/9/10/11/12/11/10/9/2W5/7/W5 b 2 2");
  // a2, b1, b2 join a1 and see no White stone: every White group dies (M8).
  for (const char* n : {"a2", "b1", "b2"})
    EXPECT_EQ(g.outcome(this->after(g, freed, {n})), Outcome::win(1)) << n;
  // The same position parsed (no history): the same moves and results.
  EXPECT_EQ(perft(g, freed, 2), perft(g, g.parse(g.format(freed)), 2));
}

TYPED_TEST_P(MeridiansVariants, V8_PresetsAndContradictions) {
  EXPECT_EQ(Spec::parse("meridians:rules=boardspace").canonical(), "meridians:second=sight");
  EXPECT_EQ(Spec::parse("meridians:rules=abstractplay").canonical(), "meridians:pass=keeps");
  EXPECT_EQ(Spec::parse("meridians:rules=abstractplay,size=6").canonical(),
            "meridians:pass=keeps,size=6");
  EXPECT_THROW(Spec::parse("meridians:rules=boardspace,second=path"), Error);
  EXPECT_THROW(Spec::parse("meridians:rules=abstractplay,pass=removes"), Error);
  EXPECT_THROW(Spec::parse("meridians:second=adjacent"), Error);
  EXPECT_THROW(Spec::parse("meridians:pass=skip"), Error);
  EXPECT_THROW(Spec::parse("meridians:rules=ludii"), Error);
  // The preset's game is the option's game.
  const auto& boardspace = game<TypeParam>("meridians:rules=boardspace");
  EXPECT_EQ(boardspace.count_moves(boardspace.parse(kFirsts)), 22u);
}

REGISTER_TYPED_TEST_SUITE_P(
    MeridiansVariants, V6_SecondStoneMayBeAdjacent, V6_PerftThreeAddsEveryEmptyNeighbour,
    V6_AdjacentPairIsDeadButStaysUntilTheThirdStone, V6_ThirdStoneNextToTheDeadPairLoses,
    V7_PassKeepsTheGroupsAndTheGameGoesOn, V7_PasserMovesAgainOnceARemovalFreesHim,
    V7_PassersDeadGroupsFarFromTheLastPlacementGo, V8_PresetsAndContradictions);

}  // namespace arb::test::meridians_variants
