// Reference Ecalper: the text notation (RULES.md "Ecalper", position and move
// texts), round trips over whole games and every rejection.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "common/game.h"
#include "common/tests/digit_runs.h"
#include "common/tests/notation_rules.h"
#include "common/tests/number_rules.h"
#include "perft/count/perft.h"
#include "reference/ecalper/ecalper.h"
#include "reference/ecalper/tests/test_util.h"

namespace arb::reference {
namespace {

using ecalper_test::choose;
using ecalper_test::kFinalTurn;
using ecalper_test::kSevenEmpty;
using ecalper_test::rows_text;

Ecalper game(const std::string& spec) { return Ecalper(Spec::parse(spec)); }

// A deterministic random game: builds random move texts and keeps the ones that
// parse_move accepts, checking the round trips on the way.
void random_game(const std::string& spec, unsigned seed) {
  const Ecalper g = game(spec);
  auto pos = g.start();
  unsigned state = seed;
  auto next = [&](int bound) {
    state = state * 1103515245u + 12345u;
    return static_cast<int>((state >> 8) % static_cast<unsigned>(bound));
  };
  const int per_turn = g.players().size() == 3 ? 5 : 3;
  for (int ply = 0; ply < 200 && !g.outcome(pos).finished; ++ply) {
    const std::string text = g.format(pos);
    ASSERT_EQ(g.format(g.parse(text)), text);
    ASSERT_TRUE(g.parse(text) == pos) << text;
    const std::uint64_t count = g.count_moves(pos);
    if (count < 5000) {
      ASSERT_EQ(g.legal_moves(pos).size(), count) << g.diagram(pos);
    }
    std::vector<int> empty, others;
    for (int c = 0; c < g.cell_count(); ++c)
      (pos.cells[c] == Ecalper::Stone::kEmpty ? empty : others).push_back(c);
    bool played = false;
    for (int attempt = 0; attempt < 2000 && !played; ++attempt) {
      std::string move;
      if (pos.may_swap && next(4) == 0)
        move = "swap";
      else {
        std::vector<int> set;
        if (empty.size() >= 3)
          while (static_cast<int>(set.size()) < per_turn) {
            const int c = empty[next(static_cast<int>(empty.size()))];
            if (std::find(set.begin(), set.end(), c) == set.end()) set.push_back(c);
          }
        std::sort(set.begin(), set.end());
        if (!(pos.last_replaced < 0 && pos.last_placed.empty()))
          move = "x" + g.cell_name(others[next(static_cast<int>(others.size()))]);
        for (int c : set) move += (move.empty() ? "" : "+") + g.cell_name(c);
      }
      try {
        const auto m = g.parse_move(pos, move);
        ASSERT_EQ(g.move_text(pos, m), move);
        pos = g.play(pos, m);
        played = true;
      } catch (const Error&) {}
    }
    ASSERT_TRUE(played) << g.diagram(pos);
  }
  ASSERT_TRUE(g.outcome(pos).finished) << g.diagram(pos);
  EXPECT_EQ(g.format(g.parse(g.format(pos))), g.format(pos));
}

TEST(EcalperNotation, RoundTripsThroughWholeGames) {
  random_game("ecalper:size=5", 1);
  random_game("ecalper:size=5,replace=last-added", 2);
  random_game("ecalper:size=5,players=3", 3);
  random_game("ecalper:size=6,players=3,replace=last-added", 4);
  random_game("ecalper:size=6", 5);
}

TEST(EcalperNotation, StartPositionsOfEverySpec) {
  const std::vector<std::pair<std::string, std::string>> starts = {
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/5 b - -:-"},
      {"ecalper:size=6", "6/7/8/9/10/11/10/9/8/7/6 b - -:-"},
      {"ecalper:size=7", "7/8/9/10/11/12/13/12/11/10/9/8/7 b - -:-"},
      {"ecalper:size=8", "8/9/10/11/12/13/14/15/14/13/12/11/10/9/8 b - -:-"},
  };
  for (const auto& [spec, text] : starts)
    for (std::string extra : {"", ",players=3", ",replace=last-added"}) {
      const Ecalper g = game(spec + extra);
      EXPECT_EQ(g.format(g.start()), text);
      EXPECT_TRUE(g.parse(text) == g.start());
    }
}

TEST(EcalperNotation, RejectsBadPositionsNamingTheField) {
  const std::vector<std::tuple<std::string, std::string, std::string>> bad = {
      {"ecalper:size=5", "5/6/7/8/9/8/7/6 b - -:-", "rows: 8 rows"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/4 b - -:-", "row 9: 4 cells"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/6 b - -:-", "row 9: more than 5 cells at '6'"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/05 b - -:-",
       "row 9: a number of empty cells may not start with '0'"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/X4 b - -:-", "row 9: unexpected character 'X'"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/R4 b - -:-", "row 9: unexpected character 'R'"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/5 r - -:-", "side: 'r'"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/5 x - -:-", "side: 'x'"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/5 b x -:-", "swap: 'x'"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/5 b s -:-", "swap: 's' only"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/5 b - -", "last: '-'"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/5 b - Z1:-", "last: no cell 'Z1'"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/5 b  - -:-", "position:"},
      {"ecalper:size=5", "5/6/7/8/9/8/7/6/5 b - -:- ", "position:"},
      {"ecalper:size=5", "B4/6/7/8/9/8/7/6/5 w - -:-", "rows: 1 stones"},
      {"ecalper:size=5", "BB3/6/2B4/8/9/8/7/6/5 b - -:A1,B1,C3", "side: 'b' is not to move"},
      {"ecalper:size=5", "BB3/6/2B4/8/9/8/7/6/5 w - -:B1,A1,C3",
       "last: placed cells must be distinct and sorted"},
      {"ecalper:size=5", "BB3/6/2B4/8/9/8/7/6/5 w - -:A1,B1", "last: 2 placed cells"},
      {"ecalper:size=5", "BB3/6/2B4/8/9/8/7/6/5 w - -:A1,B1,C2", "last: C2 holds '.'"},
      {"ecalper:size=5", "BB3/6/2B4/8/9/8/7/6/5 w - -:-", "last: '-:-' but the board has stones"},
      {"ecalper:size=5", "BB3/6/2B4/8/9/8/7/6/5 w - A1:B1,C3,D3", "last:"},
      {"ecalper:size=5", "WW3/6/2W4/8/9/8/7/6/5 w - -:A1,B1,C3",
       "last: A1 holds 'W', not a stone of Black"},
      {"ecalper:size=5", "BWWWW/W5/7/8/9/8/7/6/5 b - B1:C1,D1,E1",
       "rows: 1 black and 5 white stones"},
      {"ecalper:size=5", "BWWWW/B5/7/8/9/8/7/6/5 b s B1:C1,D1,E1", "swap: 's' only"},
      {"ecalper:size=5", "BWWWW/B5/7/8/9/8/7/6/5 w - A2:-", "last: 'A2:-' (the final turn, C5)"},
      {"ecalper:size=5,players=3", "R4/6/7/8/9/8/7/6/5 b - -:-", "rows: 1 stones"},
      {"ecalper:size=5,players=3", "BBBBB/6/7/8/9/8/7/6/5 w - -:A1,B1,C1", "last: 3 placed cells"},
      {"ecalper:size=5,players=3",
       "BBBBB/BBBBBB/BBBBBBB/WWWWWWWW/WWWWWWWWW/RRRRRRR1/RRRRRRR/RRRRRR/5 w - F8:A1,B1,C1,D1,E1",
       "side: 'w' is not to move"},
  };
  for (const auto& [spec, text, message] : bad) {
    const Ecalper g = game(spec);
    try {
      (void)g.parse(text);
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos)
          << "'" << text << "' gave: " << e.what() << "\nexpected: " << message;
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << "one line";
    }
  }
}

TEST(EcalperNotation, RejectsBadMoves) {
  const Ecalper g = game("ecalper:size=5");
  const auto start = g.start();
  for (std::string text :
       {"B1+A1+C1", "A1+A1+B1", "A1+B1", "A1+B1+C1+D1", "xA1+B1+C1+D1", "swap", "a1+b1+c1",
        "A01+B1+C1", "Z1+A1+B1", "", "A1+B1+", "+A1+B1+C1", "A1 +B1+C1", "pass"})
    EXPECT_THROW(g.parse_move(start, text), Error) << "'" << text << "'\n" << g.diagram(start);
  const auto pos = g.parse(kSevenEmpty);
  for (std::string text : {"E5+C6+G7", "xB6", "xB6+E5+G7+C6", "xB6+E5+C6", "xB6+A1+C6+G7", "xB6+",
                           "xB6+E5+C6+G7+D8", "xA1+E5+C6+G7", "xE5+C6+G7+D8"})
    EXPECT_THROW(g.parse_move(pos, text), Error) << "'" << text << "'\n" << g.diagram(pos);
  EXPECT_EQ(g.move_text(pos, g.parse_move(pos, "xB6+E5+C6+G7")), "xB6+E5+C6+G7");
}

TEST(EcalperNotation, DiagramShowsBoardAndState) {
  const Ecalper g = game("ecalper:size=5");
  const auto pos = g.parse(kFinalTurn);
  const std::string d = g.diagram(pos);
  EXPECT_EQ(d.back(), '\n');
  EXPECT_NE(d.find(" 1 "), std::string::npos) << d;
  EXPECT_NE(d.find(" 9 "), std::string::npos) << d;
  EXPECT_NE(d.find("Black (b) to move"), std::string::npos) << d;
  EXPECT_NE(d.find("D5:E5,G8,H9"), std::string::npos) << d;
  EXPECT_NE(d.find("1 empty"), std::string::npos) << d;
  // 9 rows plus a line of column letters above and below.
  EXPECT_GE(std::count(d.begin(), d.end(), '\n'), 11) << d;
  const auto end = g.play(pos, g.parse_move(pos, "xE5"));
  EXPECT_NE(g.diagram(end).find("the final turn"), std::string::npos) << g.diagram(end);
  EXPECT_NE(g.diagram(end).find("Game over: draw"), std::string::npos) << g.diagram(end);
}

// Run lengths (several digits: `12`) and the row numbers of cell
// names (`<last>`, moves) are plain digits without leading zeros; a run that
// overflows and wraps to a valid value (2^32 + 13 for 13) is an error.
TEST(EcalperNotation, NumbersNeverWrapNorTakeLeadingZeros) {
  arb::test::expect_number_rules<arb::reference::Ecalper>(arb::test::kEcalperNumberRules);
}

}  // namespace
}  // namespace arb::reference

// Every rule of RULES.md's Ecalper notation (position text and move
// text) rejected with one clear line (common/tests/notation_rules.h).
TEST(EcalperNotation, Notation_EveryRuleOfTheTextRejected) {
  arb::test::expect_notation_rules<arb::reference::Ecalper>(arb::test::kEcalperNotationRules);
}
