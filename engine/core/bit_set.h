// A set of small integers (board cells) in a fixed number of 64-bit words:
// vocabulary only, no rules. Bit i of word i / 64 holds member i.
#pragma once

#include <bit>
#include <cstdint>

#include "engine/core/inline.h"

namespace arb::engine::core {

template <int Words>
struct BitSet {
  static_assert(Words >= 1);
  static constexpr int kWords = Words;
  static constexpr int kBits = 64 * Words;

  std::uint64_t w[Words] = {};

  static constexpr BitSet single(int i) {
    BitSet b;
    b.set(i);
    return b;
  }
  // The members 0 .. n-1.
  static constexpr BitSet first(int n) {
    BitSet b;
    for (int i = 0; i < n; ++i) b.set(i);
    return b;
  }

  // Members are never negative: the unsigned index saves a sign extension.
  ARB_HOT_INLINE constexpr bool test(int i) const {
    return (w[static_cast<unsigned>(i) >> 6] >> (i & 63)) & 1u;
  }
  ARB_HOT_INLINE constexpr void set(int i) {
    w[static_cast<unsigned>(i) >> 6] |= std::uint64_t{1} << (i & 63);
  }
  ARB_HOT_INLINE constexpr void reset(int i) {
    w[static_cast<unsigned>(i) >> 6] &= ~(std::uint64_t{1} << (i & 63));
  }

  ARB_HOT_INLINE constexpr bool any() const {
    std::uint64_t x = 0;
    for (int k = 0; k < Words; ++k) x |= w[k];
    return x != 0;
  }
  ARB_HOT_INLINE constexpr bool empty() const { return !any(); }
  ARB_HOT_INLINE constexpr int count() const {
    int n = 0;
    for (int k = 0; k < Words; ++k) n += std::popcount(w[k]);
    return n;
  }
  // Lowest / highest member; the set must not be empty.
  ARB_HOT_INLINE constexpr int lowest() const {
    for (int k = 0; k < Words - 1; ++k)
      if (w[k]) return 64 * k + std::countr_zero(w[k]);
    return 64 * (Words - 1) + std::countr_zero(w[Words - 1]);
  }
  ARB_HOT_INLINE constexpr int highest() const {
    for (int k = Words - 1; k > 0; --k)
      if (w[k]) return 64 * k + 63 - std::countl_zero(w[k]);
    return 63 - std::countl_zero(w[0]);
  }

  // Calls f(i) for every member i, ascending.
  template <class F>
  ARB_HOT_INLINE constexpr void for_each(F&& f) const {
    for (int k = 0; k < Words; ++k)
      for (std::uint64_t x = w[k]; x; x &= x - 1) f(64 * k + std::countr_zero(x));
  }

  // This set without the members of o.
  ARB_HOT_INLINE constexpr BitSet and_not(const BitSet& o) const {
    BitSet r;
    for (int k = 0; k < Words; ++k) r.w[k] = w[k] & ~o.w[k];
    return r;
  }
  friend ARB_HOT_INLINE constexpr BitSet operator&(const BitSet& a, const BitSet& b) {
    BitSet r;
    for (int k = 0; k < Words; ++k) r.w[k] = a.w[k] & b.w[k];
    return r;
  }
  friend ARB_HOT_INLINE constexpr BitSet operator|(const BitSet& a, const BitSet& b) {
    BitSet r;
    for (int k = 0; k < Words; ++k) r.w[k] = a.w[k] | b.w[k];
    return r;
  }
  friend ARB_HOT_INLINE constexpr BitSet operator^(const BitSet& a, const BitSet& b) {
    BitSet r;
    for (int k = 0; k < Words; ++k) r.w[k] = a.w[k] ^ b.w[k];
    return r;
  }
  ARB_HOT_INLINE constexpr BitSet& operator&=(const BitSet& o) { return *this = *this & o; }
  ARB_HOT_INLINE constexpr BitSet& operator|=(const BitSet& o) { return *this = *this | o; }
  ARB_HOT_INLINE constexpr BitSet& operator^=(const BitSet& o) { return *this = *this ^ o; }
  friend constexpr bool operator==(const BitSet&, const BitSet&) = default;
};

}  // namespace arb::engine::core
