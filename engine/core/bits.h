// Bit helpers on one 64-bit word (a bitboard): vocabulary only, no rules.
#pragma once

#include <bit>
#include <cstdint>

#include "engine/core/inline.h"

namespace arb::engine::core {

using Word = std::uint64_t;

// The word with only bit i set (0 <= i < 64).
ARB_HOT_INLINE constexpr Word bit(int i) { return Word{1} << i; }

// Whether bit i of b is set (0 <= i < 64).
ARB_HOT_INLINE constexpr bool has(Word b, int i) { return (b >> i) & 1; }

// The index of the lowest set bit, which is cleared; b must not be 0.
ARB_HOT_INLINE constexpr int pop_lowest(Word& b) {
  const int i = std::countr_zero(b);
  b &= b - 1;
  return i;
}

// Calls f(i) for every set bit i of b, ascending.
template <class F>
ARB_HOT_INLINE constexpr void for_each_bit(Word b, F&& f) {
  for (; b; b &= b - 1) f(std::countr_zero(b));
}

// Byte order reversed: on an 8x8 board (a1 = bit 0) the ranks mirrored.
ARB_HOT_INLINE constexpr Word flip_ranks(Word b) { return __builtin_bswap64(b); }

// Bit order reversed within each byte: on an 8x8 board the files mirrored (a <-> h).
ARB_HOT_INLINE constexpr Word mirror_files(Word b) {
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  return ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

}  // namespace arb::engine::core
