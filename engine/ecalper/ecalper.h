// Ecalper, fast engine (RULES.md C1-C7).
//
// Cells are numbered row-major (row from the top, then column), so sorted cell
// indices are exactly the canonical order of placed cells in move texts.
// A position is one bitboard per colour (192 bits: 169 cells at most).
// The move list is never materialised: a turn is (replaced stone) x (k-subset
// of the empty cells), enumerated lazily by a random-access iterator that
// decodes an index, and counted by arithmetic.
#pragma once

#include <array>
#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"

namespace arb::engine {

namespace ecalper_detail {

inline constexpr int kMaxCells = 169;  // size 8
inline constexpr int kMaxRows = 15;
inline constexpr int kMaxPlaced = 5;
inline constexpr std::uint8_t kNone = 255;

struct Bits {
  std::array<std::uint64_t, 3> w{};

  void set(int i) { w[static_cast<unsigned>(i) >> 6] |= std::uint64_t{1} << (i & 63); }
  void clear(int i) { w[static_cast<unsigned>(i) >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
  bool test(int i) const { return (w[static_cast<unsigned>(i) >> 6] >> (i & 63)) & 1u; }
  int count() const {
    return std::popcount(w[0]) + std::popcount(w[1]) + std::popcount(w[2]);
  }
  bool empty() const { return (w[0] | w[1] | w[2]) == 0; }
  int lowest() const {  // precondition: !empty()
    if (w[0]) return std::countr_zero(w[0]);
    if (w[1]) return 64 + std::countr_zero(w[1]);
    return 128 + std::countr_zero(w[2]);
  }
  Bits operator|(const Bits& o) const { return {{w[0] | o.w[0], w[1] | o.w[1], w[2] | o.w[2]}}; }
  Bits operator&(const Bits& o) const { return {{w[0] & o.w[0], w[1] & o.w[1], w[2] & o.w[2]}}; }
  Bits and_not(const Bits& o) const {
    return {{w[0] & ~o.w[0], w[1] & ~o.w[1], w[2] & ~o.w[2]}};
  }
  Bits& operator|=(const Bits& o) { return *this = *this | o; }
  friend bool operator==(const Bits&, const Bits&) = default;
  // Calls f(cell) for each set bit, ascending.
  template <class F>
  void for_each(F&& f) const {
    for (int k = 0; k < 3; ++k)
      for (std::uint64_t x = w[static_cast<std::size_t>(k)]; x; x &= x - 1)
        f(64 * k + std::countr_zero(x));
  }
};

// C(n, k) for n <= kMaxCells, k <= 5 (at most C(169,5) ~ 1.1e9: no overflow).
using BinomialTable = std::array<std::array<std::uint64_t, kMaxPlaced + 1>, kMaxCells + 1>;
constexpr BinomialTable make_binomials() {
  BinomialTable c{};
  for (std::size_t n = 0; n <= kMaxCells; ++n) {
    c[n][0] = 1;
    for (std::size_t k = 1; k <= kMaxPlaced; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
  }
  return c;
}
inline constexpr BinomialTable kBinomial = make_binomials();
inline std::uint64_t binomial(int n, int k) {
  if (n < 0 || k < 0 || k > kMaxPlaced || n > kMaxCells) return 0;
  return kBinomial[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

// C1 geometry of one board size; built once per size.
struct Geometry {
  int n = 0;      // cells per side
  int rows = 0;   // 2n-1
  int cells = 0;  // 3n(n-1)+1
  std::array<int, kMaxRows> row_start{};  // index of the row's first cell
  std::array<int, kMaxRows> row_lo{};     // column (0-based) of the row's first cell
  std::array<int, kMaxRows> row_len{};
  std::array<std::uint8_t, kMaxCells> row_of{};
  std::array<std::uint8_t, kMaxCells> col_of{};
  std::array<Bits, kMaxCells> neighbours{};
  Bits all;

  int index(int q, int r) const;  // -1 when (q, r) is off the board
  std::string name(int cell) const;
  static const Geometry& of_size(int n);
};

}  // namespace ecalper_detail

class Ecalper {
 public:
  static constexpr std::string_view kName = "ecalper";

  struct Position {
    std::array<ecalper_detail::Bits, 3> stones{};  // by player index (b, w, r)
    std::uint8_t side = 0;                          // index in players()
    bool swap = false;                              // C3: side to move may swap
    std::uint8_t last_replaced = ecalper_detail::kNone;
    std::uint8_t last_count = 0;  // placed stones of the previous placing turn
    std::array<std::uint8_t, ecalper_detail::kMaxPlaced> last_placed{};
    // Caches for the arithmetic count: stones per player and empty cells.
    std::array<std::uint8_t, 3> count{};
    std::uint8_t empty = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };

  struct Move {
    std::uint8_t replaced = ecalper_detail::kNone;  // kNone: no replacement
    std::uint8_t count = 0;                         // placed cells
    bool swap = false;
    std::array<std::uint8_t, ecalper_detail::kMaxPlaced> cells{};  // ascending
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

      Move operator*() const {
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

      Iterator& operator++() {
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
      std::array<std::uint8_t, ecalper_detail::kMaxPlaced> c_{};
    };

    Iterator begin() const { return Iterator(this, 0); }
    Iterator end() const { return Iterator(this, size_); }
    std::uint64_t size() const { return size_; }
    bool empty() const { return size_ == 0; }

   private:
    friend class Ecalper;
    std::array<std::uint8_t, ecalper_detail::kMaxCells> replaceable_{};
    std::array<std::uint8_t, ecalper_detail::kMaxCells> empty_{};
    int replaceable_count_ = 0;
    int empty_count_ = 0;
    int k_ = 0;                   // stones placed by each move
    std::uint64_t per_stone_ = 0;  // C(empty_count_, k_)
    std::uint64_t normal_ = 0;     // moves other than swap
    std::uint64_t size_ = 0;
  };

  explicit Ecalper(const Spec& spec);
  const Spec& spec() const { return spec_; }
  std::string_view players() const { return players_ == 3 ? "bwr" : "bw"; }
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

  // Helpers shared with the tests.
  const ecalper_detail::Geometry& geometry() const { return *geo_; }
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
  int stones_per_turn() const { return players_ == 3 ? 5 : 3; }
  ecalper_detail::Bits occupied(const Position& pos) const;
  bool replaceable(const Position& pos, int cell) const;
  int replaceable_count(const Position& pos) const;
  int parse_cell(std::string_view text, std::string_view field) const;
  void validate(const Position& pos) const;
  std::string last_text(const Position& pos) const;

  Spec spec_;
  const ecalper_detail::Geometry* geo_;
  int players_ = 2;
  bool last_added_ = false;  // C4 replace=last-added
};

// The hot path, inline: perft plays and counts millions of times.
inline ecalper_detail::Bits Ecalper::occupied(const Position& pos) const {
  return pos.stones[0] | pos.stones[1] | pos.stones[2];
}

inline Ecalper::Turn Ecalper::turn_kind(const Position& pos, int empty) const {
  if (players_ == 2) {
    // C5: the replacement-only turn leaves `<last>` as `X:-`; then the game is over.
    if (pos.last_replaced != ecalper_detail::kNone && pos.last_count == 0) return Turn::kOver;
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
    case Turn::kOver: return 0;
    case Turn::kFirst: return ecalper_detail::binomial(empty, stones_per_turn());
    case Turn::kFinal: return static_cast<std::uint64_t>(replaceable_count(pos));
    case Turn::kNormal:
      return static_cast<std::uint64_t>(replaceable_count(pos)) *
                 ecalper_detail::binomial(empty, stones_per_turn()) +
             (pos.swap ? 1 : 0);
  }
  return 0;
}

inline int Ecalper::replaceable_count(const Position& pos) const {
  if (last_added_) return pos.last_count;
  int n = 0;
  for (int p = 0; p < players_; ++p)
    if (p != pos.side) n += pos.count[static_cast<std::size_t>(p)];
  // The stone made by the previous player's replacement is still his (nobody
  // has moved since), so it is always among the opponents' stones.
  return pos.last_replaced != ecalper_detail::kNone ? n - 1 : n;
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
  if (move.replaced != ecalper_detail::kNone) {
    for (int p = 0; p < players_; ++p) {
      auto& s = next.stones[static_cast<std::size_t>(p)];
      if (s.test(move.replaced)) {
        s.clear(move.replaced);
        --next.count[static_cast<std::size_t>(p)];
      }
    }
    next.stones[side].set(move.replaced);
    ++next.count[side];
  }
  for (int i = 0; i < move.count; ++i) next.stones[side].set(move.cells[static_cast<std::size_t>(i)]);
  next.count[side] = static_cast<std::uint8_t>(next.count[side] + move.count);
  next.empty = static_cast<std::uint8_t>(next.empty - move.count);
  next.last_replaced = move.replaced;
  next.last_count = move.count;
  next.last_placed = move.cells;
  const bool first = pos.last_count == 0;
  next.side = static_cast<std::uint8_t>((pos.side + 1) % players_);
  // C3: only after Black's first turn, two players only.
  next.swap = players_ == 2 && first;
  return next;
}

}  // namespace arb::engine
