// The rule variants of Meridians (RULES.md V6, V7, V8) on the engine: the
// scenarios written once for both implementations
// (common/tests/meridians_variants.h), and below what only the engine has.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/tests/game_test_support.h"
#include "common/tests/meridians_examples.h"
#include "common/tests/meridians_variants.h"
#include "engine/meridians/meridians.h"

namespace arb::test::meridians_variants {
INSTANTIATE_TYPED_TEST_SUITE_P(Engine, MeridiansVariants,
                               ::testing::Types<engine::meridians::Meridians>);
}  // namespace arb::test::meridians_variants

// Perft from the start (RULES.md), also written once for both implementations.
namespace arb::test::meridians_examples {
INSTANTIATE_TYPED_TEST_SUITE_P(Engine, MeridiansExamples,
                               ::testing::Types<engine::meridians::Meridians>);
}  // namespace arb::test::meridians_examples

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
// The same box twice: W a1 in B a2 b1 b2 (partner a4 over a3) and W m1 in
// B m2 l1 l2 (partner m4 over m3). White must pass.
const std::string kTwoBoxes = "WB1B2/BB5/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2";

TEST(MeridiansEngineVariants, V6_DeadPairListedMovesEqualBareOnes) {
  const auto& g = game("meridians:second=sight");
  const auto pair = after(g, g.parse(kFirsts), {"a2", "m3"});
  EXPECT_EQ(g.dead_stones(pair, 0).count(), 2) << g.diagram(pair);
  expect_listed_equals_bare(g, pair);
}

TEST(MeridiansEngineVariants, V7_PassersDeadGroupsListedMovesEqualBareOnes) {
  const auto& g = game("meridians:rules=abstractplay");
  const auto freed = after(g, g.parse(kTwoBoxes), {"pass", "a3"});
  expect_listed_equals_bare(g, freed);
  // The same position parsed (no history): the same moves and results.
  expect_listed_equals_bare(g, g.parse(g.format(freed)));
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
