// The toy game, engine side (rules: perft/tests/toy/reference/toy/toy.h). A
// second implementation that shares no code with the reference: moves as a
// bit mask over {1, 2, 10}, counted by popcount, texts parsed by hand.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"

namespace arb::engine::toy {

class Toy {
 public:
  struct Position {
    std::uint16_t pile = 0;
    std::uint8_t side = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };
  struct Move {
    std::uint8_t take = 1;
    friend bool operator==(const Move&, const Move&) = default;
  };
  // At most three moves: a fixed array and its length.
  struct MoveList {
    std::array<Move, 3> moves{};
    std::size_t n = 0;
    const Move* begin() const { return moves.data(); }
    const Move* end() const { return moves.data() + n; }
    std::size_t size() const { return n; }
  };
  static constexpr std::string_view kName = "toy";

  explicit Toy(const Spec& spec)
      : spec_(spec), start_{static_cast<std::uint16_t>(spec.number("pile")), 0} {}
  const Spec& spec() const { return spec_; }
  std::string_view players() const { return "ab"; }
  Position start() const { return start_; }

  Position parse(std::string_view text) const {
    if (text.size() < 3 || text.size() > 5 || text[text.size() - 2] != ' ')
      throw Error("toy: expected '<pile> <a|b>'");
    const std::string_view digits = text.substr(0, text.size() - 2);
    unsigned pile = 0;
    for (char c : digits) {
      if (c < '0' || c > '9') throw Error("toy: pile: bad character '" + std::string(1, c) + "'");
      pile = pile * 10 + static_cast<unsigned>(c - '0');
    }
    if (digits.size() > 1 && digits[0] == '0') throw Error("toy: pile: leading zero");
    const char side = text.back();
    if (side != 'a' && side != 'b')
      throw Error("toy: side: bad character '" + std::string(1, side) + "'");
    return {static_cast<std::uint16_t>(pile), static_cast<std::uint8_t>(side - 'a')};
  }
  std::string format(const Position& p) const {
    return std::to_string(p.pile) + ' ' + static_cast<char>('a' + p.side);
  }
  std::string diagram(const Position& p) const { return "pile " + std::string(p.pile, 'o') + "\n"; }
  int to_move(const Position& p) const { return p.side; }
  MoveList legal_moves(const Position& p) const {
    MoveList out;
    const unsigned m = mask(p);
    for (unsigned bit = 0; bit < 3; ++bit)
      if (m & (1u << bit)) out.moves[out.n++] = Move{kTakes[bit]};
    return out;
  }
  std::uint64_t count_moves(const Position& p) const {
    return static_cast<std::uint64_t>(std::popcount(mask(p)));
  }
  Position play(const Position& p, const Move& m) const {
    return {static_cast<std::uint16_t>(p.pile - m.take), static_cast<std::uint8_t>(p.side ^ 1)};
  }
  std::string move_text(const Position&, const Move& m) const { return std::to_string(m.take); }
  Move parse_move(const Position& p, std::string_view text) const {
    for (unsigned bit = 0; bit < 3; ++bit)
      if ((mask(p) & (1u << bit)) && text == kTexts[bit]) return Move{kTakes[bit]};
    throw Error("illegal or non-canonical move '" + std::string(text) + "'");
  }
  Outcome outcome(const Position& p) const {
    return p.pile == 0 ? Outcome::win(p.side ^ 1) : Outcome::ongoing();
  }

 private:
  static constexpr std::array<std::uint8_t, 3> kTakes = {1, 2, 10};
  static constexpr std::array<std::string_view, 3> kTexts = {"1", "2", "10"};
  // Bit i set when kTakes[i] stones can be taken.
  static unsigned mask(const Position& p) {
    return (p.pile >= 1 ? 1u : 0u) | (p.pile >= 2 ? 2u : 0u) | (p.pile >= 10 ? 4u : 0u);
  }

  Spec spec_;
  Position start_;
};

}  // namespace arb::engine::toy
