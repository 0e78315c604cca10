// perft, divide and play_moves on a toy game whose counts are known exactly.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "common/error.h"
#include "perft/count/perft.h"

namespace arb {
namespace {

// A toy game: the position is a number of tokens; a move takes 1 or 2 of
// them ("1", "2"). count_moves can be told to lie about a huge fan-out, so
// that perft must add up to more than 2^64 - 1.
struct Tokens {
  static constexpr std::string_view kName = "tokens";
  using Position = int;
  using Move = int;
  using MoveList = std::vector<int>;
  Spec spec_ = Spec::parse("eximo");  // any valid spec: the toy has no options
  std::uint64_t fan_out = 0;          // when non-zero, count_moves claims this many

  explicit Tokens(const Spec&) {}
  const Spec& spec() const { return spec_; }
  std::string_view players() const { return "ab"; }
  Position start() const { return 4; }
  Position parse(std::string_view t) const { return std::stoi(std::string(t)); }
  std::string format(Position p) const { return std::to_string(p); }
  std::string diagram(Position p) const {
    return std::string(static_cast<std::size_t>(p), 'o') + "\n";
  }
  int to_move(Position) const { return 0; }
  MoveList legal_moves(Position p) const {
    MoveList m;
    for (int take = 1; take <= 2 && take <= p; ++take) m.push_back(take);
    return m;
  }
  std::uint64_t count_moves(Position p) const { return fan_out ? fan_out : legal_moves(p).size(); }
  Position play(Position p, Move m) const { return p - m; }
  std::string move_text(Position, Move m) const { return std::to_string(m); }
  Move parse_move(Position p, std::string_view t) const { return find_move_by_text(*this, p, t); }
  Outcome outcome(Position p) const { return p == 0 ? Outcome::win(1) : Outcome::ongoing(); }
};
static_assert(Game<Tokens>);

TEST(PerftLibrary, CountsMoveSequences) {
  const Tokens g(Spec::parse("eximo"));
  // Sequences of 1s and 2s: perft(4 tokens, d) by hand.
  EXPECT_EQ(perft(g, 4, 0), 1u);  // P3
  EXPECT_EQ(perft(g, 4, 1), 2u);
  EXPECT_EQ(perft(g, 4, 2), 4u);  // 11 12 21 22
  EXPECT_EQ(perft(g, 4, 3), 4u);  // 111 112 121 211 (the rest take more than 4)
  EXPECT_EQ(perft(g, 4, 4), 1u);  // 1111
  EXPECT_EQ(perft(g, 4, 5), 0u);  // no tokens left: a finished game has no moves
}

TEST(PerftLibrary, DivideIsSortedAndSumsToPerft) {
  const Tokens g(Spec::parse("eximo"));
  const auto d = divide(g, 4, 3);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].move, "1");
  EXPECT_EQ(d[0].nodes, perft(g, 3, 2));
  EXPECT_EQ(d[1].move, "2");
  EXPECT_EQ(d[0].nodes + d[1].nodes, perft(g, 4, 3));
}

TEST(PerftLibrary, CountsAre128BitAndOverflowIsAnErrorNotAWrap) {
  Tokens g(Spec::parse("eximo"));
  g.fan_out = (std::uint64_t{1} << 63) + 1;  // two children of 2^63 + 1 leaves each
  EXPECT_EQ(to_string(perft(g, 4, 2)), "18446744073709551618");  // P4: 2^64 + 2
  g.fan_out = std::uint64_t{1} << 62;
  EXPECT_EQ(perft(g, 4, 2), Count{1} << 63);
  EXPECT_THROW(checked_add(kCountMax, Count{1}), Error);  // only past 2^128 - 1
  EXPECT_THROW(checked_mul(Count{1} << 64, Count{1} << 64), Error);
  EXPECT_EQ(to_string(kCountMax), "340282366920938463463374607431768211455");
}

TEST(PerftLibrary, PlayMovesNamesTheIllegalMove) {
  const Tokens g(Spec::parse("eximo"));
  EXPECT_EQ(play_moves(g, 4, {"1", "2"}), 1);
  try {
    play_moves(g, 4, {"2", "2", "1"});
    FAIL() << "played a move from an empty heap";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("move 3 '1'"), std::string::npos) << e.what();
  }
}

TEST(PerftLibrary, ResultsSplitTheLeaves) {
  const Tokens g(Spec::parse("eximo"));
  ResultCounts r;
  count_results(g, 4, 3, r);  // 112 121 211 empty the heap (b wins), 111 leaves one
  EXPECT_EQ(r.by_outcome, (std::map<std::string, Count>{{"b", 3}, {"ongoing", 1}}));
}

}  // namespace
}  // namespace arb
