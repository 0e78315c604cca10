// Timing main for the engine alone: emergo_perft_bench [size] [depth]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "common/spec.h"
#include "engine/emergo/emergo.h"
#include "perft/perft.h"

int main(int argc, char** argv) {
  const std::string size = argc > 1 ? argv[1] : "9";
  const int depth = argc > 2 ? std::atoi(argv[2]) : 5;
  const arb::engine::Emergo g(arb::Spec::parse("emergo:size=" + size));
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t nodes = arb::perft(g, g.start(), depth);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("emergo size %s perft(%d) = %llu  %.3f s  %.1f Mnodes/s\n", size.c_str(), depth,
              static_cast<unsigned long long>(nodes), s, nodes / s / 1e6);
}
