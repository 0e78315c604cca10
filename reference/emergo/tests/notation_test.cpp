// Position and move notation (RULES.md, Emergo "Position text" and "Move text"):
// exact round trips and every listed parse error.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include "common/tests/digit_runs.h"
#include "common/tests/notation_rules.h"
#include "common/tests/number_rules.h"

#include "perft/count/perft.h"
#include "reference/emergo/emergo.h"

namespace {

using arb::reference::Emergo;

const Emergo& g9() {
  static const Emergo g(arb::Spec::parse("emergo"));
  return g;
}
const Emergo& g7() {
  static const Emergo g(arb::Spec::parse("emergo:size=7"));
  return g;
}

// Expects parse to fail with a message containing every one of `parts`.
void expect_rejected(const Emergo& g, const std::string& text,
                     std::initializer_list<const char*> parts) {
  try {
    (void)g.parse(text);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const arb::Error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    for (const char* part : parts)
      EXPECT_NE(message.find(part), std::string::npos)
          << text << " -> " << message << " lacks " << part;
  }
}

// Every number of the notation (run lengths, hand counts, the rank
// of a square in a move) is plain digits without leading zeros; a run that
// overflows and wraps to a valid value (2^32 + 12 for 12) is an error.
TEST(EmergoNotation, NumbersNeverWrapNorTakeLeadingZeros) {
  arb::test::expect_number_rules<arb::reference::Emergo>(arb::test::kEmergoNumberRules);
}

}  // namespace

TEST(EmergoNotation, RoundTripsExactly) {
  for (const char* text :
       {"9/9/9/9/9/9/9/9/9 w 12 12", "9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0",
        "9/9/2B1B4/9/4B4/3(WWWW)5/9/5W3/6(BB)2 b 0 0", "9/9/9/3W1(WB)3/2W6/5(BWW)3/8B/9/4B4 b 7 8",
        "B8/9/9/9/9/9/9/9/8W b 0 10", "(WWWWWWWWWWWWBBBBBBBBBBBB)8/9/9/9/9/9/9/9/9 w 0 0"})
    EXPECT_EQ(g9().format(g9().parse(text)), text);
  for (const char* text :
       {"7/7/7/7/7/7/7 w 8 8", "7/5B1/7/1B1B3/2W4/7/7 w 0 0", "(BW)6/7/7/7/7/7/7 b 7 7"})
    EXPECT_EQ(g7().format(g7().parse(text)), text);
}

TEST(EmergoNotation, RandomGamesRoundTripPositionsAndMoves) {
  std::mt19937 rng(20261122);
  for (const auto* g : {&g9(), &g7()}) {
    for (int game = 0; game < 20; ++game) {
      auto pos = g->start();
      for (int ply = 0; ply < 120; ++ply) {
        const std::string text = g->format(pos);
        ASSERT_EQ(g->format(g->parse(text)), text);
        ASSERT_EQ(g->parse(text), pos) << text;
        const auto moves = g->legal_moves(pos);
        if (moves.empty()) break;
        std::set<std::string> texts;
        for (const auto& m : moves) {
          const std::string mt = g->move_text(pos, m);
          EXPECT_TRUE(texts.insert(mt).second) << "duplicate move " << mt << " in " << text;
          EXPECT_EQ(g->parse_move(pos, mt), m) << mt;
        }
        pos = g->play(pos, moves[rng() % moves.size()]);
      }
    }
  }
}

