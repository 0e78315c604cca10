// Emergo's actions (docs/python.md#emergo): a complete turn (P1) is one entry,
// a step as its column then its target, or a capture chain as its column then
// each landing square, one jump an action. Squares are the dark squares in the
// engine's numbering (a1 = 0, rank by rank), 41 on 9x9, 25 on 7x7.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "engine/emergo/emergo.h"
#include "python/actions/codec.h"

namespace arb::python::actions {

class EmergoCodec {
 public:
  using G = engine::emergo::Emergo;
  using Move = G::Move;
  using Position = G::Position;

  explicit EmergoCodec(const G& g) : size_(g.spec().number("size")) {
    squares_ = (size_ * size_ + 1) / 2;
    men_ = size_ == 9 ? 12 : 8;
    std::vector<std::string> names;
    for (const char* kind : {"enter ", "from ", "to "})
      for (int sq = 0; sq < squares_; ++sq) names.push_back(kind + square_name(sq));
    names_ = ActionNames(std::move(names));
  }
  const ActionNames& names() const { return names_; }
  // E5, E6: every jump takes one man, and a player has at most men_ men.
  int max_actions_per_turn() const { return 1 + men_; }

  template <class Out>
  void actions(const G&, const Position&, const Move& m, Out& out) const {
    using engine::emergo::detail::MoveKind;
    switch (m.kind) {
      case MoveKind::kEntry:
        out.push_back(m.from);
        return;
      case MoveKind::kStep:
        out.push_back(squares_ + m.from);
        out.push_back(2 * squares_ + m.jumps);  // the target (Move)
        return;
      case MoveKind::kCapture: {
        out.push_back(squares_ + m.from);
        int sq = m.from;
        for (int i = 0; i < m.jumps; ++i) {
          const int d = (m.dirs >> (2 * i)) & 3;
          for (int k = 0; k < 2; ++k) sq = neighbour(sq, d);
          out.push_back(2 * squares_ + sq);
        }
        return;
      }
    }
  }

  // Planes over the board, rank 1 first, file a first (light squares 0):
  // 0 white columns, 1 black columns, 2 cap height (the owner's men), 3
  // prisoners, 4 black to move, 5 white's men in hand, 6 black's men in hand
  // (constant planes, counts), 7 this turn's column (from), 8 this turn's
  // landings so far (how often), 9 a turn in progress.
  std::array<int, 3> shape() const { return {10, size_, size_}; }
  void observe(const G&, const Position& pos, std::span<const int> prefix, float* out) const {
    const int plane = size_ * size_;
    const auto at = [&](int p, int sq) -> float& {
      return out[p * plane + rank_of(sq) * size_ + file_of(sq)];
    };
    for (int sq = 0; sq < squares_; ++sq) {
      const int owner = (pos.owned[0] >> sq & 1) ? 0 : (pos.owned[1] >> sq & 1) ? 1 : -1;
      if (owner < 0) continue;
      at(owner, sq) = 1;
      at(2, sq) = static_cast<float>(engine::emergo::detail::cap_of(pos.col[sq]));
      at(3, sq) = static_cast<float>(engine::emergo::detail::prisoners_of(pos.col[sq]));
    }
    for (int i = 0; i < plane; ++i) {
      out[4 * plane + i] = static_cast<float>(pos.side);
      out[5 * plane + i] = static_cast<float>(pos.hand[0]);
      out[6 * plane + i] = static_cast<float>(pos.hand[1]);
      out[9 * plane + i] = prefix.empty() ? 0.0f : 1.0f;
    }
    for (const int a : prefix) {
      if (a >= 2 * squares_)
        at(8, a - 2 * squares_) += 1;
      else if (a >= squares_)
        at(7, a - squares_) = 1;
    }
  }

 private:
  int rank_of(int sq) const { return 2 * sq / size_; }
  int file_of(int sq) const { return 2 * sq % size_; }
  int neighbour(int sq, int d) const {
    return size_ == 9 ? engine::emergo::detail::Geometry<9>::kNeighbour[sq][d]
                      : engine::emergo::detail::Geometry<7>::kNeighbour[sq][d];
  }
  std::string square_name(int sq) const {
    return std::string(1, static_cast<char>('a' + file_of(sq))) + std::to_string(rank_of(sq) + 1);
  }

  int size_, squares_, men_;
  ActionNames names_;
};

}  // namespace arb::python::actions
