// The players of played games (perft stats --player/--players, the Python
// module): what a name like "mcts:200" means, and its limits.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace arb::players {

// random: uniform over the legal moves by text rank. greedy: the largest
// material lead after the move. mcts:N: UCT with N simulations a move
// (players/mcts.h); mcts:N:cut=K stops each playout after K plies and scores
// it by the searches' measure; mcts:N:decisive plays winning moves, and
// avoids losing ones, in the playouts. alphabeta:D: alpha-beta to depth D
// (players/alphabeta.h).
struct PlayerSpec {
  enum class Kind { kRandom, kGreedy, kMcts, kAlphaBeta };
  Kind kind = Kind::kRandom;
  std::uint64_t n = 0;    // simulations (mcts) or depth (alphabeta)
  std::uint64_t cut = 0;  // mcts: playout plies before the cut-off; 0: none
  bool decisive = false;  // mcts: decisive playouts

  std::string name() const;  // "random", "mcts:200:cut=40:decisive": parse(name()) == *this
  bool searches() const { return kind == Kind::kMcts || kind == Kind::kAlphaBeta; }
  friend bool operator==(const PlayerSpec&, const PlayerSpec&) = default;
};

// At most this many simulations or this depth: the tree keeps a node and a
// position per simulation (a few hundred bytes), so 10^6 is a few hundred MB
// per thread; a depth beyond 12 would take hours a move.
inline constexpr std::uint64_t kMaxSimulations = 1000000;
inline constexpr std::uint64_t kMaxDepth = 12;
// A cut-off beyond the default length bound would never cut.
inline constexpr std::uint64_t kMaxCut = 1000;

// One player's name; throws arb::Error naming `option` ("--players").
PlayerSpec parse_player(std::string_view text, std::string_view option);

// A comma-separated list, one per seat in turn order, or one name for every
// seat; throws arb::Error naming `option` when a name is bad or the list is
// longer than the `seats` the game has, or has neither 1 nor `seats` names.
std::vector<PlayerSpec> parse_players(std::string_view text, std::string_view option, int seats);

// "mcts:200" for one name, "mcts:200,random" for several.
std::string names(const std::vector<PlayerSpec>& seats);

}  // namespace arb::players
