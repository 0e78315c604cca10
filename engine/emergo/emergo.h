// STUB: to be replaced by the engine implementation of Emergo.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/game.h"

namespace arb::engine {

class Emergo {
 public:
  struct Position {};
  struct Move {};
  using MoveList = std::vector<Move>;
  static constexpr std::string_view kName = "emergo";

  explicit Emergo(const Spec& spec) : spec_(spec) {}
  const Spec& spec() const { return spec_; }
  std::string_view players() const { return "wb"; }
  Position start() const { fail(); }
  Position parse(std::string_view) const { fail(); }
  std::string format(const Position&) const { fail(); }
  std::string diagram(const Position&) const { fail(); }
  int to_move(const Position&) const { fail(); }
  MoveList legal_moves(const Position&) const { fail(); }
  std::uint64_t count_moves(const Position&) const { fail(); }
  Position play(const Position&, const Move&) const { fail(); }
  std::string move_text(const Position&, const Move&) const { fail(); }
  Move parse_move(const Position&, std::string_view) const { fail(); }
  Outcome outcome(const Position&) const { fail(); }

 private:
  [[noreturn]] static void fail() { throw Error("emergo: the engine implementation does not exist yet"); }
  Spec spec_;
};

}  // namespace arb::engine
