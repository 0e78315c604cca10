// The counting default (perft/count/policy.h): its decisions, from
// estimates made up or counted, never from timings; and the counts it picks
// are the plain walk's.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/ecalper/ecalper.h"
#include "engine/emergo/emergo.h"
#include "engine/eximo/eximo.h"
#include "engine/meridians/meridians.h"
#include "perft/count/counting.h"
#include "perft/count/hashed.h"
#include "perft/count/perft.h"
#include "perft/count/policy.h"
#include "reference/emergo/emergo.h"

namespace arb {
namespace {

// A tree of `width` children per position, `depth` plies.
TreeEstimate uniform(double width, int depth) {
  std::vector<double> plies{1};
  for (int k = 1; k <= depth; ++k) plies.push_back(plies.back() * width);
  return extrapolate(plies, depth);
}

CountingFacts engine_facts() {
  CountingFacts f;
  f.table = true;
  f.probe_depth = 3;
  f.bucket_bytes = 128;
  f.cores = 4;
  f.memory_mb = 16384;
  return f;
}

TEST(PerftPolicy, ATinyTreeIsWalkedPlainlyOnOneThread) {
  const HashOptions o = choose_counting({}, uniform(30, 3), engine_facts());  // 931 walked
  EXPECT_EQ(o.threads, 1);
  EXPECT_EQ(o.megabytes, 0u);
}

TEST(PerftPolicy, ASmallTreeOfASymmetricGameMergesTheImagesOfItsUpperPlies) {
  CountingFacts f = engine_facts();
  EXPECT_FALSE(choose_counting({}, uniform(30, 4), f).merge_top);  // no symmetries
  f.symmetric = true;
  const HashOptions o = choose_counting({}, uniform(30, 4), f);
  EXPECT_TRUE(o.merge_top);
  EXPECT_EQ(o.threads, 1);
  EXPECT_EQ(o.megabytes, 0u);
  EXPECT_FALSE(plain_walk(o));
  // --threads 1 --hash 0: the plain recursion, as asked.
  CountOptions plain;
  plain.megabytes = 0;
  plain.threads = 1;
  EXPECT_TRUE(plain_walk(choose_counting(plain, uniform(30, 4), f)));
}

TEST(PerftPolicy, ABigTreeGetsEveryCoreAndASizedTable) {
  const HashOptions o = choose_counting({}, uniform(40, 8), engine_facts());
  EXPECT_EQ(o.threads, 4);
  EXPECT_GT(o.megabytes, 0u);
  EXPECT_LE(o.megabytes, kDefaultHashMb);
  EXPECT_EQ(o.probe_depth, 3);
  EXPECT_TRUE(o.sized);
}

TEST(PerftPolicy, TheTableIsSizedForThePositionsStoredAndNeverAboveAnEighthOfTheMemory) {
  CountingFacts f = engine_facts();
  // 40^0 + ... + 40^3 = 65641 positions of 128 bytes: 8.01 MB, so 16 (a power of two).
  const HashOptions small = choose_counting({}, uniform(40, 6), f);
  EXPECT_EQ(small.megabytes, 16u);
  f.memory_mb = 64;  // an eighth: 8 MB
  EXPECT_EQ(choose_counting({}, uniform(40, 9), f).megabytes, 8u);
  f.memory_mb = 0;  // unknown: kDefaultHashMb
  EXPECT_EQ(choose_counting({}, uniform(40, 12), f).megabytes, kDefaultHashMb);
}

TEST(PerftPolicy, NoTableWhereTooFewPliesRemainForATransposition) {
  // Big, but depth 4 < probe depth 3 + 2: threads only.
  const HashOptions o = choose_counting({}, uniform(400, 4), engine_facts());
  EXPECT_EQ(o.threads, 4);
  EXPECT_EQ(o.megabytes, 0u);
}

TEST(PerftPolicy, ExplicitOptionsAreHonouredExactly) {
  CountOptions a;
  a.megabytes = 512;
  a.threads = 3;
  a.seed = 7;
  for (const auto& tree : {uniform(30, 2), uniform(40, 9)}) {
    const HashOptions o = choose_counting(a, tree, engine_facts());
    EXPECT_EQ(o.megabytes, 512u);
    EXPECT_EQ(o.threads, 3);
    EXPECT_EQ(o.seed, 7u);
    EXPECT_EQ(o.probe_depth, 2);  // today's table, probed from 2 plies above the leaves
    EXPECT_FALSE(o.sized);        // and sized by perft_many's walk, as before
  }
  // --hash 0 alone: no table; the threads still follow the tree.
  CountOptions off;
  off.megabytes = 0;
  EXPECT_EQ(choose_counting(off, uniform(40, 9), engine_facts()).megabytes, 0u);
  EXPECT_EQ(choose_counting(off, uniform(40, 9), engine_facts()).threads, 4);
  EXPECT_EQ(choose_counting(off, uniform(30, 2), engine_facts()).threads, 1);
  // --threads alone: honoured on a tiny tree too; the table follows the tree.
  CountOptions two;
  two.threads = 2;
  EXPECT_EQ(choose_counting(two, uniform(30, 2), engine_facts()).threads, 2);
  EXPECT_EQ(choose_counting(two, uniform(30, 2), engine_facts()).megabytes, 0u);
  EXPECT_GT(choose_counting(two, uniform(40, 9), engine_facts()).megabytes, 0u);
  // --hash alone on a tiny tree: the table as asked, one thread.
  CountOptions mb;
  mb.megabytes = 16;
  EXPECT_EQ(choose_counting(mb, uniform(30, 2), engine_facts()).megabytes, 16u);
  EXPECT_EQ(choose_counting(mb, uniform(30, 2), engine_facts()).threads, 1);
}

TEST(PerftPolicy, NoTableWithoutAHashOrWithACountingShortcut) {
  CountingFacts reference = engine_facts();
  reference.table = false;
  EXPECT_EQ(choose_counting({}, uniform(40, 9), reference).megabytes, 0u);
  EXPECT_EQ(choose_counting({}, uniform(40, 9), reference).threads, 4);
  // The reference is slower per position: threads from a smaller tree (2.6e6 walked).
  EXPECT_EQ(choose_counting({}, uniform(40, 5), reference).threads, 4);
  EXPECT_EQ(choose_counting({}, uniform(40, 5), engine_facts()).threads, 1);
  CountingFacts shortcut = engine_facts();
  shortcut.table = false;
  shortcut.shortcut = true;
  const TreeEstimate depth1 = extrapolate({1}, 1), depth3 = extrapolate({1}, 3);
  EXPECT_EQ(choose_counting({}, depth1, shortcut).threads, 1);
  EXPECT_EQ(choose_counting({}, depth3, shortcut).threads, 4);
  EXPECT_EQ(choose_counting({}, depth3, shortcut).megabytes, 0u);
}

TEST(PerftPolicy, ExtrapolationFollowsTheLastTwoPlies) {
  // 1, 10, 20: two plies apart x20, so ply 3 is 10 x 20, ply 4 is 20 x 20.
  const TreeEstimate t = extrapolate({1, 10, 20}, 4);
  ASSERT_EQ(t.plies.size(), 5u);
  EXPECT_EQ(t.exact, 2);
  EXPECT_DOUBLE_EQ(t.plies[3], 200);
  EXPECT_DOUBLE_EQ(t.plies[4], 400);
  EXPECT_DOUBLE_EQ(t.walked(), 1 + 10 + 20 + 200);
  EXPECT_DOUBLE_EQ(t.stored(3), 1 + 10);
  // A cut-off count is a floor for the next ply.
  EXPECT_DOUBLE_EQ(extrapolate({1, 10, 20}, 3, 5000).plies[3], 5000);
  // A tree that ends stays ended.
  EXPECT_DOUBLE_EQ(extrapolate({1, 3, 0}, 5).walked(), 4);
}

TEST(PerftPolicy, TheEstimateIsExactWhereItCounts) {
  const engine::emergo::Emergo g(Spec::parse("emergo"));
  const TreeEstimate t = estimate_tree(g, {g.start()}, 6);
  ASSERT_GE(t.exact, 3);  // 40, 1504 and 55172 fit in the budget
  EXPECT_DOUBLE_EQ(t.plies[1], 40);
  EXPECT_DOUBLE_EQ(t.plies[2], 1504);
  EXPECT_DOUBLE_EQ(t.plies[3], 55172);
  // perft(5) is 59056880 (fixtures/emergo.perft): the estimate is within 10x.
  EXPECT_GT(t.plies[5], 59056880 / 10.0);
  EXPECT_LT(t.plies[5], 59056880 * 10.0);
  // A finished position: an empty tree below ply 0.
  const auto done = g.parse("9/9/9/9/9/9/9/9/B8 w 0 0");
  EXPECT_DOUBLE_EQ(estimate_tree(g, {done}, 6).walked(), 1);
}

TEST(PerftPolicy, AClearlySmallTreesEstimateStopsAfterFourPlies) {
  const engine::emergo::Emergo g(Spec::parse("emergo"));
  // fixtures/emergo_midgame.perft issue15-example: perft(7) 5544810, about
  // 7e5 positions walked, and plies 1-5 within the budget.
  const auto pos =
      g.parse("W1B5B/7B1/B5(BW)2/5(BW)1W1/W1(BW)6/1W5(WB)1/(WB)1W1B1B2/9/W1B3W2 w 0 0");
  EXPECT_EQ(estimate_tree(g, {pos}, 7).exact, 5);
  const TreeEstimate early =
      estimate_tree(g, {pos}, 7, kEstimateBudget, kPlainBelow * kClearlySmall);
  EXPECT_EQ(early.exact, 4);
  EXPECT_DOUBLE_EQ(early.plies[4], 11468);
  EXPECT_LT(early.walked(), kPlainBelow * kClearlySmall);
  // columns-seed17-ply41 D8: 1.42e6 walked, extrapolated from plies 1-4 to about 2.3e6.
  const auto columns =
      g.parse("B7B/9/(WW)1(BB)1(WB)4/9/(WB)1(BW)5(BBW)/3(WW)3W1/4(WB)4/7B1/2(WWB)6 w 0 0");
  EXPECT_EQ(estimate_tree(g, {columns}, 8, kEstimateBudget, kPlainBelow * kClearlySmall).exact, 4);
  // A large tree counts on: the Emergo start at D8 (1.25e12 leaves).
  EXPECT_GE(estimate_tree(g, {g.start()}, 8, kEstimateBudget, kPlainBelow * kClearlySmall).exact,
            3);
}

// The probe depth is the game's own fact (G::kProbeDepth), 3 without one.
TEST(PerftPolicy, TheProbeDepthComesFromTheGame) {
  EXPECT_EQ(default_probe_depth<engine::meridians::Meridians>(), 4);
  EXPECT_EQ(default_probe_depth<engine::emergo::Emergo>(), 3);
  EXPECT_EQ(default_probe_depth<reference::Emergo>(), 3);
}

TEST(PerftPolicy, TheEnginesDecisionsFromTheirTrees) {
  const CountOptions defaults;
  const engine::emergo::Emergo emergo(Spec::parse("emergo"));
  const HashOptions d3 = resolve_hash(emergo, defaults, emergo.start(), 3);
  EXPECT_EQ(d3.threads, 1);
  EXPECT_EQ(d3.megabytes, 0u);
  const HashOptions d8 = resolve_hash(emergo, defaults, emergo.start(), 8);
  EXPECT_EQ(d8.threads, default_threads());
  EXPECT_GT(d8.megabytes, 0u);
  EXPECT_EQ(d8.probe_depth, default_probe_depth<engine::emergo::Emergo>());
  // The reference has no hash: never a table.
  const reference::Emergo ref(Spec::parse("emergo"));
  EXPECT_EQ(resolve_hash(ref, defaults, ref.start(), 8).megabytes, 0u);
  // Ecalper counts by arithmetic: no table, and nothing to estimate.
  const engine::ecalper::Ecalper ecalper(Spec::parse("ecalper"));
  EXPECT_EQ(resolve_hash(ecalper, defaults, ecalper.start(), 5).megabytes, 0u);
}

// The probe depth and a pre-sized table change no count.
TEST(PerftPolicy, EveryProbeDepthGivesThePlainCount) {
  const engine::emergo::Emergo emergo(Spec::parse("emergo"));
  const auto mid =
      emergo.parse("W1B5B/7B1/B5(BW)2/5(BW)1W1/W1(BW)6/1W5(WB)1/(WB)1W1B1B2/9/W1B3W2 w 0 0");
  const engine::eximo::Eximo eximo(Spec::parse("eximo"));
  const engine::meridians::Meridians meridians(Spec::parse("meridians:size=6"));
  const auto check = [](const auto& g, const auto& pos, int depth) {
    const Count plain = perft(g, pos, depth);
    for (int probe = 2; probe <= depth + 1; ++probe)
      for (const int threads : {1, 2}) {
        HashOptions o{1, threads, 0};
        o.probe_depth = probe;
        o.sized = probe % 2 == 0;
        EXPECT_EQ(to_string(run_perft(g, pos, depth, o)), to_string(plain))
            << g.spec().canonical() << " depth " << depth << " probe depth " << probe;
      }
  };
  check(emergo, mid, 6);
  check(eximo, eximo.start(), 5);
  check(meridians, meridians.start(), 4);
}

// The default's walk of a small tree, its upper plies merged by symmetry,
// counts what the plain walk counts: from symmetric starts (where it merges)
// and from a midgame (where it does not), counts and divide alike.
TEST(PerftPolicy, TheMergedWalkGivesThePlainCount) {
  const engine::emergo::Emergo emergo(Spec::parse("emergo:size=7"));
  const engine::emergo::Emergo emergo9(Spec::parse("emergo"));
  const auto mid =
      emergo9.parse("W1B5B/7B1/B5(BW)2/5(BW)1W1/W1(BW)6/1W5(WB)1/(WB)1W1B1B2/9/W1B3W2 w 0 0");
  const engine::eximo::Eximo eximo(Spec::parse("eximo"));
  const engine::meridians::Meridians meridians(Spec::parse("meridians:size=6"));
  HashOptions merged;
  merged.merge_top = true;
  const auto check = [&](const auto& g, const auto& pos, int depth, bool symmetric = true) {
    // The default merges where the root is symmetric, else walks plainly.
    ASSERT_EQ(resolve_hash(g, CountOptions{}, pos, depth).merge_top, symmetric)
        << g.spec().canonical();
    EXPECT_EQ(to_string(run_perft(g, pos, depth, merged)), to_string(perft(g, pos, depth)))
        << g.spec().canonical() << " depth " << depth;
    const auto text = [](const std::vector<DivideEntry>& d) {
      std::string t;
      for (const auto& e : d) t += e.move + " " + to_string(e.nodes) + "\n";
      return t;
    };
    EXPECT_EQ(text(run_divide(g, pos, depth, merged)), text(divide(g, pos, depth)));
  };
  check(emergo, emergo.start(), 5);
  check(emergo9, mid, 5, false);
  check(eximo, eximo.start(), 5);
  check(meridians, meridians.start(), 4);
}

TEST(PerftPolicy, ImagesMeetBelowASymmetricRootOnly) {
  const engine::emergo::Emergo emergo(Spec::parse("emergo"));
  const auto mid =
      emergo.parse("2W6/9/2(WB)1(WB)1(BBBWW)2/9/B5(WB)2/3B3(WWB)1/(BW)1B6/1W3W3/B5W2 w 0 0");
  EXPECT_TRUE(images_meet(emergo, {emergo.start()}));
  EXPECT_FALSE(images_meet(emergo, {mid}));
  EXPECT_TRUE(images_meet(emergo, {mid, emergo.start()}));
  CountingFacts f = engine_facts();
  f.symmetric = true;
  TreeEstimate t = uniform(30, 4);
  t.images_meet = false;
  EXPECT_FALSE(choose_counting({}, t, f).merge_top);
  EXPECT_TRUE(plain_walk(choose_counting({}, t, f)));
}

}  // namespace
}  // namespace arb
