// perft stats and the pick by text rank that it shares with perft play: the
// statistics against independently computed values,
// nth_move against the sorted list, engine == reference, determinism over
// threads, greedy play, bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "arb/games.h"
#include "common/game.h"
#include "perft/count/perft.h"
#include "perft/stats/stats.h"
#include "perft/tests/cli_run.h"
#include "players/tests/pie_game.h"

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
      const std::string name(Pair::kName);
      for (auto run : {&expect_nth_is_sorted<typename Pair::Engine>,
                       &expect_nth_is_sorted<typename Pair::Reference>}) {
        if (name == "ecalper") {
          run("ecalper:size=5", "start", "");               // first turn, C(61,3)
          run("ecalper:size=5", "start", "A1+C3+E5");       // with swap (C3)
          run("ecalper:size=5", "start", "A1+C3+E5 swap");  // normal turn: x..+..
          run("ecalper:size=5,replace=last-added", "start", "A1+C3+E5 xA1+B2+C2+D2");
          run("ecalper:size=5,players=3",
              "BBBBB/BBBBBB/RRRRRRR/RRRRRRWW/WWWWWWWWW/WWWWWWWW/WW5/6/5 b - A4:B4,C4,D4,E4,F4", "");
          // C5: Black's final turn, the replacement only (ecalper5-seed1, ply 21).
          run("ecalper:size=5",
              "WWWBW/BBWBBW/WWWWWBB/BBBBBBWB/BWWBBWWBB/BW1WWBWW/WBWWBBB/BWWBWW/WWBWB b - "
              "F7:A1,C1,D3",
              "");
        } else if (name == "meridians") {
          // Two-digit positions (a1 < a10 < a2) on every size, M4-M6.
          for (const char* spec : {"meridians", "meridians:size=6", "meridians:size=8"}) {
            run(spec, "start", "");
            run(spec, "start", "f5");
            run(spec, "start", "f5 a1 f10 a3");
          }
          run("meridians:size=8", "start", "h7 a1 h13 a3 h10");
          run("meridians:second=sight", "start", "g6 a1");  // V6: adjacent seconds too
          // M9: `swap` after every point ('s' > any row letter).
          run("meridians:swap", "start", "g6");
          run("meridians:swap,size=8", "start", "a1");
          // M7: `pass`, the only move (RULES.md V7's position), under both V7 rules,
          // and after it under pass=keeps.
          const char* passing = "6/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2";
          run("meridians", passing, "");
          run("meridians:pass=keeps", passing, "");
          run("meridians:pass=keeps", passing, "pass");
        }
      }
    }
  });
}

// M1, M7, M9, V6, V7: nth_move(pos, i) is the i-th sorted move text on the
// positions of random games (by a generator of their own, not by nth_move) of
// every size, option and variant of Meridians: every rank on the engine, a
// few on the reference (slow, and a transcription of I1 itself).
template <class G>
void expect_nth_sorted_in_random_games(const std::string& spec_text, std::uint64_t seed,
                                       std::size_t all_ranks_up_to) {
  const G g(Games::parse_spec(spec_text));
  std::mt19937_64 rng(seed);
  // Games follow each other from the start (a game may end at ply 5: M6, M8)
  // until 150 positions are seen.
  auto pos = g.start();
  int games = 1;
  for (int positions = 0; positions < 150; ++positions) {
    const std::vector<std::string> sorted = sorted_move_texts(g, pos);
    ASSERT_EQ(sorted.size(), g.count_moves(pos)) << spec_text;
    if (sorted.empty()) {  // finished: the next game
      EXPECT_THROW(g.nth_move(pos, 0), Error) << spec_text;
      pos = g.start();
      ++games;
      continue;
    }
    std::vector<std::size_t> ranks{0, sorted.size() - 1, sorted.size() / 2,
                                   static_cast<std::size_t>(rng() % sorted.size())};
    if (sorted.size() <= all_ranks_up_to) {
      ranks.resize(sorted.size());
      std::iota(ranks.begin(), ranks.end(), std::size_t{0});
    }
    for (const std::size_t i : ranks)
      ASSERT_EQ(g.move_text(pos, g.nth_move(pos, i)), sorted[i])
          << spec_text << " seed " << seed << " game " << games << ": " << g.format(pos) << " rank "
          << i;
    EXPECT_THROW(g.nth_move(pos, sorted.size()), Error) << spec_text;
    pos = g.play(pos, g.parse_move(pos, sorted[rng() % sorted.size()]));
  }
}

