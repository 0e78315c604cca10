// Perft and divide, written once against the Game concept (RULES.md P1-P4).
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <concepts>
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/count.h"
#include "common/error.h"
#include "common/game.h"

namespace arb {

// Nothing holds more legal moves of one position than this (a reference's
// move list, divide, compare, show --list-moves, play): such a position is an
// error, not exhausted memory (compare keeps about 100 bytes per move, so 5 GB
// at the limit). Real play stays below: Ecalper size 8 has C(169,3) = 790244
// first moves, the fixture C7-red-first-turn-last-added 11745300; three
// players on size 8 have 1082239158 first moves.
inline constexpr std::uint64_t kMaxMovesHeld = 50'000'000;

template <Game G>
void check_moves_fit(const G& g, const typename G::Position& pos) {
  if (const std::uint64_t n = g.count_moves(pos); n > kMaxMovesHeld)
    throw Error("a position with " + std::to_string(n) + " legal moves: more than " +
                std::to_string(kMaxMovesHeld) + " cannot be listed in memory");
}

// A request to end the counts under way (the Python module's Ctrl-C): while
// above zero, every count throws CountStopped at its next node three or more
// plies above the leaves, where one load costs nothing beside the walk below.
// The perft tool never sets it.
inline std::atomic<int> g_count_stops{0};
struct CountStopped : Error {
  CountStopped() : Error("the count was stopped") {}
};
inline void check_count_stop() {
  if (g_count_stops.load(std::memory_order_relaxed) > 0) [[unlikely]]
    throw CountStopped();
}

// The number of move sequences of exactly `depth` complete turns (P1-P3),
// walking every interior node. The last ply is counted by count_moves, never
// played (the engines' fast path). Counts are 128-bit (P4). The Check build
// asserts g.ok after every play.
template <Game G>
Count perft_walk(const G& g, const typename G::Position& pos, int depth);

namespace detail {
// perft(2), the hot loop: a 64-bit sum, its carries counted apart, as fast as
// the 64-bit perft was (a 128-bit add per leaf count cost Emergo 19%).
template <Game G>
Count perft2(const G& g, const typename G::Position& pos) {
  std::uint64_t low = 0, carries = 0;
  for (const auto& move : g.legal_moves(pos)) {
    if constexpr (CountAfterGame<G>) {  // known by move generation: no play
      if (const std::uint64_t n = g.count_after(pos, move)) {
        carries += __builtin_add_overflow(low, n, &low);
        continue;
      }
    }
    const auto child = g.play(pos, move);
    assert(position_ok(g, child));
    carries += __builtin_add_overflow(low, g.count_moves(child), &low);
  }
  return (Count{carries} << 64) + low;
}
}  // namespace detail

template <Game G>
Count perft_walk(const G& g, const typename G::Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return g.count_moves(pos);
  if (depth == 2) return detail::perft2(g, pos);
  check_count_stop();
  Count total = 0;
  for (const auto& move : g.legal_moves(pos)) {
    const auto child = g.play(pos, move);
    assert(position_ok(g, child));
    total = checked_add(total, perft_walk(g, child, depth - 1));
  }
  return total;
}

// An optional exact shortcut: `count_subtree(const Position&, int depth)`
// returns perft(depth) (128-bit) without walking the tree, and throws the same
// overflow error as checked_add. A game defines it only where it is proved equal to
// perft_walk (engine Ecalper: a memo over counters, tested on every fixture).
template <class G>
concept HasCountSubtree = requires(const G& g, const typename G::Position& pos, int depth) {
  { g.count_subtree(pos, depth) } -> std::convertible_to<Count>;
};

// perft(depth): the game's count_subtree when it has one, otherwise the walk.
template <Game G>
Count perft(const G& g, const typename G::Position& pos, int depth) {
  if constexpr (HasCountSubtree<G>) {
    if (depth >= 2) return g.count_subtree(pos, depth);
  }
  return perft_walk(g, pos, depth);
}

struct DivideEntry {
  std::string move;
  Count nodes = 0;
};

// perft(depth - 1) below each legal move, sorted by byte order of the move
// texts (I1). `count_children(children, depth - 1)` counts the children, in
// order: the plain recursion below, or the hashed and threaded one
// (perft/count/counting.h); both share this one listing.
template <Game G, class CountChildren>
std::vector<DivideEntry> divide_with(const G& g, const typename G::Position& pos, int depth,
                                     CountChildren&& count_children) {
  std::vector<DivideEntry> out;
  if (depth <= 0) return out;
  check_moves_fit(g, pos);  // every child is held
  std::vector<typename G::Position> children;
  for (const auto& move : g.legal_moves(pos)) {
    out.push_back({g.move_text(pos, move), 0});
    children.push_back(g.play(pos, move));
  }
  const std::vector<Count> counts = count_children(children, depth - 1);
  for (std::size_t i = 0; i < out.size(); ++i) out[i].nodes = counts[i];
  std::sort(out.begin(), out.end(),
            [](const DivideEntry& a, const DivideEntry& b) { return a.move < b.move; });
  return out;
}

// divide on the plain recursion (one thread, no table).
template <Game G>
std::vector<DivideEntry> divide(const G& g, const typename G::Position& pos, int depth) {
  return divide_with(g, pos, depth, [&](const std::vector<typename G::Position>& children, int d) {
    std::vector<Count> counts;
    for (const auto& child : children) counts.push_back(perft(g, child, d));
    return counts;
  });
}

// Splits "m1 m2 ..." on blanks.
inline std::vector<std::string> split_moves(std::string_view text) {
  std::vector<std::string> out;
  std::istringstream in{std::string(text)};
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

// `pos` and every position after it as the moves are played; an illegal move
// is an error naming it and its number.
template <Game G>
std::vector<typename G::Position> play_line(const G& g, typename G::Position pos,
                                            const std::vector<std::string>& moves) {
  std::vector<typename G::Position> line{pos};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    try {
      line.push_back(g.play(line.back(), g.parse_move(line.back(), moves[i])));
    } catch (const Error& e) {
      throw Error("move " + std::to_string(i + 1) + " '" + moves[i] + "': " + e.what() +
                  " in position '" + g.format(line.back()) + "'");
    }
  }
  return line;
}

// `pos` after the moves.
template <Game G>
typename G::Position play_moves(const G& g, const typename G::Position& pos,
                                const std::vector<std::string>& moves) {
  return play_line(g, pos, moves).back();
}

}  // namespace arb

namespace arb {

// How the leaves at `depth` end, by outcome: the perft count split by result
// (finished games with a winner or a draw, and unfinished ones). Every leaf
// is played, so this is slower than perft.
struct ResultCounts {
  std::map<std::string, Count> by_outcome;  // key: outcome_key()
};

template <Game G>
void count_results(const G& g, const typename G::Position& pos, int depth, ResultCounts& out) {
  if (depth <= 0) {
    auto& n = out.by_outcome[outcome_key(g.outcome(pos), g.players())];
    n = checked_add(n, Count{1});
    return;
  }
  check_moves_fit(g, pos);
  for (const auto& move : g.legal_moves(pos)) count_results(g, g.play(pos, move), depth - 1, out);
}

// "b=728,draw=1988,w=764" (with sep ","): a results line of a fixture or a test.
inline std::string results_text(const ResultCounts& r, const char* sep) {
  std::string out;
  for (const auto& [key, n] : r.by_outcome)
    out += (out.empty() ? "" : sep) + key + "=" + to_string(n);
  return out;
}

}  // namespace arb
