// The fast engine implementation of Emergo (RULES.md E1-E12), sizes 9 and 7.
// Bitboards over the dark squares, copy-make, capture chains of up to three
// jumps counted and listed on whole bitboards and longer ones searched with the
// rules applied during the chain, the last ply counted without playing it.
// The hot members (legal_moves, count_moves, play) are inline; the text
// members (parse, format, diagram, move texts) live in emergo.cpp.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "common/error.h"
#include "common/game.h"
#include "common/hash.h"
#include "common/spec.h"
#include "engine/emergo/board.h"
#include "engine/emergo/symmetry.h"

namespace arb::engine::emergo {

class Emergo {
 public:
  using Position = detail::Position;
  using Move = detail::Move;
  using MoveList = detail::MoveList;
  static constexpr std::string_view kName = "emergo";

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
  const Rules& rules() const { return rules_; }
  std::string_view players() const { return "wb"; }
  Position start() const;
  Position parse(std::string_view text) const;
  std::string format(const Position& pos) const;
  std::string diagram(const Position& pos) const;
  int to_move(const Position& pos) const { return pos.side; }

  // plain_ is the size under the default move rules, 0 under a variant that
  // changes the moves (V2, V3): the default rules test it as they tested the size.
  MoveList legal_moves(const Position& pos) const {
    MoveList list;
    if (plain_ == 9)
      detail::generate<9>(pos, list);
    else if (plain_ == 7)
      detail::generate<7>(pos, list);
    else
      variant_moves(pos, list);
    return list;
  }
  std::uint64_t count_moves(const Position& pos) const {
    return plain_ == 9   ? detail::count_moves<9>(pos)
           : plain_ == 7 ? detail::count_moves<7>(pos)
                         : variant_count(pos);
  }
  // play() is the same under every variant, but tests plain_ first: perft's
  // loop then tests plain_ once for play() and count_moves() (size_ cost the
  // default rules a second test per move, 1.9% at the start).
  ARB_HOT_INLINE Position play(const Position& pos, const Move& move) const {
    if (plain_ == 9) return detail::play<9>(pos, move);
    return size_ == 9 ? detail::play<9>(pos, move) : detail::play<7>(pos, move);
  }

  std::string move_text(const Position& pos, const Move& move) const;
  Move parse_move(const Position& pos, std::string_view text) const;
  Outcome outcome(const Position& pos) const;
  // Optional (common/game.h): the material of perft stats' greedy player, his
  // free men, in hand and capping his columns; prisoners (E5) do not count.
  int material(const Position& pos, int player) const;
  // E12: in a played game the third occurrence of a position (same side to
  // move, same hands) is a draw. `history` ends with the current position.
  Outcome outcome(std::span<const Position> history) const;

  // Optional Game members (common/game.h). Every field goes into the hash;
  // perft has no history (P3: no E12 repetition), so the position is the key.
  std::uint64_t hash(const Position& pos) const {
    std::uint64_t h = hash_combine(pos.owned[0], pos.owned[1]);
    h = hash_bytes(h, pos.col.data(), pos.col.size());
    return hash_combine(h, pos.hand[0] | pos.hand[1] << 8 | pos.side << 16);
  }
  // The least of the position's eight images under the board's symmetries,
  // which every clause respects (symmetry.h): one table entry for all eight.
  Position canonical(const Position& pos) const {
    return size_ == 9 ? detail::Symmetry<9>::canonical(pos) : detail::Symmetry<7>::canonical(pos);
  }
  // E2, E3: columns on owned squares only, caps of one man or more, at most
  // the game's men of a colour on the board and in hand.
  bool ok(const Position& pos) const;

 private:
  std::string square_name(int sq) const;
  // The move generator of the variant rules (V2, V3), out of line; cold, so
  // that the default rules' hot loops are laid out and allocated as before.
  // variant_count is pure, as count_chains (board.h): perft's loop keeps plain_.
  [[gnu::cold]] void variant_moves(const Position& pos, MoveList& list) const;
  [[gnu::cold, gnu::pure]] std::uint64_t variant_count(const Position& pos) const;
  Spec spec_;
  Rules rules_;
  int size_;
  int men_;
  int plain_;  // size_ under the default move rules, else 0
};

}  // namespace arb::engine::emergo
