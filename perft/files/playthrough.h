// Golden playthroughs (the OpenSpiel habit, shared/DESIGN.md): a seeded random
// game written as text, one block per ply, so that a rule change or an
// implementation change shows up as a readable diff of fixtures/playthroughs/.
#pragma once

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "common/game.h"
#include "perft/count/perft.h"

namespace arb {

// How many sorted move texts a ply block lists before "... (N more)".
inline constexpr std::size_t kPlaythroughListed = 20;

// Plays a random game from `root` and writes it to `out`:
//
//   perft play <spec> --seed S --plies N [--position '<root>']   (reproduces the file)
//   ply 1
//     position  <text>
//     to move   <side letter>
//     moves     <n>: <the first 20 sorted move texts> ... (<n - 20> more)
//     play      <the chosen move text>
//   ...
//   end after <k> plies
//     position  <text>
//     to move   <side letter>
//     outcome   win w | draw | ongoing (stopped at --plies N) | ...
//
// The move of each ply is texts[rng() % n] over the legal move texts in byte
// order (for a game with nth_move, g.nth_move(pos, rng() % n)), with std::mt19937_64(seed): raw
// output modulo n, never a distribution, so that the choice is the same in every standard library.
// Only texts are written, so engine and reference give byte-identical output.
//
// The game stops when it is finished or after max_plies plies. Games with
// `outcome(history)` (Emergo E12, threefold repetition) are judged on the
// played line, which begins at `root`: a playthrough from root R after moves M
// is the playthrough from R's successor position text.
template <Game G>
void write_playthrough(const G& g, const typename G::Position& root, std::uint64_t seed,
                       int max_plies, std::ostream& out) {
  using Position = typename G::Position;
  const std::string players(g.players());
  const auto side = [&](const Position& pos) {
    return players[static_cast<std::size_t>(g.to_move(pos))];
  };
  const auto outcome = [&](const std::vector<Position>& history) {
    return played_outcome(g, std::span<const Position>(history));
  };

  if constexpr (!NthMoveGame<G>) check_moves_fit(g, root);  // before any output
  out << "perft play " << g.spec().canonical() << " --seed " << seed << " --plies " << max_plies;
  if (g.format(root) != g.format(g.start())) out << " --position '" << g.format(root) << "'";
  out << '\n';

  std::mt19937_64 rng(seed);
  std::vector<Position> history{root};
  int ply = 0;
  for (; ply < max_plies; ++ply) {
    const Position& pos = history.back();
    if (outcome(history).finished) break;
    // The legal moves with their texts, in byte order of the texts (RULES.md I1).
    // A game with nth_move (Ecalper) names the listed and the chosen move by
    // rank, without building and sorting its millions of moves.
    std::uint64_t n = 0;
    std::vector<std::string> listed;
    std::string chosen;
    typename G::Move chosen_move{};
    if constexpr (NthMoveGame<G>) {
      n = g.count_moves(pos);
      if (n == 0) break;  // cannot happen for a Game: finished iff no moves (P3)
      for (std::uint64_t i = 0; i < n && i < kPlaythroughListed; ++i)
        listed.push_back(g.move_text(pos, g.nth_move(pos, i)));
      chosen_move = g.nth_move(pos, rng() % n);
      chosen = g.move_text(pos, chosen_move);
    } else {
      check_moves_fit(g, pos);
      std::vector<typename G::Move> moves;
      std::vector<std::pair<std::string, std::size_t>> texts;
      for (const auto& move : g.legal_moves(pos)) {
        texts.emplace_back(g.move_text(pos, move), moves.size());
        moves.push_back(move);
      }
      if (texts.empty()) break;  // cannot happen for a Game: finished iff no moves (P3)
      std::sort(texts.begin(), texts.end());
      n = texts.size();
      for (std::size_t i = 0; i < texts.size() && i < kPlaythroughListed; ++i)
        listed.push_back(texts[i].first);
      const auto& pick = texts[static_cast<std::size_t>(rng() % texts.size())];
      chosen = pick.first;
      chosen_move = moves[pick.second];
    }

    out << "ply " << ply + 1 << "\n  position  " << g.format(pos) << "\n  to move   " << side(pos)
        << "\n  moves     " << n << ':';
    for (const std::string& text : listed) out << ' ' << text;
    if (n > kPlaythroughListed) out << " ... (" << n - kPlaythroughListed << " more)";
    out << "\n  play      " << chosen << '\n';
    history.push_back(g.play(pos, chosen_move));
  }

  const Position& last = history.back();
  const Outcome result = outcome(history);
  out << "end after " << ply << " plies\n  position  " << g.format(last) << "\n  to move   "
      << side(last) << "\n  outcome   " << to_string(result, players);
  if (!result.finished)
    out << " (stopped at --plies " << max_plies << ")";
  else if (!g.outcome(last).finished)
    out << " (by repetition of the played line)";
  out << '\n';
}

}  // namespace arb
