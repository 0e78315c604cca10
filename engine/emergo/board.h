// Emergo engine core: geometry tables, bitboard masks, capture-chain search,
// move generation, counting and copy-make (RULES.md E1-E12). Inline so that the
// generic perft loop can inline play() and count_moves() into its hot path.
//
// Squares: only the dark squares, densely numbered. Square (rank r, file f),
// both from 0, dark iff r + f is even (E1: a1 dark), has index (N*r + f) / 2.
// Because N is odd the four diagonal neighbours are fixed index offsets:
// NE +(N+1)/2, NW +(N-1)/2, SE -(N-1)/2, SW -(N+1)/2, masked at the a- and
// last file. 41 squares (9x9) or 25 (7x7) fit one 64-bit word.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/core/inline.h"
#include "engine/core/move_list.h"

namespace arb::engine::emergo::detail {

using Bitboard = std::uint64_t;

constexpr int kMaxSquares = 41;
// Directions; the opposite of d is 3 - d.
constexpr int kNorthEast = 0;
constexpr int kNorthWest = 1;
constexpr int kSouthEast = 2;
constexpr int kSouthWest = 3;
constexpr int opposite(int d) { return 3 - d; }

enum class MoveKind : std::uint8_t { kEntry, kStep, kCapture };

// A complete turn (P1). Trivial on purpose: the fixed move list stays
// uninitialised until written. A capture stores its directions, 2 bits per
// jump; a chain takes one man per jump, so it has at most 12 jumps (24 bits).
struct Move {
  MoveKind kind;
  std::uint8_t from;   // entry square, step or chain start
  std::uint8_t jumps;  // capture: number of jumps; step: 1
  std::uint32_t dirs;  // direction of jump i in bits 2i..2i+1
  friend bool operator==(const Move&, const Move&) = default;
};

// Column byte: cap (owner's men, E3) in the low nibble, prisoners in the high
// nibble. At most 12 men of a colour exist, so both fit. The owner is the
// colour whose bitboard holds the square.
constexpr int cap_of(std::uint8_t c) { return c & 0xF; }
constexpr int prisoners_of(std::uint8_t c) { return c >> 4; }
constexpr std::uint8_t make_column(int cap, int prisoners) {
  return static_cast<std::uint8_t>(cap | (prisoners << 4));
}

struct Position {
  std::array<Bitboard, 2> owned;              // [0] white, [1] black: columns by owner
  std::array<std::uint8_t, kMaxSquares> col;  // 0 on empty squares (keeps == exact)
  std::array<std::uint8_t, 2> hand;           // men in hand, white, black
  std::uint8_t side;                          // 0 white, 1 black to move
  friend bool operator==(const Position&, const Position&) = default;
};

// 1024 moves inline: no heap in move generation. Entries <= 41 and steps
// <= 4 * 12 always fit. The number of maximal capture chains has no small
// proven bound (random and constructed positions stay near 20), so beyond 1024
// the list moves to the heap rather than fail or wrap.
using MoveList = core::MoveList<Move, 1024>;

template <int N>
struct Geometry {
  static_assert(N == 9 || N == 7);
  static constexpr int kSize = N;
  static constexpr int kSquares = (N * N + 1) / 2;
  static constexpr int kMen = N == 9 ? 12 : 8;               // E2
  static constexpr int kCentre = (N * (N / 2) + N / 2) / 2;  // E1: e5 / d4
  static constexpr Bitboard kAll = (Bitboard{1} << kSquares) - 1;

  static constexpr int rank_of(int sq) { return 2 * sq / N; }
  static constexpr int file_of(int sq) { return 2 * sq % N; }
  static constexpr int square_at(int rank, int file) { return (N * rank + file) / 2; }

  static constexpr Bitboard file_mask(int file) {
    Bitboard b = 0;
    for (int sq = 0; sq < kSquares; ++sq)
      if (file_of(sq) == file) b |= Bitboard{1} << sq;
    return b;
  }
  static constexpr Bitboard kFileFirst = file_mask(0);
  static constexpr Bitboard kFileLast = file_mask(N - 1);

