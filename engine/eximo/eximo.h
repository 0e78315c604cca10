// Eximo, the fast engine (RULES.md X1-X7, variants V4 and V5): 64-bit
// bitboards, copy-make, a fixed-capacity move list, and count_moves that counts
// without building moves.
//
// A position is stored from the point of view of the side to move: its men
// always move north (+8). For Black the board is flipped vertically
// (byte swap, rank r <-> 9 - r), so one generator serves both colours.
// Squares: a1 = 0, b1 = 1, ..., h8 = 63 (in the mover's frame).
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/error.h"
#include "common/game.h"
#include "common/hash.h"
#include "common/spec.h"
#include "engine/core/bits.h"
#include "engine/core/inline.h"
#include "engine/core/move_list.h"

namespace arb::engine::eximo {

namespace detail {

using Bits = std::uint64_t;
using core::bit;
using core::has;

inline constexpr Bits kFileA = 0x0101010101010101ULL;
inline constexpr Bits kFileH = kFileA << 7;
inline constexpr Bits kRank8 = 0xFF00000000000000ULL;  // the far row, mover's frame
inline constexpr Bits kRank7 = kRank8 >> 8;
inline constexpr Bits kRank6 = kRank8 >> 16;
inline constexpr Bits kRanks3To4 = 0xFFFF0000ULL;
inline constexpr Bits kRanks5To6 = kRanks3To4 << 16;
inline constexpr Bits kNotAB = ~(kFileA | kFileA << 1);  // may jump west (two files)
inline constexpr Bits kNotGH = ~(kFileH | kFileH >> 1);  // may jump east
// X6: drop zone b1-g1, b2-g2 in the mover's frame (b7-g7, b8-g8 for Black).
inline constexpr Bits kDropZone = 0x7E7EULL;

// Directions, mover's frame: forward, both forward diagonals, then sideways
// (X4: sideways only for captures).
enum Dir : int { kN = 0, kNE = 1, kNW = 2, kE = 3, kW = 4 };
inline constexpr int kShift[5] = {8, 9, 7, 1, -1};
inline constexpr int kFileStep[5] = {0, 1, -1, 1, -1};
inline constexpr int kRankStep[5] = {1, 1, 1, 0, 0};

// Squares from which a two-square jump in direction d stays on the board.
constexpr std::array<Bits, 5> make_jump_from() {
  std::array<Bits, 5> out{};
  for (int d = 0; d < 5; ++d)
    for (int sq = 0; sq < 64; ++sq) {
      const int f = sq % 8 + 2 * kFileStep[d], r = sq / 8 + 2 * kRankStep[d];
      if (f >= 0 && f < 8 && r >= 0 && r < 8) out[d] |= Bits{1} << sq;
    }
  return out;
}
inline constexpr std::array<Bits, 5> kJumpFrom = make_jump_from();

// X6: number of ways to make the compulsory drops with `free` zone squares
// empty: two men if possible (an unordered pair), else one, else none.
constexpr std::uint64_t drop_ways(int free) {
  return free >= 2 ? static_cast<std::uint64_t>(free) * (free - 1) / 2 : 1;
}
// V4 (drops=optional): none, one or two men on distinct free squares.
constexpr std::uint64_t optional_drop_ways(int free) {
  return 1 + static_cast<std::uint64_t>(free) + static_cast<std::uint64_t>(free) * (free - 1) / 2;
}
// The ways to finish a far-row arrival by free zone squares, 0..13 (12 zone
// squares; count_jump_chains asks for one more), under the drop rule in force:
// one table lookup, so the default rules pay nothing for V4.
using DropWays = std::array<std::uint64_t, 14>;

// Men of the mover that can start a capture (X4): enemy adjacent forward,
// diagonally forward or sideways, empty square beyond. Only the files need a
// mask: a right shift brings in zeros, no square off the board is empty.
ARB_HOT_INLINE Bits capturers(Bits us, Bits them, Bits empty) {
  return us & (((them >> 8) & (empty >> 16)) |
               (kNotGH & (((them >> 9) & (empty >> 18)) | ((them >> 1) & (empty >> 2)))) |
               (kNotAB & (((them >> 7) & (empty >> 14)) | ((them << 1) & (empty << 2)))));
}

// The same per direction, for every square (not only the mover's men).
ARB_HOT_INLINE void capture_sources(Bits them, Bits empty, Bits can[5]) {
  can[kN] = (them >> 8) & (empty >> 16);
  can[kNE] = kNotGH & (them >> 9) & (empty >> 18);
  can[kNW] = kNotAB & (them >> 7) & (empty >> 14);
  can[kE] = kNotGH & (them >> 1) & (empty >> 2);
  can[kW] = kNotAB & (them << 1) & (empty << 2);
}

// The capture landings (X4) of one man `b` (one bit): per direction, none
// or one square.
ARB_HOT_INLINE void capture_landings(Bits b, Bits them, Bits empty, Bits land[5]) {
  land[kN] = (((b << 8) & them) << 8) & empty;
  land[kNE] = ((((b & kNotGH) << 9) & them) << 9) & empty;
  land[kNW] = ((((b & kNotAB) << 7) & them) << 7) & empty;
  land[kE] = ((((b & kNotGH) << 1) & them) << 1) & empty;
  land[kW] = ((((b & kNotAB) >> 1) & them) >> 1) & empty;
}

// Counting without building moves, in eximo.cpp (big: not inlined, inline.h).
// `can` = capture_sources(them, empty).
std::uint64_t count_all_captures(Bits us, Bits empty, const Bits can[5], const DropWays& ways);
// V5 (capture=max): the number of capture chains that take the most men.
std::uint64_t count_max_captures(Bits us, Bits them, Bits empty, const DropWays& ways);
// The number of friendly jump chains of all the mover's men (X3), counted
// without a search, in eximo.cpp: every jump gains two ranks, so a chain has
// at most three jumps, and for a fixed sequence of directions the map from
// start square to landing square is one shift. So each of the 3 + 9 + 27
// direction sequences is one bitboard; the board is static (a forward jump
// never lands on or over the start square). A chain that reaches the far row
// ends with its X6 drops (`ways`, by free zone squares, one more when the
// start square was in the drop zone and so is free again). count_all_jumps
// calls it only when some chain can make three jumps.
std::uint64_t count_jump_chains(Bits us, Bits empty, const DropWays& ways);

// Inline, though not small: a call here per counted leaf parent costs Eximo
// 1% of its perft instructions (callgrind).
// The same count as count_jump_chains (X3), when no chain makes three jumps
// (only a man on rank 1 or 2 can): then a chain's first landing t either
// ends it (t cannot jump) or is followed by exactly one more jump, in any
// of t's directions. So a first jump onto t makes max(1, w(t)) chains, with
// w(t) the number of directions t can jump in: one popcount per direction
// and bit plane of w (`odd`, `two`), whatever the number of men.
inline std::uint64_t count_all_jumps(Bits us, Bits empty, const DropWays& ways) {
  // The squares a man could jump from, per direction N, NE, NW. As in
  // capturers: the ranks need no mask.
  const Bits jn = (us >> 8) & (empty >> 16), jne = kNotGH & (us >> 9) & (empty >> 18),
             jnw = kNotAB & (us >> 7) & (empty >> 14);
  const Bits any = jn | jne | jnw;
  const Bits ln = (us & jn) << 16, lne = (us & jne) << 18, lnw = (us & jnw) << 14;
  const auto count = [&](Bits mask) {
    return static_cast<std::uint64_t>(std::popcount(ln & mask) + std::popcount(lne & mask) +
                                      std::popcount(lnw & mask));
  };
  // X6: a chain ending on the far row (after a first jump from rank 6, or a
  // second from rank 6 after a first from rank 4: no start in the drop zone)
  // ends with the drops; all chains counted once before.
  const auto drops = [&](std::uint64_t far) {
    return far * (ways[std::popcount(kDropZone & empty)] - 1);
  };
  if (!((ln | lne | lnw) & any)) {  // no second jump
    const std::uint64_t total = count(~Bits{0});
    return any & kRank6 ? total + drops(count(kRank8)) : total;
  }
  // A third jump needs a second landing that can jump (ranks 5-6) reached
  // from a first landing (ranks 3-4) that can jump.
  if (any & kRanks5To6) [[unlikely]] {
    const Bits twice = (jn & (any >> 16)) | (jne & (any >> 18)) | (jnw & (any >> 14));
    if (twice & kRanks3To4) return count_jump_chains(us, empty, ways);
  }
  const Bits odd = jn ^ jne ^ jnw, two = (jn & jne) | ((jn ^ jne) & jnw);  // w = odd + 2 two
  std::uint64_t total = count(odd | ~any) + 2 * count(two);                // max(1, w)
  if (any & kRank6) [[unlikely]]
    total += drops(count(kRank8 | (kRank6 & odd)) + 2 * count(kRank6 & two));
  return total;
}

}  // namespace detail

class Eximo {
 public:
  struct Position {
    std::uint64_t us = 0;    // the side to move's men, its own frame
    std::uint64_t them = 0;  // the opponent's men, same frame
    std::uint8_t side = 0;   // 0 = White to move, 1 = Black
    friend bool operator==(const Position&, const Position&) = default;
  };

