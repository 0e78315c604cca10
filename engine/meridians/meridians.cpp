#include "engine/meridians/meridians.h"

#include <algorithm>
#include <memory>
#include <mutex>

namespace arb::engine::meridians {

namespace detail {
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

namespace {
std::uint64_t reverse_bits(std::uint64_t x) {
  x = __builtin_bswap64(x);
  x = (x >> 4 & 0x0F0F0F0F0F0F0F0FULL) | (x & 0x0F0F0F0F0F0F0F0FULL) << 4;
  x = (x >> 2 & 0x3333333333333333ULL) | (x & 0x3333333333333333ULL) << 2;
  return (x >> 1 & 0x5555555555555555ULL) | (x & 0x5555555555555555ULL) << 1;
}
}  // namespace

// The half turn takes point i to cells - 1 - i (points are numbered row by
// row and the row widths are symmetric): the set's bits reversed.
Bits Geometry::turn(const Bits& b) const {
  constexpr int kWords = Bits::kWords;
  std::uint64_t r[kWords + 1] = {};
  for (int k = 0; k < kWords; ++k) r[k] = reverse_bits(b.w[kWords - 1 - k]);
  const int shift = Bits::kBits - cells, words = shift >> 6, bits = shift & 63;
  Bits out;
  for (int k = 0; k + words < kWords; ++k)
    out.w[k] = bits ? r[k + words] >> bits | r[k + words + 1] << (64 - bits) : r[k + words];
  return out;
}

// The top-bottom mirror moves each row (at most 15 points) whole.
Bits Geometry::flip(const Bits& b) const {
  Bits out;
  for (int y = 0; y < rows; ++y) {
    const int from = row_start[y], to = row_start[rows - 1 - y], len = row_len[y];
    const int fw = from >> 6, fb = from & 63, tw = to >> 6, tb = to & 63;
    std::uint64_t v = b.w[fw] >> fb;
    if (fb + len > 64) v |= b.w[fw + 1] << (64 - fb);
    v &= (std::uint64_t{1} << len) - 1;
    out.w[tw] |= v << tb;
    if (tb + len > 64) out.w[tw + 1] |= v >> (64 - tb);
  }
  return out;
}

Bits Geometry::map(int s, const Bits& b) const {
  switch (s) {
    case 1:
      return flip(turn(b));
    case 2:
      return flip(b);
    case 3:
      return turn(b);
    default:
      return b;
  }
}

const Geometry& Geometry::of(int size) {
  static std::unique_ptr<Geometry> tables[3];
  static std::once_flag once[3];
  if (size < 6 || size > 8) throw Error("size: meridians has sizes 6, 7 and 8");
  const int slot = size - 6;
  std::call_once(once[slot], [&] { tables[slot] = build_geometry(size); });
  return *tables[slot];
}

}  // namespace detail

using detail::Bits;
using detail::Geometry;

namespace {
constexpr const char* kColourName[2] = {"white", "black"};

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

Meridians::Meridians(const Spec& spec)
    : spec_(spec),
      geo_(&Geometry::of(spec.number("size"))),
      swap_option_(spec.flag("swap")),
      second_by_sight_(spec.value("second") == "sight"),
      pass_keeps_(spec.value("pass") == "keeps") {}

// M6: the empty points from which, along one line, the first stone reached is
// p: p's six rays, each cut at its stones (the stone and what lies beyond it).
// Few stones lie on the rays early in the game, when this is used.
namespace {
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

// The empty points from p in direction d up to the first stone, one step at a
// time (on crowded boards runs are short: cheaper than a ray), each passed to
// f; returns that stone (-1: the edge).
template <class F>
ARB_HOT_INLINE int walk(const Geometry& geo, int p, int d, const Bits& occupied, F&& f) {
  int q = geo.step[p][d];
  for (; q >= 0 && !occupied.test(q); q = geo.step[q][d]) f(q);
  return q;
}

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
}  // namespace

Bits Meridians::sight(int p, Bits occupied) const { return seen_from(*geo_, p, occupied); }

Meridians::Position Meridians::image(const Position& pos, int s) const {
  if (pos.tracked) settle(pos);
  Position out = pos;
  if (s == 0) return out;
  for (int c = 0; c < 2; ++c) out.stones[c] = geo_->map(s, pos.stones[c]);
  if (pos.last != Position::kUnknown) out.last = geo_->image[s][pos.last];
  if (pos.tracked)  // M6 sight along o is sight along o's image
    for (int c = 0; c < 2; ++c)
      for (int o = 0; o < 3; ++o)
        out.sight.of[c][geo_->orientation[s][o]] = geo_->map(s, pos.sight.of[c][o]);
  return out;
}

namespace {
// A strict total order on sets, as 192-bit numbers.
bool less(const Bits& a, const Bits& b) {
  for (int k = Bits::kWords - 1; k >= 0; --k)
    if (a.w[k] != b.w[k]) return a.w[k] < b.w[k];
  return false;
}
}  // namespace

Meridians::Position Meridians::canonical(const Position& pos) const {
  // White's images decide nearly always; black's only between symmetries
  // that give white the same image (a symmetric or empty white).
  Bits white[Geometry::kSymmetries];
  white[0] = pos.stones[0];
  white[3] = geo_->map(3, white[0]);
  white[2] = geo_->map(2, white[0]);
  white[1] = geo_->map(2, white[3]);  // left-right = top-bottom after the half turn
  int best = 0;
  unsigned ties = 1;
  for (int s = 1; s < Geometry::kSymmetries; ++s) {
    if (less(white[s], white[best])) {
      best = s;
      ties = 1u << s;
    } else if (white[s] == white[best]) {
      ties |= 1u << s;
    }
  }
  if (ties != (1u << best)) {
    Bits least = geo_->map(best, pos.stones[1]);
    for (ties &= ~(1u << best); ties; ties &= ties - 1) {
      const int s = std::countr_zero(ties);
      const Bits black = geo_->map(s, pos.stones[1]);
      if (less(black, least)) least = black, best = s;
    }
  }
  return image(pos, best);
}

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

// Only before Position::sight is kept, so with fewer than kTrackFrom stones:
// the sparse board's rays are cut at a few stones each.
Bits Meridians::sweep_sight(const Bits& own, const Bits& occupied) const {
  Bits out;
  own.for_each([&](int p) { out |= seen_from(*geo_, p, occupied); });
  return out;
}

void Meridians::rebuild_sight(Position& pos) const {
  const Bits occupied = pos.stones[0] | pos.stones[1];
  for (int c = 0; c < 2; ++c) {
    for (Bits& s : pos.sight.of[c]) s = Bits{};
    add_sight(*geo_, pos.sight.of[c], pos.stones[c], occupied);
  }
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
namespace {
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

// O's M6 sight per orientation once the mover's stones `dead` left the board
// (`occupied`: after): a run through an emptied point, between the nearest
// stones left, is seen when one of its ends is O's. Before, O saw none of it
// unless that end was his (the other parts ended at the mover's stones), so
// O's sight only grows. Runs are short on crowded boards: steps, not rays.
// `opened` gets those runs, `runs` every run through `dead`, per orientation.
void open_runs(const Geometry& geo, Bits (&opened)[3], Bits (&runs)[3], const Bits& dead,
               const Bits& occupied, const Bits& theirs) {
  for (int o = 0; o < 3; ++o)
    for (Bits todo = dead; todo.any();) {
      const int p = todo.lowest();
      Bits run = Bits::single(p);
      const auto add = [&](int q) { run.set(q); };
      const int a = walk(geo, p, o, occupied, add), b = walk(geo, p, o + 3, occupied, add);
      todo = todo.and_not(run);
      runs[o] |= run;
      if ((a >= 0 && theirs.test(a)) || (b >= 0 && theirs.test(b))) opened[o] |= run;
    }
}

// open_runs on the board without O's last stone, kept by each thread: the
// siblings perft looks at in a row differ only by that stone (O's removals
// aside), and a move whose own group dies (5,000 boards in the midgames,
// groups of about 14 stones) comes back in each of them (measured: 64% of
// the boards). The kept runs hold but for the one that stone stands on, per
// orientation (mostly one: that stone is what killed the group), which it
// splits in two runs that both end at it, so O sees both. Direct-mapped by
// the removed stones.
struct RunCache {
  struct Entry {
    bool valid = false;
    Bits dead, base, theirs;  // the key: removed stones, the board and O's stones without `last`
    Bits opened[3], runs[3];
  };
  static constexpr int kEntries = 32;
  std::array<Entry, kEntries> entry;
  Entry& find(const Geometry& geo, const Bits& dead, const Bits& base, const Bits& theirs) {
    std::uint64_t h = 0;
    for (int k = 0; k < Bits::kWords; ++k) h = (h ^ dead.w[k]) * 0x9E3779B97F4A7C15ULL;
    Entry& e = entry[h >> (64 - std::countr_zero(unsigned{kEntries}))];
    if (!e.valid || !(e.dead == dead) || !(e.base == base) || !(e.theirs == theirs)) {
      e.valid = true;
      e.dead = dead, e.base = base, e.theirs = theirs;
      for (Bits& b : e.opened) b = Bits{};
      for (Bits& b : e.runs) b = Bits{};
      open_runs(geo, e.opened, e.runs, dead, base.and_not(dead), theirs);
    }
    return e;
  }
};
thread_local RunCache run_cache;

// moves_after for every placement at once, from the other side: a point q
// that O sees along o only, in a run with one end O's, is lost after a
// placement s exactly when s lies between q and that end. O sees few points
// along one line only (measured: 10 a position, against 32 placements), so
// each such q adds one to the points it would be lost by.
struct LostTable {
  std::array<std::uint8_t, detail::kMaxPoints> lost;
  void build(const Geometry& geo, const Board& now, const Bits& theirs) {
    std::fill_n(lost.begin(), geo.cells, 0);
    for (int o = 0; o < 3; ++o)
      now.only[o].for_each([&](int q) {
        // An end next to q that is O's leaves no point between them, and q
        // sees it whatever is placed on the other side (most q, measured).
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
}  // namespace

// The next mover O's sight now, to count his moves after each placement.
struct Meridians::Counts {
  Bits theirs;
  Board now;
  bool tabled = false;  // by `table`, else by Board::moves_after
  LostTable table;
  // Move::moves of the placements in `list` on `now`, but for those at the
  // (increasing) indices `skip`.
  void count(const Geometry& geo, MoveList& list, const std::uint8_t* skip, int skips) const {
    if (tabled)
      count(list, skip, skips, [&](int s) { return table.moves_after(now, s); });
    else
      count(list, skip, skips, [&](int s) { return now.moves_after(geo, theirs, s); });
  }
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

bool Meridians::prepare_counts(const Position& pos, int placements, Counts& counts) const {
  const int opp = pos.side ^ 1;
  if (pos.placed[opp] != 2) return false;  // O places by M4 or M5
  const Bits theirs = pos.stones[opp];
  const Bits occupied = pos.stones[0] | pos.stones[1];
  counts.theirs = theirs;
  Board& now = counts.now;
  now.occupied = occupied;
  if (pos.tracked) {
    for (int o = 0; o < 3; ++o) now.seen[o] = pos.sight.of[opp][o];
  } else {
    for (Bits& b : now.seen) b = Bits{};
    add_sight(*geo_, now.seen, theirs, occupied);
  }
  now.finish();
  // The table pays when O sees few points along one line only: crowded
  // boards (midgames: 10 against 33 placements), not the opening (38 against
  // 19; before Position::sight is kept, the question is not even asked).
  counts.tabled = pos.tracked && (now.only[0] | now.only[1] | now.only[2]).count() < placements;
  if (counts.tabled) counts.table.build(*geo_, now, theirs);
  return true;
}

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
namespace {
constexpr int kMaxGroups = 63;  // more: nothing is marked, play checks M10 in full
}  // namespace

struct Meridians::Removals {
  static constexpr std::uint64_t kSelf = std::uint64_t{1} << 63;  // G goes too
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

namespace {
// The mover's groups (M2) and candidate paths on the board without the
// opponent's last stone, kept by each thread for the next position: perft
// looks at the children of one position in a row, which differ only by that
// stone (the opponent's removals aside), so they share the mover's groups,
// and his paths are those that do not cross the new stone.
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
    // Groups numbered 0.. in point order, by flood (M2). (Union-find in the
    // pass below measured 7% slower: long chains make long finds.)
    c.groups = 0;
    for (Bits todo = own; todo.any(); ++c.groups) {
      if (c.groups == kMaxGroups) {
        c.groups = kMaxGroups + 1;
        break;
      }
      const int g = c.groups;
      c.root[g] = static_cast<std::uint8_t>(todo.lowest());
      c.group[g] = group_of(own, c.root[g]);
      todo = todo.and_not(c.group[g]);
      Bits touch;
      c.group[g].for_each([&](int p) {
        c.label[p] = static_cast<std::uint8_t>(g);
        touch |= geo_->neighbours[p];
      });
      c.touch[g] = touch;
    }
    c.touch_any = Bits{};
    for (int g = 0; g < std::min(c.groups, kMaxGroups); ++g) c.touch_any |= c.touch[g];
    if (c.groups <= kMaxGroups) {
      for (int g = 0; g < c.groups; ++g) {
        c.partners[g] = 0;
        std::fill_n(c.paths[g].begin(), c.groups, 0);
      }
      own.for_each([&](int p) {
        for (int d = 0; d < 3; ++d) {  // increasing directions: each line seen once
          const int next = geo_->step[p][d];
          if (next < 0 || base.test(next)) continue;
          const Bits blockers = geo_->ray[p][d] & base;
          if (!blockers.any()) continue;
          const int b = blockers.lowest();
          if (!own.test(b)) continue;
          const int g = c.label[p], h = c.label[b];
          if (g == h) continue;  // a line inside one group is no path
          c.partners[g] |= std::uint64_t{1} << h;
          c.partners[h] |= std::uint64_t{1} << g;
          std::uint8_t& n = c.paths[std::min(g, h)][std::max(g, h)];
          n += n < 255;
        }
      });
    }
  }
  if (c.groups > kMaxGroups) {  // play checks M10 in full
    targets.for_each([&](int s) { list.push_back(Move{static_cast<std::uint8_t>(s)}); });
    return;
  }
  const int groups = c.groups;
  const auto& label = c.label;
  const auto& root = c.root;
  out.group = c.group.data();
  // The groups each group has a path to (M2): those on `base`, less the
  // paths the last stone cuts. It lies on one line of each orientation, and
  // cuts there the path between the first stones on both sides of it, when
  // both are the mover's, of two groups (dead_near); the two groups stay
  // partners when another path joins them.
  std::array<std::uint64_t, kMaxGroups> partners;
  std::copy_n(c.partners.begin(), groups, partners.begin());
  if (cut >= 0) {
    int low[3], high[3], cuts = 0;
    for_each_cut_path(*geo_, cut, own, occupied, [&](int a, int b) {
      if (label[a] == label[b]) return;
      low[cuts] = std::min(label[a], label[b]);
      high[cuts++] = std::max(label[a], label[b]);
    });
    for (int i = 0; i < cuts; ++i) {
      int left = c.paths[low[i]][high[i]];
      for (int j = 0; j < cuts; ++j) left -= low[j] == low[i] && high[j] == high[i];
      if (left > 0) continue;
      partners[low[i]] &= ~(std::uint64_t{1} << high[i]);
      partners[high[i]] &= ~(std::uint64_t{1} << low[i]);
    }
  }
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
  // Most placements are settled together, as sets (measured: 86% of the
  // midgames' placements, and most of the rest in the 15% of positions with
  // a dead group). G lives when s touches no group (M6 gave it a path), or
  // when s touches a group g and not a partner h of g (g's path to h, through
  // s or not, then joins G to h, which is not in J). After such an s, M10
  // removes exactly the dead groups when s neither touches one nor sees one
  // of their stones along a line (a superset: adjacent points count too).
  Bits settled = targets.and_not(c.touch_any);
  for (int g = 0; g < groups; ++g)
    if (partners[g]) settled |= c.touch[g].and_not(c.touch[std::countr_zero(partners[g])]);
  Move as_settled{0, Move::Removal::kNone};
  if (dead) {
    Bits revives;
    for (std::uint64_t d = dead; d; d &= d - 1) {
      const int g = std::countr_zero(d);
      revives |= c.touch[g];
      c.group[g].for_each([&](int b) {  // the points that see b
        for (int d = 0; d < detail::kDirections; ++d)
          walk(*geo_, b, d, occupied, [&](int q) { revives.set(q); });
      });
    }
    settled = settled.and_not(revives);
    as_settled.removal = Move::Removal::kCheck;  // several groups: play checks in full
    if (!(dead & (dead - 1))) {
      as_settled.removal = Move::Removal::kGroup;
      as_settled.dead_at = root[std::countr_zero(dead)];
    }
  }
  // The others, one by one.
  const auto scan = [&](int s) {
    std::uint64_t joined = 0;  // J
    (geo_->neighbours[s] & own).for_each([&](int q) { joined |= std::uint64_t{1} << label[q]; });
    bool alive = joined == 0;  // M6: s alone sees an own stone across empties
    for (std::uint64_t j = joined; j && !alive; j &= j - 1)
      alive = (partners[std::countr_zero(j)] & ~joined) != 0;
    // The groups outside J that s sees across empty points along a line.
    std::uint64_t seen = 0;
    for (int d = 0; d < detail::kDirections && (!alive || (dead & ~joined & ~seen)); ++d) {
      const int next = geo_->step[s][d];
      if (next < 0 || occupied.test(next)) continue;
      const Bits blockers = geo_->ray[s][d] & occupied;
      if (!blockers.any()) continue;
      const int b = d < 3 ? blockers.lowest() : blockers.highest();
      if (!own.test(b)) continue;
      const std::uint64_t g = std::uint64_t{1} << label[b];
      if (joined & g) continue;
      alive = true;
      seen |= g;
    }
    std::uint64_t gone = dead & ~joined & ~seen;
    if (!alive) gone |= joined | Removals::kSelf;
    Move move{static_cast<std::uint8_t>(s)};
    if (!gone) {
      move.removal = Move::Removal::kNone;
    } else if (gone == (joined | Removals::kSelf)) {  // G alone
      move.removal = Move::Removal::kGroup;
      move.dead_at = static_cast<std::uint8_t>(s);
    } else if (!(gone & (gone - 1))) {  // one group outside G
      move.removal = Move::Removal::kGroup;
      move.dead_at = root[std::countr_zero(gone)];
    }  // else several groups: play checks in full
    add(move, gone);
  };
  for (int k = 0; k < Bits::kWords; ++k) {  // targets.for_each, a word at a time
    const std::uint64_t settled_here = settled.w[k];
    for (std::uint64_t x = targets.w[k]; x; x &= x - 1) {
      const int bit = std::countr_zero(x), s = 64 * k + bit;
      if (settled_here >> bit & 1) {
        as_settled.code = static_cast<std::uint8_t>(s);
        add(as_settled, dead);
      } else {
        scan(s);
      }
    }
  }
}

void Meridians::remove_dead(Position& next, const Position& pos, const Move& move) const {
  const int me = pos.side;
  Bits dead;
  if (move.code == Move::kPass) {
    if (pass_keeps_) {  // V7: M10 after a placement only; the passer's dead groups stay
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

void Meridians::count_children(const Position& pos, MoveList& list) const {
  Counts counts;  // not tabled: Position::sight is not kept yet
  if (!prepare_counts(pos, static_cast<int>(list.size()), counts)) return;
  for (Move& move : list) move.moves = counts.now.moves_after(*geo_, counts.theirs, move.code);
}

// The moves after which M10 removes some of the mover's groups: counted on
// the board without them (with G among them, s goes too: O's placements on
// that board), whose sight is O's sight now with their runs opened; moves
// that remove the same groups share that board.
void Meridians::count_removed(const Position& pos, MoveList& list, const Removals& removals,
                              const Counts& counts) const {
  const int me = pos.side;
  const Bits occupied = pos.stones[0] | pos.stones[1];
  // O's last stone, when it stands (RunCache).
  const int last = standing_last(pos);
  Bits base = occupied, theirs_base = counts.theirs;
  if (last >= 0) base.reset(last), theirs_base.reset(last);
  // Made at their first use; a move whose removals find no room is left to play.
  constexpr int kBoards = 4;
  union Boards {
    Boards() {}
    Board of[kBoards];
  } after;
  std::uint64_t key[kBoards];
  bool over[kBoards];  // M8: the mover has no stones left
  int boards = 0;
  for (int k = 0; k < removals.removing; ++k) {
    const std::uint64_t gone = removals.gone[k];
    Move& move = list[removals.index[k]];
    int b = 0;
    while (b < boards && key[b] != gone) ++b;
    if (b == boards) {
      if (boards == kBoards) continue;
      const Bits dead = removals.stones(gone);
      key[b] = gone;
      over[b] = gone & Removals::kSelf && !pos.stones[me].and_not(dead).any();
      ++boards;
      if (!over[b]) {
        Board& board = after.of[b];
        board.occupied = occupied.and_not(dead);
        const RunCache::Entry& kept = run_cache.find(*geo_, dead, base, theirs_base);
        for (int o = 0; o < 3; ++o) {
          board.seen[o] = counts.now.seen[o] | kept.opened[o];
          if (last < 0 || !kept.runs[o].test(last)) continue;
          board.seen[o].reset(last);      // a stone now
          for (const int d : {o, o + 3})  // the two runs ending at O's last stone
            walk(*geo_, last, d, board.occupied, [&](int q) { board.seen[o].set(q); });
        }
        if (gone & Removals::kSelf) {  // only the total is asked (M6: s is gone too)
          board.total = (board.seen[0] | board.seen[1] | board.seen[2]).count();
        } else {
          board.finish();
        }
      }
    }
    if (over[b]) continue;  // count_moves 0: play says so
    const Board& board = after.of[b];
    move.moves = gone & Removals::kSelf
                     ? static_cast<std::uint8_t>(board.total == 0 ? 1 : board.total)  // M7
                     : board.moves_after(*geo_, counts.theirs, move.code);
  }
}

Meridians::MoveList Meridians::legal_moves(const Position& pos) const {
  MoveList list;
  if (finished(pos)) return list;  // M8
  const Bits targets = placements(pos);
  if (pos.placed[pos.side] == 2) {
    Removals removals;
    Counts counts;
    mark_placements(pos, targets, list, removals);
    if (removals.known && prepare_counts(pos, static_cast<int>(list.size()), counts)) {
      counts.count(*geo_, list, removals.index.data(), removals.removing);
      if (removals.removing) count_removed(pos, list, removals, counts);
    }
  } else {
    targets.for_each([&](int p) { list.push_back(Move{static_cast<std::uint8_t>(p)}); });
    count_children(pos, list);
  }
  if (pos.may_swap) list.push_back(Move{Move::kSwap});      // M9
  if (list.size() == 0) list.push_back(Move{Move::kPass});  // M7
  return list;
}

Meridians::Move Meridians::nth_move(const Position& pos, std::uint64_t index) const {
  const auto none = [&] {
    return Error("meridians: no legal move of rank " + std::to_string(index));
  };
  if (finished(pos)) throw none();  // M8
  const Bits targets = placements(pos);
  const auto placed = static_cast<std::uint64_t>(targets.count());
  if (index < placed) {
    std::uint64_t left = index;
    for (int row = 0; row < geo_->rows; ++row) {
      const auto here = static_cast<std::uint64_t>((targets & geo_->row_points[row]).count());
      if (left >= here) {
        left -= here;
        continue;
      }
      for (int r = geo_->row_start[row];; ++r) {
        const int p = geo_->by_name[r];
        if (targets.test(p) && left-- == 0) return Move{static_cast<std::uint8_t>(p)};
      }
    }
  }
  if (pos.may_swap && index == placed) return Move{Move::kSwap};             // M9
  if (!pos.may_swap && placed == 0 && index == 0) return Move{Move::kPass};  // M7
  throw none();
}

Outcome Meridians::outcome(const Position& pos) const {
  if (finished(pos)) return Outcome::win(pos.side);  // M8: the stoneless mover has lost
  return Outcome::ongoing();
}

std::string Meridians::move_text(const Position&, const Move& move) const {
  if (move.code == Move::kPass) return "pass";
  if (move.code == Move::kSwap) return "swap";
  return geo_->name(move.code);
}

Meridians::Move Meridians::parse_move(const Position& pos, std::string_view text) const {
  const auto illegal = [&] {
    return Error("illegal or non-canonical move '" + std::string(text) + "'");
  };
  const MoveList moves = legal_moves(pos);
  if (text == "pass" || text == "swap") {
    const Move m{text == "pass" ? Move::kPass : Move::kSwap};
    if (std::find(moves.begin(), moves.end(), m) == moves.end()) throw illegal();
    return m;
  }
  if (text.size() < 2 || text.size() > 3) throw illegal();
  const int row = text[0] - 'a';
  if (row < 0 || row >= geo_->rows) throw illegal();
  if (text[1] < '1' || text[1] > '9') throw illegal();  // no leading zero
  int col = text[1] - '0';
  if (text.size() == 3) {
    if (text[2] < '0' || text[2] > '9') throw illegal();
    col = col * 10 + (text[2] - '0');
  }
  if (col > geo_->row_len[row]) throw illegal();
  const Move m{static_cast<std::uint8_t>(geo_->index(row, col - 1))};
  if (std::find(moves.begin(), moves.end(), m) == moves.end()) throw illegal();
  return m;
}

std::string Meridians::format(const Position& pos) const {
  std::string out;
  for (int row = geo_->rows - 1; row >= 0; --row) {
    int empty = 0;
    for (int c = 0; c < geo_->row_len[row]; ++c) {
      const int p = geo_->index(row, c);
      char stone = 0;
      if (pos.stones[0].test(p)) stone = 'W';
      if (pos.stones[1].test(p)) stone = 'B';
      if (!stone) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += stone;
    }
    if (empty) out += std::to_string(empty);
    if (row) out += '/';
  }
  out += pos.side ? " b " : " w ";
  out += static_cast<char>('0' + pos.placed[0]);
  out += ' ';
  out += static_cast<char>('0' + pos.placed[1]);
  if (pos.may_swap) out += " swap";
  return out;
}

Meridians::Position Meridians::parse(std::string_view text) const {
  // Split into fields on single spaces.
  std::array<std::string_view, 6> fields;
  std::size_t nfields = 0;
  for (std::size_t start = 0;;) {
    const std::size_t space = text.find(' ', start);
    const std::string_view field = text.substr(
        start, space == std::string_view::npos ? std::string_view::npos : space - start);
    if (field.empty()) throw Error("position: empty field (fields are separated by single spaces)");
    if (nfields == fields.size()) throw Error("position: too many fields");
    fields[nfields++] = field;
    if (space == std::string_view::npos) break;
    start = space + 1;
  }
  if (nfields < 4)
    throw Error("position: expected '<rows> <side> <placed-white> <placed-black> [swap]'");
  if (nfields > 5) throw Error("position: too many fields");

  Position pos;
  // Rows, from the top row down.
  int row = geo_->rows - 1, col = 0;
  const std::string_view rows = fields[0];
  const auto row_name = [&](int r) { return std::string("row ") + static_cast<char>('a' + r); };
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const char c = rows[i];
    if (c == '/') {
      if (col != geo_->row_len[row])
        throw Error(row_name(row) + ": " + std::to_string(col) + " points, expected " +
                    std::to_string(geo_->row_len[row]));
      if (row == 0) throw Error("rows: more than " + std::to_string(geo_->rows) + " rows");
      --row, col = 0;
    } else if (c == 'W' || c == 'B') {
      if (col >= geo_->row_len[row])
        throw Error(row_name(row) + ": too many points at '" + c + "'");
      pos.stones[c == 'B'].set(geo_->index(row, col++));
    } else if (c >= '0' && c <= '9') {
      if (c == '0') throw Error(row_name(row) + ": bad count '0' (no zero, no leading zero)");
      int count = 0;
      while (i < rows.size() && rows[i] >= '0' && rows[i] <= '9') {
        count = count * 10 + (rows[i] - '0');
        if (count > geo_->row_len[row])
          throw Error(row_name(row) + ": too many points at '" + rows[i] + "'");
        ++i;
      }
      --i;
      col += count;
      if (col > geo_->row_len[row]) throw Error(row_name(row) + ": too many points");
    } else {
      throw Error(row_name(row) + ": unexpected character '" + c + "'");
    }
  }
  if (row != 0)
    throw Error("rows: " + std::to_string(geo_->rows - row) + " rows, expected " +
                std::to_string(geo_->rows));
  if (col != geo_->row_len[0])
    throw Error(row_name(0) + ": " + std::to_string(col) + " points, expected " +
                std::to_string(geo_->row_len[0]));

  if (fields[1] != "w" && fields[1] != "b")
    throw Error("side: expected 'w' or 'b', got '" + std::string(fields[1]) + "'");
  pos.side = fields[1] == "b";
  for (int c = 0; c < 2; ++c) {
    const std::string_view f = fields[2 + c];
    if (f.size() != 1 || f[0] < '0' || f[0] > '2')
      throw Error(std::string("placed-") + kColourName[c] + ": expected 0, 1 or 2, got '" +
                  std::string(f) + "'");
    pos.placed[c] = static_cast<std::uint8_t>(f[0] - '0');
  }
  if (nfields == 5) {
    if (fields[4] != "swap")
      throw Error("swap: expected 'swap' or nothing, got '" + std::string(fields[4]) + "'");
    pos.may_swap = true;
  }

  // What the rules can never produce, visible in the text.
  // Nothing is removed before a player's third stone (M10), so each counter is
  // exactly that player's number of stones unless both are capped: White's 2
  // with Black's 1 (Black to move) is exactly 2 stones placed (M4).
  const bool exact = !(pos.placed[0] == 2 && pos.placed[1] == 2);
  for (int c = 0; c < 2; ++c) {
    const int stones = pos.stones[c].count();
    if (exact && stones != pos.placed[c])
      throw Error(std::string("placed-") + kColourName[c] + ": " + std::to_string(stones) + " " +
                  kColourName[c] + " stones on the board but " + std::to_string(pos.placed[c]) +
                  " placed");
  }
  // M4: White moves first, turns alternate (the counters are capped at 2).
  const int pw = pos.placed[0], pb = pos.placed[1];
  const bool order_ok =
      (pw == 2 && pb == 2) || (pos.side == 0 && pw == pb) || (pos.side == 1 && pw == pb + 1);
  if (!order_ok)
    throw Error("side: '" + std::string(fields[1]) + "' to move cannot follow " +
                std::to_string(pw) + " white and " + std::to_string(pb) + " black stones placed");
  if (pos.may_swap && (!swap_option_ || pos.side != 1 || pw != 1 || pb != 0))
    throw Error(swap_option_ ? "swap: only Black, right after White's first stone, may swap (M9)"
                             : "swap: this game has no swap option");
  pos.tracked = pos.placed[0] == 2 && pos.placed[1] == 2;
  if (pos.tracked) rebuild_sight(pos);
  // M8: the side to move always has stones once he has placed 2 (the game ended before).
  if (pos.placed[pos.side] == 2 && !pos.stones[pos.side].any())
    throw Error(std::string("rows: ") + kColourName[pos.side] +
                " is to move but has no stones (M8)");
  const int other = pos.side ^ 1;
  if (pos.placed[other] == 2 && dead_stones(pos, other).any()) {
    // V6 (an adjacent second stone) and V7 (a pass keeps them) can leave one.
    if (!second_by_sight_ && !pass_keeps_)
      throw Error(std::string("rows: ") + kColourName[other] + " group at " +
                  geo_->name(dead_stones(pos, other).lowest()) + " is dead (M10 removes it)");
    pos.stale = true;
  }
  return pos;
}

std::string Meridians::diagram(const Position& pos) const {
  const int widest = geo_->row_len[geo_->middle];
  std::string out;
  for (int row = geo_->rows - 1; row >= 0; --row) {
    const int width = geo_->row_len[row];
    const char letter = static_cast<char>('a' + row);
    out += letter;
    out += std::string(static_cast<std::size_t>(2 + widest - width), ' ');
    for (int c = 0; c < width; ++c) {
      const int p = geo_->index(row, c);
      out += pos.stones[0].test(p) ? 'W' : pos.stones[1].test(p) ? 'B' : '.';
      out += ' ';
    }
    out += std::string(static_cast<std::size_t>(1 + widest - width), ' ');
    out += letter;
    out += "1-" + std::string(1, letter) + std::to_string(width) + "\n";
  }
  const auto placed = [&](int c) {
    return std::to_string(pos.placed[c]) + (pos.placed[c] == 2 ? "+" : "");
  };
  out += "white placed " + placed(0) + ", black placed " + placed(1) + "; ";
  if (finished(pos)) {
    out += std::string(kColourName[pos.side]) + " wins (" + kColourName[pos.side ^ 1] +
           " has no stones)\n";
  } else {
    out +=
        std::string(kColourName[pos.side]) + " to move" + (pos.may_swap ? ", may swap" : "") + "\n";
  }
  return out;
}

}  // namespace arb::engine::meridians
