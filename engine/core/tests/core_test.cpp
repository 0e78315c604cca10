// engine/core: the shared vocabulary (bit helpers, bit set, move list, hex
// grid), checked against plain containers and hand-derived board facts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <ranges>
#include <set>
#include <utility>
#include <vector>

#include "engine/core/bit_set.h"
#include "engine/core/bits.h"
#include "engine/core/hex_grid.h"
#include "engine/core/move_list.h"

namespace {

using arb::engine::core::BitSet;
using arb::engine::core::HexGrid;
using arb::engine::core::MoveList;
namespace core = arb::engine::core;

// ------------------------------------------------------------------ bits

static_assert(core::bit(0) == 1 && core::bit(63) == std::uint64_t{1} << 63);
static_assert(core::has(0b1010, 1) && !core::has(0b1010, 2));
static_assert(core::flip_ranks(0xFF) == 0xFF00000000000000ULL);

TEST(CoreBits, PopLowestAndForEachVisitEveryBitAscending) {
  const std::uint64_t b = 0x8000'0000'0001'0105ULL;
  const std::vector<int> expected = {0, 2, 8, 16, 63};
  std::vector<int> seen;
  core::for_each_bit(b, [&](int i) { seen.push_back(i); });
  EXPECT_EQ(seen, expected);
  std::vector<int> popped;
  for (std::uint64_t x = b; x;) popped.push_back(core::pop_lowest(x));
  EXPECT_EQ(popped, expected);
}

TEST(CoreBits, FlipRanksMirrorsAnEightByEightBoard) {
  for (int sq = 0; sq < 64; ++sq)
    EXPECT_EQ(core::flip_ranks(core::bit(sq)), core::bit((7 - sq / 8) * 8 + sq % 8)) << sq;
}

// ------------------------------------------------------------------ bit set

// Compile time: the set works in constant expressions.
constexpr BitSet<3> kSome = [] {
  BitSet<3> b;
  b.set(0);
  b.set(64);
  b.set(191);
  return b;
}();
static_assert(kSome.count() == 3 && kSome.test(64) && !kSome.test(63));
static_assert(kSome.lowest() == 0 && kSome.highest() == 191);
static_assert(BitSet<2>::first(70).count() == 70 && BitSet<2>::first(70).highest() == 69);

// Every operation against std::set on members spread over all words.
TEST(CoreBitSet, AgreesWithStdSet) {
  const std::set<int> a_members = {0, 1, 63, 64, 100, 127, 128, 150, 191};
  const std::set<int> b_members = {1, 2, 64, 65, 128, 190};
  BitSet<3> a, b;
  for (int i : a_members) a.set(i);
  for (int i : b_members) b.set(i);
  const auto members = [](const BitSet<3>& s) {
    std::set<int> out;
    s.for_each([&](int i) { out.insert(i); });
    return out;
  };
  EXPECT_EQ(members(a), a_members);
  EXPECT_EQ(a.count(), static_cast<int>(a_members.size()));
  std::set<int> both, either, only_a, one;
  for (int i = 0; i < 192; ++i) {
    const bool in_a = a_members.count(i) != 0, in_b = b_members.count(i) != 0;
    EXPECT_EQ(a.test(i), in_a) << i;
    if (in_a && in_b) both.insert(i);
    if (in_a || in_b) either.insert(i);
    if (in_a && !in_b) only_a.insert(i);
    if (in_a != in_b) one.insert(i);
  }
  EXPECT_EQ(members(a & b), both);
  EXPECT_EQ(members(a | b), either);
  EXPECT_EQ(members(a.and_not(b)), only_a);
  EXPECT_EQ(members(a ^ b), one);
  EXPECT_EQ(a.lowest(), 0);
  EXPECT_EQ(a.highest(), 191);
  EXPECT_EQ(b.lowest(), 1);
  EXPECT_EQ(b.highest(), 190);
  BitSet<3> c = a;
  c &= b;
  EXPECT_EQ(c, a & b);
  c |= a;
  EXPECT_EQ(c, a);
  c ^= a;
  EXPECT_TRUE(c.empty());
  EXPECT_FALSE(c.any());
  c.set(130);
  EXPECT_EQ(c, BitSet<3>::single(130));
  EXPECT_EQ(c.lowest(), 130);
  EXPECT_EQ(c.highest(), 130);
  c.reset(130);
  EXPECT_TRUE(c.empty());
}

// ------------------------------------------------------------------ move list

struct TestMove {
  std::uint32_t a;
  std::uint16_t b;
  friend bool operator==(const TestMove&, const TestMove&) = default;
};

// Past its inline capacity the list moves to the heap and stays exact; copies
// and clear() keep working on both sides of the boundary.
TEST(CoreMoveList, SpillsToTheHeapBeyondItsInlineCapacity) {
  using List = MoveList<TestMove, 8>;
  for (std::size_t n : {0u, 1u, 7u, 8u, 9u, 16u, 1000u}) {
    List list;
    std::vector<TestMove> expected;
    for (std::size_t i = 0; i < n; ++i) {
      const TestMove m{static_cast<std::uint32_t>(i * 7), static_cast<std::uint16_t>(i)};
      list.push_back(m);
      expected.push_back(m);
    }
    ASSERT_EQ(list.size(), n);
    EXPECT_EQ(list.empty(), n == 0);
    EXPECT_EQ(std::vector<TestMove>(list.begin(), list.end()), expected) << n;
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(list[i], expected[i]);
    const List copy = list;
    EXPECT_EQ(std::vector<TestMove>(copy.begin(), copy.end()), expected) << n;
    List assigned;
    assigned.push_back(TestMove{1, 1});
    assigned = list;
    EXPECT_EQ(std::vector<TestMove>(assigned.begin(), assigned.end()), expected) << n;
    list.clear();
    EXPECT_TRUE(list.empty());
    list.push_back(TestMove{5, 5});
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0], (TestMove{5, 5}));
    EXPECT_EQ(copy.size(), n);  // the copy owns its moves
  }
}

