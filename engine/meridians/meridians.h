// Meridians, the fast engine (RULES.md M1-M11): the Game class, with its hot
// members inline (placements, count_moves, play and the sight update of a
// placement: engine/core/inline.h). The other files, by role: board.h (the
// geometry of each size: points, neighbours, rays), sight.h/.cpp (M6 sight),
// groups.h/.cpp (M2 groups, M3 dead groups, M10 removal), counting.h/.cpp
// (count_moves after each placement, for the last ply), symmetry.cpp (M1's
// four symmetries, for perft's table) and meridians.cpp (the spec,
// legal_moves, the notation).
//
// Boards are 192-bit sets (board.h). Placement masks slide along precomputed
// rays (the first blocker of a ray is its lowest or highest set bit), groups
// are bit floods, copy-make, no heap allocation in move generation, and
// count_moves is a popcount.
//
// Incremental: a position carries, per colour and line orientation,
// the empty points whose line run ends at one of that colour's stones (M6
// sight), updated by play on the two runs a placed or removed stone splits or
// joins. M10 is decided once per position for all placements: legal_moves
// numbers the mover's groups and the groups each has a path to, and marks each
// move with what M10 removes after it (mostly nothing, and most moves are
// settled together, as sets), so play checks no group; a move made elsewhere
// is checked in play, near the opponent's last placement. The groups, their
// paths, and the runs that removing some of them opens, are kept per thread
// (PathCache in groups.cpp, RunCache in counting.cpp) for the next position,
// which perft's walk makes a sibling: the same board but for the opponent's
// last stone, which cuts the paths and splits the runs it stands on.
//
// The last ply (perft counts it without playing it): legal_moves also works
// out each placement's count_moves after it (prepare_counts: from the next
// mover's sight per orientation, on crowded boards by a table of the points
// each placement takes from him; count_removed: on the board without the
// groups M10 removes after it); perft takes it from count_after without
// playing the move, and play passes it on and leaves the sight update of such
// a move pending until the position's sight is read.
//
// Variants (RULES.md V): V6 second=sight only widens placements() for the
// second stone; V7 pass=keeps only skips the pass's removal (remove_dead).
// Both can leave the side not to move with dead groups that no later
// placement cut (Position::stale), which dead_near cannot see: the next M10
// of that side is then checked in full. The default rules never set it.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/hash.h"
#include "common/spec.h"
#include "engine/core/move_list.h"
#include "engine/meridians/board.h"

namespace arb::engine::meridians {

class Meridians {
 public:
  using Bits = detail::Bits;

  struct Position {
    Bits stones[2];                   // [0] white, [1] black
    std::uint8_t side = 0;            // 0 white, 1 black to move
    std::uint8_t placed[2] = {0, 0};  // stones placed so far, capped at 2
    bool may_swap = false;            // M9: Black may play `swap` now
    // Derived, kept by play and parse (not part of the position's identity):
    // the point of the opponent's last placement (kUnknown: after parse), and
    // sight[c][o]: the empty points whose run along orientation o (directions
    // o and o + 3) ends, on either side, at a stone of colour c; kept only
    // once both players have placed 2 (M6 asks for it from then on).
    static constexpr std::uint8_t kUnknown = 255;
    std::uint8_t last = kUnknown;
    bool tracked = false;  // sight is kept (both have placed 2, kTrackFrom stones)
    // The side not to move may hold dead groups his opponent's placements did
    // not cut (V6 or V7 only: parse found one, or he passed under pass=keeps).
    bool stale = false;
    // count_moves of this position when legal_moves of its parent worked it
    // out for the move that made it (Move::moves), else 0.
    std::uint8_t moves = 0;
    // A cache: while tracked, `pending` is a placement (by the side not to
    // move) that play left out of `sight`, with the stones M10 removed after
    // it (gone), for the many positions perft only counts (moves
    // known); the first reader of sight links them in (settle), so a
    // position is not to be read by two threads at once.
    mutable std::uint8_t pending = kUnknown;
    // Left uninitialised and not copied by play while not tracked: the opening
    // copies many positions, and 144 bytes more per copy cost it dearly
    // (docs/figures.md).
    union Sight {
      Sight() {}
      Bits of[2][3];
    };
    mutable Sight sight;
    union Gone {  // with pending only
      Gone() {}
      Bits stones;
    };
    mutable Gone gone;
    friend bool operator==(const Position& a, const Position& b) {
      return a.stones[0] == b.stones[0] && a.stones[1] == b.stones[1] && a.side == b.side &&
             a.placed[0] == b.placed[0] && a.placed[1] == b.placed[1] && a.may_swap == b.may_swap;
    }
  };

