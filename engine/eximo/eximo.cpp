#include "engine/eximo/eximo.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <string>

// Generation (legal_moves) searches chains depth-first, one man at a time;
// counting (count_moves) works on whole bitboards per direction. The two are
// kept different on purpose: count_moves == legal_moves().size() is tested,
// so one algorithm checks the other.
//
// Decisions where RULES.md is silent:
// - X6: the free drop-zone squares are counted after the whole move, so the
//   arriving man's start square and men taken on the way count as free.
// - X4: whether the capturing man's start square is empty while it travels
//   cannot matter: a chain never lands on it nor jumps it (moves go forward or
//   sideways, and a sideways return would need the man already taken).
// - V4: the optional drops use the same free squares as X6 (counted after the
//   move); with none free, the one move is the arrival without drops.
// - V5: a chain's size is the men it takes (its jumps); a chain stopped by the
//   far row (X6) counts the men it took, and its drops do not count.
// - Parsing rejects only what RULES.md lists (a man on its own far rank);
//   a side with no men (even both) is accepted: it simply has no move (X7).

namespace arb::engine::eximo {
namespace detail {
namespace {

using core::flip_ranks;

constexpr Bits shift_by(Bits x, int s) { return s >= 0 ? x << s : x >> -s; }

// Capture chains going on from the man on `b` (one bit) after two or more
// captures, the last in direction `last`; `zone` = the drop-zone squares
// empty after the captures so far (X6: counted after the whole move). Which
// captures a man has during its chain can be read on the board before the
// move (`can`, per direction): the men it took and its start square could
// only matter for jumping back over the man just taken, which `after` (the
// squares that can capture after a jump in direction d) leaves out. A chain
// never lands on its start square or on a man it took: it never goes down a
// rank, and on a rank it goes sideways two files at a time, one way (going
// back would jump a man it took).
std::uint64_t count_captures(Bits b, int last, Bits zone, const Bits can[5], const Bits after[5],
                             const DropWays& ways) {
  const int back = last == kE ? kW : last == kW ? kE : -1;
  std::uint64_t total = 0;
#pragma GCC unroll 5
  for (int d = 0; d < 5; ++d) {
    if (d == back || !(b & can[d])) continue;
    const Bits land = shift_by(b, 2 * kShift[d]);
    const Bits free = zone | (shift_by(b, kShift[d]) & kDropZone);
    // X6: the far row ends the move even if another capture were possible.
    if (d < kE && (land & kRank8))
      total += ways[std::popcount(free)];
    else  // X4: the chain ends where it cannot go on
      total += land & after[d] ? count_captures(land, d, free, can, after, ways) : 1;
  }
  return total;
}

// V5: the longest capture chains found so far, and how many moves they make.
struct Longest {
  int jumps = 0;
  std::uint64_t moves = 0;
  void add(int n, std::uint64_t ways) {
    if (n > jumps) jumps = n, moves = 0;
    if (n == jumps) moves += ways;
  }
};

// V5: every capture chain from `sq` after `taken` jumps (as count_captures:
// it must go on while it can, X4, and ends on the far row, X6) into `best`.
void longest_captures(int sq, int taken, Bits rest, Bits them, const DropWays& ways,
                      Longest& best) {
  const Bits empty = ~(rest | them);
  bool any = false;
  for (int d = 0; d < 5; ++d) {
    if (!has(kJumpFrom[d], sq)) continue;
    const int mid = sq + kShift[d], land = mid + kShift[d];
    if (!has(them, mid) || !has(empty, land)) continue;
    any = true;
    const Bits them2 = them & ~bit(mid);
    if (land >= 56)
      best.add(taken + 1, ways[std::popcount(kDropZone & ~(rest | them2))]);
    else
      longest_captures(land, taken + 1, rest, them2, ways, best);
  }
  if (!any && taken > 0) best.add(taken, 1);
}

}  // namespace

// The number of capture chains of all the mover's men (X4), when at least one
// exists. As count_captures says, the board before the move gives every
// capture of a chain (a second jump can never go straight back: the start
// square holds the mover). So the first two jumps of every man are done for
// all men at once, per sequence of directions, and only the chains that
// capture a third time are searched one by one.
std::uint64_t count_all_captures(Bits us, Bits empty, const Bits can[5], const DropWays& ways) {
  const Bits forward = can[kN] | can[kNE] | can[kNW];
  const Bits any = forward | can[kE] | can[kW];
  // The squares that can capture after a jump in each direction (not back).
  const Bits after[5] = {any, any, any, forward | can[kE], forward | can[kW]};
  const Bits stop = ~(any | kRank8);
  // X6: a chain that reaches the far row in one or two jumps starts on rank 4
  // or higher and takes on rank 5 or higher: the drop zone is unchanged.
  const auto far = [&](Bits land) {
    return static_cast<std::uint64_t>(std::popcount(land & kRank8)) *
           ways[std::popcount(kDropZone & empty)];
  };
  std::uint64_t total = 0;
#pragma GCC unroll 5
  for (int d1 = 0; d1 < 5; ++d1) {
    const Bits l1 = shift_by(us & can[d1], 2 * kShift[d1]);
    if (!l1) continue;
    total += static_cast<std::uint64_t>(std::popcount(l1 & stop));
    if (d1 < kE && (l1 & kRank8)) [[unlikely]]
      total += far(l1);
    const Bits c1 = l1 & any & ~kRank8;
    if (!c1) continue;
#pragma GCC unroll 5
    for (int d2 = 0; d2 < 5; ++d2) {
      if ((d1 == kE && d2 == kW) || (d1 == kW && d2 == kE)) continue;  // back onto the start
      const Bits l2 = shift_by(c1 & can[d2], 2 * kShift[d2]);
      if (!l2) continue;
      total += static_cast<std::uint64_t>(std::popcount(l2 & ~(after[d2] | kRank8)));
      if (d2 < kE && (l2 & kRank8)) [[unlikely]]
        total += far(l2);
      for (Bits c2 = l2 & after[d2] & ~kRank8; c2; c2 &= c2 - 1) {
        const int to = std::countr_zero(c2), via = to - 2 * kShift[d2];
        const int from = via - 2 * kShift[d1];
        const Bits left = bit(from) | bit(from + kShift[d1]) | bit(via + kShift[d2]);
        total += count_captures(c2 & -c2, d2, kDropZone & (empty | left), can, after, ways);
      }
    }
  }
  return total;
}

std::uint64_t count_jump_chains(Bits us, Bits empty, const DropWays& ways) {
  const auto far = [&] { return ways[std::popcount(kDropZone & empty)]; };
  // As in capturers: the ranks need no mask.
  const Bits can[3] = {(us >> 8) & (empty >> 16), kNotGH & (us >> 9) & (empty >> 18),
                       kNotAB & (us >> 7) & (empty >> 14)};
  const Bits any = can[0] | can[1] | can[2];
  const Bits stop = ~(any | kRank8);
  std::uint64_t total = 0;
  for (int d1 = 0; d1 < 3; ++d1) {
    const Bits l1 = (us & can[d1]) << (2 * kShift[d1]);
    if (!l1) continue;
    // A landing on rank 8 came from rank 6: its start is not in the zone.
    total += static_cast<std::uint64_t>(std::popcount(l1 & stop));
    if (l1 & kRank8) total += static_cast<std::uint64_t>(std::popcount(l1 & kRank8)) * far();
    const Bits c1 = l1 & any;
    if (!c1) continue;
    for (int d2 = 0; d2 < 3; ++d2) {
      const Bits l2 = (c1 & can[d2]) << (2 * kShift[d2]);
      if (!l2) continue;
      total += static_cast<std::uint64_t>(std::popcount(l2 & stop));
      if (l2 & kRank8) total += static_cast<std::uint64_t>(std::popcount(l2 & kRank8)) * far();
      const Bits c2 = l2 & any;
      if (!c2) continue;
      for (int d3 = 0; d3 < 3; ++d3) {
        // Third jump: lands on rank 7 (from rank 1) or 8 (from rank 2); no fourth.
        const Bits l3 = (c2 & can[d3]) << (2 * kShift[d3]);
        total += static_cast<std::uint64_t>(std::popcount(l3 & ~kRank8));
        if (l3 & kRank8) {
          const Bits start = (l3 & kRank8) >> (2 * (kShift[d1] + kShift[d2] + kShift[d3]));
          const int free = std::popcount(kDropZone & empty);
          total += static_cast<std::uint64_t>(std::popcount(start & kDropZone)) * ways[free + 1] +
                   static_cast<std::uint64_t>(std::popcount(start & ~kDropZone)) * ways[free];
        }
      }
    }
  }
  return total;
}

// V5: one man at a time, the whole search (the variant is not tuned).
std::uint64_t count_max_captures(Bits us, Bits them, Bits empty, const DropWays& ways) {
  Longest best;
  for (Bits caps = capturers(us, them, empty); caps; caps &= caps - 1) {
    const int sq = std::countr_zero(caps);
    longest_captures(sq, 0, us & ~bit(sq), them, ways, best);
  }
  return best.moves;
}

}  // namespace detail

namespace {

using namespace detail;
using Move = Eximo::Move;

// Appends one move per bit of `t`, made by `make(t)` (from its lowest bit):
// at most 64, so no bound check per move unless the list is nearly full.
template <class Make>
ARB_HOT_INLINE void append_each(Eximo::MoveList& list, Bits t, Make make) {
  if (list.size() + 64 <= Eximo::MoveList::kInline) [[likely]] {
    Move* out = list.inline_tail(64);
    for (; t; t &= t - 1) *out++ = make(t);
    list.set_end(out);
  } else {
    for (; t; t &= t - 1) list.push_back(make(t));
  }
}

// Appends the far-row arrival `m` (X6: the man is removed, m.flip = its start
// square) with every compulsory drop set on `free_zone`, the zone squares
// empty after the move. V4 (kOptionalDrops): also one drop, and none. A drop
// may refill the start square: flip is a XOR.
template <bool kOptionalDrops>
void emit_far(Eximo::MoveList& list, Move m, Bits free_zone) {
  const Bits base = m.flip;
  if (free_zone == 0) {
    list.push_back(m);
    return;
  }
  if constexpr (kOptionalDrops) {
    list.push_back(m);  // V4: no drop
    for (Bits a = free_zone; a; a &= a - 1) {
      m.flip = base ^ (a & -a);
      list.push_back(m);  // V4: one drop
    }
  } else if (std::popcount(free_zone) == 1) {
    m.flip = base ^ free_zone;
    list.push_back(m);
    return;
  }
  for (Bits a = free_zone; a; a &= a - 1) {
    const Bits one = base ^ (a & -a);
    for (Bits b = a & (a - 1); b; b &= b - 1) {
      m.flip = one ^ (b & -b);
      list.push_back(m);
    }
  }
}

// Capture chains going on from the man `b` (one bit; m: the chain so far,
// m.taken its men taken). `rest` = the mover's other men, `them` = enemy men
// still on the board (X4: removed at once).
template <bool kOptionalDrops>
void gen_captures(Eximo::MoveList& list, const Move& m, Bits b, Bits rest, Bits them) {
  Bits land[5];
  capture_landings(b, them, ~(rest | them), land);
  if (!(land[0] | land[1] | land[2] | land[3] | land[4])) {
    Move done = m;
    done.to = static_cast<std::uint8_t>(std::countr_zero(b));
    done.flip = bit(m.from) | b;
    list.push_back(done);
    return;
  }
#pragma GCC unroll 5
  for (int d = 0; d < 5; ++d) {
    if (!land[d]) continue;
    const Bits mid = shift_by(land[d], -kShift[d]);
    Move next = m;
    next.dirs |= static_cast<Bits>(d) << (3 * m.jumps);
    ++next.jumps;
    next.taken |= mid;
    assert(next.jumps <= 21);
    if (land[d] & kRank8) {  // X6: the far row ends the move
      next.to = static_cast<std::uint8_t>(std::countr_zero(land[d]));
      next.flip = bit(m.from);
      emit_far<kOptionalDrops>(list, next, kDropZone & ~(rest | (them & ~mid)));
    } else {
      gen_captures<kOptionalDrops>(list, next, land[d], rest, them & ~mid);
    }
  }
}

// X4: every capture chain. The first jump of every man is done on whole
// bitboards, per direction, as in count_all_captures (which says why a
// landing square's continuations can be read on the board before the move);
// only continuing chains are searched man by man.
template <bool kOptionalDrops>
void gen_all_captures(Eximo::MoveList& list, Bits us, Bits them, Bits empty) {
  Bits can[5];
  Bits any = 0;
#pragma GCC unroll 5
  for (int d = 0; d < 5; ++d) {
    can[d] = kJumpFrom[d] & shift_by(them, -kShift[d]) & shift_by(empty, -2 * kShift[d]);
    any |= can[d];
  }
  Move m;
  m.kind = Eximo::Kind::kCapture;
  m.jumps = 1;
#pragma GCC unroll 5
  for (int d = 0; d < 5; ++d) {
    const Bits land = shift_by(us & can[d], 2 * kShift[d]);
    if (!land) continue;
    const int back = 2 * kShift[d];
    m.dirs = static_cast<Bits>(d);
    append_each(list, land & ~any & ~kRank8, [&](Bits t) {
      const int to = std::countr_zero(t);
      Move x = m;
      x.to = static_cast<std::uint8_t>(to);
      x.from = static_cast<std::uint8_t>(to - back);
      x.flip = (t & -t) | bit(to - back);
      x.taken = bit(to - kShift[d]);
      return x;
    });
    // A first capture onto the far row starts on rank 6 and takes on rank 7:
    // the drop zone is unchanged.
    for (Bits t = land & kRank8; t; t &= t - 1) {
      const int to = std::countr_zero(t);
      m.to = static_cast<std::uint8_t>(to);
      m.from = static_cast<std::uint8_t>(to - back);
      m.flip = bit(to - back);
      m.taken = bit(to - kShift[d]);
      emit_far<kOptionalDrops>(list, m, kDropZone & empty);
    }
    for (Bits t = land & any & ~kRank8; t; t &= t - 1) {
      const int to = std::countr_zero(t);
      m.from = static_cast<std::uint8_t>(to - back);
      m.taken = bit(to - kShift[d]);
      gen_captures<kOptionalDrops>(list, m, t & -t, us & ~bit(to - back), them & ~m.taken);
    }
  }
}

// The jump chains of one direction sequence: `ends` are their last squares
// (none can go on), each `back` squares after its start; m.dirs, m.jumps set.
// `zone` = the empty drop-zone squares before the move.
template <bool kOptionalDrops>
ARB_HOT_INLINE void put_jumps(Eximo::MoveList& list, Move& m, Bits ends, int back, Bits zone) {
  append_each(list, ends & ~kRank8, [&](Bits t) {
    const int to = std::countr_zero(t);
    Move x = m;
    x.to = static_cast<std::uint8_t>(to);
    x.from = static_cast<std::uint8_t>(to - back);
    x.flip = (t & -t) | bit(to - back);
    return x;
  });
  for (Bits t = ends & kRank8; t; t &= t - 1) {
    const int to = std::countr_zero(t);
    m.to = static_cast<std::uint8_t>(to);
    m.from = static_cast<std::uint8_t>(to - back);
    m.flip = bit(to - back);
    // X6: the start square is free again.
    emit_far<kOptionalDrops>(list, m, zone | (kDropZone & m.flip));
  }
}

// X3: every friendly jump chain, one direction sequence at a time, as
// count_jump_chains counts them (the board is static during a chain).
template <bool kOptionalDrops>
void gen_all_jumps(Eximo::MoveList& list, Bits us, Bits empty, Bits zone) {
  const Bits can[3] = {kJumpFrom[kN] & (us >> 8) & (empty >> 16),
                       kJumpFrom[kNE] & (us >> 9) & (empty >> 18),
                       kJumpFrom[kNW] & (us >> 7) & (empty >> 14)};
  const Bits any = can[0] | can[1] | can[2];
  if (!(us & any)) return;
  Move m;
  m.kind = Eximo::Kind::kJump;
  m.taken = 0;
#pragma GCC unroll 3
  for (int d1 = 0; d1 < 3; ++d1) {
    const Bits l1 = (us & can[d1]) << (2 * kShift[d1]);
    if (!l1) continue;
    m.jumps = 1;
    m.dirs = static_cast<Bits>(d1);
    put_jumps<kOptionalDrops>(list, m, l1 & ~any, 2 * kShift[d1], zone);
    const Bits c1 = l1 & any;
    if (!c1) continue;
    for (int d2 = 0; d2 < 3; ++d2) {
      const Bits l2 = (c1 & can[d2]) << (2 * kShift[d2]);
      if (!l2) continue;
      m.jumps = 2;
      m.dirs = static_cast<Bits>(d1 | d2 << 3);
      put_jumps<kOptionalDrops>(list, m, l2 & ~any, 2 * (kShift[d1] + kShift[d2]), zone);
      const Bits c2 = l2 & any;
      if (!c2) continue;
      for (int d3 = 0; d3 < 3; ++d3) {
        // Third jump: lands on rank 7 or 8; no fourth.
        const Bits l3 = (c2 & can[d3]) << (2 * kShift[d3]);
        if (!l3) continue;
        m.jumps = 3;
        m.dirs = static_cast<Bits>(d1 | d2 << 3 | d3 << 6);
        put_jumps<kOptionalDrops>(list, m, l3, 2 * (kShift[d1] + kShift[d2] + kShift[d3]), zone);
      }
    }
  }
}

std::string square_name(int sq) {
  return {static_cast<char>('a' + sq % 8), static_cast<char>('1' + sq / 8)};
}

}  // namespace

// V4, V5 (default: the rules X1-X7).
Eximo::Rules Eximo::Rules::from(const Spec& spec) {
  Rules rules;
  rules.optional_drops = spec.value("drops") == "optional";
  rules.max_capture = spec.value("capture") == "max";
  return rules;
}

Eximo::Eximo(const Spec& spec) : spec_(spec), rules_(Rules::from(spec)) {
  for (int free = 0; free < static_cast<int>(ways_.size()); ++free)
    ways_[static_cast<std::size_t>(free)] =
        rules_.optional_drops ? optional_drop_ways(free) : drop_ways(free);
}

std::uint64_t Eximo::white(const Position& pos) { return pos.side ? flip_ranks(pos.them) : pos.us; }
std::uint64_t Eximo::black(const Position& pos) { return pos.side ? flip_ranks(pos.us) : pos.them; }

Eximo::Position Eximo::start() const {
  return parse("1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 w");
}

Eximo::Position Eximo::parse(std::string_view text) const {
  const auto space = text.find(' ');
  if (space == std::string_view::npos)
    throw Error("position: expected '<ranks> <side>', found no space in '" + std::string(text) +
                "'");
  const std::string_view ranks = text.substr(0, space), side = text.substr(space + 1);
  if (side != "w" && side != "b") {
    std::string message = "side: expected 'w' or 'b', found ";
    if (side.empty()) {
      message += "nothing";
    } else {
      message += '\'';
      message += side;
      message += '\'';
    }
    throw Error(message);
  }
  Bits white = 0, black = 0;
  int rank = 7, file = 0;
  bool last_digit = false;
  for (char c : ranks) {
    const std::string where = "rank " + std::to_string(rank + 1) + ": ";
    if (c == '/') {
      if (file != 8) throw Error(where + "has " + std::to_string(file) + " squares, not 8");
      if (rank == 0) throw Error("ranks: more than 8 ranks at '/'");
      --rank, file = 0, last_digit = false;
      continue;
    }
    if (c >= '1' && c <= '8') {
      if (last_digit) throw Error(where + "two digits in a row at '" + std::string(1, c) + "'");
      file += c - '0';
      last_digit = true;
      if (file > 8) throw Error(where + "more than 8 squares at '" + std::string(1, c) + "'");
      continue;
    }
    if (c != 'W' && c != 'B')
      throw Error(where + "unexpected character '" + std::string(1, c) + "'");
    if (file >= 8) throw Error(where + "more than 8 squares at '" + std::string(1, c) + "'");
    const int sq = rank * 8 + file;
    // X6: a man on its far rank has already been removed.
    if (c == 'W' && rank == 7)
      throw Error(where + "a white man on its far rank at " + square_name(sq) + " 'W'");
    if (c == 'B' && rank == 0)
      throw Error(where + "a black man on its far rank at " + square_name(sq) + " 'B'");
    (c == 'W' ? white : black) |= bit(sq);
    ++file;
    last_digit = false;
  }
  if (file != 8)
    throw Error("rank " + std::to_string(rank + 1) + ": has " + std::to_string(file) +
                " squares, not 8");
  if (rank != 0) throw Error("ranks: " + std::to_string(8 - rank) + " ranks, not 8");
  if (side == "w") return {white, black, 0};
  return {flip_ranks(black), flip_ranks(white), 1};
}

std::string Eximo::format(const Position& pos) const {
  const Bits w = white(pos), b = black(pos);
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const int sq = rank * 8 + file;
      const char c = has(w, sq) ? 'W' : has(b, sq) ? 'B' : 0;
      if (!c) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty), empty = 0;
      out += c;
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  out += pos.side ? " b" : " w";
  return out;
}

