// The REFERENCE implementation of Eximo (RULES.md X1-X7, variants V4, V5): a plain 8x8 array and
// recursion, written clause by clause for clarity, never for speed. It shares
// nothing with engine/eximo; the two meet only through position and move texts.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"

namespace arb::reference {

class Eximo {
 public:
  enum class Piece : char { kEmpty = '.', kWhite = 'W', kBlack = 'B' };
  enum class Side { kWhite = 0, kBlack = 1 };  // index in players() "wb"

  // A square as (file, rank), both 0..7: a1 = {0, 0}, h8 = {7, 7}.
  struct Square {
    int file = 0;
    int rank = 0;
    friend bool operator==(Square, Square) = default;
  };

  static constexpr std::array<std::array<Piece, 8>, 8> empty_board() {
    std::array<std::array<Piece, 8>, 8> b{};
    for (auto& rank : b) rank.fill(Piece::kEmpty);
    return b;
  }

  struct Position {
    // board[rank][file], rank 0 = rank 1; every square starts empty.
    std::array<std::array<Piece, 8>, 8> board = empty_board();
    Side side = Side::kWhite;
    friend bool operator==(const Position&, const Position&) = default;
  };

  enum class Kind { kStep, kFriendlyJump, kCapture };

  struct Move {
    Kind kind = Kind::kStep;
    std::vector<Square> path;   // start square, then every landing square
    std::vector<Square> drops;  // X6: sorted by rank then file
    friend bool operator==(const Move&, const Move&) = default;
  };
  using MoveList = std::vector<Move>;

  static constexpr std::string_view kName = "eximo";
  // RULES.md "Game specs": key=default|others, or a bare flag (common/spec.h).
  // V4 drops, V5 capture; V8 the preset rules=seed (seed 002's reading of X6).
  static constexpr std::string_view kSpecOptions =
      "drops=two|optional capture=free|max rules=seed(drops=optional)";

  // The variant options (RULES.md V4, V5; the preset V8 is expanded by Spec),
  // read once from the validated Spec: nothing else reads an option.
  struct Rules {
    bool optional_drops = false;  // V4: drops=optional, 0, 1 or 2 drops (X6 default: two)
    bool max_capture = false;     // V5: capture=max, only the chains taking the most men
    static Rules from(const Spec& spec);
  };

  explicit Eximo(const Spec& spec);
  const Spec& spec() const { return spec_; }
  const Rules& rules() const { return rules_; }
  std::string_view players() const { return "wb"; }
  Position start() const;
  Position parse(std::string_view text) const;
  std::string format(const Position& pos) const;
  std::string diagram(const Position& pos) const;
  // Cell names in text order, for pictures (common/game.h).
  BoardLayout board_layout() const;
  int to_move(const Position& pos) const { return static_cast<int>(pos.side); }
  MoveList legal_moves(const Position& pos) const;
  std::uint64_t count_moves(const Position& pos) const { return legal_moves(pos).size(); }
  Position play(const Position& pos, const Move& move) const;
  std::string move_text(const Position& pos, const Move& move) const;
  Move parse_move(const Position& pos, std::string_view text) const;
  Outcome outcome(const Position& pos) const;
  // Material (perft stats --player greedy): the player's men on the board.
  int material(const Position& pos, int player) const;

  static std::string square_name(Square s);

 private:
  Spec spec_;
  Rules rules_;
};

}  // namespace arb::reference
