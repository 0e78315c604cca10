// Engine tests of the Ecalper variants: C4 replace=any|last-added and C7
// players=3 (RULES.md). Expected counts are derived by hand from binomials
// (derivations in the comments) or from a closed form of the clauses; never
// pasted from this engine's output.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>

#include "engine/ecalper/ecalper.h"
#include "engine/ecalper/tests/test_util.h"
#include "perft/count/perft.h"

namespace {

using arb::engine::ecalper::Ecalper;

using arb::engine::ecalper_test::after;
using arb::engine::ecalper_test::choose;
using arb::engine::ecalper_test::hexhex;
using arb::engine::ecalper_test::make;

// ------------------------------------------------------------------ C4

TEST(EcalperVariants, C4_ReplaceLastAddedOnly) {
  const auto g = make("ecalper:replace=last-added");
  auto pos = after(g, "A1+B1+C1 xA1+A2+B2+C2");
  EXPECT_EQ(g.count_moves(pos), 3 * choose(121, 3));
  EXPECT_THROW(g.parse_move(pos, "xA1+D1+E1+F1"), arb::Error) << g.diagram(pos);
  pos = g.play(pos, g.parse_move(pos, "xA2+D1+E1+F1"));
  // Only D1, E1, F1 (Black's placed stones), not A2 (replaced) nor B1, C1 (older).
  EXPECT_EQ(g.count_moves(pos), 3 * choose(118, 3)) << g.diagram(pos);
  EXPECT_THROW(g.parse_move(pos, "xA2+G1+A3+B3"), arb::Error);
  EXPECT_THROW(g.parse_move(pos, "xB1+G1+A3+B3"), arb::Error);
  EXPECT_NO_THROW(g.parse_move(pos, "xE1+G1+A3+B3"));
}

// Size 5 after B, W: 55 empty, Black to move. Black: 3 replaceable (both
// rules) * C(55,3). Then White: any -> Black's 6 stones minus the one Black
// just made = 5; last-added -> 3; times C(52,3).
TEST(EcalperVariants, C4_Perft2AfterTwoTurnsSize5) {
  for (const char* rule : {"any", "last-added"}) {
    const auto g = make(std::string("ecalper:size=5,replace=") + rule);
    const auto pos = after(g, "A1+B1+C1 xA1+A2+B2+C2");
    const std::uint64_t white = std::string(rule) == "any" ? 5 : 3;
    EXPECT_EQ(arb::perft(g, pos, 2), 3 * choose(55, 3) * white * choose(52, 3)) << rule;
  }
}

// ------------------------------------------------------------------ C5

const char* kBeforeRed =
    "BBBBB/BBBBBB/BBBBBBB/BBB5/RRRRRRRRR/RRRRRWWW/WWWWWWW/WWWWWW/1WWWW r - G6:H6,I6,C7,D7,E7";

TEST(EcalperVariants, C5_ThreePlayersEndBeforeBlackBelow15Empty) {
  // Size 5, 3 players: Black's turns start with 61, 46, 31, 16 empty cells;
  // after 12 turns 1 cell is empty (< 15), so the game ends before Black.
  // Here 11 turns are played (55 stones, 6 empty); White's last turn replaced
  // G6 and placed H6, I6, C7, D7, E7.

  for (const char* rule : {"any", "last-added"}) {
    const bool any = std::string(rule) == "any";
    const auto g = make(std::string("ecalper:size=5,players=3,replace=") + rule);
    auto pos = g.parse(kBeforeRed);
    EXPECT_EQ(g.format(pos), kBeforeRed);
    EXPECT_EQ(g.to_move(pos), 2);
    // Red places 5 of 6 empty cells: C(6,5) = 6 ways, after replacing any of
    // 21 B + 20 W stones but G6 (40), or one of White's 5 placed stones.
    EXPECT_EQ(g.count_moves(pos), (any ? 40u : 5u) * 6u) << g.diagram(pos);
    if (!any) {
      EXPECT_THROW(g.parse_move(pos, "xC4+D4+E4+F4+G4+H4"), arb::Error);
    }
    const auto end =
        g.play(pos, g.parse_move(pos, any ? "xC4+D4+E4+F4+G4+H4" : "xH6+D4+E4+F4+G4+H4"));
    EXPECT_EQ(g.to_move(end), 0);
    EXPECT_TRUE(g.outcome(end).finished) << g.diagram(end);
    EXPECT_EQ(g.count_moves(end), 0u);
    EXPECT_TRUE(g.legal_moves(end).empty());
    EXPECT_EQ(arb::perft(g, pos, 2), 0u);
  }
}

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

TEST(EcalperVariants, C7_ThreePlayersDeepCountsMatchTheClosedForm) {
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

TEST(EcalperVariants, C7_ThreePlayersStartAndCounts) {
  for (int n : {5, 6, 7, 8}) {
    const auto g = make("ecalper:players=3,size=" + std::to_string(n));
    EXPECT_EQ(g.players(), "bwr");
    // Black's first turn places 5 (C7): C(N,5).
    EXPECT_EQ(g.count_moves(g.start()), choose(hexhex(static_cast<std::uint64_t>(n)), 5)) << n;
  }
  // perft(2), size 5: C(61,5) first turns, then White replaces one of Black's
  // 5 stones (both rules) and places 5 of 56: 5*C(56,5).
  for (const char* rule : {"any", "last-added"}) {
    const auto g5 = make(std::string("ecalper:players=3,size=5,replace=") + rule);
    EXPECT_EQ(arb::perft(g5, g5.start(), 2), choose(61, 5) * 5 * choose(56, 5)) << rule;
  }
}

TEST(EcalperVariants, C7_ThreePlayersReplaceEitherOpponent) {
  const auto any = make("ecalper:players=3");
  const auto last = make("ecalper:players=3,replace=last-added");
  const std::string line = "A1+B1+C1+D1+E1 xA1+A2+B2+C2+D2+E2";
  const auto pa = after(any, line);
  const auto pl = after(last, line);
  EXPECT_EQ(any.format(pa), "WBBBB2/WWWWW3/9/10/11/12/13/12/11/10/9/8/7 r - A1:A2,B2,C2,D2,E2");
  EXPECT_EQ(any.to_move(pa), 2);
  // Red, any: 4 Black + 6 White stones but A1 (White's replacement) = 9;
  // last-added: White's 5 placed stones; 117 empty cells.
  EXPECT_EQ(any.count_moves(pa), 9 * choose(117, 5)) << any.diagram(pa);
  EXPECT_EQ(last.count_moves(pl), 5 * choose(117, 5)) << last.diagram(pl);
  const std::string place = "+F1+G1+F2+G2+H2";
  EXPECT_NO_THROW(any.parse_move(pa, "xB1" + place));  // Black's stone
  EXPECT_NO_THROW(any.parse_move(pa, "xA2" + place));  // White's stone
  EXPECT_THROW(any.parse_move(pa, "xA1" + place), arb::Error);
  EXPECT_THROW(last.parse_move(pl, "xB1" + place), arb::Error);
  EXPECT_THROW(last.parse_move(pl, "xA1" + place), arb::Error);
  EXPECT_NO_THROW(last.parse_move(pl, "xE2" + place));
  EXPECT_THROW(any.parse_move(pa, "xB1+F1+G1+F2+G2"), arb::Error);  // 4 placed, 5 needed
  // Black's second turn: Red's and White's stones, not his own.
  const auto pb = any.play(pa, any.parse_move(pa, "xB1" + place));
  EXPECT_EQ(any.to_move(pb), 0);
  EXPECT_NO_THROW(any.parse_move(pb, "xF1+A3+B3+C3+D3+E3"));           // Red
  EXPECT_NO_THROW(any.parse_move(pb, "xA2+A3+B3+C3+D3+E3"));           // White
  EXPECT_THROW(any.parse_move(pb, "xB1+A3+B3+C3+D3+E3"), arb::Error);  // Red's replacement
  EXPECT_THROW(any.parse_move(pb, "xC1+A3+B3+C3+D3+E3"), arb::Error);  // own
  // Black has C1, D1, E1; White A1, A2..E2 = 6; Red B1 + 5 placed = 6;
  // all the others' stones but B1 (Red's replacement): 11; 127 - 15 empty.
  EXPECT_EQ(any.count_moves(pb), 11 * choose(112, 5)) << any.diagram(pb);
}

}  // namespace
