// Work units for a cluster (issue 12; `perft split`, `perft units`, `perft
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
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "perft/counting.h"
#include "perft/hashed.h"
#include "perft/perft.h"

namespace arb {

struct Unit {
  std::string position;
  arb::Count multiplicity = 0;
};

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

// The distinct positions `at` plies below `root`, with their multiplicities,
// by text: the same units in the same order from either implementation.
template <Game G>
UnitSet split_units(const G& g, const typename G::Position& root, int depth, int at) {
  std::vector<detail::PerftItem<typename G::Position>> items{{0, root, 1}};
  for (int ply = 0; ply < at; ++ply) items = detail::expand(g, items);  // merges equal ones
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

// Shard `shard` of `shards` counted: unit i belongs to shard i mod n. Pairs of
// (unit, perft(depth - at) below it).
template <Game G>
std::vector<std::pair<std::size_t, Count>> count_shard(const G& g, const UnitSet& set,
                                                       std::uint64_t shard, std::uint64_t shards,
                                                       const HashArgs& hash_args,
                                                       const ProgressFn& progress = {}) {
  std::vector<std::size_t> mine;
  std::vector<typename G::Position> roots;
  for (std::size_t i = shard; i < set.units.size(); i += shards) {
    mine.push_back(i);
    try {
      roots.push_back(g.parse(set.units[i].position));
    } catch (const Error& e) {
      throw Error("unit " + std::to_string(i) + ": " + e.what());
    }
  }
  const int left = set.depth - set.at;
  const std::vector<Count> counts =
      perft_many(g, roots, left, resolve_hash(g, hash_args, left), progress);
  std::vector<std::pair<std::size_t, Count>> results;
  for (std::size_t k = 0; k < mine.size(); ++k) results.push_back({mine[k], counts[k]});
  return results;
}

// A shard's results as JSON lines.
void write_shard_results(const UnitSet& set, const std::string& checksum,
                         const std::vector<std::pair<std::size_t, Count>>& results,
                         std::ostream& out);

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
