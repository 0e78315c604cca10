// The search players: their names and bad names, the same games on engine
// and reference, and strength against random play on short games.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "arb/games.h"
#include "common/error.h"
#include "players/players.h"
#include "players/tests/pie_game.h"

namespace arb {
namespace {

using players::PlayerSpec;

TEST(Players, NamesReadBack) {
  for (const char* name :
       {"random", "greedy", "mcts:1", "mcts:200", "mcts:200:cut=40", "mcts:1:cut=1000",
        "mcts:200:decisive", "mcts:200:cut=10:decisive", "alphabeta:3", "alphabeta:12"})
    EXPECT_EQ(players::parse_player(name, "--players").name(), name);
  EXPECT_EQ(players::parse_player("mcts:200:cut=40", "--players"),
            (PlayerSpec{PlayerSpec::Kind::kMcts, 200, 40}));
  EXPECT_EQ(players::parse_player("mcts:200:decisive:cut=10", "--players"),
            (PlayerSpec{PlayerSpec::Kind::kMcts, 200, 10, true}));
  EXPECT_EQ(players::parse_player("mcts:200:decisive:cut=10", "--players").name(),
            "mcts:200:cut=10:decisive");
  EXPECT_FALSE(players::parse_player("mcts:200", "--players").decisive);
  EXPECT_EQ(players::parse_player("mcts:200", "--players").cut, 0u);
  EXPECT_EQ(players::names(players::parse_players("mcts:50:cut=10,mcts:50", "--players", 2)),
            "mcts:50:cut=10,mcts:50");
  const auto list = players::parse_players("mcts:200,random,alphabeta:2", "--players", 3);
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(players::names(list), "mcts:200,random,alphabeta:2");
  EXPECT_EQ(players::parse_players("mcts:5", "--players", 3).size(), 1u);
}

TEST(Players, BadNamesAreOneLineNamingTheOption) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"clever", "unknown player 'clever'"},
      {"mcts:0", "must be between 1 and"},
      {"alphabeta:-1", "plain digits"},
      {"mcts:99999999999999999999999", "must be between 1 and"},
      {"mcts:", "plain digits"},
      {"mcts:010", "plain digits"},
      {"alphabeta:13", "must be between 1 and 12"},
      {"random,random,random", "names 3 players, the game has 2 seats"},
      {"random,", "unknown player ''"},
      {"mcts", "unknown player 'mcts'"},
      {"mcts:200:cut=0", "mcts:200:cut=0: must be between 1 and 1000"},
      {"mcts:200:cut=1001", "must be between 1 and 1000"},
      {"mcts:200:cut=", "plain digits after 'cut='"},
      {"mcts:200:cut=-4", "plain digits after 'cut='"},
      {"mcts:200:cut=04", "plain digits after 'cut='"},
      {"mcts:200:cut=4:cut=5", "cut=K given twice"},
      {"mcts:200:decisive:decisive", "decisive given twice"},
      {"mcts:200:decisive=1", "unknown mcts option 'decisive=1'"},
      {"mcts:200:cut=4:", "unknown mcts option ''"},
      {"mcts:200:", "unknown mcts option ''"},
      {"mcts:200:depth=3", "unknown mcts option 'depth=3'"},
      {"mcts:0:cut=5", "must be between 1 and 1000000"},
      {"mcts::cut=5", "plain digits after ':'"},
      {"alphabeta:3:cut=5", "plain digits after ':'"},
      {"mcts:20:cut=5,random:cut=5", "unknown player 'random:cut=5'"},
  };
  for (const auto& [text, words] : cases) {
    try {
      players::parse_players(text, "--players", 2);
      ADD_FAILURE() << text << " accepted";
    } catch (const Error& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("--players"), std::string::npos) << what;
      EXPECT_NE(what.find(words), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
  EXPECT_THROW(players::parse_players("random,random", "--players", 3), Error);
}

struct Played {
  std::vector<std::string> moves;
  Outcome end;           // in colours
  players::Seats seats;  // who held which colour at the end
  Outcome by_seat() const { return seats.persons(end); }
};

// One game from `root` (the start by default): seat i plays seats[i]
// (random: uniform by text rank), seat i being the person who started with
// colour i (a swap, C3 or M9, exchanges the seats' colours), under the
// played-game rules (E12, max_plies).
template <Game G>
Played play(const G& g, const std::vector<PlayerSpec>& seats, std::uint64_t seed, int max_plies,
            std::optional<typename G::Position> root = std::nullopt) {
  players::Searcher<G> searcher(g);
  players::Ranked<G> ranked(g);
  players::Rng rng{seed};
  std::vector<typename G::Position> history{root ? *root : g.start()};
  Played out;
  for (int ply = 0;; ++ply) {
    const auto pos = history.back();
    const std::uint64_t n = g.count_moves(pos);
    if (n == 0) {
      out.end = g.outcome(pos);
      return out;
    }
    out.end = played_outcome(g, std::span<const typename G::Position>(history));
    if (out.end.finished || ply >= max_plies) return out;
    const PlayerSpec& p = seats[static_cast<std::size_t>(out.seats.person(g.to_move(pos)))];
    const auto move = p.searches()
                          ? searcher.choose(p, pos, n,
                                            {std::span<const typename G::Position>(history), ply,
                                             max_plies, out.seats},
                                            rng())
                          : ranked.at(pos, rng() % n);
    out.moves.push_back(g.move_text(pos, move));
    out.seats = out.seats.after(swaps_colours(g, pos, move));
    history.push_back(g.play(pos, move));
  }
}

// A small spec of each game, so that games are short.
std::string short_spec(std::string_view name) {
  if (name == "emergo") return "emergo:size=7";
  if (name == "ecalper") return "ecalper:size=5";
  if (name == "meridians") return "meridians:size=6";
  return std::string(name);
}

// Moves by text rank from the search's own generator: a seed plays the same
// game on the engine and on the reference.
TEST(Players, EngineAndReferencePlayTheSameGames) {
  Games::for_each([&]<class Pair>() {
    std::vector<std::string> specs{short_spec(Pair::kName)};
    if (Pair::kName == std::string_view("ecalper")) specs.push_back("ecalper:size=5,players=3");
    for (const auto& text : specs) {
      const Spec spec = Games::parse_spec(text);
      const typename Pair::Engine e(spec);
      const typename Pair::Reference r(spec);
      const PlayerSpec mcts{PlayerSpec::Kind::kMcts, 40}, ab{PlayerSpec::Kind::kAlphaBeta, 2},
          random{}, cut{PlayerSpec::Kind::kMcts, 40, 6},
          decisive{PlayerSpec::Kind::kMcts, 20, 0, true};
      const int seats = static_cast<int>(e.players().size());
      std::vector<std::vector<PlayerSpec>> lists{{mcts, random, ab}, {ab, mcts, mcts}};
      static_assert(players::has_measure<typename Pair::Engine>());
      lists.push_back({cut, mcts, random});  // the playout cut-off
      // Decisive playouts, where they matter (C5's last turns); elsewhere
      // each playout ply plays hundreds of the reference's moves.
      if (Pair::kName == std::string_view("ecalper")) lists.push_back({decisive, random, decisive});
      for (const auto& seat : lists) {
        const std::vector<PlayerSpec> these(seat.begin(), seat.begin() + seats);
        for (std::uint64_t seed = 1; seed <= 2; ++seed) {
          const Played a = play(e, these, seed, 60);
          const Played b = play(r, these, seed, 60);
          EXPECT_EQ(a.moves, b.moves) << text << " " << players::names(these) << " seed " << seed;
          EXPECT_EQ(a.end, b.end) << text;
          EXPECT_GT(a.moves.size(), 4u) << text;
        }
      }
    }
  });
}

// A playout cut-off: where the game has a measure (every game: Ecalper's is
// C6's largest group), each playout stops after K plies, so a search plays at
// most 1 + K plies a simulation (expansion and playout), where uncut playouts
// from the start play far more; a cut-off beyond the length bound never cuts
// (the default's games); where there is no measure (the pie game) a cut-off
// is an error.
TEST(Players, PlayoutCutOffCutsWhereTheGameHasAMeasure) {
  Games::for_each([&]<class Pair>() {
    const std::string text = short_spec(Pair::kName);
    const typename Pair::Engine g(Games::parse_spec(text));
    using G = typename Pair::Engine;
    const auto start = g.start();
    const std::uint64_t n = g.count_moves(start);
    const players::Start<G> at{{}, 0, 1000};
    if constexpr (players::has_measure<G>()) {
      for (const std::uint64_t k : {1u, 5u}) {
        players::Mcts<G> cut(g);
        cut.choose(start, n, at, 50, 3, k);
        EXPECT_LE(cut.plies(), 50 * (1 + k)) << text << " cut=" << k;
        EXPECT_GE(cut.plies(), 50u) << text;
      }
      players::Mcts<G> whole(g);
      whole.choose(start, n, at, 50, 3);
      EXPECT_GT(whole.plies(), 50u * 6) << text;
      // Beyond the bound (60 plies): the same game as without a cut-off.
      const PlayerSpec plain{PlayerSpec::Kind::kMcts, 30}, far{PlayerSpec::Kind::kMcts, 30, 1000},
          random{};
      for (std::uint64_t seed = 1; seed <= 2; ++seed)
        EXPECT_EQ(play(g, {plain, random}, seed, 60).moves, play(g, {far, random}, seed, 60).moves)
            << text;
      // A short cut-off plays another game (the scores differ).
      const PlayerSpec near{PlayerSpec::Kind::kMcts, 30, 2};
      EXPECT_NE(play(g, {plain, plain}, 1, 60).moves, play(g, {near, plain}, 1, 60).moves) << text;
    } else {
      ADD_FAILURE() << text << " has no measure";
    }
  });
  const test::Pie pie(Spec{});
  static_assert(!players::has_measure<test::Pie>());
  players::Mcts<test::Pie> cut(pie);
  EXPECT_THROW(cut.choose(pie.start(), pie.count_moves(pie.start()), {}, 50, 3, 5), Error);
}

// Ecalper's measure (common/game.h's score, C6's largest group) from each
// implementation's own clause: engine and reference agree on every player of
// positions of random games, two and three players; it is the largest group.
TEST(Players, EngineAndReferenceScoreEcalperAlike) {
  for (const char* text : {"ecalper:size=5", "ecalper:size=5,players=3", "ecalper"}) {
    const Spec spec = Games::parse_spec(text);
    const engine::ecalper::Ecalper e(spec);
    const reference::Ecalper r(spec);
    players::Rng rng{11};
    int scored = 0;
    for (int game = 0; game < 3; ++game) {
      auto ep = e.start();
      for (std::uint64_t n = e.count_moves(ep); n > 0; n = e.count_moves(ep)) {
        const auto rp = r.parse(e.format(ep));
        for (int p = 0; p < static_cast<int>(e.players().size()); ++p) {
          EXPECT_EQ(e.score(ep, p), r.score(rp, p)) << text << " " << e.format(ep);
          EXPECT_EQ(r.score(rp, p),
                    r.group_stats(rp, static_cast<reference::Ecalper::Stone>(p + 1)).largest);
          ++scored;
        }
        ep = e.play(ep, e.nth_move(ep, rng() % n));
      }
    }
    EXPECT_GT(scored, 30) << text;
  }
}

// mcts:N:decisive's playout move: where the mover can win at once, the first
// winning move by text; otherwise the first of up to 8 draws after which the
// next player cannot win at once, else the 8th. Checked on every position of
// Ecalper games near their end (C5: White's last normal turn, where some
// moves let Black's replacement win, and Black's replacement-only turn), on
// both implementations, against the moves listed and sorted by text.
template <Game G>
void expect_decisive_moves(const G& g, const std::string& text, int& wins, int& dodges) {
  players::Ranked<G> ranked(g);
  players::Rng walk{5};
  for (int game = 0; game < 8; ++game) {
    auto pos = g.start();
    for (std::uint64_t n = g.count_moves(pos); n > 0; n = g.count_moves(pos)) {
      if (n <= players::kDecisiveWidth) {
        std::vector<std::pair<std::string, typename G::Move>> moves;
        for (const auto& m : g.legal_moves(pos)) moves.emplace_back(g.move_text(pos, m), m);
        std::sort(moves.begin(), moves.end(),
                  [](const auto& a, const auto& b) { return a.first < b.first; });
        const auto loses = [&](const typename G::Move& m) {
          const auto next = g.play(pos, m);
          if (g.count_moves(next) > players::kDecisiveWidth) return false;  // not looked for
          for (const auto& reply : g.legal_moves(next))
            if (players::wins_at_once(g, next, reply)) return true;
          return false;
        };
        std::string expected;
        for (const auto& [t, m] : moves)
          if (expected.empty() && players::wins_at_once(g, pos, m)) expected = t;
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
          players::Rng rng{seed}, draws{seed};
          const std::string got = g.move_text(pos, players::decisive_move(g, ranked, pos, n, rng));
          std::string want = expected;
          for (int t = 1; want.empty(); ++t) {
            const auto& [drawn, m] = moves[draws() % n];
            if (t == players::kAntiDecisiveTries || !loses(m)) want = drawn;
          }
          EXPECT_EQ(got, want) << text << " " << g.format(pos) << " seed " << seed;
          wins += !expected.empty();
          dodges += expected.empty();
        }
      }
      pos = g.play(pos, ranked.at(pos, walk() % n));
    }
  }
}

