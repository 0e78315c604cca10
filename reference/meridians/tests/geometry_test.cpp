// M1: the board of every size: points, names, neighbours and the six lines.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/meridians/meridians.h"

namespace {

using arb::Spec;
using arb::reference::Meridians;

Meridians game(int size) {
  return Meridians(Spec::parse("meridians:size=" + std::to_string(size)));
}

std::vector<std::string> names(const Meridians& g, const std::vector<int>& points) {
  std::vector<std::string> out;
  for (int p : points) out.push_back(g.point_name(p));
  return out;
}

std::vector<std::string> neighbour_names(const Meridians& g, const std::string& point) {
  const int p = g.point_by_name(point);
  EXPECT_GE(p, 0) << point;
  return names(g, g.neighbours(p));
}

// The line from `from` that passes next through `next`.
std::vector<std::string> line_through(const Meridians& g, const std::string& from,
                                      const std::string& next) {
  const int p = g.point_by_name(from);
  for (int d = 0; d < 6; ++d)
    if (g.step(p, d) == g.point_by_name(next)) return names(g, g.line(p, d));
  ADD_FAILURE() << next << " is no neighbour of " << from;
  return {};
}

int neighbour_pairs(const Meridians& g) {
  int twice = 0;
  for (int p = 0; p < g.point_count(); ++p) twice += static_cast<int>(g.neighbours(p).size());
  return twice / 2;
}

TEST(MeridiansGeometry, M1_PointCountsAndRowWidths) {
  EXPECT_EQ(game(6).point_count(), 80);
  EXPECT_EQ(game(7).point_count(), 114);
  EXPECT_EQ(game(8).point_count(), 154);
  const Meridians g = game(7);
  ASSERT_EQ(g.row_count(), 13);  // rows a..m
  const std::vector<int> widths{6, 7, 8, 9, 10, 11, 12, 11, 10, 9, 8, 7, 6};
  for (int r = 0; r < 13; ++r) EXPECT_EQ(g.row_width(r), widths[r]) << "row " << char('a' + r);
  EXPECT_EQ(game(6).row_count(), 11);  // widths 5..10..5
  EXPECT_EQ(game(8).row_count(), 15);  // widths 7..14..7
}

TEST(MeridiansGeometry, M1_PointNamesRoundTrip) {
  for (int size : {6, 7, 8}) {
    const Meridians g = game(size);
    for (int p = 0; p < g.point_count(); ++p) EXPECT_EQ(g.point_by_name(g.point_name(p)), p);
  }
  const Meridians g = game(7);
  EXPECT_EQ(g.point_name(0), "a1");
  EXPECT_EQ(g.point_name(113), "m6");
  EXPECT_EQ(g.point_by_name("a7"), -1);
  EXPECT_EQ(g.point_by_name("g13"), -1);
  EXPECT_EQ(g.point_by_name("n1"), -1);
  EXPECT_EQ(g.point_by_name("g06"), -1);
  EXPECT_EQ(game(8).point_name(game(8).point_by_name("h14")), "h14");
}

// Pairs, counted by hand from M1 with widths w(r): sum(w - 1) along the rows;
// below the middle row each point k touches k and k+1 above (2 w(r) pairs);
// from the middle row up, each point of the row above touches two points
// below (2 w(r+1) pairs).
// size 7: 101 + 2(6+7+8+9+10+11) + 2(11+10+9+8+7+6) = 101 + 102 + 102 = 305 (the brief);
// size 6:  69 + 2(5+6+7+8+9) + 2(9+8+7+6+5)          =  69 +  70 +  70 = 209;
// size 8: 139 + 2(7+...+13) + 2(13+...+7)            = 139 + 140 + 140 = 419.
TEST(MeridiansGeometry, M1_NeighbourPairs) {
  EXPECT_EQ(neighbour_pairs(game(7)), 305);
  EXPECT_EQ(neighbour_pairs(game(6)), 209);
  EXPECT_EQ(neighbour_pairs(game(8)), 419);
}

TEST(MeridiansGeometry, M1_NeighboursOfCornerEdgeAndMiddle) {
  const Meridians g = game(7);
  using V = std::vector<std::string>;
  EXPECT_EQ(neighbour_names(g, "a1"), (V{"a2", "b1", "b2"}));                    // bottom corner
  EXPECT_EQ(neighbour_names(g, "a6"), (V{"a5", "b6", "b7"}));                    // bottom corner
  EXPECT_EQ(neighbour_names(g, "g1"), (V{"f1", "g2", "h1"}));                    // left corner
  EXPECT_EQ(neighbour_names(g, "g12"), (V{"f11", "g11", "h11"}));                // right corner
  EXPECT_EQ(neighbour_names(g, "m1"), (V{"l1", "l2", "m2"}));                    // top corner
  EXPECT_EQ(neighbour_names(g, "a3"), (V{"a2", "a4", "b3", "b4"}));              // bottom edge
  EXPECT_EQ(neighbour_names(g, "d1"), (V{"c1", "d2", "e1", "e2"}));              // left edge, lower
  EXPECT_EQ(neighbour_names(g, "j1"), (V{"i1", "i2", "j2", "k1"}));              // left edge, upper
  EXPECT_EQ(neighbour_names(g, "g6"), (V{"f5", "f6", "g5", "g7", "h5", "h6"}));  // middle row
  EXPECT_EQ(neighbour_names(g, "d4"), (V{"c3", "c4", "d3", "d5", "e4", "e5"}));  // below
  EXPECT_EQ(neighbour_names(g, "j4"), (V{"i4", "i5", "j3", "j5", "k3", "k4"}));  // above
}

TEST(MeridiansGeometry, M1_LinesFromRulesExamples) {
  const Meridians g = game(7);
  using V = std::vector<std::string>;
  EXPECT_EQ(line_through(g, "a1", "a2"), (V{"a2", "a3", "a4", "a5", "a6"}));
  EXPECT_EQ(line_through(g, "a1", "b2"),
            (V{"b2", "c3", "d4", "e5", "f6", "g7", "h7", "i7", "j7", "k7", "l7"}));
  EXPECT_EQ(line_through(g, "a1", "b1"), (V{"b1", "c1", "d1", "e1", "f1", "g1"}));
  EXPECT_EQ(line_through(g, "g6", "h6"), (V{"h6", "i6", "j6", "k6", "l6", "m6"}));
  EXPECT_EQ(line_through(g, "g6", "h5"), (V{"h5", "i4", "j3", "k2", "l1"}));
  EXPECT_EQ(line_through(g, "g6", "f6"), (V{"f6", "e6", "d6", "c6", "b6", "a6"}));
  EXPECT_EQ(line_through(g, "g6", "f5"), (V{"f5", "e4", "d3", "c2", "b1"}));
  EXPECT_EQ(line_through(g, "g6", "g5"), (V{"g5", "g4", "g3", "g2", "g1"}));
  EXPECT_EQ(line_through(g, "g6", "g7"), (V{"g7", "g8", "g9", "g10", "g11", "g12"}));
}

// Lines are straight both ways: going back retraces the same points.
TEST(MeridiansGeometry, M1_DirectionsAreOppositePairs) {
  for (int size : {6, 7, 8}) {
    const Meridians g = game(size);
    for (int p = 0; p < g.point_count(); ++p)
      for (int d = 0; d < 6; ++d) {
        const int q = g.step(p, d);
        if (q >= 0) {
          EXPECT_EQ(g.step(q, d ^ 1), p) << g.point_name(p) << " dir " << d;
        }
      }
  }
}

// Used by the note in meridians.cpp: every point has at least 3 directions
// with room for a second stone (2 or more points), so an opponent with at most
// 2 stones can never block every M5 placement: no pass in the opening.
TEST(MeridiansGeometry, M1_EveryPointHasThreeLinesOfTwoOrMore) {
  for (int size : {6, 7, 8}) {
    const Meridians g = game(size);
    for (int p = 0; p < g.point_count(); ++p) {
      int long_lines = 0;
      for (int d = 0; d < 6; ++d) long_lines += g.line(p, d).size() >= 2 ? 1 : 0;
      EXPECT_GE(long_lines, 3) << g.point_name(p) << " on size " << size;
    }
  }
}

}  // namespace
