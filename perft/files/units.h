// Work units for a cluster (`perft split`, `perft units`, `perft
// merge`): the library part. `split` writes the distinct positions K plies below the
// root with their multiplicities (how many move sequences reach each); a
// shard of `units` counts perft(N - K) below its units. perft(N) is the sum
// of multiplicity x count over the units (`perft merge`).
//
// A units file is JSON lines: a header
//   {"split": 2, "game": ..., "position": ..., "depth": N, "at": K, "units": U, "checksum": ...}
// then one line per unit, in byte order of the position texts:
//   {"unit": i, "position": ..., "multiplicity": m}
// "split" is the format (2: this checksum; perft refuses format 1's). The
// checksum (64 bits, over the header's fields and every unit, units.cpp)
// names the set: shard results carry it, and merge accepts only one set.
//
// A shard's results file is JSON lines too: a header (merge also reads the
// older files without one)
//   {"results": 1, "checksum": ..., "units": U, "depth": N, "shard": i, "shards": n}
// then one line per unit, written at most 0.1 s after it is counted:
//   {"checksum": ..., "units": U, "depth": N, "unit": i, "multiplicity": m, "nodes": c}
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <iosfwd>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "perft/count/count.h"
#include "perft/count/hashed.h"
#include "perft/count/perft.h"
#include "perft/count/policy.h"

