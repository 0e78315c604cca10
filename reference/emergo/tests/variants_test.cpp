// Reference Emergo: the rule variants (RULES.md V1-V3, the preset V8), the
// scenarios written once for both implementations (common/tests/emergo_variants.h).
#include "common/tests/emergo_variants.h"
#include "reference/emergo/emergo.h"

namespace arb::test::emergo_variants {
INSTANTIATE_TYPED_TEST_SUITE_P(Reference, EmergoVariants, ::testing::Types<reference::Emergo>);
}  // namespace arb::test::emergo_variants
