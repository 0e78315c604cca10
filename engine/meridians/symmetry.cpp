// Meridians engine: the four symmetries of the board (RULES.md M1), for
// perft's table (the optional Game::canonical, common/game.h). M2-M10 name no
// point and M9's swap only exchanges colours, so every image of a position
// has its perft.
#include <bit>

#include "engine/meridians/meridians.h"

namespace arb::engine::meridians {

namespace detail {

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

}  // namespace detail

using detail::Bits;
using detail::Geometry;

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

}  // namespace arb::engine::meridians