TEST(Stats, M1_NthMoveIsTheSortedTextsRankOnRandomMeridiansPositions) {
  Games::for_each([&]<class Pair>() {
    if constexpr (Pair::kName == std::string_view("meridians")) {
      static_assert(NthMoveGame<typename Pair::Engine> && NthMoveGame<typename Pair::Reference>);
      for (const char* spec :
           {"meridians", "meridians:size=6", "meridians:size=8", "meridians:swap",
            "meridians:second=sight", "meridians:pass=keeps", "meridians:rules=boardspace,size=6",
            "meridians:size=8,swap,second=sight,pass=keeps"}) {
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
          expect_nth_sorted_in_random_games<typename Pair::Engine>(spec, seed, 1000);
          expect_nth_sorted_in_random_games<typename Pair::Reference>(spec, seed, 0);
        }
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

// E12 (P3: played games only): a played game is drawn at the third occurrence
// of a position with the same player to move. Two lone men on 7x7 can never be
// blocked (a man has no step only in a corner with the other man on its one
// neighbour, and then it must jump it), so each game ends by a capture (a win)
// or by repetition. Replaying each game's line with the same seed shows every
// draw at the first third occurrence of its last position, a position with
// moves (not E12's blocked draw), and repetition is seen to end some games.
template <class G>
void expect_draws_by_repetition(const std::string& position) {
  const G g(Games::parse_spec("emergo:size=7"));
  const auto root = g.parse(position);
  int draws = 0, wins = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    stats::Mover<G> mover(g, Player::kRandom);
    Tally t;
    const stats::GameEnd end = stats::play_game(g, mover, root, seed, 1000, t);
    ASSERT_FALSE(end.unfinished) << "seed " << seed;
    ASSERT_TRUE(end.outcome.finished) << "seed " << seed;
    // The same line again, ply by ply (play_game's generator and pick).
    stats::Mover<G> again(g, Player::kRandom);
    stats::SplitMix64 rng{seed};
    std::vector<typename G::Position> line{root};
    for (int ply = 0; ply < end.plies; ++ply)
      line.push_back(g.play(line.back(), again.pick(line.back(), g.count_moves(line.back()), rng)));
    const auto& last = line.back();
    const auto seen = [&](std::size_t upto, const typename G::Position& p) {
      return std::count(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(upto), p);
    };
    if (end.outcome == Outcome::draw(0b11)) {
      ++draws;
      EXPECT_GT(g.count_moves(last), 0u) << "seed " << seed << ": not a blocked draw";
      EXPECT_FALSE(g.outcome(last).finished) << "seed " << seed;
      EXPECT_EQ(seen(line.size(), last), 3) << "seed " << seed << ": " << g.format(last);
      for (std::size_t i = 0; i + 1 < line.size(); ++i)
        ASSERT_LT(seen(i + 1, line[i]), 3)
            << "seed " << seed << ": a third occurrence at ply " << i;
      EXPECT_EQ(g.outcome(std::span<const typename G::Position>(line)), end.outcome);
    } else {
      ++wins;
      EXPECT_EQ(end.outcome, g.outcome(last)) << "seed " << seed << ": a capture ends it";
      EXPECT_EQ(g.count_moves(last), 0u) << "seed " << seed;
    }
  }
  EXPECT_GT(draws, 0) << "no game ended by repetition";
  EXPECT_EQ(draws + wins, 60);
}

TEST(Stats, E12_APlayedGameIsDrawnAtTheThirdRepetition) {
  Games::for_each([&]<class Pair>() {
    if constexpr (Pair::kName == std::string_view("emergo")) {
      for (const char* position : {"6B/7/7/7/7/7/W6 w 0 0", "7/7/4B2/7/2W4/7/7 b 0 0"}) {
        expect_draws_by_repetition<typename Pair::Engine>(position);
        expect_draws_by_repetition<typename Pair::Reference>(position);
      }
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

// `run` on the engine with 2 threads and on the reference with 1 thread:
// both succeed and print the same JSON past the timing fields (the impl
// aside). Returns the engine's run.
test::CliRun same_on_threads_and_impl(const std::vector<std::string>& run) {
  auto e_args = run, r_args = run;
  e_args.insert(e_args.end(), {"--threads", "2"});
  r_args.insert(r_args.end(), {"--threads", "1", "--impl", "reference"});
  const auto e = test::run_cli(e_args);
  const auto r = test::run_cli(r_args);
  EXPECT_EQ(e.status, 0) << e.err;
  EXPECT_EQ(r.status, 0) << r.err;
  const auto cut = [](std::string s) {  // from "a": past the timing fields
    const auto a = s.find("\"a\"");
    if (a == std::string::npos) return s;
    s = s.substr(a);
    const auto impl = s.find("\"impl\"");
    return impl == std::string::npos ? s : s.erase(impl, s.find(',', impl) - impl);
  };
  EXPECT_EQ(cut(e.out), cut(r.out)) << run[1];
  return e;
}

TEST(Stats, CommandLineFiguresAreTheSameForEngineAndReference) {
  const auto e = same_on_threads_and_impl(
      {"stats", "meridians:size=6", "--games", "20", "--seed", "3", "--json"});
  EXPECT_NE(e.out.find("\"games\": 20"), std::string::npos) << e.out;
}

// Search players per seat: the same games on any threads and on either
// implementation (moves by text rank, a search seeded by the game's generator).
TEST(Stats, PlayersPerSeatPlayTheSameGamesOnAnyThreadsAndImpl) {
  const auto e = same_on_threads_and_impl(
      {"stats", "emergo:size=7", "--games", "4", "--players", "mcts:20,alphabeta:2", "--json"});
  EXPECT_NE(e.out.find("\"player\": \"mcts:20,alphabeta:2\""), std::string::npos) << e.out;
  // One name for every seat; --players random is --player random.
  const auto one = test::run_cli({"stats", "eximo", "--games", "30", "--players", "random"});
  const auto old = test::run_cli({"stats", "eximo", "--games", "30"});
  const auto untimed = [](std::string s) {
    return s.erase(s.find(" in "), s.find('\n') - s.find(" in "));
  };
  EXPECT_EQ(untimed(one.out), untimed(old.out));
  // Ecalper from White's first turn, where C3's swap is legal: the same games
  // again, some of which swap (mcts:4 plays it about one game in three; the
  // seeds are fixed, so these games are always the same), counted.
  const auto se =
      same_on_threads_and_impl({"stats", "ecalper:size=5", "--moves", "D4+E4+E5", "--games", "6",
                                "--players", "mcts:20,mcts:4", "--json"});
  EXPECT_NE(se.out.find("\"swapped\": {\"count\": "), std::string::npos) << se.out;
}

// A seat is a person: in the pie game (players/tests/pie_game.h) seat b,
// mcts, swaps after seat a's `good` and passes after `bad`, and so wins
// every game; by colour, the games that swap would be colour a's wins.
TEST(Stats, ASwapCreditsTheWinToThePersonWhoSwapped) {
  using players::PlayerSpec;
  const test::Pie g(Spec{});
  stats::Mover<test::Pie> mover(g, {PlayerSpec{}, PlayerSpec{PlayerSpec::Kind::kMcts, 30}});
  Tally t;
  std::uint64_t swapped = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const stats::GameEnd e = stats::play_game(g, mover, g.start(), seed, 10, t);
    if (e.seats.swapped) {
      ++swapped;
      EXPECT_EQ(e.outcome, Outcome::win(0)) << "seed " << seed;  // colour a, held by seat b
    }
    EXPECT_EQ(e.persons(), Outcome::win(1)) << "seed " << seed;
  }
  EXPECT_EQ(t.games, 40u);
  EXPECT_EQ(t.wins, (std::vector<std::uint64_t>{0, 40}));
  EXPECT_EQ(t.swapped, swapped);
  EXPECT_GE(swapped, 10u);  // random seat a chose `good` in about half the games
  EXPECT_LE(swapped, 30u);
  const stats::Summary s = stats::summarize(t, "pie", "engine", "start", "ab");
  EXPECT_EQ(s.first_player.count, 0u);  // the first mover, seat a, won nothing
  EXPECT_EQ(s.swapped.count, swapped);
  EXPECT_EQ(s.metrics.find("advantage_p1")->count, 0u);
}

// A playout cut-off (mcts:N:cut=K) and decisive playouts (mcts:N:decisive):
// the same games on any threads and impl, Ecalper's cut-off by its largest
// group; a bad K or option is a usage error.
TEST(Stats, PlayoutOptionsPlayTheSameGamesAndBadOnesAreUsageErrors) {
  const auto e = same_on_threads_and_impl({"stats", "meridians:size=6", "--games", "2", "--players",
                                           "mcts:20:cut=8,mcts:20", "--json"});
  EXPECT_NE(e.out.find("\"player\": \"mcts:20:cut=8,mcts:20\""), std::string::npos) << e.out;
  const auto c = same_on_threads_and_impl({"stats", "ecalper:size=5", "--games", "2", "--players",
                                           "mcts:20:decisive,mcts:20:cut=4", "--json"});
  EXPECT_NE(c.out.find("\"player\": \"mcts:20:decisive,mcts:20:cut=4\""), std::string::npos)
      << c.out;
  const std::vector<std::pair<std::vector<std::string>, std::string>> bad = {
      {{"stats", "ecalper:size=5", "--games", "2", "--players", "mcts:5:decisive:decisive"},
       "--players mcts:5:decisive:decisive: decisive given twice"},
      {{"stats", "emergo", "--games", "2", "--players", "mcts:5:cut=0"},
       "--players mcts:5:cut=0: must be between 1 and 1000"},
      {{"stats", "emergo", "--games", "2", "--players", "mcts:5:cut"},
       "--players mcts:5:cut: unknown mcts option 'cut'"},
  };
  for (const auto& [args, words] : bad) {
    const auto b = test::run_cli(args);
    EXPECT_EQ(b.status, 2) << args[5];
    EXPECT_EQ(b.out, "");
    EXPECT_NE(b.err.find(words), std::string::npos) << b.err;
    EXPECT_EQ(b.err.find('\n'), b.err.size() - 1) << b.err;
  }
}

TEST(Stats, VsReportsTheDifferenceInWords) {
  const auto r = test::run_cli(
      {"stats", "eximo", "--vs", "eximo:drops=optional", "--games", "200", "--threads", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("B against A (two-proportion z test"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("under B ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("first player (w) wins"), std::string::npos) << r.out;
}

// For --report: an old report goes as soon as the run starts,
// so a run that fails leaves none; a run that ends writes it whole (temporary
// file, then rename: no .tmp left behind).
TEST(Stats, I5_AFailedRunLeavesNoStaleReport) {
  const std::string report = ::testing::TempDir() + "stats_old_report.html";
  const auto old = [&] { std::ofstream(report) << "<p>an earlier run</p>"; };
  const auto exists = [](const std::string& path) { return std::ifstream(path).good(); };
  old();
  auto r = test::run_cli(
      {"stats", "emergo", "--games", "5", "--report", report, "--position", "9/9/9 w 12 12"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_FALSE(exists(report)) << "a stale report remains after a bad --position";
  old();
  r = test::run_cli({"stats", "emergo", "--games", "5", "--report", report, "--moves", "z9"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_FALSE(exists(report)) << "a stale report remains after a bad --moves";
  old();
  r = test::run_cli({"stats", "emergo:size=7", "--games", "5", "--report", report});
  ASSERT_EQ(r.status, 0) << r.err;
  std::ifstream in(report);
  const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(page.find("an earlier run"), std::string::npos);
  EXPECT_NE(page.find("<svg"), std::string::npos);
  EXPECT_EQ(page.find("colours swapped"), std::string::npos);  // no swap in Emergo
  EXPECT_FALSE(exists(report + ".tmp"));
  std::remove(report.c_str());
}

// The report draws the share of games that swapped colours (C3, M9) where
// one did, as the text and JSON give it.
TEST(Stats, ReportShowsTheSwapsWhereAGameSwapped) {
  const std::string report = ::testing::TempDir() + "stats_swap_report.html";
  const auto r = test::run_cli({"stats", "meridians:size=6,swap", "--games", "6", "--players",
                                "alphabeta:1", "--report", report});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("colours swapped in 6 games"), std::string::npos) << r.out;
  std::ifstream in(report);
  const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(page.find(">colours swapped</text>"), std::string::npos);
  EXPECT_NE(page.find(">100.0%</text>"), std::string::npos);
  std::remove(report.c_str());
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
      {{"stats", "emergo", "--games", "5", "--players", "clever"}, "--players: unknown player"},
      {{"stats", "emergo", "--games", "5", "--players", "mcts:0"}, "--players mcts:0: must be"},
      {{"stats", "emergo", "--games", "5", "--players", "alphabeta:-1"}, "--players alphabeta:-1"},
      {{"stats", "emergo", "--games", "5", "--players", "mcts:99999999999"}, "between 1 and"},
      {{"stats", "emergo", "--games", "5", "--players", "random,mcts:5,random"},
       "--players names 3 players, the game has 2 seats"},
      {{"stats", "emergo", "--games", "5", "--players", "random", "--player", "greedy"},
       "--players and --player"},
      {{"stats", "ecalper:size=5", "--games", "5", "--players", "mcts:5,random", "--vs",
        "ecalper:size=5,players=3"},
       "--players names 2 players, --vs ecalper:players=3,size=5 has 3 seats"},
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