  struct Move {
    static constexpr std::uint8_t kPass = 254;
    static constexpr std::uint8_t kSwap = 255;
    std::uint8_t code = 0;  // a point index, kPass or kSwap
    // What M10 removes after this placement, as legal_moves found it for the
    // position it looked at. A Move made elsewhere, or one after which
    // several groups die (kCheck), gets the full check in play.
    enum class Removal : std::uint8_t {
      kCheck,  // not known, or several groups
      kNone,   // every group of the mover lives
      kGroup,  // the group of dead_at (after the placement) dies, every other lives
    };
    Removal removal = Removal::kCheck;
    std::uint8_t dead_at = 0;
    // count_moves of the position after this move when legal_moves could
    // tell without playing it (0: not known); play passes it on.
    std::uint8_t moves = 0;
    friend bool operator==(Move a, Move b) { return a.code == b.code; }
  };

  // At most every point plus `swap` (M4-M9): a proven bound, no heap.
  using MoveList = core::MoveList<Move, detail::kMaxPoints + 1, core::Bound::kProven>;

  static constexpr std::string_view kName = "meridians";
  // The default table pays from 4 plies above the leaves: a ply nearer, a
  // probe costs more than the walk it saves (docs/figures.md#default-counting).
  static constexpr int kProbeDepth = 4;

  // The spec's options, read once by the constructor (RULES.md "Game specs";
  // common/spec.h has already expanded V8's presets into them).
  struct Rules {
    int size = 7;                  // M1: size=7|6|8, the points on an edge
    bool swap = false;             // M9: the swap flag, Black's swap after White's first stone
    bool second_by_sight = false;  // V6 second=sight: M5 without "not adjacent"
    bool pass_keeps = false;       // V7 pass=keeps: M10 after a placement only
  };

  explicit Meridians(const Spec& spec);
  const Spec& spec() const { return spec_; }
  const Rules& rules() const { return rules_; }
  std::string_view players() const { return "wb"; }
  Position start() const { return {}; }
  Position parse(std::string_view text) const;
  std::string format(const Position& pos) const;
  std::string diagram(const Position& pos) const;
  int to_move(const Position& pos) const { return pos.side; }
  MoveList legal_moves(const Position& pos) const;
  std::uint64_t count_moves(const Position& pos) const;
  Position play(const Position& pos, const Move& move) const;
  std::string move_text(const Position& pos, const Move& move) const;
  Move parse_move(const Position& pos, std::string_view text) const;
  Outcome outcome(const Position& pos) const;
  // Optional (common/game.h): the legal move of rank `index` in byte order of
  // the move texts, without the list (perft stats, perft play): the points in
  // name order, then `swap` ('s' after every row letter); `pass` alone.
  Move nth_move(const Position& pos, std::uint64_t index) const;
  // Optional (common/game.h): count_moves after `move` when legal_moves worked
  // it out (Move::moves), else 0; perft then counts the last ply unplayed.
  std::uint64_t count_after(const Position&, const Move& move) const { return move.moves; }
  // Optional (common/game.h): perft stats' greedy material, stones on the board.
  int material(const Position& pos, int player) const { return pos.stones[player].count(); }

