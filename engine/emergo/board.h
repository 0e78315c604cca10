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
#include <cstring>

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

// The variant options that change the moves (RULES.md V2, V3), a template
// argument of the move generator so that the default rules pay nothing for
// them. V1 (blocked=loss) changes outcomes only: see Emergo::outcome.
struct Variant {
  bool any_capture = false;      // V2: capture=any, E7 dropped
  bool feeding_allowed = false;  // V3: feeding=allowed, E9 dropped
  friend constexpr bool operator==(Variant, Variant) = default;
};
constexpr Variant kDefaultRules{};

// A complete turn (P1). Trivial on purpose: the fixed move list stays
// uninitialised until written. A capture stores its directions, 2 bits per
// jump; a chain takes one man per jump, so it has at most 12 jumps (24 bits).
struct Move {
  MoveKind kind;
  std::uint8_t from;   // entry square, step or chain start
  std::uint8_t jumps;  // capture: number of jumps; step: its target square
  std::uint32_t dirs;  // capture: direction of jump i in bits 2i..2i+1; otherwise 0
  friend bool operator==(const Move&, const Move&) = default;
};

// A step (E11) as one 64-bit word in Move's layout, little-endian: kind,
// from, target, a padding byte and dirs from the low byte up. generate writes
// each step with one store of it (checked by the static_assert below).
constexpr std::uint64_t step_word(std::uint64_t from, std::uint64_t to) {
  return static_cast<std::uint64_t>(MoveKind::kStep) | from << 8 | to << 16;
}
static_assert(sizeof(Move) == 8 && std::endian::native == std::endian::little);
static_assert(std::bit_cast<Move>(step_word(12, 17)) == Move{MoveKind::kStep, 12, 17, 0});

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

  // The index offset of one step in direction D (the header comment).
  static constexpr int kDelta[4] = {(N + 1) / 2, (N - 1) / 2, -(N - 1) / 2, -(N + 1) / 2};

  // b moved by k squares of the dense numbering: bits that wrap a file or
  // leave the board are the caller's to mask.
  template <int K>
  static ARB_HOT_INLINE constexpr Bitboard toward(Bitboard b) {
    if constexpr (K >= 0)
      return b << K;
    else
      return b >> -K;
  }

  // Squares from which k steps in direction D stay on the board's files. A
  // step is then exactly the offset kDelta[D]; a step off the top or bottom
  // rank leaves kAll (and so every bitboard of columns or empty squares), so
  // masking the start's file is all the shifts below need.
  static constexpr Bitboard files_for(int d, int k) {
    const bool east = d == kNorthEast || d == kSouthEast;
    Bitboard b = kAll;
    for (int i = 0; i < k; ++i) b &= ~file_mask(east ? N - 1 - i : i);
    return b;
  }

  // The empty squares one step from `own` in direction D (E11).
  template <int D>
  static ARB_HOT_INLINE constexpr Bitboard step_targets(Bitboard own, Bitboard empty) {
    return toward<kDelta[D]>(own & files_for(D, 1)) & empty;
  }

  // Squares that could jump in direction D now (E5): an `opp` column next to
  // them in D and an empty square beyond.
  template <int D>
  static ARB_HOT_INLINE constexpr Bitboard jumpers(Bitboard opp, Bitboard empty) {
    constexpr int K = kDelta[D];
    return toward<-K>(opp & toward<-K>(empty)) & files_for(D, 2);
  }

  // The squares a jump in direction D may land on: all but the two files on
  // the side it comes from. A start on the two last files towards D wraps a
  // file and lands on exactly those, so masking the landing square does the
  // work of files_for(D, 2) on the start. East: NE and SE; west: NW and SW.
  static constexpr Bitboard kLandEast = files_for(kSouthWest, 2);
  static constexpr Bitboard kLandWest = files_for(kSouthEast, 2);

  // jumpers<D> from the squares `land` a jump in D may land on (empty squares
  // of kLandEast or kLandWest): one mask per side instead of one per
  // direction. The same squares on the board; SE and SW may add bits above
  // it (starts shifted past kAll), which meet no column.
  template <int D>
  static ARB_HOT_INLINE constexpr Bitboard jumpers_onto(Bitboard opp, Bitboard land) {
    constexpr int K = kDelta[D];
    return toward<-K>(opp & toward<-K>(land));
  }

  // Whether `own` can make a first jump (E5): some column with an `opp`
  // column next to it and an empty square beyond. The masks are applied once
  // per side (east, west) rather than per direction.
  static ARB_HOT_INLINE constexpr bool can_capture(Bitboard own, Bitboard opp, Bitboard empty) {
    constexpr int NE = kDelta[kNorthEast], NW = kDelta[kNorthWest];
    constexpr int SE = kDelta[kSouthEast], SW = kDelta[kSouthWest];
    const Bitboard east =
        toward<-NE>(opp & toward<-NE>(empty)) | toward<-SE>(opp & toward<-SE>(empty));
    const Bitboard west =
        toward<-NW>(opp & toward<-NW>(empty)) | toward<-SW>(opp & toward<-SW>(empty));
    return ((east & files_for(kNorthEast, 2)) | (west & files_for(kNorthWest, 2))) & own;
  }

  // E9: empty squares on which a new man of ours could be jumped by `opp`:
  // an opponent column on one side and an empty square on the other. Never
  // on the first or last file, where one side of each diagonal is off the board.
  static ARB_HOT_INLINE constexpr Bitboard feeding(Bitboard opp, Bitboard empty) {
    constexpr int NE = kDelta[kNorthEast], NW = kDelta[kNorthWest];
    const Bitboard rising =
        (toward<-NE>(opp) & toward<NE>(empty)) | (toward<NE>(opp) & toward<-NE>(empty));
    const Bitboard falling =
        (toward<-NW>(opp) & toward<NW>(empty)) | (toward<NW>(opp) & toward<-NW>(empty));
    return (rising | falling) & empty & files_for(kNorthEast, 1) & files_for(kNorthWest, 1);
  }

  // The number of steps (E11), `vacant` the squares no column stands on (its
  // bits above the board may be set). As for jumps, the targets are masked
  // once per side: a step east never lands on the first file but from the
  // last, wrapping; a step west likewise on the last file.
  static constexpr Bitboard kStepEast = files_for(kSouthWest, 1);
  static constexpr Bitboard kStepWest = files_for(kSouthEast, 1);
  static ARB_HOT_INLINE constexpr int steps(Bitboard own, Bitboard vacant) {
    const Bitboard east = vacant & kStepEast, west = vacant & kStepWest;
    return std::popcount(toward<kDelta[kNorthEast]>(own) & east) +
           std::popcount(toward<kDelta[kNorthWest]>(own) & west) +
           std::popcount(toward<kDelta[kSouthEast]>(own) & east) +
           std::popcount(toward<kDelta[kSouthWest]>(own) & west);
  }
};

