// perft stats: what a ruleset does to played games. Random or
// greedy games from a root, tallied as exact integers (wins per player, draws,
// unfinished games, lengths, legal moves per ply), so that the sum does not
// depend on the thread count or the order in which games end; then rates with
// Wilson intervals and, for two rulesets, a two-proportion z test
// (perft/stats/stats.cpp, text and JSON in perft/cli/stats.cpp, HTML in
// perft/stats/stats_report.cpp); Ludii's game metrics in perft/stats/metrics.h.
//
// Determinism: game i of a run plays with its own generator seeded from
// (seed, ruleset A or B, i) by splitmix64, and picks a move by its rank in
// byte order of the move texts (RULES.md I1), never by an implementation's
// list order, so engine and reference play the same games.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "perft/stats/metrics.h"
#include "players/players.h"

namespace arb::stats {

// --games N (1 .. kMaxGames) and --max-plies N (1 .. kMaxMaxPlies), read as
// the command line's numbers (perft/text/numbers.h): the CLI's and the
// Python module's random_games' one-line messages.
inline constexpr std::uint64_t kMaxGames = 1000000000000ULL;  // 10^12: days of play
inline constexpr std::uint64_t kMaxMaxPlies = 1000000;
std::uint64_t parse_games(std::string_view text);
int parse_max_plies(std::string_view text);

enum class Player { kRandom, kGreedy };

// splitmix64 (Steele, Lea, Flood 2014): the generator of one game, the
// search players' own (players/line.h).
using SplitMix64 = players::Rng;

// The seed of game `index` of ruleset `stream` (0 = A, 1 = B): A and B play
// independent games, as the z test assumes.
inline std::uint64_t game_seed(std::uint64_t seed, int stream, std::uint64_t index) {
  SplitMix64 a{seed};
  SplitMix64 b{a() ^ (static_cast<std::uint64_t>(stream) << 32 | 0x5354ULL)};
  SplitMix64 c{b() + index};
  return c();
}

// The tallies of one ruleset. Sums of integers: merging is order-free. A
// seat is a person: seat i is whoever started with colour i (players/line.h's
// Seats), whatever colour a swap (C3, M9) gave him later.
struct Tally {
  std::uint64_t games = 0;
  std::vector<std::uint64_t> wins;        // per seat in turn order of the start: sole winner
  std::uint64_t draws = 0;                // finished, shared by several players
  std::uint64_t unfinished = 0;           // still running at max_plies
  std::uint64_t swapped = 0;              // ended with the colours exchanged (C3, M9)
  std::vector<std::uint64_t> lengths;     // finished games by plies played
  std::vector<std::uint64_t> moves_sum;   // per ply index: legal moves summed over games
  std::vector<std::uint64_t> moves_seen;  // per ply index: games that moved there
  MetricTally metrics;                    // perft/stats/metrics.h

  explicit Tally(std::size_t players = 2) : wins(players, 0) {}
  void add(const Tally& o);
};

// A played game's end, added to `t`; `o` in persons (seats), not colours;
// `swapped`: the seats ended holding each other's colours.
void record(Tally& t, Outcome o, int plies, bool unfinished, bool swapped = false);

namespace detail {

// The move of rank `rank` among `moves` in byte order of their texts.
template <Game G>
typename G::Move by_text_rank(const G& g, const typename G::Position& pos,
                              std::span<const typename G::Move> moves, std::size_t rank,
                              std::vector<std::string>& texts, std::vector<std::uint32_t>& order) {
  texts.clear();
  order.clear();
  for (const auto& m : moves) {
    order.push_back(static_cast<std::uint32_t>(texts.size()));
    texts.push_back(g.move_text(pos, m));
  }
  std::nth_element(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(rank), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return texts[a] < texts[b]; });
  return moves[order[rank]];
}

}  // namespace detail

