// Variant tests for the reference Ecalper: C4 replace=last-added and C7
// players=3 (RULES.md). Each position is one where the variant changes the
// moves or the result; the expected counts are hand counts (reasoning beside them).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/game.h"
#include "perft/count/perft.h"
#include "reference/ecalper/ecalper.h"
#include "reference/ecalper/tests/test_util.h"

namespace arb::reference {
namespace {

using ecalper_test::choose;
using ecalper_test::kSevenEmpty;

using ecalper_test::game;
using ecalper_test::names;

Outcome final_outcome(const std::string& spec, const std::string& text) {
  const Ecalper g = game(spec);
  const auto pos = g.parse(text);
  EXPECT_TRUE(g.legal_moves(pos).empty()) << g.diagram(pos);
  return g.outcome(pos);
}

// --- C4 replace=last-added ----------------------------------------------------------

TEST(EcalperVariants, C4_ReplaceLastAddedOnlyThePreviousPlacements) {
  const Ecalper g = game("ecalper:size=5,replace=last-added");
  const auto pos = g.parse(kSevenEmpty);
  EXPECT_EQ(g.count_moves(pos), 3u * 35u) << g.diagram(pos);
  EXPECT_THROW(g.parse_move(pos, "xA5+E5+C6+G7"), Error) << "A5 was replaced, not placed";
  EXPECT_THROW(g.parse_move(pos, "xD5+E5+C6+G7"), Error) << "D5 was not placed last turn";
  for (std::string cell : {"B6", "H7", "E9"})
    EXPECT_NO_THROW(g.parse_move(pos, "x" + cell + "+E5+C6+G7"));
  EXPECT_EQ(perft(g, pos, 2), 3u * 35u * 3u * 4u);
  EXPECT_EQ(perft(g, pos, 3), 3u * 35u * 3u * 4u * 3u);
  const auto next = g.play(pos, g.parse_move(pos, "xH7+E5+C6+G7"));
  EXPECT_EQ(
      g.format(next),
      "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/WWWWBWWWW/WBWWWWWW/WWWWBBW/1WWWW1/W1WW1 w - H7:E5,C6,G7");
  EXPECT_EQ(names(g, {g.cell_index("E5"), g.cell_index("C6"), g.cell_index("G7")}),
            (std::vector<std::string>{"C6", "E5", "G7"}));
  EXPECT_NO_THROW(g.parse_move(next, "xG7+D8+I8+F9"));
  EXPECT_THROW(g.parse_move(next, "xH7+D8+I8+F9"), Error);
}

// --- C5 end, three players ----------------------------------------------------------

TEST(EcalperVariants, C5_ThreePlayersEndBeforeBlackWithFewerThan15Empty) {
  const Ecalper g = game("ecalper:size=5,players=3");
  // Red to move with 6 empty cells (55 stones = 11 turns of 5): Black rows 1-3
  // (18), White rows 4-5 but I5 (16), Red the rest (21) but H6 I6 I8 H9 I9.
  // White's last turn replaced C4 and placed D4-H4.
  const std::string text =
      "BBBBB/BBBBBB/BBBBBBB/WWWWWWWW/WWWWWWWW1/RRRRRR2/RRRRRRR/RRRRR1/RRR2 r - C4:D4,E4,F4,G4,H4";
  const auto pos = g.parse(text);
  EXPECT_EQ(g.format(pos), text);
  // any: 18 black + 16 white stones but C4 = 33 replacements, times C(6,5) = 6.
  EXPECT_EQ(g.count_moves(pos), 33u * 6u) << g.diagram(pos);
  // Then Black would move with 1 empty cell (< 15): the game is over, no final turn (C7).
  EXPECT_EQ(perft(g, pos, 2), 0u);
  const auto end = g.play(pos, g.parse_move(pos, "xA1+I5+H6+I6+H9+I9"));
  EXPECT_EQ(g.format(end),
            "RBBBB/BBBBBB/BBBBBBB/WWWWWWWW/WWWWWWWWR/RRRRRRRR/RRRRRRR/RRRRR1/RRRRR b - "
            "A1:I5,H6,I6,H9,I9");
  EXPECT_TRUE(g.legal_moves(end).empty()) << g.diagram(end);
  // C6: Red 26 (all but A1) + 1, Black 17, White 16: Red wins.
  EXPECT_EQ(g.outcome(end), Outcome::win(2)) << g.diagram(end);
  const Ecalper last_added = game("ecalper:size=5,players=3,replace=last-added");
  EXPECT_EQ(last_added.count_moves(last_added.parse(text)), 5u * 6u)
      << "White's five placed stones";
}

TEST(EcalperVariants, C5_ThreePlayersBlackStillMovesWith16Empty) {
  // Black to move with 16 empty cells (45 stones = 9 turns): 16 >= 15, so Black
  // plays. Red's last turn replaced A4 and placed B4-F4.
  const Ecalper g = game("ecalper:size=5,players=3");
  const std::string text =
      "BBBBB/BBBBBB/RRRRRRR/RRRRRRWW/WWWWWWWWW/WWWWWWWW/WW5/6/5 b - A4:B4,C4,D4,E4,F4";
  const auto pos = g.parse(text);
  // Black 11, White 21, Red 13: replace any of 34 but A4 = 33, times C(16,5).
  EXPECT_EQ(g.count_moves(pos), 33u * choose(16, 5)) << g.diagram(pos);
  EXPECT_EQ(g.outcome(pos), Outcome::ongoing());
}

// --- C6 result, three players ---------------------------------------------------------

TEST(EcalperVariants, C6_ThreePlayersDrawAmongThoseStillTied) {
  // Black 20 (one group), White 20 (one group), Red 19 + the singleton E5:
  // Black and White tie on 20 and 1 group; Red is out.
  const Outcome o = final_outcome("ecalper:size=5,players=3",
                                  "BBBBB/BBBBBB/BBBBBBB/BBWWWWWW/WWWWRWWWW/WWWWWWRR/RRRRRRR/RRRRRR/"
                                  "RRRR1 b - H6:C7,D7,E7,F7,G7");
  EXPECT_EQ(o, Outcome::draw(0b011));
  EXPECT_EQ(to_string(o, "bwr"), "draw b,w");
}

// --- C7 three players ------------------------------------------------------------------------

TEST(EcalperVariants, C7_ThreePlayersOrderFiveStonesEitherOpponent) {
  const Ecalper g = game("ecalper:size=5,players=3");
  EXPECT_EQ(g.players(), "bwr");
  auto pos = g.start();
  EXPECT_EQ(g.count_moves(pos), choose(61, 5)) << "Black's first turn places 5";
  EXPECT_THROW(g.parse_move(pos, "A1+B1+C1"), Error);
  pos = g.play(pos, g.parse_move(pos, "A1+B1+C1+D1+E1"));
  EXPECT_EQ(g.format(pos), "BBBBB/6/7/8/9/8/7/6/5 w - -:A1,B1,C1,D1,E1");
  EXPECT_THROW(g.parse_move(pos, "swap"), Error) << "no swap with three players";
  EXPECT_EQ(g.count_moves(pos), 5 * choose(56, 5));
  pos = g.play(pos, g.parse_move(pos, "xA1+A2+B2+C2+D2+E2"));
  EXPECT_EQ(g.to_move(pos), 2);
  // Red: 4 black + 6 white stones but A1 (made by White's replacement).
  EXPECT_EQ(g.count_moves(pos), 9 * choose(51, 5)) << g.diagram(pos);
  EXPECT_THROW(g.parse_move(pos, "xA1+A3+B3+C3+D3+E3"), Error);
  EXPECT_NO_THROW(g.parse_move(pos, "xB1+A3+B3+C3+D3+E3"));
  pos = g.play(pos, g.parse_move(pos, "xB2+A3+B3+C3+D3+E3"));
  EXPECT_EQ(g.format(pos), "WBBBB/WRWWW1/RRRRR2/8/9/8/7/6/5 b - B2:A3,B3,C3,D3,E3");
  // Black replaces any of 5 white (A1 A2 C2 D2 E2) + 6 red stones but B2.
  EXPECT_EQ(g.count_moves(pos), 10 * choose(46, 5));

  const Ecalper la = game("ecalper:size=5,players=3,replace=last-added");
  auto p = play_moves(la, la.start(), {"A1+B1+C1+D1+E1", "xA1+A2+B2+C2+D2+E2"});
  EXPECT_EQ(la.count_moves(p), 5 * choose(51, 5)) << "only White's placed stones";
  EXPECT_THROW(la.parse_move(p, "xB1+A3+B3+C3+D3+E3"), Error)
      << "Black's stone: not the previous player's";
}

}  // namespace
}  // namespace arb::reference
