// Ecalper, fast engine (RULES.md C1-C7).
//
// Cells are numbered row-major (row from the top, then column), so sorted cell
// indices are exactly the canonical order of placed cells in move texts.
// A position is one bitboard per colour (192 bits: 169 cells at most).
// The move list is never materialised: a turn is (replaced stone) x (k-subset
// of the empty cells), enumerated lazily by a random-access iterator that
// decodes an index, and counted by arithmetic. So it is not core::MoveList:
// one position can have 10^9 moves (C(169,5)), far beyond any stored list.
#pragma once

#include <array>
#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "common/count.h"
#include "common/error.h"
#include "common/game.h"
#include "common/hash.h"
#include "common/spec.h"
#include "engine/core/bit_set.h"
#include "engine/core/hex_grid.h"
#include "engine/core/inline.h"

namespace arb::engine::ecalper {

namespace detail {

// A 128-bit count (RULES.md P4), for count_subtree: the project's one checked type.
using Wide = arb::Count;

inline constexpr int kMaxCells = 169;  // size 8
inline constexpr int kMaxRows = 15;
inline constexpr int kMaxPlaced = 5;
inline constexpr std::uint8_t kNone = 255;

using Bits = core::BitSet<3>;  // 192 bits: 169 cells at most

// C(n, k) for n <= kMaxCells, k <= 5 (at most C(169,5) ~ 1.1e9: no overflow).
using BinomialTable = std::array<std::array<std::uint64_t, kMaxPlaced + 1>, kMaxCells + 1>;
constexpr BinomialTable make_binomials() {
  BinomialTable c{};
  for (std::size_t n = 0; n <= kMaxCells; ++n) {
    c[n][0] = 1;
    for (std::size_t k = 1; k <= kMaxPlaced; ++k)
      c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
  }
  return c;
}
inline constexpr BinomialTable kBinomial = make_binomials();
inline std::uint64_t binomial(int n, int k) {
  if (n < 0 || k < 0 || k > kMaxPlaced || n > kMaxCells) return 0;
  return kBinomial[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

// C1 geometry of one board size, built once per size on the shared hex grid:
// row r (from the top, from 0) is the grid's y and column q becomes x = q - r,
// so C1's neighbours (q+1, r+1) and (q-1, r-1) are the grid's (0, +1) and
// (0, -1). Cell indices are row-major either way.
struct Geometry : core::HexGrid<kMaxCells, kMaxRows> {
  int n = 0;  // cells per side

  int q_of(int cell) const { return x_of(cell) + row_of[static_cast<std::size_t>(cell)]; }
  int q_lo(int r) const { return row_lo[static_cast<std::size_t>(r)] + r; }  // row r's first column
  int index(int q, int r) const { return at(q - r, r); }  // -1 when (q, r) is off the board
  std::string name(int cell) const;
  static const Geometry& of_size(int n);
};

}  // namespace detail

class Ecalper {
 public:
  static constexpr std::string_view kName = "ecalper";

  struct Position {
    std::array<detail::Bits, 3> stones{};  // by player index (b, w, r)
    std::uint8_t side = 0;                 // index in players()
    bool swap = false;                     // C3: side to move may swap
    std::uint8_t last_replaced = detail::kNone;
    std::uint8_t last_count = 0;  // placed stones of the previous placing turn
    std::array<std::uint8_t, detail::kMaxPlaced> last_placed{};
    // Caches for the arithmetic count: stones per player and empty cells.
    std::array<std::uint8_t, 3> count{};
    std::uint8_t empty = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };

  struct Move {
    std::uint8_t replaced = detail::kNone;  // kNone: no replacement
    std::uint8_t count = 0;                 // placed cells
    bool swap = false;
    std::array<std::uint8_t, detail::kMaxPlaced> cells{};  // ascending
    friend bool operator==(const Move&, const Move&) = default;
  };

  // Every legal move, lazily: index = replaced_index * C(E, k) + rank of the
  // k-subset (lexicographic), then `swap` last when allowed.
  class MoveList {
   public:
    class Iterator {
     public:
      using iterator_concept = std::random_access_iterator_tag;
      using iterator_category = std::input_iterator_tag;  // yields values, not references
      using value_type = Move;
      using difference_type = std::ptrdiff_t;

      Iterator() = default;
      Iterator(const MoveList* list, std::uint64_t index) : list_(list), index_(index) { decode(); }

      ARB_HOT_INLINE Move operator*() const {
        Move m;
        if (index_ >= list_->normal_) {
          m.swap = true;
          return m;
        }
        m.replaced = list_->replaceable_[r_];
        m.count = list_->k_;
        for (int i = 0; i < list_->k_; ++i) m.cells[i] = list_->empty_[c_[i]];
        return m;
      }
      Move operator[](difference_type n) const { return *(*this + n); }

      // perft steps through every move: a call here per node costs 3%.
      ARB_HOT_INLINE Iterator& operator++() {
        ++index_;
        if (index_ >= list_->normal_) return *this;
        const int k = list_->k_;
        const int e = list_->empty_count_;
        int i = k - 1;
        while (i >= 0 && c_[i] == e - k + i) --i;
        if (i < 0) {  // next replaced stone, first subset
          ++r_;
          for (int j = 0; j < k; ++j) c_[j] = static_cast<std::uint8_t>(j);
        } else {
          ++c_[i];
          for (int j = i + 1; j < k; ++j) c_[j] = static_cast<std::uint8_t>(c_[j - 1] + 1);
        }
        return *this;
      }
      Iterator operator++(int) {
        Iterator t = *this;
        ++*this;
        return t;
      }
      Iterator& operator--() { return *this += -1; }
      Iterator operator--(int) {
        Iterator t = *this;
        --*this;
        return t;
      }
      Iterator& operator+=(difference_type n) {
        index_ = static_cast<std::uint64_t>(static_cast<difference_type>(index_) + n);
        decode();
        return *this;
      }
      Iterator& operator-=(difference_type n) { return *this += -n; }
      friend Iterator operator+(Iterator it, difference_type n) { return it += n; }
      friend Iterator operator+(difference_type n, Iterator it) { return it += n; }
      friend Iterator operator-(Iterator it, difference_type n) { return it += -n; }
      friend difference_type operator-(const Iterator& a, const Iterator& b) {
        return static_cast<difference_type>(a.index_) - static_cast<difference_type>(b.index_);
      }
      friend bool operator==(const Iterator& a, const Iterator& b) { return a.index_ == b.index_; }
      friend std::strong_ordering operator<=>(const Iterator& a, const Iterator& b) {
        return a.index_ <=> b.index_;
      }

     private:
      void decode();  // r_ and c_ from index_

      const MoveList* list_ = nullptr;
      std::uint64_t index_ = 0;
      std::uint8_t r_ = 0;
      std::array<std::uint8_t, detail::kMaxPlaced> c_{};
    };

    Iterator begin() const { return Iterator(this, 0); }
    Iterator end() const { return Iterator(this, size_); }
    std::uint64_t size() const { return size_; }
    bool empty() const { return size_ == 0; }

   private:
    friend class Ecalper;
    std::array<std::uint8_t, detail::kMaxCells> replaceable_{};
    std::array<std::uint8_t, detail::kMaxCells> empty_{};
    int replaceable_count_ = 0;
    int empty_count_ = 0;
    int k_ = 0;                    // stones placed by each move
    std::uint64_t per_stone_ = 0;  // C(empty_count_, k_)
    std::uint64_t normal_ = 0;     // moves other than swap
    std::uint64_t size_ = 0;
  };

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
  Position start() const {
    Position pos;
    pos.empty = static_cast<std::uint8_t>(geo_->cells);
    return pos;
  }
  Position parse(std::string_view text) const;
  std::string format(const Position& pos) const;
  std::string diagram(const Position& pos) const;
  int to_move(const Position& pos) const { return pos.side; }
  MoveList legal_moves(const Position& pos) const;
  std::uint64_t count_moves(const Position& pos) const;
  Position play(const Position& pos, const Move& move) const;
  std::string move_text(const Position& pos, const Move& move) const;
  Move parse_move(const Position& pos, std::string_view text) const;
  Outcome outcome(const Position& pos) const;

  // Optional Game members (common/game.h): the move of rank `index` in byte
  // order of the move texts, decoded from counts (no list, no sort: perft play
  // and perft stats); the material measure of greedy play, stones on the
  // board, which every move changes alike (C4: one replacement, k placements).
  Move nth_move(const Position& pos, std::uint64_t index) const;
  int material(const Position& pos, int player) const {
    return pos.count[static_cast<std::size_t>(player)];
  }
  static constexpr bool kMaterialSameForEveryMove = true;
  // The searches' evaluation (common/game.h): C6's first criterion, the size
  // of the player's largest group.
  int score(const Position& pos, int player) const { return group_stats(pos, player).largest; }
  // The ranks of the moves a sampling search must not miss: C3's `swap`,
  // rank 0 ("swap" < "x..."), one move among hundreds of thousands.
  std::vector<std::uint64_t> special_ranks(const Position& pos) const {
    if (pos.swap) return {0};
    return {};
  }
  // C3: `swap` exchanges the players' colours; the stones and the side stay.
  bool swaps_colours(const Position&, const Move& move) const { return move.swap; }

  // perft(depth) without the walk (perft/count/perft.h picks it up for depth >= 2).
  // What lies below a position depends only on counters (stones per player,
  // empty cells, side, swap, the last turn's placed count, who holds the stone
  // the last replacement made), never on where the stones are, so one memo
  // entry per (counters, depth) stands for every position sharing them.
  // Equal to perft_walk on every fixture and on random positions
  // (tests/ecalper_test.cpp, CountSubtree). 128-bit; throws above 2^128-1 (P4).
  detail::Wide count_subtree(const Position& pos, int depth) const;

  // Optional Game members (common/game.h): a hash of every field, and the
  // invariants: disjoint colours on the board, the count caches right, the
  // side and the swap flag possible for the spec (C2, C3, C7).
  std::uint64_t hash(const Position& pos) const {
    std::uint64_t h = pos.side | pos.swap << 8 | pos.last_replaced << 16 | pos.last_count << 24;
    for (int i = 0; i < detail::kMaxPlaced; ++i)
      h = hash_combine(h, pos.last_placed[static_cast<std::size_t>(i)]);
    for (const auto& s : pos.stones)
      for (int k = 0; k < detail::Bits::kWords; ++k) h = hash_combine(h, s.w[k]);
    return h;
  }
  bool ok(const Position& pos) const;

  // Helpers shared with the tests.
  const detail::Geometry& geometry() const { return *geo_; }
  // Largest group and number of groups of one player's stones (C6).
  struct GroupStats {
    int largest = 0;
    int groups = 0;
  };
  GroupStats group_stats(const Position& pos, int player) const;

 private:
  enum class Turn { kFirst, kNormal, kFinal, kOver };
  Turn turn_kind(const Position& pos) const { return turn_kind(pos, empty_cells(pos)); }
  Turn turn_kind(const Position& pos, int empty) const;
  int empty_cells(const Position& pos) const { return pos.empty; }
  int stones_per_turn() const { return rules_.players == 3 ? 5 : 3; }
  detail::Bits occupied(const Position& pos) const;
  bool replaceable(const Position& pos, int cell) const;
  int replaceable_count(const Position& pos) const;
  int parse_cell(std::string_view text, std::string_view field) const;
  void validate(const Position& pos) const;
  std::string last_text(const Position& pos) const;

  Spec spec_;
  Rules rules_;
  const detail::Geometry* geo_;
};

// The hot path, inline: perft plays and counts millions of times.
inline detail::Bits Ecalper::occupied(const Position& pos) const {
  return pos.stones[0] | pos.stones[1] | pos.stones[2];
}

inline Ecalper::Turn Ecalper::turn_kind(const Position& pos, int empty) const {
  if (rules_.players == 2) {
    // C5: the replacement-only turn leaves `<last>` as `X:-`; then the game is over.
    if (pos.last_replaced != detail::kNone && pos.last_count == 0) return Turn::kOver;
    if (pos.last_count == 0) return Turn::kFirst;  // C2: Black's first turn, `-:-`
    if (empty < 3) return Turn::kFinal;            // C5
    return Turn::kNormal;
  }
  if (pos.last_count == 0) return Turn::kFirst;
  // C5 (three players): before Black's turn, fewer than 15 empty cells end the game.
  if (pos.side == 0 && empty < 15) return Turn::kOver;
  return Turn::kNormal;
}

inline std::uint64_t Ecalper::count_moves(const Position& pos) const {
  const int empty = empty_cells(pos);
  switch (turn_kind(pos, empty)) {
    case Turn::kOver:
      return 0;
    case Turn::kFirst:
      return detail::binomial(empty, stones_per_turn());
    case Turn::kFinal:
      return static_cast<std::uint64_t>(replaceable_count(pos));
    case Turn::kNormal:
      return static_cast<std::uint64_t>(replaceable_count(pos)) *
                 detail::binomial(empty, stones_per_turn()) +
             (pos.swap ? 1 : 0);
  }
  return 0;
}

inline int Ecalper::replaceable_count(const Position& pos) const {
  if (rules_.last_added) return pos.last_count;
  int n = 0;
  for (int p = 0; p < rules_.players; ++p)
    if (p != pos.side) n += pos.count[static_cast<std::size_t>(p)];
  // The stone made by the previous player's replacement is still his (nobody
  // has moved since), so it is always among the opponents' stones.
  return pos.last_replaced != detail::kNone ? n - 1 : n;
}

inline Ecalper::Position Ecalper::play(const Position& pos, const Move& move) const {
  Position next = pos;
  if (move.swap) {
    // C3: colours are exchanged and the stones stay: in colour terms nothing
    // changes but the option; `<last>` is left as it was (RULES.md notation).
    next.swap = false;
    return next;
  }
  const auto side = static_cast<std::size_t>(pos.side);
  if (move.replaced != detail::kNone) {
    // C4: the replaced stone is an opponent's: the next player's or, with
    // three players, the one after (no loop over every player: measured).
    const auto next_player = [&](std::size_t p) {
      return p + 1 == static_cast<std::size_t>(rules_.players) ? 0 : p + 1;
    };
    std::size_t owner = next_player(side);
    if (rules_.players == 3 && !next.stones[owner].test(move.replaced)) owner = next_player(owner);
    next.stones[owner].reset(move.replaced);
    --next.count[owner];
    next.stones[side].set(move.replaced);
    ++next.count[side];
  }
  for (int i = 0; i < move.count; ++i)
    next.stones[side].set(move.cells[static_cast<std::size_t>(i)]);
  next.count[side] = static_cast<std::uint8_t>(next.count[side] + move.count);
  next.empty = static_cast<std::uint8_t>(next.empty - move.count);
  next.last_replaced = move.replaced;
  next.last_count = move.count;
  next.last_placed = move.cells;
  const bool first = pos.last_count == 0;
  next.side = static_cast<std::uint8_t>((pos.side + 1) % rules_.players);
  // C3: only after Black's first turn, two players only.
  next.swap = rules_.players == 2 && first;
  return next;
}

}  // namespace arb::engine::ecalper