// One game's players: the move the player of the seat to move plays from
// `pos` (n legal moves, n > 0). random: uniform over the n moves by text rank.
// greedy: the moves that leave the mover the largest material lead (the
// material of the colour he holds after the move minus the others'), ties by
// text rank at random. mcts:N and
// alphabeta:D (players/players.h): a search seeded by the game's generator.
// One player for every seat, or one per seat in turn order. A seat is a
// person: seat i starts with colour i, and after a swap (C3, M9: the players
// exchange colours) the seat to move is the one that holds the colour to
// move (start.seats).
template <Game G>
class Mover {
 public:
  Mover(const G& g, Player player)
      : Mover(g,
              {player == Player::kGreedy ? players::PlayerSpec{players::PlayerSpec::Kind::kGreedy}
                                         : players::PlayerSpec{}}) {}
  Mover(const G& g, std::vector<players::PlayerSpec> seats, const std::atomic<bool>* stop = nullptr)
      : g_(g),
        seats_(std::move(seats)),
        searcher_(
            g, stop == nullptr ? players::Stop() : [stop] { return stop->load(); }) {
    for (const auto& p : seats_)
      if (p.kind == players::PlayerSpec::Kind::kGreedy && !MaterialGame<G>)
        throw Error(std::string(G::kName) + " has no material measure: --player greedy");
  }

  // `start`: the game's line so far, its ply and length bound, which a
  // search plays by (E12, --max-plies).
  typename G::Move pick(const typename G::Position& pos, std::uint64_t n, SplitMix64& rng,
                        const players::Start<G>& start = {}) {
    const players::PlayerSpec& who =
        seats_[seats_.size() == 1 ? 0
                                  : static_cast<std::size_t>(start.seats.person(g_.to_move(pos)))];
    if (who.searches()) return searcher_.choose(who, pos, n, start, rng());
    const bool greedy = who.kind == players::PlayerSpec::Kind::kGreedy;
    if constexpr (NthMoveGame<G>) {
      if (!greedy || players::material_same<G>()) return g_.nth_move(pos, rng() % n);
    }
    list_.clear();
    for (const auto& m : g_.legal_moves(pos)) list_.push_back(m);
    if (list_.size() != n) throw Error("count_moves and legal_moves differ");
    if (greedy && !players::material_same<G>()) {
      if constexpr (MaterialGame<G>) {
        const int me = start.seats.person(g_.to_move(pos));
        const int players = static_cast<int>(g_.players().size());
        best_.clear();
        int best = 0;
        for (const auto& m : list_) {
          const typename G::Position child = g_.play(pos, m);
          const int mine = start.seats.after(swaps_colours(g_, pos, m)).colour(me);
          const int lead = players::material_lead(g_, child, mine, players);
          if (best_.empty() || lead > best) {
            best_.clear();
            best = lead;
          }
          if (lead == best) best_.push_back(m);
        }
        return detail::by_text_rank(g_, pos, std::span<const typename G::Move>(best_),
                                    static_cast<std::size_t>(rng() % best_.size()), texts_, order_);
      }
    }
    return detail::by_text_rank(g_, pos, std::span<const typename G::Move>(list_),
                                static_cast<std::size_t>(rng() % n), texts_, order_);
  }

 private:
  const G& g_;
  std::vector<players::PlayerSpec> seats_;
  players::Searcher<G> searcher_;
  std::vector<typename G::Move> list_, best_;
  std::vector<std::string> texts_;
  std::vector<std::uint32_t> order_;
};

// How one played game ended.
struct GameEnd {
  Outcome outcome;  // in colours, as the rules give it
  int plies = 0;
  bool unfinished = false;  // still running after max_plies plies
  players::Seats seats;     // who held which colour at the end (a swap: C3, M9)
  Outcome persons() const { return seats.persons(outcome); }  // the outcome by seat
};

