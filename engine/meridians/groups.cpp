// Meridians engine: M2 groups and paths, M3 dead groups, M10 removal.
#include "engine/meridians/groups.h"

#include <algorithm>

namespace arb::engine::meridians {

using detail::Bits;
using detail::for_each_cut_path;
using detail::Geometry;
using detail::kMaxGroups;
using detail::standing_last;
using detail::walk;

namespace {
// M2, M3: the groups of `own` by union-find over the three increasing
// neighbour directions (one pass in point order), and every candidate path:
// from p along a line the first stone is own and not adjacent. For
// dead_stones.
struct GroupScan {
  std::array<std::uint8_t, detail::kMaxPoints> parent;  // valid on `own` only
  std::array<std::uint8_t, 3 * detail::kMaxPoints> from, to;
  int pairs = 0;

  GroupScan(const Geometry& geo, Bits own, Bits occupied) {
    own.for_each([&](int p) { parent[p] = static_cast<std::uint8_t>(p); });
    own.for_each([&](int p) {
      for (int d = 0; d < 3; ++d) {  // increasing directions: each pair seen once
        const int next = geo.step[p][d];
        if (next < 0) continue;
        if (own.test(next)) {
          const int a = find(p), b = find(next);
          if (a != b) parent[std::max(a, b)] = static_cast<std::uint8_t>(std::min(a, b));
          continue;
        }
        if (occupied.test(next)) continue;  // M2: at least one empty between
        const Bits blockers = geo.ray[p][d] & occupied;
        if (!blockers.any()) continue;
        const int b = blockers.lowest();
        if (!own.test(b)) continue;
        from[pairs] = static_cast<std::uint8_t>(p);
        to[pairs++] = static_cast<std::uint8_t>(b);
      }
    });
  }
  int find(int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
};
}  // namespace

// M2, M3: a candidate path (GroupScan) is a path when its ends lie in
// different groups; groups with no path are dead.
Bits Meridians::dead_stones(const Position& pos, int colour) const {
  const Bits own = pos.stones[colour];
  GroupScan scan(*geo_, own, pos.stones[0] | pos.stones[1]);
  const int pairs = scan.pairs;
  const auto& from = scan.from;
  const auto& to = scan.to;
  const auto find = [&](int x) { return scan.find(x); };
  if (pairs == 0) return own;
  Bits alive_roots;
  for (int i = 0; i < pairs; ++i) {
    const int a = find(from[i]), b = find(to[i]);
    if (a == b) continue;  // a line inside one group is no path
    alive_roots.set(a);
    alive_roots.set(b);
  }
  Bits living;
  own.for_each([&](int p) {
    if (alive_roots.test(find(p))) living.set(p);
  });
  return own.and_not(living);
}

// Why only these groups can be dead: after the owner's previous turn all his
// groups were alive (M10 removed the others; M5 for his second stone; parse
// rejects a dead group of the side not to move). Under the variants: V6's
// adjacent pair is his only group at his third placement, which joins it
// (seed s) or sees it (a path); a V7 pass or a parsed dead group sets
// Position::stale, and play then forgets `last` (a full check). The opponent's placement
// `last` can cut only paths through `last`, whose ends are the first stones
// seen from `last` on both sides of one line, both own; his removals only
// empty points, which cuts no path. This placement s can kill only its own
// group: a path of another group through s now ends at s, a stone of another
// group. And s with no own neighbour was placed (M6) seeing an own stone
// across empty points, a stone of another group: a path, so {s} lives.
Bits Meridians::cut_seeds(const Position& pos, int colour, int last) const {
  // A path `last` cut had its two ends on one line through `last`, the first
  // stones on either side, both own (s may now stand in for one of them).
  Bits seeds;
  for_each_cut_path(*geo_, last, pos.stones[colour], pos.stones[0] | pos.stones[1],
                    [&](int a, int b) {
                      seeds.set(a);
                      seeds.set(b);
                    });
  return seeds;
}

// M2: the group of p among `own`, by flood.
Bits Meridians::group_of(const Bits& own, int p) const {
  // Ring by ring: the neighbours of the last ring's stones, together.
  Bits group = Bits::single(p), ring = group;
  for (;;) {
    Bits next;
    ring.for_each([&](int q) { next |= geo_->neighbours[q]; });
    ring = (next & own).and_not(group);
    if (!ring.any()) return group;
    group |= ring;
  }
}

Bits Meridians::dead_groups(const Position& pos, int colour, const Bits& seeds) const {
  const Bits own = pos.stones[colour];
  const Bits occupied = pos.stones[0] | pos.stones[1];
  Bits dead, checked;
  seeds.for_each([&](int seed) {
    if (checked.test(seed)) return;
    const Bits group = group_of(own, seed);
    checked |= group;
    // M3: alive when a line from one of its stones crosses empty points to
    // an own stone of another group.
    bool alive = false;
    group.for_each([&](int p) {
      if (alive) return;
      for (int d = 0; d < detail::kDirections; ++d) {
        const int next = geo_->step[p][d];
        if (next < 0 || occupied.test(next)) continue;
        const Bits blockers = geo_->ray[p][d] & occupied;
        if (!blockers.any()) continue;
        const int b = d < 3 ? blockers.lowest() : blockers.highest();
        if (own.test(b) && !group.test(b)) {
          alive = true;
          return;
        }
      }
    });
    if (!alive) dead |= group;
  });
  return dead;
}

namespace {
// The mover's groups (M2) and candidate paths on the board without the
// opponent's last stone, kept by each thread for the next position: perft
// looks at the children of one position in a row, which differ only by that
// stone (the opponent's removals aside), so they share the mover's groups,
// and his paths are those that do not cross the new stone. The steps of
// mark_placements are inlined into it (ARB_HOT_INLINE): it runs once per
// position of the walk.
struct PathCache {
  const Geometry* geo = nullptr;  // none yet
  Bits own, base;                 // the key: the mover's stones, the board without `last`
  int groups = 0;                 // more than kMaxGroups: not kept
  std::array<std::uint8_t, detail::kMaxPoints> label;  // valid on `own` only
  std::array<std::uint8_t, kMaxGroups> root;           // a group's lowest point
  std::array<Bits, kMaxGroups> group;                  // its stones
  std::array<Bits, kMaxGroups> touch;                  // the points next to it
  Bits touch_any;                                      // next to some group
  // On `base`: the groups each group has a path to (M2), and how many
  // candidate paths (lines from an own stone across empty points to an own
  // stone) join two groups, by [lower label][higher label].
  std::array<std::uint64_t, kMaxGroups> partners;
  std::array<std::array<std::uint8_t, kMaxGroups>, kMaxGroups> paths;

