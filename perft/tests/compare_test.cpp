// arb::compare (RULES.md I3) finds planted bugs, at the right place.
//
// 1. A toy take-away game and broken copies of it: the descent reports the
//    first disagreement in byte order of the move paths (checked against a
//    brute-force search), and nothing at depths that do not reach the bug.
// 2. Wrappers around the real reference::Emergo that misbehave at one
//    reachable position (a dropped move, a wrong child, a wrong count, a wrong
//    outcome, a wrong position text), compared against the unmodified
//    reference::Emergo.
// 3. The real engines agree with their references from the start, and every
//    game of the registry (arb::TestGames: ARB_GAMES and the toy game of
//    toy/) agrees at depth 1 from the start of its default spec.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arb/test_games.h"
#include "common/game.h"
#include "common/spec.h"
#include "perft/check/compare.h"
#include "perft/count/perft.h"

namespace {

using arb::CompareResult;
using arb::Difference;
using Path = std::vector<std::string>;

// ---------------------------------------------------------------- the toy game

// The registered toy game (toy/reference/toy/toy.h: a pile of stones, each
// turn takes 1, 2 or 10; the move texts "1", "10", "2" make byte order differ
// from numeric order), wrapped: Toy<Plant::kNone> is the game itself; the
// others misbehave at every position whose pile is kBugPile (or, for
// kWrongText, at the start pile).
enum class Plant { kNone, kDropMove, kExtraMove, kWrongChild, kWrongText };

constexpr int kStartPile = 12;  // the toy's default spec
constexpr int kBugPile = 8;

template <Plant P>
class Toy : public arb::reference::Toy {
 public:
  using Inner = arb::reference::Toy;
  using Inner::Inner;

