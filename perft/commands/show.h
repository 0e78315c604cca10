// perft show <spec> ...: the game-generic part.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/game.h"
#include "perft/command.h"
#include "perft/perft.h"

namespace arb::cli {

// Above this many legal moves, show gives their number only: a list of 10^9
// move texts (ecalper:size=8,players=3) does not fit in memory.
inline constexpr std::uint64_t kShowListLimit = 10000;

struct Show {
  struct Args {
    RootArgs root;
    std::string impl = "engine";
    bool list_moves = false;  // --list-moves: list them however many there are
  };

  template <Game E, Game R>
  static int run(const E& engine, const R& reference, const Args& a, Io& io) {
    return a.impl == "engine" ? show(engine, a, io) : show(reference, a, io);
  }

  // With --moves it is a played game, so rules on the history apply too
  // (Emergo E12: a third repetition is a draw); perft never uses them (P3).
  template <Game G>
  static int show(const G& g, const Args& a, Io& io) {
    const auto history = play_line(g, position_from(g, a.root.position), split_moves(a.root.moves));
    const auto& pos = history.back();
    const Outcome outcome = played_outcome(g, std::span<const typename G::Position>(history));
    // A game that has ended by its history has no moves to list, though its
    // position alone would have some.
    const bool by_history = outcome.finished && !g.outcome(pos).finished;
    const std::uint64_t count = by_history ? 0 : g.count_moves(pos);
    if (a.list_moves && !by_history) check_moves_fit(g, pos);  // before any output
    const std::string players(g.players());
    auto& out = io.out;
    out << "game:     " << g.spec().canonical() << " (" << a.impl << ")\n"
        << "position: " << g.format(pos) << '\n'
        << "to move:  " << players[static_cast<std::size_t>(g.to_move(pos))] << '\n'
        << "outcome:  " << to_string(outcome, players)
        << (by_history ? " (by repetition of the played line)" : "") << '\n'
        << g.diagram(pos) << "legal moves (" << count << "):";
    if (count > kShowListLimit && !a.list_moves) {
      out << " not listed (more than " << kShowListLimit << "; --list-moves lists them)\n";
      return 0;
    }
    for (const auto& m : by_history ? std::vector<std::string>{} : sorted_move_texts(g, pos))
      out << ' ' << m;
    out << '\n';
    return 0;
  }
};

}  // namespace arb::cli
