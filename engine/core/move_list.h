// The engines' move list: kInline moves in place, no heap in move generation.
// Where the game has no small proven bound (Emergo's capture chains, Eximo's
// far-row drops), a contrived position could exceed any inline size: then,
// and only then, the list moves to the heap rather than fail or overflow
// (Bound::kUnproven). Where the game proves that kInline moves always fit
// (Meridians: one move per point plus swap), Bound::kProven drops the heap
// and the check on every push (asserted in the Check build): measured, the
// check alone costs Meridians 3% of its perft instructions.
// With a trivial Move the buffer stays uninitialised until written, so a list
// costs nothing to create.
//
// Ecalper keeps its own lazy list (engine/ecalper/ecalper.h): its moves are
// never stored but decoded from an index, since a turn there is a subset of up
// to 169 cells and one position has up to 10^9 moves.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <type_traits>
#include <vector>

#include "engine/core/inline.h"

namespace arb::engine::core {

enum class Bound { kUnproven, kProven };

template <class Move, std::size_t Inline, Bound kBound = Bound::kUnproven>
class MoveList {
  static_assert(std::is_trivially_copyable_v<Move>);

 public:
  static constexpr std::size_t kInline = Inline;
  using value_type = Move;

  MoveList() noexcept {}  // leaves the buffer uninitialised
  MoveList(const MoveList& o) : size_(o.size_), spill_(o.spill_) {
    if (size_ <= kInline) std::copy(o.inline_, o.inline_ + size_, inline_);
  }
  MoveList& operator=(const MoveList& o) {
    if (this != &o) {
      size_ = o.size_;
      spill_ = o.spill_;
      if (size_ <= kInline) std::copy(o.inline_, o.inline_ + size_, inline_);
    }
    return *this;
  }

  ARB_HOT_INLINE Move* begin() {
    if constexpr (kBound == Bound::kProven)
      return inline_;
    else
      return size_ > kInline ? spill_.data() : inline_;
  }
  ARB_HOT_INLINE Move* end() { return begin() + size_; }
  ARB_HOT_INLINE const Move* begin() const {
    if constexpr (kBound == Bound::kProven)
      return inline_;
    else
      return size_ > kInline ? spill_.data() : inline_;
  }
  ARB_HOT_INLINE const Move* end() const { return begin() + size_; }
  ARB_HOT_INLINE std::size_t size() const { return size_; }
  ARB_HOT_INLINE bool empty() const { return size_ == 0; }
  ARB_HOT_INLINE const Move& operator[](std::size_t i) const { return begin()[i]; }
  ARB_HOT_INLINE Move& operator[](std::size_t i) { return begin()[i]; }

  ARB_HOT_INLINE void clear() {
    size_ = 0;
    if constexpr (kBound == Bound::kUnproven) spill_.clear();
  }
  // Bulk appends without a bound check per move, for a run of at most `n`
  // moves known to fit in place (asserted): write them through the returned
  // pointer, then pass the end to set_end.
  ARB_HOT_INLINE Move* inline_tail([[maybe_unused]] std::size_t n) {
    assert(size_ + n <= kInline);
    return inline_ + size_;
  }
  ARB_HOT_INLINE void set_end(const Move* end) { size_ = static_cast<std::size_t>(end - inline_); }

  ARB_HOT_INLINE void push_back(const Move& m) {
    if constexpr (kBound == Bound::kProven) {
      assert(size_ < kInline);
      inline_[size_++] = m;
    } else if (size_ < kInline) [[likely]] {
      inline_[size_++] = m;
    } else {
      spill(m);
    }
  }

 private:
  void spill(const Move& m) {
    if constexpr (kBound == Bound::kUnproven) {
      if (size_ == kInline) spill_.assign(inline_, inline_ + kInline);
      spill_.push_back(m);
      ++size_;
    }
  }
  struct NoSpill {
    friend bool operator==(const NoSpill&, const NoSpill&) = default;
  };

  Move inline_[kInline];
  std::size_t size_ = 0;
  // Holds every move once size_ > kInline; nothing with a proven bound.
  [[no_unique_address]] std::conditional_t<kBound == Bound::kProven, NoSpill, std::vector<Move>>
      spill_;
};

}  // namespace arb::engine::core