  // neighbour[sq][d]: the adjacent square in direction d, or -1 off the board.
  static constexpr auto kNeighbour = [] {
    std::array<std::array<std::int8_t, 4>, kSquares> t{};
    constexpr int dr[4] = {1, 1, -1, -1};
    constexpr int df[4] = {1, -1, 1, -1};
    for (int sq = 0; sq < kSquares; ++sq)
      for (int d = 0; d < 4; ++d) {
        const int r = rank_of(sq) + dr[d], f = file_of(sq) + df[d];
        t[sq][d] = (r < 0 || r >= N || f < 0 || f >= N) ? std::int8_t{-1}
                                                        : static_cast<std::int8_t>(square_at(r, f));
      }
    return t;
  }();

  // Every square of b moved one step in direction D (off-board bits dropped).
  template <int D>
  static ARB_HOT_INLINE constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == kNorthEast) return ((b & ~kFileLast) << ((N + 1) / 2)) & kAll;
    if constexpr (D == kNorthWest) return ((b & ~kFileFirst) << ((N - 1) / 2)) & kAll;
    if constexpr (D == kSouthEast) return (b & ~kFileLast) >> ((N - 1) / 2);
    if constexpr (D == kSouthWest) return (b & ~kFileFirst) >> ((N + 1) / 2);
  }

  // Squares of `own` that can make a first jump (E5): an `opp` column adjacent
  // in some direction with an empty square beyond it.
  static ARB_HOT_INLINE constexpr Bitboard capturers(Bitboard own, Bitboard opp, Bitboard empty) {
    return (shift<kSouthWest>(shift<kSouthWest>(empty) & opp) |
            shift<kSouthEast>(shift<kSouthEast>(empty) & opp) |
            shift<kNorthWest>(shift<kNorthWest>(empty) & opp) |
            shift<kNorthEast>(shift<kNorthEast>(empty) & opp)) &
           own;
  }

  // E9: empty squares on which a new man of ours could be jumped by `opp`:
  // an opponent column on one side and an empty square on the other.
  static ARB_HOT_INLINE constexpr Bitboard feeding(Bitboard opp, Bitboard empty) {
    return ((shift<kNorthEast>(opp) & shift<kSouthWest>(empty)) |
            (shift<kSouthWest>(opp) & shift<kNorthEast>(empty)) |
            (shift<kNorthWest>(opp) & shift<kSouthEast>(empty)) |
            (shift<kSouthEast>(opp) & shift<kNorthWest>(empty))) &
           empty;
  }

  // Squares that could jump in direction D now (E5): an `opp` column next to
  // them in D and an empty square beyond. capturers() is their union & own.
  template <int D>
  static ARB_HOT_INLINE constexpr Bitboard jumpers(Bitboard opp, Bitboard empty) {
    constexpr int B = opposite(D);
    return shift<B>(shift<B>(empty) & opp);
  }

  static ARB_HOT_INLINE constexpr int steps(Bitboard own, Bitboard empty) {
    return std::popcount(shift<kNorthEast>(own) & empty) +
           std::popcount(shift<kNorthWest>(own) & empty) +
           std::popcount(shift<kSouthEast>(own) & empty) +
           std::popcount(shift<kSouthWest>(own) & empty);
  }
};

// Depth-first search of the capture chains of one column, applying E5-E6 during
// the chain on a private copy of the columns: the jumped column loses its top
// man at once (it may vanish or turn into the capturer's own), the start square
// is empty while the column travels, and the column just jumped is never jumped
// next (E6). The capturer itself never needs to be on the board: a landing
// square is two steps from where it stands, so it never blocks itself.
// `sink(from, jumps, dirs)` receives every chain that cannot continue.
template <int N, class Sink>
struct ChainSearch {
  using G = Geometry<N>;
  Bitboard opp;    // opponent-owned columns
  Bitboard empty;  // empty squares, the capturer's start square included
  std::array<std::uint8_t, kMaxSquares> col;
  int from;
  Sink& sink;

  void run(int sq, int last, int jumps, std::uint32_t dirs) {
    bool continued = false;
    for (int d = 0; d < 4; ++d) {
      const int j = G::kNeighbour[sq][d];
      if (j < 0 || j == last || !((opp >> j) & 1))
        continue;  // E6: not the same column twice in a row
      const int l = G::kNeighbour[j][d];
      if (l < 0 || !((empty >> l) & 1)) continue;
      continued = true;
      const std::uint8_t c = col[j];
      const Bitboard saved_opp = opp, saved_empty = empty;
      col[j] = static_cast<std::uint8_t>(c - 1);  // E5: its top man is taken at once
      if (cap_of(c) == 1) {
        opp &= ~(Bitboard{1} << j);  // freed prisoners (if any) are the capturer's own
        if (prisoners_of(c) == 0) empty |= Bitboard{1} << j;  // a single man disappears
      }
      run(l, j, jumps + 1, dirs | (static_cast<std::uint32_t>(d) << (2 * jumps)));
      col[j] = c;
      opp = saved_opp;
      empty = saved_empty;
    }
    if (!continued && jumps > 0) sink(from, jumps, dirs);  // E6: must jump while it can
  }
};

