// Ecalper's actions (docs/python.md#ecalper): a complete turn (P1) is the
// replaced stone (C4; none on Black's first turn), then each placed stone in
// the move text's order (by row, then column), or `swap` (C3). Cells in the
// engine's numbering, row by row from the top, so ascending cells are that
// order. A turn has up to C(169,5) moves: they are never listed (EcalperTurn).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/ecalper/ecalper.h"
#include "python/actions/codec.h"

namespace arb::python::actions {

class EcalperCodec {
 public:
  using G = engine::ecalper::Ecalper;
  using Move = G::Move;
  using Position = G::Position;

  explicit EcalperCodec(const G& g)
      : n_(g.spec().number("size")), players_(g.rules().players), cells_(3 * n_ * (n_ - 1) + 1) {
    std::vector<std::string> names;
    for (const char* kind : {"replace ", "place "})
      for (int c = 0; c < cells_; ++c) names.push_back(kind + cell_name(g, c));
    names.push_back("swap");
    names_ = ActionNames(std::move(names));
    for (int r = 0, c = 0; r < 2 * n_ - 1; ++r)
      for (int col = std::max(0, r - n_ + 1); col <= std::min(2 * n_ - 2, r + n_ - 1); ++col)
        grid_.push_back(r * (2 * n_ - 1) + col), ++c;
  }
  const ActionNames& names() const { return names_; }
  int cells() const { return cells_; }
  int max_actions_per_turn() const { return 1 + (players_ == 3 ? 5 : 3); }

  template <class Out>
  void actions(const G&, const Position&, const Move& m, Out& out) const {
    if (m.swap) {
      out.push_back(2 * cells_);
      return;
    }
    if (m.replaced != engine::ecalper::detail::kNone) out.push_back(m.replaced);
    for (int i = 0; i < m.count; ++i) out.push_back(cells_ + m.cells[static_cast<std::size_t>(i)]);
  }

  // Planes over the cells in axial coordinates (C1: grid row = row - 1, grid
  // column = column letter - 'A'; the other cells of the (2n-1) x (2n-1) grid
  // are no cells), with P players: 0..P-1 each player's stones (b, w, r),
  // P..2P-1 the side to move (one plane per player), then 2P swap allowed,
  // 2P+1 the previous placing turn's replacement, 2P+2 its placed stones,
  // 2P+3 this turn's replacement, 2P+4 this turn's placed stones, 2P+5 a turn
  // in progress, 2P+6 the board's cells.
  std::array<int, 3> shape() const { return {2 * players_ + 7, 2 * n_ - 1, 2 * n_ - 1}; }
  void observe(const G& g, const Position& pos, std::span<const int> prefix, float* out) const {
    const int p = players_, plane = (2 * n_ - 1) * (2 * n_ - 1);
    const auto at = [&](int k, int cell) -> float& {
      return out[k * plane + grid_[static_cast<std::size_t>(cell)]];
    };
    for (int c = 0; c < cells_; ++c) {
      for (int who = 0; who < p; ++who)
        if (pos.stones[static_cast<std::size_t>(who)].test(c)) at(who, c) = 1;
      at(2 * p + 6, c) = 1;
    }
    const auto fill = [&](int k, float v) { std::fill(out + k * plane, out + (k + 1) * plane, v); };
    fill(p + pos.side, 1);
    fill(2 * p, pos.swap ? 1.0f : 0.0f);
    fill(2 * p + 5, prefix.empty() ? 0.0f : 1.0f);
    if (pos.last_replaced != engine::ecalper::detail::kNone) at(2 * p + 1, pos.last_replaced) = 1;
    for (int i = 0; i < pos.last_count; ++i)
      at(2 * p + 2, pos.last_placed[static_cast<std::size_t>(i)]) = 1;
    for (const int a : prefix) {
      if (a < cells_)
        at(2 * p + 3, a) = 1;
      else if (a < 2 * cells_)
        at(2 * p + 4, a - cells_) = 1;
    }
    (void)g;
  }

