// Meridians' actions (docs/python.md#meridians): one action a turn, a point
// in the engine's numbering (row a first, each row from the left: a1 = 0),
// then `pass` and `swap`.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/meridians/meridians.h"
#include "python/actions/codec.h"

namespace arb::python::actions {

class MeridiansCodec {
 public:
  using G = engine::meridians::Meridians;
  using Move = G::Move;
  using Position = G::Position;

  explicit MeridiansCodec(const G& g) : n_(g.spec().number("size") - 1) {
    // M1: rows of n .. 2n .. n points
    for (int i = 0; i <= 2 * n_; ++i) points_ += width(i);
    std::vector<std::string> names;
    for (int p = 0; p < points_; ++p)
      names.push_back(g.move_text(g.start(), Move{static_cast<std::uint8_t>(p)}));
    names.push_back("pass");
    names.push_back("swap");
    names_ = ActionNames(std::move(names));
  }
  const ActionNames& names() const { return names_; }
  int points() const { return points_; }
  int max_actions_per_turn() const { return 1; }

  template <class Out>
  void actions(const G&, const Position&, const Move& m, Out& out) const {
    out.push_back(m.code == Move::kPass ? points_ : m.code == Move::kSwap ? points_ + 1 : m.code);
  }

  // Planes over the points in axial coordinates (M1): row i (a = 0) is grid
  // row i, point k of it grid column k - min(i, n) + n - 1, so the grid is
  // (2n + 1) x 2n for n = size - 1 and its other cells are no points.
  // 0 white stones, 1 black stones, 2 black to move, 3 and 4 the stones white
  // and black have placed (0, 1 or 2: the text's capped count), 5 swap
  // allowed, 6 the board's points.
  std::array<int, 3> shape() const { return {7, 2 * n_ + 1, 2 * n_}; }
  void observe(const G& g, const Position& pos, std::span<const int>, float* out) const {
    const int w = 2 * n_, plane = (2 * n_ + 1) * w;
    const std::string text = g.format(pos);  // fields view into it
    const auto fields = split(text, ' ');
    const auto rows = split(fields[0], '/');
    const auto cell = [&](int i, int k) { return i * w + k - std::min(i, n_) + n_ - 1; };
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const int i = 2 * n_ - static_cast<int>(r);
      each_stone(rows[r], [&](int at, char stone) {
        out[(stone == 'W' ? 0 : 1) * plane + cell(i, at + 1)] = 1;
      });
      for (int k = 1; k <= width(i); ++k) out[6 * plane + cell(i, k)] = 1;
    }
    const float black = fields[1] == "b" ? 1.0f : 0.0f;
    const float white_placed = static_cast<float>(fields[2][0] - '0');
    const float black_placed = static_cast<float>(fields[3][0] - '0');
    const float swap = fields.size() > 4 ? 1.0f : 0.0f;
    for (int i = 0; i < plane; ++i) {
      out[2 * plane + i] = black;
      out[3 * plane + i] = white_placed;
      out[4 * plane + i] = black_placed;
      out[5 * plane + i] = swap;
    }
  }

 private:
  int width(int i) const { return n_ + std::min(i, 2 * n_ - i); }

  int n_;
  int points_ = 0;
  ActionNames names_;
};

// The turn under way, without listing it: legal_moves works out M10 and the
// next count for every placement (for perft), which a played game does not
// need; the placements (M6), `pass` without one (M7) and `swap` (M9) are the
// moves, and play checks M10 on a bare Move (engine/meridians/meridians.h).
class MeridiansTurn {
 public:
  using G = MeridiansCodec::G;
  using Move = G::Move;
  using Position = G::Position;

  void start(const G& g, const MeridiansCodec& c, const Position& pos) {
    legal_.clear();
    size_ = g.count_moves(pos);
    if (size_ == 0) return;
    const auto bits = g.placements(pos);
    for (int k = 0; k < static_cast<int>(std::size(bits.w)); ++k)
      for (std::uint64_t w = bits.w[k]; w; w &= w - 1)
        legal_.push_back(64 * k + std::countr_zero(w));
    if (legal_.empty()) legal_.push_back(c.points());  // M7: pass
    if (pos.may_swap) legal_.push_back(c.points() + 1);
    points_ = c.points();
  }
  std::uint64_t size() const { return size_; }
  const std::vector<int>& legal() const { return legal_; }

  bool push(int a, std::optional<Move>& done) {
    if (!std::binary_search(legal_.begin(), legal_.end(), a)) return false;
    done = Move{a == points_       ? Move::kPass
                : a == points_ + 1 ? Move::kSwap
                                   : static_cast<std::uint8_t>(a)};
    return true;
  }

 private:
  std::uint64_t size_ = 0;
  int points_ = 0;
  std::vector<int> legal_;
};

}  // namespace arb::python::actions
