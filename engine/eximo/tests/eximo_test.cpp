// Eximo engine tests, one group per clause of RULES.md (X1-X7). Every expected
// move list below is a hand count from the rules (worked out in the comments),
// or a number given in RULES.md / seed 002.
#include "engine/eximo/eximo.h"
#include "common/tests/game_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "common/tests/digit_runs.h"
#include "common/tests/eximo_examples.h"
#include "common/tests/notation_rules.h"
#include "common/tests/number_rules.h"
#include "perft/count/perft.h"

// Perft from the start, the start's moves and seed 002's X3 and X4 examples:
// common/tests/eximo_examples.h, written once for both implementations.
namespace arb::test::eximo_examples {
INSTANTIATE_TYPED_TEST_SUITE_P(Engine, EximoExamples, ::testing::Types<engine::eximo::Eximo>);
}  // namespace arb::test::eximo_examples

namespace {

using arb::engine::eximo::Eximo;

using arb::test::expect_moves;
using arb::test::moves_of;
using arb::test::sorted;

const Eximo& game() { return arb::test::game<Eximo>(); }

constexpr const char* kStart = "1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 w";

TEST(EximoRules, X1_StartPosition) {
  const auto& g = game();
  EXPECT_EQ(g.format(g.start()), kStart);
  EXPECT_EQ(g.to_move(g.start()), 0);
  EXPECT_EQ(std::popcount(Eximo::white(g.start())), 16);
  EXPECT_EQ(std::popcount(Eximo::black(g.start())), 16);
}

// X2: a lone man steps forward and diagonally forward only; blocked squares
// are not entered (a single white man d4, black men d5 (blocked N) and far away).
TEST(EximoRules, X2_StepsForwardOnly) {
  // d4 White; d5, e6 Black (no capture: d5 has d6 empty? d4xd6 would be a
  // capture, so put d6 occupied by Black too).
  // White d4: N d5 occupied; NE e5; NW c5. Captures: over d5 needs d6 empty (B).
  expect_moves(game(), "8/8/3B4/3B4/3W4/8/8/8 w", {"d4-c5", "d4-e5"});
  // Black to move in the same position: d5 is blocked by d4 below; d6 too.
  // d6: S d5 own; SW c5; SE e5; jump over d5 lands d4 (occupied): none.
  // d5: S d4 occupied; SW c4; SE e4. Capture d5 over d4 to d3: empty, so
  // capture priority: only d5xd3 (then from d3 nothing).
  expect_moves(game(), "8/8/3B4/3B4/3W4/8/8/8 b", {"d5xd3"});
  // An edge man: a-file man steps only N and NE (no wrap to the h-file).
  expect_moves(game(), "7B/8/8/8/8/8/8/W7 w", {"a1-a2", "a1-b2"});
}

// X3: any continuation is free, not only the longest. White c1 over c2 to c3,
// then either over c4 to c5 (stop: c6 empty) or over d4 to e5 (stop).
// Also c1 NE over d2? d2 empty. Steps: c1-b2, c1-d2; c2-b3, c2-d3 (c3 empty: c2-c3);
// c4-b5, c4-c5, c4-d5; d4-c5, d4-d5, d4-e5. Jumps: c1-c3-c5, c1-c3-e5; c2 over
// c3? empty. c4, d4: nothing ahead.
TEST(EximoRules, X3_AnyContinuationIsFree) {
  expect_moves(game(), "8/8/8/8/2WW4/8/2W5/2W5 w",
               {"c1-b2", "c1-d2", "c2-b3", "c2-c3", "c2-d3", "c4-b5", "c4-c5", "c4-d5", "d4-c5",
                "d4-d5", "d4-e5", "c1-c3-c5", "c1-c3-e5"});
}

// X4: no backward capture: Black d5 behind White d4 (White moves north) is
// not capturable; sideways capture is: e4 over... White d4 with Black c4 and
// b4 empty: d4xb4. Black d3 (behind) with d2 empty: not capturable.
TEST(EximoRules, X4_SidewaysYesBackwardNo) {
  // White d4; Black c4, d3. Captures: W over c4 -> b4. Backward over d3: no.
  // Then from b4 nothing. Black d3 for Black moving south is not relevant here.
  expect_moves(game(), "8/8/8/8/2BW4/3B4/8/8 w", {"d4xb4"});
}

// X5: capture priority: a capture elsewhere forbids every step and jump.
TEST(EximoRules, X5_CaptureIsCompulsory) {
  // Start-like white men plus a lone capture a6xa8? a8 is rank 8: a far-row
  // arrival with drops. Use a simpler one: h4 over h5 to h6.
  expect_moves(game(), "8/8/8/7B/7W/8/1WWWWWW1/1WWWWWW1 w", {"h4xh6"});
}

// X6: a step to the far row: the man is removed and 2 men are dropped on the
// 12 empty zone squares: 3 steps x C(12,2) = 198 moves.
TEST(EximoRules, X6_TwoDropsOnEmptyZone) {
  const auto& g = game();
  const auto pos = g.parse("B7/3W4/8/8/8/8/8/8 w");
  const auto texts = moves_of(game(), "B7/3W4/8/8/8/8/8/8 w");
  EXPECT_EQ(texts.size(), 198u) << g.diagram(pos);
  EXPECT_EQ(g.count_moves(pos), 198u) << g.diagram(pos);
  EXPECT_TRUE(std::ranges::count(texts, std::string("d7-d8+b1+c2"))) << g.diagram(pos);
  EXPECT_TRUE(std::ranges::count(texts, std::string("d7-c8+g1+g2"))) << g.diagram(pos);
  EXPECT_FALSE(std::ranges::count(texts, std::string("d7-c8+g2+g1"))) << g.diagram(pos);
  const auto after = g.play(pos, g.parse_move(pos, "d7-e8+b1+c2"));
  EXPECT_EQ(g.format(after), "B7/8/8/8/8/8/2W5/1W6 b") << g.diagram(after);
}

// X6 for Black: drops on b7-g7, b8-g8, written sorted by rank then file.
TEST(EximoRules, X6_BlackDropsSortedByRank) {
  const auto texts = moves_of(game(), "8/8/8/8/8/8/4B3/8 b");
  EXPECT_EQ(texts.size(), 198u);
  EXPECT_TRUE(std::ranges::count(texts, std::string("e2-d1+b7+g8")));
  EXPECT_FALSE(std::ranges::count(texts, std::string("e2-d1+g8+b7")));
  const auto& g = game();
  const auto pos = g.parse("8/8/8/8/8/8/4B3/8 b");
  EXPECT_EQ(g.format(g.play(pos, g.parse_move(pos, "e2-d1+b7+g8"))), "6B1/1B6/8/8/8/8/8/8 w");
}

// X6: one free zone square: one drop. Zone b1-g1 White, c2-g2 Black, rank 3
// a-h Black (no capture possible: every square beyond is occupied; h3 stops
// f1xh3, a3 stops c1xa3).
// d7-c8/d8/e8 each +b2; steps b1-a2, b1-b2, c1-b2, g1-h2. Total 7.
TEST(EximoRules, X6_OneDropWhenOneSquareFree) {
  expect_moves(game(), "8/3W4/8/8/8/BBBBBBBB/2BBBBB1/1WWWWWW1 w",
               {"d7-c8+b2", "d7-d8+b2", "d7-e8+b2", "b1-a2", "b1-b2", "c1-b2", "g1-h2"});
}

// X6: no free zone square: no drop, the man is still removed.
TEST(EximoRules, X6_NoDropWhenZoneFull) {
  expect_moves(game(), "8/3W4/8/8/8/BBBBBBBB/1BBBBBB1/1WWWWWW1 w",
               {"d7-c8", "d7-d8", "d7-e8", "b1-a2", "g1-h2"});
}

// X6: a capture that lands on the far row ends there, although d8 could be
// captured sideways from c8: 66 moves, all c6xc8+..+...
TEST(EximoRules, X6_FarRowEndsCaptureChain) {
  const auto& g = game();
  const auto texts = moves_of(game(), "3B4/2B5/2W5/8/8/8/8/8 w");
  EXPECT_EQ(texts.size(), 66u);
  for (const auto& t : texts) EXPECT_EQ(t.substr(0, 6), "c6xc8+") << t;
  const auto pos = g.parse("3B4/2B5/2W5/8/8/8/8/8 w");
  EXPECT_EQ(g.format(g.play(pos, g.parse_move(pos, "c6xc8+b1+c1"))), "3B4/8/8/8/8/8/8/1WW5 b");
}

// X6: a friendly jump chain from b2 to b8 frees b2, which is then the one
// free zone square: b2-b4-b6-b8+b2.
TEST(EximoRules, X6_StartSquareOfTheArrivingManIsFree) {
  const auto texts = moves_of(game(), "8/1W6/8/1W6/8/1W6/1WWWWWW1/1WWWWWW1 w");
  EXPECT_TRUE(std::ranges::count(texts, std::string("b2-b4-b6-b8+b2")));
  EXPECT_FALSE(std::ranges::count(texts, std::string("b2-b4-b6-b8")));
  const auto& g = game();
  const auto pos = g.parse("8/1W6/8/1W6/8/1W6/1WWWWWW1/1WWWWWW1 w");
  EXPECT_EQ(g.count_moves(pos), g.legal_moves(pos).size());
}

// X6 with many arrivals: rank 7 full of White men (22 steps onto rank 8:
// 2 from a7 and h7, 3 from each other) and rank 6 full (20 jumps over rank 7
// onto rank 8: a6, b6, g6, h6 have 2 each, a diagonal leaving the board, c6-f6
// have 3; no steps, no longer chains), each with C(12,2) = 66 drop pairs:
// 42 x 66 = 2772 moves, more than the move list holds inline.
TEST(EximoRules, X6_ManyArrivalsWithDrops) {
  const auto& g = game();
  const auto pos = g.parse("8/WWWWWWWW/WWWWWWWW/8/8/8/8/8 w");
  const auto moves = g.legal_moves(pos);
  EXPECT_EQ(moves.size(), 2772u) << g.diagram(pos);
  EXPECT_EQ(g.count_moves(pos), 2772u) << g.diagram(pos);
  const auto copy = moves;
  EXPECT_EQ(copy.size(), 2772u);
  EXPECT_EQ(g.move_text(pos, copy[2771]), g.move_text(pos, moves[2771]));
  EXPECT_EQ(moves_of(game(), "8/WWWWWWWW/WWWWWWWW/8/8/8/8/8 w").size(), 2772u);  // texts unique
}

// X7: no men, or all blocked: no legal move, the mover loses.
TEST(EximoRules, X7_NoMovesLoses) {
  const auto& g = game();
  const auto none = g.parse("4B3/8/8/8/8/8/8/8 w");
  EXPECT_EQ(g.count_moves(none), 0u);
  EXPECT_EQ(g.legal_moves(none).size(), 0u);
  EXPECT_EQ(g.outcome(none), arb::Outcome::win(1));
  // d4 blocked by c5 d5 e5, the squares beyond (b6 d6 f6) occupied.
  const auto blocked = g.parse("8/8/1BBBBB2/2BBB3/3W4/8/8/8 w");
  EXPECT_EQ(g.count_moves(blocked), 0u) << g.diagram(blocked);
  EXPECT_EQ(g.outcome(blocked), arb::Outcome::win(1)) << g.diagram(blocked);
  // Black with no men loses too.
  const auto black_none = g.parse("8/8/8/8/8/8/8/3W4 b");
  EXPECT_EQ(g.outcome(black_none), arb::Outcome::win(0));
  EXPECT_EQ(g.outcome(g.start()), arb::Outcome::ongoing());
}

TEST(EximoNotation, RoundTrips) {
  const auto& g = game();
  for (const char* text : {kStart, "1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 b",
                           "8/2BB4/1BB5/8/1B6/W7/2W2W2/8 b", "4B3/8/8/8/8/8/8/8 w",
                           "8/8/8/8/8/8/8/8 w", "BBBBBBBB/WWWWWWWW/8/8/8/8/BBBBBBBB/WWWWWWWW b"})
    EXPECT_EQ(g.format(g.parse(text)), text);
}

TEST(EximoNotation, MoveTextsRoundTripAndCountMatches) {
  const auto& g = game();
  // Every position up to depth 2 from the start, both colours to move.
  std::vector<Eximo::Position> frontier{g.start()};
  for (int depth = 0; depth < 3; ++depth) {
    std::vector<Eximo::Position> next;
    for (const auto& pos : frontier) {
      const auto moves = g.legal_moves(pos);
      ASSERT_EQ(g.count_moves(pos), moves.size()) << g.format(pos) << "\n" << g.diagram(pos);
      std::set<std::string> seen;
      for (const auto& m : moves) {
        const auto text = g.move_text(pos, m);
        EXPECT_TRUE(seen.insert(text).second) << "duplicate " << text << "\n" << g.diagram(pos);
        const auto back = g.parse_move(pos, text);
        EXPECT_EQ(g.format(g.play(pos, back)), g.format(g.play(pos, m)));
        if (depth < 2) next.push_back(g.play(pos, m));
      }
      EXPECT_EQ(g.format(g.parse(g.format(pos))), g.format(pos));
      EXPECT_EQ(g.parse(g.format(pos)), pos);
    }
    frontier = std::move(next);
  }
}

TEST(EximoNotation, RejectsBadPositions) {
  const auto& g = game();
  for (const char* bad : {
           "W7/8/8/8/8/8/8/8 w",   // X6: White on its far rank
           "8/8/8/8/8/8/8/3B4 w",  // Black on its far rank
           "8/8/8/8/8/8/8/8 x",    // side
           "8/8/8/8/8/8/8/8",      // no side
           "8/8/8/8/8/8/8/8 w ",   // trailing space
           "8/8/8/8/8/8/8/8  w",   // two spaces
           "8/8/8/8/8/8/8 w",      // 7 ranks
           "8/8/8/8/8/8/8/8/8 w",  // 9 ranks
           "44/8/8/8/8/8/8/8 w",   // two digits in a row
           "9/8/8/8/8/8/8/8 w",    // bad digit
           "0/8/8/8/8/8/8/8 w",    // bad digit
           "7/8/8/8/8/8/8/8 w",    // short rank
           "8W/8/8/8/8/8/8/8 w",   // long rank
           "4X3/8/8/8/8/8/8/8 w",  // bad character
           "8/8/8/8/8/8/8/8/ w",   // trailing slash
       }) {
    EXPECT_THROW(g.parse(bad), arb::Error) << bad;
  }
  try {
    g.parse("W7/8/8/8/8/8/8/8 w");
  } catch (const arb::Error& e) {
    EXPECT_NE(std::string(e.what()).find("a8"), std::string::npos) << e.what();
  }
}

TEST(EximoNotation, RejectsIllegalMoveTexts) {
  const auto& g = game();
  const auto pos = g.start();
  for (const char* bad : {"b3-b5", "b2-b3", "b1-d3-d5", "c3xc5", "b3-b4 ", "B3-b4", "d7-d6"})
    EXPECT_THROW(g.parse_move(pos, bad), arb::Error) << bad;
  EXPECT_NO_THROW(g.parse_move(pos, "b3-b4"));
}

// Run lengths and square ranks are single digits; a run that
// overflows and wraps to a valid value (2^32 + 8 for 8) or a zero-padded one is
// an error.
TEST(EximoNotation, NumbersNeverWrapNorTakeLeadingZeros) {
  arb::test::expect_number_rules<arb::engine::eximo::Eximo>(arb::test::kEximoNumberRules);
}

// The optional canonical() (perft's table key): a position and its mirror
// image (files a <-> h) have one canonical member and one perft, since every
// clause and the drop zone are symmetric.
TEST(EximoSymmetry, MirrorImagesShareOneCanonicalAndOnePerft) {
  const auto& g = game();
  for (const char* text : {kStart, "8/B7/8/8/3WB3/8/8/8 b",
                           "1B2BBB1/1BB1B1B1/1BB2B2/8/3W4/1W3WW1/W1WWWWW1/2WW1WWW w"}) {
    const auto pos = g.parse(text);
    const Eximo::Position mirror{arb::engine::core::mirror_files(pos.us),
                                 arb::engine::core::mirror_files(pos.them), pos.side};
    EXPECT_EQ(g.canonical(mirror), g.canonical(pos)) << text;
    EXPECT_TRUE(g.canonical(pos) == pos || g.canonical(pos) == mirror) << text;
    EXPECT_EQ(arb::perft(g, mirror, 3), arb::perft(g, pos, 3)) << g.format(mirror);
  }
  EXPECT_EQ(g.format(Eximo::Position{
                arb::engine::core::mirror_files(g.parse("8/8/8/8/8/8/8/W7 w").us), 0, 0}),
            "8/8/8/8/8/8/8/7W w");
}

}  // namespace

// Every rule of RULES.md's Eximo notation (position text and move
// text) rejected with one clear line (common/tests/notation_rules.h).
TEST(EximoNotation, Notation_EveryRuleOfTheTextRejected) {
  arb::test::expect_notation_rules<arb::engine::eximo::Eximo>(arb::test::kEximoNotationRules);
}
