// Small helpers shared by the reference Ecalper tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/ecalper/ecalper.h"

namespace arb::reference::ecalper_test {

// Rows drawn cell by cell ('.' = empty) to the <rows> field: "BB..W" -> "BB2W".
inline std::string rows_text(const std::vector<std::string>& rows) {
  std::string out;
  for (const auto& row : rows) {
    if (!out.empty()) out += '/';
    int run = 0;
    for (char c : row) {
      if (c == '.') {
        ++run;
        continue;
      }
      if (run) out += std::to_string(run);
      run = 0;
      out += c;
    }
    if (run) out += std::to_string(run);
  }
  return out;
}

inline std::uint64_t choose(std::uint64_t n, std::uint64_t k) {
  std::uint64_t r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

}  // namespace arb::reference::ecalper_test