// Plays one game from `root`, adds it to `t` and returns its end. The rules
// perft leaves out apply (P3): a game's own outcome(history) (Emergo E12's
// third repetition, a draw). A game still running after max_plies plies is
// unfinished. Seats follow the persons across a swap: the tally and the
// metrics count by seat. (`perft stats` and the Python module's random_games.)
template <Game G>
GameEnd play_game(const G& g, Mover<G>& mover, const typename G::Position& root, std::uint64_t seed,
                  int max_plies, Tally& t) {
  using Position = typename G::Position;
  Observer<G> observer(g, t.metrics);  // the metrics' view of the game
  SplitMix64 rng{seed};
  players::Line<G> line(g, root, {{}, 0, max_plies});  // E12's history, the bound, the seats
  const auto end = [&](Outcome o, int plies, bool unfinished) {
    const players::Seats seats = line.seats();
    record(t, seats.persons(o), plies, unfinished, seats.swapped);
    observer.finish(seats.persons(o), plies, unfinished);
    return GameEnd{o, plies, unfinished, seats};
  };
  Position pos = root;
  observer.position(pos, line.seats());
  for (int ply = 0;; ++ply) {
    const std::uint64_t n = g.count_moves(pos);
    if (n == 0) return end(g.outcome(pos), ply, false);  // P3: finished iff no moves
    if (const Outcome o = line.repetition(); o.finished) return end(o, ply, false);
    if (line.at_bound()) return end(Outcome::ongoing(), ply, true);
    if (t.moves_sum.size() <= static_cast<std::size_t>(ply)) {
      t.moves_sum.resize(static_cast<std::size_t>(ply) + 1, 0);
      t.moves_seen.resize(static_cast<std::size_t>(ply) + 1, 0);
    }
    t.moves_sum[static_cast<std::size_t>(ply)] += n;
    ++t.moves_seen[static_cast<std::size_t>(ply)];
    observer.moves(n);
    const typename G::Move move =
        mover.pick(pos, n, rng, {line.history(), ply, max_plies, line.seats()});
    const bool swapped = swaps_colours(g, pos, move);
    pos = g.play(pos, move);
    line.push(pos, swapped);
    observer.position(pos, line.seats());
  }
}

struct RunOptions {
  std::uint64_t games = 0;
  std::uint64_t seed = 1;
  int max_plies = 0;
  int threads = 1;
  Player player = Player::kRandom;
  std::vector<players::PlayerSpec> seats;            // when given: per seat, over `player`
  const std::atomic<bool>* stop = nullptr;           // set (Ctrl-C): end after the games under way
  std::function<void(std::uint64_t done)> progress;  // called about once a second, main thread
};

// Plays games 0..games-1 of each ruleset (A, and B when given: game i of both
// in one task, so that an interrupted run has played both alike), on
// `threads` threads. Returns the tallies; their `games` says how many were
// played (fewer than asked when stopped).
template <Game GA, Game GB>
std::pair<Tally, Tally> run_games(const GA& ga, const typename GA::Position& root_a, const GB* gb,
                                  const typename GB::Position* root_b, const RunOptions& o) {
  const std::uint64_t kChunk = 16;
  std::atomic<std::uint64_t> next{0}, done{0};
  const int threads = std::max(1, o.threads);
  std::vector<Tally> ta(static_cast<std::size_t>(threads), Tally(ga.players().size()));
  std::vector<Tally> tb(static_cast<std::size_t>(threads),
                        Tally(gb != nullptr ? gb->players().size() : 2));
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
  std::atomic<bool> failed{false};
  const bool searches =
      std::any_of(o.seats.begin(), o.seats.end(), [](const auto& p) { return p.searches(); });
  const auto work = [&](int w) {
    try {
      const auto make = [&](const auto& g) {
        using M = Mover<std::decay_t<decltype(g)>>;
        return o.seats.empty() ? M(g, o.player) : M(g, o.seats, o.stop);
      };
      Mover<GA> ma = make(ga);
      std::optional<Mover<GB>> mb;
      if (gb != nullptr) mb.emplace(make(*gb));
      for (;;) {
        if ((o.stop != nullptr && o.stop->load()) || failed.load()) return;
        const std::uint64_t first = next.fetch_add(kChunk);
        if (first >= o.games) return;
        const std::uint64_t last = std::min(o.games, first + kChunk);
        for (std::uint64_t i = first; i < last; ++i) {
          if (o.stop != nullptr && o.stop->load()) return;
          auto& a = ta[static_cast<std::size_t>(w)];
          auto& b = tb[static_cast<std::size_t>(w)];
          if (searches) {  // a search stopped by Ctrl-C drops game i of A and B alike
            Tally one_a(a.wins.size()), one_b(b.wins.size());
            try {
              play_game(ga, ma, root_a, game_seed(o.seed, 0, i), o.max_plies, one_a);
              if (gb != nullptr)
                play_game(*gb, *mb, *root_b, game_seed(o.seed, 1, i), o.max_plies, one_b);
            } catch (const players::Stopped&) {
              return;
            }
            a.add(one_a);
            b.add(one_b);
          } else {
            play_game(ga, ma, root_a, game_seed(o.seed, 0, i), o.max_plies, a);
            if (gb != nullptr)
              play_game(*gb, *mb, *root_b, game_seed(o.seed, 1, i), o.max_plies, b);
          }
          done.fetch_add(1);
        }
      }
    } catch (...) {
      errors[static_cast<std::size_t>(w)] = std::current_exception();
      failed = true;
    }
  };
  std::vector<std::thread> pool;
  for (int w = 1; w < threads; ++w) pool.emplace_back(work, w);
  if (o.progress) {
    std::thread reporter;  // the main thread works too; progress from a helper
    std::atomic<bool> finished{false};
    reporter = std::thread([&] {
      auto last = std::chrono::steady_clock::now();
      while (!finished.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (std::chrono::steady_clock::now() - last >= std::chrono::seconds(1)) {
          last = std::chrono::steady_clock::now();
          o.progress(done.load());
        }
      }
    });
    work(0);
    for (auto& t : pool) t.join();
    finished = true;
    reporter.join();
  } else {
    work(0);
    for (auto& t : pool) t.join();
  }
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
  Tally a(ga.players().size()), b(gb != nullptr ? gb->players().size() : 2);
  for (const auto& t : ta) a.add(t);
  for (const auto& t : tb) b.add(t);
  return {a, b};
}

