// replay/<spec>/<impl>: `perft replay`'s work (perft/files/replay.h), record lines
// parsed and replayed, on the engine alone (--engine-only) and on engine and
// reference together. Each game's default spec; the records are seeded random
// games written by the engine. Counter `moves`: replayed moves per CPU second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <random>
#include <ranges>
#include <span>
#include <string>
#include <vector>

#include "arb/games.h"
#include "common/game.h"
#include "common/spec.h"
#include "perft/files/replay.h"

namespace arb::bench {
namespace {

constexpr int kGames = 50;
constexpr int kMaxPlies = 400;  // random Emergo games may cycle for long

// One record line per seeded random game from the start, with its result.
template <Game G>
std::vector<std::string> random_records(const G& g) {
  std::vector<std::string> lines;
  const std::string players(g.players());
  for (int i = 0; i < kGames; ++i) {
    std::mt19937_64 rng(20261128 + static_cast<std::uint64_t>(i));
    std::vector<typename G::Position> history{g.start()};
    std::string moves;
    for (int ply = 0; ply < kMaxPlies; ++ply) {
      const auto& pos = history.back();
      if (played_outcome(g, std::span<const typename G::Position>(history)).finished) break;
      typename G::Move move{};
      if constexpr (NthMoveGame<G>) {  // Ecalper: no list of 333375 moves
        move = g.nth_move(pos, rng() % g.count_moves(pos));
      } else {
        const auto list = g.legal_moves(pos);
        move = *std::ranges::next(std::ranges::begin(list),
                                  static_cast<std::ptrdiff_t>(rng() % std::ranges::size(list)));
      }
      moves += (moves.empty() ? "" : " ") + g.move_text(pos, move);
      history.push_back(g.play(pos, move));
    }
    const Outcome o = played_outcome(g, std::span<const typename G::Position>(history));
    lines.push_back(g.spec().canonical() + "; start; moves " + moves + "; result " +
                    outcome_key(o, players));
  }
  return lines;
}

template <class Pair>
void replay(benchmark::State& state, const std::vector<std::string>& lines, bool both) {
  const Spec spec = Games::parse_spec(std::string(Pair::kName));
  const typename Pair::Engine engine(spec);
  const typename Pair::Reference reference(spec);
  ReplayTally tally;
  for (auto _ : state) {
    int number = 0;
    for (const auto& line : lines) {
      const auto failure = replay_record(engine, both ? &reference : nullptr,
                                         parse_replay_line(line, ++number), tally);
      if (failure) {
        state.SkipWithError(("record " + std::to_string(number) + ": " + failure->message).c_str());
        return;
      }
    }
  }
  state.counters["moves"] =
      benchmark::Counter(static_cast<double>(tally.plies), benchmark::Counter::kIsRate);
}

// Registered at static initialisation, beside bench.cpp's own.
const bool kRegistered = [] {
  Games::for_each([]<class Pair>() {
    const Spec spec = Games::parse_spec(std::string(Pair::kName));
    const std::string name = "replay/" + spec.canonical() + "/";
    // Written lazily, so that a filtered run does not play them.
    const auto lines = std::make_shared<std::vector<std::string>>();
    const auto records = [lines, spec] {
      if (lines->empty()) *lines = random_records(typename Pair::Engine(spec));
      return *lines;
    };
    for (const bool both : {false, true})
      benchmark::RegisterBenchmark(
          (name + (both ? "both" : "engine")).c_str(),
          [records, both](benchmark::State& s) { replay<Pair>(s, records(), both); })
          ->Unit(benchmark::kMillisecond);
  });
  return true;
}();

}  // namespace
}  // namespace arb::bench
