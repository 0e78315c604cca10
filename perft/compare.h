// Engine against reference through text only (RULES.md I3). The walk checks,
// at every node above the leaves: the two position texts, the outcomes, that
// count_moves agrees with legal_moves, the two sets of move texts, and the
// child position text behind every move. It stops at the first node (in
// byte order of the move path) where anything differs.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/game.h"
#include "perft/difference.h"
#include "perft/perft.h"

namespace arb {

struct CompareResult {
  std::uint64_t nodes_compared = 0;  // nodes whose moves and children were compared
  std::uint64_t leaves = 0;          // perft(depth), when no disagreement was found
  std::optional<Difference> first;   // engine (A) against reference (B)
};

namespace detail {

template <Game G>
std::map<std::string, typename G::Position> children_by_text(const G& g,
                                                             const typename G::Position& pos) {
  check_moves_fit(g, pos);
  std::map<std::string, typename G::Position> out;
  for (const auto& move : g.legal_moves(pos)) {
    auto [it, fresh] = out.emplace(g.move_text(pos, move), g.play(pos, move));
    if (!fresh)
      throw Error(std::string(G::kName) + ": two legal moves share the text '" + it->first + "'");
  }
  return out;
}

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
    const std::string players(reference.players());
    const Outcome eo = engine.outcome(ep), ro = reference.outcome(rp);
    if (eo != ro)
      d.problems.push_back("outcome: engine says " + to_string(eo, players) + ", reference says " +
                           to_string(ro, players));
    const auto echildren = children_by_text(engine, ep);
    const auto rchildren = children_by_text(reference, rp);
    if (engine.count_moves(ep) != echildren.size())
      d.problems.push_back("engine count_moves = " + std::to_string(engine.count_moves(ep)) +
                           " but it generates " + std::to_string(echildren.size()) + " moves");
    if (reference.count_moves(rp) != rchildren.size())
      d.problems.push_back("reference count_moves = " + std::to_string(reference.count_moves(rp)) +
                           " but it generates " + std::to_string(rchildren.size()) + " moves");
    for (const auto& [text, child] : echildren) {
      const auto other = rchildren.find(text);
      if (other == rchildren.end()) {
        d.only_a.push_back(text);
        continue;
      }
      const std::string et = engine.format(child), rt = reference.format(other->second);
      if (et != rt) d.differing_children.push_back({text, et, rt});
    }
    for (const auto& [text, child] : rchildren)
      if (!echildren.contains(text)) d.only_b.push_back(text);
    // The optional ok() invariants (common/game.h) of every child.
    for (const auto& [text, child] : echildren)
      if (!position_ok(engine, child)) d.problems.push_back("engine: ok() fails after " + text);
    for (const auto& [text, child] : rchildren)
      if (!position_ok(reference, child))
        d.problems.push_back("reference: ok() fails after " + text);
    if (!d.problems.empty() || !d.only_a.empty() || !d.only_b.empty() ||
        !d.differing_children.empty())
      return report(std::move(d), rp);
    if (depth == 1) {
      result.leaves += echildren.size();
      return true;
    }
    for (const auto& [text, child] : echildren) {
      path.push_back(text);
      if (!visit(child, rchildren.at(text), depth - 1)) return false;
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
