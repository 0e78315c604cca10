// The REFERENCE implementation of Meridians (RULES.md M1-M11), sizes 6, 7, 8,
// with the `swap` option and the variants V6 (second=sight) and V7 (pass=keeps).
//
// Deliberately simple: written clause by clause from RULES.md, plain vectors,
// full copies, groups recomputed by flood fill whenever they are needed.
// Clarity first, never speed. It shares nothing with engine/meridians; the two
// meet only through the text notation.
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

class Meridians {
 public:
  enum class Stone : std::uint8_t { kEmpty, kWhite, kBlack };

  struct Position {
    std::vector<Stone> points;  // by point index (see point_name)
    int side = 0;               // index in players(): 0 = White, 1 = Black
    // Stones each colour has placed, capped at 2 exactly as the text shows it
    // ([White, Black]). 2 means "at least 2": see the M10 note in meridians.cpp.
    std::array<int, 2> placed{};
    bool swap_available = false;  // M9: Black may answer White's first stone with `swap`
    friend bool operator==(const Position&, const Position&) = default;
  };

  enum class Kind { kPlace, kPass, kSwap };

  struct Move {
    Kind kind = Kind::kPlace;
    int point = -1;  // kPlace only
    friend bool operator==(const Move&, const Move&) = default;
  };
  using MoveList = std::vector<Move>;
  static constexpr std::string_view kName = "meridians";
  // RULES.md "Game specs": key=default|others, or a bare flag (common/spec.h);
  // V6, V7 and their presets (V8).
  static constexpr std::string_view kSpecOptions =
      "size=7|6|8 swap second=path|sight pass=removes|keeps "
      "rules=boardspace(second=sight)|abstractplay(pass=keeps)";

  // The rule options (RULES.md M9, V6, V7; the presets V8 are expanded by
  // Spec), read once from the validated Spec: nothing else reads an option.
  struct Rules {
    bool swap = false;             // M9: the swap flag, Black's swap after White's first stone
    bool second_by_sight = false;  // V6: second=sight, M5 without "not adjacent"
    bool pass_keeps = false;       // V7: pass=keeps, M10 after a placement only
    static Rules from(const Spec& spec);
  };

  explicit Meridians(const Spec& spec);

  const Spec& spec() const { return spec_; }
  const Rules& rules() const { return rules_; }
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
  // The legal move of rank `index` in byte order of the move texts (RULES.md
  // I1's order; perft stats and perft play pick moves by it).
  Move nth_move(const Position& pos, std::uint64_t index) const;
  // Material (perft stats --player greedy): the player's stones on the board.
  int material(const Position& pos, int player) const;
  // M9: `swap` sorts after every point name ('s' > the row letters), so it
  // is the last rank; a sampling search must not miss it. After it the
  // colours are exchanged between the players.
  std::vector<std::uint64_t> special_ranks(const Position& pos) const {
    if (!pos.swap_available) return {};
    return {count_moves(pos) - 1};
  }
  bool swaps_colours(const Position&, const Move& move) const { return move.kind == Kind::kSwap; }

  // --- Board geometry (M1), public for the tests. ---
  int point_count() const { return static_cast<int>(row_of_.size()); }
  int row_count() const { return static_cast<int>(width_.size()); }
  int row_width(int row) const { return width_[row]; }
  // The point at row (0 = `a`) and position k (from 1); -1 if off the board.
  int point_at(int row, int k) const;
  // "g6"; and back (-1 for a name that is not a point of this board).
  std::string point_name(int point) const;
  int point_by_name(std::string_view name) const;
  // The neighbour of `point` in direction d (0..5, kDirections), -1 off the board.
  int step(int point, int direction) const;
  std::vector<int> neighbours(int point) const;
  // The points met going straight from `point` in direction d, nearest first.
  const std::vector<int>& line(int point, int direction) const { return lines_[point][direction]; }

  // --- Clauses M2/M3, public for the tests. ---
  // The group (M2) containing the stone on `point`.
  std::vector<int> group_of(const Position& pos, int point) const;
  // M2: the stone on `point` has a path.
  bool has_path(const Position& pos, int point) const;
  // M3: the stones of every dead group of `colour`, sorted.
  std::vector<int> dead_stones(const Position& pos, Stone colour) const;

  // The six neighbour directions in axial form (dx, dy), M1.
  static constexpr std::array<std::array<int, 2>, 6> kDirections{
      {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {-1, 1}, {1, -1}}};

 private:
  static Stone colour_of(int side) { return side == 0 ? Stone::kWhite : Stone::kBlack; }
  int stones_of(const Position& pos, Stone colour) const;
  // M4/M5/M6: may the side to move place a stone on the empty `point`?
  bool placement_legal(const Position& pos, int point) const;
  // M10: remove every dead group of `colour`.
  void remove_dead_groups(Position& pos, Stone colour) const;
  // The reasons a parsed position can never arise; throws arb::Error.
  void check_reachable(const Position& pos) const;

  Spec spec_;
  Rules rules_;
  int n_ = 6;                                           // length of the two short sides (size - 1)
  int middle_ = 6;                                      // index of the middle (longest) row
  std::vector<int> width_;                              // points per row
  std::vector<int> first_;                              // point index of position 1 of each row
  std::vector<int> row_of_, k_of_;                      // per point: row index, position from 1
  std::vector<std::array<std::vector<int>, 6>> lines_;  // per point and direction (M1)
};

}  // namespace arb::reference
