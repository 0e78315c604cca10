// perft stats' game metrics (perft/stats/metrics.h): each metric on hand-made
// tallies with answers worked out by hand, the observer against a game
// replayed ply by ply, thread-count and engine/reference independence, --vs's
// differences, and the CLI's text and JSON.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "arb/games.h"
#include "common/game.h"
#include "perft/stats/metrics.h"
#include "perft/stats/stats.h"
#include "perft/tests/cli_run.h"

namespace arb {
namespace {

using stats::Metric;
using stats::MetricSummary;
using stats::Player;
using stats::Tally;

constexpr double kZ = 1.959963984540054;

const Metric& get(const MetricSummary& s, const std::string& key) {
  const Metric* m = s.find(key);
  EXPECT_NE(m, nullptr) << key;
  static const Metric none;
  return m != nullptr ? *m : none;
}

std::string text(stats::U128 x) {
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(x % 10)));
    x /= 10;
  } while (x != 0);
  return s;
}

// Every integer of a MetricTally, as text (gtest cannot print 128-bit values).
std::string text(const stats::MetricTally& m) {
  std::string s = std::to_string(static_cast<int>(m.leads));
  for (const stats::Moments* x : {&m.lead_changes, &m.lead_change_ppm, &m.decisiveness_ppm})
    s += " " + std::to_string(x->n) + " " + text(x->sum) + " " + text(x->sum_sq);
  const auto& b = m.branching;
  s += " " + std::to_string(b.n) + " " + text(b.x) + " " + text(b.y) + " " + text(b.xx) + " " +
       text(b.yy) + " " + text(b.xy);
  for (auto v : m.moves_sq) s += " " + text(v);
  return s;
}

// Balance: 1 - the largest gap between two seats' win rates. Three seats with
// 50, 30 and 10 wins of 100: gap 0.40, Var = (0.5 + 0.1 - 0.16) / 100.
TEST(StatsMetrics, BalanceIsOneMinusTheLargestGapWithItsInterval) {
  Tally t(3);
  t.games = 100;
  t.wins = {50, 30, 10};
  t.draws = 10;
  const MetricSummary s = stats::measure(t, "bwr");
  const Metric& b = get(s, "balance");
  const double se = std::sqrt(0.0044);
  EXPECT_NEAR(b.value, 0.6, 1e-12);
  EXPECT_NEAR(b.se, se, 1e-12);
  EXPECT_NEAR(b.ci_lo, 1 - (0.4 + kZ * se), 1e-12);
  EXPECT_NEAR(b.ci_hi, 1 - (0.4 - kZ * se), 1e-12);

  // Even seats: the gap's interval holds 0, so balance's reaches 1.
  Tally even(2);
  even.games = 100;
  even.wins = {40, 40};
  even.draws = 20;
  const Metric& e = get(stats::measure(even, "wb"), "balance");
  EXPECT_DOUBLE_EQ(e.value, 1.0);
  EXPECT_DOUBLE_EQ(e.ci_hi, 1.0);
  EXPECT_NEAR(e.ci_lo, 1 - kZ * std::sqrt(0.8 / 100), 1e-12);
}

// First-mover advantage, completion, drawishness and timeouts are shares of
// all games (Ludii's AdvantageP1, Completion, Drawishness, Timeouts).
TEST(StatsMetrics, OutcomeRatesAreSharesOfAllGamesWithWilsonIntervals) {
  Tally t(2);
  t.games = 200;
  t.wins = {90, 70};
  t.draws = 30;
  t.unfinished = 10;
  const MetricSummary s = stats::measure(t, "wb");
  const std::vector<std::pair<std::string, std::uint64_t>> expected = {
      {"advantage_p1", 90}, {"completion", 160}, {"drawishness", 30}, {"timeouts", 10}};
  for (const auto& [key, count] : expected) {
    const Metric& m = get(s, key);
    EXPECT_EQ(m.count, count) << key;
    EXPECT_EQ(m.of, 200u) << key;
    EXPECT_DOUBLE_EQ(m.value, static_cast<double>(count) / 200) << key;
    const stats::Interval w = stats::wilson(count, 200);
    EXPECT_DOUBLE_EQ(m.ci_lo, w.lo) << key;
    EXPECT_DOUBLE_EQ(m.ci_hi, w.hi) << key;
  }
  EXPECT_NEAR(get(s, "completion").value + get(s, "drawishness").value + get(s, "timeouts").value,
              1.0, 1e-12);
}