 private:
  static std::string cell_name(const G& g, int c) {
    Move m;
    m.count = 1;
    m.cells[0] = static_cast<std::uint8_t>(c);
    return g.move_text(g.start(), m);
  }

  int n_, players_, cells_;
  ActionNames names_;
  std::vector<int> grid_;  // cell -> index in a plane
};

// The turn under way, from the moves' structure (the engine's lazy MoveList:
// index = replaced stone's rank * C(E, k) + rank of the placed k-subset of the
// E empty cells, then `swap`): the replaceable stones, the empty cells and k.
class EcalperTurn {
 public:
  using G = EcalperCodec::G;
  using Move = G::Move;
  using Position = G::Position;

  void start(const G& g, const EcalperCodec& c, const Position& pos) {
    cells_ = c.cells();
    replaceable_.clear();
    empty_.clear();
    replaced_ = -1;
    placed_.clear();
    const G::MoveList list = g.legal_moves(pos);
    size_ = list.size();
    swap_ = pos.swap;
    first_turn_ = false;
    k_ = 0;
    legal_.clear();
    if (size_ == 0) return;
    for (int cell = 0; cell < cells_; ++cell) {
      bool taken = false;
      for (const auto& s : pos.stones) taken = taken || s.test(cell);
      if (!taken) empty_.push_back(cell);
    }
    const std::uint64_t normal = size_ - (swap_ ? 1 : 0);
    if (normal > 0) {
      const Move first = *list.begin();
      first_turn_ = first.replaced == engine::ecalper::detail::kNone;
      k_ = first.count;
      if (!first_turn_) {
        const std::uint64_t per =
            engine::ecalper::detail::binomial(static_cast<int>(empty_.size()), k_);
        for (std::uint64_t r = 0; r < normal / per; ++r)
          replaceable_.push_back((*(list.begin() + static_cast<std::ptrdiff_t>(r * per))).replaced);
      }
    }
    update_legal();
  }
  std::uint64_t size() const { return size_; }
  const std::vector<int>& legal() const { return legal_; }

  // false when `a` is not legal now; the complete turn's move in `done`.
  bool push(int a, std::optional<Move>& done) {
    if (!std::binary_search(legal_.begin(), legal_.end(), a)) return false;
    Move m;
    if (a == 2 * cells_) {
      m.swap = true;
      done = m;
      return true;
    }
    if (a < cells_)
      replaced_ = a;
    else
      placed_.push_back(a - cells_);
    if (static_cast<int>(placed_.size()) == k_) {
      m.replaced =
          replaced_ < 0 ? engine::ecalper::detail::kNone : static_cast<std::uint8_t>(replaced_);
      m.count = static_cast<std::uint8_t>(k_);
      for (int i = 0; i < k_; ++i)
        m.cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(placed_[i]);
      done = m;
      return true;
    }
    update_legal();
    return true;
  }

 private:
  void update_legal() {
    legal_.clear();
    const bool started = replaced_ >= 0 || !placed_.empty();
    if (!first_turn_ && replaced_ < 0) {
      for (const int r : replaceable_) legal_.push_back(r);
      std::sort(legal_.begin(), legal_.end());
    } else {
      // The j-th placed cell leaves room for the k - j - 1 after it, in order.
      const int j = static_cast<int>(placed_.size());
      const int last = placed_.empty() ? -1 : placed_.back();
      const int e = static_cast<int>(empty_.size());
      for (int i = 0; i < e; ++i)
        if (empty_[static_cast<std::size_t>(i)] > last && e - 1 - i >= k_ - j - 1)
          legal_.push_back(cells_ + empty_[static_cast<std::size_t>(i)]);
    }
    if (swap_ && !started) legal_.push_back(2 * cells_);
  }

  int cells_ = 0;
  std::uint64_t size_ = 0;
  bool swap_ = false, first_turn_ = false;
  int k_ = 0;
  std::vector<int> replaceable_, empty_;
  int replaced_ = -1;
  std::vector<int> placed_;
  std::vector<int> legal_;
};

}  // namespace arb::python::actions
