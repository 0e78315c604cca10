// Test helper (no rules, tests only): numbers spelled so that a strict parser
// must reject them. Every parser of the notation reads numbers (run lengths,
// hand counts, placed counters, row numbers in square names) as plain digits
// without leading zeros (one spelling per text, format(parse(s)) == s), so a
// number that overflows and wraps back to a valid value, or a zero-padded one,
// must be an error, never a valid position (a parser that wraps reads
// 4294967302 = 2^32 + 6 as 6).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"

namespace arb::test {

// Decimal a + n (a a string of digits), for numbers beyond 64 bits.
inline std::string add_decimal(const std::string& a, std::uint64_t n) {
  const std::string b = std::to_string(n);
  std::string out;
  unsigned carry = 0;
  for (std::size_t i = 0; i < a.size() || i < b.size() || carry > 0; ++i) {
    unsigned sum = carry;
    if (i < a.size()) sum += static_cast<unsigned>(a[a.size() - 1 - i] - '0');
    if (i < b.size()) sum += static_cast<unsigned>(b[b.size() - 1 - i] - '0');
    out.insert(out.begin(), static_cast<char>('0' + sum % 10));
    carry = sum / 10;
  }
  return out;
}

// Wrong spellings of the value n: zero-padded, wrapping to n in 32 or 64 bits
// (signed or unsigned), and huge runs (n with a thousand zeros, 10000 nines).
inline std::vector<std::string> bad_spellings(std::uint64_t n) {
  const std::string d = std::to_string(n);
  return {
      "0" + d,
      "00" + d,
      std::string(20, '0') + d,
      add_decimal("2147483648", n),                               // 2^31 + n
      add_decimal("4294967296", n),                               // 2^32 + n
      add_decimal("9223372036854775808", n),                      // 2^63 + n
      add_decimal("18446744073709551616", n),                     // 2^64 + n
      add_decimal("340282366920938463463374607431768211456", n),  // 2^128 + n
      d + std::string(1000, '0'),
      std::string(10000, '9'),
  };
}

// The maximal runs of digits in `text`: (offset, length).
inline std::vector<std::pair<std::size_t, std::size_t>> digit_runs(const std::string& text) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] < '0' || text[i] > '9') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
    out.emplace_back(i, j - i);
    i = j;
  }
  return out;
}

// Every text made from `text` by replacing one of its digit runs by one of the
// bad spellings of that run's value.
inline std::vector<std::string> misspelled_numbers(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& [at, length] : digit_runs(text)) {
    const std::uint64_t value = std::stoull(text.substr(at, length));
    for (const std::string& bad : bad_spellings(value))
      out.push_back(text.substr(0, at) + bad + text.substr(at + length));
  }
  return out;
}

// The start of a text for a failure message (some texts are 10000 digits).
inline std::string shown(const std::string& text) {
  return text.size() <= 80 ? text
                           : text.substr(0, 80) + "... (" + std::to_string(text.size()) + " chars)";
}

// `text` parses (canonically) and every misspelling of one of its numbers is
// rejected with arb::Error.
template <class G>
void expect_numbers_strict(const G& g, const std::string& text) {
  EXPECT_EQ(g.format(g.parse(text)), text);
  for (const std::string& bad : misspelled_numbers(text))
    EXPECT_THROW(g.parse(bad), arb::Error) << shown(bad);
}

// The same for the move texts of (at most `limit` of) the legal moves at `text`.
template <class G>
void expect_move_numbers_strict(const G& g, const std::string& text, std::size_t limit = 8) {
  const auto pos = g.parse(text);
  std::size_t checked = 0;
  for (const auto& move : g.legal_moves(pos)) {
    if (checked++ == limit) break;
    const std::string good = g.move_text(pos, move);
    EXPECT_EQ(g.move_text(pos, g.parse_move(pos, good)), good);
    for (const std::string& bad : misspelled_numbers(good))
      EXPECT_THROW(g.parse_move(pos, bad), arb::Error) << shown(bad) << " at " << text;
  }
  EXPECT_GT(checked, 0u) << "no legal move at " << text;
}

}  // namespace arb::test
