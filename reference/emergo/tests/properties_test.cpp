// Properties of the reference over positions reached by random play
// (RapidCheck picks the seed and the length of the game).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>
#include <string>

#include "reference/emergo/emergo.h"

namespace {

using arb::reference::Emergo;

int men_of(const Emergo::Position& pos, char colour, int side) {
  int n = pos.hand[static_cast<std::size_t>(side)];
  for (const auto& column : pos.squares)
    n += static_cast<int>(std::count(column.begin(), column.end(), colour));
  return n;
}

// True if the side NOT to move could capture now (E9's "already").
bool other_can_capture(const Emergo& g, Emergo::Position pos) {
  pos.side = 1 - pos.side;
  const auto moves = g.legal_moves(pos);
  return !moves.empty() && moves.front().kind == Emergo::Kind::kCapture;
}

void check_random_game(const Emergo& g, unsigned seed, int plies) {
  std::mt19937 rng(seed);
  auto pos = g.start();
  for (int ply = 0; ply < plies; ++ply) {
    const auto moves = g.legal_moves(pos);
    if (moves.empty()) {
      RC_ASSERT(g.outcome(pos).finished);
      return;
    }
    // E4/E7: either all moves are captures of one length, or none is.
    const bool capture = moves.front().kind == Emergo::Kind::kCapture;
    for (const auto& m : moves) {
      RC_ASSERT((m.kind == Emergo::Kind::kCapture) == capture);
      if (capture) RC_ASSERT(m.path.size() == moves.front().path.size());
      // E8: no step while men are in hand.
      if (m.kind == Emergo::Kind::kStep)
        RC_ASSERT(pos.hand[static_cast<std::size_t>(pos.side)] == 0);
    }
    const auto& move = moves[rng() % moves.size()];
    const auto next = g.play(pos, move);
    // Men never leave the game (E5: prisoners stay on the board).
    RC_ASSERT(men_of(next, 'W', 0) == men_of(pos, 'W', 0));
    RC_ASSERT(men_of(next, 'B', 1) == men_of(pos, 'B', 1));
    // E9: an entry never lets the opponent capture unless he already could.
    if (move.kind == Emergo::Kind::kEnter && !other_can_capture(g, pos)) {
      const auto replies = g.legal_moves(next);
      RC_ASSERT(replies.empty() || replies.front().kind != Emergo::Kind::kCapture);
    }
    // E5: the capturing column gains one man per jump.
    if (move.kind == Emergo::Kind::kCapture) {
      const auto before = pos.squares[static_cast<std::size_t>(move.path.front())].size();
      const auto after = next.squares[static_cast<std::size_t>(move.path.back())].size();
      RC_ASSERT(after == before + move.path.size() - 1);
    }
    // Every reachable position is valid text and round trips.
    RC_ASSERT(g.format(g.parse(g.format(next))) == g.format(next));
    pos = next;
  }
}

}  // namespace

RC_GTEST_PROP(EmergoProperties, RandomGames9x9, ()) {
  static const Emergo g(arb::Spec::parse("emergo"));
  check_random_game(g, *rc::gen::arbitrary<unsigned>(), *rc::gen::inRange(0, 150));
}

RC_GTEST_PROP(EmergoProperties, RandomGames7x7, ()) {
  static const Emergo g(arb::Spec::parse("emergo:size=7"));
  check_random_game(g, *rc::gen::arbitrary<unsigned>(), *rc::gen::inRange(0, 100));
}