// The square jumped over and the landing square of a jump from `sq` in
// direction d (E5); kOff where either is off the board. Bit kOff is never set
// in an `opp` or `empty` bitboard, so an off-board jump fails the same test as
// a blocked one, without a branch of its own.
constexpr int kOff = 63;
struct Jump {
  std::uint8_t over, land;
};

template <int N>
inline constexpr auto kJumps = [] {
  using G = Geometry<N>;
  std::array<std::array<Jump, 4>, G::kSquares> t{};
  for (int sq = 0; sq < G::kSquares; ++sq)
    for (int d = 0; d < 4; ++d) {
      const int over = G::kNeighbour[sq][d];
      const int land = over < 0 ? -1 : G::kNeighbour[over][d];
      t[sq][d] = land < 0 ? Jump{kOff, kOff}
                          : Jump{static_cast<std::uint8_t>(over), static_cast<std::uint8_t>(land)};
    }
  return t;
}();

// Whether the jump `x` is possible on this board (E5).
ARB_HOT_INLINE constexpr bool open(Jump x, Bitboard opp, Bitboard empty) {
  return ((opp >> x.over) & (empty >> x.land) & 1) != 0;
}

// Whether a column on `sq` can jump in a direction other than `back` (E6: the
// column just jumped lies straight back and is never jumped twice in a row).
template <int N>
ARB_HOT_INLINE bool can_jump_on(int sq, int back, Bitboard opp, Bitboard empty) {
  const auto& x = kJumps<N>[sq];
  return (back != 0 && open(x[0], opp, empty)) || (back != 1 && open(x[1], opp, empty)) ||
         (back != 2 && open(x[2], opp, empty)) || (back != 3 && open(x[3], opp, empty));
}

