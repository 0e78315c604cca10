// Meridians engine: count_moves after each placement, for the last ply.
#include "engine/meridians/counting.h"

#include "engine/meridians/groups.h"
#include "engine/meridians/sight.h"

namespace arb::engine::meridians {

using detail::add_sight;
using detail::Bits;
using detail::Board;
using detail::Geometry;
using detail::standing_last;
using detail::walk;

namespace {
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
// aside), and a move whose own group dies (large groups, many boards in the
// midgames) comes back in most of them (docs/figures.md). The kept runs hold
// but for the one that stone stands on, per orientation (mostly one: that
// stone is what killed the group), which it splits in two runs that both end
// at it, so O sees both. Direct-mapped by the removed stones.
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
}  // namespace

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
  // The table pays when O sees fewer points along one line only than there
  // are placements: crowded boards, not the opening (before Position::sight
  // is kept, the question is not even asked).
  counts.tabled = pos.tracked && (now.only[0] | now.only[1] | now.only[2]).count() < placements;
  if (counts.tabled) counts.table.build(*geo_, now, theirs);
  return true;
}

void Meridians::Counts::count(const Geometry& geo, MoveList& list, const std::uint8_t* skip,
                              int skips) const {
  if (tabled)
    count(list, skip, skips, [&](int s) { return table.moves_after(now, s); });
  else
    count(list, skip, skips, [&](int s) { return now.moves_after(geo, theirs, s); });
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

}  // namespace arb::engine::meridians
