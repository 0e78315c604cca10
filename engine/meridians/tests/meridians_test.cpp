// Meridians engine tests, one group per clause of RULES.md (M1-M10). Every
// expected count is a hand count from the rules (worked out in the comments)
// or a number given in RULES.md / the brief (perft, 305 neighbour pairs).
#include "engine/meridians/meridians.h"
#include "common/tests/game_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "common/tests/digit_runs.h"
#include "common/tests/notation_rules.h"
#include "common/tests/number_rules.h"
#include "perft/count/perft.h"

namespace {

using arb::engine::meridians::Meridians;

const Meridians& game(int size = 7, bool swap = false) {
  if (swap) return arb::test::game<Meridians>("meridians:swap");
  return arb::test::game<Meridians>(size == 7 ? "meridians"
                                              : "meridians:size=" + std::to_string(size));
}

// The empty size-7 board rows, top (m) to bottom (a).
const std::string kEmpty7 = "6/7/8/9/10/11/12/11/10/9/8/7/6";

using arb::test::moves_of;
using arb::test::sorted;

void expect_moves(const std::string& text, std::vector<std::string> expected) {
  arb::test::expect_moves(game(), text, std::move(expected));
}

// The named points, from a1, along the set bits.
std::set<std::string> names(const Meridians& g, Meridians::Bits b) {
  std::set<std::string> out;
  for (int p = 0; p < g.geometry().cells; ++p)
    if (b.test(p)) out.insert(g.geometry().name(p));
  return out;
}

int point(const Meridians& g, const std::string& name) {
  const auto& geo = g.geometry();
  for (int p = 0; p < geo.cells; ++p)
    if (geo.name(p) == name) return p;
  ADD_FAILURE() << "no point " << name;
  return 0;
}

std::vector<std::string> line_from(const Meridians& g, const std::string& from, int d) {
  std::vector<std::string> out;
  for (int p = g.geometry().step[point(g, from)][d]; p >= 0; p = g.geometry().step[p][d])
    out.push_back(g.geometry().name(p));
  return out;
}

// ---- M1 geometry ----

TEST(MeridiansRules, M1_PointCounts) {
  EXPECT_EQ(game(6).geometry().cells, 80);
  EXPECT_EQ(game(7).geometry().cells, 114);
  EXPECT_EQ(game(8).geometry().cells, 154);
  // Size 7: rows a..m, widths 6, 7, ..., 12, ..., 7, 6.
  const auto& geo = game(7).geometry();
  ASSERT_EQ(geo.rows, 13);
  for (int i = 0; i < 13; ++i) EXPECT_EQ(geo.row_len[i], 6 + std::min(i, 12 - i)) << i;
}

TEST(MeridiansRules, M1_NeighbourPairs) {
  const auto& geo = game(7).geometry();
  int incidences = 0;
  for (int p = 0; p < geo.cells; ++p) {
    incidences += geo.neighbours[p].count();
    for (int q = 0; q < geo.cells; ++q)
      EXPECT_EQ(geo.neighbours[p].test(q), geo.neighbours[q].test(p)) << geo.name(p) << geo.name(q);
  }
  EXPECT_EQ(incidences, 2 * 305);
}

TEST(MeridiansRules, M1_CornerEdgeMiddleNeighbours) {
  const auto& g = game(7);
  const auto nb = [&](const std::string& p) {
    return names(g, g.geometry().neighbours[point(g, p)]);
  };
  // Corner a1: right, and k, k+1 above (b1, b2).
  EXPECT_EQ(nb("a1"), (std::set<std::string>{"a2", "b1", "b2"}));
  // Middle-row corner g1: right, k-1 and k above (h1 only), k and k-1 below (f1 only).
  EXPECT_EQ(nb("g1"), (std::set<std::string>{"g2", "h1", "f1"}));
  // Top corner m6: left, and below (row l below the middle row: l6, l7).
  EXPECT_EQ(nb("m6"), (std::set<std::string>{"m5", "l6", "l7"}));
  // Edge a3: a2, a4, b3, b4.
  EXPECT_EQ(nb("a3"), (std::set<std::string>{"a2", "a4", "b3", "b4"}));
  // Middle g6: six neighbours.
  EXPECT_EQ(nb("g6"), (std::set<std::string>{"g5", "g7", "h5", "h6", "f5", "f6"}));
}

TEST(MeridiansRules, M1_LinesFromA1AndG6) {
  const auto& g = game(7);
  using V = std::vector<std::string>;
  std::set<V> from_a1, from_g6;
  for (int d = 0; d < 6; ++d) {
    if (auto l = line_from(g, "a1", d); !l.empty()) from_a1.insert(l);
    if (auto l = line_from(g, "g6", d); !l.empty()) from_g6.insert(l);
  }
  // RULES.md M1 examples.
  EXPECT_EQ(from_a1,
            (std::set<V>{{"a2", "a3", "a4", "a5", "a6"},
                         {"b2", "c3", "d4", "e5", "f6", "g7", "h7", "i7", "j7", "k7", "l7"},
                         {"b1", "c1", "d1", "e1", "f1", "g1"}}));
  EXPECT_TRUE(from_g6.count({"h6", "i6", "j6", "k6", "l6", "m6"}));
  EXPECT_TRUE(from_g6.count({"h5", "i4", "j3", "k2", "l1"}));
  EXPECT_TRUE(from_g6.count({"f6", "e6", "d6", "c6", "b6", "a6"}));
  EXPECT_TRUE(from_g6.count({"f5", "e4", "d3", "c2", "b1"}));
  EXPECT_TRUE(from_g6.count({"g7", "g8", "g9", "g10", "g11", "g12"}));
  EXPECT_TRUE(from_g6.count({"g5", "g4", "g3", "g2", "g1"}));
  EXPECT_EQ(from_g6.size(), 6u);
}

// ---- M4, M5 openings ----

TEST(MeridiansRules, M4_FirstStoneAnywhere) {
  const auto& g = game();
  EXPECT_EQ(g.format(g.start()), kEmpty7 + " w 0 0");
  EXPECT_EQ(g.count_moves(g.start()), 114u);
  const auto pos = g.play(g.start(), g.parse_move(g.start(), "g6"));
  EXPECT_EQ(g.format(pos), "6/7/8/9/10/11/5W6/11/10/9/8/7/6 b 1 0");
  EXPECT_EQ(g.count_moves(pos), 113u) << g.diagram(pos);  // every other point
}

TEST(MeridiansRules, M5_SecondStoneHasPathToFirst) {
  // White a1, Black m6 (on none of a1's lines). White's second stone: a1's three
  // lines minus the adjacent points a2, b2, b1: a3-a6 (4), c3..l7 (10), c1..g1 (5).
  expect_moves("5B/7/8/9/10/11/12/11/10/9/8/7/W5 w 1 1",
               {"a3", "a4", "a5", "a6", "c3", "d4", "e5", "f6", "g7", "h7", "i7", "j7", "k7", "l7",
                "c1", "d1", "e1", "f1", "g1"});
  // Black on e5 blocks the diagonal after d4.
  expect_moves("6/7/8/9/10/11/12/11/4B5/9/8/7/W5 w 1 1",
               {"a3", "a4", "a5", "a6", "c3", "d4", "c1", "d1", "e1", "f1", "g1"});
}

// ---- M6 placement by line of sight ----

TEST(MeridiansRules, M6_PlacementSeesOwnStoneFirst) {
  // White g6 alone (to move, placed 2+), Black a1 and a3 (path over a2). White
  // sees along g6's six lines: h6..m6 (6), h5..l1 (5), f6..a6 (6), f5..b1 (5),
  // g1..g5 (5), g7..g12 (6) = 33.
  const auto& g = game();
  const std::string open = "6/7/8/9/10/11/5W6/11/10/9/8/7/B1B3 w 2 2";
  EXPECT_EQ(g.count_moves(g.parse(open)), 33u) << g.diagram(g.parse(open));
  // Black d3 (alive: path to a3 over c3, b3) cuts the line f5 e4 d3 c2 b1 after e4.
  const std::string cut = "6/7/8/9/10/11/5W6/11/10/2B6/8/7/B1B3 w 2 2";
  const auto pos = g.parse(cut);
  EXPECT_EQ(g.count_moves(pos), 30u) << g.diagram(pos);
  const auto texts = arb::sorted_move_texts(g, pos);
  EXPECT_TRUE(std::count(texts.begin(), texts.end(), "e4")) << g.diagram(pos);
  EXPECT_FALSE(std::count(texts.begin(), texts.end(), "c2")) << g.diagram(pos);
  EXPECT_TRUE(std::count(texts.begin(), texts.end(), "a6")) << g.diagram(pos);
}

TEST(MeridiansRules, M6_AdjacentOwnStoneCounts) {
  // White a1 with Black a2 and b2 beside it: a1's row and its b2 line are
  // blocked at once; the line b1 .. g1 is empty, so b1 (adjacent) and c1..g1
  // see a1 first. Black a2-b2 has a path to Black a4 over a3 (Black alive).
  expect_moves("6/7/8/9/10/11/12/11/10/9/8/1B5/WB1B2 w 2 2", {"b1", "c1", "d1", "e1", "f1", "g1"});
}

// ---- M7 pass, M8 end ----

TEST(MeridiansRules, M7_PassOnlyWhenSurroundedThenLost) {
  // White a1 with Black a2, b1, b2 around it; Black a4 gives Black a path.
  const auto& g = game();
  const auto pos = g.parse("6/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2");
  EXPECT_EQ(arb::sorted_move_texts(g, pos), std::vector<std::string>{"pass"}) << g.diagram(pos);
  EXPECT_EQ(g.count_moves(pos), 1u);
  const auto after = g.play(pos, g.parse_move(pos, "pass"));
  // M10 removes White's dead a1; M8: White has no stones and has lost.
  EXPECT_EQ(g.format(after), "6/7/8/9/10/11/12/11/10/9/8/BB5/1B1B2 b 2 2") << g.diagram(after);
  EXPECT_EQ(g.outcome(after), arb::Outcome::win(1));
  EXPECT_EQ(g.count_moves(after), 0u);
  EXPECT_TRUE(g.legal_moves(after).size() == 0);
  // A player with a placement may not pass.
  EXPECT_THROW(g.parse_move(g.parse("6/7/8/9/10/11/5W6/11/10/9/8/7/B1B3 w 2 2"), "pass"),
               arb::Error);
}

TEST(MeridiansRules, M7_NoPassBeforeTheThirdStone) {
  // A second stone (M5) always exists: every point has at least three lines of
  // two or more points, and the opponent has at most two stones to block them
  // (a stone blocks one line). So `pass` only arises from the third stone on.
  for (int size : {6, 7, 8}) {
    const auto& geo = game(size).geometry();
    for (int p = 0; p < geo.cells; ++p) {
      int long_lines = 0;
      for (int d = 0; d < 6; ++d) long_lines += geo.ray[p][d].count() >= 2;
      EXPECT_GE(long_lines, 3) << "size " << size << " point " << geo.name(p);
    }
  }
}

TEST(MeridiansRules, M8_OwnPlacementKillsLastGroupAndLoses) {
  // White a1, a3 (path over a2); White fills a2: one group, no path, dead,
  // removed (M10); White has no stones: Black wins at once (M8).
  const auto& g = game();
  const auto pos = g.parse("B1B3/7/8/9/10/11/12/11/10/9/8/7/W1W3 w 2 2");
  EXPECT_EQ(g.outcome(pos), arb::Outcome::ongoing());
  const auto after = g.play(pos, g.parse_move(pos, "a2"));
  EXPECT_EQ(g.format(after), "B1B3/7/8/9/10/11/12/11/10/9/8/7/6 b 2 2") << g.diagram(after);
  EXPECT_EQ(g.outcome(after), arb::Outcome::win(1)) << g.diagram(after);
  EXPECT_EQ(g.count_moves(after), 0u);
}

// ---- M2, M3 paths and dead groups ----

TEST(MeridiansRules, M2_PathNeedsOnlyEmptyPointsBetween) {
  const auto& g = game();
  // White a1 and a4, a2 a3 empty: a path, both alive.
  const auto open = g.parse("B1B3/7/8/9/10/11/12/11/10/9/8/7/W2W2 b 2 2");
  EXPECT_FALSE(g.dead_stones(open, 0).any()) << g.diagram(open);
  // Black a2 between them (alive itself: path to c4 over b3): no path, both dead.
  const auto cut = g.parse("B1B3/7/8/9/10/11/12/11/10/9/3B4/7/WB1W2 w 2 2");
  EXPECT_TRUE(g.dead_stones(cut, 0) == cut.stones[0]) << g.diagram(cut);
  EXPECT_FALSE(g.dead_stones(cut, 1).any()) << g.diagram(cut);
  // Adjacent White a1 a2: one group, no empty point between, no path: dead.
  const auto touching = g.parse("B1B3/7/8/9/10/11/12/11/10/9/8/7/WW4 w 2 2");
  EXPECT_TRUE(g.dead_stones(touching, 0) == touching.stones[0]) << g.diagram(touching);
}

TEST(MeridiansRules, M3_APathMustJoinTwoDifferentGroups) {
  // White a1-b2 (adjacent) and a3 see each other over a2: two groups with a
  // path, alive. White b3 touches b2 and a3: one group a1 b2 b3 a3, and a1-a3
  // over a2 is no path any more (same group): dead, removed, White has lost.
  const auto& g = game();
  const auto pos = g.parse("B1B3/7/8/9/10/11/12/11/10/9/8/1W5/W1W3 w 2 2");
  EXPECT_FALSE(g.dead_stones(pos, 0).any()) << g.diagram(pos);
  const auto after = g.play(pos, g.parse_move(pos, "b3"));
  EXPECT_EQ(g.format(after), "B1B3/7/8/9/10/11/12/11/10/9/8/7/6 b 2 2") << g.diagram(after);
  EXPECT_EQ(g.outcome(after), arb::Outcome::win(1));
  // White b4 instead: group b2? No: b4 is not adjacent to b2 (b3 between) and
  // touches a3 (a3's upper neighbours are b3, b4): groups {a1, b2}, {a3, b4};
  // a1-a3 over a2 and b2-b4 over b3 are paths: nothing removed.
  const auto kept = g.play(pos, g.parse_move(pos, "b4"));
  EXPECT_EQ(g.format(kept), "B1B3/7/8/9/10/11/12/11/10/9/8/1W1W3/W1W3 b 2 2") << g.diagram(kept);
}

// ---- M10 removal timing ----

TEST(MeridiansRules, M10_OpponentGroupsStayUntilTheirOwnerMoves) {
  const auto& g = game();
  // Black c4 (dead, but Black is to move) plays a2: a2 and c4 now have a path
  // over b3. White a1 and a3 lose their path but are NOT removed.
  auto pos = g.parse("B1B3/7/8/9/10/11/12/11/10/9/3B4/7/W1W3 b 2 2");
  pos = g.play(pos, g.parse_move(pos, "a2"));
  EXPECT_EQ(g.format(pos), "B1B3/7/8/9/10/11/12/11/10/9/3B4/7/WBW3 w 2 2") << g.diagram(pos);
  EXPECT_TRUE(g.dead_stones(pos, 0) == pos.stones[0]) << g.diagram(pos);
  // White a5 revives a3 (path over a4); a1 stays dead and is removed.
  const auto revived = g.play(pos, g.parse_move(pos, "a5"));
  EXPECT_EQ(g.format(revived), "B1B3/7/8/9/10/11/12/11/10/9/3B4/7/1BW1W1 b 2 2")
      << g.diagram(revived);
  // White b1 instead revives nothing: a1-b1 and a3 are dead, all removed, White lost.
  const auto lost = g.play(pos, g.parse_move(pos, "b1"));
  EXPECT_EQ(g.format(lost), "B1B3/7/8/9/10/11/12/11/10/9/3B4/7/1B4 b 2 2") << g.diagram(lost);
  EXPECT_EQ(g.outcome(lost), arb::Outcome::win(1));
}

TEST(MeridiansRules, M10_ListedMovesRemoveWhatTheFullCheckRemoves) {
  // legal_moves marks each placement with what M10 removes after it; a move
  // built from its point alone (as parse_move returns it) gets the full check
  // in play. Both must give the same position, for every placement of
  // positions where the mover has a dead group before he moves.
  const auto& g = game();
  std::vector<Meridians::Position> positions;
  // White a1 and a3 lost their path to Black a2 (the test above): every
  // White group is dead and no White line is a candidate path.
  auto cut = g.parse("B1B3/7/8/9/10/11/12/11/10/9/3B4/7/W1W3 b 2 2");
  positions.push_back(g.play(cut, g.parse_move(cut, "a2")));
  // White a1 b2 b3 a3: one group, its line a1-a3 over a2 is no path (dead);
  // White m1 m3 have a path over m2. Black g1 g3: a path over g2.
  positions.push_back(g.parse("W1W3/7/8/9/10/11/B1B9/11/10/9/8/1WW4/W1W3 w 2 2"));
  for (const auto& pos : positions) {
    ASSERT_TRUE(g.dead_stones(pos, pos.side).any()) << g.diagram(pos);
    for (const auto& listed : g.legal_moves(pos)) {
      const Meridians::Move bare{listed.code};
      EXPECT_EQ(g.format(g.play(pos, listed)), g.format(g.play(pos, bare)))
          << g.diagram(pos) << "move " << g.move_text(pos, listed);
    }
  }
}

TEST(MeridiansRules, M10_NoRemovalBeforeTheThirdStone) {
  // A lone first stone has no path (M3: dead), yet nothing is removed before a
  // player has placed 3 stones: White a1, Black a2, White g1 (path over b1..f1).
  const auto& g = game();
  auto pos = g.play(g.start(), g.parse_move(g.start(), "a1"));
  EXPECT_TRUE(g.dead_stones(pos, 0) == pos.stones[0]) << g.diagram(pos);
  pos = g.play(pos, g.parse_move(pos, "a2"));
  pos = g.play(pos, g.parse_move(pos, "g1"));
  EXPECT_EQ(g.format(pos), "6/7/8/9/10/11/W11/11/10/9/8/7/WB4 b 2 1") << g.diagram(pos);
  EXPECT_TRUE(g.dead_stones(pos, 1) == pos.stones[1]) << g.diagram(pos);
  EXPECT_FALSE(g.dead_stones(pos, 0).any()) << g.diagram(pos);
}

// ---- M9 swap ----

TEST(MeridiansRules, M9_SwapAfterWhitesFirstStone) {
  const auto& g = game(7, true);
  EXPECT_EQ(g.count_moves(g.start()), 114u);  // no swap for White
  const auto pos = g.play(g.start(), g.parse_move(g.start(), "g6"));
  EXPECT_EQ(g.format(pos), "6/7/8/9/10/11/5W6/11/10/9/8/7/6 b 1 0 swap");
  EXPECT_EQ(g.count_moves(pos), 114u) << g.diagram(pos);  // 113 points + swap
  const auto swapped = g.play(pos, g.parse_move(pos, "swap"));
  EXPECT_EQ(g.format(swapped), "6/7/8/9/10/11/5W6/11/10/9/8/7/6 b 1 0");
  EXPECT_EQ(g.count_moves(swapped), 113u);
  EXPECT_EQ(arb::perft(g, g.start(), 2), 12996u);  // RULES.md: 114 * 114
  // Without the option there is no swap.
  EXPECT_THROW(game().parse_move(game().parse("6/7/8/9/10/11/5W6/11/10/9/8/7/6 b 1 0"), "swap"),
               arb::Error);
}

// ---- M11 no stone supply ----

TEST(MeridiansRules, M11_NoStoneSupplyLimit) {
  // Seed 003's 75-stone supply is not enforced: White, with 108 stones (rows
  // b to m full), still places. Black a1 and a3 have a path over a2 (alive);
  // a2, a4, a5, a6 each touch a White stone on row b (M6: adjacent counts).
  std::string rows;
  for (int width : {6, 7, 8, 9, 10, 11, 12, 11, 10, 9, 8, 7}) rows += std::string(width, 'W') + "/";
  const auto& g = game();
  const auto pos = g.parse(rows + "B1B3 w 2 2");
  EXPECT_EQ(pos.stones[0].count(), 108);
  EXPECT_EQ(arb::sorted_move_texts(g, pos), (std::vector<std::string>{"a2", "a4", "a5", "a6"}))
      << g.diagram(pos);
  EXPECT_EQ(g.count_moves(pos), 4u);
}

// ---- Perft from the start: common/tests/meridians_examples.h, written once
// for both implementations (variants_test.cpp instantiates it here) ----

TEST(MeridiansNotation, Size6StartText) {
  const auto& g = game(6);
  EXPECT_EQ(g.format(g.start()), "5/6/7/8/9/10/9/8/7/6/5 w 0 0");
}

// ---- M1 symmetry: the optional canonical(), perft's table key ----

// The geometry's symmetries: involutions that keep neighbours, a set maps
// point by point, and a1 goes to the four corners named in M1.
TEST(MeridiansSymmetry, M1_FourSymmetriesOfTheBoard) {
  for (int size : {6, 7, 8}) {
    const auto& geo = game(size).geometry();
    const std::string top(1, static_cast<char>('a' + geo.rows - 1)), n = std::to_string(size - 1);
    const std::string corners[4] = {"a1", "a" + n, top + "1", top + n};
    for (int s = 0; s < 4; ++s) {
      EXPECT_EQ(geo.name(geo.image[s][0]), corners[s]) << size << " symmetry " << s;
      Meridians::Bits all;
      for (int p = 0; p < geo.cells; ++p) {
        const int q = geo.image[s][p];
        all.set(q);
        EXPECT_EQ(geo.image[s][q], p);
        EXPECT_EQ(geo.map(s, Meridians::Bits::single(p)), Meridians::Bits::single(q));
        for (int d = 0; d < 6; ++d) {
          const int r = geo.step[p][d];
          if (r < 0) continue;
          const int e = geo.direction[q][geo.image[s][r]];  // a neighbour, on a line
          ASSERT_GE(e, 0);
          EXPECT_EQ(geo.step[q][e], geo.image[s][r]);
          EXPECT_EQ(e % 3, geo.orientation[s][d % 3]);
        }
      }
      EXPECT_EQ(all, geo.all);
    }
  }
}

// The four images of a position reached by play are valid positions with one
// canonical member and one perft, and carry the derived state (M6 sight, the
// last placement) that parse and play give them: perft's table plays on from
// the canonical member.
TEST(MeridiansSymmetry, FourImagesShareOneCanonicalAndOnePerft) {
  struct Case {
    const char* spec;
    int plies;
  };
  const Case cases[] = {{"meridians", 0},
                        {"meridians", 1},
                        {"meridians", 3},
                        {"meridians", 12},
                        {"meridians", 40},
                        {"meridians", 80},
                        {"meridians:size=6", 30},
                        {"meridians:size=8", 50},
                        {"meridians:swap", 1},
                        {"meridians:swap", 2},
                        {"meridians:second=sight", 4},
                        {"meridians:pass=keeps,size=6", 60}};
  std::uint64_t seed = 7;
  for (const auto& c : cases) {
    const auto& g = arb::test::game<Meridians>(c.spec);
    auto pos = g.start();
    for (int i = 0; i < c.plies && !g.outcome(pos).finished; ++i) {
      const auto moves = g.legal_moves(pos);
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      pos = g.play(pos, moves[static_cast<std::size_t>((seed >> 33) % moves.size())]);
    }
    const int depth = c.plies < 4 ? 3 : 2;
    const auto expected = arb::perft(g, pos, depth);
    const auto key = g.canonical(pos);
    const auto check = [&](const Meridians::Position& p, const std::string& what) {
      SCOPED_TRACE(std::string(c.spec) + " " + what + " " + g.format(p));
      ASSERT_TRUE(g.ok(p));
      const auto parsed = g.parse(g.format(p));
      EXPECT_EQ(g.format(parsed), g.format(p));
      EXPECT_EQ(g.canonical(p), key);
      EXPECT_EQ(arb::perft(g, p, depth), expected);
      EXPECT_EQ(g.placements(p), g.placements(parsed));
      EXPECT_EQ(p.tracked, pos.tracked);
      if (p.tracked && parsed.tracked) {  // parse keeps sight earlier than play
        for (int col = 0; col < 2; ++col)
          for (int o = 0; o < 3; ++o) EXPECT_EQ(p.sight.of[col][o], parsed.sight.of[col][o]);
      }
      EXPECT_EQ(p.stale, pos.stale);
    };
    for (int s = 0; s < 4; ++s) {
      const auto image = g.image(pos, s);
      check(image, "symmetry " + std::to_string(s));
      if (pos.last != Meridians::Position::kUnknown) {
        EXPECT_EQ(image.last, g.geometry().image[s][pos.last]);
      }
    }
    check(key, "canonical");
    bool last_mapped = false;  // by the symmetry that gave the key
    for (int s = 0; s < 4; ++s)
      last_mapped |= g.image(pos, s) == key && (pos.last == Meridians::Position::kUnknown
                                                    ? key.last == pos.last
                                                    : key.last == g.geometry().image[s][pos.last]);
    EXPECT_TRUE(last_mapped) << c.spec;
    EXPECT_EQ(g.canonical(key), key);
  }
  // Symmetry 1 mirrors the rows: a1 <-> a6 on size 7.
  EXPECT_EQ(game().format(
                game().image(game().parse(kEmpty7.substr(0, kEmpty7.size() - 1) + "W5 b 1 0"), 1)),
            kEmpty7.substr(0, kEmpty7.size() - 1) + "5W b 1 0");
}

// ---- Notation ----

TEST(MeridiansNotation, RoundTrips) {
  for (const std::string& text :
       {kEmpty7 + " w 0 0", std::string("B1B3/7/8/9/10/11/12/11/10/9/3B4/7/WBW3 w 2 2"),
        std::string("6/7/8/9/10/11/12/11/10/9/8/BB5/1B1B2 b 2 2"),
        std::string("6/7/8/9/10/11/5W6/11/10/9/8/7/6 b 1 0")}) {
    const auto& g = game();
    EXPECT_EQ(g.format(g.parse(text)), text);
  }
  const auto& gs = game(7, true);
  EXPECT_EQ(gs.format(gs.parse("6/7/8/9/10/11/5W6/11/10/9/8/7/6 b 1 0 swap")),
            "6/7/8/9/10/11/5W6/11/10/9/8/7/6 b 1 0 swap");
  const auto pos = gs.parse("6/7/8/9/10/11/5W6/11/10/9/8/7/6 b 1 0 swap");
  for (const auto& m : gs.legal_moves(pos)) EXPECT_EQ(gs.parse_move(pos, gs.move_text(pos, m)), m);
}

TEST(MeridiansNotation, Rejections) {
  const auto& g = game();
  const auto rejects = [&](const std::string& text, const std::string& why) {
    try {
      g.parse(text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const arb::Error& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << text << ": " << e.what();
    }
  };
  rejects(kEmpty7 + " w 0", "position");
  rejects(kEmpty7 + "  w 0 0", "empty field");
  rejects(kEmpty7 + " x 0 0", "side");
  rejects(kEmpty7 + " w 3 0", "placed-white");
  rejects(kEmpty7 + " w 0 0 swap", "swap");  // no swap option
  rejects("6/7/8/9/10/11/12/11/10/9/8/7/7 w 0 0", "row a");
  rejects("6/7/8/9/10/11/12/11/10/9/8/7/05 w 0 0", "row a");
  rejects("6/7/8/9/10/11/12/11/10/9/8/7 w 0 0", "rows");
  rejects("6/7/8/9/10/11/12/11/10/9/8/7/5X w 0 0", "row a: unexpected character 'X'");
  rejects("6/7/8/9/10/11/12/11/10/9/8/7/W5 w 0 0", "placed-white");  // stone, none placed
  rejects(kEmpty7 + " b 0 0", "side");                               // White moves first
  rejects(kEmpty7 + " w 2 2", "no stones");  // M8: White to move cannot be stoneless
  // Black a2 next to nothing black: a dead group of the side not to move (placed 2).
  rejects("B1B3/7/8/9/10/11/12/11/10/9/8/7/WBW3 w 2 2", "black group at a2 is dead");
  // The same group is fine when Black is to move (White a1-a3 path blocked: White dead, rejected).
  rejects("B1B3/7/8/9/10/11/12/11/10/9/8/7/WBW3 b 2 2", "white group at a1 is dead");
  // Moves.
  const auto start = g.start();
  EXPECT_THROW(g.parse_move(start, "g06"), arb::Error);
  EXPECT_THROW(g.parse_move(start, "g13"), arb::Error);
  EXPECT_THROW(g.parse_move(start, "n1"), arb::Error);
  EXPECT_THROW(g.parse_move(start, "pass"), arb::Error);
  EXPECT_THROW(g.parse_move(start, "G6"), arb::Error);
  EXPECT_NO_THROW(g.parse_move(start, "g12"));
}

// Run lengths (several digits: `12`), placed counters and the
// numbers in point names are plain digits without leading zeros; a run that
// overflows and wraps to a valid value is an error. The reference read
// 4294967302 (2^32 + 6) as 6 and took this text for the start position.
TEST(MeridiansNotation, NumbersNeverWrapNorTakeLeadingZeros) {
  arb::test::expect_number_rules<arb::engine::meridians::Meridians>(
      arb::test::kMeridiansNumberRules);
}

}  // namespace

// Every rule of RULES.md's Meridians notation (position text and move
// text) rejected with one clear line (common/tests/notation_rules.h).
TEST(MeridiansNotation, Notation_EveryRuleOfTheTextRejected) {
  arb::test::expect_notation_rules<arb::engine::meridians::Meridians>(
      arb::test::kMeridiansNotationRules);
}