// Depth-first search of the capture chains of one column, applying E5-E6 during
// the chain on a private copy of the columns: the jumped column loses its top
// man at once (it may vanish or turn into the capturer's own), the start square
// is empty while the column travels, and the column just jumped is never jumped
// next (E6). The capturer itself never needs to be on the board: a landing
// square is two steps from where it stands, so it never blocks itself.
//
// A chain is entered only where it goes on: whether a landing square l can
// jump on is read before the jump onto it is applied, since a jump from l other
// than straight back only meets squares that jump left alone (E6: straight back
// is the jumped column and the square the column came from). So a chain's
// last jump is counted at its parent and never searched.
// `sink(from, jumps, dirs)` receives every chain that cannot continue.
template <int N, class Sink>
struct ChainSearch {
  Bitboard opp;    // opponent-owned columns
  Bitboard empty;  // empty squares, the capturer's start square included
  std::array<std::uint8_t, kMaxSquares> col;
  int from;
  Sink& sink;

  // Takes the top man of `over` (E5); returns what restore() needs.
  ARB_HOT_INLINE void take(int over) {
    const std::uint8_t c = col[over];
    col[over] = static_cast<std::uint8_t>(c - 1);
    if (cap_of(c) == 1) {
      opp &= ~(Bitboard{1} << over);  // freed prisoners (if any) are the capturer's own
      if (prisoners_of(c) == 0) empty |= Bitboard{1} << over;  // a single man disappears
    }
  }

  // The chains going on from `sq`, reached by `jumps` jumps, the last one
  // towards opposite(back). Some jump other than straight back is open.
  // noinline: GCC inlined the recursion into itself, which made generate<9>
  // take 40 s to compile and executed the same number of instructions.
  [[gnu::noinline]] void run(int sq, int back, int jumps, std::uint32_t dirs) {
    const auto& x = kJumps<N>[sq];
#pragma GCC unroll 4
    for (int d = 0; d < 4; ++d) {
      if (d == back || !open(x[d], opp, empty)) continue;
      const std::uint32_t next = dirs | (static_cast<std::uint32_t>(d) << (2 * jumps));
      const int land = x[d].land;
      if (!can_jump_on<N>(land, opposite(d), opp, empty)) {
        sink(from, jumps + 1, next);  // E6: the chain ends where it cannot jump on
        continue;
      }
      const Bitboard saved_opp = opp, saved_empty = empty;
      const std::uint8_t saved_col = col[x[d].over];
      take(x[d].over);
      run(land, opposite(d), jumps + 1, next);
      col[x[d].over] = saved_col;
      opp = saved_opp;
      empty = saved_empty;
    }
  }
};

// Jumps on whole bitboards, for the side to move. a[d] holds the squares that
// could jump in direction d on this board (E5), onward[d] those that could jump
// in a direction other than opposite(d); starts[d] the own columns that can
// jump in d, goes_on[d] their landing squares from which the chain goes on.
// A second jump from a landing square l is not straight back (E6), so it only
// meets squares the first jump left alone: it exists iff l is in onward[d].
//
// The same holds one jump further. A chain changes only its start square and
// the columns it jumps, and none of those squares is met by its second jump or
// by a third one from where the second lands: each is straight back (E6: never
// jumped) or an odd number of steps away in rank or file (every step moves both
// by one). So this board decides every chain of two jumps and whether it can
// go on: the second jumps in direction e start from goes_on[d] & a[e] (d not
// opposite to e) and go on where they land in onward[e].
template <int N>
struct Jumps {
  std::array<Bitboard, 4> a, onward, starts, goes_on;