// ---- the figures (perft/stats/stats.cpp)

struct Interval {
  double lo = 0, hi = 0;
};
// Wilson score interval for k successes in n trials at 95% (z = 1.959964).
Interval wilson(std::uint64_t k, std::uint64_t n);
// Two-sided p-value of a standard normal statistic: P(|Z| >= |z|).
double two_sided_p(double z);

// B's rate minus A's: Newcombe's hybrid score interval (from both Wilson
// intervals) and the pooled two-proportion z test, two-sided.
struct Difference {
  double diff = 0;  // pb - pa
  Interval ci;
  double z = 0, p = 1;
};
Difference compare_rates(std::uint64_t ka, std::uint64_t na, std::uint64_t kb, std::uint64_t nb);

// Game length of the finished games from the histogram: mean, median and the
// 10th/90th percentiles (nearest rank).
struct Lengths {
  std::uint64_t games = 0;
  double mean = 0;
  int median = 0, p10 = 0, p90 = 0;
};
Lengths lengths_of(const Tally& t);

// One rate of a summary: its key (a side letter, "draw", "unfinished"), count
// out of the games and Wilson interval.
struct Rate {
  std::string key;
  std::uint64_t count = 0, of = 0;
  double rate = 0;
  Interval ci;
};
Rate rate_of(std::string key, std::uint64_t count, std::uint64_t of);

// What a designer reads of one ruleset.
struct Summary {
  std::string spec, impl, position, players;
  std::uint64_t games = 0;
  std::vector<Rate> rates;  // a win per player in turn order, "draw", "unfinished"
  Rate first_player;        // the first player's wins among decisive games
  Rate swapped;             // games that ended with the colours exchanged (C3, M9)
  Lengths lengths;
  double branching = 0;                  // legal moves per position, all plies
  std::vector<double> branching_by_ply;  // mean legal moves at ply 1, 2, ...
  std::vector<std::uint64_t> reaching;   // games that moved at ply 1, 2, ...
  MetricSummary metrics;                 // perft/stats/metrics.h
};
Summary summarize(const Tally& t, std::string spec, std::string impl, std::string position,
                  std::string players);

// B against A, rate by rate (same keys), first player's share last.
struct Contrast {
  std::string key;
  Difference d;
};
std::vector<Contrast> contrast(const Summary& a, const Summary& b);
// "w wins 4.1 points more often under B (p = 0.003)", "draws: no significant
// difference (-0.2 points, p = 0.41)".
std::string in_words(const Contrast& c, std::string_view players);

// perft stats --report: one HTML page with SVG plots (perft/stats/stats_report.cpp).
struct StatsReport {
  std::string command;
  int max_plies = 0;
  std::string player;
  Summary a;
  std::optional<Summary> b;
  std::vector<Contrast> contrasts;
  Tally ta, tb;  // the histograms
  std::vector<MetricDifference> metric_differences;
};
std::string stats_report_html(const StatsReport& r);

}  // namespace arb::stats
