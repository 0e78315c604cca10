// What the search players share: the move of a text rank (the canonical order
// that makes engine and reference play alike) and the played-game rules
// along a searched line (E12 repetition, the length bound).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"

namespace arb::players {

// Asked now and then by a search; true (Ctrl-C) stops it with Stopped, and
// the game under way is dropped.
using Stop = std::function<bool()>;
struct Stopped {};

// splitmix64 (Steele, Lea, Flood 2014): a search's generator, and perft
// stats' generator of one game (perft/stats/stats.h).
struct Rng {
  std::uint64_t state;
  std::uint64_t operator()() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
};

// Whether every move changes every player's material alike (Ecalper, C4):
// then material says nothing about a move (greedy plays at random).
template <Game G>
constexpr bool material_same() {
  if constexpr (requires { G::kMaterialSameForEveryMove; })
    return G::kMaterialSameForEveryMove;
  else
    return false;
}

// Colour `colour`'s material minus every other colour's: greedy's lead.
template <MaterialGame G>
int material_lead(const G& g, const typename G::Position& pos, int colour, int players) {
  int lead = 0;
  for (int p = 0; p < players; ++p) lead += p == colour ? g.material(pos, p) : -g.material(pos, p);
  return lead;
}

// Whether a game has a measure for the searches (alphabeta's leaves, mcts's
// playout cut-off) and perft stats' lead metrics: its score (Ecalper: C6's
// largest group), else its material, unless every move changes that alike.
template <Game G>
constexpr bool has_measure() {
  if constexpr (ScoredGame<G>)
    return true;
  else if constexpr (MaterialGame<G>)
    return !material_same<G>();
  else
    return false;
}

// Colour `colour`'s standing by that measure.
template <Game G>
requires ScoredGame<G> || MaterialGame<G>
int measure(const G& g, const typename G::Position& pos, int colour) {
  if constexpr (ScoredGame<G>)
    return static_cast<int>(g.score(pos, colour));
  else
    return static_cast<int>(g.material(pos, colour));
}

// Colour `colour`'s lead by that measure: its score minus the best other's
// (C6 ranks the players by it), or its material minus every other's; 0
// without a measure.
template <Game G>
int measured_lead(const G& g, const typename G::Position& pos, int colour, int players) {
  if constexpr (ScoredGame<G>) {
    int best_other = 0;
    for (int p = 0; p < players; ++p)
      if (p != colour) best_other = std::max(best_other, measure(g, pos, p));
    return measure(g, pos, colour) - best_other;
  } else if constexpr (has_measure<G>()) {
    return material_lead(g, pos, colour, players);
  } else {
    (void)g, (void)pos, (void)colour, (void)players;
    return 0;
  }
}

// The legal move of rank `rank` in byte order of the move texts (RULES.md
// I1): nth_move where the game has it, else the texts sorted.
template <Game G>
class Ranked {
 public:
  explicit Ranked(const G& g) : g_(g) {}
  typename G::Move at(const typename G::Position& pos, std::uint64_t rank) {
    if constexpr (NthMoveGame<G>) {
      return g_.nth_move(pos, rank);
    } else {
      list(pos);
      if (rank >= moves_.size()) throw Error("count_moves and legal_moves differ");
      const auto nth = order_.begin() + static_cast<std::ptrdiff_t>(rank);
      std::nth_element(order_.begin(), nth, order_.end(), by_text());
      return moves_[*nth];
    }
  }
  // Every move in rank order (n of them; small n only).
  const std::vector<typename G::Move>& all(const typename G::Position& pos, std::uint64_t n) {
    sorted_.clear();
    if constexpr (NthMoveGame<G>) {
      for (std::uint64_t i = 0; i < n; ++i) sorted_.push_back(g_.nth_move(pos, i));
    } else {
      list(pos);
      std::sort(order_.begin(), order_.end(), by_text());
      for (auto i : order_) sorted_.push_back(moves_[i]);
    }
    return sorted_;
  }

 private:
  // The legal moves, their texts and the identity order of their indices.
  void list(const typename G::Position& pos) {
    moves_.clear();
    texts_.clear();
    order_.clear();
    for (const auto& m : g_.legal_moves(pos)) {
      order_.push_back(static_cast<std::uint32_t>(moves_.size()));
      moves_.push_back(m);
      texts_.push_back(g_.move_text(pos, m));
    }
  }
  auto by_text() const {
    return [this](std::uint32_t a, std::uint32_t b) { return texts_[a] < texts_[b]; };
  }

