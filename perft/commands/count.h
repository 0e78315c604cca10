// perft <spec> --depth N ... (RULES.md I1, I2): the game-generic part.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/game.h"
#include "perft/command.h"
#include "perft/commands/hash_args.h"
#include "perft/perft.h"

namespace arb::cli {

// What a count found, written as text or JSON by write_count (count.cpp).
struct CountReport {
  std::string game, impl, position;
  int depth = 0;
  arb::Count nodes = 0;
  double seconds = 0;
  bool by_arithmetic = false;  // the game's count_subtree made the count: no rate
  bool divide = false;
  std::vector<DivideEntry> entries;
  std::optional<ResultCounts> results;
};
void write_count(const CountReport& report, bool json, std::ostream& out);

struct Count {
  struct Args {
    int depth = 0;
    RootArgs root;
    std::string impl = "engine";
    bool divide = false, json = false, results = false;
    HashArgs hash;
  };

  template <Game E, Game R>
  static int run(const E& engine, const R& reference, const Args& a, Io& io) {
    return a.impl == "engine" ? count(engine, a, io) : count(reference, a, io);
  }

  template <Game G>
  static int count(const G& g, const Args& a, Io& io) {
    const auto root = play_moves(g, position_from(g, a.root.position), split_moves(a.root.moves));
    CountReport r;
    r.game = g.spec().canonical();
    r.impl = a.impl;
    r.position = g.format(root);
    r.depth = a.depth;
    r.divide = a.divide;
    // count_subtree answers perft(2) and deeper (perft.h), below each move with --divide.
    r.by_arithmetic = HasCountSubtree<G> && a.depth >= (a.divide ? 3 : 2);
    note_threads(a.hash, io);
    const HashOptions hash = resolve_hash(g, a.hash, a.depth);
    const auto progress = progress_line(io, a.json, a.depth);
    r.seconds = seconds_of([&] {
      if (a.divide) {
        r.entries = run_divide(g, root, a.depth, hash, progress);
        for (const auto& e : r.entries) r.nodes = checked_add(r.nodes, e.nodes);
        if (a.depth == 0) r.nodes = 1;  // P3: perft(0) = 1, with no move to divide by
      } else {
        // The root's moves are listed, unless the game counts without a walk.
        if (a.depth >= 2 && !HasCountSubtree<G>) check_moves_fit(g, root);
        r.nodes = run_perft(g, root, a.depth, hash, progress);
      }
    });
    end_progress_line(io, a.json);
    if (a.results) {
      r.results.emplace();
      count_results(g, root, a.depth, *r.results);
    }
    write_count(r, a.json, io.out);
    return 0;
  }
};

}  // namespace arb::cli
