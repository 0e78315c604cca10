// The toy game, reference side: a test-only game registered like the real
// ones (perft/tests/CMakeLists.txt), so that the registry, the compare tests
// and the generic properties are seen to work on a game they were not
// written for.
//
// T1 A pile of stones (the spec's `pile`, 12 by default); players a and b
//    take turns, a first.
// T2 A turn takes 1, 2 or 10 stones, never more than the pile holds.
// T3 Who takes the last stone wins; a player facing an empty pile has lost.
// Position text: "<pile> <a|b>" (the pile in plain digits, no leading zero,
// at most 999); move text: the number taken ("1", "10", "2": byte order is
// not numeric order).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"

namespace arb::reference {

class Toy {
 public:
  struct Position {
    int pile = 0;
    int side = 0;  // 0 = a, 1 = b
    friend bool operator==(const Position&, const Position&) = default;
  };
  struct Move {
    int take = 1;
    friend bool operator==(const Move&, const Move&) = default;
  };
  using MoveList = std::vector<Move>;
  static constexpr std::string_view kName = "toy";
  // The spec table's row (common/spec.h): the start pile, 12 by default.
  static constexpr std::string_view kSpecOptions = "pile=12|5|20";

  explicit Toy(const Spec& spec) : spec_(spec), start_pile_(spec.number("pile")) {}
  const Spec& spec() const { return spec_; }
  std::string_view players() const { return "ab"; }
  Position start() const { return {start_pile_, 0}; }  // T1

  Position parse(std::string_view text) const {
    const auto blank = text.find(' ');
    if (blank == std::string_view::npos || blank == 0 || blank > 3 || blank + 2 != text.size())
      throw Error("toy: expected '<pile> <a|b>', got '" + std::string(text) + "'");
    Position p;
    for (std::size_t i = 0; i < blank; ++i) {
      const char c = text[i];
      if (c < '0' || c > '9' || (i == 0 && c == '0' && blank > 1))
        throw Error("toy: field 1 (pile): bad character '" + std::string(1, c) + "'");
      p.pile = p.pile * 10 + (c - '0');
    }
    const char side = text.back();
    if (side != 'a' && side != 'b')
      throw Error("toy: field 2 (side): bad character '" + std::string(1, side) + "'");
    p.side = side == 'a' ? 0 : 1;
    return p;
  }
  std::string format(const Position& p) const {
    return std::to_string(p.pile) + " " + (p.side == 0 ? "a" : "b");
  }
  std::string diagram(const Position& p) const {
    return "pile " + std::string(static_cast<std::size_t>(p.pile), 'o') + "\n";
  }
  int to_move(const Position& p) const { return p.side; }
  MoveList legal_moves(const Position& p) const {  // T2
    MoveList out;
    for (int take : {1, 2, 10})
      if (take <= p.pile) out.push_back({take});
    return out;
  }
  std::uint64_t count_moves(const Position& p) const { return legal_moves(p).size(); }
  Position play(const Position& p, const Move& m) const { return {p.pile - m.take, 1 - p.side}; }
  std::string move_text(const Position&, const Move& m) const { return std::to_string(m.take); }
  Move parse_move(const Position& p, std::string_view text) const {
    return find_move_by_text(*this, p, text);
  }
  Outcome outcome(const Position& p) const {  // T3
    return p.pile == 0 ? Outcome::win(1 - p.side) : Outcome::ongoing();
  }

 private:
  Spec spec_;
  int start_pile_;
};

}  // namespace arb::reference