  enum class Kind : std::uint8_t { kStep, kJump, kCapture };

  // Trivially default-constructible on purpose: the move list is not cleared.
  // play() only applies the two masks; the rest is for the move text.
  struct Move {
    std::uint64_t flip;   // the mover's squares that change: from, to (unless on
                          // the far row, X6) and the drops (one may refill from)
    std::uint64_t taken;  // X4: the enemy men taken
    std::uint64_t dirs;   // direction of jump i in bits 3i..3i+2 (kN, kNE, kNW, kE, kW)
    std::uint8_t from;    // mover's frame
    std::uint8_t to;      // last square reached (on the far row: removed, X6)
    Kind kind;
    std::uint8_t jumps;  // number of jumps (0 for a step)
  };

  // 2048 moves inline, no heap in move generation. A far-row arrival with
  // 12 free drop squares gives C(12,2) = 66 moves, so contrived positions can
  // exceed any small bound: only then the list moves to the heap (never in
  // ordinary play, and never silently wrong).
  using MoveList = core::MoveList<Move, 2048>;

  static constexpr std::string_view kName = "eximo";

  // The variant options (RULES.md V4, V5; the preset V8 is expanded by Spec),
  // read once from the validated Spec: nothing else reads an option.
  struct Rules {
    bool optional_drops = false;  // V4: drops=optional, 0, 1 or 2 drops (X6 default: two)
    bool max_capture = false;     // V5: capture=max, only the chains taking the most men
    static Rules from(const Spec& spec);
  };