TEST(Players, DecisivePlayoutsWinAtOnceAndAvoidLosingAtOnce) {
  const Spec spec = Games::parse_spec("ecalper:size=5");
  int wins = 0, dodges = 0;
  expect_decisive_moves(engine::ecalper::Ecalper(spec), "ecalper:size=5", wins, dodges);
  expect_decisive_moves(reference::Ecalper(spec), "ecalper:size=5 reference", wins, dodges);
  EXPECT_GT(wins, 0);    // Black's last turn had a winning replacement
  EXPECT_GT(dodges, 0);  // and some turns had none
}

// The score of a cut playout: 0.5 when even, rising with the lead, and the
// two players' scores sum to 1.
TEST(Players, CutOffScoreIsGradedByTheLead) {
  EXPECT_DOUBLE_EQ(players::cut_reward(0), 0.5);
  for (int lead = 1; lead <= 20; ++lead) {
    EXPECT_GT(players::cut_reward(lead), players::cut_reward(lead - 1));
    EXPECT_LT(players::cut_reward(lead), 1.0);
    EXPECT_DOUBLE_EQ(players::cut_reward(lead) + players::cut_reward(-lead), 1.0);
  }
  EXPECT_NEAR(players::cut_reward(1), 0.5 + 0.5 * std::tanh(0.5), 1e-12);
}