// Duration: two games of 10 plies, two of 20: mean 15, sample standard
// deviation sqrt(100 / 3), standard error half of it.
TEST(StatsMetrics, DurationIsTheMeanOfTheFinishedGamesWithANormalInterval) {
  Tally t(2);
  t.games = 5;
  t.wins = {2, 2};
  t.unfinished = 1;
  t.lengths.assign(21, 0);
  t.lengths[10] = 2;
  t.lengths[20] = 2;
  const MetricSummary s = stats::measure(t, "wb");
  const Metric& d = get(s, "duration");
  const double se = std::sqrt(100.0 / 3) / 2;
  EXPECT_EQ(d.of, 4u);
  EXPECT_DOUBLE_EQ(d.value, 15);
  EXPECT_NEAR(d.se, se, 1e-12);
  EXPECT_NEAR(d.ci_lo, 15 - kZ * se, 1e-12);
  EXPECT_NEAR(d.ci_hi, 15 + kZ * se, 1e-12);
  EXPECT_EQ(s.median, 10);
  EXPECT_EQ(s.p10, 10);
  EXPECT_EQ(s.p90, 20);
}

// Branching: games of (30 moves, 3 plies) and (10, 2): 40 / 5 = 8; residuals
// 30 - 24 = 6 and 10 - 16 = -6, so se = sqrt(72 / 1 / 2) / 2.5 = 2.4. Per
// ply: ply 1 saw 4 and 6 moves (mean 5, se 1).
TEST(StatsMetrics, BranchingIsARatioWithAnIntervalClusteredByGame) {
  Tally t(2);
  t.games = 2;
  t.metrics.branching.add(30, 3);
  t.metrics.branching.add(10, 2);
  t.moves_sum = {10};
  t.moves_seen = {2};
  t.metrics.moves_sq = {16 + 36};
  const MetricSummary s = stats::measure(t, "wb");
  const Metric& b = get(s, "branching");
  EXPECT_DOUBLE_EQ(b.value, 8);
  EXPECT_NEAR(b.se, 2.4, 1e-12);
  ASSERT_EQ(s.branching_lo.size(), 1u);
  EXPECT_NEAR(s.branching_lo[0], 5 - kZ, 1e-12);
  EXPECT_NEAR(s.branching_hi[0], 5 + kZ, 1e-12);
}

// Decisiveness (Ludii's DecisivenessThreshold and DecisivenessMoves): the
// loser's best lead is the threshold; the share of the plies before the
// winner's lead first exceeds it. Leads (w, b) before plies 1-4: (0, 0),
// (1, -1), (-2, 2), (3, -3). w wins: threshold 2, exceeded at position 3: 3/4.
// b wins: threshold 3, never exceeded: 1.
TEST(StatsMetrics, DecisivenessAndLeadChangeRateFromALeadTrace) {
  stats::LeadTrace trace;
  trace.players = 2;
  trace.leads = {0, 0, 1, -1, -2, 2, 3, -3, 4, -4};
  trace.changes = 4;
  stats::MetricTally m;
  stats::add_lead_trace(m, trace, 4, 0);
  EXPECT_EQ(m.decisiveness_ppm.n, 1u);
  EXPECT_EQ(text(m.decisiveness_ppm.sum), "750000");
  EXPECT_EQ(text(m.lead_change_ppm.sum), "1000000");  // 4 changes in 4 plies
  EXPECT_EQ(text(m.lead_changes.sum), "4");
  stats::add_lead_trace(m, trace, 4, 1);
  EXPECT_EQ(text(m.decisiveness_ppm.sum), "1750000");
  stats::add_lead_trace(m, trace, 4, -1);  // a draw: lead changes only
  EXPECT_EQ(m.decisiveness_ppm.n, 2u);
  EXPECT_EQ(m.lead_change_ppm.n, 3u);
  EXPECT_EQ(m.lead_changes.n, 3u);
  EXPECT_EQ(stats::in_millionths(1, 3), 333333u);
  EXPECT_EQ(stats::in_millionths(2, 3), 666667u);

  Tally t(2);
  t.games = 3;
  t.metrics = m;
  t.metrics.leads = stats::LeadMeasure::kMeasured;
  const MetricSummary s = stats::measure(t, "wb");
  EXPECT_DOUBLE_EQ(get(s, "decisiveness").value, 0.875);
  EXPECT_DOUBLE_EQ(get(s, "lead_change").value, 1.0);
  EXPECT_DOUBLE_EQ(get(s, "lead_changes").value, 4.0);
  EXPECT_DOUBLE_EQ(get(s, "lead_changes").se, 0.0);
}

