// Engine Ecalper: one test group per clause of RULES.md (C1-C7). Expected
// counts are derived by hand from binomials (derivations in the comments) or
// given in RULES.md; never pasted from this engine's output.
#include "engine/ecalper/ecalper.h"
#include "engine/ecalper/tests/test_util.h"

#include <gtest/gtest.h>

#include <iterator>
#include <random>
#include <ranges>
#include <set>
#include <string>
#include <vector>

#include "common/tests/digit_runs.h"
#include "common/tests/ecalper_examples.h"
#include "common/tests/notation_rules.h"
#include "common/tests/number_rules.h"
#include "perft/count/perft.h"
#include "perft/files/fixture.h"

namespace arb::test::ecalper_examples {
INSTANTIATE_TYPED_TEST_SUITE_P(Engine, EcalperExamples, ::testing::Types<engine::ecalper::Ecalper>);
}  // namespace arb::test::ecalper_examples

namespace {

using arb::engine::ecalper::Ecalper;

using arb::engine::ecalper_test::after;
using arb::engine::ecalper_test::choose;
using arb::engine::ecalper_test::hexhex;
using arb::engine::ecalper_test::make;

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

// The start's counts from RULES.md: common/tests/ecalper_examples.h; here the
// lists behind them, which only this engine builds cheaply.
TEST(EcalperRules, C2_BlackFirstPlacesThree) {
  const auto g = make("ecalper");
  const auto pos = g.start();
  EXPECT_EQ(g.legal_moves(pos).size(), 333375u);
  const auto next = g.play(pos, g.parse_move(pos, "C3+D4+E5"));
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
// (Size 5: common/tests/ecalper_examples.h.)
TEST(EcalperRules, C2_Perft2FromStartEverySizeBothRules) {
  for (int n : {6, 7, 8}) {
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

// Size 5, 3 players, Red to move with 6 empty cells (variants_test.cpp, C5).
const char* kBeforeRed =
    "BBBBB/BBBBBB/BBBBBBB/BBB5/RRRRRRRRR/RRRRRWWW/WWWWWWW/WWWWWW/1WWWW r - G6:H6,I6,C7,D7,E7";

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

// Run lengths (several digits: `12`) and the row numbers of cell
// names (`<last>`, moves) are plain digits without leading zeros; a run that
// overflows and wraps to a valid value (2^32 + 13 for 13) is an error.
TEST(EcalperNotation, NumbersNeverWrapNorTakeLeadingZeros) {
  arb::test::expect_number_rules<arb::engine::ecalper::Ecalper>(arb::test::kEcalperNumberRules);
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

// Every rule of RULES.md's Ecalper notation (position text and move
// text) rejected with one clear line (common/tests/notation_rules.h).
TEST(EcalperNotation, Notation_EveryRuleOfTheTextRejected) {
  arb::test::expect_notation_rules<arb::engine::ecalper::Ecalper>(arb::test::kEcalperNotationRules);
}
