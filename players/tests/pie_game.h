// A two-ply test game with a swap, where the right answer is known: the
// first player (colour a) chooses which colour will win, `good` (a) or `bad`
// (b); then b may `swap` (as C3: the players exchange colours, the board
// stays and b is still to move, without the option) before his `pass` ends
// the game. After `good` the swap is worth a win to the person who plays it
// and passing a loss; after `bad` the other way round. A colour-bound
// search sees no difference between them (colour a wins either way).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"

namespace arb::test {

class Pie {
 public:
  static constexpr std::string_view kName = "pie";
  struct Position {
    int stage = 0;      // 0: a chooses; 1: b to move; 2: over
    int favoured = 0;   // the colour that wins at the end
    bool swap = false;  // b may swap
    friend bool operator==(const Position&, const Position&) = default;
  };
  struct Move {
    std::string text;  // "bad", "good", "pass", "swap"
    friend bool operator==(const Move&, const Move&) = default;
  };
  using MoveList = std::vector<Move>;

  explicit Pie(const Spec& spec) : spec_(spec) {}
  const Spec& spec() const { return spec_; }
  std::string_view players() const { return "ab"; }
  Position start() const { return {}; }
  Position parse(std::string_view text) const {
    for (const Position& p : all())
      if (format(p) == text) return p;
    throw Error("pie: bad position '" + std::string(text) + "'");
  }
  std::string format(const Position& p) const {
    return std::to_string(p.stage) + (p.favoured ? "b" : "a") + (p.swap ? "s" : "-");
  }
  std::string diagram(const Position& p) const { return format(p) + "\n"; }
  int to_move(const Position& p) const { return p.stage == 0 ? 0 : 1; }
  MoveList legal_moves(const Position& p) const {  // in text order
    if (p.stage == 0) return {{"bad"}, {"good"}};
    if (p.stage == 1) return p.swap ? MoveList{{"pass"}, {"swap"}} : MoveList{{"pass"}};
    return {};
  }
  std::uint64_t count_moves(const Position& p) const { return legal_moves(p).size(); }
  Position play(const Position& p, const Move& m) const {
    Position next = p;
    if (m.text == "good" || m.text == "bad") {
      next.stage = 1;
      next.favoured = m.text == "good" ? 0 : 1;
      next.swap = true;
    } else if (m.text == "swap") {
      next.swap = false;  // colours exchanged; the board and the side stay
    } else {
      next.stage = 2;
      next.swap = false;
    }
    return next;
  }
  std::string move_text(const Position&, const Move& m) const { return m.text; }
  Move parse_move(const Position& p, std::string_view text) const {
    return find_move_by_text(*this, p, text);
  }
  Outcome outcome(const Position& p) const {
    return p.stage == 2 ? Outcome::win(p.favoured) : Outcome::ongoing();
  }
  Move nth_move(const Position& p, std::uint64_t i) const { return legal_moves(p).at(i); }
  bool swaps_colours(const Position&, const Move& m) const { return m.text == "swap"; }

 private:
  static std::vector<Position> all() {
    std::vector<Position> out;
    for (int stage = 0; stage <= 2; ++stage)
      for (int favoured = 0; favoured <= 1; ++favoured)
        for (bool swap : {false, true}) out.push_back({stage, favoured, swap});
    return out;
  }
  Spec spec_;
};

static_assert(Game<Pie> && ColourSwapGame<Pie> && NthMoveGame<Pie>);

}  // namespace arb::test
