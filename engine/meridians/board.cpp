// Meridians engine: each board size's geometry, built once (RULES.md M1).
#include "engine/meridians/board.h"

#include <algorithm>
#include <memory>
#include <mutex>

#include "common/error.h"

namespace arb::engine::meridians::detail {
namespace {

std::unique_ptr<Geometry> build_geometry(int size) {
  auto g = std::make_unique<Geometry>();
  const int m = size - 1;  // M1: the middle row; the bottom row has size - 1 points
  const auto lo = [m](int y) { return 1 - std::min(y, m); };
  const auto hi = [m](int y) { return m + std::min(y, 2 * m - y) - std::min(y, m); };
  static_cast<core::HexGrid<kMaxPoints, kMaxRows>&>(*g) =
      core::HexGrid<kMaxPoints, kMaxRows>::build(2 * m + 1, lo, hi);
  g->size = size;
  g->middle = m;
  for (int p = 0; p < g->cells; ++p)
    for (int d = 0; d < kDirections; ++d) {
      g->ray[p][d] = g->line(p, d);
      g->ray_from[p][d] = g->ray[p][d] | Bits::single(p);
    }
  for (int p = 0; p < g->cells; ++p) {
    g->direction[p].fill(-1);
    for (int d = 0; d < kDirections; ++d) {
      g->star[p] |= g->ray[p][d];
      g->ray[p][d].for_each([&](int q) { g->direction[p][q] = static_cast<std::int8_t>(d); });
    }
  }
  for (int p = 0; p < g->cells; ++p) {
    g->row_points[g->row_of[p]].set(p);
    g->by_name[p] = static_cast<std::uint8_t>(p);
  }
  std::sort(g->by_name.begin(), g->by_name.begin() + g->cells,
            [&](int a, int b) { return g->name(a) < g->name(b); });
  // M1 symmetries: the row widths are symmetric (row y and row 2m - y), and
  // so is each row about its middle.
  for (int s = 0; s < Geometry::kSymmetries; ++s)
    for (int p = 0; p < g->cells; ++p) {
      const int y = g->row_of[p], c = g->col_of[p];
      const int y2 = s & 2 ? 2 * m - y : y;
      const int c2 = s & 1 ? g->row_len[y] - 1 - c : c;
      g->image[s][p] = static_cast<std::uint8_t>(g->index(y2, c2));
    }
  // An orientation's image, read on one step from a point of the middle row.
  const int p = g->index(m, 1);
  for (int s = 0; s < Geometry::kSymmetries; ++s)
    for (int o = 0; o < 3; ++o) {
      const int q = g->image[s][g->step[p][o]];
      g->orientation[s][o] = static_cast<std::uint8_t>(g->direction[g->image[s][p]][q] % 3);
    }
  return g;
}

}  // namespace

std::string Geometry::name(int p) const {
  return std::string(1, static_cast<char>('a' + row_of[p])) + std::to_string(col_of[p] + 1);
}

const Geometry& Geometry::of(int size) {
  static std::unique_ptr<Geometry> tables[3];
  static std::once_flag once[3];
  if (size < 6 || size > 8) throw Error("size: meridians has sizes 6, 7 and 8");
  const int slot = size - 6;
  std::call_once(once[slot], [&] { tables[slot] = build_geometry(size); });
  return *tables[slot];
}

}  // namespace arb::engine::meridians::detail