  // Groups numbered 0.. in point order, by flood (M2: group_of(p), p's
  // group). Union-find in count_paths' pass is slower: long chains make long
  // finds (docs/figures.md).
  template <class GroupOf>
  ARB_HOT_INLINE void number_groups(const Geometry& g_, GroupOf group_of) {
    groups = 0;
    for (Bits todo = own; todo.any(); ++groups) {
      if (groups == kMaxGroups) {
        groups = kMaxGroups + 1;
        break;
      }
      const int g = groups;
      root[g] = static_cast<std::uint8_t>(todo.lowest());
      group[g] = group_of(root[g]);
      todo = todo.and_not(group[g]);
      Bits near;
      group[g].for_each([&](int p) {
        label[p] = static_cast<std::uint8_t>(g);
        near |= g_.neighbours[p];
      });
      touch[g] = near;
    }
    touch_any = Bits{};
    for (int g = 0; g < std::min(groups, kMaxGroups); ++g) touch_any |= touch[g];
  }

  // partners and paths on `base`, from `own` (the key's own, kept in registers).
  ARB_HOT_INLINE void count_paths(const Geometry& geo_, const Bits& own, const Bits& base) {
    for (int g = 0; g < groups; ++g) {
      partners[g] = 0;
      std::fill_n(paths[g].begin(), groups, 0);
    }
    own.for_each([&](int p) {
      for (int d = 0; d < 3; ++d) {  // increasing directions: each line seen once
        const int next = geo_.step[p][d];
        if (next < 0 || base.test(next)) continue;
        const Bits blockers = geo_.ray[p][d] & base;
        if (!blockers.any()) continue;
        const int b = blockers.lowest();
        if (!own.test(b)) continue;
        const int g = label[p], h = label[b];
        if (g == h) continue;  // a line inside one group is no path
        partners[g] |= std::uint64_t{1} << h;
        partners[h] |= std::uint64_t{1} << g;
        std::uint8_t& n = paths[std::min(g, h)][std::max(g, h)];
        n += n < 255;
      }
    });
  }

