// Small helpers shared by the reference Ecalper tests.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/spec.h"

#include "reference/ecalper/ecalper.h"

namespace arb::reference::ecalper_test {

inline Ecalper game(const std::string& spec) { return Ecalper(Spec::parse(spec)); }

// The names of `cells`, sorted.
inline std::vector<std::string> names(const Ecalper& g, const std::vector<int>& cells) {
  std::vector<std::string> out;
  for (int c : cells) out.push_back(g.cell_name(c));
  std::sort(out.begin(), out.end());
  return out;
}

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

// Size 5, two players. Black to move with ONE empty cell (I9): the final turn (C5).
// Black: rows 1-4 and A5-C5 (29, one group). White: D5-I5 and rows 6-9 but I9 (31).
// White's last turn replaced D5 and placed E5, G8, H9.
inline const std::string kFinalTurn =
    "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBWWWWWW/WWWWWWWW/WWWWWWW/WWWWWW/WWWW1 b - D5:E5,G8,H9";
// Size 5, Black to move with 7 empty cells (E5 C6 G7 D8 I8 F9 I9), 18 turns played:
// Black 26 (rows 1-4), White 28. White's last turn replaced A5 and placed B6, H7, E9.
inline const std::string kSevenEmpty =
    "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/WWWW1WWWW/W1WWWWWW/WWWW1WW/1WWWW1/W1WW1 b - A5:B6,H7,E9";

}  // namespace arb::reference::ecalper_test