  ARB_HOT_INLINE Jumps(Bitboard own, Bitboard opp, Bitboard empty)
      : Jumps(own, {Geometry<N>::template jumpers<0>(opp, empty),
                    Geometry<N>::template jumpers<1>(opp, empty),
                    Geometry<N>::template jumpers<2>(opp, empty),
                    Geometry<N>::template jumpers<3>(opp, empty)}) {}
  ARB_HOT_INLINE Jumps(Bitboard own, const std::array<Bitboard, 4>& jumpers) : a(jumpers) {
    using G = Geometry<N>;
    onward = {a[0] | a[1] | a[2], a[0] | a[1] | a[3], a[0] | a[2] | a[3], a[1] | a[2] | a[3]};
    starts = {own & a[0], own & a[1], own & a[2], own & a[3]};
    // A start of starts[d] lands on the board, so its landing square is one shift away.
    goes_on = {G::template toward<2 * G::kDelta[0]>(starts[0]) & onward[0],
               G::template toward<2 * G::kDelta[1]>(starts[1]) & onward[1],
               G::template toward<2 * G::kDelta[2]>(starts[2]) & onward[2],
               G::template toward<2 * G::kDelta[3]>(starts[3]) & onward[3]};
  }
  ARB_HOT_INLINE bool any_goes_on() const {
    return (goes_on[0] | goes_on[1] | goes_on[2] | goes_on[3]) != 0;
  }

  // f.template operator()<D, E>(l, deep) for every pair of directions of a
  // chain's first two jumps: l = goes_on[D] & a[E], the first landing squares,
  // and deep the second landing squares from which the chain goes on.
  template <class F>
  ARB_HOT_INLINE void for_second_jumps(F&& f) const {
    pairs_from<0>(f);
    pairs_from<1>(f);
    pairs_from<2>(f);
    pairs_from<3>(f);
  }

  // Whether some chain goes beyond two jumps, and the number of chains of
  // exactly two. via[e]: first landing squares whose second jump may go in e.
  // A square is usually the landing square of one first direction only; then
  // the chains of two are counted per second direction over via[e].
  ARB_HOT_INLINE bool two_jump_chains(std::uint64_t& count) const {
    using G = Geometry<N>;
    const auto& g = goes_on;
    const std::array<Bitboard, 4> l = {(g[0] | g[1] | g[2]) & a[0], (g[0] | g[1] | g[3]) & a[1],
                                       (g[0] | g[2] | g[3]) & a[2], (g[1] | g[2] | g[3]) & a[3]};
    const Bitboard deeper = (G::template toward<2 * G::kDelta[0]>(l[0]) & onward[0]) |
                            (G::template toward<2 * G::kDelta[1]>(l[1]) & onward[1]) |
                            (G::template toward<2 * G::kDelta[2]>(l[2]) & onward[2]) |
                            (G::template toward<2 * G::kDelta[3]>(l[3]) & onward[3]);
    if (deeper) return true;
    const Bitboard shared = (g[0] & g[1]) | (g[2] & g[3]) | ((g[0] | g[1]) & (g[2] | g[3]));
    if (shared) [[unlikely]] {
      count = 0;
      for_second_jumps([&]<int, int>(Bitboard first_landing, Bitboard) {
        count += static_cast<std::uint64_t>(std::popcount(first_landing));
      });
      return false;
    }
    count = static_cast<std::uint64_t>(std::popcount(l[0]) + std::popcount(l[1]) +
                                       std::popcount(l[2]) + std::popcount(l[3]));
    return false;
  }

  // f.template operator()<D, E, F>(l2) for every direction triple of a
  // chain's first three jumps, l2 the second landing squares whose third jump
  // goes in F (each bit one chain). This board decides them (see above).
  template <class Fn>
  ARB_HOT_INLINE void for_third_jumps(Fn&& fn) const {
    for_second_jumps([&]<int D, int E>(Bitboard first_landing, Bitboard deep) {
      if (!deep) return;
      const Bitboard l2 = Geometry<N>::template toward<2 * Geometry<N>::kDelta[E]>(first_landing);
      third<D, E, 0>(l2, fn);
      third<D, E, 1>(l2, fn);
      third<D, E, 2>(l2, fn);
      third<D, E, 3>(l2, fn);
    });
  }