// Three or more players: each one's lead is over the best of the others; the
// leaders are all who share the most material.
TEST(StatsMetrics, LeadsOfThreePlayers) {
  std::vector<int> leads;
  EXPECT_EQ(stats::append_leads(std::vector<int>{5, 7, 7}, leads), 0b110u);
  EXPECT_EQ(leads, (std::vector<int>{-2, 0, 0}));
  leads.clear();
  EXPECT_EQ(stats::append_leads(std::vector<int>{3, 1, 2}, leads), 0b001u);
  EXPECT_EQ(leads, (std::vector<int>{1, -2, -1}));
  leads.clear();
  EXPECT_EQ(stats::append_leads(std::vector<int>{4, 6}, leads), 0b10u);
  EXPECT_EQ(leads, (std::vector<int>{-2, 2}));
}

// The observer against the game replayed by hand: the set of material
// leaders position by position (Eximo: men on the board), its changes, and the
// decisiveness of the winner.
TEST(StatsMetrics, ObserverCountsTheMaterialLeadersOfTheReplayedGame) {
  using E = engine::eximo::Eximo;
  const E g(Games::parse_spec("eximo"));
  const auto root = g.start();
  int decided_games = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    stats::Mover<E> mover(g, Player::kRandom);
    Tally t;
    const stats::GameEnd end = stats::play_game(g, mover, root, seed, 1000, t);
    stats::Mover<E> again(g, Player::kRandom);
    stats::SplitMix64 rng{seed};
    std::vector<E::Position> line{root};
    for (int ply = 0; ply < end.plies; ++ply)
      line.push_back(g.play(line.back(), again.pick(line.back(), g.count_moves(line.back()), rng)));
    std::uint64_t changes = 0;
    std::vector<int> lead_w;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const int w = g.material(line[i], 0), b = g.material(line[i], 1);
      lead_w.push_back(w - b);
      if (i > 0) {
        const int pw = g.material(line[i - 1], 0), pb = g.material(line[i - 1], 1);
        const int now = (w >= b ? 1 : 0) | (b >= w ? 2 : 0);
        const int before = (pw >= pb ? 1 : 0) | (pb >= pw ? 2 : 0);
        if (now != before) ++changes;
      }
    }
    EXPECT_EQ(text(t.metrics.lead_changes.sum), std::to_string(changes)) << seed;
    EXPECT_EQ(t.metrics.leads, stats::LeadMeasure::kMeasured);
    ASSERT_FALSE(end.unfinished);
    const int winner = end.outcome.winners == 1 ? 0 : 1;
    int threshold = -1000;  // the loser's best lead before each ply
    for (int i = 0; i < end.plies; ++i)
      threshold = std::max(threshold, winner == 0 ? -lead_w[i] : lead_w[i]);
    int decided = end.plies;
    for (int i = 0; i < end.plies; ++i)
      if ((winner == 0 ? lead_w[i] : -lead_w[i]) > threshold) {
        decided = i;
        break;
      }
    if (decided < end.plies) ++decided_games;
    EXPECT_EQ(text(t.metrics.decisiveness_ppm.sum),
              std::to_string(stats::in_millionths(static_cast<std::uint64_t>(decided),
                                                  static_cast<std::uint64_t>(end.plies))))
        << seed;
    EXPECT_EQ(text(t.metrics.branching.y), std::to_string(end.plies));
  }
  EXPECT_GT(decided_games, 0) << "some game is decided before its end";
}

