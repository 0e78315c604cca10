// The counting library's front door: perft and divide of a position with the
// options of a count (CountOptions), the strategy chosen inside (the plain
// recursion, the table, threads: perft/count/counting.h and policy.h).
//
//   const CountOptions o = CountOptions::parse("", "4");  // --threads 4
//   const Count n = count(g, g.start(), 5, o);
//   for (const DivideEntry& e : divide(g, g.start(), 5, o)) ...
#pragma once

#include <vector>

#include "common/count.h"
#include "common/game.h"
#include "perft/count/counting.h"
#include "perft/count/hashed.h"
#include "perft/count/options.h"
#include "perft/count/perft.h"
#include "perft/count/progress.h"

namespace arb {

// perft(depth) of pos (RULES.md P1-P4). Timing it includes the default
// policy's estimate of the tree, which is part of the count.
template <Game G>
Count count(const G& g, const typename G::Position& pos, int depth, const CountOptions& o,
            const ProgressFn& progress = {}) {
  return run_perft(g, pos, depth, resolve_hash(g, o, pos, depth), progress);
}

// perft(depth - 1) below each legal move of pos, sorted by move text (I1).
template <Game G>
std::vector<DivideEntry> divide(const G& g, const typename G::Position& pos, int depth,
                                const CountOptions& o, const ProgressFn& progress = {}) {
  return run_divide(g, pos, depth, resolve_hash(g, o, pos, depth), progress);
}

// perft(depth) of each of `roots` (perft units' shards), root_done(i, count)
// called as soon as root i is counted (one call at a time).
template <Game G>
std::vector<Count> count_roots(const G& g, const std::vector<typename G::Position>& roots,
                               int depth, const CountOptions& o, const ProgressFn& progress = {},
                               const RootDoneFn& root_done = {}) {
  return perft_many(g, roots, depth, resolve_hash(g, o, roots, depth), progress, root_done);
}

}  // namespace arb