  // Whether some chain goes beyond three jumps, and otherwise the number of
  // chains of exactly three; call when two_jump_chains found longer ones. A
  // fourth jump meets none of the squares the chain changed but one: it may
  // land on the start square, empty while the column travels (E5), when the
  // four directions close a loop. So a chain of three goes on where its third
  // landing square is a jumper other than straight back on this board, or
  // where the loop's fourth direction jumps an `opp` column onto the start.
  ARB_HOT_INLINE bool three_jump_chains(Bitboard opp, std::uint64_t& count) const {
    Bitboard deeper = 0;
    count = 0;
    for_third_jumps([&]<int D, int E, int F>(Bitboard l2) {
      count += static_cast<std::uint64_t>(std::popcount(l2));
      deeper |= fourth_from<D, E, F>(l2, opp);
    });
    return deeper != 0;
  }

  // The third landing squares of the chains D, E, F from the second landing
  // squares l2 (for_third_jumps) from which a fourth jump exists.
  template <int D, int E, int F>
  ARB_HOT_INLINE Bitboard fourth_from(Bitboard l2, Bitboard opp) const {
    using G = Geometry<N>;
    const Bitboard l3 = G::template toward<2 * G::kDelta[F]>(l2);
    Bitboard on = l3 & onward[F];
    if constexpr (constexpr int g = closing(D, E, F); g >= 0)
      on |= l3 & G::template toward<-G::kDelta[g]>(opp);  // over the column next to the start
    return on;
  }

 private:
  // The fourth direction that brings a chain of directions d, e, f back to its
  // start square, or -1: the four steps must sum to zero (E6: it is never
  // straight back, as e is not opposite to d).
  static constexpr int closing(int d, int e, int f) {
    constexpr int dx[4] = {1, -1, 1, -1}, dy[4] = {1, 1, -1, -1};
    const int x = -(dx[d] + dx[e] + dx[f]), y = -(dy[d] + dy[e] + dy[f]);
    if ((x != 1 && x != -1) || (y != 1 && y != -1)) return -1;
    const int g = y == 1 ? (x == 1 ? kNorthEast : kNorthWest) : (x == 1 ? kSouthEast : kSouthWest);
    return g == opposite(f) ? -1 : g;
  }
  template <int D, int E, int F, class Fn>
  ARB_HOT_INLINE void third(Bitboard l2, Fn& fn) const {
    if constexpr (F != opposite(E)) fn.template operator()<D, E, F>(l2 & a[F]);  // E6
  }
  template <int D, class F>
  ARB_HOT_INLINE void pairs_from(F& f) const {
    if (!goes_on[D]) return;  // usually one or two first directions go on
    pair<D, 0>(f);
    pair<D, 1>(f);
    pair<D, 2>(f);
    pair<D, 3>(f);
  }
  template <int D, int E, class F>
  ARB_HOT_INLINE void pair(F& f) const {
    if constexpr (E != opposite(D)) {  // E6: not straight back
      using G = Geometry<N>;
      const Bitboard l = goes_on[D] & a[E];
      f.template operator()<D, E>(l, G::template toward<2 * G::kDelta[E]>(l) & onward[E]);
    }
  }
};

// Runs into `sink` every chain of four jumps or more, entered at the third
// landing squares from which a fourth jump exists (Jumps::fourth_from): when
// such a chain exists, E7 discards the shorter ones.
template <int N, class Sink>
void search_long_chains(const Position& p, const Jumps<N>& jumps, Sink& sink) {
  using G = Geometry<N>;
  const int me = p.side;
  const Bitboard occupied = p.owned[0] | p.owned[1];
  ChainSearch<N, Sink> search{p.owned[me ^ 1], G::kAll & ~occupied, p.col, 0, sink};
  const Bitboard opp = search.opp;
  jumps.for_third_jumps([&]<int D, int E, int F>(Bitboard l2) {
    for (Bitboard deep = jumps.template fourth_from<D, E, F>(l2, opp); deep; deep &= deep - 1) {
      const int land3 = std::countr_zero(deep);
      const int over3 = land3 - G::kDelta[F], land2 = over3 - G::kDelta[F];
      const int over2 = land2 - G::kDelta[E], land1 = over2 - G::kDelta[E];
      const int over1 = land1 - G::kDelta[D], start = over1 - G::kDelta[D];
      const Bitboard saved_opp = search.opp, saved_empty = search.empty;
      const std::uint8_t saved_col1 = search.col[over1], saved_col2 = search.col[over2],
                         saved_col3 = search.col[over3];
      search.from = start;
      search.empty |= Bitboard{1} << start;  // E5: the start square is empty while it travels
      search.take(over1);  // three different columns (E6 and the comments of Jumps)
      search.take(over2);
      search.take(over3);
      search.run(land3, opposite(F), 3, static_cast<std::uint32_t>(D | E << 2 | F << 4));
      search.col[over3] = saved_col3;
      search.col[over2] = saved_col2;
      search.col[over1] = saved_col1;
      search.opp = saved_opp;
      search.empty = saved_empty;
    }
  });
}

