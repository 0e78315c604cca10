// Perft counts: unsigned 128-bit integers (RULES.md P4: Ecalper passes 2^64
// within a few plies). Printed in decimal; an overflow is an error, never a wrap.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "common/error.h"

namespace arb {

__extension__ typedef unsigned __int128 Count;  // __extension__: -Wpedantic knows no __int128

inline constexpr Count kCountMax = ~Count{0};

inline Count checked_add(Count a, Count b) {
  Count sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) throw Error("count overflow: perft exceeds 2^128-1");
  return sum;
}

inline Count checked_mul(Count a, Count b) {
  Count product = 0;
  if (__builtin_mul_overflow(a, b, &product)) throw Error("count overflow: perft exceeds 2^128-1");
  return product;
}

// Decimal digits, as every output writes a count.
inline std::string to_string(Count n) {
  if (n == 0) return "0";
  std::string out;
  for (; n; n /= 10) out.insert(out.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
  return out;
}

// Streams write counts in decimal too.
struct CountText {
  Count n;
};
inline std::ostream& operator<<(std::ostream& out, CountText c) { return out << to_string(c.n); }

}  // namespace arb
