// Meridians engine: M2 groups and paths, M3 dead groups, and M10's removal:
// decided once per position for every placement (mark_placements, most of
// them together as sets) and applied by play (remove_dead), which checks only
// the groups the opponent's last placement may have cut (dead_near).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/meridians/meridians.h"

namespace arb::engine::meridians {

namespace detail {

// The opponent's last placement, when it still stands (-1: unknown, or M10
// removed it): the one stone by which a position differs from its siblings.
ARB_HOT_INLINE int standing_last(const Meridians::Position& pos) {
  const bool stands =
      pos.last != Meridians::Position::kUnknown && pos.stones[pos.side ^ 1].test(pos.last);
  return stands ? pos.last : -1;
}

// The M2 paths a stone at `last` cuts: on each line through it, the one
// between the first stones on both sides, when both are `own` (f(a, b)).
template <class F>
ARB_HOT_INLINE void for_each_cut_path(const Geometry& geo, int last, const Bits& own,
                                      const Bits& occupied, F&& f) {
  for (int o = 0; o < 3; ++o) {
    const Bits up = geo.ray[last][o] & occupied, down = geo.ray[last][o + 3] & occupied;
    if (!up.any() || !down.any()) continue;
    const int a = up.lowest(), b = down.highest();
    if (own.test(a) && own.test(b)) f(a, b);
  }
}

constexpr int kMaxGroups = 63;  // more: nothing is marked, play checks M10 in full
// In a mask of the mover's groups that M10 removes: G (see below) goes too.
inline constexpr std::uint64_t kSelf = std::uint64_t{1} << 63;

}  // namespace detail

// M10 for every placement at once (legal_moves looks at a position once, play
// runs once per placement). With the mover's groups and, per group, the groups
// it has a path to (its partners): placing s joins s and the groups J next to
// it into one group G. A path of a group in J that avoids s survives; one
// through s now starts at s and still ends at its partner unless that partner
// joined G. So G lives exactly when a group in J has a partner outside J, or s
// itself sees across empty points an own stone outside J (M2, M3). A group
// outside J that is dead now (none of its lines reaches another group) lives
// again only when s is the first stone it sees across empty points along a
// line; no group that lives now can die (see dead_near).
struct Meridians::Removals {
  static constexpr std::uint64_t kSelf = detail::kSelf;  // G goes too
  bool known = false;
  // The moves after which M10 removes something, by their index in the list,
  // with the labels of the mover's groups it removes (with kSelf: G, which
  // holds the groups of J).
  int removing = 0;
  std::array<std::uint8_t, detail::kMaxPoints> index;
  std::array<std::uint64_t, detail::kMaxPoints> gone;
  const Bits* group = nullptr;  // the stones of each label (the thread's PathCache)
  // The stones of the groups in `mask` (kSelf aside).
  Bits stones(std::uint64_t mask) const {
    Bits out;
    for (mask &= ~kSelf; mask; mask &= mask - 1) out |= group[std::countr_zero(mask)];
    return out;
  }
};

}  // namespace arb::engine::meridians
