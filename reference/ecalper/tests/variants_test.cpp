// Reference Ecalper: the variants C4 replace=any|last-added and C7 players=3
// (RULES.md), the scenarios written once for both implementations
// (common/tests/ecalper_variants.h); below, what only the reference has.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/tests/ecalper_variants.h"
#include "reference/ecalper/ecalper.h"
#include "reference/ecalper/tests/test_util.h"

namespace arb::test::ecalper_variants {
INSTANTIATE_TYPED_TEST_SUITE_P(Reference, EcalperVariants, ::testing::Types<reference::Ecalper>);
}  // namespace arb::test::ecalper_variants

namespace arb::reference {
namespace {

// C4 replace=last-added: the placed cells of <last> are the ones named in a
// move, sorted as the notation sorts them (cell_index, cell_name).
TEST(EcalperReferenceVariants, C4_LastAddedCellsSortByName) {
  const Ecalper g = ecalper_test::game("ecalper:size=5,replace=last-added");
  EXPECT_EQ(ecalper_test::names(g, {g.cell_index("E5"), g.cell_index("C6"), g.cell_index("G7")}),
            (std::vector<std::string>{"C6", "E5", "G7"}));
}

}  // namespace
}  // namespace arb::reference
