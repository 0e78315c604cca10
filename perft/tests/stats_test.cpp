// perft stats (issue 24) and the pick by text rank that it shares with perft
// play (issue 29.9): the statistics against independently computed values,
// nth_move against the sorted list, engine == reference, determinism over
// threads, greedy play, bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "arb/games.h"
#include "common/game.h"
#include "perft/perft.h"
#include "perft/stats.h"
#include "perft/tests/cli_run.h"

namespace arb {
namespace {

using stats::Player;
using stats::Tally;

// Values from scipy 1.10.1 (python3-scipy, Debian 12), computed apart from this
// code: scipy.stats.binomtest(k, n).proportion_ci(method='wilson').
TEST(Stats, WilsonIntervalMatchesScipy) {
  struct Case {
    std::uint64_t k, n;
    double lo, hi;
  };
  for (const Case& c :
       {Case{512, 1000, 0.48103255440609083, 0.5428756033902556},
        Case{0, 50, 0.0, 0.07134759913335872}, Case{50, 50, 0.9286524008666412, 1.0},
        Case{4100, 10000, 0.40039659324986343, 0.4196725264568584},
        Case{1, 3, 0.06149194472039626, 0.7923403991979523}}) {
    const stats::Interval i = stats::wilson(c.k, c.n);
    EXPECT_NEAR(i.lo, c.lo, 1e-12) << c.k << "/" << c.n;
    EXPECT_NEAR(i.hi, c.hi, 1e-12) << c.k << "/" << c.n;
  }
}

// p and |z| from scipy.stats.chi2_contingency([[ka, na-ka], [kb, nb-kb]],
// correction=False) (chi2 = z^2 for the pooled two-proportion test); the
// interval by Newcombe's method 10 from scipy's Wilson intervals (numpy).
TEST(Stats, TwoProportionTestMatchesScipy) {
  struct Case {
    std::uint64_t ka, na, kb, nb;
    double p, z, lo, hi;
  };
  for (const Case& c : {Case{5120, 10000, 5530, 10000, 6.226294229427701e-09, 5.810563413676327,
                             0.027173489045076944, 0.054804340362663705},
                        Case{480, 1000, 500, 1000, 0.37099767373660864, 0.8946061301216421,
                             -0.023778887683289583, 0.063670693863384},
                        Case{30, 200, 45, 180, 0.014466312665070879, 2.445470888980783,
                             0.019635180670722494, 0.18041170884391577}}) {
    const stats::Difference d = stats::compare_rates(c.ka, c.na, c.kb, c.nb);
    EXPECT_NEAR(d.p, c.p, 1e-9 * std::max(1.0, c.p * 1e3)) << c.ka;
    EXPECT_NEAR(d.z, c.z, 1e-9) << c.ka;
    EXPECT_NEAR(d.ci.lo, c.lo, 1e-12) << c.ka;
    EXPECT_NEAR(d.ci.hi, c.hi, 1e-12) << c.ka;
  }
  // scipy.stats.norm.sf: 2 * sf(1.959963984540054) = 0.05, 2 * sf(3) = 0.0026997960632601866.
  EXPECT_NEAR(stats::two_sided_p(1.959963984540054), 0.05, 1e-12);
  EXPECT_NEAR(stats::two_sided_p(-3.0), 0.0026997960632601866, 1e-15);
}

// Hand count: lengths 10 x 3, 20, 30 x 6: mean (30 + 20 + 180) / 10 = 23;
// nearest rank: 10th percentile rank 1 -> 10, median rank 5 -> 30, 90th rank 9 -> 30.
TEST(Stats, LengthsMeanMedianPercentilesByNearestRank) {
  Tally t;
  for (int i = 0; i < 3; ++i) stats::record(t, Outcome::win(0), 10, false);
  stats::record(t, Outcome::draw(0b11), 20, false);
  for (int i = 0; i < 6; ++i) stats::record(t, Outcome::win(1), 30, false);
  stats::record(t, Outcome::ongoing(), 1000, true);  // unfinished: not a length
  const stats::Lengths l = stats::lengths_of(t);
  EXPECT_EQ(l.games, 10u);
  EXPECT_DOUBLE_EQ(l.mean, 23.0);
  EXPECT_EQ(l.p10, 10);
  EXPECT_EQ(l.median, 30);
  EXPECT_EQ(l.p90, 30);
  EXPECT_EQ(t.wins, (std::vector<std::uint64_t>{3, 6}));
  EXPECT_EQ(t.draws, 1u);
  EXPECT_EQ(t.unfinished, 1u);
}

// nth_move(pos, i) is the i-th of the sorted move texts, for every i (or a
// spread of them where the list is long), in both implementations.
template <class G>
void expect_nth_is_sorted(const std::string& spec_text, const std::string& position,
                          const std::string& moves) {
  const Spec spec = Games::parse_spec(spec_text);
  const G g(spec);
  const auto pos = play_moves(g, position_from(g, position), split_moves(moves));
  const std::vector<std::string> sorted = sorted_move_texts(g, pos);
  ASSERT_EQ(sorted.size(), g.count_moves(pos));
  ASSERT_FALSE(sorted.empty());
  const std::size_t step = sorted.size() > 3000 ? sorted.size() / 1500 : 1;
  for (std::size_t i = 0; i < sorted.size(); i += step)
    ASSERT_EQ(g.move_text(pos, g.nth_move(pos, i)), sorted[i]) << spec_text << " rank " << i;
  EXPECT_EQ(g.move_text(pos, g.nth_move(pos, sorted.size() - 1)), sorted.back());
  EXPECT_EQ(g.nth_move(pos, sorted.size() / 2), g.parse_move(pos, sorted[sorted.size() / 2]));
}

TEST(Stats, C4_NthMoveIsTheSortedTextsRankInBothImplementations) {
  Games::for_each([&]<class Pair>() {
    if constexpr (NthMoveGame<typename Pair::Engine>) {
      static_assert(NthMoveGame<typename Pair::Reference>, "nth_move in both implementations");
      for (auto run : {&expect_nth_is_sorted<typename Pair::Engine>,
                       &expect_nth_is_sorted<typename Pair::Reference>}) {
        run("ecalper:size=5", "start", "");               // first turn, C(61,3)
        run("ecalper:size=5", "start", "A1+C3+E5");       // with swap (C3)
        run("ecalper:size=5", "start", "A1+C3+E5 swap");  // normal turn: x..+..
        run("ecalper:size=5,replace=last-added", "start", "A1+C3+E5 xA1+B2+C2+D2");
        run("ecalper:size=5,players=3",
            "BBBBB/BBBBBB/RRRRRRR/RRRRRRWW/WWWWWWWWW/WWWWWWWW/WW5/6/5 b - A4:B4,C4,D4,E4,F4", "");
        // C5: Black's final turn, the replacement only (ecalper5-seed1, ply 21).
        run("ecalper:size=5",
            "WWWBW/BBWBBW/WWWWWBB/BBBBBBWB/BWWBBWWBB/BW1WWBWW/WBWWBBB/BWWBWW/WWBWB b - F7:A1,C1,D3",
            "");
      }
    }
  });
}

// A few random games of every game's default spec and of the variants, on
// engine and on reference: the same tallies (the pick does not depend on the
// list order), and on 1 and 2 threads.
template <class Pair>
void expect_same_tallies(const std::string& spec_text, std::uint64_t games, Player player) {
  const Spec spec = Games::parse_spec(spec_text);
  const typename Pair::Engine e(spec);
  const typename Pair::Reference r(spec);
  stats::RunOptions o;
  o.games = games;
  o.seed = 7;
  o.max_plies = 400;
  o.player = player;
  const auto re = e.start();
  const auto rr = r.start();
  const Tally te1 = stats::run_games(e, re, &e, &re, o).first;
  o.threads = 2;
  const auto [te2, te2b] = stats::run_games(e, re, &e, &re, o);
  using R = typename Pair::Reference;
  const Tally tr = stats::run_games<R, R>(r, rr, nullptr, nullptr, o).first;
  for (const Tally* t : {&te2, &tr}) {
    EXPECT_EQ(t->games, games) << spec_text;
    EXPECT_EQ(t->wins, te1.wins) << spec_text;
    EXPECT_EQ(t->draws, te1.draws) << spec_text;
    EXPECT_EQ(t->unfinished, te1.unfinished) << spec_text;
    EXPECT_EQ(t->lengths, te1.lengths) << spec_text;
    EXPECT_EQ(t->moves_sum, te1.moves_sum) << spec_text;
  }
  // Ecalper's games all last as long and branch alike (C5: counts only).
  if (spec.name() != "ecalper") {
    EXPECT_NE(te2b.lengths, te2.lengths) << spec_text << ": B plays other games than A";
  }
  EXPECT_GT(te1.moves_sum.size(), 5u) << spec_text;
}

TEST(Stats, EngineAndReferencePlayTheSameGamesOnAnyThreads) {
  Games::for_each([&]<class Pair>() {
    const std::string name(Pair::kName);
    std::vector<std::string> specs{name};
    if (name == "emergo")
      specs = {"emergo", "emergo:size=7", "emergo:rules=zillions,capture=any,feeding=allowed"};
    if (name == "eximo") specs = {"eximo", "eximo:drops=optional,capture=max"};
    if (name == "ecalper")
      specs = {"ecalper:size=5", "ecalper:size=5,players=3,replace=last-added"};
    if (name == "meridians")
      specs = {"meridians:size=6", "meridians:size=6,second=sight,pass=keeps"};
    for (const auto& s : specs) {
      expect_same_tallies<Pair>(s, 6, Player::kRandom);
      expect_same_tallies<Pair>(s, 3, Player::kGreedy);
    }
  });
}

// V5's position (docs/variants.md): d2xd4xd6 takes 2, d2xd4xb4xb6 3, g2xg4 1:
// greedy takes 3 men, whatever the seed.
TEST(Stats, GreedyTakesTheMostMaterial) {
  using E = engine::eximo::Eximo;
  const E g(Games::parse_spec("eximo"));
  const auto pos = g.parse("8/8/8/1B1B4/2B5/3B2B1/3W2W1/8 w");
  stats::Mover<E> greedy(g, Player::kGreedy), random(g, Player::kRandom);
  std::vector<std::string> random_picks;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    stats::SplitMix64 rng{seed}, rng2{seed};
    EXPECT_EQ(g.move_text(pos, greedy.pick(pos, g.count_moves(pos), rng)), "d2xd4xb4xb6");
    random_picks.push_back(g.move_text(pos, random.pick(pos, g.count_moves(pos), rng2)));
  }
  std::sort(random_picks.begin(), random_picks.end());
  random_picks.erase(std::unique(random_picks.begin(), random_picks.end()), random_picks.end());
  EXPECT_EQ(random_picks.size(), 3u) << "random picks each of the three captures";
}

TEST(Stats, CommandLineFiguresAreTheSameForEngineAndReference) {
  const auto e = test::run_cli(
      {"stats", "meridians:size=6", "--games", "20", "--seed", "3", "--json", "--threads", "2"});
  const auto r = test::run_cli({"stats", "meridians:size=6", "--games", "20", "--seed", "3",
                                "--json", "--impl", "reference", "--threads", "1"});
  ASSERT_EQ(e.status, 0) << e.err;
  ASSERT_EQ(r.status, 0) << r.err;
  const auto cut = [](std::string s) {  // from "a": past the timing fields
    s = s.substr(s.find("\"a\""));
    const auto impl = s.find("\"impl\"");
    return s.erase(impl, s.find(',', impl) - impl);
  };
  EXPECT_EQ(cut(e.out), cut(r.out));
  EXPECT_NE(e.out.find("\"games\": 20"), std::string::npos) << e.out;
}

TEST(Stats, VsReportsTheDifferenceInWords) {
  const auto r = test::run_cli(
      {"stats", "eximo", "--vs", "eximo:drops=optional", "--games", "200", "--threads", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("B against A (two-proportion z test"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("under B ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("first player (w) wins"), std::string::npos) << r.out;
}

TEST(Stats, BadInputIsOneLineAndExit2) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"stats", "emergo", "--games", "0"}, "--games must be at least 1"},
      {{"stats", "emergo", "--games", "10000000000000"}, "too many"},
      {{"stats", "emergo", "--games", "x"}, "--games expects"},
      {{"stats", "emergo"}, "--games N is required"},
      {{"stats", "emergo", "--games", "5", "--vs", "eximo"}, "another game"},
      {{"stats", "emergo", "--games", "5", "--player", "clever"},
       "--player must be random or greedy"},
      {{"stats", "emergo", "--games", "5", "--max-plies", "0"}, "--max-plies must be"},
      {{"stats", "emergo", "--games", "5", "--report", "/nonexistent/dir/r.html"}, "cannot write"},
  };
  for (const auto& [args, words] : cases) {
    const auto r = test::run_cli(args);
    EXPECT_EQ(r.status, 2) << args[3];
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find(words), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
}

}  // namespace
}  // namespace arb
