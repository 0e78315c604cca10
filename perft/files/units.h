// Work units for a cluster (`perft split`, `perft units`, `perft
// merge`): the library part. `split` writes the distinct positions K plies below the
// root with their multiplicities (how many move sequences reach each); a
// shard of `units` counts perft(N - K) below its units. perft(N) is the sum
// of multiplicity x count over the units (`perft merge`).
//
// A units file is JSON lines: a header
//   {"split": 1, "game": ..., "position": ..., "depth": N, "at": K, "units": U, "checksum": ...}
// then one line per unit, in byte order of the position texts:
//   {"unit": i, "position": ..., "multiplicity": m}
// The checksum (FNV-1a, 64 bits, over the header's fields and every unit)
// names the set: shard results carry it, and merge accepts only one set.
//
// A shard's results file is JSON lines too: a header (merge also reads the
// older files without one)
//   {"results": 1, "checksum": ..., "units": U, "depth": N, "shard": i, "shards": n}
// then one line per unit, written at most 0.1 s after it is counted:
//   {"checksum": ..., "units": U, "depth": N, "unit": i, "multiplicity": m, "nodes": c}
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
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

// The set's checksum, 16 hex digits.
std::string unit_set_checksum(const UnitSet& set);
// Writes the set; returns its checksum (the header's).
std::string write_unit_set(const UnitSet& set, std::ostream& out);
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

// One ply below `items`, equal positions (by unit_key: by symmetry class
// where the game has one) merged with their weights added; stops once it
// holds more than `cap` positions (memory stays bounded).
template <Game G>
std::vector<detail::PerftItem<typename G::Position>> expand_capped(
    const G& g, const std::vector<detail::PerftItem<typename G::Position>>& items,
    std::size_t cap) {
  using Position = typename G::Position;
  std::vector<detail::PerftItem<Position>> out;
  const auto add = [&](auto& index, auto key, Position child, Count weight) {
    const auto [it, fresh] = index.try_emplace(std::move(key), out.size());
    if (fresh)
      out.push_back({0, std::move(child), weight});
    else
      out[it->second].weight = checked_add(out[it->second].weight, weight);
  };
  if constexpr (HashedGame<G>) {
    const auto hash = [&g](const Position& p) { return static_cast<std::size_t>(g.hash(p)); };
    std::unordered_map<Position, std::size_t, decltype(hash)> index(items.size() * 4, hash);
    for (const auto& item : items)
      for (const auto& move : g.legal_moves(item.pos)) {
        auto child = unit_key(g, g.play(item.pos, move));
        add(index, child, child, item.weight);
        if (out.size() > cap) return out;
      }
  } else {
    std::unordered_map<std::string, std::size_t> index;
    for (const auto& item : items)
      for (const auto& move : g.legal_moves(item.pos)) {
        auto child = g.play(item.pos, move);
        std::string text = g.format(child);  // before child is moved
        add(index, std::move(text), std::move(child), item.weight);
        if (out.size() > cap) return out;
      }
  }
  return out;
}

// The distinct positions `at` plies below `root` (one per symmetry class
// where the implementation has canonical()), with their multiplicities, in
// byte order of their texts. Before each ply the moves of the positions above
// it are counted (no position built): more than `max_units` possible
// positions is an error that gives the estimate; below the root, where equal
// positions merge, 16 times that (128 where images merge too), and the
// expansion stops at max_units + 1 positions (memory bounded).
template <Game G>
UnitSet split_units(const G& g, const typename G::Position& root, int depth, int at,
                    std::size_t max_units = kMaxUnits) {
  std::vector<detail::PerftItem<typename G::Position>> items{{0, unit_key(g, root), 1}};
  for (int ply = 0; ply < at; ++ply) {
    Count estimate = 0;
    for (const auto& item : items) estimate = checked_add(estimate, g.count_moves(item.pos));
    // One root's moves are built before any merges: at most kMaxRootMoves
    // (Ecalper for three players would build 5949147 of them, 1.5 GB, before
    // refusing).
    const std::size_t root_moves = std::min(max_units, kMaxRootMoves);
    const Count limit =
        items.size() == 1 ? Count{root_moves} : Count{max_units} * (SymmetricGame<G> ? 128 : 16);
    if (estimate > limit)
      throw Error(
          too_many_units(at, ply + 1, estimate, items.size() == 1 ? root_moves : max_units));
    items = expand_capped(g, items, max_units);  // merges equal ones
    if (items.size() > max_units) throw Error(too_many_units(at, ply + 1, estimate, max_units));
  }
  std::vector<std::pair<std::string, Count>> by_text;
  by_text.reserve(items.size());
  for (const auto& item : items) by_text.emplace_back(g.format(item.pos), item.weight);
  std::sort(by_text.begin(), by_text.end());
  UnitSet set;
  set.game = g.spec().canonical();
  set.position = g.format(root);
  set.depth = depth;
  set.at = at;
  set.units.reserve(by_text.size());
  for (auto& [text, m] : by_text) set.units.push_back({std::move(text), m});
  return set;
}

// The split ply `perft split --at auto` takes: units that leave the game's
// probe depth (perft/count/policy.h) to be walked, where the count of the
// whole tree would probe its table no more; so a shard needs no table and
// repeats no work of another (transpositions above the units are merged by
// the split). Fewer plies where that ply holds too many units.
template <Game G>
UnitSet split_units_auto(const G& g, const typename G::Position& root, int depth,
                         std::size_t max_units = kMaxUnits) {
  for (int at = std::max(0, depth - default_probe_depth<G>());; --at) {
    try {
      return split_units(g, root, depth, at, max_units);
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
