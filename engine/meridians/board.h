// Meridians engine: the board (RULES.md M1). Points are numbered row by row
// from the bottom row `a`, left to right, so a1 = bit 0; a set of points is a
// 192-bit set (three words: size 8 has 154 points). Each size's geometry
// (neighbours, rays, the four symmetries, text order) is built once.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engine/core/bit_set.h"
#include "engine/core/hex_grid.h"
#include "engine/core/inline.h"

namespace arb::engine::meridians::detail {

using Bits = core::BitSet<3>;  // a set of points, bit i = point i

inline constexpr int kMaxPoints = 154;  // size 8
inline constexpr int kMaxRows = 15;
inline constexpr int kDirections = core::kHexDirections;

// M1 geometry of one board size, built once on the shared hex grid with the
// M1 axial form: row i is y, point k (from 1) of it is x = k - min(i, m).
// Directions in axial (x, y): 0 (+1,0), 1 (0,+1), 2 (-1,+1) increase the point
// index; 3, 4, 5 are their opposites (d + 3), which decrease it.
struct Geometry : core::HexGrid<kMaxPoints, kMaxRows> {
  int size = 0, middle = 0;
  std::array<std::array<Bits, kDirections>, kMaxPoints> ray{};       // excludes the point
  std::array<std::array<Bits, kDirections>, kMaxPoints> ray_from{};  // includes it
  std::array<Bits, kMaxPoints> star{};  // the six rays of a point, together
  // The direction from p to q when q lies on one of p's rays, else -1.
  std::array<std::array<std::int8_t, kMaxPoints>, kMaxPoints> direction{};
  // Text order (nth_move): the points of each row, and by_name[r] the point
  // whose name has rank r in byte order. Row letters come first, so row y's
  // names hold the ranks row_start[y] .. row_start[y] + row_len[y] - 1, in the
  // order 1, 10, 11, ..., 2, 3, ..., 9 of their positions.
  std::array<Bits, kMaxRows> row_points{};
  std::array<std::uint8_t, kMaxPoints> by_name{};

  // M1: the four symmetries of the board (property M1_BoardHasFourSymmetries):
  // s = 0 identity, 1 left-right mirror (row a: a1 <-> a<n>), 2 top-bottom
  // mirror (rows a <-> last, points keep their place in the row), 3 the half
  // turn. image[s][p] is the point s takes p to; orientation[s][o] the line
  // orientation (directions o, o + 3) that o becomes. (symmetry.cpp)
  static constexpr int kSymmetries = 4;
  std::array<std::array<std::uint8_t, kMaxPoints>, kSymmetries> image{};
  std::array<std::array<std::uint8_t, 3>, kSymmetries> orientation{};
  Bits map(int s, const Bits& b) const;  // the image of a set under s

  static const Geometry& of(int size);  // size 6, 7 or 8
  int index(int row, int col) const { return row_start[row] + col; }
  // -1 when (x, y) is off the board.
  int at_axial(int x, int y) const { return at(x, y); }
  std::string name(int p) const;

 private:
  Bits turn(const Bits& b) const;  // the half turn
  Bits flip(const Bits& b) const;  // the top-bottom mirror
};

// The empty points from p in direction d up to the first stone, one step at a
// time (on crowded boards runs are short: cheaper than a ray), each passed to
// f; returns that stone (-1: the edge).
template <class F>
ARB_HOT_INLINE int walk(const Geometry& geo, int p, int d, const Bits& occupied, F&& f) {
  int q = geo.step[p][d];
  for (; q >= 0 && !occupied.test(q); q = geo.step[q][d]) f(q);
  return q;
}

}  // namespace arb::engine::meridians::detail
