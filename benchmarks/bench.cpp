// arb_bench: move generation and perft speed of every implementation, written
// once against arb::Game and registered for the engine and the reference of
// each game. Names:
//
//   movegen/<spec>/<phase>/<impl>       legal_moves() over a fixed position set
//   count_moves/<spec>/<phase>/engine   count_moves() over the same set
//   perft/<spec>/<impl>/<depth>         perft from the start position
//   workload/<game>/<phase>/<impl>      the performance gate's workloads
//                                       (workloads.h): start and midgame
//
// <spec> is the canonical spec (RULES.md), so `ecalper` is size 7. Every count
// a benchmark produces is checked (perft against fixtures/, count_moves against
// legal_moves); a wrong one is reported as an error and the program exits 1.
// The rates (nps, moves/s) are per CPU second, not per wall second (no
// UseRealTime): the benchmarks are single-threaded, and on a shared machine
// the wall clock also counts time spent descheduled.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <ranges>
#include <string>
#include <vector>

#include "arb/games.h"
#include "benchmarks/positions.h"
#include "benchmarks/start_counts.h"
#include "benchmarks/workloads.h"
#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"
#include "perft/count/perft.h"
#include "perft/stats/stats.h"

namespace arb::bench {
namespace {

using benchmark::Counter;
using benchmark::State;

bool failed = false;  // some benchmark produced a wrong count

void fail(State& state, const std::string& message) {
  failed = true;
  state.SkipWithError(message.c_str());
}

template <Game G>
std::vector<typename G::Position> parse_all(const G& g, const std::vector<std::string>& texts) {
  std::vector<typename G::Position> positions;
  for (const auto& text : texts) positions.push_back(g.parse(text));
  return positions;
}

// Per second of CPU time: the counts are per iteration, hence IterationInvariant.
void set_rates(State& state, std::uint64_t positions, std::uint64_t moves) {
  state.counters["positions"] =
      Counter(static_cast<double>(positions), Counter::kIsIterationInvariantRate);
  state.counters["moves"] = Counter(static_cast<double>(moves), Counter::kIsIterationInvariantRate);
}

template <Game G>
void movegen(State& state, const Spec& spec, const std::vector<std::string>& texts) {
  const G g(spec);
  const auto positions = parse_all(g, texts);
  std::uint64_t moves = 0;
  for (auto _ : state) {
    moves = 0;
    for (const auto& pos : positions) {
      const auto list = g.legal_moves(pos);
      // Visit every move: a lazy list (the Ecalper engine's) does its work here,
      // and a caller that wants the moves pays for it.
      for (auto&& move : list) benchmark::DoNotOptimize(move);
      moves += static_cast<std::uint64_t>(std::ranges::size(list));
    }
    benchmark::DoNotOptimize(moves);
  }
  set_rates(state, positions.size(), moves);
}

template <Game G>
void count_moves(State& state, const Spec& spec, const std::vector<std::string>& texts) {
  const G g(spec);
  const auto positions = parse_all(g, texts);
  std::uint64_t expected = 0;
  for (const auto& pos : positions)
    expected += static_cast<std::uint64_t>(std::ranges::size(g.legal_moves(pos)));
  std::uint64_t moves = 0;
  for (auto _ : state) {
    moves = 0;
    for (const auto& pos : positions) moves += g.count_moves(pos);
    benchmark::DoNotOptimize(moves);
    if (moves != expected) {
      fail(state, "count_moves total: legal_moves gives " + std::to_string(expected) + ", got " +
                      std::to_string(moves));
      break;
    }
  }
  set_rates(state, positions.size(), moves);
}

template <Game G>
void perft_start(State& state, const Spec& spec, const StartCounts& fixtures) {
  const int depth = static_cast<int>(state.range(0));
  const std::string what = "perft(" + std::to_string(depth) + ") of " + spec.canonical() + " start";
  const auto expected = fixtures.find(spec, depth);
  if (!expected) {
    fail(state, what + ": no count in fixtures/, register a depth that has one");
    return;
  }
  const G g(spec);
  const auto start = g.start();
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    // perft_walk: move generation, never a counting shortcut (Ecalper's count_subtree).
    nodes = static_cast<std::uint64_t>(perft_walk(g, start, depth));
    benchmark::DoNotOptimize(nodes);
    if (nodes != *expected) {
      fail(state, what + ": expected " + to_string(*expected) + " got " + std::to_string(nodes));
      break;
    }
  }
  // Leaves per second: perft counts the last ply without playing it (count_moves),
  // so nps is far above the rate of positions actually visited.
  state.counters["nodes"] = Counter(static_cast<double>(nodes));
  state.counters["nps"] = Counter(static_cast<double>(nodes), Counter::kIsIterationInvariantRate);
}

// One workload of the performance gate (workloads.h), in wall-clock time:
// shown beside its instruction count, never gated.
template <Game G>
void workload(State& state, const std::vector<WorkloadCase>& cases) {
  std::vector<std::pair<G, typename G::Position>> runs;
  for (const WorkloadCase& c : cases) {
    const G g(Spec::parse(c.spec));
    runs.emplace_back(g, play_moves(g, position_from(g, c.position), split_moves(c.moves)));
  }
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const auto n =
          static_cast<std::uint64_t>(perft_walk(runs[i].first, runs[i].second, cases[i].depth));
      if (n != cases[i].nodes) {
        fail(state, "perft(" + std::to_string(cases[i].depth) + ") of " + cases[i].position +
                        ": expected " + std::to_string(cases[i].nodes) + " got " +
                        std::to_string(n));
        return;
      }
      nodes += n;
    }
    benchmark::DoNotOptimize(nodes);
  }
  state.counters["nodes"] = Counter(static_cast<double>(nodes));
  state.counters["nps"] = Counter(static_cast<double>(nodes), Counter::kIsIterationInvariantRate);
}

