// The counting commands' default: plain walk, table, threads.
//
// Without --hash and --threads a count is never much slower than the better
// of the plain walk (--hash 0 --threads 1) and the table with every core.
// The choice is made from an estimate of the tree (estimate_tree: the first
// plies counted exactly within a small budget, the rest extrapolated) by one
// pure function (choose_counting), so that the tests can check its decisions
// without timing anything:
//   - a small tree is walked plainly on one thread: starting threads and
//     mapping a table cost more than such a walk (milliseconds); only the
//     images of its upper plies are merged, where the game has symmetries;
//   - a larger one uses every core, and the table where the game can hash and
//     enough plies remain for a transposition to be found and reused;
//   - the table is probed only kProbeDepth or more plies above the leaves (per
//     game, measured): nearer the leaves a probe costs more than the walk it
//     saves, and a table of the upper plies is far smaller;
//   - the table is sized for the positions the tree can store there (the
//     estimate), at most kDefaultHashMb and an eighth of the memory.
// An explicit option is honoured as given: --hash N maps today's table (its
// size capped at the tree, probed from 2 plies above the leaves), --threads N
// starts N workers; the policy decides only what was not given. Counts never
// depend on the choice: the table is exact (perft/count/hashed.h).
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <optional>
#include <vector>

#include "common/count.h"
#include "common/game.h"
#include "perft/count/hashed.h"
#include "perft/count/options.h"
#include "perft/count/perft.h"

namespace arb {

// The default table's largest size (MB); it is also never more than an
// eighth of the machine's memory.
inline constexpr std::uint64_t kDefaultHashMb = 256;

// Below this many positions walked (perft(0) + ... + perft(depth - 1): the
// positions whose moves the plain walk generates or counts; 10-40 ns each on
// the engines), the count is walked plainly on one thread: up to about 0.1 s,
// where the threads' and the table's set-up (mapping, page faults, waiting
// for a worker the busy machine has descheduled) cost as much as they save.
// Measured (docs/figures.md#default-counting): with the threshold at 1e5,
// Emergo and Meridians midgames of 1e6-5e6 walked (10-100 ms plain) ran 1.1-2.3x
// slower with the table and threads; Emergo D6 (6e7 walked) runs 10x faster.
inline constexpr double kPlainBelow = 1e7;
// An implementation without a hash (the references) walks 100-300 times
// slower per position: its threads pay from a hundredth of that.
inline constexpr double kPlainBelowWithoutHash = kPlainBelow / 100;

// The estimate counts perft(k) exactly while it stays below this many leaves
// (the last ply is counted, not played: under a millisecond), and extrapolates
// the deeper plies. Meridians needs perft(3) exact: its second stones (M5)
// make ply 3 twenty times smaller than ply 2 would predict.
inline constexpr Count kEstimateBudget = 300'000;
// A tree is clearly small, and the estimate's exact plies stop after ply 4
// (estimate_tree), below this fraction of the plain walk's threshold: the
// extrapolation from plies 1-4 then has a margin of 4x before the decision
// could change (measured: Emergo midgames overestimated 1.6x).
inline constexpr double kClearlySmall = 0.25;

// The least remaining depth at which the default table is probed: the game's
// G::kProbeDepth (common/game.h), else 3 (measured per game,
// docs/figures.md#default-counting): one ply more than what --hash N does (2)
// pays everywhere, as the children two plies above the leaves are cheap to
// walk and too many to store.
template <class G>
constexpr int default_probe_depth() {
  if constexpr (requires {
                  { G::kProbeDepth } -> std::convertible_to<int>;
                })
    return G::kProbeDepth;
  else
    return 3;
}

// The tree below the roots: perft(k) summed over the roots for k = 0..depth,
// exact up to ply `exact`, extrapolated beyond.
struct TreeEstimate {
  int depth = 0;
  int exact = 0;
  std::vector<double> plies;
  // Two children of a root are images of each other (images_meet; so they
  // are where the root is symmetric): merging the upper plies' images saves
  // walks. Where they do not, the merge only costs (choose_counting).
  bool images_meet = true;

