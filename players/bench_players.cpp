// players_bench: the speed of mcts against perft stats' random games, per
// game (docs/players.md). CPU time of this one thread, so that a busy machine
// changes the rates less than the ratio between them: the tree's overhead is
// random play's moves per second over mcts's moves per second (expansions
// and playouts), less one.
// With a cut-off K, mcts:N:cut=K (games without a measure skipped); with
// decisive=1, mcts:N:decisive (its moves: the playouts' moves played, not the
// ones tried for a win).
//   players_bench [simulations=200] [games=200] [cut=0] [decisive=0]
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "arb/games.h"
#include "perft/stats/stats.h"
#include "players/players.h"

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

template <class G>
void measure(const std::string& spec, std::uint64_t simulations, std::uint64_t games,
             std::uint64_t cut, bool decisive) {
  if (cut != 0 && !arb::players::has_measure<G>()) return;
  const G g(arb::Games::parse_spec(spec));
  const auto root = g.start();
  // perft stats' random games.
  arb::stats::Mover<G> random(g, arb::stats::Player::kRandom);
  arb::stats::Tally t(g.players().size());
  double start = cpu_seconds();
  std::uint64_t plies = 0;
  for (std::uint64_t i = 0; i < games; ++i)
    plies += static_cast<std::uint64_t>(
        arb::stats::play_game(g, random, root, arb::stats::game_seed(1, 0, i), 1000, t).plies);
  const double random_s = cpu_seconds() - start;
  // mcts from the positions of a few random games, every 8th ply.
  std::vector<typename G::Position> positions;
  for (std::uint64_t i = 0; i < 4; ++i) {
    arb::stats::SplitMix64 rng{arb::stats::game_seed(2, 0, i)};
    auto pos = root;
    for (int ply = 0; ply < 1000; ++ply) {
      const std::uint64_t n = g.count_moves(pos);
      if (n == 0) break;
      if (ply % 8 == 0) positions.push_back(pos);
      pos = g.play(pos, random.pick(pos, n, rng));
    }
  }
  arb::players::Mcts<G> mcts(g);
  start = cpu_seconds();
  for (std::size_t i = 0; i < positions.size(); ++i)
    mcts.choose(positions[i], g.count_moves(positions[i]), {{}, 0, 1000}, simulations, i + 1, cut,
                decisive);
  const double mcts_s = cpu_seconds() - start;
  const double random_rate = static_cast<double>(plies) / random_s;
  const double mcts_rate = static_cast<double>(mcts.plies()) / mcts_s;
  std::printf("| %s | %.0f | %.0f | %.0f | %.0f | %+.0f%% |\n", spec.c_str(),
              static_cast<double>(games) / random_s, random_rate,
              static_cast<double>(positions.size() * simulations) / mcts_s, mcts_rate,
              100 * (random_rate / mcts_rate - 1));
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t simulations = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200;
  const std::uint64_t games = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 200;
  const std::uint64_t cut = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 0;
  const bool decisive = argc > 4 && std::strtoull(argv[4], nullptr, 10) != 0;
  const std::string player =
      arb::players::PlayerSpec{arb::players::PlayerSpec::Kind::kMcts, simulations, cut, decisive}
          .name();
  std::printf(
      "| spec | random games/s | random moves/s | %s simulations/s | mcts moves/s | tree "
      "overhead |\n|---|---|---|---|---|---|\n",
      player.c_str());
  arb::Games::for_each([&]<class Pair>() {
    measure<typename Pair::Engine>(std::string(Pair::kName), simulations, games, cut, decisive);
  });
}
