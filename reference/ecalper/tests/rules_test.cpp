// Reference Ecalper, one test (or a few) per clause of RULES.md C1-C7.
// Counts are checked against hand counts (binomials from the rules), never
// against numbers copied from this implementation's own output.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "common/game.h"
#include "common/tests/digit_runs.h"
#include "common/tests/ecalper_examples.h"
#include "perft/count/perft.h"
#include "reference/ecalper/ecalper.h"
#include "reference/ecalper/tests/test_util.h"

namespace arb::test::ecalper_examples {
INSTANTIATE_TYPED_TEST_SUITE_P(Reference, EcalperExamples, ::testing::Types<reference::Ecalper>);
}  // namespace arb::test::ecalper_examples

namespace arb::reference {
namespace {

using ecalper_test::choose;
using ecalper_test::kFinalTurn;
using ecalper_test::kSevenEmpty;
using ecalper_test::rows_text;

using ecalper_test::game;
using ecalper_test::names;

std::vector<std::string> neighbour_names(const Ecalper& g, std::string_view cell) {
  const int index = g.cell_index(cell);
  EXPECT_GE(index, 0) << cell;
  return names(g, g.neighbours(index));
}

// The white stones that touch Black's group (hand check from C1's neighbours:
// D5-I5 touch row 4, and B6, C6, D6 touch A5-C5). Replacing one of them makes
// Black 30 in one group against White 30 in one group: a draw. Replacing any
// other white stone gives Black 29 + 1 against White 30 in one group: White wins.
const std::set<std::string> kTouchingBlack = {"D5", "E5", "F5", "G5", "H5", "I5", "B6", "C6", "D6"};

// --- C1 geometry -----------------------------------------------------------

TEST(EcalperGeometry, C1_CellCounts) {
  // A hexhex board of side n has 3n(n-1)+1 cells.
  EXPECT_EQ(game("ecalper:size=5").cell_count(), 61);
  EXPECT_EQ(game("ecalper:size=6").cell_count(), 91);
  EXPECT_EQ(game("ecalper:size=7").cell_count(), 127);
  EXPECT_EQ(game("ecalper:size=8").cell_count(), 169);
}

TEST(EcalperGeometry, C1_RowsAndNames) {
  const Ecalper g = game("ecalper");  // size 7
  // Row 1 holds A..G, the middle row A..M, the last row G..M.
  for (std::string name : {"A1", "G1", "A7", "M7", "G13", "M13", "B8", "L6", "D4"})
    EXPECT_GE(g.cell_index(name), 0) << name;
  for (std::string name : {"H1", "A8", "N7", "F13", "A0", "A14", "M6", "a1", "A01", "A", "7", ""})
    EXPECT_EQ(g.cell_index(name), -1) << name;
  // Cells are numbered by row, then column, and named back exactly.
  EXPECT_EQ(g.cell_name(0), "A1");
  EXPECT_EQ(g.cell_name(7), "A2");
  EXPECT_EQ(g.cell_name(g.cell_count() - 1), "M13");
  for (int c = 0; c < g.cell_count(); ++c) EXPECT_EQ(g.cell_index(g.cell_name(c)), c);
  const Ecalper g8 = game("ecalper:size=8");
  EXPECT_EQ(g8.cell_name(g8.cell_count() - 1), "O15");
}

TEST(EcalperGeometry, C1_NeighboursOfCornersEdgesAndCentre) {
  const Ecalper g = game("ecalper");  // size 7; neighbours (q±1,r), (q,r±1), (q+1,r+1), (q-1,r-1)
  using V = std::vector<std::string>;
  EXPECT_EQ(neighbour_names(g, "A1"), (V{"A2", "B1", "B2"}));
  EXPECT_EQ(neighbour_names(g, "G1"), (V{"F1", "G2", "H2"}));
  EXPECT_EQ(neighbour_names(g, "A7"), (V{"A6", "B7", "B8"}));
  EXPECT_EQ(neighbour_names(g, "M7"), (V{"L6", "L7", "M8"}));
  EXPECT_EQ(neighbour_names(g, "M13"), (V{"L12", "L13", "M12"}));
  EXPECT_EQ(neighbour_names(g, "G13"), (V{"F12", "G12", "H13"}));
  EXPECT_EQ(neighbour_names(g, "D1"), (V{"C1", "D2", "E1", "E2"}));
  EXPECT_EQ(neighbour_names(g, "G7"), (V{"F6", "F7", "G6", "G8", "H7", "H8"}));
}

TEST(EcalperGeometry, C1_NeighbourCountsAndSymmetry) {
  for (int n : {5, 6, 7, 8}) {
    const Ecalper g = game("ecalper:size=" + std::to_string(n));
    int corners = 0, edges = 0, inner = 0;
    for (int c = 0; c < g.cell_count(); ++c) {
      const auto around = g.neighbours(c);
      corners += around.size() == 3;
      edges += around.size() == 4;
      inner += around.size() == 6;
      for (int d : around) {
        const auto back = g.neighbours(d);
        EXPECT_TRUE(std::find(back.begin(), back.end(), c) != back.end()) << g.cell_name(c);
      }
    }
    EXPECT_EQ(corners, 6) << n;
    EXPECT_EQ(edges, 6 * (n - 2)) << n;
    EXPECT_EQ(inner, 3 * (n - 1) * (n - 2) + 1) << n;  // the hexhex of side n-1
  }
}

// --- C2 first turn -----------------------------------------------------------

// The start and its counts from RULES.md, and perft(2) from the start:
// common/tests/ecalper_examples.h, written once for both implementations.

TEST(EcalperRules, C2_FirstTurnMovesAreSortedTriplesOfCells) {
  const Ecalper g = game("ecalper:size=5");
  const auto start = g.start();
  const auto moves = g.legal_moves(start);
  ASSERT_EQ(moves.size(), choose(61, 3)) << g.diagram(start);
  std::set<std::string> texts;
  for (const auto& m : moves) texts.insert(g.move_text(start, m));
  EXPECT_EQ(texts.size(), moves.size()) << "P2: one text per set";
  EXPECT_TRUE(texts.count("A1+B1+C1"));
  EXPECT_TRUE(texts.count("A1+E5+I9"));
  EXPECT_FALSE(texts.count("B1+A1+C1")) << "P2: placed cells are sorted";
  for (const auto& t : texts) EXPECT_EQ(t.find('x'), std::string::npos) << t;
  const auto after = g.play(start, g.parse_move(start, "A1+E5+I9"));
  EXPECT_EQ(g.format(after), "B4/6/7/8/4B4/8/7/6/4B w s -:A1,E5,I9") << g.diagram(after);
}

// --- C3 swap -------------------------------------------------------------------

TEST(EcalperRules, C3_SwapOnWhitesFirstTurnOnly) {
  const Ecalper g = game("ecalper");
  const auto after_black = g.play(g.start(), g.parse_move(g.start(), "C3+D4+E5"));
  EXPECT_EQ(g.format(after_black), "7/8/2B6/3B6/4B6/12/13/12/11/10/9/8/7 w s -:C3,D4,E5");
  EXPECT_EQ(g.count_moves(after_black), 930373u) << "3*C(124,3)+1, RULES.md\n"
                                                 << g.diagram(after_black);
  const auto swapped = g.play(after_black, g.parse_move(after_black, "swap"));
  // Colours exchanged, stones stay: in colour terms only the option is gone, and
  // <last> still holds Black's first stones.
  EXPECT_EQ(g.format(swapped), "7/8/2B6/3B6/4B6/12/13/12/11/10/9/8/7 w - -:C3,D4,E5");
  EXPECT_EQ(g.to_move(swapped), 1);
  EXPECT_EQ(g.count_moves(swapped), 930372u) << "3*C(124,3): no second swap";
  EXPECT_THROW(g.parse_move(swapped, "swap"), Error);
  EXPECT_THROW(g.parse_move(g.start(), "swap"), Error);
  // After White's normal first turn no swap either.
  const auto normal = g.play(after_black, g.parse_move(after_black, "xC3+A1+B1+C1"));
  EXPECT_EQ(g.format(normal), "WWW4/8/2W6/3B6/4B6/12/13/12/11/10/9/8/7 b - C3:A1,B1,C1");
  EXPECT_THROW(g.parse_move(normal, "swap"), Error);
}

TEST(EcalperRules, C3_SwapThenNormalTurn) {
  const Ecalper g = game("ecalper:size=5,replace=last-added");
  auto pos = play_moves(g, g.start(), {"A1+B1+C1", "swap"});
  // last-added after a swap: the stones Black placed on the first turn.
  EXPECT_EQ(g.count_moves(pos), 3 * choose(58, 3)) << g.diagram(pos);
  pos = g.play(pos, g.parse_move(pos, "xB1+A2+B2+C2"));
  EXPECT_EQ(g.format(pos), "BWB2/WWW3/7/8/9/8/7/6/5 b - B1:A2,B2,C2") << g.diagram(pos);
  // Black: only the three stones White placed (C4 last-added), not B1.
  EXPECT_EQ(g.count_moves(pos), 3 * choose(55, 3));
  EXPECT_THROW(g.parse_move(pos, "xB1+A3+B3+C3"), Error);
}

// --- C4 replacement -----------------------------------------------------------------

TEST(EcalperRules, C4_ReplaceAnyButTheStoneJustMadeByReplacement) {
  const Ecalper g = game("ecalper:size=5");
  const auto pos = g.parse(kSevenEmpty);
  // 28 white stones, A5 excluded: 27 replacements, C(7,3) = 35 placements.
  EXPECT_EQ(g.count_moves(pos), 27u * 35u) << g.diagram(pos);
  EXPECT_EQ(g.legal_moves(pos).size(), 27u * 35u);
  EXPECT_THROW(g.parse_move(pos, "xA5+E5+C6+G7"), Error) << "A5 was made by White's replacement";
  EXPECT_NO_THROW(g.parse_move(pos, "xD5+E5+C6+G7"));
  EXPECT_NO_THROW(g.parse_move(pos, "xB6+E5+C6+G7"));
  EXPECT_THROW(g.parse_move(pos, "xA1+E5+C6+G7"), Error) << "own stone";
  // Then White: 30 black stones but the new D5, and C(4,3) placements; then
  // Black's final turn: 31 white stones but the one White's replacement made.
  EXPECT_EQ(perft(g, pos, 2), 27u * 35u * 29u * 4u);
  EXPECT_EQ(perft(g, pos, 3), 27u * 35u * 29u * 4u * 30u);
}

// --- C5 end ---------------------------------------------------------------------------

TEST(EcalperRules, C5_FinalTurnIsReplacementOnly) {
  for (std::string spec : {"ecalper:size=5", "ecalper:size=5,replace=last-added"}) {
    const Ecalper g = game(spec);
    const auto pos = g.parse(kFinalTurn);
    const auto moves = g.legal_moves(pos);
    // any: 31 white stones but D5; last-added: E5, G8, H9.
    EXPECT_EQ(moves.size(), spec.find("last") == std::string::npos ? 30u : 3u) << g.diagram(pos);
    EXPECT_EQ(g.count_moves(pos), moves.size());
    int draws = 0, white_wins = 0;
    for (const auto& m : moves) {
      const std::string text = g.move_text(pos, m);
      ASSERT_EQ(text.find('+'), std::string::npos) << text << ": the final turn places nothing";
      const auto end = g.play(pos, m);
      const std::string tail = " w - " + text.substr(1) + ":-";  // <last> of the final turn
      EXPECT_TRUE(g.format(end).ends_with(tail)) << g.format(end);
      EXPECT_EQ(g.count_moves(end), 0u) << g.diagram(end);
      EXPECT_TRUE(g.legal_moves(end).empty());
      const Outcome o = g.outcome(end);
      const bool touching = kTouchingBlack.count(text.substr(1)) > 0;
      EXPECT_EQ(o, touching ? Outcome::draw(3) : Outcome::win(1)) << text << "\n" << g.diagram(end);
      draws += o == Outcome::draw(3);
      white_wins += o == Outcome::win(1);
    }
    if (moves.size() == 30) {
      EXPECT_EQ(draws, 8);  // the 9 touching stones but D5
      EXPECT_EQ(white_wins, 22);
    } else {
      EXPECT_EQ(draws, 1);  // E5
      EXPECT_EQ(white_wins, 2);
    }
  }
}

TEST(EcalperRules, C5_FourEmptyCellsIsStillANormalTurn) {
  // White to move with 4 empty cells (>= 3): replace and place 3, then Black's
  // final turn. Black 30 (rows 1-4, A5-D5), White 27; last = Black's turn.
  const std::string text =
      "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBBWWWWW/WWWWWWWW/WWWWWWW/WWWWWW/W4 w - A4:B5,C5,D5";
  const Ecalper g = game("ecalper:size=5");
  const auto pos = g.parse(text);
  EXPECT_EQ(g.count_moves(pos), 29u * 4u) << g.diagram(pos);
  EXPECT_EQ(perft(g, pos, 2), 29u * 4u * 30u);
  EXPECT_EQ(perft(g, pos, 3), 0u) << "the game is over after Black's final turn";
  const auto next = g.play(pos, g.parse_move(pos, "xB5+F9+G9+H9"));
  EXPECT_EQ(
      g.format(next),
      "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BWBBWWWWW/WWWWWWWW/WWWWWWW/WWWWWW/WWWW1 b - B5:F9,G9,H9");
  EXPECT_THROW(g.parse_move(next, "xB5+I9"), Error) << "C5: no placement on the final turn";
  EXPECT_THROW(g.parse_move(next, "xB5"), Error) << "B5 was made by White's replacement";
  EXPECT_NO_THROW(g.parse_move(next, "xE5"));
  const Ecalper last_added = game("ecalper:size=5,replace=last-added");
  EXPECT_EQ(perft(last_added, last_added.parse(text), 2), 3u * 4u * 3u);
}

// --- C6 result ---------------------------------------------------------------------------

Outcome final_outcome(const std::string& spec, const std::string& text) {
  const Ecalper g = game(spec);
  const auto pos = g.parse(text);
  EXPECT_TRUE(g.legal_moves(pos).empty()) << g.diagram(pos);
  return g.outcome(pos);
}

TEST(EcalperRules, C6_LargestGroupWins) {
  // Black: rows 4-6 and A3-E3, one group of 30. White: 13 above, 17 below.
  EXPECT_EQ(final_outcome(
                "ecalper:size=5",
                "WWWWW/WWWWWW/BBBBBWW/BBBBBBBB/BBBBBBBBB/BBBBBBBB/WWWWWWW/WWWWWW/WWWW1 w - A3:-"),
            Outcome::win(0));
}

TEST(EcalperRules, C6_TiedLargestThenFewerGroupsWins) {
  // Black 28 + the pair F8-G8 (2 groups); White 28 + singletons A1 and E1 (3 groups).
  EXPECT_EQ(final_outcome(
                "ecalper:size=5",
                "WBBBW/BBBBBB/BBBBBBB/BBBBBBBB/BBBBWWWWW/WWWWWWWW/WWWWWWW/WWBBWW/WWWW1 w - D5:-"),
            Outcome::win(0));
  // Black 28 + singletons F8 and H8 (3 groups); White 28 + the pair A1-B1 (2 groups).
  EXPECT_EQ(final_outcome(
                "ecalper:size=5",
                "WWBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBBWWWWW/WWWWWWWW/WWWWWWW/WWBWBW/WWWW1 w - D5:-"),
            Outcome::win(1));
}

TEST(EcalperRules, C6_StillTiedIsADraw) {
  // Black rows 1-4 + A5-D5 (30, one group), White the rest but I9 (30, one group).
  EXPECT_EQ(final_outcome(
                "ecalper:size=5",
                "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBBWWWWW/WWWWWWWW/WWWWWWW/WWWWWW/WWWW1 w - D5:-"),
            Outcome::draw(3));
}

// --- Notation ------------------------------------------------------------------------------------

}  // namespace
}  // namespace arb::reference
