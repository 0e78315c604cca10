// Meridians' actions (docs/python.md#meridians): one action a turn, a point
// in the engine's numbering (row a first, each row from the left: a1 = 0),
// then `pass` and `swap`.
#pragma once

#include <algorithm>
#include <array>
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

}  // namespace arb::python::actions
