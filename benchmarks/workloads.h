// The tracked workloads (benchmarks/README.md): for each game and
// implementation, perft from the start and perft over the game's midgame
// set (fixtures/<game>_midgame.perft). Shared by arb_workload (instruction
// counts, the CI gate) and arb_bench (wall clock), so both measure the same
// thing. Every count comes from fixtures/ and is checked.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "perft/files/fixture.h"

namespace arb::bench {

// One perft of a workload: the position (a fixture's text or "start", then
// its moves), the depth and the count fixtures/ gives for it.
struct WorkloadCase {
  std::string spec, position, moves;
  int depth = 0;
  std::uint64_t nodes = 0;
};

struct WorkloadSizes {
  std::string_view game;
  std::string_view start_spec;
  int start_engine_depth, start_reference_depth;
  // Each midgame position runs at its deepest D<k> whose count is at most this.
  std::uint64_t midgame_engine_budget, midgame_reference_budget;
};

// Sized so that a workload runs in at most about 0.3 s natively (Release): the
// gate runs them all under callgrind, some 50 times slower.
inline const std::vector<WorkloadSizes>& workload_sizes() {
  static const std::vector<WorkloadSizes> table = {
      {"emergo", "emergo", 5, 3, 20'000'000, 200'000},
      {"eximo", "eximo", 5, 4, 20'000'000, 1'000'000},
      // Both Ecalper implementations count the last ply by arithmetic: depth 2.
      {"ecalper", "ecalper", 2, 2, 10'000'000'000, 10'000'000'000},
      {"meridians", "meridians", 5, 3, 12'000'000, 4'000},
  };
  return table;
}

// fixtures/ of the source tree, or $ARB_FIXTURES when set.
inline std::filesystem::path fixtures_dir() {
  if (const char* dir = std::getenv("ARB_FIXTURES"); dir && *dir) return dir;
  return std::filesystem::path(ARB_SOURCE_DIR) / "fixtures";
}

inline const WorkloadSizes* find_sizes(std::string_view game) {
  for (const auto& s : workload_sizes())
    if (s.game == game) return &s;
  return nullptr;
}

// The perfts of workload `<game>/<phase>/<impl>`; throws arb::Error when
// fixtures/ lacks a count it needs.
inline std::vector<WorkloadCase> workload_cases(const std::filesystem::path& fixtures,
                                                std::string_view game, std::string_view phase,
                                                bool engine) {
  const WorkloadSizes* sizes = find_sizes(game);
  if (!sizes) throw Error("no workload sizes for game '" + std::string(game) + "'");
  std::vector<WorkloadCase> out;
  if (phase == "start") {
    const int depth = engine ? sizes->start_engine_depth : sizes->start_reference_depth;
    // The start counts are in fixtures/<game>.perft, on a line for the start spec.
    for (const FixtureCase& c :
         read_fixture_file((fixtures / (std::string(game) + ".perft")).string()).cases) {
      if (c.spec != sizes->start_spec || c.position != "start" || !c.moves.empty()) continue;
      if (const auto it = c.depths.find(depth); it != c.depths.end()) {
        out.push_back({c.spec, c.position, c.moves, depth, static_cast<std::uint64_t>(it->second)});
        return out;
      }
    }
    throw Error("fixtures/" + std::string(game) + ".perft has no D" + std::to_string(depth) +
                " for the start of " + std::string(sizes->start_spec));
  }
  if (phase != "midgame") throw Error("unknown workload phase '" + std::string(phase) + "'");
  const auto file = fixtures / (std::string(game) + "_midgame.perft");
  const std::uint64_t budget =
      engine ? sizes->midgame_engine_budget : sizes->midgame_reference_budget;
  const FixtureFile parsed = read_fixture_file(file.string());
  if (!parsed.errors.empty())
    throw Error(file.string() + " line " + std::to_string(parsed.errors[0].line) + ": " +
                parsed.errors[0].message);
  for (const FixtureCase& c : parsed.cases) {
    // D1, then each deeper depth while its count stays within the budget.
    int depth = 0;
    std::uint64_t nodes = 0;
    for (const auto& [k, n] : c.depths) {
      if (depth != 0 && n > budget) break;
      depth = k;
      nodes = static_cast<std::uint64_t>(n);
    }
    if (depth == 0) continue;
    out.push_back({c.spec, c.position, c.moves, depth, nodes});
  }
  if (out.empty()) throw Error(file.string() + " has no cases");
  return out;
}

}  // namespace arb::bench
