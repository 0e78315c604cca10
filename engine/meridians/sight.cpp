// Meridians engine: M6 sight from scratch, and its update once M10 removed
// stones (RULES.md M6, M10).
#include "engine/meridians/sight.h"
#include "engine/meridians/meridians.h"

namespace arb::engine::meridians {

using detail::Bits;

Bits Meridians::sight(int p, Bits occupied) const { return detail::seen_from(*geo_, p, occupied); }

// Only before Position::sight is kept, so with fewer than kTrackFrom stones:
// the sparse board's rays are cut at a few stones each.
Bits Meridians::sweep_sight(const Bits& own, const Bits& occupied) const {
  Bits out;
  own.for_each([&](int p) { out |= detail::seen_from(*geo_, p, occupied); });
  return out;
}

void Meridians::rebuild_sight(Position& pos) const {
  const Bits occupied = pos.stones[0] | pos.stones[1];
  for (int c = 0; c < 2; ++c) {
    for (Bits& s : pos.sight.of[c]) s = Bits{};
    detail::add_sight(*geo_, pos.sight.of[c], pos.stones[c], occupied);
  }
}

// M6 sight once the dead stones are gone: per orientation, the run through
// each emptied point between the nearest stones left; one run holds every
// emptied point of its line segment, so a group along a line costs one.
void Meridians::unlink_dead(Bits (&of)[2][3], const Bits& dead, const Bits& occupied,
                            const Bits& black) const {
  for (int o = 0; o < 3; ++o) {
    for (Bits todo = dead; todo.any();) {
      const int p = todo.lowest();
      // Each half of the run: nothing when the neighbour is a stone or off
      // the board (crowded boards: often), else the ray up to its first stone.
      Bits run = Bits::single(p);
      int up_colour = -1, down_colour = -1;
      if (const int next = geo_->step[p][o]; next >= 0 && occupied.test(next)) {
        up_colour = black.test(next);
      } else if (next >= 0) {
        Bits up = geo_->ray[p][o];
        if (const Bits b = up & occupied; b.any()) {
          const int q = b.lowest();
          up = up.and_not(geo_->ray_from[q][o]);
          up_colour = black.test(q);
        }
        run |= up;
      }
      if (const int next = geo_->step[p][o + 3]; next >= 0 && occupied.test(next)) {
        down_colour = black.test(next);
      } else if (next >= 0) {
        Bits down = geo_->ray[p][o + 3];
        if (const Bits b = down & occupied; b.any()) {
          const int q = b.highest();
          down = down.and_not(geo_->ray_from[q][o + 3]);
          down_colour = black.test(q);
        }
        run |= down;
      }
      todo = todo.and_not(run);
      for (int c = 0; c < 2; ++c) {
        Bits& s = of[c][o];
        s = s.and_not(run);
        if (up_colour == c || down_colour == c) s |= run;
      }
    }
  }
}

}  // namespace arb::engine::meridians
