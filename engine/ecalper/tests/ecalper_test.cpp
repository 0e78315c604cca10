// Engine Ecalper: one test group per clause of RULES.md (C1-C7). Expected
// counts are derived by hand from binomials (derivations in the comments) or
// given in RULES.md; never pasted from this engine's output.
#include "engine/ecalper/ecalper.h"

#include <gtest/gtest.h>

#include <array>
#include <iterator>
#include <map>
#include <optional>
#include <random>
#include <ranges>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "common/tests/digit_runs.h"
#include "common/tests/notation_rules.h"
#include "perft/fixture.h"
#include "perft/perft.h"

namespace {

using arb::engine::ecalper::Ecalper;

Ecalper make(const std::string& spec) { return Ecalper(arb::Spec::parse(spec)); }

// C(n, k) computed here, independently of the engine's table.
std::uint64_t choose(std::uint64_t n, std::uint64_t k) {
  std::uint64_t r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

Ecalper::Position after(const Ecalper& g, const std::string& moves) {
  return arb::play_moves(g, g.start(), arb::split_moves(moves));
}

std::uint64_t hexhex(std::uint64_t n) { return 3 * n * (n - 1) + 1; }

// ------------------------------------------------------------------ C1

TEST(EcalperRules, C1_CellCountsPerSize) {
  for (int n : {5, 6, 7, 8}) {
    const auto g = make("ecalper:size=" + std::to_string(n));
    EXPECT_EQ(static_cast<std::uint64_t>(g.geometry().cells),
              hexhex(static_cast<std::uint64_t>(n)));
  }
  EXPECT_EQ(make("ecalper:size=5").geometry().cells, 61);
  EXPECT_EQ(make("ecalper:size=6").geometry().cells, 91);
  EXPECT_EQ(make("ecalper").geometry().cells, 127);
  EXPECT_EQ(make("ecalper:size=8").geometry().cells, 169);
}

TEST(EcalperRules, C1_RowsAndNamesSize7) {
  const auto g = make("ecalper");
  const auto& geo = g.geometry();
  // Row 1 holds A..G, the middle row A..M, the last row G..M.
  EXPECT_EQ(geo.name(geo.row_start[0]), "A1");
  EXPECT_EQ(geo.name(geo.row_start[0] + geo.row_len[0] - 1), "G1");
  EXPECT_EQ(geo.name(geo.row_start[6]), "A7");
  EXPECT_EQ(geo.name(geo.row_start[6] + geo.row_len[6] - 1), "M7");
  EXPECT_EQ(geo.name(geo.row_start[12]), "G13");
  EXPECT_EQ(geo.name(geo.cells - 1), "M13");
  EXPECT_EQ(geo.index(7, 0), -1);   // H1 does not exist
  EXPECT_EQ(geo.index(0, 7), -1);   // A8 does not exist
  EXPECT_EQ(geo.index(5, 12), -1);  // F13 does not exist
  // The start text: rows of 7, 8, ..., 13, ..., 7 empty cells.
  EXPECT_EQ(g.format(g.start()), "7/8/9/10/11/12/13/12/11/10/9/8/7 b - -:-");
}

std::set<std::string> neighbour_names(const Ecalper& g, const std::string& cell) {
  const auto& geo = g.geometry();
  const auto pos = g.start();
  int index = -1;
  for (int i = 0; i < geo.cells; ++i)
    if (geo.name(i) == cell) index = i;
  EXPECT_GE(index, 0) << cell;
  std::set<std::string> out;
  geo.neighbours[static_cast<std::size_t>(index)].for_each([&](int c) { out.insert(geo.name(c)); });
  (void)pos;
  return out;
}

TEST(EcalperRules, C1_Neighbours) {
  const auto g = make("ecalper");
  // (q±1, r), (q, r±1), (q+1, r+1), (q-1, r-1).
  EXPECT_EQ(neighbour_names(g, "G7"), (std::set<std::string>{"F7", "H7", "G6", "G8", "H8", "F6"}));
  EXPECT_EQ(neighbour_names(g, "A1"), (std::set<std::string>{"B1", "A2", "B2"}));
  EXPECT_EQ(neighbour_names(g, "G1"), (std::set<std::string>{"F1", "G2", "H2"}));
  EXPECT_EQ(neighbour_names(g, "A7"), (std::set<std::string>{"A6", "B7", "B8"}));
  EXPECT_EQ(neighbour_names(g, "M13"), (std::set<std::string>{"L13", "M12", "L12"}));
  EXPECT_EQ(neighbour_names(g, "D1"), (std::set<std::string>{"C1", "E1", "D2", "E2"}));
  // Per size: 6 corners with 3 neighbours, 6(n-2) edge cells with 4, and the
  // inner hexagon of side n-1, 3(n-1)(n-2)+1 cells, with 6; symmetric relation.
  for (int n : {5, 6, 7, 8}) {
    const auto gn = make("ecalper:size=" + std::to_string(n));
    const auto& geo = gn.geometry();
    int by_degree[7] = {};
    for (int i = 0; i < geo.cells; ++i) {
      const auto& nb = geo.neighbours[static_cast<std::size_t>(i)];
      ++by_degree[nb.count()];
      nb.for_each([&](int j) { EXPECT_TRUE(geo.neighbours[static_cast<std::size_t>(j)].test(i)); });
    }
    EXPECT_EQ(by_degree[3], 6) << n;
    EXPECT_EQ(by_degree[4], 6 * (n - 2)) << n;
    EXPECT_EQ(by_degree[6], 3 * (n - 1) * (n - 2) + 1) << n;
  }
}

// ------------------------------------------------------------------ C2

TEST(EcalperRules, C2_BlackFirstPlacesThree) {
  const auto g = make("ecalper");
  const auto pos = g.start();
  EXPECT_EQ(g.to_move(pos), 0);
  EXPECT_EQ(g.players(), "bw");
  // RULES.md: perft(1) = C(127,3) = 333375.
  EXPECT_EQ(g.count_moves(pos), 333375u);
  EXPECT_EQ(g.legal_moves(pos).size(), 333375u);
  EXPECT_EQ(arb::perft(g, pos, 1), choose(127, 3));
  const auto next = g.play(pos, g.parse_move(pos, "C3+D4+E5"));
  EXPECT_EQ(g.format(next), "7/8/2B6/3B6/4B6/12/13/12/11/10/9/8/7 w s -:C3,D4,E5")
      << g.diagram(next);
  // RULES.md: White then has 3*C(124,3) + 1 = 930373 moves (the +1 is swap).
  EXPECT_EQ(g.count_moves(next), 930373u);
  EXPECT_EQ(g.legal_moves(next).size(), 930373u);
}

TEST(EcalperRules, C2_FirstTurnRejections) {
  const auto g = make("ecalper");
  const auto pos = g.start();
  for (const char* bad : {"C3+D4", "C3+D4+E5+F6", "D4+C3+E5", "C3+C3+E5", "xC3+D4+E5+F6", "swap",
                          "C3+D4+Z5", "C3+D4+H1", "C03+D4+E5", "c3+D4+E5", "", "C3+D4+E5+"})
    EXPECT_THROW(g.parse_move(pos, bad), arb::Error) << bad;
}

// perft(2) from the start = C(N,3) * (3*C(N-3,3) + 1): every Black placement
// leaves N-3 empty cells and 3 Black stones, each replaceable under both
// rules (no replacement yet, and all three were placed), plus `swap`.
TEST(EcalperRules, C2_Perft2FromStartEverySizeBothRules) {
  for (int n : {5, 6, 7, 8}) {
    const std::uint64_t cells = hexhex(static_cast<std::uint64_t>(n));
    const std::uint64_t expected = choose(cells, 3) * (3 * choose(cells - 3, 3) + 1);
    for (const char* rule : {"any", "last-added"}) {
      const auto g = make("ecalper:size=" + std::to_string(n) + ",replace=" + rule);
      EXPECT_EQ(arb::perft(g, g.start(), 2), expected) << n << " " << rule;
    }
  }
  // Size 7: 333375 * 930373.
  EXPECT_EQ(arb::perft(make("ecalper"), make("ecalper").start(), 2), 333375ull * 930373ull);
}

// ------------------------------------------------------------------ C3

TEST(EcalperRules, C3_Swap) {
  const auto g = make("ecalper");
  const auto pos = after(g, "C3+D4+E5");
  const auto swapped = g.play(pos, g.parse_move(pos, "swap"));
  // Colour terms: board and <last> unchanged, White still to move, option gone.
  EXPECT_EQ(g.format(swapped), "7/8/2B6/3B6/4B6/12/13/12/11/10/9/8/7 w - -:C3,D4,E5")
      << g.diagram(swapped);
  EXPECT_EQ(g.to_move(swapped), 1);
  EXPECT_EQ(g.count_moves(swapped), 3 * choose(124, 3));
  EXPECT_THROW(g.parse_move(swapped, "swap"), arb::Error);
  // Swap is only White's first turn: gone after White's normal reply.
  const auto later = g.play(pos, g.parse_move(pos, "xC3+A1+B1+C1"));
  EXPECT_THROW(g.parse_move(later, "swap"), arb::Error) << g.diagram(later);
  EXPECT_EQ(g.format(later).substr(g.format(later).size() - 15), "b - C3:A1,B1,C1");
  // No swap with three players (C7).
  const auto g3 = make("ecalper:players=3");
  const auto p3 = after(g3, "A1+B1+C1+D1+E1");
  EXPECT_THROW(g3.parse_move(p3, "swap"), arb::Error);
  EXPECT_EQ(g3.count_moves(p3), 5 * choose(122, 5));
}

// ------------------------------------------------------------------ C4

TEST(EcalperRules, C4_ReplaceAnyExceptLastReplacement) {
  const auto g = make("ecalper");
  // Black A1,B1,C1; White takes A1 and places A2,B2,C2.
  auto pos = after(g, "A1+B1+C1 xA1+A2+B2+C2");
  EXPECT_EQ(g.format(pos), "WBB4/WWW5/9/10/11/12/13/12/11/10/9/8/7 b - A1:A2,B2,C2");
  // Black may replace any White stone but A1 (made by White's replacement): 3.
  EXPECT_EQ(g.count_moves(pos), 3 * choose(121, 3));
  EXPECT_THROW(g.parse_move(pos, "xA1+D1+E1+F1"), arb::Error) << g.diagram(pos);
  pos = g.play(pos, g.parse_move(pos, "xA2+D1+E1+F1"));
  // White: Black has B1,C1,D1,E1,F1 and A2 (Black's replacement): 5 replaceable.
  EXPECT_EQ(g.count_moves(pos), 5 * choose(118, 3)) << g.diagram(pos);
  EXPECT_THROW(g.parse_move(pos, "xA2+G1+A3+B3"), arb::Error);
  EXPECT_NO_THROW(g.parse_move(pos, "xB1+G1+A3+B3"));
  EXPECT_THROW(g.parse_move(pos, "xA1+G1+A3+B3"), arb::Error);  // own stone
  EXPECT_THROW(g.parse_move(pos, "xG1+A3+B3+C3"), arb::Error);  // empty cell
  EXPECT_THROW(g.parse_move(pos, "xB1+B1+A3+B3"), arb::Error);  // place on the replaced cell
  EXPECT_THROW(g.parse_move(pos, "xB1+A3+B3"), arb::Error);
  EXPECT_THROW(g.parse_move(pos, "G1+A3+B3"), arb::Error);
}

TEST(EcalperRules, C4_ReplaceLastAddedOnly) {
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
TEST(EcalperRules, C4_Perft2AfterTwoTurnsSize5) {
  for (const char* rule : {"any", "last-added"}) {
    const auto g = make(std::string("ecalper:size=5,replace=") + rule);
    const auto pos = after(g, "A1+B1+C1 xA1+A2+B2+C2");
    const std::uint64_t white = std::string(rule) == "any" ? 5 : 3;
    EXPECT_EQ(arb::perft(g, pos, 2), 3 * choose(55, 3) * white * choose(52, 3)) << rule;
  }
}

// ------------------------------------------------------------------ C5

// Size 5, 19 turns played: 30 B, 27 W, 4 empty (E5, G9, H9, I9).
// Black's last turn replaced A1 and placed A2, B2, C2.
const char* kLateWhite =
    "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBB1WWWW/WWWWWWWW/WWWWWWW/WWWWWW/WW3 w - A1:A2,B2,C2";

TEST(EcalperRules, C5_FinalTurnIsReplacementOnly) {
  for (const char* rule : {"any", "last-added"}) {
    const bool any = std::string(rule) == "any";
    const auto g = make(std::string("ecalper:size=5,replace=") + rule);
    const auto pos = g.parse(kLateWhite);
    // White: any -> 30 Black stones but A1 = 29; last-added -> 3; C(4,3) = 4 each.
    EXPECT_EQ(g.count_moves(pos), (any ? 29u : 3u) * 4u) << g.diagram(pos);
    const auto black = g.play(pos, g.parse_move(pos, "xA2+E5+G9+H9"));
    EXPECT_EQ(
        g.format(black),
        "BBBBB/WBBBBB/BBBBBBB/BBBBBBBB/BBBBWWWWW/WWWWWWWW/WWWWWWW/WWWWWW/WWWW1 b - A2:E5,G9,H9");
    // Black, 1 empty cell (C5): replacement only. White has 31 stones: any ->
    // all but A2 = 30; last-added -> E5, G9, H9 = 3.
    EXPECT_EQ(g.count_moves(black), any ? 30u : 3u) << g.diagram(black);
    EXPECT_THROW(g.parse_move(black, "xE5+I9"), arb::Error);
    EXPECT_THROW(g.parse_move(black, "I9"), arb::Error);
    const auto end = g.play(black, g.parse_move(black, "xG9"));
    EXPECT_EQ(g.format(end),
              "BBBBB/WBBBBB/BBBBBBB/BBBBBBBB/BBBBWWWWW/WWWWWWWW/WWWWWWW/WWWWWW/WWBW1 w - G9:-");
    EXPECT_EQ(g.count_moves(end), 0u) << g.diagram(end);
    EXPECT_TRUE(g.legal_moves(end).empty());
    EXPECT_TRUE(g.outcome(end).finished);
    EXPECT_THROW(g.parse_move(end, "xA1"), arb::Error);
    // perft: White's moves times Black's final ones; nothing after that.
    EXPECT_EQ(arb::perft(g, pos, 2), any ? 116u * 30u : 12u * 3u);
    EXPECT_EQ(arb::perft(g, pos, 3), 0u);
    EXPECT_FALSE(g.outcome(pos).finished);
    EXPECT_FALSE(g.outcome(black).finished);
  }
}

const char* kBeforeRed =
    "BBBBB/BBBBBB/BBBBBBB/BBB5/RRRRRRRRR/RRRRRWWW/WWWWWWW/WWWWWW/1WWWW r - G6:H6,I6,C7,D7,E7";

TEST(EcalperRules, C5_ThreePlayersEndBeforeBlackBelow15Empty) {
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

// Issue 29: deep three-player counts against a closed form derived from the
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

TEST(EcalperRules, C7_ThreePlayersDeepCountsMatchTheClosedForm) {
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

// ------------------------------------------------------------------ C6

struct ResultCase {
  const char* spec;
  const char* text;
  arb::Outcome expected;
  const char* why;
};

TEST(EcalperRules, C6_ResultTieBreaks) {
  const ResultCase cases[] = {
      {"ecalper:size=5",
       "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBB1WWWW/WWWWWWWW/WWWWWWW/WWWWWW/WWWWW w - A1:-",
       arb::Outcome::draw(3), "B one group of 30, W one group of 30: draw"},
      {"ecalper:size=5",
       "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBWWWWWW/WWWWWWWW/WWWWWWW/WWWWWW/1WBWW w - A1:-",
       arb::Outcome::win(1), "B 29+1, W 30: W has the largest group"},
      {"ecalper:size=5",
       "BBWWB/BBBBBB/BBBBBBB/BBBBBBBB/BBBB1WWWW/WWWWWWWW/WWWBWWW/WWWWWW/WWBWW w - A1:-",
       arb::Outcome::win(1), "B 28+1+1, W 28+2: equal largest, W has fewer groups"},
      {"ecalper:size=5",
       "WWBBW/WWWWWW/WWWWWWW/WWWWWWWW/WWWW1BBBB/BBBBBBBB/BBBWBBB/BBBBBB/BBWBB w - B6:-",
       arb::Outcome::win(0), "colours mirrored: B has fewer groups"},
      {"ecalper:size=5,players=3",
       "BBBBB/BBBBBB/BBBBBBB/BBRRRRRR/RRRRRRRRR/RRRRRWWW/WWWWWWW/WWWWWW/1WWWW b - "
       "C4:D4,E4,F4,G4,H4",
       arb::Outcome::draw(7), "three groups of 20: draw among all"},
      {"ecalper:size=5,players=3",
       "BBWBB/BBBBBB/BBBBBBB/BBBRRRRR/RRRRRRRRR/RRRRRRWW/WWWWWWW/WWWWWW/1WWWW b - "
       "D4:E4,F4,G4,H4,A5",
       arb::Outcome::draw(5), "B 20, R 20, W 19+1: draw between b and r"},
      {"ecalper:size=5,players=3",
       "BBBBB/BBBBBB/BBBBBBB/BRRRRRRR/RRRRRRRRR/RRRRRWWW/WWWWWWW/WWWWWW/1WWBW b - "
       "B4:C4,D4,E4,F4,G4",
       arb::Outcome::win(2), "B 19+1, W 19, R 21: Red"},
  };
  for (const auto& c : cases) {
    const auto g = make(c.spec);
    const auto pos = g.parse(c.text);
    EXPECT_EQ(g.format(pos), c.text);
    EXPECT_EQ(g.count_moves(pos), 0u) << g.diagram(pos);
    EXPECT_EQ(g.outcome(pos), c.expected)
        << c.why << ": got " << arb::to_string(g.outcome(pos), g.players()) << "\n"
        << g.diagram(pos);
  }
}

// ------------------------------------------------------------------ C7

TEST(EcalperRules, C7_ThreePlayersStartAndCounts) {
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

TEST(EcalperRules, C7_ThreePlayersReplaceEitherOpponent) {
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

// ------------------------------------------------------------------ notation

TEST(EcalperNotation, RoundTripAlongALine) {
  const auto g = make("ecalper:size=5");
  auto pos = g.start();
  const std::vector<std::string> moves = {"A1+B1+C1", "swap", "xA1+A2+B2+C2", "xB2+D1+E1+C2"};
  for (const auto& m : moves) {
    ASSERT_EQ(g.parse(g.format(pos)), pos) << g.format(pos);
    if (m == "xB2+D1+E1+C2") {  // placed cells out of order: non-canonical
      EXPECT_THROW(g.parse_move(pos, m), arb::Error) << g.diagram(pos);
      break;
    }
    const auto move = g.parse_move(pos, m);
    EXPECT_EQ(g.move_text(pos, move), m);
    pos = g.play(pos, move);
  }
  EXPECT_EQ(g.format(pos), "WBB2/WWW3/7/8/9/8/7/6/5 b - A1:A2,B2,C2");
}

TEST(EcalperNotation, ParseRejections) {
  const auto g = make("ecalper:size=5");
  const auto g3 = make("ecalper:size=5,players=3");
  const char* bad2[] = {
      "5/6/7/8/9/8/7/6 b - -:-",                     // 8 rows
      "5/6/7/8/9/8/7/6/5/1 b - -:-",                 // 10 rows
      "5/6/7/8/9/8/7/6/4 b - -:-",                   // short row
      "5/6/7/8/9/8/7/6/6 b - -:-",                   // long row
      "5/6/7/8/9/8/7/6/05 b - -:-",                  // leading zero
      "5/6/7/8/9/8/7/6/X4 b - -:-",                  // bad character
      "5/6/7/8/9/8/7/6/R4 b - -:-",                  // Red with two players
      "5/6/7/8/9/8/7/6/5 r - -:-",                   // side r with two players
      "5/6/7/8/9/8/7/6/5 w - -:-",                   // Black moves first
      "5/6/7/8/9/8/7/6/5 b s -:-",                   // swap at the start
      "5/6/7/8/9/8/7/6/5  b - -:-",                  // two spaces
      "5/6/7/8/9/8/7/6/5 b - -:- ",                  // trailing space
      "5/6/7/8/9/8/7/6/5 b -",                       // missing field
      "5/6/7/8/9/8/7/6/5 b - -",                     // no ':'
      "B4/6/7/8/9/8/7/6/5 b - -:-",                  // stones but no turn played
      "BBB2/6/7/8/9/8/7/6/5 w s -:B1,A1,C1",         // unsorted last
      "BBB2/6/7/8/9/8/7/6/5 w s -:A1,B1",            // 2 placed
      "BBB2/6/7/8/9/8/7/6/5 w s -:A1,B1,D1",         // D1 is empty
      "BBB2/6/7/8/9/8/7/6/5 b - -:A1,B1,C1",         // White to move after one turn
      "BBB2/6/7/8/9/8/7/6/5 w s A2:A1,B1,C1",        // first turn replaced nothing
      "WBB2/WWW3/7/8/9/8/7/6/5 b s A1:A2,B2,C2",     // swap flag for Black
      "WWB2/WWW3/7/8/9/8/7/6/5 b - A1:A2,B2,C2",     // 1 B, 5 W: counts of turn 2 are 2 and 4
      "WBB2/WWW3/7/8/9/8/7/6/5 b - B1:A2,B2,C2",     // replaced cell is Black's
      "WBB2/WWW3/7/8/9/8/7/6/5 b - A1:A2,B2,J2",     // no such cell
      "WBB2/WWW3/7/8/9/8/7/6/5 b - A1:A2,B2,C2,D2",  // 4 placed
      "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBB1WWWW/WWWWWWWW/WWWWWWW/WWWWWW/WWWWW b - A1:-",  // final
                                                                                         // turn
                                                                                         // then
                                                                                         // Black
  };
  for (const char* text : bad2) EXPECT_THROW(g.parse(text), arb::Error) << text;
  const char* bad3[] = {
      "5/6/7/8/9/8/7/6/5 b s -:-",                   // no swap with three players
      "BBB2/6/7/8/9/8/7/6/5 w - -:A1,B1,C1",         // 3 placed, 5 needed
      "BBBBB/6/7/8/9/8/7/6/5 r - -:A1,B1,C1,D1,E1",  // White to move after one turn
      "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBBBBBBB/BBBBBBBB/BBBBBBB/BBBBBB/1BBBB w - -:A1,B1,C1,D1,E1",
  };
  for (const char* text : bad3) EXPECT_THROW(g3.parse(text), arb::Error) << text;
  // And the good ones those are variations of.
  EXPECT_NO_THROW(g.parse("BBB2/6/7/8/9/8/7/6/5 w s -:A1,B1,C1"));
  EXPECT_NO_THROW(g.parse("BBB2/6/7/8/9/8/7/6/5 w - -:A1,B1,C1"));
  EXPECT_NO_THROW(g.parse("WBB2/WWW3/7/8/9/8/7/6/5 b - A1:A2,B2,C2"));
  EXPECT_NO_THROW(g3.parse("BBBBB/6/7/8/9/8/7/6/5 w - -:A1,B1,C1,D1,E1"));
  // The error names the field and the character.
  try {
    g.parse("5/6/7/8/9/8/7/6/X4 b - -:-");
  } catch (const arb::Error& e) {
    EXPECT_NE(std::string(e.what()).find("row 9"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("'X'"), std::string::npos) << e.what();
  }
}

// ------------------------------------------------------------------ move list

static_assert(std::random_access_iterator<Ecalper::MoveList::Iterator>);
static_assert(std::ranges::sized_range<Ecalper::MoveList>);

// The lazy range: size == count_moves, unique texts, parse_move inverts
// move_text, and random access (next(begin, k)) agrees with stepping.
void check_move_list(const Ecalper& g, const Ecalper::Position& pos, std::uint64_t stride) {
  const auto list = g.legal_moves(pos);
  ASSERT_EQ(list.size(), g.count_moves(pos)) << g.diagram(pos);
  std::set<std::string> texts;
  std::uint64_t k = 0;
  for (auto it = list.begin(); it != list.end(); ++it, ++k) {
    const auto move = *it;
    const std::string text = g.move_text(pos, move);
    EXPECT_TRUE(texts.insert(text).second) << text;
    if (k % stride == 0) {
      EXPECT_EQ(g.parse_move(pos, text), move) << text;
      EXPECT_EQ(*std::ranges::next(list.begin(), static_cast<std::ptrdiff_t>(k)), move) << k;
      EXPECT_EQ(list.begin()[static_cast<std::ptrdiff_t>(k)], move) << k;
    }
  }
  EXPECT_EQ(k, list.size());
  EXPECT_EQ(list.end() - list.begin(), static_cast<std::ptrdiff_t>(list.size()));
}

TEST(EcalperMoveList, LazyRangeMatchesCountAndTexts) {
  const auto g = make("ecalper:size=5");
  check_move_list(g, g.parse(kLateWhite), 1);
  check_move_list(g, after(g, "A1+B1+C1"), 97);  // 3*C(58,3) + 1 with swap
  check_move_list(g, after(g, "A1+B1+C1 swap"), 89);
  const auto last = make("ecalper:size=5,replace=last-added");
  check_move_list(last, last.parse(kLateWhite), 1);
  const auto g3 = make("ecalper:size=5,players=3");
  check_move_list(g3, g3.parse(kBeforeRed), 1);
  const auto g3l = make("ecalper:size=5,players=3,replace=last-added");
  check_move_list(g3l, g3l.parse(kBeforeRed), 1);
  // The swap move is in the list exactly once, at White's first turn only.
  const auto first = after(g, "A1+B1+C1");
  EXPECT_EQ(
      std::ranges::count_if(g.legal_moves(first), [](const Ecalper::Move& m) { return m.swap; }),
      1);
}

// Issue 16: run lengths (several digits: `12`) and the row numbers of cell
// names (`<last>`, moves) are plain digits without leading zeros; a run that
// overflows and wraps to a valid value (2^32 + 13 for 13) is an error.
TEST(EcalperNotation, NumbersNeverWrapNorTakeLeadingZeros) {
  const auto g5 = make("ecalper:size=5");
  const auto g7 = make("ecalper");
  const auto g3 = make("ecalper:size=5,players=3");
  arb::test::expect_numbers_strict(g7, "7/8/9/10/11/12/13/12/11/10/9/8/7 b - -:-");
  arb::test::expect_numbers_strict(g7, "7/8/2B6/3B6/4B6/12/13/12/11/10/9/8/7 w s -:C3,D4,E5");
  arb::test::expect_numbers_strict(g5, "B4/6/7/8/4B4/8/7/6/4B w s -:A1,E5,I9");
  const std::string late =
      "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBBWWWWW/WWWWWWWW/WWWWWWW/WWWWWW/W4 w - A4:B5,C5,D5";
  arb::test::expect_numbers_strict(g5, late);
  arb::test::expect_numbers_strict(g3, "5/6/7/8/9/8/7/6/5 b - -:-");
  EXPECT_THROW(g7.parse("7/8/9/10/11/12/4294967309/12/11/10/9/8/7 b - -:-"), arb::Error);
  EXPECT_THROW(g7.parse("7/8/2B6/3B6/4B6/12/13/12/11/10/9/8/7 w s -:C4294967299,D4,E5"),
               arb::Error);
  arb::test::expect_move_numbers_strict(g5, late, 40);
}

// ------------------------------------------------------------ count_subtree

// The counting shortcut equals the plain walk wherever the walk is affordable
// (at most `budget` interior nodes), at every depth from 2 to `max_depth`.
// Returns how many depths were walked.
// Counts are 128-bit (P4): compared as decimal text, which GoogleTest prints.
std::string text(arb::Count n) { return arb::to_string(n); }

int expect_subtree_equals_walk(const Ecalper& g, const Ecalper::Position& pos, int max_depth,
                               const std::string& what, std::uint64_t budget = 400000) {
  int walked = 0;
  for (int d = 2; d <= max_depth; ++d, ++walked) {
    arb::Count interior = 0;
    try {
      interior = g.count_subtree(pos, d - 1);
    } catch (const arb::Error&) {
      break;  // the walk would overflow too
    }
    if (interior > budget) break;
    EXPECT_EQ(text(g.count_subtree(pos, d)), text(arb::perft_walk(g, pos, d)))
        << what << " depth " << d << ": " << g.format(pos);
  }
  return walked;
}

// Every line of the Ecalper fixture files: each D<k> from the shortcut, and
// the shortcut against the walk where the walk is affordable.
TEST(CountSubtree, EqualsFixturesAndWalkOnEveryFixtureLine) {
  int lines = 0, walked = 0;
  for (const char* file : {"fixtures/ecalper.perft", "fixtures/ecalper_results.perft"}) {
    const arb::FixtureFile f = arb::read_fixture_file(file);
    ASSERT_TRUE(f.errors.empty()) << file;
    for (const arb::FixtureCase& c : f.cases) {
      ++lines;
      const Ecalper g(arb::Spec::parse(c.spec));
      const auto pos =
          arb::play_moves(g, arb::position_from(g, c.position), arb::split_moves(c.moves));
      for (const auto& [depth, nodes] : c.depths)
        EXPECT_EQ(text(g.count_subtree(pos, depth)), text(nodes)) << c.id << " D" << depth;
      for (int d = 2; d <= 5; ++d) {
        const arb::Count interior = g.count_subtree(pos, d - 1);
        if (interior > 400000) break;
        EXPECT_EQ(text(g.count_subtree(pos, d)), text(arb::perft_walk(g, pos, d)))
            << c.id << " depth " << d;
        ++walked;
      }
    }
  }
  EXPECT_EQ(lines, 49);  // every case of both files
  EXPECT_GT(walked, 20);
}

// Random positions from seeded games, 2 and 3 players, both replace rules,
// every size, from the first turn to the end (C5): shortcut == walk.
TEST(CountSubtree, EqualsWalkOnRandomPositions) {
  for (const std::string spec :
       {"ecalper:size=5", "ecalper:size=5,replace=last-added", "ecalper:size=5,players=3",
        "ecalper:size=5,players=3,replace=last-added", "ecalper:size=6", "ecalper",
        "ecalper:size=6,players=3", "ecalper:size=8,replace=last-added"}) {
    const auto g = make(spec);
    int walked = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      std::mt19937_64 rng(seed);
      auto pos = g.start();
      for (int ply = 0; ply < 80; ++ply) {
        walked += expect_subtree_equals_walk(g, pos, 4, spec + " seed " + std::to_string(seed));
        const auto moves = g.legal_moves(pos);
        if (moves.size() == 0) break;
        // Even seeds swap when they may (C3): `swap` is the last move of the list.
        const std::uint64_t i = pos.swap && seed % 2 == 0 ? moves.size() - 1 : rng() % moves.size();
        pos = g.play(pos, moves.begin()[static_cast<std::ptrdiff_t>(i)]);
      }
      EXPECT_EQ(g.count_moves(pos), 0u) << spec << " seed " << seed << ": game not over";
    }
    EXPECT_GT(walked, 30) << spec;
  }
}

// P4: 128-bit counts; past 2^128 an error, never a wrap (as the walk's checked_add).
TEST(CountSubtree, CountsPass2To64AndOverflowPast2To128IsAnError) {
  const auto g = make("ecalper:size=8,players=3");
  EXPECT_EQ(text(g.count_subtree(g.start(), 2)),
            "5030420937807545280");                               // fixture C7-start-size8-any
  EXPECT_GT(g.count_subtree(g.start(), 3), arb::Count{1} << 64);  // about 5e27
  EXPECT_THROW(g.count_subtree(g.start(), 5), arb::Error);        // about 2e47
  EXPECT_THROW(arb::perft(g, g.start(), 5), arb::Error);
}

}  // namespace

// Issue 29: every rule of RULES.md's Ecalper notation (position text and move
// text) rejected with one clear line (common/tests/notation_rules.h).
TEST(EcalperNotation, Notation_EveryRuleOfTheTextRejected) {
  arb::test::expect_notation_rules<arb::engine::ecalper::Ecalper>(arb::test::kEcalperNotationRules);
}
