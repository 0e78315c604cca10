// mcts:N: UCT (Kocsis and Szepesvari 2006) with N simulations a move and
// random playouts, written once against the Game concept.
//
// - Selection: UCB1, mean reward + c * sqrt(ln(parent visits) / visits), with
//   c = sqrt(2) (Ludii's UCT default); rewards in [0, 1] (players/line.h's
//   reward). Each node keeps the reward of the person (players/line.h's
//   Seats) who moved into it, so every player maximises his own (max-n;
//   three-player Ecalper included); the persons follow a colour swap (C3,
//   M9) down the tree and through the playout, whose end (in colours) is
//   credited to whoever holds each colour there.
// - Expansion by progressive widening: a node visited v times has at most
//   floor(4 * sqrt(v + 1)) children (4 at once, 16 after 15 visits, 48 after
//   143), each a move drawn at random among the untried ranks, after the
//   game's special moves (g.special_ranks: Ecalper's swap). Below that
//   width this is plain UCT (every move tried once before any twice); Ecalper's
//   333,375 first moves cannot all be children, so the root samples about 126
//   of them at N = 1000.
// - Playout: uniform random moves by text rank (perft stats' random player)
//   under the played-game rules: E12's third repetition ends a game drawn, and
//   the game's length bound (--max-plies, counted from the game's start) ends
//   it unfinished, worth 1/players to each.
// - Playout cut-off (optional, mcts:N:cut=K): a playout still running after K
//   plies stops, and each player p is scored 0.5 + 0.5 * tanh(lead / 2), his
//   lead by the measure alphabeta uses (players/line.h: material in men or
//   stones; Ecalper's largest group): graded, so that a lead of 1 (0.73)
//   counts less than one of 3 (0.95), and an even position is worth 0.5, as
//   the length bound's unfinished game.
// - Decisive playouts (optional, mcts:N:decisive; Teytaud and Teytaud 2010):
//   where a playout position has at most 512 moves, a move that wins at once
//   is played (the first by text), else up to 8 random moves are drawn and
//   the first after which the next player cannot win at once is played (the
//   8th if all can). Ecalper is decided on its last two turns (C5: White's
//   last normal turn, then Black's replacement-only turn), which uniform
//   playouts play blind: without this every opening scores alike.
// - The move played: the most visited root child; ties by the larger mean
//   reward, then the lower text rank.
//
// Determinism: moves are named by their rank in byte order of the move texts
// and drawn from the search's own generator, so a seed gives the same move on
// the engine and on the reference, whatever the threads.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <ranges>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "players/line.h"

namespace arb::players {

inline constexpr double kExploration = 1.4142135623730951;  // sqrt(2)
inline constexpr double kWidening = 4.0;
inline constexpr double kCutScale = 2.0;  // the lead worth tanh(1)
inline constexpr std::uint64_t kDecisiveWidth = 512;
inline constexpr int kAntiDecisiveTries = 8;

// Whether `move` ends the game at once with the mover its sole winner.
template <Game G>
bool wins_at_once(const G& g, const typename G::Position& pos, const typename G::Move& move) {
  const auto next = g.play(pos, move);
  return g.count_moves(next) == 0 && g.outcome(next) == Outcome::win(g.to_move(pos));
}

// Whether the player to move at `pos` has a move that wins at once; `first`
// gets the first such by text. Not looked for above kDecisiveWidth moves (the
// list's size: Ecalper's is counted, not listed).
template <Game G>
bool has_winning_move(const G& g, const typename G::Position& pos,
                      std::optional<typename G::Move>* first = nullptr) {
  const auto moves = g.legal_moves(pos);
  if (std::ranges::size(moves) > kDecisiveWidth) return false;
  std::string best;
  for (const auto& m : moves) {
    if (!wins_at_once(g, pos, m)) continue;
    if (first == nullptr) return true;
    std::string text = g.move_text(pos, m);
    if (!*first || text < best) *first = m, best = std::move(text);
  }
  return first != nullptr && first->has_value();
}

// A cut-off playout's worth to a player `lead` men or stones ahead.
inline double cut_reward(int lead) { return 0.5 + 0.5 * std::tanh(lead / kCutScale); }

// mcts:N:decisive's playout move from `pos` (n moves): a winning one, else
// the first of up to kAntiDecisiveTries random draws after which the next
// player cannot win at once (the last draw if every one lets him); uniform
// above kDecisiveWidth moves.
template <Game G>
typename G::Move decisive_move(const G& g, Ranked<G>& ranked, const typename G::Position& pos,
                               std::uint64_t n, Rng& rng) {
  if (n > kDecisiveWidth) return ranked.at(pos, rng() % n);
  std::optional<typename G::Move> winning;
  if (has_winning_move(g, pos, &winning)) return *winning;
  for (int tries = 1;; ++tries) {
    const auto move = ranked.at(pos, rng() % n);
    const auto next = g.play(pos, move);
    if (tries == kAntiDecisiveTries || !has_winning_move(g, next)) return move;
  }
}

template <Game G>
class Mcts {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  explicit Mcts(const G& g, Stop stop = {})
      : g_(g), ranked_(g), players_(static_cast<int>(g.players().size())), stop_(std::move(stop)) {}