  // Optional (common/game.h): M9's `swap`, the last rank when offered, a move
  // a search sampling the turn must not miss; after it the players hold each
  // other's colours.
  std::vector<std::uint64_t> special_ranks(const Position& pos) const {
    if (!pos.may_swap) return {};
    return {static_cast<std::uint64_t>(placements(pos).count())};
  }
  bool swaps_colours(const Position&, const Move& move) const { return move.code == Move::kSwap; }

  // Optional Game members (common/game.h): a hash of every field, and the
  // invariants: disjoint colours on the board's points, counters capped at 2,
  // swap offered only to Black (M9).
  std::uint64_t hash(const Position& pos) const {
    std::uint64_t h = pos.side | pos.placed[0] << 8 | pos.placed[1] << 16 | pos.may_swap << 24;
    for (int c = 0; c < 2; ++c)
      for (int k = 0; k < Bits::kWords; ++k) h = hash_combine(h, pos.stones[c].w[k]);
    return h;
  }
  bool ok(const Position& pos) const {
    const Bits off = (pos.stones[0] | pos.stones[1]).and_not(geo_->all);
    return pos.side <= 1 && pos.placed[0] <= 2 && pos.placed[1] <= 2 &&
           (!pos.may_swap || pos.side == 1) && (pos.stones[0] & pos.stones[1]).empty() &&
           off.empty();
  }

  // Optional (common/game.h): the least image of pos under M1's four board
  // symmetries, by (white, black) as 192-bit numbers. M2-M10 name no point
  // and M9's swap only exchanges colours, so every image has pos's perft; the
  // derived state (last, sight) is mapped, so perft's table may play from it.
  Position canonical(const Position& pos) const;
  // pos under symmetry s (Geometry::image), derived state included.
  Position image(const Position& pos, int s) const;

  // For tests and tools.
  const detail::Geometry& geometry() const { return *geo_; }
  // The points where the side to move may place (empty when he must pass).
  Bits placements(const Position& pos) const;
  // M3: the dead groups of one colour, as one set.
  Bits dead_stones(const Position& pos, int colour) const;
  // M8: the game is over (the side not to move was left without stones).
  static bool finished(const Position& pos) {
    const int other = pos.side ^ 1;
    return pos.placed[other] == 2 && !pos.stones[other].any();
  }

