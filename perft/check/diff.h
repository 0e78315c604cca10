// Two rulesets of one game (or any two implementations) walked together,
// breadth-first, from one root: the shortest line to the first position where
// their legal move sets or outcomes differ, and per depth how many positions
// differ (`perft diff`). Both sides are walked along the moves they
// share; a move only one side has is a difference, not a line to follow. What
// differs at a node is compare_node's (perft/check/node_compare.h), the check of
// `perft compare` without the texts: breadth-first here for the shortest line,
// depth-first there for any depth.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "perft/check/difference.h"
#include "perft/check/node_compare.h"
#include "perft/count/perft.h"

namespace arb {

struct DiffDepth {
  int depth = 0;
  Count perft_a = 0, perft_b = 0;  // perft(depth) under each side
  std::uint64_t positions = 0;     // distinct positions reached by a shared line
  std::uint64_t differing = 0;     // of them, those whose moves or outcome differ
};

struct DiffResult {
  std::vector<DiffDepth> depths;    // 0 .. depth
  std::optional<Difference> first;  // the shortest line, then the first in byte order
};

// Distinct positions of one depth that the walk holds at most.
inline constexpr std::uint64_t kDiffPositionLimit = 4'000'000;

template <Game A, Game B>
DiffResult diff(const A& a, const B& b, const typename A::Position& root_a,
                const typename B::Position& root_b, int depth, const std::string& a_name,
                const std::string& b_name) {
  struct Node {
    typename A::Position pa;
    typename B::Position pb;
    std::vector<std::string> path;
  };
  DiffResult result;
  // Keyed by the two texts: a position reached by two lines is walked once,
  // under its least path in byte order.
  std::map<std::pair<std::string, std::string>, Node> level;
  level.emplace(std::make_pair(a.format(root_a), b.format(root_b)), Node{root_a, root_b, {}});
  for (int d = 0; d <= depth; ++d) {
    DiffDepth row;
    row.depth = d;
    row.perft_a = perft(a, root_a, d);
    row.perft_b = perft(b, root_b, d);
    row.positions = level.size();
    std::map<std::pair<std::string, std::string>, Node> next;
    for (const auto& [texts, node] : level) {
      Difference f = Difference::sides(a_name, b_name, "moves only under " + a_name,
                                       "moves only under " + b_name);
      // The moves matter up to depth - 1 (perft(depth)); the outcome everywhere.
      NodeChildren<A, B> kids;
      if (d < depth)
        kids = compare_node(a, b, node.pa, node.pb, NodeCheck::Moves, f);
      else
        compare_outcomes(a, b, node.pa, node.pb, f);
      if (has_difference(f)) {
        ++row.differing;
        // Levels come in order, so the first level found has the shortest lines.
        if (!result.first ||
            (result.first->path.size() == node.path.size() && node.path < result.first->path)) {
          f.path = node.path;
          f.a_position = a.format(node.pa);
          f.b_position = b.format(node.pb);
          f.diagram = a.diagram(node.pa);
          f.b_diagram = b.diagram(node.pb);
          result.first = std::move(f);
        }
      }
      for (auto& [move, child_a] : kids.a) {
        const auto shared = kids.b.find(move);
        if (shared == kids.b.end()) continue;
        Node child{std::move(child_a), std::move(shared->second), node.path};
        child.path.push_back(move);
        auto key = std::make_pair(a.format(child.pa), b.format(child.pb));
        const auto it = next.find(key);
        if (it == next.end())
          next.emplace(std::move(key), std::move(child));
        else if (child.path < it->second.path)
          it->second = std::move(child);
      }
      if (next.size() > kDiffPositionLimit)
        throw Error("perft diff: more than " + std::to_string(kDiffPositionLimit) +
                    " positions at depth " + std::to_string(d + 1) + "; ask for less --depth");
    }
    result.depths.push_back(row);
    level = std::move(next);
  }
  return result;
}

}  // namespace arb
