// Engine Emergo: the rule variants (RULES.md V1-V3, the preset V8), the
// scenarios written once for both implementations (common/tests/emergo_variants.h).
#include "common/tests/emergo_variants.h"
#include "engine/emergo/emergo.h"

namespace arb::test::emergo_variants {
INSTANTIATE_TYPED_TEST_SUITE_P(Engine, EmergoVariants, ::testing::Types<engine::emergo::Emergo>);
}  // namespace arb::test::emergo_variants