std::string Eximo::diagram(const Position& pos) const {
  const Bits w = white(pos), b = black(pos);
  std::string out = "   a b c d e f g h\n";
  for (int rank = 7; rank >= 0; --rank) {
    out += static_cast<char>('1' + rank);
    out += ' ';
    for (int file = 0; file < 8; ++file) {
      const int sq = rank * 8 + file;
      out += ' ';
      out += has(w, sq) ? 'W' : has(b, sq) ? 'B' : '.';
    }
    out += "  ";
    out += static_cast<char>('1' + rank);
    out += '\n';
  }
  out += "   a b c d e f g h\n";
  out += pos.side ? "Black (B, moving down) to move" : "White (W, moving up) to move";
  out +=
      "; W " + std::to_string(std::popcount(w)) + ", B " + std::to_string(std::popcount(b)) + "\n";
  return out;
}

namespace {

// Every move under X1-X6, with V4's drops when kOptionalDrops.
template <bool kOptionalDrops>
void generate(const Eximo::Position& pos, Eximo::MoveList& list) {
  const Bits us = pos.us, them = pos.them, empty = ~(us | them);
  // X5: captures first, and then only captures.
  if (capturers(us, them, empty)) {
    gen_all_captures<kOptionalDrops>(list, us, them, empty);
    return;
  }
  // X2: steps, one direction at a time over all men.
  Move m;
  m.kind = Eximo::Kind::kStep;
  m.jumps = 0;
  m.dirs = 0;
  m.taken = 0;
  const Bits zone = kDropZone & empty;
  const Bits step_from[3] = {us, us & ~kFileH, us & ~kFileA};
#pragma GCC unroll 3
  for (int d = 0; d < 3; ++d) {
    const Bits to = (step_from[d] << kShift[d]) & empty;
    append_each(list, to & ~kRank8, [&](Bits t) {
      const int sq = std::countr_zero(t);
      Move x = m;
      x.to = static_cast<std::uint8_t>(sq);
      x.from = static_cast<std::uint8_t>(sq - kShift[d]);
      x.flip = (t & -t) | ((t & -t) >> kShift[d]);
      return x;
    });
    for (Bits t = to & kRank8; t; t &= t - 1) {
      m.to = static_cast<std::uint8_t>(std::countr_zero(t));
      m.from = static_cast<std::uint8_t>(m.to - kShift[d]);
      m.flip = bit(m.from);
      emit_far<kOptionalDrops>(list, m, zone);  // the start square (rank 7) is never in the zone
    }
  }
  // X3: friendly jump chains.
  gen_all_jumps<kOptionalDrops>(list, us, empty, zone);
}

}  // namespace

