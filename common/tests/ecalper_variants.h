// The rule variants of Ecalper, C4 replace=any|last-added and C7 players=3
// (RULES.md), with the end (C5) and the result (C6) they change, written once
// for both implementations: engine/ecalper/tests/variants_test.cpp and
// reference/ecalper/tests/variants_test.cpp instantiate the suite. Expected
// counts are derived by hand from binomials (derivations in the comments),
// never pasted from either implementation's output. Like game_test_support.h,
// it speaks only the Game concept and the notation (plus each game's Rules
// fields, named alike).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"
#include "perft/count/perft.h"

namespace arb::test::ecalper_variants {

// C(n, k) computed here, independently of either implementation.
inline std::uint64_t choose(std::uint64_t n, std::uint64_t k) {
  std::uint64_t r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

// The cells of a hexhex board of side n (C1).
inline std::uint64_t hexhex(std::uint64_t n) { return 3 * n * (n - 1) + 1; }

// Size 5, Black to move with 7 empty cells (E5 C6 G7 D8 I8 F9 I9), 18 turns played:
// Black 26 (rows 1-4), White 28. White's last turn replaced A5 and placed B6, H7, E9.
constexpr const char* kSevenEmpty =
    "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/WWWW1WWWW/W1WWWWWW/WWWW1WW/1WWWW1/W1WW1 b - A5:B6,H7,E9";

// Size 5, 3 players, Red to move with 6 empty cells: 11 turns played (55
// stones); White's last turn replaced G6 and placed H6, I6, C7, D7, E7.
constexpr const char* kBeforeRed =
    "BBBBB/BBBBBB/BBBBBBB/BBB5/RRRRRRRRR/RRRRRWWW/WWWWWWW/WWWWWW/1WWWW r - G6:H6,I6,C7,D7,E7";

template <class G>
class EcalperVariants : public ::testing::Test {
 protected:
  static G make(const std::string& spec) { return G(Spec::parse(spec)); }
  static typename G::Position after(const G& g, const std::string& moves) {
    return play_moves(g, g.start(), split_moves(moves));
  }
  // The outcome of a finished position `text`.
  static Outcome final_outcome(const std::string& spec, const std::string& text) {
    const G g = make(spec);
    const auto pos = g.parse(text);
    EXPECT_TRUE(g.legal_moves(pos).empty()) << g.diagram(pos);
    return g.outcome(pos);
  }
};
TYPED_TEST_SUITE_P(EcalperVariants);

// --- C4 replace=last-added ----------------------------------------------------

TYPED_TEST_P(EcalperVariants, C4_ReplaceLastAddedOnly) {
  const auto g = this->make("ecalper:replace=last-added");
  EXPECT_FALSE(this->make("ecalper").rules().last_added);
  EXPECT_TRUE(g.rules().last_added);
  auto pos = this->after(g, "A1+B1+C1 xA1+A2+B2+C2");
  EXPECT_EQ(g.count_moves(pos), 3 * choose(121, 3));
  EXPECT_THROW(g.parse_move(pos, "xA1+D1+E1+F1"), Error) << g.diagram(pos);
  pos = g.play(pos, g.parse_move(pos, "xA2+D1+E1+F1"));
  // Only D1, E1, F1 (Black's placed stones), not A2 (replaced) nor B1, C1 (older).
  EXPECT_EQ(g.count_moves(pos), 3 * choose(118, 3)) << g.diagram(pos);
  EXPECT_THROW(g.parse_move(pos, "xA2+G1+A3+B3"), Error);
  EXPECT_THROW(g.parse_move(pos, "xB1+G1+A3+B3"), Error);
  EXPECT_NO_THROW(g.parse_move(pos, "xE1+G1+A3+B3"));
}

TYPED_TEST_P(EcalperVariants, C4_ReplaceLastAddedOnlyThePreviousPlacements) {
  const auto g = this->make("ecalper:size=5,replace=last-added");
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
  EXPECT_NO_THROW(g.parse_move(next, "xG7+D8+I8+F9"));
  EXPECT_THROW(g.parse_move(next, "xH7+D8+I8+F9"), Error);
}

// Size 5 after B, W: 55 empty, Black to move. Black: 3 replaceable (both
// rules) * C(55,3). Then White: any -> Black's 6 stones minus the one Black
// just made = 5; last-added -> 3; times C(52,3).
TYPED_TEST_P(EcalperVariants, C4_Perft2AfterTwoTurnsSize5) {
  for (const char* rule : {"any", "last-added"}) {
    const auto g = this->make(std::string("ecalper:size=5,replace=") + rule);
    const auto pos = this->after(g, "A1+B1+C1 xA1+A2+B2+C2");
    const std::uint64_t white = std::string(rule) == "any" ? 5 : 3;
    EXPECT_EQ(perft(g, pos, 2), 3 * choose(55, 3) * white * choose(52, 3)) << rule;
  }
}

// --- C5 end, three players ----------------------------------------------------

TYPED_TEST_P(EcalperVariants, C5_ThreePlayersEndBeforeBlackBelow15Empty) {
  // Size 5, 3 players: Black's turns start with 61, 46, 31, 16 empty cells;
  // after 12 turns 1 cell is empty (< 15), so the game ends before Black.
  for (const char* rule : {"any", "last-added"}) {
    const bool any = std::string(rule) == "any";
    const auto g = this->make(std::string("ecalper:size=5,players=3,replace=") + rule);
    EXPECT_EQ(g.rules().players, 3);
    auto pos = g.parse(kBeforeRed);
    EXPECT_EQ(g.format(pos), kBeforeRed);
    EXPECT_EQ(g.to_move(pos), 2);
    // Red places 5 of 6 empty cells: C(6,5) = 6 ways, after replacing any of
    // 21 B + 20 W stones but G6 (40), or one of White's 5 placed stones.
    EXPECT_EQ(g.count_moves(pos), (any ? 40u : 5u) * 6u) << g.diagram(pos);
    if (!any) {
      EXPECT_THROW(g.parse_move(pos, "xC4+D4+E4+F4+G4+H4"), Error);
    }
    const auto end =
        g.play(pos, g.parse_move(pos, any ? "xC4+D4+E4+F4+G4+H4" : "xH6+D4+E4+F4+G4+H4"));
    EXPECT_EQ(g.to_move(end), 0);
    EXPECT_TRUE(g.outcome(end).finished) << g.diagram(end);
    EXPECT_EQ(g.count_moves(end), 0u);
    EXPECT_TRUE(g.legal_moves(end).empty());
    EXPECT_EQ(perft(g, pos, 2), 0u);
  }
}

TYPED_TEST_P(EcalperVariants, C5_ThreePlayersEndBeforeBlackWithFewerThan15Empty) {
  const auto g = this->make("ecalper:size=5,players=3");
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
  const auto last_added = this->make("ecalper:size=5,players=3,replace=last-added");
  EXPECT_EQ(last_added.count_moves(last_added.parse(text)), 5u * 6u)
      << "White's five placed stones";
}

TYPED_TEST_P(EcalperVariants, C5_ThreePlayersBlackStillMovesWith16Empty) {
  // Black to move with 16 empty cells (45 stones = 9 turns): 16 >= 15, so Black
  // plays. Red's last turn replaced A4 and placed B4-F4.
  const auto g = this->make("ecalper:size=5,players=3");
  const std::string text =
      "BBBBB/BBBBBB/RRRRRRR/RRRRRRWW/WWWWWWWWW/WWWWWWWW/WW5/6/5 b - A4:B4,C4,D4,E4,F4";
  const auto pos = g.parse(text);
  // Black 11, White 21, Red 13: replace any of 34 but A4 = 33, times C(16,5).
  EXPECT_EQ(g.count_moves(pos), 33u * choose(16, 5)) << g.diagram(pos);
  EXPECT_EQ(g.outcome(pos), Outcome::ongoing());
}

// --- C6 result, three players -------------------------------------------------

TYPED_TEST_P(EcalperVariants, C6_ThreePlayersDrawAmongThoseStillTied) {
  // Black 20 (one group), White 20 (one group), Red 19 + the singleton E5:
  // Black and White tie on 20 and 1 group; Red is out.
  const Outcome o =
      this->final_outcome("ecalper:size=5,players=3",
                          "BBBBB/BBBBBB/BBBBBBB/BBWWWWWW/WWWWRWWWW/WWWWWWRR/RRRRRRR/RRRRRR/"
                          "RRRR1 b - H6:C7,D7,E7,F7,G7");
  EXPECT_EQ(o, Outcome::draw(0b011));
  EXPECT_EQ(to_string(o, "bwr"), "draw b,w");
}

// --- C7 three players ---------------------------------------------------------

TYPED_TEST_P(EcalperVariants, C7_ThreePlayersOrderFiveStonesEitherOpponent) {
  const auto g = this->make("ecalper:size=5,players=3");
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

  const auto la = this->make("ecalper:size=5,players=3,replace=last-added");
  auto p = play_moves(la, la.start(), {"A1+B1+C1+D1+E1", "xA1+A2+B2+C2+D2+E2"});
  EXPECT_EQ(la.count_moves(p), 5 * choose(51, 5)) << "only White's placed stones";
  EXPECT_THROW(la.parse_move(p, "xB1+A3+B3+C3+D3+E3"), Error)
      << "Black's stone: not the previous player's";
}

TYPED_TEST_P(EcalperVariants, C7_ThreePlayersStartCounts) {
  for (int n : {5, 6, 7, 8}) {
    const auto g = this->make("ecalper:players=3,size=" + std::to_string(n));
    EXPECT_EQ(g.players(), "bwr");
    // Black's first turn places 5 (C7): C(N,5).
    EXPECT_EQ(g.count_moves(g.start()), choose(hexhex(static_cast<std::uint64_t>(n)), 5)) << n;
  }
}

TYPED_TEST_P(EcalperVariants, C7_ThreePlayersReplaceEitherOpponent) {
  const auto any = this->make("ecalper:players=3");
  const auto last = this->make("ecalper:players=3,replace=last-added");
  const std::string line = "A1+B1+C1+D1+E1 xA1+A2+B2+C2+D2+E2";
  const auto pa = this->after(any, line);
  const auto pl = this->after(last, line);
  EXPECT_EQ(any.format(pa), "WBBBB2/WWWWW3/9/10/11/12/13/12/11/10/9/8/7 r - A1:A2,B2,C2,D2,E2");
  EXPECT_EQ(any.to_move(pa), 2);
  // Red, any: 4 Black + 6 White stones but A1 (White's replacement) = 9;
  // last-added: White's 5 placed stones; 117 empty cells.
  EXPECT_EQ(any.count_moves(pa), 9 * choose(117, 5)) << any.diagram(pa);
  EXPECT_EQ(last.count_moves(pl), 5 * choose(117, 5)) << last.diagram(pl);
  const std::string place = "+F1+G1+F2+G2+H2";
  EXPECT_NO_THROW(any.parse_move(pa, "xB1" + place));  // Black's stone
  EXPECT_NO_THROW(any.parse_move(pa, "xA2" + place));  // White's stone
  EXPECT_THROW(any.parse_move(pa, "xA1" + place), Error);
  EXPECT_THROW(last.parse_move(pl, "xB1" + place), Error);
  EXPECT_THROW(last.parse_move(pl, "xA1" + place), Error);
  EXPECT_NO_THROW(last.parse_move(pl, "xE2" + place));
  EXPECT_THROW(any.parse_move(pa, "xB1+F1+G1+F2+G2"), Error);  // 4 placed, 5 needed
  // Black's second turn: Red's and White's stones, not his own.
  const auto pb = any.play(pa, any.parse_move(pa, "xB1" + place));
  EXPECT_EQ(any.to_move(pb), 0);
  EXPECT_NO_THROW(any.parse_move(pb, "xF1+A3+B3+C3+D3+E3"));      // Red
  EXPECT_NO_THROW(any.parse_move(pb, "xA2+A3+B3+C3+D3+E3"));      // White
  EXPECT_THROW(any.parse_move(pb, "xB1+A3+B3+C3+D3+E3"), Error);  // Red's replacement
  EXPECT_THROW(any.parse_move(pb, "xC1+A3+B3+C3+D3+E3"), Error);  // own
  // Black has C1, D1, E1; White A1, A2..E2 = 6; Red B1 + 5 placed = 6;
  // all the others' stones but B1 (Red's replacement): 11; 127 - 15 empty.
  EXPECT_EQ(any.count_moves(pb), 11 * choose(112, 5)) << any.diagram(pb);
}

REGISTER_TYPED_TEST_SUITE_P(EcalperVariants, C4_ReplaceLastAddedOnly,
                            C4_ReplaceLastAddedOnlyThePreviousPlacements,
                            C4_Perft2AfterTwoTurnsSize5, C5_ThreePlayersEndBeforeBlackBelow15Empty,
                            C5_ThreePlayersEndBeforeBlackWithFewerThan15Empty,
                            C5_ThreePlayersBlackStillMovesWith16Empty,
                            C6_ThreePlayersDrawAmongThoseStillTied,
                            C7_ThreePlayersOrderFiveStonesEitherOpponent,
                            C7_ThreePlayersStartCounts, C7_ThreePlayersReplaceEitherOpponent);

}  // namespace arb::test::ecalper_variants