  // The move to play from `pos` (n > 0 legal moves) after `simulations`
  // simulations, playouts cut after `cut` plies (0: never), decisive or
  // uniform. Throws Stopped when `stop` (Ctrl-C) is set.
  Move choose(const Position& pos, std::uint64_t n, const Start<G>& start,
              std::uint64_t simulations, std::uint64_t seed, std::uint64_t cut = 0,
              bool decisive = false) {
    if (cut != 0 && !has_measure<G>())
      throw Error(std::string(G::kName) + " has no measure for a playout cut-off");
    cut_ = cut;
    decisive_ = decisive;
    cut_reward_.assign(static_cast<std::size_t>(players_), 0.0);
    Rng rng{seed};
    Line<G> line(g_, pos, start);
    nodes_.clear();
    positions_.clear();
    Node top;
    top.moves = n;
    top.to_move = g_.to_move(pos);
    nodes_.push_back(std::move(top));
    positions_.push_back(pos);
    std::vector<std::uint32_t> path;
    std::vector<double> result(static_cast<std::size_t>(players_));
    for (std::uint64_t s = 0; s < simulations; ++s) {
      if (stop_ && s % 64 == 0 && stop_()) throw Stopped{};
      line.reset();
      path.assign(1, 0);
      std::uint32_t at = 0;
      // Selection and expansion.
      for (;;) {
        Node& node = nodes_[at];
        if (node.terminal) break;
        const auto limit = static_cast<std::uint64_t>(kWidening * std::sqrt(node.visits + 1.0));
        if (node.children.size() < std::min(node.moves, limit)) {
          at = expand(at, line, rng);
          path.push_back(at);
          break;
        }
        at = select(node);
        line.push(positions_[at], nodes_[at].swapped);
        path.push_back(at);
      }
      // Evaluation: the terminal's end, or a random playout.
      const Node& leaf = nodes_[at];
      Outcome end = leaf.end;
      cut_off_ = false;
      if (!leaf.terminal) end = playout(positions_[at], leaf.moves, line, rng);
      const Seats seats = line.seats();  // at the leaf or the playout's end
      for (int c = 0; c < players_; ++c)
        result[static_cast<std::size_t>(seats.person(c))] =
            cut_off_ ? cut_reward_[static_cast<std::size_t>(c)] : reward(end, c, players_);
      for (const auto i : path) {
        Node& node = nodes_[i];
        ++node.visits;
        if (node.moved >= 0) node.reward += result[static_cast<std::size_t>(node.moved)];
      }
    }
    const Node& root = nodes_[0];
    std::uint32_t best = root.children.front();
    for (const auto c : root.children) {
      const Node& a = nodes_[c];
      const Node& b = nodes_[best];
      if (a.visits != b.visits                         ? a.visits > b.visits
          : a.reward * b.visits != b.reward * a.visits ? a.reward * b.visits > b.reward * a.visits
                                                       : a.rank < b.rank)
        best = c;
    }
    return ranked_.at(pos, nodes_[best].rank);
  }

  // The text ranks of the last search's root children, in the order they
  // were added (tests: the special moves come first).
  std::vector<std::uint64_t> root_ranks() const {
    std::vector<std::uint64_t> ranks;
    if (!nodes_.empty())
      for (const auto c : nodes_[0].children) ranks.push_back(nodes_[c].rank);
    return ranks;
  }

  // Moves played so far by all searches (expansions and playouts): the
  // speed benchmark's measure of work (players/bench_players.cpp).
  std::uint64_t plies() const { return plies_; }

