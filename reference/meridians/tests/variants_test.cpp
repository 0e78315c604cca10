// The rule variants of Meridians (RULES.md V6, V7 and their presets, V8) on
// the reference: the scenarios written once for both implementations
// (common/tests/meridians_variants.h), and below what only the reference has
// (its dead_stones and Rules).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/spec.h"
#include "common/tests/meridians_variants.h"
#include "reference/meridians/meridians.h"

namespace arb::test::meridians_variants {
INSTANTIATE_TYPED_TEST_SUITE_P(Reference, MeridiansVariants,
                               ::testing::Types<reference::Meridians>);
}  // namespace arb::test::meridians_variants

namespace {

using arb::Spec;
using arb::reference::Meridians;
using V = std::vector<std::string>;

const Meridians kDefault{Spec::parse("meridians")};
const Meridians kSight{Spec::parse("meridians:second=sight")};

V names(const Meridians& g, const std::vector<int>& points) {
  V out;
  for (int p : points) out.push_back(g.point_name(p));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(MeridiansReferenceVariants, V6_AdjacentPairIsDeadRevivedBySight) {
  // W a1 a2 after White's second stone: one group, no path (M2), dead.
  const auto pair = kSight.parse("B5/7/8/9/10/11/12/11/10/9/8/7/WW4 b 2 1");
  EXPECT_EQ(names(kSight, kSight.dead_stones(pair, Meridians::Stone::kWhite)), (V{"a1", "a2"}));
  // c3 sees a1 across b2: a path, so the pair lives again.
  const auto pos = kSight.parse("B1B3/7/8/9/10/11/12/11/10/9/8/7/WW4 w 2 2");
  const auto revived = kSight.play(pos, kSight.parse_move(pos, "c3"));
  EXPECT_TRUE(kSight.dead_stones(revived, Meridians::Stone::kWhite).empty());
}

TEST(MeridiansReferenceVariants, V8_PresetsSetTheRules) {
  EXPECT_TRUE(Meridians(Spec::parse("meridians:rules=boardspace")).rules().second_by_sight);
  EXPECT_TRUE(Meridians(Spec::parse("meridians:rules=abstractplay")).rules().pass_keeps);
  EXPECT_TRUE(Meridians(Spec::parse("meridians:swap")).rules().swap);
  EXPECT_FALSE(kDefault.rules().second_by_sight || kDefault.rules().pass_keeps ||
               kDefault.rules().swap);
}

}  // namespace
