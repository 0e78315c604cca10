// The one interface every game implementation satisfies, engine and reference
// alike. Perft, divide, compare, the suite runner, the properties and the
// benchmarks are written once against it. Engine and reference of a game share
// nothing but this vocabulary: they meet only through position and move texts.
#pragma once

#include <algorithm>
#include <bit>
#include <concepts>
#include <cstdint>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/spec.h"

namespace arb {

// The result of a position. Players are numbered in turn order, the order of
// the side letters in Game::players() ("wb" for Emergo, "bwr" for 3-player
// Ecalper). `winners` has bit i set for each player who shares the result:
// one bit is a win, several bits a draw among those players.
struct Outcome {
  bool finished = false;
  std::uint8_t winners = 0;

  static constexpr Outcome ongoing() { return {}; }
  static constexpr Outcome win(int player) {
    return {true, static_cast<std::uint8_t>(1u << player)};
  }
  static constexpr Outcome draw(std::uint8_t players_mask) { return {true, players_mask}; }
  friend constexpr bool operator==(Outcome, Outcome) = default;
};

namespace detail {
// The side letters of the winners, joined by `sep`; "" when every player of
// several shares the result (a plain draw).
inline std::string shared_by(Outcome o, std::string_view players, std::string_view sep) {
  const auto all = static_cast<std::uint8_t>((1u << players.size()) - 1);
  if (o.winners == all && players.size() > 1) return "";
  std::string names;
  for (std::size_t i = 0; i < players.size(); ++i)
    if (o.winners & (1u << i)) names += (names.empty() ? "" : std::string(sep)) + players[i];
  return names;
}
}  // namespace detail

// For people: "ongoing", "win w", "draw" (all players), "draw b,w" (some of three).
inline std::string to_string(Outcome o, std::string_view players) {
  if (!o.finished) return "ongoing";
  const std::string names = detail::shared_by(o, players, ",");
  if (names.empty()) return "draw";
  return (std::popcount(o.winners) == 1 ? "win " : "draw ") + names;
}

// For fixtures and JSON (results mode): "w", "draw", "draw:b+w", "ongoing".
inline std::string outcome_key(Outcome o, std::string_view players) {
  if (!o.finished) return "ongoing";
  const std::string names = detail::shared_by(o, players, "+");
  if (names.empty()) return "draw";
  return std::popcount(o.winners) == 1 ? names : "draw:" + names;
}

// A game implementation, constructed from a validated Spec (options filled in).
//
//   G::kName                the spec name, "emergo"
//   g.spec()                the spec it was built from
//   g.players()             side letters in turn order: "wb", "bw", "bwr"
//   g.start()               the start position of the spec
//   g.parse(text)           a position; throws arb::Error naming the field and
//                           character. format(parse(s)) == s for every valid s.
//   g.format(pos)           the position text (RULES.md notation)
//   g.diagram(pos)          a multi-line ASCII board for people, ending in '\n'
//   g.to_move(pos)          index of the side to move in players()
//   g.legal_moves(pos)      every complete turn (RULES.md P1, P2); empty iff the
//                           game is finished. Any order; texts unique.
//   g.count_moves(pos)      == legal_moves(pos).size(); the fast path perft uses
//                           at the last ply
//   g.play(pos, move)       the position after a legal move (copy-make)
//   g.move_text(pos, move)  the canonical move text, unique within the position
//   g.parse_move(pos, text) the legal move with exactly that text; throws
//                           arb::Error for an illegal or non-canonical text
//   g.outcome(pos)          finished iff no legal moves (RULES.md P3)
//
// Optional: `Outcome outcome(std::span<const Position> history) const` for
// games whose played games end by repetition (Emergo E12); history ends with
// the current position. Used for played lines (perft show, perft play), never
// by perft (P3).
template <class G>
concept Game = std::constructible_from<G, const Spec&> && std::copyable<typename G::Position> &&
               std::copyable<typename G::Move> && std::ranges::sized_range<typename G::MoveList> &&
               std::same_as < std::ranges::range_value_t<typename G::MoveList>,
typename G::Move > &&requires(const G g, const typename G::Position& pos,
                              const typename G::Move& move, std::string_view text) {
  { G::kName } -> std::convertible_to<std::string_view>;
  { g.spec() } -> std::same_as<const Spec&>;
  { g.players() } -> std::convertible_to<std::string_view>;
  { g.start() } -> std::same_as<typename G::Position>;
  { g.parse(text) } -> std::same_as<typename G::Position>;
  { g.format(pos) } -> std::same_as<std::string>;
  { g.diagram(pos) } -> std::same_as<std::string>;
  { g.to_move(pos) } -> std::convertible_to<int>;
  { g.legal_moves(pos) } -> std::same_as<typename G::MoveList>;
  { g.count_moves(pos) } -> std::same_as<std::uint64_t>;
  { g.play(pos, move) } -> std::same_as<typename G::Position>;
  { g.move_text(pos, move) } -> std::same_as<std::string>;
  { g.parse_move(pos, text) } -> std::same_as<typename G::Move>;
  { g.outcome(pos) } -> std::same_as<Outcome>;
};

// Optional members, detected with `requires` (never demanded by the concept):
//   g.hash(pos) -> std::uint64_t  equal positions (==) hash equal: perft's
//                                 transposition table and `perft split` use it
//   g.ok(pos)   -> bool           the position's internal invariants hold;
//                                 asserted after every play in the Check build
//                                 (perft), in compare and in the properties
//   g.canonical(pos) -> Position  one member of pos's class under the board
//                                 symmetries that the rules respect, the same
//                                 for the whole class: every member has pos's
//                                 perft, so perft's table keeps one entry for all
//   g.nth_move(pos, i) -> Move    the legal move of rank i in byte order of the
//                                 move texts, without the list (Ecalper: millions
//                                 of moves a turn); perft play and perft stats
//   g.material(pos, player) -> int  what perft stats' greedy player counts
//                                 (docs/variants.md); needed for --player greedy
//   g.score(pos, player) -> int   a player's standing by the game's own result
//                                 rule, where material says nothing about a
//                                 move (Ecalper: C6's largest group); the
//                                 searches' evaluation takes it before material
//   g.count_after(pos, move) -> std::uint64_t  count_moves(play(pos, move))
//                                 when legal_moves already worked it out, else
//                                 0: perft's last two plies then skip the play
//                                 (engine Meridians, whose M10 marking yields it)
//   g.special_ranks(pos) -> std::vector<std::uint64_t>  the text ranks (as
//                                 nth_move's) of the few legal moves of a kind
//                                 of their own that a search sampling a wide
//                                 turn must not miss (Ecalper's C3 `swap`);
//                                 the same ranks in every implementation
//   g.swaps_colours(pos, move) -> bool  true for a legal move after which the
//                                 two players exchange colours (Ecalper's C3
//                                 and Meridians' M9 `swap`: the board stays,
//                                 the same colour is still to move, now held
//                                 by the other person); two-player games only.
//                                 Played games (perft stats, the searches)
//                                 follow the persons across it
//   G::kMaterialSameForEveryMove  true where every move changes every player's
//                                 material alike (Ecalper, C4): greedy is random
//   G::kProbeDepth -> int         the least remaining depth at which the default
//                                 counting's table pays (perft/count/policy.h);
//                                 3 without it (measured per game)
template <class G>
concept NthMoveGame = Game<G> && requires(const G g, const typename G::Position& pos) {
  { g.nth_move(pos, std::uint64_t{0}) } -> std::same_as<typename G::Move>;
};

template <class G>
concept MaterialGame = Game<G> && requires(const G g, const typename G::Position& pos) {
  { g.material(pos, 0) } -> std::convertible_to<int>;
};

template <class G>
concept ScoredGame = Game<G> && requires(const G g, const typename G::Position& pos) {
  { g.score(pos, 0) } -> std::convertible_to<int>;
};

template <class G>
concept CountAfterGame = Game<G> &&
    requires(const G g, const typename G::Position& pos, const typename G::Move& move) {
  { g.count_after(pos, move) } -> std::same_as<std::uint64_t>;
};

template <class G>
concept SpecialMovesGame = Game<G> && requires(const G g, const typename G::Position& pos) {
  { g.special_ranks(pos) } -> std::same_as<std::vector<std::uint64_t>>;
};

template <class G>
concept ColourSwapGame = Game<G> &&
    requires(const G g, const typename G::Position& pos, const typename G::Move& move) {
  { g.swaps_colours(pos, move) } -> std::same_as<bool>;
};

// g.swaps_colours(pos, move) where the game has it, otherwise false.
template <Game G>
bool swaps_colours(const G& g, const typename G::Position& pos, const typename G::Move& move) {
  if constexpr (ColourSwapGame<G>)
    return g.swaps_colours(pos, move);
  else
    return false;
}

template <class G>
concept HashedGame = Game<G> && requires(const G g, const typename G::Position& pos) {
  { g.hash(pos) } -> std::same_as<std::uint64_t>;
  { pos == pos } -> std::convertible_to<bool>;
};

template <class G>
concept SymmetricGame = HashedGame<G> && requires(const G g, const typename G::Position& pos) {
  { g.canonical(pos) } -> std::same_as<typename G::Position>;
};

// The position perft's table keys `pos` by: its canonical member where the
// game has symmetries, otherwise itself.
template <HashedGame G>
typename G::Position table_key(const G& g, typename G::Position pos) {
  if constexpr (SymmetricGame<G>)
    return g.canonical(pos);
  else
    return pos;
}

// g.ok(pos) where the game has it, otherwise true.
template <Game G>
bool position_ok(const G& g, const typename G::Position& pos) {
  if constexpr (requires {
                  { g.ok(pos) } -> std::convertible_to<bool>;
                })
    return g.ok(pos);
  else
    return true;
}

// How pictures draw a game's board (the verify report): the shape of its
// cells and their names, row by row in the order the position text lists
// them (the first field's rows, each from the left). A game supplies it with
// the optional member `BoardLayout board_layout() const` (the references do:
// cell names are notation); without it no picture is drawn.
struct BoardLayout {
  enum class Shape { kSquare, kHex };
  Shape shape = Shape::kSquare;
  std::vector<std::vector<std::string>> rows;
};

template <Game G>
BoardLayout board_layout_of(const G& g) {
  if constexpr (requires {
                  { g.board_layout() } -> std::same_as<BoardLayout>;
                })
    return g.board_layout();
  else
    return {};
}

// The position named by a fixture, the command line or a test: "start" or a text.
template <Game G>
typename G::Position position_from(const G& g, std::string_view text) {
  return text == "start" ? g.start() : g.parse(text);
}

// The outcome of a played line (`history` ends with the current position):
// the game's own outcome(history) where it has one (Emergo E12), otherwise
// that of the last position.
template <Game G>
Outcome played_outcome(const G& g, std::span<const typename G::Position> history) {
  if constexpr (requires { g.outcome(history); })
    return g.outcome(history);
  else
    return g.outcome(history.back());
}

// A parse_move that any game may use: the legal move whose text is `text`.
// Non-canonical spellings match nothing and are rejected, as RULES.md I5 asks.
template <class G>
typename G::Move find_move_by_text(const G& g, const typename G::Position& pos,
                                   std::string_view text) {
  for (const auto& move : g.legal_moves(pos))
    if (g.move_text(pos, move) == text) return move;
  throw Error("illegal or non-canonical move '" + std::string(text) + "'");
}

// The legal move texts of a position in byte order (RULES.md I1).
template <class G>
std::vector<std::string> sorted_move_texts(const G& g, const typename G::Position& pos) {
  std::vector<std::string> texts;
  for (const auto& move : g.legal_moves(pos)) texts.push_back(g.move_text(pos, move));
  std::sort(texts.begin(), texts.end());
  return texts;
}

}  // namespace arb