struct CountSink {
  int best = 0;
  std::uint64_t count = 0;
  ARB_HOT_INLINE void operator()(int, int jumps, std::uint32_t) {
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
  ARB_HOT_INLINE void operator()(int from, int jumps, std::uint32_t dirs) {
    if (jumps < best) return;
    if (jumps > best) {  // E7: a longer chain discards the shorter ones found so far
      best = jumps;
      list.clear();
    }
    list.push_back(Move{MoveKind::kCapture, static_cast<std::uint8_t>(from),
                        static_cast<std::uint8_t>(jumps), dirs});
  }
};

// V2 (capture=any): every complete chain of every column is a move (E7
// dropped; E6 stays: a chain goes on while it can, never straight back).
struct AnyCountSink {
  std::uint64_t count = 0;
  ARB_HOT_INLINE void operator()(int, int, std::uint32_t) { ++count; }
};
struct AnyListSink {
  MoveList& list;
  ARB_HOT_INLINE void operator()(int from, int jumps, std::uint32_t dirs) {
    list.push_back(Move{MoveKind::kCapture, static_cast<std::uint8_t>(from),
                        static_cast<std::uint8_t>(jumps), dirs});
  }
};

// V2: the general chain search from every own column that can jump, keeping
// every chain that cannot go on. Simpler than the E7 path (no counting on
// whole bitboards) and out of the default rules' way.
template <int N, class Sink>
[[gnu::noinline]] void search_all_chains(const Position& p, Sink& sink) {
  using G = Geometry<N>;
  const int me = p.side;
  const Bitboard own = p.owned[me], opp = p.owned[me ^ 1];
  const Bitboard empty = G::kAll & ~(own | opp);
  const Bitboard starts =
      own & (G::template jumpers<0>(opp, empty) | G::template jumpers<1>(opp, empty) |
             G::template jumpers<2>(opp, empty) | G::template jumpers<3>(opp, empty));
  ChainSearch<N, Sink> search{opp, empty, p.col, 0, sink};
  for (Bitboard b = starts; b; b &= b - 1) {
    const int start = std::countr_zero(b);
    search.from = start;
    search.empty = empty | Bitboard{1} << start;  // E5: empty while the column travels
    search.run(start, -1, 0, 0);  // no jump yet, so no direction is straight back (E6)
  }
}

// The empty squares on which the side to move may enter (E8-E10); only
// meaningful with men in hand and no capture available.
template <int N, Variant V>
ARB_HOT_INLINE Bitboard entry_squares(const Position& p, Bitboard own, Bitboard opp,
                                      Bitboard empty) {
  using G = Geometry<N>;
  Bitboard squares = empty;
  // E9: no feeding, unless the opponent could already capture. If he could
  // not, an entry can only create captures that jump the entered column.
  // V3 (feeding=allowed): E9 dropped.
  if constexpr (!V.feeding_allowed)
    if (!G::can_capture(opp, own, empty)) squares &= ~G::feeding(opp, empty);
  // E10: White holding all his men may not enter on the centre.
  if (p.side == 0 && p.hand[0] == G::kMen) squares &= ~(Bitboard{1} << G::kCentre);
  return squares;
}

// The chains of four jumps or more counted (E7: the longest only), for
// count_captures. Out of line: rarer, and its state would crowd the fast paths.
template <int N>
[[gnu::noinline]] std::uint64_t count_deep_chains(const Position& p, Bitboard own, Bitboard opp,
                                                  Bitboard empty) {
  CountSink sink;
  search_long_chains<N>(p, Jumps<N>(own, opp, empty), sink);
  return sink.count;
}

// E4-E7 counted when some chain goes beyond one jump: chains of two on whole
// bitboards (Jumps, from count_moves' jumpers a0-a3, whose bits above the
// board meet no column), longer ones searched. Out of line, so that
// count_moves stays small enough to inline into perft. Pure (it writes only
// its own locals): perft's loop around it then need not reload what the call
// cannot change (the game's options, its sums), 2.4% of the midgame.
template <int N>
[[gnu::noinline, gnu::pure]] std::uint64_t count_chains(const Position& p, Bitboard a0, Bitboard a1,
                                                        Bitboard a2, Bitboard a3) {
  using G = Geometry<N>;
  const Bitboard own = p.owned[p.side], opp = p.owned[p.side ^ 1];
  const Jumps<N> jumps(own, {a0, a1, a2, a3});
  // E7: no chain goes beyond two jumps: every chain of two is a move.
  if (std::uint64_t two = 0; !jumps.two_jump_chains(two)) return two;
  // E7: no chain goes beyond three jumps: every chain of three is a move.
  if (std::uint64_t three = 0; !jumps.three_jump_chains(opp, three)) return three;
  return count_deep_chains<N>(p, own, opp, G::kAll & ~(own | opp));
}

// Single jumps are counted here, inline, as the most common capture: a chain
// goes on from a landing square iff it is a jumper in some direction (E6:
// straight back never is, its start square being occupied on this board).
// The jumpers of each direction cost the start, which never captures, 5%
// over a test of all four at once, and save the midgame 5 to 15%.
template <int N, Variant V = kDefaultRules>
inline std::uint64_t count_moves(const Position& p) {
  using G = Geometry<N>;
  const int me = p.side;
  const Bitboard own = p.owned[me], opp = p.owned[me ^ 1];
  const Bitboard vacant = ~(own | opp), empty = G::kAll & vacant;
  if constexpr (V.any_capture) {
    if (G::can_capture(own, opp, empty)) {  // E4
      AnyCountSink sink;
      search_all_chains<N>(p, sink);
      return sink.count;
    }
  }
  const Bitboard land_east = vacant & G::kLandEast, land_west = vacant & G::kLandWest;
  const Bitboard a0 = G::template jumpers_onto<0>(opp, land_east);
  const Bitboard a1 = G::template jumpers_onto<1>(opp, land_west);
  const Bitboard a2 = G::template jumpers_onto<2>(opp, land_east);
  const Bitboard a3 = G::template jumpers_onto<3>(opp, land_west);
  if ((a0 | a1 | a2 | a3) & own) {  // E4
    const Bitboard s0 = a0 & own, s1 = a1 & own, s2 = a2 & own, s3 = a3 & own;
    const Bitboard landing =
        G::template toward<2 * G::kDelta[0]>(s0) | G::template toward<2 * G::kDelta[1]>(s1) |
        G::template toward<2 * G::kDelta[2]>(s2) | G::template toward<2 * G::kDelta[3]>(s3);
    if (landing & (a0 | a1 | a2 | a3)) return count_chains<N>(p, a0, a1, a2, a3);
    // E7: no chain goes beyond one jump: every first jump is a move.
    return static_cast<std::uint64_t>(std::popcount(s0) + std::popcount(s1) + std::popcount(s2) +
                                      std::popcount(s3));
  }
  if (p.hand[me] > 0) return std::popcount(entry_squares<N, V>(p, own, opp, empty));  // E8
  return static_cast<std::uint64_t>(G::steps(own, vacant));                           // E11
}

// kStepWords<N, D>[to]: the step in direction D onto `to` as step_word (0
// where no square lies one step back).
template <int N, int D>
inline constexpr auto kStepWords = [] {
  std::array<std::uint64_t, Geometry<N>::kSquares> t{};
  for (int to = 0; to < Geometry<N>::kSquares; ++to)
    if (const int from = to - Geometry<N>::kDelta[D]; from >= 0 && from < Geometry<N>::kSquares)
      t[static_cast<std::size_t>(to)] =
          step_word(static_cast<std::uint64_t>(from), static_cast<std::uint64_t>(to));
  return t;
}();

// E11: every step of direction D, on whole bitboards, written from `out`: a
// table look-up and one store per move (a Move built field by field is four
// stores and the arithmetic of its fields).
template <int N, int D>
ARB_HOT_INLINE Move* put_steps(Bitboard own, Bitboard empty, Move* out) {
  for (Bitboard b = Geometry<N>::template step_targets<D>(own, empty); b; b &= b - 1)
    std::memcpy(out++, &kStepWords<N, D>[static_cast<std::size_t>(std::countr_zero(b))],
                sizeof(Move));
  return out;
}

template <int N, Variant V = kDefaultRules>
inline void generate(const Position& p, MoveList& list) {
  using G = Geometry<N>;
  const int me = p.side;
  const Bitboard own = p.owned[me], opp = p.owned[me ^ 1];
  const Bitboard empty = G::kAll & ~(own | opp);
  if (G::can_capture(own, opp, empty)) {  // E4
    if constexpr (V.any_capture) {        // V2: every complete chain
      AnyListSink sink{list};
      search_all_chains<N>(p, sink);
      return;
    }
    const Jumps<N> jumps(own, opp, empty);
    if (!jumps.any_goes_on()) {
      // E7: no chain goes beyond one jump: every first jump is a move.
      for (int d = 0; d < 4; ++d)
        for (Bitboard b = jumps.starts[d]; b; b &= b - 1)
          list.push_back(Move{MoveKind::kCapture, static_cast<std::uint8_t>(std::countr_zero(b)), 1,
                              static_cast<std::uint32_t>(d)});
    } else if (std::uint64_t two = 0; !jumps.two_jump_chains(two)) {
      // E7: no chain goes beyond two jumps: every chain of two is a move.
      jumps.for_second_jumps([&]<int D, int E>(Bitboard l, Bitboard) {
        for (; l; l &= l - 1)
          list.push_back(Move{MoveKind::kCapture,
                              static_cast<std::uint8_t>(std::countr_zero(l) - 2 * G::kDelta[D]), 2,
                              static_cast<std::uint32_t>(D | E << 2)});
      });
    } else if (std::uint64_t three = 0; !jumps.three_jump_chains(opp, three)) {
      // E7: no chain goes beyond three jumps: every chain of three is a move.
      jumps.for_third_jumps([&]<int D, int E, int F>(Bitboard l2) {
        for (; l2; l2 &= l2 - 1)
          list.push_back(Move{
              MoveKind::kCapture,
              static_cast<std::uint8_t>(std::countr_zero(l2) - 2 * G::kDelta[E] - 2 * G::kDelta[D]),
              3, static_cast<std::uint32_t>(D | E << 2 | F << 4)});
      });
    } else {
      ListSink sink{list};
      search_long_chains<N>(p, jumps, sink);
    }
    return;
  }
  // Entries (at most one per square) and steps (at most four per column)
  // always fit in place: written without a check per move.
  static_assert(G::kSquares <= MoveList::kInline && 4 * G::kMen <= MoveList::kInline);
  if (p.hand[me] > 0) {  // E8
    Move* out = list.inline_tail(G::kSquares);
    for (Bitboard b = entry_squares<N, V>(p, own, opp, empty); b; b &= b - 1)
      *out++ = Move{MoveKind::kEntry, static_cast<std::uint8_t>(std::countr_zero(b)), 0, 0};
    list.set_end(out);
    return;
  }
  Move* out = list.inline_tail(4 * G::kMen);
  out = put_steps<N, kNorthEast>(own, empty, out);  // E11
  out = put_steps<N, kNorthWest>(own, empty, out);
  out = put_steps<N, kSouthEast>(own, empty, out);
  out = put_steps<N, kSouthWest>(own, empty, out);
  list.set_end(out);
}

template <int N>
ARB_HOT_INLINE Position play(const Position& p, const Move& m) {
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
      const int to = m.jumps;  // a step's target (Move): no table look-up per play
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
        const Jump x = kJumps<N>[sq][(m.dirs >> (2 * i)) & 3];
        const int j = x.over;
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
        sq = x.land;
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