  explicit Eximo(const Spec& spec);
  const Spec& spec() const { return spec_; }
  const Rules& rules() const { return rules_; }
  std::string_view players() const { return "wb"; }
  Position start() const;
  Position parse(std::string_view text) const;
  std::string format(const Position& pos) const;
  std::string diagram(const Position& pos) const;
  int to_move(const Position& pos) const { return pos.side; }
  MoveList legal_moves(const Position& pos) const;
  std::uint64_t count_moves(const Position& pos) const;
  Position play(const Position& pos, const Move& move) const;
  std::string move_text(const Position& pos, const Move& move) const;
  Move parse_move(const Position& pos, std::string_view text) const;
  // Optional Game members (common/game.h): a hash of every field, and the
  // invariants: disjoint sides, no man on its own far row (X6 removes it).
  std::uint64_t hash(const Position& pos) const {
    return hash_combine(hash_combine(pos.us, pos.them), pos.side);
  }
  // The optional symmetry (common/game.h): of a position and its mirror image
  // (files a <-> h), the smaller. X1-X7 and the drop zone b-g are symmetric
  // under that mirror, so both have one perft and share one table entry.
  Position canonical(const Position& pos) const {
    const Position m{core::mirror_files(pos.us), core::mirror_files(pos.them), pos.side};
    return m.us < pos.us || (m.us == pos.us && m.them < pos.them) ? m : pos;
  }
  bool ok(const Position& pos) const {
    return pos.side <= 1 && !(pos.us & pos.them) && !(pos.us & detail::kRank8) &&
           !(pos.them & 0xFFULL);
  }
  Outcome outcome(const Position& pos) const;
  // Optional (common/game.h): perft stats' greedy material, men on the board.
  int material(const Position& pos, int player) const {
    return std::popcount(player == pos.side ? pos.us : pos.them);
  }

  // Absolute boards (a1 = bit 0), for tests and tools.
  static std::uint64_t white(const Position& pos);
  static std::uint64_t black(const Position& pos);

 private:
  Spec spec_;
  Rules rules_;
  detail::DropWays ways_;  // X6 / V4, by free zone squares
};

// The hot path, inline (engine/core/inline.h).
inline std::uint64_t Eximo::count_moves(const Position& pos) const {
  using namespace detail;
  const Bits us = pos.us, them = pos.them, empty = ~(us | them);
  Bits can[5];
  capture_sources(them, empty, can);
  if (us & (can[0] | can[1] | can[2] | can[3] | can[4]))  // X5
    return rules_.max_capture ? count_max_captures(us, them, empty, ways_)
                              : count_all_captures(us, empty, can, ways_);
  // X2: steps; onto the far row (X6) only from rank 7.
  const Bits to = empty & ~kRank8;
  std::uint64_t total = static_cast<std::uint64_t>(std::popcount((us << 8) & to) +
                                                   std::popcount(((us & ~kFileH) << 9) & to) +
                                                   std::popcount(((us & ~kFileA) << 7) & to));
  if (const Bits r7 = us & kRank7) [[unlikely]] {
    const Bits far_to = empty & kRank8;
    total += static_cast<std::uint64_t>(std::popcount((r7 << 8) & far_to) +
                                        std::popcount(((r7 & ~kFileH) << 9) & far_to) +
                                        std::popcount(((r7 & ~kFileA) << 7) & far_to)) *
             ways_[std::popcount(kDropZone & empty)];
  }
  return total + count_all_jumps(us, empty, ways_);
}

inline Eximo::Position Eximo::play(const Position& pos, const Move& move) const {
  return {core::flip_ranks(pos.them & ~move.taken), core::flip_ranks(pos.us ^ move.flip),
          static_cast<std::uint8_t>(pos.side ^ 1)};
}

}  // namespace arb::engine::eximo
