// Position and move text (RULES.md, Meridians notation), parse errors, diagram.
#include <gtest/gtest.h>

#include <string>
#include "common/tests/digit_runs.h"
#include "common/tests/notation_rules.h"
#include "common/tests/number_rules.h"

#include "reference/meridians/meridians.h"

namespace {

using arb::Spec;
using arb::reference::Meridians;

const Meridians kGame{Spec::parse("meridians")};

// The error message of parsing `text`, "" if it parses.
std::string error_of(const Meridians& g, const std::string& text) {
  try {
    g.parse(text);
  } catch (const arb::Error& e) {
    return e.what();
  }
  return "";
}

TEST(MeridiansNotation, StartPositions) {
  EXPECT_EQ(kGame.format(kGame.start()), "6/7/8/9/10/11/12/11/10/9/8/7/6 w 0 0");
  const Meridians swap(Spec::parse("meridians:swap"));
  EXPECT_EQ(swap.format(swap.start()), "6/7/8/9/10/11/12/11/10/9/8/7/6 w 0 0");
  const Meridians six(Spec::parse("meridians:size=6"));
  EXPECT_EQ(six.format(six.start()), "5/6/7/8/9/10/9/8/7/6/5 w 0 0");
  const Meridians eight(Spec::parse("meridians:size=8"));
  EXPECT_EQ(eight.format(eight.start()), "7/8/9/10/11/12/13/14/13/12/11/10/9/8/7 w 0 0");
}

TEST(MeridiansNotation, RoundTrip) {
  for (const char* text : {
           "6/7/8/9/10/11/12/11/10/9/8/7/6 w 0 0",
           "B5/7/8/9/10/11/12/11/10/9/8/7/W5 w 1 1",
           "B1B3/7/8/9/10/11/12/11/10/9/8/7/W1W3 w 2 2",
           "6/7/8/9/10/11/12/11/10/4W1W2/8/7/BWB3 b 2 2",
           "B1B3/7/8/9/10/11/12/11/10/9/8/7/6 b 2 2",  // finished: White has lost
           "3W1W/7/8/9/10/11/B1B9/11/10/9/8/7/W1W3 w 2 2",
           "6/7/8/9/10/11/12/11/10/9/2W5/7/B1W3 b 2 1",
       })
    EXPECT_EQ(kGame.format(kGame.parse(text)), text);
  const Meridians swap(Spec::parse("meridians:swap"));
  for (const char* text :
       {"6/7/8/9/10/11/12/11/10/9/8/7/W5 b 1 0 swap", "6/7/8/9/10/11/12/11/10/9/8/7/W5 b 1 0"})
    EXPECT_EQ(swap.format(swap.parse(text)), text);
}

TEST(MeridiansNotation, ParseErrorsNameFieldAndCharacter) {
  const std::string empty = "6/7/8/9/10/11/12/11/10/9/8/7/6";
  EXPECT_NE(error_of(kGame, empty + "  w 0 0").find("empty field"), std::string::npos);
  EXPECT_NE(error_of(kGame, empty + " w 0").find("fields"), std::string::npos);
  EXPECT_NE(error_of(kGame, "6/7/8/9/10/11/12/11/10/9/8/7 w 0 0").find("rows"), std::string::npos);
  EXPECT_NE(error_of(kGame, "6/7/8/9/10/11/12/11/10/9/8/7/X5 w 0 0").find("'X'"),
            std::string::npos);
  EXPECT_NE(error_of(kGame, "6/7/8/9/10/11/12/11/10/9/8/7/06 w 0 0").find("'0'"),
            std::string::npos);
  EXPECT_NE(error_of(kGame, "7/7/8/9/10/11/12/11/10/9/8/7/6 w 0 0").find("row m"),
            std::string::npos);
  EXPECT_NE(error_of(kGame, "6/7/8/9/10/11/12/11/10/9/8/7/5 w 0 0").find("row a"),
            std::string::npos);
  EXPECT_NE(error_of(kGame, empty + " x 0 0").find("side"), std::string::npos);
  EXPECT_NE(error_of(kGame, empty + " w 3 0").find("placed-white: expected"), std::string::npos);
  EXPECT_NE(error_of(kGame, empty + " w 0 x").find("placed-black"), std::string::npos);
  EXPECT_NE(error_of(kGame, empty + " w 0 0 swop").find("swap"), std::string::npos);
  EXPECT_NE(error_of(kGame, empty + " w 0 0 ").find("empty field"), std::string::npos);
}

TEST(MeridiansNotation, UnreachablePositionsAreRejected) {
  // M4: White moves first, so the counters must fit the side to move.
  EXPECT_NE(error_of(kGame, "B5/7/8/9/10/11/12/11/10/9/8/7/6 w 0 1").find("placed"),
            std::string::npos);
  EXPECT_NE(error_of(kGame, "6/7/8/9/10/11/12/11/10/9/8/7/W5 b 1 1").find("placed"),
            std::string::npos);
  // Exact counters (0, 1, or 2 before the opponent's second) mean exactly that many stones.
  EXPECT_NE(error_of(kGame, "6/7/8/9/10/11/12/11/10/9/8/7/WW4 w 1 1").find("white"),
            std::string::npos);
  EXPECT_NE(error_of(kGame, "6/7/8/9/10/11/12/11/10/9/8/7/W5 b 2 1").find("white"),
            std::string::npos);
  // M9: the swap flag only under the option, only right after White's first stone.
  EXPECT_NE(error_of(kGame, "6/7/8/9/10/11/12/11/10/9/8/7/W5 b 1 0 swap").find("swap"),
            std::string::npos);
  const Meridians swap(Spec::parse("meridians:swap"));
  EXPECT_NE(error_of(swap, "B5/7/8/9/10/11/12/11/10/9/8/7/W5 w 1 1 swap").find("swap"),
            std::string::npos);
  // RULES.md: a dead group of the side not to move once it has placed 2.
  // B a1 a2 touch (one group, no path) and Black is not to move.
  const std::string dead = error_of(kGame, "6/7/8/9/10/11/12/11/10/9/8/7/BB1W1W w 2 2");
  EXPECT_NE(dead.find("dead black group at a1"), std::string::npos) << dead;
  // The same with Black to move is a legal position (White cut it; Black may revive).
  EXPECT_EQ(error_of(kGame, "6/7/8/9/10/11/12/11/10/9/8/7/BB1W1W b 2 2"), "");
  // M8: a side to move that has placed stones but owns none: the game ended before.
  EXPECT_NE(error_of(kGame, "B1B3/7/8/9/10/11/12/11/10/9/8/7/6 w 2 2").find("no white stones"),
            std::string::npos);
}

TEST(MeridiansNotation, MoveTexts) {
  const auto pos = kGame.parse("B5/7/8/9/10/11/12/11/10/9/8/7/W5 w 1 1");
  EXPECT_EQ(kGame.move_text(pos, kGame.parse_move(pos, "l7")), "l7");
  EXPECT_THROW(kGame.parse_move(pos, "a2"), arb::Error);    // illegal (M5)
  EXPECT_THROW(kGame.parse_move(pos, "a03"), arb::Error);   // non-canonical
  EXPECT_THROW(kGame.parse_move(pos, "pass"), arb::Error);  // M7
  EXPECT_THROW(kGame.parse_move(pos, "swap"), arb::Error);  // M9
  EXPECT_THROW(kGame.parse_move(pos, "z9"), arb::Error);
}

TEST(MeridiansNotation, DiagramShowsRowsAndSide) {
  const auto pos = kGame.parse("B5/7/8/9/10/11/12/11/10/9/8/7/W5 w 1 1");
  const std::string d = kGame.diagram(pos);
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d.back(), '\n');
  EXPECT_NE(d.find("m        B . . . . ."), std::string::npos) << d;
  EXPECT_NE(d.find("g  . . . . . . . . . . . ."), std::string::npos) << d;
  EXPECT_NE(d.find("a        W . . . . ."), std::string::npos) << d;
  EXPECT_NE(d.find("to move: w"), std::string::npos) << d;
}

// Run lengths (several digits: `12`), placed counters and the
// numbers in point names are plain digits without leading zeros; a run that
// overflows and wraps to a valid value is an error: a wrapping parser reads
// 4294967302 (2^32 + 6) as 6 and takes this text for the start position.
TEST(MeridiansNotation, NumbersNeverWrapNorTakeLeadingZeros) {
  arb::test::expect_number_rules<arb::reference::Meridians>(arb::test::kMeridiansNumberRules);
}

}  // namespace

// Every rule of RULES.md's Meridians notation (position text and move
// text) rejected with one clear line (common/tests/notation_rules.h).
TEST(MeridiansNotation, Notation_EveryRuleOfTheTextRejected) {
  arb::test::expect_notation_rules<arb::reference::Meridians>(arb::test::kMeridiansNotationRules);
}