struct GameBenchmarks {
  std::string spec;
  std::vector<PositionSet> sets;   // for movegen and count_moves
  std::vector<int> engine_depths;  // perft from the start; each must be in fixtures/
  std::vector<int> reference_depths;
};

// The engine depths take about 0.1-1 s in Release where fixtures/ has such a
// count, the reference ones are
// smaller, and the smallest depth of each is the smoke test's. Ecalper's
// branching is huge (over 300000 first moves on size 7) and both of its
// implementations count the last ply arithmetically, so depth 2 is its
// practical perft. Its sets are the two ends of a game: early size-7 positions
// with about a million moves each, and size-5 endings with few empty cells.
const std::vector<GameBenchmarks>& games() {
  static const std::vector<GameBenchmarks> table = {
      {"emergo", {{.phase = "all"}}, {3, 6}, {3, 4}},
      {"emergo:size=7", {{.phase = "all"}}, {3, 7}, {3, 5}},
      {"eximo", {{.phase = "all"}}, {3, 5}, {3, 4}},
      {"meridians", {{.phase = "all"}}, {2, 5}, {2, 4}},
      {"ecalper", {{.phase = "early", .count = 8, .from = 0.0, .to = 0.2}}, {2}, {2}},
      {"ecalper:size=5", {{.phase = "late", .from = 0.6, .to = 1.0}}, {2}, {2}},
  };
  return table;
}

