// Timing main for the Ecalper engine: perft with nodes/s.
//   ecalper_bench <spec> <depth> [position text | start | random:<plies>:<seed>] [moves] [results]
// With `results`, also the outcomes of the leaves (arb::count_results).
// Also prints the diagram of the position. Not part of the tests.
#include <chrono>
#include <iterator>
#include <random>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/ecalper/ecalper.h"
#include "perft/perft.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s <spec> <depth> [position|start] [moves]\n", argv[0]);
    return 2;
  }
  try {
    const arb::engine::Ecalper g(arb::Spec::parse(argv[1]));
    const int depth = std::stoi(argv[2]);
    const std::string where = argc > 3 ? argv[3] : "start";
    auto pos = g.start();
    if (where.rfind("random:", 0) == 0) {  // random:<plies>:<seed>, a reproducible late position
      const auto colon = where.find(':', 7);
      const int plies = std::stoi(where.substr(7, colon - 7));
      std::mt19937_64 rng(std::stoull(where.substr(colon + 1)));
      for (int i = 0; i < plies && g.count_moves(pos) > 0; ++i) {
        const auto moves = g.legal_moves(pos);
        const auto k = std::uniform_int_distribution<std::uint64_t>(0, moves.size() - 1)(rng);
        pos = g.play(pos, *std::ranges::next(moves.begin(), static_cast<std::ptrdiff_t>(k)));
      }
    } else {
      pos = arb::position_from(g, where);
    }
    if (argc > 4) pos = arb::play_moves(g, pos, arb::split_moves(argv[4]));
    std::printf("%s\n%s", g.format(pos).c_str(), g.diagram(pos).c_str());
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t nodes = arb::perft(g, pos, depth);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("perft(%d) = %llu in %.3f s, %.3g nodes/s\n", depth,
                static_cast<unsigned long long>(nodes), s, s > 0 ? static_cast<double>(nodes) / s : 0.0);
    if (argc > 5 && std::string(argv[5]) == "results") {
      arb::ResultCounts rc;
      arb::count_results(g, pos, depth, rc);
      for (const auto& [key, n] : rc.by_outcome)
        std::printf("R%d %s=%llu\n", depth, key.c_str(), static_cast<unsigned long long>(n));
    }
  } catch (const arb::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
