// alphabeta:D: depth-limited alpha-beta, written once against the Game
// concept.
//
// - Evaluation, from the point of view of the person to move at the root:
//   the lead of the colour he holds at the leaf (players/line.h's Seats: a
//   swap, C3 or M9, hands him the other's) by players/line.h's measure: the
//   material that perft stats' greedy player counts (docs/variants.md) less
//   every other colour's; in Ecalper, whose every move changes the material
//   alike (C4), the largest group less the best other's (C6). A finished game
//   is +-1,000,000 (less the plies to it: the quicker win, the later loss), a
//   draw or the length bound 0.
// - Three players: paranoid (Sturtevant and Korf 2000): the others are taken
//   to play together against the root player, which keeps plain alpha-beta.
// - Iterative deepening at the root, 1 .. D plies, each iteration searching
//   the root moves best first by the last; below, moves ordered by the
//   evaluation of the position they lead to (at remaining depth >= 2).
// - Width: a position with more than 64 legal moves (Ecalper: 333,375 at the
//   start) is searched on 64 distinct moves: the game's special moves
//   (g.special_ranks: Ecalper's swap), the rest drawn at random; others whole.
// - Ties at the root: the root moves start in a random order (the seed's), and
//   the first of the best is played.
// - The played-game rules apply along every line (E12, the length bound).
//
// Determinism: moves by text rank, the generator the search's own: a seed
// gives the same move on the engine and on the reference.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <numeric>
#include <vector>

#include "common/game.h"
#include "players/line.h"

namespace arb::players {

inline constexpr int kWin = 1000000;
inline constexpr std::uint64_t kMaxWidth = 64;

template <Game G>
class AlphaBeta {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  explicit AlphaBeta(const G& g, Stop stop = {})
      : g_(g), ranked_(g), players_(static_cast<int>(g.players().size())), stop_(std::move(stop)) {}

  // The static evaluation of `pos` for `player` (see above).
  int evaluate(const Position& pos, int player) const {
    return measured_lead(g_, pos, player, players_);
  }

  Move choose(const Position& pos, std::uint64_t n, const Start<G>& start, int depth,
              std::uint64_t seed) {
    Rng rng{seed};
    Line<G> line(g_, pos, start);
    root_ = start.seats.person(g_.to_move(pos));
    std::vector<std::uint64_t> ranks;
    std::vector<Move> moves;
    pick(pos, n, rng, ranks, moves);
    for (std::size_t i = ranks.size(); i > 1; --i) {  // Fisher-Yates: the ties' order
      const std::size_t j = rng() % i;
      std::swap(ranks[i - 1], ranks[j]);
      std::swap(moves[i - 1], moves[j]);
    }
    std::vector<Position> kids;
    std::vector<char> swaps;
    for (const auto& m : moves) {
      kids.push_back(g_.play(pos, m));
      swaps.push_back(swaps_colours(g_, pos, m));
    }
    std::vector<std::size_t> order(kids.size());
    std::iota(order.begin(), order.end(), 0);
    std::vector<int> values(kids.size(), 0);
    std::size_t best = order.front();
    for (int d = 1; d <= depth; ++d) {
      int alpha = -2 * kWin;
      best = order.front();
      for (const auto i : order) {
        line.push(kids[i], swaps[i] != 0);
        values[i] = search(kids[i], d - 1, alpha, 2 * kWin, line, rng);
        line.pop();
        if (values[i] > alpha) {
          alpha = values[i];
          best = i;
        }
      }
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t a, std::size_t b) { return values[a] > values[b]; });
    }
    return moves[best];
  }

 private:
  // The moves searched at a node, in rank order: all, or kMaxWidth: the
  // special ones, then drawn.
  void pick(const Position& pos, std::uint64_t n, Rng& rng, std::vector<std::uint64_t>& ranks,
            std::vector<Move>& moves) {
    ranks.clear();
    moves.clear();
    if (n <= kMaxWidth) {
      moves = ranked_.all(pos, n);
      for (std::uint64_t i = 0; i < n; ++i) ranks.push_back(i);
      return;
    }
    if constexpr (SpecialMovesGame<G>)
      for (const auto r : g_.special_ranks(pos))
        if (r < n && ranks.size() < kMaxWidth &&
            std::find(ranks.begin(), ranks.end(), r) == ranks.end())
          ranks.push_back(r);
    while (ranks.size() < kMaxWidth) {
      std::uint64_t r = rng() % n;
      while (std::find(ranks.begin(), ranks.end(), r) != ranks.end()) r = r + 1 == n ? 0 : r + 1;
      ranks.push_back(r);
    }
    std::sort(ranks.begin(), ranks.end());
    for (const auto r : ranks) moves.push_back(ranked_.at(pos, r));
  }

  // What end `o` is worth to the root person, who holds colour `mine` there.
  int end_value(Outcome o, int mine, int depth) const {
    if (!o.finished || (o.winners & (1u << mine) && std::popcount(o.winners) > 1)) return 0;
    return o.winners & (1u << mine) ? kWin - depth : -kWin + depth;
  }

  // The value of `pos` (at the line's end) for the root person, `depth` plies on.
  int search(const Position& pos, int depth, int alpha, int beta, Line<G>& line, Rng& rng) {
    if (stop_ && stop_()) throw Stopped{};
    const Seats seats = line.seats();
    const int mine = seats.colour(root_);
    const std::uint64_t n = g_.count_moves(pos);
    if (n == 0) return end_value(g_.outcome(pos), mine, line.depth());
    const Outcome o = line.repetition();
    if (o.finished) return end_value(o, mine, line.depth());
    if (line.at_bound()) return 0;
    if (depth == 0) return evaluate(pos, mine);
    const bool max = seats.person(g_.to_move(pos)) == root_;
    std::vector<std::uint64_t> ranks;
    std::vector<Move> moves;
    pick(pos, n, rng, ranks, moves);
    std::vector<Position> kids;
    std::vector<char> swaps;
    kids.reserve(moves.size());
    swaps.reserve(moves.size());
    for (const auto& m : moves) {
      kids.push_back(g_.play(pos, m));
      swaps.push_back(swaps_colours(g_, pos, m));
    }
    std::vector<std::size_t> order(kids.size());
    std::iota(order.begin(), order.end(), 0);
    if (depth >= 2) {  // the most promising first: more cut-offs
      std::vector<int> guess(kids.size());
      for (std::size_t i = 0; i < kids.size(); ++i)
        guess[i] = evaluate(kids[i], seats.after(swaps[i] != 0).colour(root_));
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return max ? guess[a] > guess[b] : guess[a] < guess[b];
      });
    }
    int value = max ? -2 * kWin : 2 * kWin;
    for (const auto i : order) {
      line.push(kids[i], swaps[i] != 0);
      const int v = search(kids[i], depth - 1, alpha, beta, line, rng);
      line.pop();
      if (max) {
        value = std::max(value, v);
        alpha = std::max(alpha, v);
      } else {
        value = std::min(value, v);
        beta = std::min(beta, v);
      }
      if (alpha >= beta) break;
    }
    return value;
  }

  const G& g_;
  Ranked<G> ranked_;
  int players_;
  Stop stop_;
  int root_ = 0;  // the root person (players/line.h's Seats)
};

}  // namespace arb::players
