// Reference Eximo: the rule variants (RULES.md V4, V5, the preset V8), the
// scenarios written once for both implementations (common/tests/eximo_variants.h).
#include "common/tests/eximo_variants.h"
#include "reference/eximo/eximo.h"

namespace arb::test::eximo_variants {
INSTANTIATE_TYPED_TEST_SUITE_P(Reference, EximoVariants, ::testing::Types<reference::Eximo>);
}  // namespace arb::test::eximo_variants