// Runs every capture chain of every column of the side to move into `sink`.
template <int N, class Sink>
inline void search_captures(const Position& p, Bitboard starts, Sink& sink) {
  const int me = p.side;
  const Bitboard occupied = p.owned[0] | p.owned[1];
  ChainSearch<N, Sink> search{p.owned[me ^ 1], Geometry<N>::kAll & ~occupied, p.col, 0, sink};
  while (starts) {
    const int from = std::countr_zero(starts);
    starts &= starts - 1;
    search.from = from;
    search.empty |= Bitboard{1} << from;  // E5: the start square is empty while it travels
    search.run(from, -1, 0, 0);
    search.empty &= ~(Bitboard{1} << from);
  }
}

struct CountSink {
  int best = 0;
  std::uint64_t count = 0;
  void operator()(int, int jumps, std::uint32_t) {
    if (jumps > best) {  // E7: only the chains taking the most men
      best = jumps;
      count = 1;
    } else if (jumps == best) {
      ++count;
    }
  }
};

struct ListSink {
  MoveList& list;
  int best = 0;
  void operator()(int from, int jumps, std::uint32_t dirs) {
    if (jumps < best) return;
    if (jumps > best) {  // E7: a longer chain discards the shorter ones found so far
      best = jumps;
      list.clear();
    }
    list.push_back(Move{MoveKind::kCapture, static_cast<std::uint8_t>(from),
                        static_cast<std::uint8_t>(jumps), dirs});
  }
};

// The empty squares on which the side to move may enter (E8-E10); only
// meaningful with men in hand and no capture available.
template <int N>
ARB_HOT_INLINE Bitboard entry_squares(const Position& p, Bitboard own, Bitboard opp,
                                      Bitboard empty) {
  using G = Geometry<N>;
  Bitboard squares = empty;
  // E9: no feeding, unless the opponent could already capture. If he could
  // not, an entry can only create captures that jump the entered column.
  if (!G::capturers(opp, own, empty)) squares &= ~G::feeding(opp, empty);
  // E10: White holding all his men may not enter on the centre.
  if (p.side == 0 && p.hand[0] == G::kMen) squares &= ~(Bitboard{1} << G::kCentre);
  return squares;
}

// E4-E7 counted, when the side to move can capture: first jumps on whole
// bitboards. A second jump from the landing square l goes in a direction other
// than straight back (E6), so it only meets squares the first jump left alone
// (the start square and the jumped column lie straight back): it exists iff l
// is a jumper of the original board in one of the other directions. Out of
// line, so that count_moves stays small enough to inline into perft.
template <int N>
[[gnu::noinline]] std::uint64_t count_captures(const Position& p, Bitboard own, Bitboard opp,
                                               Bitboard empty) {
  using G = Geometry<N>;
  const Bitboard a0 = G::template jumpers<0>(opp, empty);
  const Bitboard a1 = G::template jumpers<1>(opp, empty);
  const Bitboard a2 = G::template jumpers<2>(opp, empty);
  const Bitboard a3 = G::template jumpers<3>(opp, empty);
  const Bitboard s0 = own & a0, s1 = own & a1, s2 = own & a2, s3 = own & a3;
  const auto two = [](auto step, Bitboard b) { return step(step(b)); };
  const auto ne = [](Bitboard b) { return G::template shift<kNorthEast>(b); };
  const auto nw = [](Bitboard b) { return G::template shift<kNorthWest>(b); };
  const auto se = [](Bitboard b) { return G::template shift<kSouthEast>(b); };
  const auto sw = [](Bitboard b) { return G::template shift<kSouthWest>(b); };
  // Starts with a first jump whose landing can jump on.
  const Bitboard on = two(sw, two(ne, s0) & (a0 | a1 | a2)) |  // back from NE is SW (a3)
                      two(se, two(nw, s1) & (a0 | a1 | a3)) |  // back from NW is SE (a2)
                      two(nw, two(se, s2) & (a0 | a2 | a3)) |  // back from SE is NW (a1)
                      two(ne, two(sw, s3) & (a1 | a2 | a3));   // back from SW is NE (a0)
  // E7: no chain goes beyond one jump: every first jump is a move.
  if (!on)
    return static_cast<std::uint64_t>(std::popcount(s0) + std::popcount(s1) + std::popcount(s2) +
                                      std::popcount(s3));
  // Chains of two jumps or more exist: only starts that reach them can hold a
  // longest chain.
  CountSink sink;
  search_captures<N>(p, on, sink);
  return sink.count;
}