// Exact integers merged order-free: the same metrics on 1 and 3 threads, and
// on the engine and the reference.
TEST(StatsMetrics, TalliesDoNotDependOnThreadsOrImplementation) {
  Games::for_each([&]<class Pair>() {
    const std::string name(Pair::kName);
    const std::string spec_text = name == "ecalper"     ? "ecalper:size=5"
                                  : name == "meridians" ? "meridians:size=6"
                                                        : name;
    const Spec spec = Games::parse_spec(spec_text);
    const typename Pair::Engine e(spec);
    const typename Pair::Reference r(spec);
    stats::RunOptions o;
    o.games = 12;
    o.seed = 5;
    o.max_plies = 300;
    const auto re = e.start();
    const auto rr = r.start();
    const Tally one = stats::run_games(e, re, &e, &re, o).first;
    o.threads = 3;
    const Tally three = stats::run_games(e, re, &e, &re, o).first;
    o.threads = 2;
    const Tally ref = stats::run_games(r, rr, &r, &rr, o).first;
    EXPECT_EQ(text(one.metrics), text(three.metrics)) << spec_text;
    EXPECT_EQ(text(one.metrics), text(ref.metrics)) << spec_text;
    // Ecalper's leads by its score, the largest group (C6): its material
    // changes alike on every move (C4).
    EXPECT_EQ(one.metrics.leads, stats::LeadMeasure::kMeasured) << spec_text;
  });
}

// B against A: means by a z test on the two standard errors; rates as the
// outcome rates are compared; n/a stays n/a.
TEST(StatsMetrics, DifferencesWithIntervalsAndTestsInWords) {
  MetricSummary a, b;
  Metric d;
  d.key = "duration";
  d.name = "duration (plies)";
  d.kind = stats::MetricKind::kMean;
  d.percent = false;
  d.of = 100;
  d.value = 10;
  d.se = 0.3;
  a.list.push_back(d);
  d.value = 11;
  d.se = 0.4;
  b.list.push_back(d);
  Metric r;
  r.key = "drawishness";
  r.name = "drawishness";
  r.count = 30;
  r.of = 100;
  r.value = 0.3;
  a.list.push_back(r);
  r.count = 30;
  b.list.push_back(r);
  Metric na;
  na.key = "decisiveness";
  na.name = "decisiveness";
  na.available = false;
  a.list.push_back(na);
  b.list.push_back(na);
  const auto diffs = stats::compare_metrics(a, b);
  ASSERT_EQ(diffs.size(), 3u);
  EXPECT_DOUBLE_EQ(diffs[0].diff, 1);
  EXPECT_NEAR(diffs[0].z, 2, 1e-12);
  EXPECT_NEAR(diffs[0].lo, 1 - kZ * 0.5, 1e-12);
  EXPECT_NEAR(diffs[0].p, 0.0455003, 1e-6);  // 2 (1 - Phi(2))
  EXPECT_EQ(stats::in_words(diffs[0]), "games are 1.00 plies longer under B (p = 0.046)");
  EXPECT_DOUBLE_EQ(diffs[1].diff, 0);
  EXPECT_DOUBLE_EQ(diffs[1].p, 1);
  EXPECT_EQ(stats::in_words(diffs[1]),
            "drawishness: no significant difference under B (+0.0 points, p = 1.000)");
  EXPECT_FALSE(diffs[2].available);
  EXPECT_EQ(stats::in_words(diffs[2]), "decisiveness: n/a");
}