  // Positions the plain walk visits above the leaves.
  double walked() const {
    double n = 0;
    for (int k = 0; k < depth && k < static_cast<int>(plies.size()); ++k) n += plies[k];
    return n;
  }
  // Positions the table may store: those probe_depth or more plies above the
  // leaves (an upper bound: transpositions and symmetry make them fewer).
  double stored(int probe_depth) const {
    double n = 0;
    for (int k = 0; k <= depth - probe_depth && k < static_cast<int>(plies.size()); ++k)
      n += plies[k];
    return n;
  }
};

// From exact counts perft(0..exact) (summed over the roots) to the estimate of
// every ply up to depth: each further ply grows like the last two did (the
// ratio of two plies apart, which follows games whose plies alternate, as
// captures and entries do), and is at least `floor` where the next ply's
// count was cut off there.
inline TreeEstimate extrapolate(std::vector<double> exact_plies, int depth, double floor = 0) {
  TreeEstimate t;
  t.depth = depth;
  t.exact = static_cast<int>(exact_plies.size()) - 1;
  t.plies = std::move(exact_plies);
  const int e = t.exact;
  for (int k = e + 1; k <= depth; ++k) {
    double n = 0;
    if (t.plies[e] == 0) {
      n = 0;  // the tree ends
    } else if (e >= 2 && t.plies[e - 2] > 0 && t.plies[e - 1] > 0) {
      n = t.plies[k - 2] * (t.plies[e] / t.plies[e - 2]);
    } else if (e >= 1 && t.plies[e - 1] > 0) {
      n = t.plies[k - 1] * (t.plies[e] / t.plies[e - 1]);
    } else {
      n = t.plies[k - 1] * std::max(1.0, floor / std::max(1.0, t.plies[e]));
    }
    if (k == e + 1) n = std::max(n, floor);
    t.plies.push_back(n);
  }
  return t;
}

// perft(k) below `roots`, counted exactly while under `budget` leaves, then
// extrapolated (a walk of at most about `budget` leaves and their parents).
// Plies up to depth - 2 are counted: the policy needs ply depth - 1 at the
// most (walked, stored), and extrapolated it is close enough for a decision
// of orders of magnitude, while counting it would cost a tree that fits the
// budget a whole ply of its walk (10% of an Emergo midgame count whose
// branching is 10; two plies above, 1%).
// With `clearly_below` set, the counting also stops once plies 1-4 are exact
// and the extrapolated tree walks fewer positions than that: the decision is
// then plain, and the deeper exact plies would cost a walk with a low
// branching factor b a fraction 1/b^2 of the count itself (Emergo midgames of
// 10-20 ms, b about 4: 7-11% slower than the plain walk with them).
template <Game G>
TreeEstimate estimate_tree(const G& g, const std::vector<typename G::Position>& roots, int depth,
                           Count budget = kEstimateBudget, double clearly_below = 0) {
  std::vector<double> plies{static_cast<double>(roots.size())};
  double floor = 0;
  for (int k = 1; k < depth - 1; ++k) {
    if (k > 4 && extrapolate(plies, depth).walked() < clearly_below) break;
    Count n = 0;
    for (const auto& root : roots) {
      n += detail::perft_up_to(g, root, k, budget - n);
      if (n >= budget) break;
    }
    if (n >= budget) {
      floor = static_cast<double>(n);
      break;
    }
    plies.push_back(static_cast<double>(n));
    if (n == 0) break;  // no position at ply k: none deeper
  }
  if (plies.back() == 0) plies.resize(static_cast<std::size_t>(depth) + 1, 0);
  return extrapolate(std::move(plies), depth, floor);
}

// Whether two children of one of `roots` have the same canonical image
// (by their hashes: a collision only costs the merge).
template <SymmetricGame G>
bool images_meet(const G& g, const std::vector<typename G::Position>& roots) {
  std::vector<std::uint64_t> keys;
  for (const auto& root : roots) {
    keys.clear();
    for (const auto& move : g.legal_moves(root))
      keys.push_back(g.hash(table_key(g, g.play(root, move))));
    std::sort(keys.begin(), keys.end());
    if (std::adjacent_find(keys.begin(), keys.end()) != keys.end()) return true;
  }
  return false;
}

// What the policy knows of the implementation and the machine.
struct CountingFacts {
  bool table = false;      // the game can hash and counts by walking (no count_subtree)
  bool shortcut = false;   // the game counts perft(2+) by arithmetic (count_subtree)
  bool symmetric = false;  // the game keys images of a position together (canonical)
  int probe_depth = 3;     // default_probe_depth of the game
  std::size_t bucket_bytes = 64;
  int cores = 1;
  std::uint64_t memory_mb = 0;  // 0: unknown
};

// The options of a count: the given ones as given, the others chosen from
// the tree (see the top of this file).
inline HashOptions choose_counting(const CountOptions& a, const TreeEstimate& tree,
                                   const CountingFacts& f) {
  HashOptions o;
  o.seed = a.seed;
  const double walked = tree.walked();
  // A shortcut count (Ecalper) is arithmetic and has no table; threads share
  // out divide's moves, each counted by arithmetic too.
  const bool big =
      f.shortcut ? tree.depth >= 2 : walked >= (f.table ? kPlainBelow : kPlainBelowWithoutHash);
  o.threads = a.threads.value_or(big ? std::max(1, f.cores) : 1);
  // A walk on one thread without a table still merges the images of the
  // upper plies where the game has symmetries and two children of a root are
  // images of each other: a symmetric root (every start position) then walks
  // one child per class (Eximo's start D5 2.0x fewer instructions). Elsewhere
  // the plain recursion: the merge would save nothing and cost its set-up
  // (the expansion's memory, 0.3 ms in a fresh process: 3% of a 10 ms
  // Emergo midgame, measured). Both options given: exactly what was asked.
  o.merge_top = f.symmetric && tree.images_meet && !(a.megabytes && a.threads);
  if (a.megabytes) {
    o.megabytes = static_cast<std::size_t>(*a.megabytes);  // today's table (probe depth 2)
    return o;
  }
  // The table pays only where a position can recur with probe_depth plies
  // left: 2 plies from the root (a transposition) at the least.
  if (!f.table || !big || tree.depth < f.probe_depth + 2) return o;
  std::uint64_t cap = kDefaultHashMb;
  if (f.memory_mb > 0) cap = std::min(cap, std::max<std::uint64_t>(f.memory_mb / 8, 1));
  const double positions = std::max(1.0, tree.stored(f.probe_depth));
  const double mb = positions * static_cast<double>(f.bucket_bytes) / double(1 << 20);
  std::uint64_t want = 1;  // MB, a power of two: the table holds a power of two of buckets
  while (static_cast<double>(want) < mb && want < cap) want *= 2;
  o.megabytes = static_cast<std::size_t>(std::min(want, cap));
  o.probe_depth = f.probe_depth;
  o.sized = true;
  return o;
}

}  // namespace arb