// A game in which a swap occurs (C3, M9): from the turn that may swap, the
// same games on engine and reference, the seats following the persons. The
// engine finds seeds whose game swaps (`swap` in some, other moves in
// others); the reference replays two that swap and one that does not.
TEST(Players, EngineAndReferencePlayTheSameGamesAcrossASwap) {
  const auto check = [](const auto& e, const auto& r, const std::string& first,
                        const std::vector<PlayerSpec>& seats, const std::string& text) {
    const auto e_root = e.play(e.start(), e.parse_move(e.start(), first));
    const auto r_root = r.play(r.start(), r.parse_move(r.start(), first));
    ASSERT_EQ(e.format(e_root), r.format(r_root));
    std::vector<std::uint64_t> swapping, other;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      const Played a = play(e, seats, seed, 200, e_root);
      const bool swapped = a.moves.front() == "swap";
      EXPECT_EQ(a.seats.swapped, swapped) << text << " seed " << seed;
      (swapped ? swapping : other).push_back(seed);
    }
    std::printf("%s after %s, %s: %zu of 12 games swap\n", text.c_str(), first.c_str(),
                players::names(seats).c_str(), swapping.size());
    ASSERT_GE(swapping.size(), 2u) << text;
    std::vector<std::uint64_t> replay{swapping[0], swapping[1]};
    if (!other.empty()) replay.push_back(other[0]);
    for (const std::uint64_t seed : replay) {
      const Played a = play(e, seats, seed, 200, e_root);
      const Played b = play(r, seats, seed, 200, r_root);
      EXPECT_EQ(a.moves, b.moves) << text << " seed " << seed;
      EXPECT_EQ(a.end, b.end) << text;
      EXPECT_EQ(a.seats, b.seats) << text;
    }
  };
  // Seat 1 (to move at the root, White in Ecalper) mcts:4: its four root
  // children tie at one visit each, and `swap`, the first and lowest rank,
  // is played when its one playout is not worse than the others': about
  // half the games.
  const Spec ecalper = Games::parse_spec("ecalper:size=5");
  check(engine::ecalper::Ecalper(ecalper), reference::Ecalper(ecalper), "D4+E4+E5",
        {PlayerSpec{PlayerSpec::Kind::kMcts, 40}, PlayerSpec{PlayerSpec::Kind::kMcts, 4}},
        "ecalper:size=5");
  // Seat 1 (Black) alphabeta:1: by material the swap is worth a stone (the
  // swapper takes White's, M9), so it swaps; seat 0 mcts:40 plays on.
  const Spec meridians = Games::parse_spec("meridians:size=6,swap");
  check(engine::meridians::Meridians(meridians), reference::Meridians(meridians), "f5",
        {PlayerSpec{PlayerSpec::Kind::kMcts, 40}, PlayerSpec{PlayerSpec::Kind::kAlphaBeta, 1}},
        "meridians:size=6,swap");
}

