// Eximo, the fast engine (RULES.md X1-X7): 64-bit bitboards, copy-make, a
// fixed-capacity move list, and count_moves that counts without building moves.
//
// A position is stored from the point of view of the side to move: its men
// always move north (+8). For Black the board is flipped vertically
// (byte swap, rank r <-> 9 - r), so one generator serves both colours.
// Squares: a1 = 0, b1 = 1, ..., h8 = 63 (in the mover's frame).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"

namespace arb::engine {

class Eximo {
 public:
  struct Position {
    std::uint64_t us = 0;    // the side to move's men, its own frame
    std::uint64_t them = 0;  // the opponent's men, same frame
    std::uint8_t side = 0;   // 0 = White to move, 1 = Black
    friend bool operator==(const Position&, const Position&) = default;
  };

  enum class Kind : std::uint8_t { kStep, kJump, kCapture };

  // Trivially default-constructible on purpose: the move list is not cleared.
  struct Move {
    std::uint64_t dirs;    // direction of jump i in bits 3i..3i+2 (kN, kNE, kNW, kE, kW)
    std::uint8_t from;     // mover's frame
    std::uint8_t to;       // last square reached (on the far row: removed, X6)
    Kind kind;
    std::uint8_t jumps;    // number of jumps (0 for a step)
    std::uint8_t drop_a;   // X6 drops, kNoSquare when absent, mover's frame
    std::uint8_t drop_b;
  };
  static constexpr std::uint8_t kNoSquare = 64;

  // A fixed inline buffer, no heap in move generation. A far-row arrival with
  // 12 free drop squares gives C(12,2) = 66 moves, so contrived positions can
  // exceed any small bound: only then the list moves to the heap (never in
  // ordinary play, and never silently wrong).
  class MoveList {
   public:
    static constexpr std::size_t kInline = 2048;
    MoveList() {}  // leaves the buffer uninitialised
    MoveList(const MoveList& other) { *this = other; }
    MoveList& operator=(const MoveList& other) {
      if (this == &other) return *this;
      size_ = other.size_;
      capacity_ = other.capacity_;
      heap_ = other.heap_;
      if (heap_.empty()) {
        std::copy(other.begin(), other.end(), buffer_.begin());
        data_ = buffer_.data();
      } else {
        data_ = heap_.data();
      }
      return *this;
    }
    Move* begin() { return data_; }
    Move* end() { return data_ + size_; }
    const Move* begin() const { return data_; }
    const Move* end() const { return data_ + size_; }
    std::size_t size() const { return size_; }
    const Move& operator[](std::size_t i) const { return data_[i]; }
    void push(const Move& m) {
      if (size_ == capacity_) grow();
      data_[size_++] = m;
    }

   private:
    void grow() {
      if (heap_.empty()) heap_.assign(buffer_.begin(), buffer_.begin() + static_cast<std::ptrdiff_t>(size_));
      capacity_ *= 2;
      heap_.resize(capacity_);
      data_ = heap_.data();
    }
    // buffer_ first: data_ points into it (members initialise in this order).
    std::array<Move, kInline> buffer_;
    Move* data_ = buffer_.data();
    std::size_t size_ = 0;
    std::size_t capacity_ = kInline;
    std::vector<Move> heap_;
  };

  static constexpr std::string_view kName = "eximo";

  explicit Eximo(const Spec& spec) : spec_(spec) {}
  const Spec& spec() const { return spec_; }
  std::string_view players() const { return "wb"; }
  Position start() const;
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

  // Absolute boards (a1 = bit 0), for tests and tools.
  static std::uint64_t white(const Position& pos);
  static std::uint64_t black(const Position& pos);

 private:
  Spec spec_;
};

}  // namespace arb::engine