namespace arb {

struct Unit {
  std::string position;
  arb::Count multiplicity = 0;
};

// The most units a set holds (a split of Ecalper at ply 2 would pass 860 MB
// and go on): the units file, split's memory and merge's table of
// units stay bounded. perft split refuses a ply whose positions may be more.
inline constexpr std::size_t kMaxUnits = std::size_t{1} << 24;
// The most moves of one root that split builds (they are distinct positions).
inline constexpr std::size_t kMaxRootMoves = std::size_t{1} << 21;

struct UnitSet {
  std::string game, position;  // the canonical spec and the root's text
  int depth = 0, at = 0;
  std::vector<Unit> units;
};

// A shard's part of a units file (read_shard_units): the set's header fields
// with the shard's units in set.units, their numbers in the set, the set's
// size and checksum. Unit i belongs to shard i mod n: the set is in byte
// order of the texts, so that interleaving deals out near positions evenly.
struct ShardUnits {
  UnitSet set;
  std::vector<std::size_t> numbers;
  std::size_t total = 0;
  std::string checksum;
};

// The set's checksum, 16 hex digits (the units' hashes on `threads`).
std::string unit_set_checksum(const UnitSet& set, int threads = 1);
// Writes the set; returns its checksum (the header's). The second gives the
// text to `sink` piece by piece, made on `threads` (the same for any number).
std::string write_unit_set(const UnitSet& set, std::ostream& out);
std::string write_unit_set(const UnitSet& set, const std::function<void(std::string_view)>& sink,
                           int threads = 1);
// Reads a units file; throws arb::Error naming the line.
UnitSet read_unit_set(const std::string& path);
// Reads shard `shard` of `shards` of a units file: every line is checked and
// summed into the checksum, only the shard's units are kept.
ShardUnits read_shard_units(const std::string& path, std::uint64_t shard, std::uint64_t shards);

// Why a split at `at` is refused: up to `estimate` positions at ply `ply`.
std::string too_many_units(int at, int ply, Count estimate, std::size_t max_units = kMaxUnits);

// The position a unit stands for: where the game has symmetries, its
// canonical image (every image has the same perft), so that a class is one
// unit; otherwise the position itself.
template <Game G>
typename G::Position unit_key(const G& g, const typename G::Position& pos) {
  if constexpr (SymmetricGame<G>)
    return g.canonical(pos);
  else
    return pos;
}

namespace detail {

// Runs f(t) for t in [0, threads) (t = 0 on the calling thread); the first
// exception of any thread is rethrown once all have ended.
template <class F>
void run_threads(int threads, F&& f) {
  if (threads <= 1) return f(0);
  std::mutex mutex;
  std::exception_ptr error;
  const auto guarded = [&](int t) {
    try {
      f(t);
    } catch (...) {
      const std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(guarded, t);
    guarded(0);
  }
  if (error) std::rethrow_exception(error);
}

// f(i) for every i in [0, n), blocks of `grain` taken in turn by the threads.
template <class F>
void parallel_for(int threads, std::size_t n, std::size_t grain, F&& f) {
  std::atomic<std::size_t> next{0};
  const std::size_t blocks = (n + grain - 1) / grain;
  run_threads(static_cast<int>(
                  std::min<std::size_t>(std::max(threads, 1), std::max<std::size_t>(blocks, 1))),
              [&](int) {
                for (std::size_t lo; (lo = next.fetch_add(grain)) < n;)
                  for (std::size_t i = lo, hi = std::min(n, lo + grain); i < hi; ++i) f(i);
              });
}

inline std::uint64_t mix64(std::uint64_t h) {  // splitmix64's finaliser
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
  return h ^ (h >> 31);
}

// One ply of a split: its positions merged by class (unit_key), in kParts
// tables chosen by the key's hash, so that threads fill different tables at
// once. The order inside a table depends on the threads; nothing else does
// (the weights are exact sums, and the units are sorted by text in the end).
template <Game G>
class SplitPly {
 public:
  using Position = typename G::Position;
  static constexpr bool kHashed = HashedGame<G>;
  // Where the game has no hash, positions are keyed by their text.
  using Key = std::conditional_t<kHashed, Position, std::string>;
  static constexpr int kPartBits = 8;
  static constexpr std::size_t kParts = std::size_t{1} << kPartBits;

  struct Child {
    Key key;
    std::uint64_t hash;
    Count weight;
    std::conditional_t<kHashed, std::monostate, Position> pos;  // the key's position
  };

  // A table: open addressing over the entries' numbers (an entry is stored once).
  struct Part {
    std::vector<Key> keys;
    std::vector<std::conditional_t<kHashed, std::monostate, Position>> positions;
    std::vector<Count> weights;
    std::vector<std::uint64_t> hashes;
    std::vector<std::uint32_t> slots;  // entry + 1; 0 is free

    std::size_t size() const { return keys.size(); }
    void add(Child&& c) {
      if (2 * (keys.size() + 1) > slots.size()) grow();
      const std::size_t mask = slots.size() - 1;
      for (std::size_t i = (c.hash >> kPartBits) & mask;; i = (i + 1) & mask) {
        const std::uint32_t s = slots[i];
        if (s == 0) {
          slots[i] = static_cast<std::uint32_t>(keys.size() + 1);
          keys.push_back(std::move(c.key));
          if constexpr (!kHashed) positions.push_back(std::move(c.pos));
          weights.push_back(c.weight);
          hashes.push_back(c.hash);
          return;
        }
        if (hashes[s - 1] == c.hash && keys[s - 1] == c.key) {
          weights[s - 1] = checked_add(weights[s - 1], c.weight);
          return;
        }
      }
    }
    void grow() {
      slots.assign(std::max<std::size_t>(16, 2 * slots.size()), 0);
      const std::size_t mask = slots.size() - 1;
      for (std::size_t k = 0; k < hashes.size(); ++k) {
        std::size_t i = (hashes[k] >> kPartBits) & mask;
        while (slots[i] != 0) i = (i + 1) & mask;
        slots[i] = static_cast<std::uint32_t>(k + 1);
      }
    }
    Position& position(std::size_t k) {
      if constexpr (kHashed)
        return keys[k];
      else
        return positions[k];
    }
    void release() { *this = Part{}; }
  };

  SplitPly() : parts_(kParts) {}

  // The children of `items`, merged; stops after the batch that takes it
  // past `cap` positions (memory stays bounded).
  void expand(const G& g, const std::vector<PerftItem<Position>>& items, std::size_t cap,
              int threads) {
    // Items are taken in batches; each thread keeps the children of its
    // share of a batch by table, then each table takes them from every thread.
    constexpr std::size_t kBatch = std::size_t{1} << 15;
    std::vector<std::vector<std::vector<Child>>> children(static_cast<std::size_t>(threads),
                                                          std::vector<std::vector<Child>>(kParts));
    for (std::size_t lo = 0; lo < items.size() && size() <= cap; lo += kBatch) {
      const std::size_t hi = std::min(items.size(), lo + kBatch);
      std::atomic<std::size_t> next{lo};
      run_threads(threads, [&](int t) {
        auto& mine = children[static_cast<std::size_t>(t)];
        for (std::size_t i; (i = next.fetch_add(64)) < hi;)
          for (std::size_t end = std::min(hi, i + 64); i < end; ++i)
            for (const auto& move : g.legal_moves(items[i].pos)) {
              Child c{};
              c.weight = items[i].weight;
              if constexpr (kHashed) {
                c.key = unit_key(g, g.play(items[i].pos, move));
                c.hash = mix64(g.hash(c.key));
              } else {
                c.pos = g.play(items[i].pos, move);
                c.key = g.format(c.pos);
                c.hash = mix64(std::hash<std::string>{}(c.key));
              }
              mine[c.hash & (kParts - 1)].push_back(std::move(c));
            }
      });
      parallel_for(threads, kParts, 1, [&](std::size_t p) {
        for (auto& by_part : children)
          for (auto& c : by_part[p]) parts_[p].add(std::move(c));
        for (auto& by_part : children) by_part[p].clear();
      });
    }
  }

  std::size_t size() const {
    std::size_t n = 0;
    for (const auto& p : parts_) n += p.size();
    return n;
  }

  // The positions as items, for the next ply (the tables are emptied).
  std::vector<PerftItem<Position>> items(int threads) {
    std::vector<std::size_t> first(kParts + 1, 0);
    for (std::size_t p = 0; p < kParts; ++p) first[p + 1] = first[p] + parts_[p].size();
    std::vector<PerftItem<Position>> out(first[kParts]);
    parallel_for(threads, kParts, 1, [&](std::size_t p) {
      for (std::size_t k = 0; k < parts_[p].size(); ++k)
        out[first[p] + k] = {0, std::move(parts_[p].position(k)), parts_[p].weights[k]};
      parts_[p].release();
    });
    return out;
  }

  // The units, sorted by text (the tables are emptied).
  std::vector<Unit> units(const G& g, int threads) {
    // Formatted by table, then dealt into ranges of text (splitters from a
    // sample) and every range sorted on its own.
    std::vector<std::vector<Unit>> formatted(kParts);
    parallel_for(threads, kParts, 1, [&](std::size_t p) {
      auto& part = parts_[p];
      formatted[p].reserve(part.size());
      for (std::size_t k = 0; k < part.size(); ++k) {
        std::string text;
        if constexpr (kHashed)
          text = g.format(part.keys[k]);
        else
          text = std::move(part.keys[k]);
        formatted[p].push_back({std::move(text), part.weights[k]});
      }
      part.release();
    });
    std::vector<std::string> sample;
    for (const auto& f : formatted)
      for (std::size_t k = 0; k < f.size(); k += 64) sample.push_back(f[k].position);
    std::sort(sample.begin(), sample.end());
    std::vector<std::string> splitters;  // range r holds texts in [splitters[r-1], splitters[r])
    constexpr std::size_t kRanges = 1024;
    for (std::size_t r = 1; r < kRanges && !sample.empty(); ++r)
      splitters.push_back(sample[r * sample.size() / kRanges]);
    const std::size_t ranges = splitters.size() + 1;
    std::vector<std::vector<std::uint16_t>> range_of(kParts);
    std::vector<std::vector<std::size_t>> counts(kParts, std::vector<std::size_t>(ranges, 0));
    parallel_for(threads, kParts, 1, [&](std::size_t p) {
      range_of[p].reserve(formatted[p].size());
      for (const auto& u : formatted[p]) {
        const std::size_t r = static_cast<std::size_t>(
            std::upper_bound(splitters.begin(), splitters.end(), u.position) - splitters.begin());
        range_of[p].push_back(static_cast<std::uint16_t>(r));
        ++counts[p][r];
      }
    });
    std::vector<std::size_t> range_first(ranges + 1, 0);
    std::vector<std::vector<std::size_t>> at(kParts, std::vector<std::size_t>(ranges));
    for (std::size_t r = 0, n = 0; r < ranges; ++r) {
      range_first[r] = n;
      for (std::size_t p = 0; p < kParts; ++p) at[p][r] = n, n += counts[p][r];
      range_first[r + 1] = n;
    }
    std::vector<Unit> out(range_first[ranges]);
    parallel_for(threads, kParts, 1, [&](std::size_t p) {
      for (std::size_t k = 0; k < formatted[p].size(); ++k)
        out[at[p][range_of[p][k]]++] = std::move(formatted[p][k]);
      std::vector<Unit>().swap(formatted[p]);
      std::vector<std::uint16_t>().swap(range_of[p]);
    });
    parallel_for(threads, ranges, 1, [&](std::size_t r) {
      std::sort(out.begin() + static_cast<std::ptrdiff_t>(range_first[r]),
                out.begin() + static_cast<std::ptrdiff_t>(range_first[r + 1]),
                [](const Unit& a, const Unit& b) {
                  return a.position != b.position ? a.position < b.position
                                                  : a.multiplicity < b.multiplicity;
                });
    });
    return out;
  }

 private:
  std::vector<Part> parts_;
};

}  // namespace detail

// The distinct positions `at` plies below `root` (one per symmetry class
// where the implementation has canonical()), with their multiplicities, in
// byte order of their texts. Before each ply the moves of the positions above
// it are counted (no position built): more than `max_units` possible
// positions is an error that gives the estimate; below the root, where equal
// positions merge, 16 times that (128 where images merge too), and the
// expansion stops soon after max_units positions (memory bounded). `threads`
// share each ply's expansion, the merging of classes and the formatting and
// sorting of the units; the set is the same for any number of them.
template <Game G>
UnitSet split_units(const G& g, const typename G::Position& root, int depth, int at,
                    std::size_t max_units = kMaxUnits, int threads = 1) {
  threads = std::max(threads, 1);
  std::vector<detail::PerftItem<typename G::Position>> items{{0, unit_key(g, root), 1}};
  UnitSet set;
  set.game = g.spec().canonical();
  set.position = g.format(root);
  set.depth = depth;
  set.at = at;
  if (at == 0) {
    set.units.push_back({g.format(items[0].pos), 1});
    return set;
  }
  for (int ply = 0; ply < at; ++ply) {
    std::vector<Count> sums(static_cast<std::size_t>(threads), 0);
    std::atomic<std::size_t> next{0};
    detail::run_threads(threads, [&](int t) {
      Count& sum = sums[static_cast<std::size_t>(t)];
      for (std::size_t i; (i = next.fetch_add(1024)) < items.size();)
        for (std::size_t end = std::min(items.size(), i + 1024); i < end; ++i)
          sum = checked_add(sum, g.count_moves(items[i].pos));
    });
    Count estimate = 0;
    for (const Count s : sums) estimate = checked_add(estimate, s);
    // One root's moves are built before any merges: at most kMaxRootMoves
    // (Ecalper for three players would build 5949147 of them, 1.5 GB, before
    // refusing).
    const std::size_t root_moves = std::min(max_units, kMaxRootMoves);
    const Count limit =
        items.size() == 1 ? Count{root_moves} : Count{max_units} * (SymmetricGame<G> ? 128 : 16);
    if (estimate > limit)
      throw Error(
          too_many_units(at, ply + 1, estimate, items.size() == 1 ? root_moves : max_units));
    detail::SplitPly<G> next_ply;
    next_ply.expand(g, items, max_units, threads);  // merges equal ones
    std::vector<detail::PerftItem<typename G::Position>>().swap(items);
    if (next_ply.size() > max_units) throw Error(too_many_units(at, ply + 1, estimate, max_units));
    if (ply + 1 == at)
      set.units = next_ply.units(g, threads);
    else
      items = next_ply.items(threads);
  }
  return set;
}

// The split ply `perft split --at auto` takes: units that leave the game's
// probe depth (perft/count/policy.h) to be walked, where the count of the
// whole tree would probe its table no more; so a shard needs no table and
// repeats no work of another (transpositions above the units are merged by
// the split). Fewer plies where that ply holds too many units.
template <Game G>
UnitSet split_units_auto(const G& g, const typename G::Position& root, int depth,
                         std::size_t max_units = kMaxUnits, int threads = 1) {
  for (int at = std::max(0, depth - default_probe_depth<G>());; --at) {
    try {
      return split_units(g, root, depth, at, max_units, threads);
    } catch (const Error&) {
      if (at <= 1) throw;
    }
  }
}

// A shard's units counted: every unit not in `done` is counted, and
// unit_done(k, perft(depth - at) below it) called as soon as it is (k: its
// place in units.numbers; one call at a time).
using UnitDoneFn = std::function<void(std::size_t, Count)>;
template <Game G>
void count_shard(const G& g, const ShardUnits& units, const std::set<std::size_t>& done,
                 const CountOptions& hash_args, const UnitDoneFn& unit_done,
                 const ProgressFn& progress = {}) {
  std::vector<std::size_t> mine;
  std::vector<typename G::Position> roots;
  for (std::size_t k = 0; k < units.numbers.size(); ++k) {
    if (done.contains(units.numbers[k])) continue;
    mine.push_back(k);
    try {
      roots.push_back(g.parse(units.set.units[k].position));
    } catch (const Error& e) {
      throw Error("unit " + std::to_string(units.numbers[k]) + ": " + e.what());
    }
  }
  const int left = units.set.depth - units.set.at;
  count_roots(g, roots, left, hash_args, progress,
              [&](std::size_t k, Count nodes) { unit_done(mine[k], nodes); });
}

// The lines of a shard's results file (without the newline).
std::string shard_header_line(const ShardUnits& units, std::uint64_t shard, std::uint64_t shards);
// The line of the shard's unit k (units.numbers[k]).
std::string shard_result_line(const ShardUnits& units, std::size_t k, Count nodes);

// A partial results file of this shard (perft units resuming): the units it
// has. A last line cut short (the run was killed while writing it) is cut off
// the file. Throws when the file holds results of another set or shard.
// `header`: whether it has its header line.
std::set<std::size_t> resume_shard(const std::string& path, const std::string& checksum,
                                   std::uint64_t shard, std::uint64_t shards, bool& header);

// Result files added up: perft(N) when every unit is there exactly once.
struct MergeResult {
  std::string checksum;
  std::uint64_t units = 0, depth = 0;
  Count total = 0;
  std::uint64_t missing = 0, duplicated = 0;
  std::optional<std::uint64_t> first_missing, first_duplicate;
};
MergeResult merge_results(const std::vector<std::string>& files);

}  // namespace arb
