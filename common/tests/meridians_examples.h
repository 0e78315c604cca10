// Perft from the start of Meridians on every size and with the swap option
// (RULES.md, numbers from an independent implementation; M9), written once
// for both implementations: engine/meridians/tests/variants_test.cpp and
// reference/meridians/tests/perft_test.cpp instantiate the suite. Like
// game_test_support.h, it speaks only the Game concept.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "common/game.h"
#include "common/spec.h"
#include "perft/count/perft.h"

namespace arb::test::meridians_examples {

template <class G>
class MeridiansExamples : public ::testing::Test {
 protected:
  static std::uint64_t start_perft(const std::string& spec, int depth) {
    const G g(Spec::parse(spec));
    return perft(g, g.start(), depth);
  }
};
TYPED_TEST_SUITE_P(MeridiansExamples);

TYPED_TEST_P(MeridiansExamples, Size7StartDepth1To3) {
  EXPECT_EQ(this->start_perft("meridians", 1), 114u);
  EXPECT_EQ(this->start_perft("meridians", 2), 12882u);  // 114 * 113
  EXPECT_EQ(this->start_perft("meridians", 3), 253160u);
}

TYPED_TEST_P(MeridiansExamples, Size6StartDepth1To3) {
  EXPECT_EQ(this->start_perft("meridians:size=6", 1), 80u);
  EXPECT_EQ(this->start_perft("meridians:size=6", 2), 6320u);  // 80 * 79
  EXPECT_EQ(this->start_perft("meridians:size=6", 3), 95636u);
}

TYPED_TEST_P(MeridiansExamples, Size8StartDepth1To3) {
  EXPECT_EQ(this->start_perft("meridians:size=8", 1), 154u);
  EXPECT_EQ(this->start_perft("meridians:size=8", 2), 23562u);  // 154 * 153
  EXPECT_EQ(this->start_perft("meridians:size=8", 3), 570552u);
}

// M9: Black answers each of White's 114 first stones with 113 stones or swap.
TYPED_TEST_P(MeridiansExamples, M9_SwapStartDepth2) {
  EXPECT_EQ(this->start_perft("meridians:swap", 1), 114u);
  EXPECT_EQ(this->start_perft("meridians:swap", 2), 12996u);  // 114 * 114
}

REGISTER_TYPED_TEST_SUITE_P(MeridiansExamples, Size7StartDepth1To3, Size6StartDepth1To3,
                            Size8StartDepth1To3, M9_SwapStartDepth2);

}  // namespace arb::test::meridians_examples