  std::string format(const Position& p) const {
    if (P == Plant::kWrongText && p.pile == kStartPile) return "twelve a";
    return Inner::format(p);
  }
  MoveList legal_moves(const Position& p) const {
    MoveList out = Inner::legal_moves(p);
    if (P == Plant::kDropMove && p.pile == kBugPile) std::erase(out, Move{2});
    if (P == Plant::kExtraMove && p.pile == kBugPile) out.push_back({3});
    return out;
  }
  std::uint64_t count_moves(const Position& p) const { return legal_moves(p).size(); }
  Position play(const Position& p, const Move& m) const {
    if (P == Plant::kWrongChild && p.pile == kBugPile && m.take == 1) return Inner::play(p, {2});
    return Inner::play(p, m);
  }
  Move parse_move(const Position& p, std::string_view text) const {
    return arb::find_move_by_text(*this, p, text);
  }
};

static_assert(arb::Game<Toy<Plant::kNone>> && arb::Game<Toy<Plant::kDropMove>>);

const arb::Spec& any_spec() {
  static const arb::Spec spec = arb::TestGames::parse_spec("toy");
  return spec;
}

// Brute force: the first path, in the order of std::vector<std::string>
// comparison (byte order move by move, a prefix first: the depth-first
// order of sorted children), with fewer than `depth` moves that reaches a
// position satisfying `hit`. That is where a bug at such positions must be
// reported by compare(…, depth).
template <class G, class Hit>
std::optional<Path> first_path_to(const G& g, const typename G::Position& p, int depth, Hit hit,
                                  Path& path) {
  if (depth <= 0) return std::nullopt;
  if (hit(p)) return path;
  if (depth == 1) return std::nullopt;
  std::optional<Path> best;
  for (const auto& m : g.legal_moves(p)) {
    path.push_back(g.move_text(p, m));
    auto found = first_path_to(g, g.play(p, m), depth - 1, hit, path);
    path.pop_back();
    if (found && (!best || *found < *best)) best = found;
  }
  return best;
}

template <class E, class R>
CompareResult compare_from_start(const E& e, const R& r, int depth) {
  return arb::compare(e, r, e.start(), r.start(), depth);
}

TEST(CompareToy, IdenticalGamesAgreeAndCountLeavesLikePerft) {
  const Toy<Plant::kNone> a(any_spec()), b(any_spec());
  for (int depth = 0; depth <= 8; ++depth) {
    const auto result = compare_from_start(a, b, depth);
    ASSERT_FALSE(result.first) << "depth " << depth << "\n" << arb::describe(*result.first);
    EXPECT_EQ(result.leaves, arb::perft(a, a.start(), depth)) << "depth " << depth;
  }
  // By hand: from 12 the moves are 1 10 2 (to 11, 2, 10); then 3 + 2 + 3.
  EXPECT_EQ(compare_from_start(a, b, 1).leaves, 3u);
  EXPECT_EQ(compare_from_start(a, b, 2).leaves, 8u);
  EXPECT_EQ(compare_from_start(a, b, 2).nodes_compared, 4u);
}

// Pile 8 is 4 stones below the start: paths 1 1 1 1, 1 1 2, 1 2 1, 2 1 1, 2 2.
// A bug there is seen only at a node above the leaves, so compare(depth)
// finds it along the first such path with fewer than `depth` moves.
TEST(CompareToy, DroppedMoveFoundAtFirstPathInByteOrder) {
  const Toy<Plant::kDropMove> broken(any_spec());
  const Toy<Plant::kNone> good(any_spec());

  // Depth 2: no node above the leaves has pile 8.
  for (int depth : {0, 1, 2}) {
    const auto result = compare_from_start(broken, good, depth);
    EXPECT_FALSE(result.first) << "depth " << depth << "\n" << arb::describe(*result.first);
    EXPECT_EQ(result.leaves, arb::perft(good, good.start(), depth));
  }

  const Path expected[] = {
      /* depth 3 */ {"2", "2"},
      /* depth 4 */ {"1", "1", "2"},
      /* depth 5 */ {"1", "1", "1", "1"},
      /* depth 6 */ {"1", "1", "1", "1"},
  };
  for (int depth = 3; depth <= 6; ++depth) {
    const auto result = compare_from_start(broken, good, depth);
    ASSERT_TRUE(result.first) << "depth " << depth;
    const Difference& d = *result.first;
    EXPECT_EQ(d.path, expected[depth - 3]) << "depth " << depth;
    Path scratch;
    const auto brute = first_path_to(
        good, good.start(), depth, [](const auto& p) { return p.pile == kBugPile; }, scratch);
    ASSERT_TRUE(brute);
    EXPECT_EQ(d.path, *brute) << "depth " << depth;
    const std::string text = d.path.size() % 2 == 0 ? "8 a" : "8 b";
    EXPECT_EQ(d.a_position, text);
    EXPECT_EQ(d.b_position, text);
    EXPECT_EQ(d.diagram, "pile oooooooo\n");
    EXPECT_TRUE(d.problems.empty()) << arb::describe(d);
    EXPECT_TRUE(d.only_a.empty());
    EXPECT_EQ(d.only_b, Path{"2"});
    EXPECT_TRUE(d.differing_children.empty());
    EXPECT_EQ(result.leaves, 0u) << "no leaf count once a disagreement is found";
  }
}

TEST(CompareToy, ExtraMoveReportedAsOnlyEngine) {
  const Toy<Plant::kExtraMove> broken(any_spec());
  const Toy<Plant::kNone> good(any_spec());
  EXPECT_FALSE(compare_from_start(broken, good, 2).first);
  const auto result = compare_from_start(broken, good, 4);
  ASSERT_TRUE(result.first);
  EXPECT_EQ(result.first->path, (Path{"1", "1", "2"}));
  EXPECT_EQ(result.first->a_position, "8 b");
  EXPECT_EQ(result.first->only_a, Path{"3"});
  EXPECT_TRUE(result.first->only_b.empty());
  EXPECT_TRUE(result.first->differing_children.empty());
  EXPECT_TRUE(result.first->problems.empty());
}

TEST(CompareToy, SidesSwappedReportTheMoveOnTheOtherSide) {
  const Toy<Plant::kNone> good(any_spec());
  const Toy<Plant::kDropMove> broken(any_spec());
  const auto result = compare_from_start(good, broken, 3);
  ASSERT_TRUE(result.first);
  EXPECT_EQ(result.first->path, (Path{"2", "2"}));
  EXPECT_EQ(result.first->only_a, Path{"2"});
  EXPECT_TRUE(result.first->only_b.empty());
}

TEST(CompareToy, WrongChildReportedAtItsParentWithBothTexts) {
  const Toy<Plant::kWrongChild> broken(any_spec());
  const Toy<Plant::kNone> good(any_spec());
  // The bug is in play() at pile 8, so it shows in the children of pile-8
  // nodes: found by the same depths as a dropped move.
  const auto shallow = compare_from_start(broken, good, 2);
  EXPECT_FALSE(shallow.first);
  EXPECT_EQ(shallow.leaves, 8u);
  const auto result = compare_from_start(broken, good, 3);
  ASSERT_TRUE(result.first);
  const Difference& d = *result.first;
  EXPECT_EQ(d.path, (Path{"2", "2"}));
  EXPECT_EQ(d.a_position, "8 a");
  ASSERT_EQ(d.differing_children.size(), 1u);
  EXPECT_EQ(d.differing_children[0].move, "1");
  EXPECT_EQ(d.differing_children[0].a_position, "6 b");
  EXPECT_EQ(d.differing_children[0].b_position, "7 b");
  EXPECT_TRUE(d.only_a.empty());
  EXPECT_TRUE(d.only_b.empty());
  EXPECT_TRUE(d.problems.empty());
  const std::string text = arb::describe(d);
  EXPECT_NE(text.find("path from the root (2 moves): 2 2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("after 1:\n  engine:    6 b\n  reference: 7 b\n"), std::string::npos) << text;
}

TEST(CompareToy, WrongRootTextFoundAtDepthZero) {
  const Toy<Plant::kWrongText> broken(any_spec());
  const Toy<Plant::kNone> good(any_spec());
  const auto result = compare_from_start(broken, good, 0);
  ASSERT_TRUE(result.first);
  EXPECT_TRUE(result.first->path.empty());
  EXPECT_EQ(result.first->a_position, "twelve a");
  EXPECT_EQ(result.first->b_position, "12 a");
  EXPECT_EQ(result.first->problems, Path{"the position texts differ"});
  EXPECT_EQ(result.leaves, 0u);
  const std::string text = arb::describe(*result.first);
  EXPECT_NE(text.find("path from the root (0 moves): none, the root itself"), std::string::npos)
      << text;
  EXPECT_NE(text.find("problem: the position texts differ"), std::string::npos) << text;
}

// ------------------------------------------------ broken wrappers of real Emergo

// X: White a1 and c1, Black a9, Black to move, reached by a1 a9 c1 and by
// c1 a9 a1; the first in byte order is a1 a9 c1. Three plies deep, so
// compare(…, 3) sees it only as a leaf and compare(…, 4) inspects it.
constexpr std::string_view kX = "B8/9/9/9/9/9/9/9/W1W6 b 10 11";
const Path kPathToX = {"a1", "a9", "c1"};

enum class EmergoPlant { kDropMove, kWrongChild, kCountOffByOne, kWrongOutcome, kWrongText };

// reference::Emergo, except at position X (compared by its reference text).
template <EmergoPlant P>
class BrokenEmergo {
 public:
  using Inner = arb::reference::Emergo;
  using Position = Inner::Position;
  using Move = Inner::Move;
  using MoveList = Inner::MoveList;
  static constexpr std::string_view kName = Inner::kName;

  explicit BrokenEmergo(const arb::Spec& spec) : g_(spec) {}
  const arb::Spec& spec() const { return g_.spec(); }
  std::string_view players() const { return g_.players(); }
  Position start() const { return g_.start(); }
  Position parse(std::string_view text) const { return g_.parse(text); }
  std::string format(const Position& p) const {
    std::string text = g_.format(p);
    if (P == EmergoPlant::kWrongText && text == kX) text += " ";
    return text;
  }
  std::string diagram(const Position& p) const { return g_.diagram(p); }
  int to_move(const Position& p) const { return g_.to_move(p); }
  MoveList legal_moves(const Position& p) const {
    MoveList moves = g_.legal_moves(p);
    if (P == EmergoPlant::kDropMove && at_x(p))
      std::erase_if(moves, [&](const Move& m) { return g_.move_text(p, m) == "e5"; });
    return moves;
  }
  std::uint64_t count_moves(const Position& p) const {
    const std::uint64_t n = legal_moves(p).size();
    return P == EmergoPlant::kCountOffByOne && at_x(p) ? n + 1 : n;
  }
  Position play(const Position& p, const Move& m) const {
    if (P == EmergoPlant::kWrongChild && at_x(p) && g_.move_text(p, m) == "e5")
      return g_.play(p, g_.parse_move(p, "g5"));
    return g_.play(p, m);
  }
  std::string move_text(const Position& p, const Move& m) const { return g_.move_text(p, m); }
  Move parse_move(const Position& p, std::string_view text) const { return g_.parse_move(p, text); }
  arb::Outcome outcome(const Position& p) const {
    if (P == EmergoPlant::kWrongOutcome && at_x(p)) return arb::Outcome::win(0);
    return g_.outcome(p);
  }

 private:
  bool at_x(const Position& p) const { return g_.format(p) == kX; }
  Inner g_;
};

static_assert(arb::Game<BrokenEmergo<EmergoPlant::kDropMove>>);

const arb::reference::Emergo& reference_emergo() {
  static const arb::reference::Emergo g(arb::Spec::parse("emergo"));
  return g;
}

// Runs compare(broken, reference) at depth 3 (X is a leaf: nothing may be
// found, and the leaves are the true perft(3)) and at depth 4 (X is inspected),
// and returns the depth-4 disagreement after checking the parts every planted
// bug at X shares.
template <EmergoPlant P>
Difference disagreement_at_x() {
  const auto& good = reference_emergo();
  const BrokenEmergo<P> broken(good.spec());
  const auto shallow = compare_from_start(broken, good, 3);
  EXPECT_FALSE(shallow.first) << arb::describe(*shallow.first);
  EXPECT_EQ(shallow.leaves, 55172u);  // RULES.md: perft(3) of the start

  const auto result = compare_from_start(broken, good, 4);
  EXPECT_TRUE(result.first);
  if (!result.first) return {};
  const Difference& d = *result.first;
  const std::string text = arb::describe(d);
  EXPECT_EQ(d.diagram, good.diagram(good.parse(kX))) << text;
  for (const auto& part : {std::string("a1 a9 c1"), d.a_position, d.b_position, d.diagram})
    EXPECT_NE(text.find(part), std::string::npos) << "describe() lacks '" << part << "':\n" << text;
  EXPECT_EQ(result.leaves, 0u);
  return d;
}

// The first path to X is a1 a9 c1, not c1 a9 a1 (checked by brute force too).
TEST(CompareEmergo, FirstPathToPlantedPositionIsByteOrderFirst) {
  const auto& g = reference_emergo();
  Path scratch;
  const auto brute = first_path_to(
      g, g.start(), 4, [&](const auto& p) { return g.format(p) == kX; }, scratch);
  ASSERT_TRUE(brute);
  EXPECT_EQ(*brute, kPathToX);
  EXPECT_EQ(g.format(arb::play_moves(g, g.start(), {"c1", "a9", "a1"})), kX);
}

TEST(CompareEmergo, DroppedMoveAtPlantedPosition) {
  const Difference d = disagreement_at_x<EmergoPlant::kDropMove>();
  EXPECT_EQ(d.path, kPathToX);
  EXPECT_EQ(d.a_position, kX);
  EXPECT_EQ(d.b_position, kX);
  EXPECT_TRUE(d.problems.empty());
  EXPECT_TRUE(d.only_a.empty());
  EXPECT_EQ(d.only_b, Path{"e5"});
  EXPECT_TRUE(d.differing_children.empty());
  EXPECT_NE(arb::describe(d).find("moves only the reference generates (1): e5\n"),
            std::string::npos)
      << arb::describe(d);
}

TEST(CompareEmergo, WrongChildAtPlantedPosition) {
  const Difference d = disagreement_at_x<EmergoPlant::kWrongChild>();
  EXPECT_EQ(d.path, kPathToX);
  EXPECT_EQ(d.b_position, kX);
  EXPECT_TRUE(d.problems.empty());
  EXPECT_TRUE(d.only_a.empty());
  EXPECT_TRUE(d.only_b.empty());
  ASSERT_EQ(d.differing_children.size(), 1u);
  EXPECT_EQ(d.differing_children[0].move, "e5");
  EXPECT_EQ(d.differing_children[0].a_position, "B8/9/9/9/6B2/9/9/9/W1W6 w 10 10");
  EXPECT_EQ(d.differing_children[0].b_position, "B8/9/9/9/4B4/9/9/9/W1W6 w 10 10");
  const std::string text = arb::describe(d);
  EXPECT_NE(text.find("after e5:\n  engine:    B8/9/9/9/6B2/9/9/9/W1W6 w 10 10\n"
                      "  reference: B8/9/9/9/4B4/9/9/9/W1W6 w 10 10\n"),
            std::string::npos)
      << text;
}

TEST(CompareEmergo, CountMovesOffByOneAtPlantedPosition) {
  // X: Black may enter on 38 empty squares but b2 and d2 (E9: a1 or c1 would
  // capture), so 36 moves.
  ASSERT_EQ(reference_emergo().count_moves(reference_emergo().parse(kX)), 36u);
  const Difference d = disagreement_at_x<EmergoPlant::kCountOffByOne>();
  EXPECT_EQ(d.path, kPathToX);
  EXPECT_EQ(d.problems, Path{"engine count_moves = 37 but it generates 36 moves"});
  EXPECT_TRUE(d.only_a.empty());
  EXPECT_TRUE(d.only_b.empty());
  EXPECT_TRUE(d.differing_children.empty());
  EXPECT_NE(arb::describe(d).find("problem: engine count_moves = 37 but it generates 36 moves\n"),
            std::string::npos);
}

TEST(CompareEmergo, WrongOutcomeAtPlantedPosition) {
  const Difference d = disagreement_at_x<EmergoPlant::kWrongOutcome>();
  EXPECT_EQ(d.path, kPathToX);
  EXPECT_EQ(d.problems, Path{"outcome: engine says win w, reference says ongoing"});
  EXPECT_TRUE(d.only_a.empty());
  EXPECT_TRUE(d.only_b.empty());
  EXPECT_TRUE(d.differing_children.empty());
}

// A wrong text for X shows one ply earlier: as a differing child of a1 a9.
TEST(CompareEmergo, WrongPositionTextReportedAtTheParent) {
  const auto& good = reference_emergo();
  const BrokenEmergo<EmergoPlant::kWrongText> broken(good.spec());
  const auto shallow = compare_from_start(broken, good, 2);
  EXPECT_FALSE(shallow.first);
  EXPECT_EQ(shallow.leaves, 1504u);
  const auto result = compare_from_start(broken, good, 3);
  ASSERT_TRUE(result.first);
  const Difference& d = *result.first;
  EXPECT_EQ(d.path, (Path{"a1", "a9"}));
  EXPECT_EQ(d.b_position, "B8/9/9/9/9/9/9/9/W8 w 11 11");
  ASSERT_EQ(d.differing_children.size(), 1u);
  EXPECT_EQ(d.differing_children[0].move, "c1");
  EXPECT_EQ(d.differing_children[0].a_position, std::string(kX) + " ");
  EXPECT_EQ(d.differing_children[0].b_position, kX);
  EXPECT_TRUE(d.problems.empty());
}

// ------------------------------------------------ the real engines agree

CompareResult compare_spec(std::string_view spec, std::string_view position, int depth) {
  return arb::TestGames::with_pair(arb::TestGames::parse_spec(spec),
                                   [&](const auto& e, const auto& r) {
                                     return arb::compare(e, r, arb::position_from(e, position),
                                                         arb::position_from(r, position), depth);
                                   });
}

void expect_agreement(std::string_view spec, std::string_view position, int depth,
                      std::uint64_t leaves, std::uint64_t nodes_compared) {
  const auto result = compare_spec(spec, position, depth);
  ASSERT_FALSE(result.first) << spec << "\n" << arb::describe(*result.first);
  EXPECT_EQ(result.leaves, leaves) << spec;
  EXPECT_EQ(result.nodes_compared, nodes_compared) << spec;
}

TEST(CompareEngines, EmergoStartDepth3) {  // RULES.md E: 40, 1504, 55172
  expect_agreement("emergo", "start", 3, 55172, 1 + 40 + 1504);
}

TEST(CompareEngines, Emergo7StartDepth3) {  // RULES.md E: 24, 528, 11140
  expect_agreement("emergo:size=7", "start", 3, 11140, 1 + 24 + 528);
}

TEST(CompareEngines, EximoStartDepth3) {  // RULES.md X: 40, 1600, 60284
  expect_agreement("eximo", "start", 3, 60284, 1 + 40 + 1600);
}

TEST(CompareEngines, MeridiansStartDepth3) {  // RULES.md M: 114, 12882, 253160
  expect_agreement("meridians", "start", 3, 253160, 1 + 114 + 12882);
}

TEST(CompareEngines, MeridiansSize8StartDepth2) {  // RULES.md M: 154, 23562
  expect_agreement("meridians:size=8", "start", 2, 23562, 1 + 154);
}

TEST(CompareEngines, MeridiansSwapStartDepth2) {  // RULES.md M9: 114 * 114
  expect_agreement("meridians:swap", "start", 2, 12996, 1 + 114);
}

TEST(CompareEngines, MeridiansSize6StartDepth3) {  // fixtures/meridians.perft: 80, 6320, 95636
  expect_agreement("meridians:size=6", "start", 3, 95636, 1 + 80 + 6320);
}

TEST(CompareEngines,
     EcalperLatePositionDepth3) {  // fixtures/ecalper.perft C5-seven-empty-last-added
  expect_agreement(
      "ecalper:size=5,replace=last-added",
      "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/WWWW1WWWW/W1WWWWWW/WWWW1WW/1WWWW1/W1WW1 b - A5:B6,H7,E9", 3,
      3780, 1 + 105 + 1260);
}

// ------------------------------------------------ every registered game

// Depth 1 from the start of the default spec: the root's moves and the text of
// every child agree (depth 1 keeps Ecalper's 300000 first moves cheap enough).
template <class Pair>
void expect_agreement_at_depth1() {
  const arb::Spec spec = arb::TestGames::parse_spec(Pair::kName);
  const typename Pair::Engine e(spec);
  const typename Pair::Reference r(spec);
  const auto result = arb::compare(e, r, e.start(), r.start(), 1);
  ASSERT_FALSE(result.first) << arb::describe(*result.first);
  EXPECT_EQ(result.leaves, arb::perft(r, r.start(), 1));
  EXPECT_EQ(result.nodes_compared, 1u);
}

class RegisteredTest : public ::testing::Test {
 public:
  explicit RegisteredTest(void (*body)()) : body_(body) {}
  void TestBody() override { body_(); }

 private:
  void (*body_)();
};

// CompareRegistered.<game> for every game of the registry, at static
// initialisation (as TEST does).
const bool kRegistered = [] {
  arb::TestGames::for_each([]<class Pair>() {
    ::testing::RegisterTest(
        "CompareRegistered", std::string(Pair::kName).c_str(), nullptr, nullptr, __FILE__, __LINE__,
        []() -> ::testing::Test* { return new RegisteredTest(&expect_agreement_at_depth1<Pair>); });
  });
  return true;
}();

// The toy game's two implementations agree deep, on every spec of its table.
TEST(CompareRegisteredToy, AgreesToDepth8OnEverySpec) {
  // By hand: from 12 the moves are 1 10 2 (to 11, 2, 10); then 3 + 2 + 3.
  expect_agreement("toy", "start", 2, 8, 1 + 3);
  for (const char* spec : {"toy", "toy:pile=5", "toy:pile=20"}) {
    const auto result = compare_spec(spec, "start", 8);
    ASSERT_FALSE(result.first) << spec << "\n" << arb::describe(*result.first);
  }
  EXPECT_EQ(compare_spec("toy:pile=5", "start", 1).leaves, 2u);  // T2: take 1 or 2 of 5
}

}  // namespace
