// Perft speed of the Eximo engine, until the perft CLI exists and beside it:
//   eximo_engine_timing [depth=6] [repeats=3] [position text]
// Prints the count and the best nodes/s over the repeats (single thread).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "engine/eximo/eximo.h"
#include "perft/perft.h"

int main(int argc, char** argv) try {
  const arb::engine::Eximo g(arb::Spec::parse("eximo"));
  const int depth = argc > 1 ? std::atoi(argv[1]) : 6;
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 3;
  const auto pos = argc > 3 ? g.parse(argv[3]) : g.start();
  double best = 1e300;
  std::uint64_t nodes = 0;
  for (int i = 0; i < repeats; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    nodes = arb::perft(g, pos, depth);
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::printf("eximo engine perft(%d) = %llu  best %.3f s  %.1f Mnodes/s\n", depth,
              static_cast<unsigned long long>(nodes), best, static_cast<double>(nodes) / best / 1e6);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "%s\n", e.what());
  return 2;
}
