// Position and move notation of the reference Eximo (RULES.md "Position text",
// "Move text"): exact round trips and one-line errors naming field and character.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "common/tests/digit_runs.h"
#include "common/tests/notation_rules.h"
#include "common/tests/number_rules.h"
#include "reference/eximo/tests/test_util.h"

namespace arb::reference::eximo_test {
namespace {

TEST(EximoNotation, X1_PositionRoundTrip) {
  const Eximo& g = game();
  for (const std::string text :
       {"1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 w",
        "1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 b", "8/8/8/8/8/8/8/8 w",
        "BBBBBBBB/WWWWWWWW/8/8/8/8/BBBBBBBB/WWWWWWWW b", "8/6W1/8/6B1/8/3BBB2/3BWB2/8 w",
        "7B/W6W/8/8/8/8/B6B/W7 b"})
    EXPECT_EQ(g.format(g.parse(text)), text) << shown(text);
}

// Each rejected text and a fragment its one-line message must contain.
TEST(EximoNotation, ParseErrorsNameFieldAndCharacter) {
  const Eximo& g = game();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1 w", "ranks"},       // 7 ranks
      {"8/8/8/8/8/8/8/8/8 w", "more than 8 ranks"},                        // 9 ranks
      {"1BBBBBB2/8/8/8/8/8/8/8 w", "rank 8: more than 8 squares at '2'"},  // too long
      {"1BBBBBB/8/8/8/8/8/8/8 w", "rank 8: 7 squares"},                    // too short
      {"8/8/8/8/8/8/8/BBBBBBBBW w", "rank 1"},                             // too long
      {"8/8/1BxB4/8/8/8/8/8 w", "rank 6: bad character 'x'"},              // bad letter
      {"8/8/8/8/8/8/8/w7 w", "rank 1: bad character 'w'"},                 // lower case
      {"44/8/8/8/8/8/8/8 w", "rank 8: two digits in a row at '4'"},        // not canonical
      {"8/8/8/9/8/8/8/8 w", "rank 5: bad count of empty squares '9'"},
      {"8/8/08/8/8/8/8/8 w", "rank 6: bad count of empty squares '0'"},
      {"3W4/8/8/8/8/8/8/8 w", "rank 8: a white man on its far rank at d8 'W'"},  // X6
      {"8/8/8/8/8/8/8/B7 b", "rank 1: a black man on its far rank at a1 'B'"},   // X6
      {"8/8/8/8/8/8/8/8 x", "side: expected 'w' or 'b', got 'x'"},
      {"8/8/8/8/8/8/8/8 W", "side"},
      {"8/8/8/8/8/8/8/8 ", "side: missing"},
      {"8/8/8/8/8/8/8/8", "position"},
      {"8/8/8/8/8/8/8/8 w 0", "more than 2 fields"},
      {"8/8/8/8/8/8/8/8  w", "more than 2 fields"},
      {"", "position"},
  };
  for (const auto& [text, fragment] : cases) {
    try {
      g.parse(text);
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const Error& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find(fragment), std::string::npos)
          << "'" << text << "' gave '" << message << "', expected '" << fragment << "'";
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;  // one line
    }
  }
}

TEST(EximoNotation, DiagramShowsBoardAndSide) {
  const Eximo& g = game();
  const std::string d = g.diagram(g.parse("8/8/8/8/8/8/7B/W7 w"));
  EXPECT_EQ(d,
            "   a b c d e f g h\n"
            " 8 . . . . . . . . 8\n"
            " 7 . . . . . . . . 7\n"
            " 6 . . . . . . . . 6\n"
            " 5 . . . . . . . . 5\n"
            " 4 . . . . . . . . 4\n"
            " 3 . . . . . . . . 3\n"
            " 2 . . . . . . . B 2\n"
            " 1 W . . . . . . . 1\n"
            "   a b c d e f g h\n"
            "White (W, moving up) to move\n");
}

TEST(EximoNotation, MoveTextRejectsIllegalAndNonCanonical) {
  const Eximo& g = game();
  const auto pos = g.start();
  EXPECT_NO_THROW(g.parse_move(pos, "c1-a3"));
  for (const char* bad : {"c1-c3", "C1-a3", "c1xa3", "c1-a3 ", "d2-d4", "b1-a2+b1", "", "zz"})
    EXPECT_THROW(g.parse_move(pos, bad), Error) << bad;
}

// Random games from the start: every text round-trips, move texts are unique,
// count_moves agrees with legal_moves, and no man stands on its own far rank.
TEST(EximoNotation, RandomGamesRoundTrip) {
  const Eximo& g = game();
  std::mt19937 rng(20131);
  for (int game_no = 0; game_no < 60; ++game_no) {
    auto pos = g.start();
    for (int ply = 0; ply < 200; ++ply) {
      const std::string text = g.format(pos);
      ASSERT_EQ(g.format(g.parse(text)), text);
      ASSERT_EQ(g.parse(text), pos) << shown(text);
      const auto moves = g.legal_moves(pos);
      ASSERT_EQ(g.count_moves(pos), moves.size());
      std::set<std::string> texts;
      for (const auto& m : moves) {
        const std::string mt = g.move_text(pos, m);
        ASSERT_TRUE(texts.insert(mt).second) << "duplicate " << mt << shown(text);
        ASSERT_EQ(g.parse_move(pos, mt), m) << mt << shown(text);
      }
      if (moves.empty()) {
        ASSERT_TRUE(g.outcome(pos).finished);
        break;
      }
      pos = g.play(pos, moves[rng() % moves.size()]);
    }
  }
}

// Run lengths and square ranks are single digits; a run that
// overflows and wraps to a valid value (2^32 + 8 for 8) or a zero-padded one is
// an error.
TEST(EximoNotation, NumbersNeverWrapNorTakeLeadingZeros) {
  arb::test::expect_number_rules<arb::reference::Eximo>(arb::test::kEximoNumberRules);
}

}  // namespace
}  // namespace arb::reference::eximo_test

// Every rule of RULES.md's Eximo notation (position text and move
// text) rejected with one clear line (common/tests/notation_rules.h).
TEST(EximoNotation, Notation_EveryRuleOfTheTextRejected) {
  arb::test::expect_notation_rules<arb::reference::Eximo>(arb::test::kEximoNotationRules);
}