static_assert(std::ranges::sized_range<MoveList<TestMove, 4>>);
static_assert(std::ranges::sized_range<MoveList<TestMove, 4, core::Bound::kProven>>);

// With a proven bound the list is a plain array: no heap member at all.
static_assert(sizeof(MoveList<TestMove, 4, core::Bound::kProven>) ==
              4 * sizeof(TestMove) + sizeof(std::size_t));

TEST(CoreMoveList, ProvenBoundHoldsItsCapacity) {
  MoveList<TestMove, 5, core::Bound::kProven> list;
  for (std::uint32_t i = 0; i < 5; ++i) list.push_back(TestMove{i, 0});
  ASSERT_EQ(list.size(), 5u);
  const auto copy = list;
  for (std::uint32_t i = 0; i < 5; ++i) EXPECT_EQ(copy[i].a, i);
  list.clear();
  EXPECT_TRUE(list.empty());
}

// ------------------------------------------------------------------ hex grid

// A regular hexagon of side n: rows y = 0..2n-2, x from max(0, y-n+1) - y to
// min(2n-2, y+n-1) - y (Ecalper's C1 board, x = q - r).
HexGrid<169, 15> regular(int n) {
  return HexGrid<169, 15>::build(
      2 * n - 1, [n](int y) { return std::max(0, y - n + 1) - y; },
      [n](int y) { return std::min(2 * n - 2, y + n - 1) - y; });
}

TEST(CoreHexGrid, RegularHexagonCountsAndDegrees) {
  for (int n : {2, 5, 8}) {
    const auto g = regular(n);
    EXPECT_EQ(g.cells, 3 * n * (n - 1) + 1) << n;
    EXPECT_EQ(g.all.count(), g.cells);
    // 6 corners of degree 3, 6(n-2) edge cells of degree 4, the rest 6.
    int by_degree[7] = {};
    for (int p = 0; p < g.cells; ++p) ++by_degree[g.neighbours[p].count()];
    EXPECT_EQ(by_degree[3], 6) << n;
    EXPECT_EQ(by_degree[4], 6 * (n - 2)) << n;
    EXPECT_EQ(by_degree[6], 3 * (n - 1) * (n - 2) + 1) << n;
  }
}

TEST(CoreHexGrid, StepsAreOppositeAndNumberingIsRowMajor) {
  const auto g = regular(5);
  for (int p = 0; p < g.cells; ++p) {
    EXPECT_EQ(g.at(g.x_of(p), g.y_of(p)), p);
    if (p > 0) {
      EXPECT_TRUE(g.y_of(p) > g.y_of(p - 1) || g.x_of(p) == g.x_of(p - 1) + 1) << p;
    }
    for (int d = 0; d < core::kHexDirections; ++d) {
      const int q = g.step[p][d];
      EXPECT_EQ(q, g.at(g.x_of(p) + core::kHexDx[d], g.y_of(p) + core::kHexDy[d]));
      if (q < 0) continue;
      EXPECT_EQ(g.step[q][(d + 3) % 6], p);   // d + 3 is the opposite direction
      EXPECT_EQ(d<3, q> p) << p << ' ' << d;  // 0-2 increase the index
      EXPECT_TRUE(g.neighbours[p].test(q));
    }
  }
}

TEST(CoreHexGrid, LinesRunToTheEdge) {
  const auto g = regular(5);  // 9 rows; the middle row y = 4 has 9 cells
  const int left = g.at(g.row_lo[4], 4);
  EXPECT_EQ(g.line(left, 0).count(), 8);        // along the row
  EXPECT_EQ(g.line(left, 3).count(), 0);        // off the board at once
  EXPECT_EQ(g.line(g.at(0, 0), 1).count(), 8);  // corner to corner
  EXPECT_TRUE(g.line(g.at(0, 0), 1).test(g.at(0, 8)));
  EXPECT_EQ(g.at(g.row_lo[0] - 1, 0), -1);
  EXPECT_EQ(g.at(0, -1), -1);
  EXPECT_EQ(g.at(0, 9), -1);
}

}  // namespace
