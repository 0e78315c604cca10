// The eight symmetries of Emergo's square board (rotations and reflections),
// for perft's table (the optional Game::canonical, common/game.h). Every clause
// respects them: steps and captures go in all four diagonal directions (E5,
// E11), the centre is fixed (E1, E10) and nothing else names a square. N is
// odd, so each symmetry maps dark squares (rank + file even) to dark squares.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "engine/emergo/board.h"

namespace arb::engine::emergo::detail {

// The square that symmetry s (0..7, 0 the identity) takes sq to.
template <int N>
constexpr int symmetry_image(int s, int sq) {
  using G = Geometry<N>;
  int r = G::rank_of(sq), f = G::file_of(sq);
  if (s & 1) f = N - 1 - f;
  if (s & 2) r = N - 1 - r;
  if (s & 4) {
    const int t = r;
    r = f;
    f = t;
  }
  return G::square_at(r, f);
}

template <int N>
constexpr int kSymmetryChunks = (Geometry<N>::kSquares + 7) / 8;

// kSymmetryMap<N>[s][chunk][byte]: the squares of one byte of a bitboard
// (bits 8*chunk ..) after symmetry s, so that a board maps in a few loads.
template <int N>
using SymmetryMap = std::array<std::array<std::array<Bitboard, 256>, kSymmetryChunks<N>>, 8>;
template <int N>
constexpr SymmetryMap<N> make_symmetry_map() {
  SymmetryMap<N> t{};
  for (int s = 0; s < 8; ++s)
    for (int c = 0; c < kSymmetryChunks<N>; ++c)
      for (int byte = 1; byte < 256; ++byte) {  // a byte is a smaller one plus its lowest bit
        const int i = std::countr_zero(static_cast<unsigned>(byte));
        t[s][c][byte] = t[s][c][byte & (byte - 1)];
        if (8 * c + i < Geometry<N>::kSquares)
          t[s][c][byte] |= Bitboard{1} << symmetry_image<N>(s, 8 * c + i);
      }
  return t;
}
template <int N>
inline constexpr SymmetryMap<N> kSymmetryMap = make_symmetry_map<N>();

template <int N>
struct Symmetry {
  static Bitboard map(int s, Bitboard b) {
    Bitboard out = 0;
    for (int c = 0; c < kSymmetryChunks<N>; ++c)
      out |= kSymmetryMap<N>[s][c][(b >> (8 * c)) & 0xFF];
    return out;
  }

  static Position apply(int s, const Position& p) {
    Position out = p;
    out.owned = {map(s, p.owned[0]), map(s, p.owned[1])};
    out.col.fill(0);
    for (Bitboard b = p.owned[0] | p.owned[1]; b; b &= b - 1) {
      const int sq = std::countr_zero(b);
      out.col[static_cast<std::size_t>(symmetry_image<N>(s, sq))] =
          p.col[static_cast<std::size_t>(sq)];
    }
    return out;
  }

  // The least image of p: occupied squares first (seven board maps decide
  // nearly always), then white's squares and the columns on ties.
  static Position canonical(const Position& p) {
    const Bitboard occ = p.owned[0] | p.owned[1];
    Bitboard least = occ;
    unsigned ties = 1;  // the symmetries whose occupied squares are `least`
    for (int s = 1; s < 8; ++s) {
      const Bitboard m = map(s, occ);
      if (m < least) {
        least = m;
        ties = 1u << s;
      } else if (m == least) {
        ties |= 1u << s;
      }
    }
    Position best = (ties & 1) ? p : apply(std::countr_zero(ties), p);
    for (ties &= ties - 1; ties; ties &= ties - 1) {
      const Position q = apply(std::countr_zero(ties), p);
      if (q.owned[0] < best.owned[0] || (q.owned[0] == best.owned[0] && q.col < best.col)) best = q;
    }
    return best;
  }
};

}  // namespace arb::engine::emergo::detail
