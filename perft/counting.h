// Counting with the options of the counting commands (--hash MB, --threads N,
// issue 12: count, divide, suite, units), resolved per game: the table needs
// the game's optional hash() (common/game.h), which the engines have. The one
// place that chooses the plain recursion (perft.h) or the hashed and threaded
// one (hashed.h).
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "perft/hashed.h"
#include "perft/perft.h"

namespace arb {

// Every core the machine has (at least 1): --threads' default.
inline int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(std::min(n, 1024u));
}

// The machine's memory in MB (0: unknown); --hash may not ask for more.
inline std::uint64_t physical_memory_mb() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) >> 20;
}

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
  return divide_with(g, pos, depth, [&](const std::vector<typename G::Position>& children, int d) {
    return perft_many(g, children, d, o, progress);
  });
}

}  // namespace arb
