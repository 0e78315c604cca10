// Meridians, the fast engine (RULES.md M1-M11).
//
// Points are numbered row by row from the bottom row `a`, left to right, so
// a1 = bit 0. Boards are 192-bit sets (three words: size 8 has 154 points).
// Placement masks slide along precomputed rays (the first blocker of a ray is
// its lowest or highest set bit), groups are bit floods, copy-make, no heap
// allocation in move generation, and count_moves is a popcount.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"

namespace arb::engine {

namespace meridians {

// A set of points, bit i = point i.
struct Bits {
  std::uint64_t w[3] = {0, 0, 0};

  constexpr bool any() const { return (w[0] | w[1] | w[2]) != 0; }
  constexpr int count() const {
    return std::popcount(w[0]) + std::popcount(w[1]) + std::popcount(w[2]);
  }
  constexpr bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1u; }
  constexpr void set(int i) { w[i >> 6] |= std::uint64_t{1} << (i & 63); }
  constexpr void reset(int i) { w[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
  // Lowest / highest member; the set must not be empty.
  constexpr int lowest() const {
    if (w[0]) return std::countr_zero(w[0]);
    if (w[1]) return 64 + std::countr_zero(w[1]);
    return 128 + std::countr_zero(w[2]);
  }
  constexpr int highest() const {
    if (w[2]) return 191 - std::countl_zero(w[2]);
    if (w[1]) return 127 - std::countl_zero(w[1]);
    return 63 - std::countl_zero(w[0]);
  }
  static constexpr Bits single(int i) {
    Bits b;
    b.set(i);
    return b;
  }
  friend constexpr Bits operator&(Bits a, Bits b) {
    return {{a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2]}};
  }
  friend constexpr Bits operator|(Bits a, Bits b) {
    return {{a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2]}};
  }
  friend constexpr Bits operator^(Bits a, Bits b) {
    return {{a.w[0] ^ b.w[0], a.w[1] ^ b.w[1], a.w[2] ^ b.w[2]}};
  }
  // a minus b
  friend constexpr Bits operator-(Bits a, Bits b) {
    return {{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1], a.w[2] & ~b.w[2]}};
  }
  constexpr Bits& operator|=(Bits b) { return *this = *this | b; }
  constexpr Bits& operator&=(Bits b) { return *this = *this & b; }
  friend constexpr bool operator==(const Bits&, const Bits&) = default;
};

inline constexpr int kMaxPoints = 154;  // size 8
inline constexpr int kMaxRows = 15;
inline constexpr int kDirections = 6;

// M1 geometry of one board size, built once. Directions in axial (x, y):
// 0 (+1,0), 1 (0,+1), 2 (-1,+1) increase the point index; 3, 4, 5 are their
// opposites (d + 3), which decrease it.
struct Geometry {
  int size = 0, rows = 0, middle = 0, points = 0;
  std::array<int, kMaxRows> row_start{}, row_width{};
  std::array<std::uint8_t, kMaxPoints> row_of{}, col_of{};  // col from 0
  Bits all;
  std::array<Bits, kMaxPoints> neighbours{};
  std::array<std::array<Bits, kDirections>, kMaxPoints> ray{};       // excludes the point
  std::array<std::array<Bits, kDirections>, kMaxPoints> ray_from{};  // includes it
  std::array<std::array<std::int16_t, kDirections>, kMaxPoints> step{};  // -1: off board

  static const Geometry& of(int size);  // size 6, 7 or 8
  int index(int row, int col) const { return row_start[row] + col; }
  // -1 when (x, y) is off the board.
  int at_axial(int x, int y) const;
  std::string name(int p) const;
};

}  // namespace meridians

class Meridians {
 public:
  using Bits = meridians::Bits;

  struct Position {
    Bits stones[2];                  // [0] white, [1] black
    std::uint8_t side = 0;           // 0 white, 1 black to move
    std::uint8_t placed[2] = {0, 0};  // stones placed so far, capped at 2
    bool may_swap = false;           // M9: Black may play `swap` now
    friend bool operator==(const Position&, const Position&) = default;
  };

  struct Move {
    static constexpr std::uint8_t kPass = 254;
    static constexpr std::uint8_t kSwap = 255;
    std::uint8_t code = 0;  // a point index, kPass or kSwap
    friend bool operator==(Move, Move) = default;
  };

  // Fixed capacity: every point plus `swap`; never allocates.
  class MoveList {
   public:
    static constexpr std::size_t kCapacity = meridians::kMaxPoints + 1;
    MoveList() {}  // leaves moves_ uninitialised
    Move* begin() { return moves_.data(); }
    Move* end() { return moves_.data() + size_; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    std::size_t size() const { return size_; }
    const Move& operator[](std::size_t i) const { return moves_[i]; }
    void push(Move m) { moves_[size_++] = m; }

   private:
    std::size_t size_ = 0;
    std::array<Move, kCapacity> moves_;
  };

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

  // For tests and tools.
  const meridians::Geometry& geometry() const { return *geo_; }
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
  const meridians::Geometry* geo_;
  bool swap_option_;
};

}  // namespace arb::engine
