// Start perft (RULES.md: numbers from an independent implementation), the
// suite written once for both implementations (common/tests/meridians_examples.h).
#include "common/tests/meridians_examples.h"
#include "reference/meridians/meridians.h"

namespace arb::test::meridians_examples {
INSTANTIATE_TYPED_TEST_SUITE_P(Reference, MeridiansExamples,
                               ::testing::Types<reference::Meridians>);
}  // namespace arb::test::meridians_examples
