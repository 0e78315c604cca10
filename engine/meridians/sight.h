// Meridians engine: M6 sight, the empty points a colour may place on. Early in
// the game it is swept from each stone (seen_from); from kTrackFrom stones on
// a position keeps it per colour and line orientation (Position::sight),
// updated by play on the runs a placed stone splits (Meridians::link_placed,
// inline in meridians.h) or removed stones join (sight.cpp).
#pragma once

#include "engine/meridians/board.h"

namespace arb::engine::meridians::detail {

// M6: the empty points from which, along one line, the first stone reached is
// p: p's six rays, each cut at its stones (the stone and what lies beyond it).
// Few stones lie on the rays early in the game, when this is used.
ARB_HOT_INLINE Bits seen_from(const Geometry& geo, int p, const Bits& occupied) {
  Bits out = geo.star[p];
  (out & occupied).for_each([&](int b) {
    out = out.and_not(geo.ray_from[b][geo.direction[p][b]]);
  });
  return out;
}

// M6 sight per orientation: the empty points whose run along o ends at one of
// `stones` (`occupied`: every stone), added to seen[o]; each stone's six rays
// cut at their first stone.
ARB_HOT_INLINE void add_sight(const Geometry& geo, Bits (&seen)[3], const Bits& stones,
                              const Bits& occupied) {
  stones.for_each([&](int p) {
    for (int d = 0; d < detail::kDirections; ++d) {
      const Bits& r = geo.ray[p][d];
      const Bits blockers = r & occupied;
      seen[d % 3] |=
          blockers.any()
              ? r.and_not(geo.ray_from[d < 3 ? blockers.lowest() : blockers.highest()][d])
              : r;
    }
  });
}

}  // namespace arb::engine::meridians::detail