 private:
  struct Node {
    std::uint64_t rank = 0;   // of the move into it, among its parent's
    std::uint64_t moves = 0;  // legal moves here
    int to_move = 0;
    int moved = -1;        // the person whose move led here (-1: the root)
    bool swapped = false;  // that move exchanged colours (C3, M9)
    Outcome end;           // where terminal
    bool terminal = false;
    std::uint32_t visits = 0;
    double reward = 0;  // summed, for `moved`
    std::vector<std::uint32_t> children;
  };

  std::uint32_t select(const Node& node) const {
    const double log_n = std::log(static_cast<double>(node.visits));
    std::uint32_t best = 0;
    double best_score = -std::numeric_limits<double>::infinity();
    for (const auto c : node.children) {
      const Node& child = nodes_[c];
      const double v = child.visits;
      const double score = child.reward / v + kExploration * std::sqrt(log_n / v);
      if (score > best_score) {  // ties: the first child added
        best_score = score;
        best = c;
      }
    }
    return best;
  }

  // A new child of `at`: the game's special moves first (C3's swap, which a
  // draw among Ecalper's hundreds of thousands would miss), then an untried
  // rank drawn at random (the next untried one above it when taken), played,
  // its end settled under the played-game rules. `line` is left at the child.
  std::uint32_t expand(std::uint32_t at, Line<G>& line, Rng& rng) {
    const std::uint64_t moves = nodes_[at].moves;
    const auto taken = [&](std::uint64_t r) {
      for (const auto c : nodes_[at].children)
        if (nodes_[c].rank == r) return true;
      return false;
    };
    std::uint64_t rank = moves;
    if constexpr (SpecialMovesGame<G>)
      for (const auto r : g_.special_ranks(positions_[at]))
        if (r < moves && !taken(r)) {
          rank = r;
          break;
        }
    if (rank == moves) {
      rank = rng() % moves;
      while (taken(rank)) rank = rank + 1 == moves ? 0 : rank + 1;
    }
    const Move move = ranked_.at(positions_[at], rank);
    Node node;
    node.rank = rank;
    node.moved = line.seats().person(nodes_[at].to_move);
    node.swapped = swaps_colours(g_, positions_[at], move);
    Position child = g_.play(positions_[at], move);
    ++plies_;
    line.push(child, node.swapped);
    node.to_move = g_.to_move(child);
    node.moves = g_.count_moves(child);
    settle(node, child, line);
    const auto index = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(std::move(node));
    positions_.push_back(std::move(child));
    nodes_[at].children.push_back(index);
    return index;
  }

  // The end of the position at the line's end: P3 (no moves), E12, the bound.
  void settle(Node& node, const Position& pos, const Line<G>& line) const {
    if (node.moves == 0) {
      node.terminal = true;
      node.end = g_.outcome(pos);
      return;
    }
    const Outcome o = line.repetition();
    if (o.finished || line.at_bound()) {
      node.terminal = true;
      node.end = o;  // ongoing at the bound: unfinished
    }
  }

  // A playout's move: uniform by rank, or decisive (above).
  Move playout_move(const Position& pos, std::uint64_t n, Rng& rng) {
    return decisive_ ? decisive_move(g_, ranked_, pos, n, rng) : ranked_.at(pos, rng() % n);
  }

  // Moves to the end, or to the cut-off: then cut_off_ is set and
  // cut_reward_ holds each colour's score by the measure.
  Outcome playout(Position pos, std::uint64_t n, Line<G>& line, Rng& rng) {
    for (std::uint64_t k = 1;; ++k) {
      const Move move = playout_move(pos, n, rng);
      const bool swapped = swaps_colours(g_, pos, move);
      pos = g_.play(pos, move);
      ++plies_;
      line.push(pos, swapped);
      n = g_.count_moves(pos);
      if (n == 0) return g_.outcome(pos);
      const Outcome o = line.repetition();
      if (o.finished) return o;
      if (line.at_bound()) return {};
      if (k == cut_) {
        for (int p = 0; p < players_; ++p)
          cut_reward_[static_cast<std::size_t>(p)] =
              cut_reward(measured_lead(g_, pos, p, players_));
        cut_off_ = true;
        return {};
      }
    }
  }

  const G& g_;
  Ranked<G> ranked_;
  int players_;
  Stop stop_;
  std::uint64_t plies_ = 0;
  std::uint64_t cut_ = 0;
  bool decisive_ = false;
  bool cut_off_ = false;
  std::vector<double> cut_reward_;
  std::vector<Node> nodes_;
  std::vector<Position> positions_;
};

}  // namespace arb::players