// Engine and reference say alike which moves exchange colours (C3 and M9,
// each implementation from its own clause): every move of random positions,
// matched by move text, those where `swap` is legal included.
template <class G>
std::vector<std::pair<std::string, bool>> swaps_by_text(const G& g,
                                                        const typename G::Position& pos) {
  std::vector<std::pair<std::string, bool>> out;
  for (const auto& m : g.legal_moves(pos))
    out.emplace_back(g.move_text(pos, m), g.swaps_colours(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

template <class E, class R>
void expect_same_swaps(const E& e, const R& r, const std::string& text, int plies) {
  players::Rng rng{7};
  int swaps = 0, positions = 0;
  for (int game = 0; game < 3; ++game) {
    auto ep = e.start();
    auto rp = r.start();
    for (int ply = 0; ply < plies && e.count_moves(ep) > 0; ++ply) {
      const auto moves = swaps_by_text(e, ep);
      ASSERT_EQ(moves, swaps_by_text(r, rp)) << text << " " << e.format(ep);
      ++positions;
      for (const auto& [move, swapped] : moves) {
        EXPECT_EQ(swapped, move == "swap") << text << " " << e.format(ep) << " " << move;
        swaps += swapped;
      }
      EXPECT_EQ(e.special_ranks(ep), r.special_ranks(rp)) << text << " " << e.format(ep);
      const auto em = e.nth_move(ep, rng() % moves.size());
      rp = r.play(rp, r.parse_move(rp, e.move_text(ep, em)));
      ep = e.play(ep, em);
    }
  }
  std::printf("%s: %d positions, %d swaps\n", text.c_str(), positions, swaps);
  EXPECT_GE(swaps, 3) << text << ": no position where swap is legal";
}

TEST(Players, EngineAndReferenceAgreeOnWhichMovesSwapColours) {
  const Spec ecalper = Games::parse_spec("ecalper:size=5");
  expect_same_swaps(engine::ecalper::Ecalper(ecalper), reference::Ecalper(ecalper),
                    "ecalper:size=5", 3);
  const Spec meridians = Games::parse_spec("meridians:size=6,swap");
  expect_same_swaps(engine::meridians::Meridians(meridians), reference::Meridians(meridians),
                    "meridians:size=6,swap", 12);
  // No swap without the flag (M9) or with three players (C7).
  const Spec plain = Games::parse_spec("meridians:size=6");
  const engine::meridians::Meridians m(plain);
  auto p = m.start();
  for (int ply = 0; ply < 6 && m.count_moves(p) > 0; ++ply) {
    for (const auto& move : m.legal_moves(p)) EXPECT_FALSE(m.swaps_colours(p, move));
    EXPECT_TRUE(m.special_ranks(p).empty());
    p = m.play(p, m.nth_move(p, 0));
  }
  const Spec three = Games::parse_spec("ecalper:size=5,players=3");
  const engine::ecalper::Ecalper e3(three);
  const auto after = e3.play(e3.start(), e3.nth_move(e3.start(), 0));
  for (std::uint64_t i = 0; i < 1000; ++i)
    EXPECT_FALSE(e3.swaps_colours(after, e3.nth_move(after, i)));
}

// The searches reward a move to the person who made it: in the pie game
// (players/tests/pie_game.h) b swaps exactly when a chose `good`, and
// passes after `bad`; by colour the two would be worth the same.
TEST(Players, SearchesSwapWhenTheSwapWins) {
  const test::Pie g(Spec{});
  const auto good = g.play(g.start(), {"good"});
  const auto bad = g.play(g.start(), {"bad"});
  players::Searcher<test::Pie> searcher(g);
  for (const PlayerSpec p :
       {PlayerSpec{PlayerSpec::Kind::kMcts, 30}, PlayerSpec{PlayerSpec::Kind::kAlphaBeta, 2}})
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const players::Start<test::Pie> start{{}, 1, 10};
      EXPECT_EQ(searcher.choose(p, good, 2, start, seed).text, "swap") << p.name();
      EXPECT_EQ(searcher.choose(p, bad, 2, start, seed).text, "pass") << p.name();
    }
}

// C3's swap is one move among White's first-turn thousands: both searches
// try it (the game's special_ranks), on the engine and on the reference.
template <Game G>
void expect_swap_tried(const G& g) {
  const auto black = g.start();
  const auto white = g.play(black, g.nth_move(black, 0));
  const std::uint64_t n = g.count_moves(white);
  ASSERT_GT(n, 64u);
  ASSERT_EQ(g.move_text(white, g.nth_move(white, 0)), "swap");
  players::Mcts<G> mcts(g);
  const players::Start<G> start{{}, 1, 1000};
  mcts.choose(white, n, start, 20, 7);
  const auto ranks = mcts.root_ranks();
  ASSERT_FALSE(ranks.empty());
  EXPECT_EQ(ranks.front(), 0u);
  EXPECT_TRUE(g.special_ranks(black).empty());
  EXPECT_TRUE(g.special_ranks(g.play(white, g.nth_move(white, 1))).empty());
}

TEST(Players, SearchesTryTheSwap) {
  const Spec spec = Games::parse_spec("ecalper:size=5");
  expect_swap_tried(engine::ecalper::Ecalper(spec));
  expect_swap_tried(reference::Ecalper(spec));
  // Three players: no swap (C3).
  const Spec three = Games::parse_spec("ecalper:size=5,players=3");
  const engine::ecalper::Ecalper e3(three);
  const auto after = e3.play(e3.start(), e3.nth_move(e3.start(), 0));
  EXPECT_TRUE(e3.special_ranks(after).empty());
}

// A search beats random play on every game: short games (small boards),
// fixed seeds, each seat order; the search must win at least 80%.
TEST(Players, SearchBeatsRandomOnEveryGame) {
  Games::for_each([&]<class Pair>() {
    const std::string text = short_spec(Pair::kName);
    const typename Pair::Engine g(Games::parse_spec(text));
    for (const PlayerSpec search :
         {PlayerSpec{PlayerSpec::Kind::kMcts, 100}, PlayerSpec{PlayerSpec::Kind::kAlphaBeta, 2}}) {
      int wins = 0, games = 0;
      for (int seat = 0; seat < 2; ++seat)
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
          std::vector<PlayerSpec> seats(2);
          seats[static_cast<std::size_t>(seat)] = search;
          const Played p = play(g, seats, seed, 300);
          wins += p.end.finished && p.by_seat().winners == (1u << seat);
          ++games;
        }
      RecordProperty(text + " " + search.name(), wins);
      std::printf("%s %s: %d of %d against random\n", text.c_str(), search.name().c_str(), wins,
                  games);
      EXPECT_GE(wins, games * 8 / 10) << text << " " << search.name();
    }
    // Three players (C7): mcts in each seat against two random players wins
    // well above a third of the games.
    if constexpr (Pair::kName == std::string_view("ecalper")) {
      const typename Pair::Engine g3(Games::parse_spec("ecalper:size=5,players=3"));
      int wins = 0;
      for (int seat = 0; seat < 3; ++seat)
        for (std::uint64_t seed = 1; seed <= 8; ++seed) {
          std::vector<PlayerSpec> seats(3);
          seats[static_cast<std::size_t>(seat)] = PlayerSpec{PlayerSpec::Kind::kMcts, 100};
          const Played p = play(g3, seats, seed, 300);
          wins += p.end.finished && p.end.winners == (1u << seat);
        }
      std::printf("ecalper:size=5,players=3 mcts:100: %d of 24 against two random\n", wins);
      EXPECT_GE(wins, 12);
    }
  });
}

}  // namespace
}  // namespace arb