 private:
  Bits sight(int p, Bits occupied) const;  // empty points seen from p, M6
  // parse's first field: the stones, row by row (RULES.md "Position text").
  void parse_rows(std::string_view rows, Position& pos) const;
  // Position::sight after `me` placed at the empty point p; `others` is every
  // other occupied point, `theirs_stones` the opponent's.
  void link_placed(Position::Sight& sight, int p, const Bits& others, const Bits& theirs_stones,
                   int me) const;
  // Links Position::pending into pos.sight.
  void settle(const Position& pos) const;
  // What M10 removes after the placements that remove something (mark_placements).
  struct Removals;
  // The next mover's sight now, for Move::moves (count_children, mark_placements).
  struct Counts;
  // Counts for pos's placements (how many: `placements`); false when the
  // next mover places by M4 or M5 (nothing is counted then).
  bool prepare_counts(const Position& pos, int placements, Counts& counts) const;
  // Move::moves of the placements in `list`, before the mover's third stone
  // (M10 removes nothing then), when the next mover is at M6.
  void count_children(const Position& pos, MoveList& list) const;
  // Move::moves of the moves after which M10 removes something.
  void count_removed(const Position& pos, MoveList& list, const Removals& removals,
                     const Counts& counts) const;
  // M10 (and M7, M8) in play: the mover's dead groups leave `next`.
  void remove_dead(Position& next, const Position& pos, const Move& move) const;
  // M6 sight of both colours, of[c][o], after the stones `dead` left the
  // board (`occupied`, after).
  void unlink_dead(Bits (&of)[2][3], const Bits& dead, const Bits& occupied,
                   const Bits& black) const;
  void rebuild_sight(Position& pos) const;  // from scratch
  // M6 without Position::sight: the union of sight() over `own`.
  Bits sweep_sight(const Bits& own, const Bits& occupied) const;
  // From this many stones on, keeping sight costs less than sweeping it (any
  // value from 6 to 12 does alike: docs/figures.md).
  static constexpr int kTrackFrom = 8;
  // legal_moves at M6 with M10: each placement, with what M10 removes after it.
  void mark_placements(const Position& pos, const Bits& targets, MoveList& list,
                       Removals& out) const;
  Bits group_of(const Bits& own, int p) const;  // M2
  // M10 after a placement at s: the dead groups of `colour`, looking only at
  // the group of s and the groups whose lines the opponent's last placement
  // `last` cut (every other group was alive after its owner's last turn).
  Bits dead_near(const Position& pos, int colour, int s, int last) const {
    const Bits seeds = cut_seeds(pos, colour, last);
    return dead_groups(pos, colour, placed_seed(pos, colour, s) | seeds);
  }
  // The first own stones on both sides of a line through `last` (M2 paths
  // `last` may have cut).
  Bits cut_seeds(const Position& pos, int colour, int last) const;
  // M3: the dead ones among the groups of `colour` holding a seed.
  Bits dead_groups(const Position& pos, int colour, const Bits& seeds) const;
  // s, unless it has no own neighbour: then M6 gave it a path (see dead_near).
  ARB_HOT_INLINE Bits placed_seed(const Position& pos, int colour, int s) const {
    return (geo_->neighbours[s] & pos.stones[colour]).any() ? Bits::single(s) : Bits{};
  }
  static Rules read_rules(const Spec& spec);
  Spec spec_;
  Rules rules_;
  const detail::Geometry* geo_;
};

// The hot path, inline (engine/core/inline.h).
inline Meridians::Bits Meridians::placements(const Position& pos) const {
  if (pos.tracked) {  // M6 (both have placed 2), the sight kept
    settle(pos);
    const auto& s = pos.sight.of[pos.side];
    return s[0] | s[1] | s[2];
  }
  const Bits occupied = pos.stones[0] | pos.stones[1];
  switch (pos.placed[pos.side]) {
    case 0:  // M4: the first stone anywhere
      return geo_->all.and_not(occupied);
    case 1: {  // M5: a path to the first stone: on a line, not adjacent
      const int first = pos.stones[pos.side].lowest();
      const Bits seen = sight(first, occupied);
      // V6: adjacent too
      return rules_.second_by_sight ? seen : seen.and_not(geo_->neighbours[first]);
    }
    default:  // M6: every own stone counts, dead or not (it may be revived)
      return sweep_sight(pos.stones[pos.side], occupied);
  }
}

inline std::uint64_t Meridians::count_moves(const Position& pos) const {
  if (finished(pos)) return 0;
  if (pos.moves) return pos.moves;
  const auto n = static_cast<std::uint64_t>(placements(pos).count()) + (pos.may_swap ? 1 : 0);
  return n == 0 ? 1 : n;  // M7: pass only without a placement
}

// Position::sight after `me` placed at the empty point p: per orientation,
// p splits its run in two, each now ending at p. `me` sees both; the opponent
// keeps a part only where its far end is his.
inline void Meridians::link_placed(Position::Sight& sight, int p, const Bits& others,
                                   const Bits& theirs_stones, int me) const {
  const int opp = me ^ 1;
  for (int o = 0; o < 3; ++o) {
    Bits& mine = sight.of[me][o];
    Bits& theirs = sight.of[opp][o];
    mine.reset(p);
    theirs.reset(p);
    // A side whose first point is off the board or taken has no run (dense
    // boards: often), so its ray is not scanned.
    if (const int next = geo_->step[p][o]; next >= 0 && !others.test(next)) {
      Bits up = geo_->ray[p][o];
      bool up_theirs = false;
      if (const Bits b = up & others; b.any()) {
        const int q = b.lowest();
        up = up.and_not(geo_->ray_from[q][o]);
        up_theirs = theirs_stones.test(q);
      }
      mine |= up;
      if (!up_theirs) theirs = theirs.and_not(up);
    }
    if (const int next = geo_->step[p][o + 3]; next >= 0 && !others.test(next)) {
      Bits down = geo_->ray[p][o + 3];
      bool down_theirs = false;
      if (const Bits b = down & others; b.any()) {
        const int q = b.highest();
        down = down.and_not(geo_->ray_from[q][o + 3]);
        down_theirs = theirs_stones.test(q);
      }
      mine |= down;
      if (!down_theirs) theirs = theirs.and_not(down);
    }
  }
}

inline void Meridians::settle(const Position& pos) const {
  if (pos.pending == Position::kUnknown) return;
  const int p = pos.pending;
  const Bits occupied = pos.stones[0] | pos.stones[1];
  Bits before = occupied | pos.gone.stones;  // the board the placement was made on
  before.reset(p);
  link_placed(pos.sight, p, before, pos.stones[pos.side], pos.side ^ 1);
  if (pos.gone.stones.any()) unlink_dead(pos.sight.of, pos.gone.stones, occupied, pos.stones[1]);
  pos.pending = Position::kUnknown;
}

inline Meridians::Position Meridians::play(const Position& pos, const Move& move) const {
  Position next;  // everything before `sight` (standard layout), then sight if kept
  std::memcpy(static_cast<void*>(&next), &pos, offsetof(Position, sight));
  if (pos.tracked) {
    settle(pos);
    next.sight = pos.sight;
  }
  next.pending = Position::kUnknown;
  next.moves = move.moves;
  next.may_swap = false;
  if (move.code == Move::kSwap) return next;  // M9: colours exchanged, board and side unchanged
  const int me = pos.side;
  // M10 reading of the capped counter: "placed 2" means "2 or more". A player
  // whose counter is already 2 before his placement has now placed at least 3,
  // so his own dead groups go; a counter of 0 or 1 means he has now placed 1
  // or 2 (M5 keeps those alive anyway). Opponent groups are never removed here.
  const bool third_or_later = pos.placed[me] == 2;
  const bool tracked = pos.tracked;  // Position::sight is kept
  if (move.code != Move::kPass) {
    // M6 sight: left for later (settle) when legal_moves counted the next
    // position's moves (M10 then removes nothing or a known group, which
    // remove_dead records in next.gone).
    if (tracked && move.moves) {
      next.pending = move.code;
      next.gone.stones = Bits{};  // remove_dead fills it in
    } else if (tracked) {
      link_placed(next.sight, move.code, pos.stones[0] | pos.stones[1], pos.stones[me ^ 1], me);
    }
    next.stones[me].set(move.code);
    next.placed[me] = static_cast<std::uint8_t>(std::min(pos.placed[me] + 1, 2));
  }
  // M7: after a pass every group is dead (no stone touches an empty point), so
  // this removes them all and M8 ends the game (V7 pass=keeps: nothing goes,
  // remove_dead sets next.stale). A pass before the third stone
  // cannot arise: every point has at least three lines of two or more points,
  // and the opponent holds at most two stones to block them (M5).
  if (third_or_later) {
    // M10: legal_moves marked most placements as removing nothing.
    if (move.removal != Move::Removal::kNone) remove_dead(next, pos, move);
    // With few stones the per-stone sweep of placements() is cheaper than
    // keeping sight: start keeping it from a third stone on, once there are
    // kTrackFrom stones (both have placed 2 by then).
    if (!tracked && (next.stones[0] | next.stones[1]).count() >= kTrackFrom) {
      next.tracked = true;
      rebuild_sight(next);
    }
  }
  next.last = move.code == Move::kPass ? Position::kUnknown : move.code;
  if (pos.stale) [[unlikely]] {  // V6, V7: the next mover's M10 in full (dead_near cannot)
    next.last = Position::kUnknown;
    next.stale = move.code == Move::kPass && rules_.pass_keeps;  // a placement's M10 left none
  }
  next.side = static_cast<std::uint8_t>(me ^ 1);
  next.may_swap = rules_.swap && me == 0 && pos.placed[0] == 0 && move.code != Move::kPass;
  return next;
}

}  // namespace arb::engine::meridians
