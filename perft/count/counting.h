// Counting with the options of the counting commands (--hash MB, --threads N:
// count, divide, suite, units), resolved per game: the table needs
// the game's optional hash() (common/game.h), which the engines have. The one
// place that chooses the plain recursion (perft.h) or the hashed and threaded
// one (hashed.h).
#pragma once

#include <cstdlib>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "perft/count/hashed.h"
#include "perft/count/options.h"
#include "perft/count/perft.h"
#include "perft/count/policy.h"

namespace arb {

// The options' values for implementation g counting perft(depth) below
// `roots`: the given ones, the others chosen by the default policy
// (perft/count/policy.h) from an estimate of the tree, made only when needed.
template <Game G>
HashOptions resolve_hash(const G& g, const CountOptions& a,
                         const std::vector<typename G::Position>& roots, int depth) {
  if constexpr (!HashedGame<G>)
    if (a.megabytes.value_or(0) > 0)
      throw Error("--hash needs an implementation with a position hash (the engine); drop --hash");
  CountingFacts f;
  f.shortcut = HasCountSubtree<G>;
  f.symmetric = SymmetricGame<G>;
  if constexpr (HashedGame<G> && !HasCountSubtree<G>) {
    f.table = true;
    f.bucket_bytes = PerftTable<typename G::Position>::bucket_bytes();
  }
  f.probe_depth = default_probe_depth<G>();
  // A measuring aid (docs/cluster.md): another probe depth for the default's table.
  if (const char* t = std::getenv("ARB_TUNE_PROBE")) f.probe_depth = std::max(2, std::atoi(t));
  TreeEstimate tree;
  tree.depth = depth;
  // Both given: nothing to estimate. A shortcut game's policy needs only the depth.
  // Far below the plain walk's threshold the exact plies stop early (estimate_tree).
  const double clearly_small = (f.table ? kPlainBelow : kPlainBelowWithoutHash) * kClearlySmall;
  if (!f.shortcut && !(a.megabytes && a.threads))
    tree = estimate_tree(g, roots, depth, kEstimateBudget, clearly_small);
  if constexpr (SymmetricGame<G>)
    if (!(a.megabytes && a.threads) && tree.walked() < kPlainBelow)
      tree.images_meet = images_meet(g, roots);
  // The cores and the memory matter only to a tree big enough for threads or
  // the table (choose_counting), and asking costs 0.1 ms (sysfs, sysinfo),
  // 1% of a 10 ms count: asked only then.
  if (f.shortcut || tree.walked() >= kPlainBelowWithoutHash) {
    f.cores = default_threads();
    f.memory_mb = physical_memory_mb();
  }
  return choose_counting(a, tree, f);
}

template <Game G>
HashOptions resolve_hash(const G& g, const CountOptions& a, const typename G::Position& root,
                         int depth) {
  return resolve_hash(g, a, std::vector<typename G::Position>{root}, depth);
}

// The plain recursion (perft.h) will do: one thread, no table, nothing merged.
inline bool plain_walk(const HashOptions& o) {
  return o.megabytes == 0 && o.threads <= 1 && !o.merge_top;
}

// perft(depth) of pos: the plain recursion (perft.h, unchanged) with one
// thread and no table, else the hashed and threaded one (hashed.h).
template <Game G>
arb::Count run_perft(const G& g, const typename G::Position& pos, int depth, const HashOptions& o,
                     const ProgressFn& progress = {}) {
  // An exact counting shortcut (Ecalper) beats any table or thread.
  if (HasCountSubtree<G> || plain_walk(o)) return perft(g, pos, depth);
  return perft_many(g, std::vector<typename G::Position>{pos}, depth, o, progress)[0];
}

// divide through the same choice.
template <Game G>
std::vector<DivideEntry> run_divide(const G& g, const typename G::Position& pos, int depth,
                                    const HashOptions& o, const ProgressFn& progress = {}) {
  if (plain_walk(o)) return divide(g, pos, depth);
  return divide_with(g, pos, depth, [&](const std::vector<typename G::Position>& children, int d) {
    return perft_many(g, children, d, o, progress);
  });
}

}  // namespace arb