template <Game Engine, Game Reference>
void register_game(const GameBenchmarks& game, const StartCounts& fixtures) {
  const Spec spec = Spec::parse(game.spec);
  const std::string name = spec.canonical();
  const auto add = [](const std::string& full_name, auto run) {
    return benchmark::RegisterBenchmark(full_name.c_str(), run);
  };
  for (const PositionSet& set : game.sets) {
    // Generated once, by the engine (fast); both implementations parse the texts.
    const auto texts =
        std::make_shared<const std::vector<std::string>>(random_positions(Engine(spec), set));
    const std::string at = name + "/" + set.phase;
    add("movegen/" + at + "/engine", [=](State& s) {
      movegen<Engine>(s, spec, *texts);
    })->Unit(benchmark::kMicrosecond);
    add("movegen/" + at + "/reference", [=](State& s) {
      movegen<Reference>(s, spec, *texts);
    })->Unit(benchmark::kMicrosecond);
    add("count_moves/" + at + "/engine", [=](State& s) {
      count_moves<Engine>(s, spec, *texts);
    })->Unit(benchmark::kMicrosecond);
  }
  if (game.engine_depths.empty()) return;  // a game with no start counts in fixtures/ yet
  auto* engine = add("perft/" + name + "/engine",
                     [=, &fixtures](State& s) { perft_start<Engine>(s, spec, fixtures); });
  auto* reference = add("perft/" + name + "/reference",
                        [=, &fixtures](State& s) { perft_start<Reference>(s, spec, fixtures); });
  for (int depth : game.engine_depths) engine->Arg(depth);
  for (int depth : game.reference_depths) reference->Arg(depth);
  engine->Unit(benchmark::kMillisecond);
  reference->Unit(benchmark::kMillisecond);
}

}  // namespace
}  // namespace arb::bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  try {
    const arb::bench::StartCounts fixtures(arb::bench::fixtures_dir());
    // Every registered game: its rows of games(), or move generation on its
    // default spec for a game that has none yet.
    arb::Games::for_each([&]<class Pair>() {
      bool any = false;
      for (const auto& game : arb::bench::games()) {
        if (arb::Spec::parse(game.spec).name() != Pair::kName) continue;
        arb::bench::register_game<typename Pair::Engine, typename Pair::Reference>(game, fixtures);
        any = true;
      }
      if (!any)
        arb::bench::register_game<typename Pair::Engine, typename Pair::Reference>(
            {std::string(Pair::kName), {{.phase = "all"}}, {}, {}}, fixtures);
    });
    arb::Games::for_each([&]<class Pair>() {
      const std::string game(Pair::kName);
      if (!arb::bench::find_sizes(game)) return;
      for (const char* phase : {"start", "midgame"}) {
        const std::string at = "workload/" + game + "/" + phase + "/";
        const auto engine =
            arb::bench::workload_cases(arb::bench::fixtures_dir(), game, phase, true);
        const auto reference =
            arb::bench::workload_cases(arb::bench::fixtures_dir(), game, phase, false);
        benchmark::RegisterBenchmark((at + "engine").c_str(), [=](benchmark::State& s) {
          arb::bench::workload<typename Pair::Engine>(s, engine);
        })->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark((at + "reference").c_str(), [=](benchmark::State& s) {
          arb::bench::workload<typename Pair::Reference>(s, reference);
        })->Unit(benchmark::kMillisecond);
      }
    });
    // perft stats: random games per second from the start on 2
    // threads, each game's default spec, engine and reference. The counter
    // games_per_s is wall-clock (the threads run inside one iteration).
    arb::Games::for_each([&]<class Pair>() {
      const std::string game(Pair::kName);
      for (const bool engine : {true, false}) {
        const std::string name = "stats/" + game + "/" + (engine ? "engine" : "reference");
        benchmark::RegisterBenchmark(
            name.c_str(),
            [=](benchmark::State& s) {
              const arb::Spec spec = arb::Games::parse_spec(game);
              const auto run = [&](const auto& g) {
                const auto root = g.start();
                arb::stats::RunOptions o;
                o.games = engine ? 2000 : 20;
                o.threads = 2;
                o.max_plies = 1000;
                std::uint64_t seed = 1;
                for (auto _ : s) {
                  o.seed = seed++;
                  using G = std::decay_t<decltype(g)>;
                  const auto t = arb::stats::run_games<G, G>(g, root, nullptr, nullptr, o);
                  benchmark::DoNotOptimize(t.first.games);
                }
                s.counters["games_per_s"] = benchmark::Counter(
                    static_cast<double>(o.games) * static_cast<double>(s.iterations()),
                    benchmark::Counter::kIsRate);
              };
              if (engine)
                run(typename Pair::Engine(spec));
              else
                run(typename Pair::Reference(spec));
            })
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
      }
    });
    benchmark::RunSpecifiedBenchmarks();
  } catch (const std::exception& e) {  // arb::Error, or a fixtures folder that cannot be read
    std::fprintf(stderr, "arb_bench: %s\n", e.what());
    return 2;
  }
  benchmark::Shutdown();
  return arb::bench::failed ? 1 : 0;
}
