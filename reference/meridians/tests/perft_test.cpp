// Start perft (RULES.md: numbers from an independent implementation).
#include <gtest/gtest.h>

#include <string>

#include "perft/count/perft.h"
#include "reference/meridians/meridians.h"

namespace {

using arb::Spec;
using arb::reference::Meridians;

std::uint64_t start_perft(const std::string& spec, int depth) {
  const Meridians g(Spec::parse(spec));
  return arb::perft(g, g.start(), depth);
}

TEST(MeridiansPerft, Size7StartDepth1To3) {
  EXPECT_EQ(start_perft("meridians", 1), 114u);
  EXPECT_EQ(start_perft("meridians", 2), 12882u);  // 114 * 113
  EXPECT_EQ(start_perft("meridians", 3), 253160u);
}

TEST(MeridiansPerft, Size6StartDepth1To3) {
  EXPECT_EQ(start_perft("meridians:size=6", 1), 80u);
  EXPECT_EQ(start_perft("meridians:size=6", 2), 6320u);  // 80 * 79
  EXPECT_EQ(start_perft("meridians:size=6", 3), 95636u);
}

TEST(MeridiansPerft, Size8StartDepth1To3) {
  EXPECT_EQ(start_perft("meridians:size=8", 1), 154u);
  EXPECT_EQ(start_perft("meridians:size=8", 2), 23562u);  // 154 * 153
  EXPECT_EQ(start_perft("meridians:size=8", 3), 570552u);
}

// M9: Black answers each of White's 114 first stones with 113 stones or swap.
TEST(MeridiansPerft, M9_SwapStartDepth2) {
  EXPECT_EQ(start_perft("meridians:swap", 1), 114u);
  EXPECT_EQ(start_perft("meridians:swap", 2), 12996u);  // 114 * 114
}

}  // namespace
