// The one comparison of two sides at one node, shared by the two walks that
// use it: `perft compare` (engine against reference of one spec, depth-first
// over the whole tree) and `perft diff` (two rulesets, breadth-first for the
// shortest line). Each walk decides where to go next; what counts as a
// difference at a node is said here once.
#pragma once

#include <map>
#include <string>

#include "common/error.h"
#include "common/game.h"
#include "perft/check/difference.h"
#include "perft/count/perft.h"

namespace arb {

template <Game G>
using ChildrenByText = std::map<std::string, typename G::Position>;

// Every legal move's text and the position it leads to, in byte order of the
// texts; two moves with one text are a bug of the side (RULES.md: a move's
// text names it).
template <Game G>
ChildrenByText<G> children_by_text(const G& g, const typename G::Position& pos) {
  check_moves_fit(g, pos);
  ChildrenByText<G> out;
  for (const auto& move : g.legal_moves(pos)) {
    auto [it, fresh] = out.emplace(g.move_text(pos, move), g.play(pos, move));
    if (!fresh)
      throw Error(std::string(G::kName) + ": two legal moves share the text '" + it->first + "'");
  }
  return out;
}

inline bool has_difference(const Difference& d) {
  return !d.problems.empty() || !d.only_a.empty() || !d.only_b.empty() ||
         !d.differing_children.empty();
}

// The outcomes of the two sides; a disagreement is one problem line.
template <Game A, Game B>
void compare_outcomes(const A& a, const B& b, const typename A::Position& pa,
                      const typename B::Position& pb, Difference& d) {
  const std::string players(b.players());
  const Outcome oa = a.outcome(pa), ob = b.outcome(pb);
  if (oa != ob)
    d.problems.push_back("outcome: " + d.a_name + " says " + to_string(oa, players) + ", " +
                         d.b_name + " says " + to_string(ob, players));
}

template <Game A, Game B>
struct NodeChildren {
  ChildrenByText<A> a;
  ChildrenByText<B> b;
};

// How much of a node is compared. Two rulesets (diff) may write the same
// position differently only where the spec is part of the text, so their child
// texts and invariants are not a difference; one spec's two implementations
// (compare) must agree on every text as well.
enum class NodeCheck { Moves, MovesAndTexts };

// Compares one interior node: the outcomes, the moves only one side has and,
// with MovesAndTexts, count_moves against legal_moves, the child texts behind
// every shared move and each child's ok() invariants (common/game.h). Adds
// what differs to `d` and returns both sides' children for the walk.
template <Game A, Game B>
NodeChildren<A, B> compare_node(const A& a, const B& b, const typename A::Position& pa,
                                const typename B::Position& pb, NodeCheck check, Difference& d) {
  compare_outcomes(a, b, pa, pb, d);
  NodeChildren<A, B> kids{children_by_text(a, pa), children_by_text(b, pb)};
  const bool texts = check == NodeCheck::MovesAndTexts;
  if (texts) {
    const auto counted = [&](const std::string& name, std::uint64_t count, std::size_t made) {
      if (count != made)
        d.problems.push_back(name + " count_moves = " + std::to_string(count) +
                             " but it generates " + std::to_string(made) + " moves");
    };
    counted(d.a_name, a.count_moves(pa), kids.a.size());
    counted(d.b_name, b.count_moves(pb), kids.b.size());
  }
  for (const auto& [text, child] : kids.a) {
    const auto other = kids.b.find(text);
    if (other == kids.b.end()) {
      d.only_a.push_back(text);
    } else if (texts) {
      std::string at = a.format(child), bt = b.format(other->second);
      if (at != bt) d.differing_children.push_back({text, std::move(at), std::move(bt)});
    }
  }
  for (const auto& [text, child] : kids.b)
    if (!kids.a.contains(text)) d.only_b.push_back(text);
  if (texts) {
    for (const auto& [text, child] : kids.a)
      if (!position_ok(a, child)) d.problems.push_back(d.a_name + ": ok() fails after " + text);
    for (const auto& [text, child] : kids.b)
      if (!position_ok(b, child)) d.problems.push_back(d.b_name + ": ok() fails after " + text);
  }
  return kids;
}

}  // namespace arb