  // The groups each group has a path to (M2): those on `base`, less the
  // paths the last stone cuts. It lies on one line of each orientation, and
  // cuts there the path between the first stones on both sides of it, when
  // both are the mover's, of two groups (dead_near); the two groups stay
  // partners when another path joins them.
  ARB_HOT_INLINE void cut_partners(const Geometry& geo_, int cut, const Bits& own,
                                   const Bits& occupied, std::uint64_t* partners) const {
    int low[3], high[3], cuts = 0;
    for_each_cut_path(geo_, cut, own, occupied, [&](int a, int b) {
      if (label[a] == label[b]) return;
      low[cuts] = std::min(label[a], label[b]);
      high[cuts++] = std::max(label[a], label[b]);
    });
    for (int i = 0; i < cuts; ++i) {
      int left = paths[low[i]][high[i]];
      for (int j = 0; j < cuts; ++j) left -= low[j] == low[i] && high[j] == high[i];
      if (left > 0) continue;
      partners[low[i]] &= ~(std::uint64_t{1} << high[i]);
      partners[high[i]] &= ~(std::uint64_t{1} << low[i]);
    }
  }

  // The placements settled together, as sets (most of them: docs/figures.md),
  // and what M10 removes after each of them (as_settled). G lives when s
  // touches no group (M6 gave it a path), or when s touches a group g and not
  // a partner h of g (g's path to h, through s or not, then joins G to h,
  // which is not in J). After such an s, M10 removes exactly the dead groups
  // when s neither touches one nor sees one of their stones along a line (a
  // superset: adjacent points count too).
  ARB_HOT_INLINE Bits settled(const Geometry& geo_, const Bits& targets,
                              const std::uint64_t* partners, std::uint64_t dead,
                              const Bits& occupied, Meridians::Move& as_settled) const {
    using Move = Meridians::Move;
    Bits out = targets.and_not(touch_any);
    for (int g = 0; g < groups; ++g)
      if (partners[g]) out |= touch[g].and_not(touch[std::countr_zero(partners[g])]);
    if (dead) {
      Bits revives;
      for (std::uint64_t d = dead; d; d &= d - 1) {
        const int g = std::countr_zero(d);
        revives |= touch[g];
        group[g].for_each([&](int b) {  // the points that see b
          for (int d = 0; d < detail::kDirections; ++d)
            walk(geo_, b, d, occupied, [&](int q) { revives.set(q); });
        });
      }
      out = out.and_not(revives);
      as_settled.removal = Move::Removal::kCheck;  // several groups: play checks in full
      if (!(dead & (dead - 1))) {
        as_settled.removal = Move::Removal::kGroup;
        as_settled.dead_at = root[std::countr_zero(dead)];
      }
    }
    return out;
  }

