// Eximo's actions (docs/python.md#eximo): a complete turn (P1) is the man that
// moves, then each square it reaches (a step's target, each jump's landing),
// then each drop (X6) in the move text's order (by rank, then file), and under
// drops=optional (V4) an explicit end after a far-row arrival, since "d7-d8"
// would otherwise be a prefix of "d7-d8+b1". Squares: a1 = 0, b1 = 1, ... h8 = 63.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "engine/eximo/eximo.h"
#include "python/actions/codec.h"

namespace arb::python::actions {

class EximoCodec {
 public:
  using G = engine::eximo::Eximo;
  using Move = G::Move;
  using Position = G::Position;
  static constexpr int kFrom = 0, kTo = 64, kDrop = 128, kEnd = 192;

  explicit EximoCodec(const G& g) : optional_drops_(g.rules().optional_drops) {
    std::vector<std::string> names;
    for (const char* kind : {"from ", "to ", "drop "})
      for (int sq = 0; sq < 64; ++sq) names.push_back(kind + square_name(sq));
    if (optional_drops_) names.push_back("end");
    names_ = ActionNames(std::move(names));
  }
  const ActionNames& names() const { return names_; }
  // A chain takes at most the enemy men, at most 62 (64 squares less the mover
  // and the landing); two drops; the end.
  int max_actions_per_turn() const { return 1 + 62 + 2 + 1; }

  template <class Out>
  void actions(const G&, const Position& pos, const Move& m, Out& out) const {
    using engine::eximo::detail::kShift;
    const int turn = pos.side ? 56 : 0;  // mover's frame -> board squares
    out.push_back(kFrom + (m.from ^ turn));
    if (m.kind == G::Kind::kStep) {
      out.push_back(kTo + (m.to ^ turn));
    } else {
      int sq = m.from;
      for (int i = 0; i < m.jumps; ++i) {
        sq += 2 * kShift[(m.dirs >> (3 * i)) & 7];
        out.push_back(kTo + (sq ^ turn));
      }
    }
    if (m.to < 56) return;
    // X6: flip holds the start square and the drops (as move_text reads it)
    int drops[2];
    int n = 0;
    for (std::uint64_t d = m.flip ^ (std::uint64_t{1} << m.from); d && n < 2; d &= d - 1)
      drops[n++] = std::countr_zero(d) ^ turn;
    if (n == 2 && drops[0] > drops[1]) std::swap(drops[0], drops[1]);
    for (int i = 0; i < n; ++i) out.push_back(kDrop + drops[i]);
    if (optional_drops_) out.push_back(kEnd);
  }

  // Planes over the board, rank 1 first, file a first: 0 white men, 1 black
  // men, 2 black to move, 3 this turn's man (from), 4 this turn's squares
  // reached so far (how often), 5 this turn's drops, 6 a turn in progress.
  std::array<int, 3> shape() const { return {7, 8, 8}; }
  void observe(const G& g, const Position& pos, std::span<const int> prefix, float* out) const {
    const std::string text = g.format(pos);  // fields view into it
    const auto fields = split(text, ' ');
    const auto ranks = split(fields[0], '/');
    for (std::size_t r = 0; r < ranks.size(); ++r)
      each_stone(ranks[r], [&](int file, char man) {
        out[(man == 'W' ? 0 : 1) * 64 + (7 - static_cast<int>(r)) * 8 + file] = 1;
      });
    for (int i = 0; i < 64; ++i) {
      out[2 * 64 + i] = fields[1] == "b" ? 1.0f : 0.0f;
      out[6 * 64 + i] = prefix.empty() ? 0.0f : 1.0f;
    }
    for (const int a : prefix) {
      if (a < kTo)
        out[3 * 64 + a] = 1;
      else if (a < kDrop)
        out[4 * 64 + a - kTo] += 1;
      else if (a < kEnd)
        out[5 * 64 + a - kDrop] = 1;
    }
  }

 private:
  static std::string square_name(int sq) {
    return std::string(1, static_cast<char>('a' + sq % 8)) + std::to_string(sq / 8 + 1);
  }

  bool optional_drops_;
  ActionNames names_;
};

}  // namespace arb::python::actions
