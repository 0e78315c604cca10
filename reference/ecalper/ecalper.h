// Reference implementation of Ecalper (RULES.md C1-C7), written clause by
// clause for clarity, never for speed. It shares no code with engine/ecalper:
// the two meet only through the position and move texts.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"

namespace arb::reference {

class Ecalper {
 public:
  enum class Stone : std::uint8_t { kEmpty, kBlack, kWhite, kRed };

  struct Position {
    std::vector<Stone> cells;      // one per cell, in cell index order (row, then column)
    int side = 0;                  // index into players()
    bool may_swap = false;         // C3: White may still play `swap`
    int last_replaced = -1;        // <last>: the cell the previous placing turn replaced, or -1
    std::vector<int> last_placed;  // <last>: the cells it placed, sorted; empty = `-`
    friend bool operator==(const Position&, const Position&) = default;
  };

  struct Move {
    bool swap = false;        // C3
    int replaced = -1;        // C4: the opponent stone turned into ours; -1 on the first turn
    std::vector<int> placed;  // sorted cells (P2); empty on the final turn (C5)
    friend bool operator==(const Move&, const Move&) = default;
  };

  using MoveList = std::vector<Move>;
  static constexpr std::string_view kName = "ecalper";
  // RULES.md "Game specs": key=default|others, or a bare flag (common/spec.h).
  static constexpr std::string_view kSpecOptions =
      "size=7|5|6|8 replace=any|last-added players=2|3";

  // The rule options (RULES.md C4, C7), read once from the validated Spec:
  // nothing else reads an option.
  struct Rules {
    int players = 2;          // C7: players=3, Black, White, Red with 5 stones a turn
    bool last_added = false;  // C4: replace=last-added, only stones placed last turn
    static Rules from(const Spec& spec);
  };

  explicit Ecalper(const Spec& spec);

  const Spec& spec() const { return spec_; }
  const Rules& rules() const { return rules_; }
  std::string_view players() const { return rules_.players == 3 ? "bwr" : "bw"; }
  Position start() const;
  Position parse(std::string_view text) const;
  std::string format(const Position& pos) const;
  std::string diagram(const Position& pos) const;
  // Cell names in text order, for pictures (common/game.h).
  BoardLayout board_layout() const;
  int to_move(const Position& pos) const { return pos.side; }
  MoveList legal_moves(const Position& pos) const;
  std::uint64_t count_moves(const Position& pos) const;
  Position play(const Position& pos, const Move& move) const;
  std::string move_text(const Position& pos, const Move& move) const;
  Move parse_move(const Position& pos, std::string_view text) const;
  Outcome outcome(const Position& pos) const;

  // Optional Game members (common/game.h). The legal move of rank `index` in
  // byte order of the move texts (RULES.md I1), from the counts, without the
  // list: a first turn of three players on size 5 has 5.9 million moves.
  Move nth_move(const Position& pos, std::uint64_t index) const;
  // Material (perft stats --player greedy): the player's stones on the board.
  // Every turn replaces one opponent stone and places k (C4), so every move
  // changes the material lead alike: greedy plays at random.
  int material(const Position& pos, int player) const;
  static constexpr bool kMaterialSameForEveryMove = true;
  // What a search evaluates by instead (common/game.h): C6's first
  // criterion, the size of the player's largest group.
  int score(const Position& pos, int player) const;
  // The ranks of the moves a sampling search must not miss: C3's `swap`,
  // first in text order ('s' < 'x'), one move among hundreds of thousands.
  std::vector<std::uint64_t> special_ranks(const Position& pos) const {
    if (pos.may_swap) return {0};
    return {};
  }
  // C3: after `swap` the players hold each other's colours.
  bool swaps_colours(const Position&, const Move& move) const { return move.swap; }

  // Geometry (C1), public for tests and diagnostics.
  int size() const { return n_; }
  int cell_count() const { return static_cast<int>(cell_q_.size()); }
  std::string cell_name(int cell) const;
  int cell_index(std::string_view name) const;  // -1 if there is no such cell
  std::vector<int> neighbours(int cell) const;  // sorted cell indices

  // C6 per player: {size of the largest group, number of groups}.
  struct GroupStats {
    int largest = 0;
    int groups = 0;
  };
  GroupStats group_stats(const Position& pos, Stone colour) const;

 private:
  int empty_count(const Position& pos) const;
  int stones_per_turn() const { return rules_.players == 3 ? 5 : 3; }
  bool final_turn_played(const Position& pos) const;
  bool game_over(const Position& pos) const;
  bool is_first_turn(const Position& pos) const;
  bool is_replacement_only_turn(const Position& pos) const;
  std::vector<int> replaceable_cells(const Position& pos) const;
  std::vector<int> empty_cells(const Position& pos) const;
  int cell_at(int q, int r) const;  // -1 off the board
  void check_reachable(const Position& pos) const;

  Spec spec_;
  Rules rules_;
  int n_ = 7;
  std::vector<int> cell_q_, cell_r_;  // axial coordinates of each cell, from 0
  std::vector<int> row_first_q_;      // per row r: the first column index
  std::vector<int> row_first_cell_;   // per row r: the index of its first cell
};

}  // namespace arb::reference
