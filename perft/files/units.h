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
// then one line per unit, written and flushed as soon as it is counted:
//   {"checksum": ..., "units": U, "depth": N, "unit": i, "multiplicity": m, "nodes": c}
#pragma once

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

namespace arb {

struct Unit {
  std::string position;
  arb::Count multiplicity = 0;
};

// The most units a set holds (a split of Ecalper at ply 2 would pass 860 MB
// and go on): the units file, split's memory and merge's table of
// units stay bounded. perft split refuses a ply whose positions may be more.
inline constexpr std::size_t kMaxUnits = std::size_t{1} << 21;

struct UnitSet {
  std::string game, position;  // the canonical spec and the root's text
  int depth = 0, at = 0;
  std::vector<Unit> units;
};

// The set's checksum, 16 hex digits.
std::string unit_set_checksum(const UnitSet& set);
void write_unit_set(const UnitSet& set, std::ostream& out);
// Reads a units file; throws arb::Error naming the line.
UnitSet read_unit_set(const std::string& path);

// Why a split at `at` is refused: up to `estimate` positions at ply `ply`.
std::string too_many_units(int at, int ply, Count estimate, std::size_t max_units = kMaxUnits);

// One ply below `items`, equal positions (by text) merged with their weights
// added; stops once it holds more than `cap` positions (memory stays bounded).
template <Game G>
std::vector<detail::PerftItem<typename G::Position>> expand_capped(
    const G& g, const std::vector<detail::PerftItem<typename G::Position>>& items,
    std::size_t cap) {
  std::vector<detail::PerftItem<typename G::Position>> out;
  std::unordered_map<std::string, std::size_t> index;
  for (const auto& item : items)
    for (const auto& move : g.legal_moves(item.pos)) {
      auto child = g.play(item.pos, move);
      const auto [it, fresh] = index.try_emplace(g.format(child), out.size());
      if (fresh)
        out.push_back({item.root, std::move(child), item.weight});
      else
        out[it->second].weight = checked_add(out[it->second].weight, item.weight);
      if (out.size() > cap) return out;
    }
  return out;
}

// The distinct positions `at` plies below `root`, with their multiplicities,
// by text: the same units in the same order from either implementation.
// Before each ply the moves of the positions above it are counted (no
// position built): more than `max_units` possible positions is an error that
// gives the estimate; below the root, where equal positions merge, 16 times
// that, and the expansion stops at max_units + 1 positions (memory bounded).
template <Game G>
UnitSet split_units(const G& g, const typename G::Position& root, int depth, int at,
                    std::size_t max_units = kMaxUnits) {
  std::vector<detail::PerftItem<typename G::Position>> items{{0, root, 1}};
  for (int ply = 0; ply < at; ++ply) {
    Count estimate = 0;
    for (const auto& item : items) estimate = checked_add(estimate, g.count_moves(item.pos));
    // One root's moves lead to as many positions: no room (Ecalper for three
    // players would build 5949147 of them, 1.5 GB, before refusing).
    const Count room = items.size() == 1 ? 1 : 16;
    if (estimate > Count{max_units} * room) throw Error(too_many_units(at, ply + 1, estimate));
    items = expand_capped(g, items, max_units);  // merges equal ones
    if (items.size() > max_units) throw Error(too_many_units(at, ply + 1, estimate, max_units));
  }
  std::map<std::string, Count> by_text;
  for (const auto& item : items) {
    auto& m = by_text[g.format(item.pos)];
    m = checked_add(m, item.weight);
  }
  UnitSet set;
  set.game = g.spec().canonical();
  set.position = g.format(root);
  set.depth = depth;
  set.at = at;
  for (auto& [text, m] : by_text) set.units.push_back({text, m});
  return set;
}

// Shard `shard` of `shards` counted: unit i belongs to shard i mod n. Every
// unit not in `done` is counted, and unit_done(unit, perft(depth - at) below
// it) called as soon as it is (one call at a time).
using UnitDoneFn = std::function<void(std::size_t, Count)>;
template <Game G>
void count_shard(const G& g, const UnitSet& set, std::uint64_t shard, std::uint64_t shards,
                 const std::set<std::size_t>& done, const CountOptions& hash_args,
                 const UnitDoneFn& unit_done, const ProgressFn& progress = {}) {
  std::vector<std::size_t> mine;
  std::vector<typename G::Position> roots;
  for (std::size_t i = shard; i < set.units.size(); i += shards) {
    if (done.contains(i)) continue;
    mine.push_back(i);
    try {
      roots.push_back(g.parse(set.units[i].position));
    } catch (const Error& e) {
      throw Error("unit " + std::to_string(i) + ": " + e.what());
    }
  }
  const int left = set.depth - set.at;
  count_roots(g, roots, left, hash_args, progress,
              [&](std::size_t k, Count nodes) { unit_done(mine[k], nodes); });
}

// The lines of a shard's results file (without the newline).
std::string shard_header_line(const UnitSet& set, const std::string& checksum, std::uint64_t shard,
                              std::uint64_t shards);
std::string shard_result_line(const UnitSet& set, const std::string& checksum, std::size_t unit,
                              Count nodes);

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
