// Engine Ecalper: the variants C4 replace=any|last-added and C7 players=3
// (RULES.md). The scenarios that hold for both implementations are written
// once (common/tests/ecalper_variants.h) and instantiated here; below, the
// deep counts only this engine reaches (count_subtree: millions of moves a
// turn), against closed forms derived from the clauses, never pasted from this
// engine's output.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>

#include "common/tests/ecalper_variants.h"
#include "engine/ecalper/ecalper.h"
#include "engine/ecalper/tests/test_util.h"
#include "perft/count/perft.h"

namespace arb::test::ecalper_variants {
INSTANTIATE_TYPED_TEST_SUITE_P(Engine, EcalperVariants, ::testing::Types<engine::ecalper::Ecalper>);
}  // namespace arb::test::ecalper_variants

namespace {

using arb::engine::ecalper::Ecalper;

using arb::engine::ecalper_test::choose;
using arb::engine::ecalper_test::hexhex;
using arb::engine::ecalper_test::make;

// ------------------------------------------------------------------ C7

// Deep three-player counts against a closed form derived from the
// clauses, not from either implementation. With three players (C7) every turn
// places 5 stones (C2, C7) on the E empty cells: C(E, 5) ways whatever came
// before, and a replacement (C4) turns a stone into the mover's colour, so E
// falls by 5 a turn. How many replacements a turn has depends on the path only
// through the stone counts per colour (b, w, r):
//   replace=any: any stone of either other player (C7), except the one the
//     previous player's replacement made (always the previous player's colour;
//     from the third turn on);
//   replace=last-added: one of the 5 stones the previous player just placed,
//     all still there (the turn in between is the previous player's own).
// The game ends before Black's turn when fewer than 15 cells are empty (C5).
// So perft(d) is a sum over (b, w, r) of paths weighted by the replacement
// choices, times the product of the C(E, 5) factors: a recurrence over three
// counts that the test walks below, in 128 bits with every overflow reported.
struct StoneCounts {
  std::array<int, 3> stones{};  // b, w, r
  int mover = 0;                // 0 black, 1 white, 2 red
  bool excluded = false;        // the previous replacement's stone exists
  bool operator<(const StoneCounts& o) const {
    return std::tie(stones, mover, excluded) < std::tie(o.stones, o.mover, o.excluded);
  }
};

// perft(depth) from `start` on a board of `cells`; nullopt when a term passes
// 128 bits (the tool must then report an overflow).
std::optional<arb::Count> closed_form_3p(int cells, StoneCounts start, int depth, bool any) {
  using Wide = arb::Count;
  std::map<StoneCounts, Wide> paths{{start, 1}};
  Wide placements = 1;  // the product of the C(E, 5), the same on every path
  for (int ply = 0; ply < depth; ++ply) {
    std::map<StoneCounts, Wide> next;
    int on_board = 0;
    for (int c : paths.begin()->first.stones) on_board += c;
    const int empty = cells - on_board;
    if (paths.begin()->first.mover == 0 && on_board > 0 && empty < 15) return 0;  // C5
    Wide ways = 0;
    if (__builtin_mul_overflow(placements, static_cast<Wide>(choose(empty, 5)), &ways))
      return std::nullopt;
    placements = ways;
    for (const auto& entry : paths) {
      // Named, not a structured binding: clang 14 (the ASan build) cannot
      // capture a binding in a lambda.
      const StoneCounts& s = entry.first;
      const Wide n = entry.second;
      const int prev = (s.mover + 2) % 3;
      const auto add = [&](int victim, int choices) {
        if (choices <= 0) return;
        StoneCounts t = s;
        if (victim >= 0) --t.stones[victim], ++t.stones[s.mover];
        t.stones[s.mover] += 5;
        t.mover = (s.mover + 1) % 3;
        t.excluded = victim >= 0;
        Wide w = 0;
        if (__builtin_mul_overflow(n, static_cast<Wide>(choices), &w))
          throw std::overflow_error("");
        next[t] += w;
      };
      if (on_board == 0) {
        add(-1, 1);  // Black's first turn: placements only
      } else if (!any) {
        add(prev, 5);
      } else {
        for (int o = 0; o < 3; ++o)
          if (o != s.mover) add(o, s.stones[o] - (s.excluded && o == prev ? 1 : 0));
      }
    }
    paths = std::move(next);
  }
  Wide total = 0, sum = 0;
  for (const auto& [s, n] : paths) sum += n;
  if (__builtin_mul_overflow(sum, placements, &total)) return std::nullopt;
  return total;
}

TEST(EcalperEngineVariants, C7_ThreePlayersDeepCountsMatchTheClosedForm) {
  for (const char* rule : {"any", "last-added"}) {
    const bool any = std::string(rule) == "any";
    for (int n : {5, 6}) {
      const auto g = make("ecalper:players=3,size=" + std::to_string(n) + ",replace=" + rule);
      const int cells = static_cast<int>(hexhex(static_cast<std::uint64_t>(n)));
      bool overflowed = false;
      for (int d = 1; d <= 7 && !overflowed; ++d) {
        const auto expected = closed_form_3p(cells, {}, d, any);
        if (!expected) {  // P4: an overflow is an error, never a wrap
          EXPECT_THROW(arb::perft(g, g.start(), d), arb::Error)
              << rule << " size " << n << " D" << d;
          overflowed = true;
          continue;
        }
        EXPECT_EQ(arb::perft(g, g.start(), d), *expected) << rule << " size " << n << " D" << d;
      }
      EXPECT_TRUE(overflowed) << "the walk must reach a count above 2^128";
    }
    // The end (C5): from the position before Black's fourth turn (16 empty),
    // three turns remain, then fewer than 15 cells are empty before Black.
    const auto g = make(std::string("ecalper:players=3,size=5,replace=") + rule);
    auto pos = g.start();
    for (int t = 0; t < 9; ++t) pos = g.play(pos, *g.legal_moves(pos).begin());
    const std::string text = g.format(pos);
    StoneCounts s;
    for (char c : text.substr(0, text.find(' ')))
      if (c == 'B' || c == 'W' || c == 'R') ++s.stones[c == 'B' ? 0 : c == 'W' ? 1 : 2];
    s.excluded = text.substr(text.rfind(' ') + 1, 1) != "-";  // <last> has a replaced cell
    ASSERT_EQ(s.stones[0] + s.stones[1] + s.stones[2], 45) << text;
    ASSERT_EQ(g.to_move(pos), 0);
    for (int d = 0; d <= 5; ++d) {
      const auto expected = closed_form_3p(61, s, d, any);
      ASSERT_TRUE(expected.has_value());
      EXPECT_EQ(arb::perft(g, pos, d), *expected) << rule << " D" << d << " from " << text;
      EXPECT_EQ(*expected > 0, d <= 3) << "D" << d;  // three turns, then the end
    }
  }
}

// The start counts of every size are in the shared suite.
TEST(EcalperEngineVariants, C7_ThreePlayersPerft2FromTheStart) {
  // perft(2), size 5: C(61,5) first turns, then White replaces one of Black's
  // 5 stones (both rules) and places 5 of 56: 5*C(56,5).
  for (const char* rule : {"any", "last-added"}) {
    const auto g5 = make(std::string("ecalper:players=3,size=5,replace=") + rule);
    EXPECT_EQ(arb::perft(g5, g5.start(), 2), choose(61, 5) * 5 * choose(56, 5)) << rule;
  }
}

}  // namespace
