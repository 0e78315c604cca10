// Engine against reference through text only (RULES.md I3). The walk checks,
// at every node above the leaves, what compare_node (perft/check/node_compare.h,
// shared with `perft diff`) checks with MovesAndTexts: the outcomes, that
// count_moves agrees with legal_moves, the two sets of move texts, the child
// position text behind every move and the children's invariants; and the two
// texts of the root. Depth-first, so that any depth fits in memory: it stops
// at the first node (in byte order of the move path) where anything differs.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/game.h"
#include "perft/check/difference.h"
#include "perft/check/node_compare.h"
#include "perft/count/perft.h"

namespace arb {

struct CompareResult {
  std::uint64_t nodes_compared = 0;  // nodes whose moves and children were compared
  std::uint64_t leaves = 0;          // perft(depth), when no disagreement was found
  std::optional<Difference> first;   // engine (A) against reference (B)
};

namespace detail {

template <Game E, Game R>
struct Walker {
  const E& engine;
  const R& reference;
  CompareResult result;
  std::vector<std::string> path;

  bool visit(const typename E::Position& ep, const typename R::Position& rp, int depth) {
    Difference d = Difference::engine_against_reference();
    d.a_position = engine.format(ep);
    d.b_position = reference.format(rp);
    if (d.a_position != d.b_position) d.problems.push_back("the position texts differ");
    if (depth == 0) {
      ++result.leaves;
      return d.problems.empty() || report(std::move(d), rp);
    }
    ++result.nodes_compared;
    const auto kids = compare_node(engine, reference, ep, rp, NodeCheck::MovesAndTexts, d);
    if (has_difference(d)) return report(std::move(d), rp);
    if (depth == 1) {
      result.leaves += kids.a.size();
      return true;
    }
    for (const auto& [text, child] : kids.a) {
      path.push_back(text);
      if (!visit(child, kids.b.at(text), depth - 1)) return false;
      path.pop_back();
    }
    return true;
  }

  bool report(Difference d, const typename R::Position& rp) {
    d.path = path;
    d.diagram = reference.diagram(rp);
    result.first = std::move(d);
    return false;
  }
};

}  // namespace detail

// Walks both trees to `depth` and returns the first disagreement, if any.
template <Game E, Game R>
CompareResult compare(const E& engine, const R& reference, const typename E::Position& ep,
                      const typename R::Position& rp, int depth) {
  detail::Walker<E, R> walker{engine, reference, {}, {}};
  walker.visit(ep, rp, depth);
  if (walker.result.first) walker.result.leaves = 0;
  return walker.result;
}

}  // namespace arb
