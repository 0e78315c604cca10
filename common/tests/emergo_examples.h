// The public check positions of Emergo (RULES.md: perft from the start, the
// MindSports composition, the rule diagram, seed 000's opening), written once
// for both implementations: engine/emergo/tests/emergo_test.cpp and
// reference/emergo/tests/rules_test.cpp instantiate the suite. Every expected
// count is given in RULES.md or counted by hand from the rules. Like
// game_test_support.h, it speaks only the Game concept and the notation.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/game.h"
#include "common/tests/game_test_support.h"
#include "perft/count/perft.h"

namespace arb::test::emergo_examples {

using Texts = std::vector<std::string>;

template <class G>
class EmergoExamples : public ::testing::Test {
 protected:
  static const G& game9() { return game<G>("emergo"); }
  static const G& game7() { return game<G>("emergo:size=7"); }
  // The position after `moves` (space separated) from `text`, as text.
  static std::string after(const G& g, const std::string& text, const std::string& moves) {
    return g.format(play_moves(g, position_from(g, text), split_moves(moves)));
  }
};
TYPED_TEST_SUITE_P(EmergoExamples);

TYPED_TEST_P(EmergoExamples, StartPerft) {
  const auto& g = this->game9();
  EXPECT_EQ(perft(g, g.start(), 1), 40u);
  EXPECT_EQ(perft(g, g.start(), 2), 1504u);
  EXPECT_EQ(perft(g, g.start(), 3), 55172u);
}

TYPED_TEST_P(EmergoExamples, StartPerft7x7) {
  const auto& g = this->game7();
  EXPECT_EQ(perft(g, g.start(), 1), 24u);
  EXPECT_EQ(perft(g, g.start(), 2), 528u);
  EXPECT_EQ(perft(g, g.start(), 3), 11140u);
}

TYPED_TEST_P(EmergoExamples, MindSportsCompositionClockwiseOnly) {
  const auto& g = this->game9();
  const auto p = g.parse("9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0");
  EXPECT_EQ(moves_of(g, p), Texts{"d4xb6xd8xf6xd4xb6"}) << shown(g, p);
  EXPECT_EQ(g.count_moves(p), 1u);
}

TYPED_TEST_P(EmergoExamples, RuleDiagramBlackTakesTwo) {
  const auto& g = this->game9();
  const std::string text = "9/9/2B1B4/9/4B4/3(WWWW)5/9/5W3/6(BB)2 b 0 0";
  EXPECT_EQ(moves_of(g, text), Texts{"g1xe3xc5"}) << shown(g, g.parse(text));
  // Taking f2 and the top of d4 gives the composition above (hand check).
  EXPECT_EQ(this->after(g, text, "g1xe3xc5"), "9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0");
}

TYPED_TEST_P(EmergoExamples, Seed000Opening) {
  const auto& g = this->game9();
  const Texts line = split_moves("d6 d2 c5 e1 i7 i3 g5 h4 e3 d2xf4xh6 i7xg5 h4xf6 h6xf4");
  auto p = g.start();
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto moves = moves_of(g, p);
    ASSERT_TRUE(std::find(moves.begin(), moves.end(), line[i]) != moves.end())
        << "move " << i + 1 << " " << line[i] << shown(g, p);
    if (i >= 9) {  // every move after e3 is forced
      EXPECT_EQ(moves, Texts{line[i]}) << "move " << i + 1 << " is forced" << shown(g, p);
    }
    p = g.play(p, g.parse_move(p, line[i]));
  }
  EXPECT_EQ(g.format(p), "9/9/9/3W1(WB)3/2W6/5(BWW)3/8B/9/4B4 b 7 8") << g.diagram(p);
}

REGISTER_TYPED_TEST_SUITE_P(EmergoExamples, StartPerft, StartPerft7x7,
                            MindSportsCompositionClockwiseOnly, RuleDiagramBlackTakesTwo,
                            Seed000Opening);

}  // namespace arb::test::emergo_examples
