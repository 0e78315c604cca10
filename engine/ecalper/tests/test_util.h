// Small helpers shared by the engine Ecalper tests.
#pragma once

#include <cstdint>
#include <string>

#include "common/spec.h"
#include "engine/ecalper/ecalper.h"
#include "perft/count/perft.h"

namespace arb::engine::ecalper_test {

using arb::engine::ecalper::Ecalper;

inline Ecalper make(const std::string& spec) { return Ecalper(arb::Spec::parse(spec)); }

// C(n, k) computed here, independently of the engine's table.
inline std::uint64_t choose(std::uint64_t n, std::uint64_t k) {
  std::uint64_t r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

inline Ecalper::Position after(const Ecalper& g, const std::string& moves) {
  return arb::play_moves(g, g.start(), arb::split_moves(moves));
}

// The cells of a hexhex board of side n.
inline std::uint64_t hexhex(std::uint64_t n) { return 3 * n * (n - 1) + 1; }

}  // namespace arb::engine::ecalper_test
