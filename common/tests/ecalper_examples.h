// The start of Ecalper (RULES.md C2: the start position, the first two turns'
// counts given in RULES.md, perft(2) from the start), written once for both
// implementations: engine/ecalper/tests/ecalper_test.cpp and
// reference/ecalper/tests/rules_test.cpp instantiate the suite. Counts are
// binomials derived from the rules or numbers given in RULES.md. Like
// game_test_support.h, it speaks only the Game concept and the notation.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "common/game.h"
#include "common/spec.h"
#include "perft/count/perft.h"

namespace arb::test::ecalper_examples {

// C(n, k) computed here, independently of either implementation.
inline std::uint64_t choose(std::uint64_t n, std::uint64_t k) {
  std::uint64_t r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

template <class G>
class EcalperExamples : public ::testing::Test {
 protected:
  static G make(const std::string& spec) { return G(Spec::parse(spec)); }
};
TYPED_TEST_SUITE_P(EcalperExamples);

TYPED_TEST_P(EcalperExamples, C2_StartAndTheFirstTwoTurns) {
  const auto g = this->make("ecalper");
  const auto start = g.start();
  EXPECT_EQ(g.format(start), "7/8/9/10/11/12/13/12/11/10/9/8/7 b - -:-");  // RULES.md
  EXPECT_EQ(g.players(), "bw");
  EXPECT_EQ(g.to_move(start), 0) << "Black moves first";
  EXPECT_EQ(g.outcome(start), Outcome::ongoing());
  // RULES.md: perft(1) = C(127,3) = 333375.
  EXPECT_EQ(g.count_moves(start), 333375u);
  EXPECT_EQ(perft(g, start, 1), choose(127, 3));
  const auto next = g.play(start, g.parse_move(start, "C3+D4+E5"));
  EXPECT_EQ(g.format(next), "7/8/2B6/3B6/4B6/12/13/12/11/10/9/8/7 w s -:C3,D4,E5")
      << g.diagram(next);
  // RULES.md: White then has 3*C(124,3) + 1 = 930373 moves (the +1 is swap).
  EXPECT_EQ(g.count_moves(next), 930373u);
}

// perft(2) from the start = C(N,3) * (3*C(N-3,3) + 1): every Black placement
// leaves N-3 empty cells and 3 Black stones, each replaceable under both
// rules (no replacement yet, and all three were placed), plus `swap`.
TYPED_TEST_P(EcalperExamples, C2_Perft2FromStartSize5BothRules) {
  for (const char* rule : {"any", "last-added"}) {
    const auto g = this->make(std::string("ecalper:size=5,replace=") + rule);
    EXPECT_EQ(perft(g, g.start(), 2), choose(61, 3) * (3 * choose(58, 3) + 1)) << rule;
  }
}

REGISTER_TYPED_TEST_SUITE_P(EcalperExamples, C2_StartAndTheFirstTwoTurns,
                            C2_Perft2FromStartSize5BothRules);

}  // namespace arb::test::ecalper_examples