  const G& g_;
  std::vector<typename G::Move> moves_, sorted_;
  std::vector<std::string> texts_;
  std::vector<std::uint32_t> order_;
};

// Who holds which colour in a played game. Seat (person) i starts with colour
// i, in players() order; a move that exchanges colours (g.swaps_colours:
// Ecalper's C3, Meridians' M9; two players only) exchanges the two seats'.
// The seats are the persons: perft stats credits them, and a search rewards
// each move to the person who made it.
struct Seats {
  bool swapped = false;  // seat 0 holds colour 1 and seat 1 colour 0
  int person(int colour) const { return swapped ? 1 - colour : colour; }  // who holds `colour`
  int colour(int person) const { return swapped ? 1 - person : person; }  // what `person` holds
  Seats after(bool swaps) const { return {swapped != swaps}; }
  // An outcome in colours (bit c: colour c) as one in persons (bit i: seat i).
  Outcome persons(Outcome o) const {
    if (swapped)
      o.winners = static_cast<std::uint8_t>((o.winners & ~3u) | (o.winners & 1u) << 1 |
                                            (o.winners >> 1 & 1u));
    return o;
  }
  friend bool operator==(Seats, Seats) = default;
};

// Where a search starts: the played game's line (its history, ending with
// the position to move from, where the game ends by repetition; else just
// that position), the ply it is at, the game's length bound and who holds
// which colour there.
template <Game G>
struct Start {
  std::span<const typename G::Position> history;
  int ply = 0;
  int max_plies = 1000;
  Seats seats = {};
};

// The played-game rules along a searched line: perft stats' play_game's,
// so that a search sees the end the game will have.
template <Game G>
class Line {
 public:
  using Position = typename G::Position;
  static constexpr bool kHistory = requires(const G& g, std::span<const Position> h) {
    g.outcome(h);
  };

  Line(const G& g, const Position& pos, const Start<G>& s)
      : g_(g), base_ply_(s.ply), max_(s.max_plies), base_seats_(s.seats), seats_(s.seats) {
    if constexpr (kHistory) {
      if (s.history.empty())
        line_.push_back(pos);
      else  // ends with pos
        line_.assign(s.history.begin(), s.history.end());
      if constexpr (HashedGame<G>)
        for (const auto& p : line_) hashes_.push_back(g.hash(p));
      base_ = line_.size();
    }
  }
  // `swapped`: the move to p exchanged colours (g.swaps_colours).
  void push(const Position& p, bool swapped = false) {
    ++depth_;
    if (swapped) {
      seats_.swapped = !seats_.swapped;
      swaps_.push_back(depth_);
    }
    if constexpr (kHistory) {
      line_.push_back(p);
      if constexpr (HashedGame<G>) hashes_.push_back(g_.hash(p));
    }
  }
  // Back to the search's root.
  void reset() {
    depth_ = 0;
    seats_ = base_seats_;
    swaps_.clear();
    if constexpr (kHistory) {
      line_.resize(base_);
      if constexpr (HashedGame<G>) hashes_.resize(base_);
    }
  }
  void pop() {
    if (!swaps_.empty() && swaps_.back() == depth_) {
      swaps_.pop_back();
      seats_.swapped = !seats_.swapped;
    }
    --depth_;
    if constexpr (kHistory) {
      line_.pop_back();
      if constexpr (HashedGame<G>) hashes_.pop_back();
    }
  }
  // The positions from the game's start to the line's end, where the game
  // ends by repetition (E12); empty elsewhere.
  std::span<const Position> history() const { return line_; }
  int ply() const { return base_ply_ + depth_; }
  int depth() const { return depth_; }             // plies below the search's root
  Seats seats() const { return seats_; }           // who holds which colour at the line's end
  bool at_bound() const { return ply() >= max_; }  // the game's length bound: unfinished
  // The end of a position with n > 0 moves at the line's end: E12's third
  // repetition (a draw), else ongoing (P3: n == 0 is g.outcome(pos)).
  Outcome repetition() const {
    if constexpr (kHistory) {
      if constexpr (HashedGame<G>)
        if (std::count(hashes_.begin(), hashes_.end(), hashes_.back()) < 3) return {};
      return g_.outcome(std::span<const Position>(line_));
    } else {
      return {};
    }
  }

 private:
  const G& g_;
  int base_ply_, max_, depth_ = 0;
  Seats base_seats_, seats_;
  std::vector<int> swaps_;  // the depths whose move exchanged colours
  std::size_t base_ = 0;
  std::vector<Position> line_;
  std::vector<std::uint64_t> hashes_;
};

// What a finished game is worth to `player`: 1 for a win, 1/k for a draw
// shared by k players including him, 0 otherwise; an unfinished game
// (the length bound) is worth 1/players to each. Colours or persons alike:
// `o` and `player` name the same ones (Seats::persons).
inline double reward(Outcome o, int player, int players) {
  if (!o.finished) return 1.0 / players;
  if (!(o.winners & (1u << player))) return 0;
  return 1.0 / std::popcount(o.winners);
}

}  // namespace arb::players
