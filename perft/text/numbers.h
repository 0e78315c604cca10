// The one number rule of the project's inputs: fixture counts and depths
// (RULES.md I6) and the command line's numbers read the same way.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/count.h"
#include "common/error.h"

namespace arb {

// The deepest perft anywhere: --depth and a fixture's D<k>/R<k>. perft
// recurses once per ply, so a limit keeps a typo (D300) from exhausting the
// stack; no game of ours has a perft beyond 64 that anyone could wait for.
inline constexpr int kMaxDepth = 64;

// Plain decimal digits: no sign, no blank, no separator, no leading zero
// ("0" itself is fine), at most 2^128 - 1 (P4's counts; options take less).
struct PlainNumber {
  enum class Problem { kNone, kEmpty, kNotDigit, kLeadingZero, kTooBig };
  Count value = 0;
  Problem problem = Problem::kNone;
  char bad = 0;  // the first non-digit, for kNotDigit
};

inline PlainNumber read_plain_number(std::string_view text) {
  PlainNumber n;
  if (text.empty()) {
    n.problem = PlainNumber::Problem::kEmpty;
    return n;
  }
  for (char c : text)
    if (c < '0' || c > '9') {
      n.problem = PlainNumber::Problem::kNotDigit;
      n.bad = c;
      return n;
    }
  if (text.size() > 1 && text.front() == '0') {
    n.problem = PlainNumber::Problem::kLeadingZero;
    return n;
  }
  for (char c : text)
    if (__builtin_mul_overflow(n.value, 10u, &n.value) ||
        __builtin_add_overflow(n.value, static_cast<Count>(c - '0'), &n.value)) {
      n.problem = PlainNumber::Problem::kTooBig;
      return n;
    }
  return n;
}

// A number of the command line (or a Python argument given as its text):
// the rule above, below 2^64; throws arb::Error naming the option.
inline std::uint64_t parse_number(std::string_view option, std::string_view text) {
  const PlainNumber n = read_plain_number(text);
  if (n.problem != PlainNumber::Problem::kNone || n.value > ~std::uint64_t{0})
    throw Error(std::string(option) +
                " expects a non-negative integer below 2^64 in plain digits, without a leading "
                "zero, got '" +
                std::string(text) + "'");
  return static_cast<std::uint64_t>(n.value);
}

}  // namespace arb
