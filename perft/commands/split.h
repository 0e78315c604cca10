// perft split / perft units (issue 12): work units for a cluster, the
// game-generic parts. `split` writes the distinct positions K plies below the
// root with their multiplicities (how many move sequences reach each); a
// shard of `units` counts perft(N - K) below its units. perft(N) is the sum
// of multiplicity x count over the units (`perft merge`, split.cpp).
//
// A units file is JSON lines: a header
//   {"split": 1, "game": ..., "position": ..., "depth": N, "at": K, "units": U, "checksum": ...}
// then one line per unit, in byte order of the position texts:
//   {"unit": i, "position": ..., "multiplicity": m}
// The checksum (FNV-1a, 64 bits, over the header's fields and every unit)
// names the set: shard results carry it, and merge accepts only one set.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "perft/command.h"
#include "perft/commands/hash_args.h"
#include "perft/hashed.h"
#include "perft/perft.h"

namespace arb::cli {

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

struct Split {
  struct Args {
    RootArgs root;
    std::string impl = "engine";
    int depth = 0, at = 0;
    std::string out;
  };

  template <Game E, Game R>
  static int run(const E& engine, const R& reference, const Args& a, Io& io) {
    return a.impl == "engine" ? split(engine, a, io) : split(reference, a, io);
  }

  template <Game G>
  static int split(const G& g, const Args& a, Io& io);
};

void write_units_file(const UnitSet& set, const std::string& path, Io& io);

template <Game G>
int Split::split(const G& g, const Args& a, Io& io) {
  const auto root = play_moves(g, position_from(g, a.root.position), split_moves(a.root.moves));
  std::vector<arb::detail::PerftItem<typename G::Position>> items{{0, root, 1}};
  for (int ply = 0; ply < a.at; ++ply) items = arb::detail::expand(g, items);  // merges equal ones
  // By text: the same units in the same order from either implementation.
  std::map<std::string, arb::Count> by_text;
  for (const auto& item : items) {
    auto& m = by_text[g.format(item.pos)];
    m = checked_add(m, item.weight);
  }
  UnitSet set;
  set.game = g.spec().canonical();
  set.position = g.format(root);
  set.depth = a.depth;
  set.at = a.at;
  for (auto& [text, m] : by_text) set.units.push_back({text, m});
  write_units_file(set, a.out, io);
  return 0;
}

struct UnitsShard {
  struct Args {
    const UnitSet* set = nullptr;
    std::string checksum;
    std::string impl = "engine";
    std::uint64_t shard = 0, shards = 1;
    HashArgs hash;
    std::string out;
  };

  template <Game E, Game R>
  static int run(const E& engine, const R& reference, const Args& a, Io& io) {
    return a.impl == "engine" ? shard(engine, a, io) : shard(reference, a, io);
  }

  // Unit i belongs to shard i mod n.
  template <Game G>
  static int shard(const G& g, const Args& a, Io& io) {
    const UnitSet& set = *a.set;
    std::vector<std::size_t> mine;
    std::vector<typename G::Position> roots;
    for (std::size_t i = a.shard; i < set.units.size(); i += a.shards) {
      mine.push_back(i);
      try {
        roots.push_back(g.parse(set.units[i].position));
      } catch (const Error& e) {
        throw Error("unit " + std::to_string(i) + ": " + e.what());
      }
    }
    const int left = set.depth - set.at;
    note_threads(a.hash, io);
    const HashOptions hash = resolve_hash(g, a.hash, left);
    const std::vector<arb::Count> counts =
        perft_many(g, roots, left, hash, progress_line(io, false, set.depth));
    end_progress_line(io, false);
    std::vector<std::pair<std::size_t, arb::Count>> results;
    for (std::size_t k = 0; k < mine.size(); ++k) results.push_back({mine[k], counts[k]});
    write_shard_results(set, a.checksum, results, a.out, io);
    return 0;
  }

  static void write_shard_results(const UnitSet& set, const std::string& checksum,
                                  const std::vector<std::pair<std::size_t, arb::Count>>& results,
                                  const std::string& path, Io& io);
};

}  // namespace arb::cli