Eximo::MoveList Eximo::legal_moves(const Position& pos) const {
#ifdef ARB_PLANTED_SLOWDOWN
  // The performance gate's self-test (benchmarks/CMakeLists.txt): wasted work
  // the gate must catch. Never defined in a normal build.
  static volatile unsigned planted = 0;
  for (int i = 0; i < ARB_PLANTED_SLOWDOWN; ++i) planted = planted + 1;
#endif
  MoveList list;
  if (rules_.optional_drops)
    generate<true>(pos, list);
  else
    generate<false>(pos, list);
  // V5 (capture=max): of the capture chains (X5: then every move is one), only
  // those with the most jumps, one man taken per jump.
  if (rules_.max_capture && !list.empty() && list[0].kind == Kind::kCapture) {
    int most = 0;
    for (const Move& m : list) most = std::max<int>(most, m.jumps);
    MoveList longest;
    for (const Move& m : list)
      if (m.jumps == most) longest.push_back(m);
    list = longest;
  }
  return list;
}

std::string Eximo::move_text(const Position& pos, const Move& move) const {
  const int turn = pos.side ? 56 : 0;  // mover's frame -> board squares
  std::string out = square_name(move.from ^ turn);
  const char sep = move.kind == Kind::kCapture ? 'x' : '-';
  if (move.kind == Kind::kStep) {
    out += sep;
    out += square_name(move.to ^ turn);
  } else {
    int sq = move.from;
    for (int i = 0; i < move.jumps; ++i) {
      sq += 2 * kShift[(move.dirs >> (3 * i)) & 7];
      out += sep;
      out += square_name(sq ^ turn);
    }
  }
  // Drops, sorted by rank then file on the real board (square index order).
  int drops[2];
  int n = 0;
  if (move.to >= 56)  // X6: flip holds the start square and the drops
    for (Bits d = move.flip ^ bit(move.from); d && n < 2; d &= d - 1)
      drops[n++] = std::countr_zero(d) ^ turn;
  if (n == 2 && drops[0] > drops[1]) std::swap(drops[0], drops[1]);
  for (int i = 0; i < n; ++i) out += '+' + square_name(drops[i]);
  return out;
}

Eximo::Move Eximo::parse_move(const Position& pos, std::string_view text) const {
  return find_move_by_text(*this, pos, text);
}

Outcome Eximo::outcome(const Position& pos) const {
  // X7: no legal move (no men, or all blocked) loses.
  if (count_moves(pos) != 0) return Outcome::ongoing();
  return Outcome::win(pos.side ^ 1);
}

}  // namespace arb::engine::eximo
