// Meridians engine: the last ply counted without playing it. legal_moves
// works out each placement's count_moves after it (Move::moves) from the next
// mover's M6 sight (RULES.md M6, M7, M10); perft takes it from count_after.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "engine/meridians/meridians.h"

namespace arb::engine::meridians {

// M6 for the next mover O after each placement s that M10 follows by no
// removal, from O's sight now, per orientation: s splits its run in two, and
// a half stays seen along that line only when its own far end is O's. So O
// loses s and, where exactly one end of the run is O's, the half on the other
// side, except the points O also sees along another line (s lies on only one
// line through each of them). When O sees s along no line, no run through s
// ends at O: O loses nothing. After a placement that M10 follows by removing
// some of the mover's groups, the count is made alike on the board without
// them (with G among them, s goes too: O's placements on that board), whose
// sight is O's sight now with their runs opened; placements that remove the
// same groups share that board.
namespace detail {

// The next mover O's M6 sight on one board, for Counts and count_removed.
struct Board {
  Bits occupied;
  Bits seen[3];  // O's sight per orientation
  Bits all;      // O's placements
  Bits only[3];  // the points O sees along one orientation only
  int total;
  void finish() {
    all = seen[0] | seen[1] | seen[2];
    only[0] = seen[0].and_not(seen[1] | seen[2]);
    only[1] = seen[1].and_not(seen[0] | seen[2]);
    only[2] = seen[2].and_not(seen[0] | seen[1]);
    total = all.count();
  }
  // count_moves after the placement s (not O's), M6 and M7.
  ARB_HOT_INLINE std::uint8_t moves_after(const Geometry& geo, const Bits& theirs, int s) const {
    int n = total;
    if (all.test(s)) {
      --n;
      for (int o = 0; o < 3; ++o) {
        if (!seen[o].test(s)) continue;  // so one end of the run is O's
        // The half O no longer sees along o: from s in direction d up to the
        // stone `far` (none: the edge).
        const Bits up = geo.ray[s][o] & occupied;
        int d = o, far = up.any() ? up.lowest() : -1;
        if (far >= 0 && theirs.test(far)) {
          const Bits down = geo.ray[s][o + 3] & occupied;
          d = o + 3, far = down.any() ? down.highest() : -1;
          if (far >= 0 && theirs.test(far)) continue;  // both O's: both halves stay
        }
        Bits lost = geo.ray[s][d] & only[o];
        if (far >= 0) lost = lost.and_not(geo.ray_from[far][d]);
        n -= lost.count();
      }
    }
    return static_cast<std::uint8_t>(n == 0 ? 1 : n);  // M7: a pass
  }
};

// moves_after for every placement at once, from the other side: a point q
// that O sees along o only, in a run with one end O's, is lost after a
// placement s exactly when s lies between q and that end. On crowded boards O
// sees few points along one line only, far fewer than there are placements
// (docs/figures.md), so each such q adds one to the points it would be lost by.
struct LostTable {
  std::array<std::uint8_t, detail::kMaxPoints> lost;
  void build(const Geometry& geo, const Board& now, const Bits& theirs) {
    std::fill_n(lost.begin(), geo.cells, 0);
    for (int o = 0; o < 3; ++o)
      now.only[o].for_each([&](int q) {
        // An end next to q that is O's leaves no point between them, and q
        // sees it whatever is placed on the other side (most q).
        const int up_next = geo.step[q][o], down_next = geo.step[q][o + 3];
        if ((up_next >= 0 && theirs.test(up_next)) || (down_next >= 0 && theirs.test(down_next)))
          return;
        // The run both ways.
        std::uint8_t up[detail::kMaxRows], down[detail::kMaxRows];
        int ups = 0, downs = 0;
        const int a =
            walk(geo, q, o, now.occupied, [&](int r) { up[ups++] = static_cast<std::uint8_t>(r); });
        const int b = walk(geo, q, o + 3, now.occupied,
                           [&](int r) { down[downs++] = static_cast<std::uint8_t>(r); });
        const bool up_theirs = a >= 0 && theirs.test(a), down_theirs = b >= 0 && theirs.test(b);
        if (up_theirs == down_theirs) return;  // both ends O's: q stays seen
        if (up_theirs)
          for (int k = 0; k < ups; ++k) ++lost[up[k]];
        else
          for (int k = 0; k < downs; ++k) ++lost[down[k]];
      });
  }
  // Board::moves_after(s) on the board `now` it was built from.
  ARB_HOT_INLINE std::uint8_t moves_after(const Board& now, int s) const {
    const int n = now.total - static_cast<int>(now.all.test(s)) - lost[s];
    return static_cast<std::uint8_t>(n == 0 ? 1 : n);  // M7: a pass
  }
};

}  // namespace detail

// The next mover O's sight now, to count his moves after each placement.
struct Meridians::Counts {
  Bits theirs;
  detail::Board now;
  bool tabled = false;  // by `table`, else by Board::moves_after
  detail::LostTable table;
  // Move::moves of the placements in `list` on `now`, but for those at the
  // (increasing) indices `skip`. In counting.cpp: legal_moves calls it, and
  // inlined there it costs every call of legal_moves (docs/figures.md).
  void count(const detail::Geometry& geo, MoveList& list, const std::uint8_t* skip,
             int skips) const;
  template <class F>
  ARB_HOT_INLINE static void count(MoveList& list, const std::uint8_t* skip, int skips,
                                   F moves_after) {
    if (!skips) {
      for (Move& move : list) move.moves = moves_after(move.code);
      return;
    }
    for (int i = 0, k = 0; i < static_cast<int>(list.size()); ++i) {
      if (k < skips && skip[k] == i) {
        ++k;
        continue;
      }
      list[i].moves = moves_after(list[i].code);
    }
  }
};

}  // namespace arb::engine::meridians