  // M10 after the placement s, not settled as a set: the groups it removes
  // (kSelf: G), and `move` marked with them.
  ARB_HOT_INLINE std::uint64_t scan(const Geometry& geo_, int s, const Bits& own,
                                    const Bits& occupied, const std::uint64_t* partners,
                                    std::uint64_t dead, Meridians::Move& move) const {
    using Move = Meridians::Move;
    std::uint64_t joined = 0;  // J
    (geo_.neighbours[s] & own).for_each([&](int q) { joined |= std::uint64_t{1} << label[q]; });
    bool alive = joined == 0;  // M6: s alone sees an own stone across empties
    for (std::uint64_t j = joined; j && !alive; j &= j - 1)
      alive = (partners[std::countr_zero(j)] & ~joined) != 0;
    // The groups outside J that s sees across empty points along a line.
    std::uint64_t seen = 0;
    for (int d = 0; d < detail::kDirections && (!alive || (dead & ~joined & ~seen)); ++d) {
      const int next = geo_.step[s][d];
      if (next < 0 || occupied.test(next)) continue;
      const Bits blockers = geo_.ray[s][d] & occupied;
      if (!blockers.any()) continue;
      const int b = d < 3 ? blockers.lowest() : blockers.highest();
      if (!own.test(b)) continue;
      const std::uint64_t g = std::uint64_t{1} << label[b];
      if (joined & g) continue;
      alive = true;
      seen |= g;
    }
    std::uint64_t gone = dead & ~joined & ~seen;
    if (!alive) gone |= joined | detail::kSelf;
    move = Move{static_cast<std::uint8_t>(s)};
    if (!gone) {
      move.removal = Move::Removal::kNone;
    } else if (gone == (joined | detail::kSelf)) {  // G alone
      move.removal = Move::Removal::kGroup;
      move.dead_at = static_cast<std::uint8_t>(s);
    } else if (!(gone & (gone - 1))) {  // one group outside G
      move.removal = Move::Removal::kGroup;
      move.dead_at = root[std::countr_zero(gone)];
    }  // else several groups: play checks in full
    return gone;
  }
};
thread_local PathCache path_cache;
}  // namespace

void Meridians::mark_placements(const Position& pos, const Bits& targets, MoveList& list,
                                Removals& out) const {
  const int me = pos.side;
  const Bits own = pos.stones[me];
  const Bits occupied = pos.stones[0] | pos.stones[1];
  // The opponent's last stone, when it stands: it may cut paths (dead_near).
  const int cut = standing_last(pos);
  Bits base = occupied;
  if (cut >= 0) base.reset(cut);
  PathCache& c = path_cache;
  if (c.geo != geo_ || !(c.own == own) || !(c.base == base)) {
    c.geo = geo_;
    c.own = own;
    c.base = base;
    c.number_groups(*geo_, [&](int p) { return group_of(own, p); });
    if (c.groups <= kMaxGroups) c.count_paths(*geo_, own, base);
  }
  if (c.groups > kMaxGroups) {  // play checks M10 in full
    targets.for_each([&](int s) { list.push_back(Move{static_cast<std::uint8_t>(s)}); });
    return;
  }
  const int groups = c.groups;
  out.group = c.group.data();
  std::array<std::uint64_t, kMaxGroups> partners;
  std::copy_n(c.partners.begin(), groups, partners.begin());
  if (cut >= 0) c.cut_partners(*geo_, cut, own, occupied, partners.data());
  // The mover's dead groups: only ones the opponent's last placement cut.
  std::uint64_t dead = 0;
  for (int g = 0; g < groups; ++g)
    if (!partners[g]) dead |= std::uint64_t{1} << g;
  out.known = true;
  // A move, with what M10 removes after it when that is something.
  const auto add = [&](Move move, std::uint64_t gone) {
    if (gone) {
      out.index[out.removing] = static_cast<std::uint8_t>(list.size());
      out.gone[out.removing++] = gone;
    }
    list.push_back(move);
  };
  Move as_settled{0, Move::Removal::kNone};
  const Bits settled = c.settled(*geo_, targets, partners.data(), dead, occupied, as_settled);
  for (int k = 0; k < Bits::kWords; ++k) {  // targets.for_each, a word at a time
    const std::uint64_t settled_here = settled.w[k];
    for (std::uint64_t x = targets.w[k]; x; x &= x - 1) {
      const int bit = std::countr_zero(x), s = 64 * k + bit;
      if (settled_here >> bit & 1) {
        as_settled.code = static_cast<std::uint8_t>(s);
        add(as_settled, dead);
      } else {  // the others, one by one
        Move move;
        const std::uint64_t gone = c.scan(*geo_, s, own, occupied, partners.data(), dead, move);
        add(move, gone);
      }
    }
  }
}

void Meridians::remove_dead(Position& next, const Position& pos, const Move& move) const {
  const int me = pos.side;
  Bits dead;
  if (move.code == Move::kPass) {
    if (rules_.pass_keeps) {  // V7: M10 after a placement only; the passer's dead groups stay
      next.stale = true;
      return;
    }
    dead = next.stones[me];
  } else if (move.removal == Move::Removal::kGroup) {
    dead = group_of(next.stones[me], move.dead_at);
  } else {
    dead = pos.last == Position::kUnknown ? dead_stones(next, me)
                                          : dead_near(next, me, move.code, pos.last);
  }
  if (dead == next.stones[me]) {
    next.stones[me] = Bits{};  // M8: he has lost; no sight is asked of the position again
  } else if (dead.any() && !next.tracked) {
    next.stones[me] = next.stones[me].and_not(dead);
  } else if (dead.any()) {
    next.stones[me] = next.stones[me].and_not(dead);
    if (next.pending != Position::kUnknown)
      next.gone.stones = dead;  // settle links it
    else
      unlink_dead(next.sight.of, dead, next.stones[0] | next.stones[1], next.stones[1]);
  }
}

}  // namespace arb::engine::meridians
