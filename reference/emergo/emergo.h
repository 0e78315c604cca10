// The REFERENCE implementation of Emergo (RULES.md E1-E12), sizes 9 and 7.
//
// Deliberately simple: written clause by clause from RULES.md, plain
// containers, recursion, full copies. Clarity first, never speed. It shares
// nothing with engine/emergo; the two meet only through the text notation.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"

namespace arb::reference {

class Emergo {
 public:
  // Board square: index = rank * size + file, both from 0 (a1 = 0).
  struct Position {
    // One string per square: the men of the column there, bottom to top,
    // 'W' or 'B'; empty string = empty square. Light squares stay empty.
    std::vector<std::string> squares;
    int side = 0;               // index in players(): 0 = White, 1 = Black
    std::array<int, 2> hand{};  // men in hand: [White, Black]
    friend bool operator==(const Position&, const Position&) = default;
  };

  enum class Kind { kEnter, kStep, kCapture };

  struct Move {
    Kind kind = Kind::kEnter;
    // kEnter: {square}; kStep: {from, to}; kCapture: {start, landing...}.
    std::vector<int> path;
    int men = 1;  // kEnter only: men entered (more than 1 = shadow piece, E8)
    friend bool operator==(const Move&, const Move&) = default;
  };
  using MoveList = std::vector<Move>;
  static constexpr std::string_view kName = "emergo";
  // RULES.md "Game specs": key=default|others, or a bare flag (common/spec.h).
  // V1-V3 are rule variants, V8 the preset naming the Zillions file's rules.
  static constexpr std::string_view kSpecOptions =
      "size=9|7 blocked=draw|loss capture=max|any feeding=forbidden|allowed "
      "rules=zillions(blocked=loss)";

  // The variant options (RULES.md V1-V3; the preset V8 is expanded by Spec),
  // read once from the validated Spec: nothing else reads an option.
  struct Rules {
    bool blocked_is_loss = false;  // V1: blocked=loss
    bool any_capture = false;      // V2: capture=any
    bool feeding_allowed = false;  // V3: feeding=allowed
    static Rules from(const Spec& spec);
  };

  explicit Emergo(const Spec& spec);

  const Spec& spec() const { return spec_; }
  std::string_view players() const { return "wb"; }
  Position start() const;
  Position parse(std::string_view text) const;
  std::string format(const Position& pos) const;
  std::string diagram(const Position& pos) const;
  // Cell names in text order, for pictures (common/game.h).
  BoardLayout board_layout() const;
  int to_move(const Position& pos) const { return pos.side; }
  MoveList legal_moves(const Position& pos) const;
  std::uint64_t count_moves(const Position& pos) const { return legal_moves(pos).size(); }
  Position play(const Position& pos, const Move& move) const;
  std::string move_text(const Position& pos, const Move& move) const;
  Move parse_move(const Position& pos, std::string_view text) const;
  Outcome outcome(const Position& pos) const;
  // Material (perft stats --player greedy): the player's free men, in hand and
  // in the columns he owns (E3: all of his men in such a column are its cap).
  int material(const Position& pos, int player) const;
  // E12 in a played game: also a draw at the third occurrence of the current
  // position (same side to move). `history` ends with the current position.
  Outcome outcome(std::span<const Position> history) const;

  int size() const { return size_; }
  int men_per_side() const { return men_; }
  const Rules& rules() const { return rules_; }
  // The name of a square index, "e5".
  std::string square_name(int square) const;

 private:
  bool on_board(int file, int rank) const;
  bool is_dark(int file, int rank) const;
  int centre() const;
  // Owner of a column (colour of its top man) as a side index, -1 if empty.
  static int owner(const std::string& column);
  // E5/E6/E7: every capture chain of `side`, longest only (empty if none);
  // under V2 (capture=any) every complete chain.
  MoveList captures(const Position& pos, int side) const;
  // True if `side` has at least one jump available (used by E4 and E9).
  bool can_capture(const Position& pos, int side) const;
  void extend_chain(Position& board, int side, std::string& carried, int last_jumped,
                    std::vector<int>& path, MoveList& out) const;

  Spec spec_;
  int size_ = 9;
  int men_ = 12;
  Rules rules_;
};

}  // namespace arb::reference
