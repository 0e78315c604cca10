// Meridians, the fast engine (RULES.md M1-M11).
//
// Points are numbered row by row from the bottom row `a`, left to right, so
// a1 = bit 0. Boards are 192-bit sets (three words: size 8 has 154 points).
// Placement masks slide along precomputed rays (the first blocker of a ray is
// its lowest or highest set bit), groups are bit floods, copy-make, no heap
// allocation in move generation, and count_moves is a popcount.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/error.h"
#include "common/game.h"
#include "common/hash.h"
#include "common/spec.h"
#include "engine/core/bit_set.h"
#include "engine/core/hex_grid.h"
#include "engine/core/move_list.h"

namespace arb::engine::meridians {

namespace detail {

using Bits = core::BitSet<3>;  // a set of points, bit i = point i

inline constexpr int kMaxPoints = 154;  // size 8
inline constexpr int kMaxRows = 15;
inline constexpr int kDirections = core::kHexDirections;

// M1 geometry of one board size, built once on the shared hex grid with the
// M1 axial form: row i is y, point k (from 1) of it is x = k - min(i, m).
// Directions in axial (x, y): 0 (+1,0), 1 (0,+1), 2 (-1,+1) increase the point
// index; 3, 4, 5 are their opposites (d + 3), which decrease it.
struct Geometry : core::HexGrid<kMaxPoints, kMaxRows> {
  int size = 0, middle = 0;
  std::array<std::array<Bits, kDirections>, kMaxPoints> ray{};       // excludes the point
  std::array<std::array<Bits, kDirections>, kMaxPoints> ray_from{};  // includes it

  static const Geometry& of(int size);  // size 6, 7 or 8
  int index(int row, int col) const { return row_start[row] + col; }
  // -1 when (x, y) is off the board.
  int at_axial(int x, int y) const { return at(x, y); }
  std::string name(int p) const;
};

}  // namespace detail

class Meridians {
 public:
  using Bits = detail::Bits;

  struct Position {
    Bits stones[2];                   // [0] white, [1] black
    std::uint8_t side = 0;            // 0 white, 1 black to move
    std::uint8_t placed[2] = {0, 0};  // stones placed so far, capped at 2
    bool may_swap = false;            // M9: Black may play `swap` now
    friend bool operator==(const Position&, const Position&) = default;
  };

  struct Move {
    static constexpr std::uint8_t kPass = 254;
    static constexpr std::uint8_t kSwap = 255;
    std::uint8_t code = 0;  // a point index, kPass or kSwap
    friend bool operator==(Move, Move) = default;
  };

  // At most every point plus `swap` (M4-M9): a proven bound, no heap.
  using MoveList = core::MoveList<Move, detail::kMaxPoints + 1, core::Bound::kProven>;

  static constexpr std::string_view kName = "meridians";

  explicit Meridians(const Spec& spec);
  const Spec& spec() const { return spec_; }
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
  Spec spec_;
  const detail::Geometry* geo_;
  bool swap_option_;
};

// The hot path, inline (engine/core/inline.h).
inline std::uint64_t Meridians::count_moves(const Position& pos) const {
  if (finished(pos)) return 0;
  const auto n = static_cast<std::uint64_t>(placements(pos).count()) + (pos.may_swap ? 1 : 0);
  return n == 0 ? 1 : n;  // M7: pass only without a placement
}

// M10 reading of the capped counter: "placed 2" means "2 or more". A player
// whose counter is already 2 before his placement has now placed at least 3,
// so his own dead groups go; a counter of 0 or 1 means he has now placed 1 or
// 2 (M5 keeps those alive anyway). Opponent groups are never removed here.
inline Meridians::Position Meridians::play(const Position& pos, const Move& move) const {
  Position next = pos;
  next.may_swap = false;
  if (move.code == Move::kSwap) return next;  // M9: colours exchanged, board and side unchanged
  const int me = pos.side;
  const bool third_or_later = pos.placed[me] == 2;
  if (move.code != Move::kPass) {
    next.stones[me].set(move.code);
    next.placed[me] = static_cast<std::uint8_t>(std::min(pos.placed[me] + 1, 2));
  }
  // M7: after a pass every group is dead (no stone touches an empty point), so
  // this removes them all and M8 ends the game. A pass before the third stone
  // cannot arise: every point has at least three lines of two or more points,
  // and the opponent holds at most two stones to block them (M5).
  if (third_or_later) next.stones[me] = next.stones[me].and_not(dead_stones(next, me));
  next.side = static_cast<std::uint8_t>(me ^ 1);
  next.may_swap = swap_option_ && me == 0 && pos.placed[0] == 0 && move.code != Move::kPass;
  return next;
}

}  // namespace arb::engine::meridians
