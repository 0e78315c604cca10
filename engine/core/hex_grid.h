// A hexagon-shaped board on axial coordinates, shared by the engines of the
// hex games (Meridians RULES.md M1, Ecalper C1): vocabulary only, no rules.
//
// A cell is (x, y): y is its row (0 .. rows-1), x runs along the row. Row y
// holds the cells x = row_lo[y] .. row_lo[y] + row_len[y] - 1. The six
// directions are (+1,0), (0,+1), (-1,+1) and their opposites (d + 3): every
// hexagon on a triangular or hexagonal lattice takes this form (Ecalper's
// (q, r) becomes (q - r, r)). Cells are numbered row by row from y = 0, each
// row by increasing x, so directions 0, 1, 2 increase the cell index and
// 3, 4, 5 decrease it.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/bit_set.h"

namespace arb::engine::core {

inline constexpr int kHexDirections = 6;
inline constexpr int kHexDx[kHexDirections] = {+1, 0, -1, -1, 0, +1};
inline constexpr int kHexDy[kHexDirections] = {0, +1, +1, 0, -1, -1};

template <int MaxCells, int MaxRows>
struct HexGrid {
  using Set = BitSet<(MaxCells + 63) / 64>;
  static constexpr int kMaxCells = MaxCells;
  static constexpr int kMaxRows = MaxRows;

  int rows = 0;
  int cells = 0;
  std::array<int, MaxRows> row_start{};  // index of the row's first cell
  std::array<int, MaxRows> row_lo{};     // x of the row's first cell
  std::array<int, MaxRows> row_len{};
  std::array<std::uint8_t, MaxCells> row_of{};  // y
  std::array<std::uint8_t, MaxCells> col_of{};  // place in the row, from 0
  Set all;
  std::array<Set, MaxCells> neighbours{};
  std::array<std::array<std::int16_t, kHexDirections>, MaxCells> step{};  // -1: off the board

  // The board whose row y (0 .. rows-1) spans x = lo(y) .. hi(y).
  template <class Lo, class Hi>
  static constexpr HexGrid build(int rows, Lo lo, Hi hi) {
    HexGrid g;
    g.rows = rows;
    int cell = 0;
    for (int y = 0; y < rows; ++y) {
      g.row_start[y] = cell;
      g.row_lo[y] = lo(y);
      g.row_len[y] = hi(y) - lo(y) + 1;
      for (int c = 0; c < g.row_len[y]; ++c, ++cell) {
        g.row_of[cell] = static_cast<std::uint8_t>(y);
        g.col_of[cell] = static_cast<std::uint8_t>(c);
        g.all.set(cell);
      }
    }
    g.cells = cell;
    for (int p = 0; p < g.cells; ++p)
      for (int d = 0; d < kHexDirections; ++d) {
        const int q = g.at(g.x_of(p) + kHexDx[d], g.row_of[p] + kHexDy[d]);
        g.step[p][d] = static_cast<std::int16_t>(q);
        if (q >= 0) g.neighbours[p].set(q);
      }
    return g;
  }

  constexpr int x_of(int cell) const { return row_lo[row_of[cell]] + col_of[cell]; }
  constexpr int y_of(int cell) const { return row_of[cell]; }
  // The cell at (x, y), or -1 off the board.
  constexpr int at(int x, int y) const {
    if (y < 0 || y >= rows) return -1;
    const int c = x - row_lo[y];
    if (c < 0 || c >= row_len[y]) return -1;
    return row_start[y] + c;
  }
  // The cells from `cell` (excluded) to the edge in direction d.
  constexpr Set line(int cell, int d) const {
    Set r;
    for (int q = step[cell][d]; q >= 0; q = step[q][d]) r.set(q);
    return r;
  }
};

}  // namespace arb::engine::core
