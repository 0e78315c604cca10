// Engine Eximo: the rule variants (RULES.md V4, V5, the preset V8), the
// scenarios written once for both implementations (common/tests/eximo_variants.h).
#include "common/tests/eximo_variants.h"
#include "engine/eximo/eximo.h"

namespace arb::test::eximo_variants {
INSTANTIATE_TYPED_TEST_SUITE_P(Engine, EximoVariants, ::testing::Types<engine::eximo::Eximo>);
}  // namespace arb::test::eximo_variants
