// Hashing vocabulary for positions (the optional Game::hash member): mixing of
// 64-bit words, no rules. Shared by engines and references alike, like the
// rest of common/. A hash only places a position in perft's table; the table
// keeps the whole position, so two positions with one hash never share a count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace arb {

// The finaliser of SplitMix64 / MurmurHash3: every input bit affects every
// output bit.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

// Adds one word to a running hash (order matters).
constexpr std::uint64_t hash_combine(std::uint64_t h, std::uint64_t word) {
  return mix64(h ^ (word + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)));
}

// Adds `n` bytes (no padding in them, please) to a running hash, 8 at a time.
inline std::uint64_t hash_bytes(std::uint64_t h, const void* data, std::size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (; n >= 8; n -= 8, p += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, p, 8);
    h = hash_combine(h, w);
  }
  if (n) {
    std::uint64_t w = 0;
    std::memcpy(&w, p, n);
    h = hash_combine(h, w ^ (std::uint64_t{n} << 56));
  }
  return h;
}

}  // namespace arb