template <int N>
inline std::uint64_t count_moves(const Position& p) {
  using G = Geometry<N>;
  const int me = p.side;
  const Bitboard own = p.owned[me], opp = p.owned[me ^ 1];
  const Bitboard empty = G::kAll & ~(own | opp);
  if (G::capturers(own, opp, empty)) return count_captures<N>(p, own, opp, empty);  // E4
  if (p.hand[me] > 0) return std::popcount(entry_squares<N>(p, own, opp, empty));   // E8
  return static_cast<std::uint64_t>(G::steps(own, empty));                          // E11
}

template <int N>
inline void generate(const Position& p, MoveList& list) {
  using G = Geometry<N>;
  const int me = p.side;
  const Bitboard own = p.owned[me], opp = p.owned[me ^ 1];
  const Bitboard empty = G::kAll & ~(own | opp);
  if (const Bitboard starts = G::capturers(own, opp, empty)) {  // E4
    ListSink sink{list};
    search_captures<N>(p, starts, sink);
    return;
  }
  if (p.hand[me] > 0) {  // E8
    for (Bitboard b = entry_squares<N>(p, own, opp, empty); b; b &= b - 1)
      list.push_back(Move{MoveKind::kEntry, static_cast<std::uint8_t>(std::countr_zero(b)), 0, 0});
    return;
  }
  for (Bitboard b = own; b; b &= b - 1) {  // E11
    const int from = std::countr_zero(b);
    for (int d = 0; d < 4; ++d) {
      const int to = G::kNeighbour[from][d];
      if (to >= 0 && ((empty >> to) & 1))
        list.push_back(Move{MoveKind::kStep, static_cast<std::uint8_t>(from), 1,
                            static_cast<std::uint32_t>(d)});
    }
  }
}

template <int N>
inline Position play(const Position& p, const Move& m) {
  using G = Geometry<N>;
  Position q = p;
  const int me = p.side, them = me ^ 1;
  const Bitboard from_bit = Bitboard{1} << m.from;
  switch (m.kind) {
    case MoveKind::kEntry: {
      // E8: the shadow piece carries the whole hand when the opponent's is empty.
      const int men = p.hand[them] == 0 ? p.hand[me] : 1;
      q.col[m.from] = make_column(men, 0);
      q.owned[me] |= from_bit;
      q.hand[me] = static_cast<std::uint8_t>(p.hand[me] - men);
      break;
    }
    case MoveKind::kStep: {
      const int to = G::kNeighbour[m.from][m.dirs & 3];
      q.col[to] = p.col[m.from];
      q.col[m.from] = 0;
      q.owned[me] ^= from_bit | (Bitboard{1} << to);
      break;
    }
    case MoveKind::kCapture: {
      std::uint8_t moving = p.col[m.from];
      q.col[m.from] = 0;
      q.owned[me] &= ~from_bit;
      int sq = m.from;
      for (int i = 0; i < m.jumps; ++i) {
        const int d = (m.dirs >> (2 * i)) & 3;
        const int j = G::kNeighbour[sq][d];
        const std::uint8_t c = q.col[j];
        moving = static_cast<std::uint8_t>(moving + 0x10);  // E5: under the capturer
        const Bitboard jb = Bitboard{1} << j;
        if (cap_of(c) > 1) {
          q.col[j] = static_cast<std::uint8_t>(c - 1);
        } else if (prisoners_of(c) > 0) {
          q.col[j] = make_column(prisoners_of(c), 0);  // freed men: now ours
          q.owned[them] &= ~jb;
          q.owned[me] |= jb;
        } else {
          q.col[j] = 0;
          q.owned[them] &= ~jb;
        }
        sq = G::kNeighbour[j][d];
      }
      q.col[sq] = moving;
      q.owned[me] |= Bitboard{1} << sq;
      break;
    }
  }
  q.side = static_cast<std::uint8_t>(them);
  return q;
}

}  // namespace arb::engine::emergo::detail
