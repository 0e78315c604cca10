// --hash MB, --threads N (issue 12): the options of the counting commands
// (count, divide, suite, units), resolved per game: the table needs the
// game's optional hash() (common/game.h), which the engines have.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "perft/command.h"
#include "perft/hashed.h"
#include "perft/perft.h"

namespace arb::cli {

// Without --hash, the engine's counts of depth 5 and more use this many MB.
inline constexpr std::uint64_t kDefaultHashMb = 256;
inline constexpr int kDefaultHashDepth = 5;

struct HashArgs {
  std::optional<std::uint64_t> megabytes;  // --hash; 0 turns the table off
  std::optional<int> threads;              // --threads; default: every core
  int threads_asked = 0;                   // a --threads above the cores, reduced
  std::uint64_t seed = 0;                  // --hash-seed
};

// The options' values for implementation g at `depth`.
template <Game G>
HashOptions resolve_hash(const G&, const HashArgs& a, int depth) {
  HashOptions o;
  o.threads = a.threads.value_or(default_threads());
  o.seed = a.seed;
  if constexpr (HashedGame<G>)
    o.megabytes = a.megabytes.value_or(depth >= kDefaultHashDepth ? kDefaultHashMb : 0);
  else if (a.megabytes.value_or(0) > 0)
    throw Error("--hash needs an implementation with a position hash (the engine); drop --hash");
  return o;
}

// One line on stderr when --threads was reduced to the cores (issue 28).
inline void note_threads(const HashArgs& a, Io& io) {
  if (a.threads_asked > 0)
    io.err << "perft: --threads " << a.threads_asked << " reduced to " << a.threads.value_or(1)
           << ", the cores of this machine\n";
}

// perft(depth) of pos: the plain recursion (perft.h, unchanged) with one
// thread and no table, else the hashed and threaded one (hashed.h).
template <Game G>
arb::Count run_perft(const G& g, const typename G::Position& pos, int depth, const HashOptions& o,
                     const ProgressFn& progress = {}) {
  // An exact counting shortcut (Ecalper) beats any table or thread.
  if (HasCountSubtree<G> || (o.megabytes == 0 && o.threads <= 1)) return perft(g, pos, depth);
  return perft_many(g, std::vector<typename G::Position>{pos}, depth, o, progress)[0];
}

// divide through the same choice.
template <Game G>
std::vector<DivideEntry> run_divide(const G& g, const typename G::Position& pos, int depth,
                                    const HashOptions& o, const ProgressFn& progress = {}) {
  if (o.megabytes == 0 && o.threads <= 1) return divide(g, pos, depth);
  std::vector<DivideEntry> out;
  if (depth <= 0) return out;
  check_moves_fit(g, pos);  // every child is held
  std::vector<typename G::Position> children;
  for (const auto& move : g.legal_moves(pos)) {
    out.push_back({g.move_text(pos, move), 0});
    children.push_back(g.play(pos, move));
  }
  const std::vector<arb::Count> counts = perft_many(g, children, depth - 1, o, progress);
  for (std::size_t i = 0; i < out.size(); ++i) out[i].nodes = counts[i];
  std::sort(out.begin(), out.end(),
            [](const DivideEntry& x, const DivideEntry& y) { return x.move < y.move; });
  return out;
}

}  // namespace arb::cli