TEST(EmergoNotation, RejectsBadFields) {
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/9 w 12", {"position", "4 fields"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/9  w 12 12", {"position", "empty field"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9 w 12 12", {"ranks", "9 ranks"});
  expect_rejected(g9(), "8/9/9/9/9/9/9/9/9 w 12 12", {"rank 9", "8 squares"});  // too short
  expect_rejected(g9(), "9/9/9/9/4B5/9/9/9/9 w 12 11", {"rank 5", "'5'"});      // too long
  expect_rejected(g7(), "9/7/7/7/7/7/7 w 8 8", {"rank 7", "'9'"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/1W7 w 11 12", {"rank 1", "light square b1", "'W'"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/1(WB)7 w 11 11", {"rank 1", "light square b1"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/(WBW)8 w 10 11", {"rank 1", "(WBW)", "impossible order"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/(BWBB)8 w 10 10",
                  {"rank 1", "(BWBB)", "impossible order"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/(W)8 w 11 12", {"rank 1", "(W)"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/()8 w 11 12", {"rank 1", "()"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/(WB8 w 11 12", {"rank 1", "'('"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/(WX)8 w 11 12", {"rank 1", "'X'"});
  expect_rejected(g9(), "45/9/9/9/9/9/9/9/9 w 12 12", {"rank 9", "two digits", "'4'", "'5'"});
  expect_rejected(g9(), "09/9/9/9/9/9/9/9/9 w 12 12", {"rank 9", "'0'"});
  expect_rejected(g9(), "w8/9/9/9/9/9/9/9/9 w 12 12", {"rank 9", "'w'"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/W8 w 12 12", {"white", "13 men", "12"});  // too many men
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/(WWBB)8 w 10 11", {"black", "13 men"});
  expect_rejected(g7(), "7/7/7/7/7/7/7 w 9 8", {"white", "9 men", "8"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/9 x 12 12", {"side", "'x'"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/9 W 12 12", {"side", "'W'"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/9 wb 12 12", {"side", "'w'"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/9 w -1 12", {"white in hand", "'-'"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/9 w 12 a", {"black in hand", "'a'"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/9 w 012 12", {"white in hand", "leading zero"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/9 w 12 99999999999999", {"black in hand"});
  // The side not to move always owns what it last moved or entered.
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/W8 w 11 0", {"side", "black", "not to move"});
  expect_rejected(g9(), "9/9/9/9/9/9/9/9/(WB)8 b 0 11", {"side", "white", "not to move"});
}

TEST(EmergoNotation, AcceptsFewerMenAndTheMoverWithNothing) {
  EXPECT_NO_THROW((void)g9().parse("9/9/9/9/9/9/9/9/B8 w 0 0"));  // White to move has lost
  EXPECT_NO_THROW((void)g9().parse("9/9/9/9/9/9/9/9/9 b 1 1"));
}

TEST(EmergoNotation, MoveTexts) {
  const Emergo& g = g9();
  const auto start = g.start();
  EXPECT_EQ(g.move_text(start, g.parse_move(start, "d6")), "d6");
  for (const char* bad : {"e5", "b1", "D6", "d6 ", "d06", "j1", "a0", "d4-e5", "d4xf6", ""})
    EXPECT_THROW((void)g.parse_move(start, bad), arb::Error) << bad;
  const auto pos = g.parse("B8/9/9/9/4(BW)4/9/9/9/9 w 0 0");
  EXPECT_EQ(g.move_text(pos, g.parse_move(pos, "e5-f6")), "e5-f6");
  for (const char* bad : {"e5", "e5xf6", "e5-g7", "f6-e5", "e5-f6-g7"})
    EXPECT_THROW((void)g.parse_move(pos, bad), arb::Error) << bad;
  const auto chain = g.parse("9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0");
  EXPECT_NO_THROW((void)g.parse_move(chain, "d4xb6xd8xf6xd4xb6"));
  for (const char* bad : {"d4xb6", "d4xb6xd8xf6xd4", "d4-b6-d8-f6-d4-b6", "d4xf6xd8xb6xd4xf6"})
    EXPECT_THROW((void)g.parse_move(chain, bad), arb::Error) << bad;
}

TEST(EmergoNotation, DiagramShowsBoardSideAndHands) {
  const Emergo& g = g9();
  const std::string d = g.diagram(g.parse("9/9/9/3W1(WB)3/2W6/5(BWW)3/8B/9/4B4 b 7 8"));
  EXPECT_EQ(d.back(), '\n');
  EXPECT_NE(d.find("Black to move"), std::string::npos) << d;
  EXPECT_NE(d.find("white 7, black 8"), std::string::npos) << d;
  EXPECT_NE(d.find("f4 BWW"), std::string::npos) << d;
  EXPECT_NE(d.find("a    b    c"), std::string::npos) << d;
}

// Every rule of RULES.md's Emergo notation (position text and move
// text) rejected with one clear line (common/tests/notation_rules.h).
TEST(EmergoNotation, Notation_EveryRuleOfTheTextRejected) {
  arb::test::expect_notation_rules<arb::reference::Emergo>(arb::test::kEmergoNotationRules);
}