TEST(StatsMetrics, TextShowsTheMetricsAndTheirDifferences) {
  const auto r = test::run_cli(
      {"stats", "eximo", "--vs", "eximo:capture=max", "--games", "300", "--threads", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* words :
       {"  metrics (docs/variants.md; 95% interval: Wilson for rates, normal for means):\n",
        "    balance ", "    first-mover advantage ", "    completion ", "    drawishness ",
        "    timeouts ", "    duration (plies) ", "    branching ", "    lead changes ",
        "    lead change rate ", "    decisiveness ", "Metrics, B against A (", "branching",
        "under B ("})
    EXPECT_NE(r.out.find(words), std::string::npos) << words << "\n" << r.out;
  EXPECT_EQ(r.out.find("n/a"), std::string::npos) << "Eximo has a material measure";

  const auto c = test::run_cli({"stats", "ecalper:size=5", "--games", "20", "--threads", "2"});
  ASSERT_EQ(c.status, 0) << c.err;
  // Ecalper's leads by the largest group (C6): its material changes alike (C4).
  EXPECT_NE(c.out.find("    lead changes  "), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("per game, of the leader"), std::string::npos) << c.out;
  EXPECT_EQ(c.out.find("n/a"), std::string::npos) << c.out;
}

// V7's example under the default rules (docs/variants.md): after White's only
// move, pass, the game is over (M10: White has lost), so every game ends at the
// root and the means over games that moved are n/a, not 0 with no interval.
TEST(StatsMetrics, MeansOfNoValuesAreNotAvailable) {
  const auto r =
      test::run_cli({"stats", "meridians", "--games", "3", "--position",
                     "6/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2", "--moves", "pass", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto m = nlohmann::json::parse(r.out)["a"]["metrics"];
  EXPECT_EQ(m["branching"]["reason"], "no game moved");
  EXPECT_EQ(m["lead_change"]["reason"], "no game moved");
  EXPECT_EQ(m["decisiveness"]["reason"], "no game won after a move");
  EXPECT_EQ(m["duration"]["of"], 3);  // three finished games of 0 plies
  EXPECT_EQ(m["duration"]["value"], 0.0);
  EXPECT_EQ(m["completion"]["count"], 3);
  EXPECT_EQ(m["balance"]["value"], 0.0);  // b won every game
}

TEST(StatsMetrics, JsonCarriesEveryMetricAndDifference) {
  const auto r = test::run_cli({"stats", "emergo:size=7", "--vs", "emergo:size=7,feeding=allowed",
                                "--games", "60", "--threads", "2", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const std::vector<std::string> keys = {
      "balance",  "advantage_p1", "completion",   "drawishness", "timeouts",
      "duration", "branching",    "lead_changes", "lead_change", "decisiveness"};
  for (const char* side : {"a", "b"}) {
    const auto& m = j.at(side).at("metrics");
    for (const auto& k : keys) {
      ASSERT_TRUE(m.contains(k)) << side << ' ' << k;
      EXPECT_TRUE(m[k].at("available").get<bool>()) << k;
      for (const char* f : {"value", "low", "high", "of", "interval"})
        EXPECT_TRUE(m[k].contains(f)) << k << ' ' << f;
      EXPECT_LE(m[k]["low"].get<double>(), m[k]["value"].get<double>() + 1e-12) << k;
      EXPECT_GE(m[k]["high"].get<double>(), m[k]["value"].get<double>() - 1e-12) << k;
    }
    for (const char* f : {"median", "p10", "p90"}) EXPECT_TRUE(m["duration"].contains(f)) << f;
    EXPECT_EQ(m["branching_by_ply"]["low"].size(), j[side]["branching_by_ply"].size());
    // the existing keys stay
    for (const char* f : {"rates", "first_player", "length", "branching"})
      EXPECT_TRUE(j[side].contains(f)) << f;
  }
  for (const auto& k : keys) {
    const auto& d = j.at("metric_difference").at(k);
    for (const char* f : {"diff", "low", "high", "z", "p", "test"})
      EXPECT_TRUE(d.contains(f)) << k << ' ' << f;
  }
  EXPECT_TRUE(j.contains("difference"));

  const auto c = test::run_cli({"stats", "ecalper:size=5", "--games", "5", "--json"});
  ASSERT_EQ(c.status, 0) << c.err;
  const auto cj = nlohmann::json::parse(c.out);
  EXPECT_TRUE(cj["a"]["metrics"]["decisiveness"]["available"].get<bool>());
  EXPECT_TRUE(cj["a"]["metrics"]["lead_changes"]["available"].get<bool>());
}

}  // namespace
}  // namespace arb
