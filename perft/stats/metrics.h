// perft stats' game metrics, after the Ludii general game system's
// (Evaluation/src/metrics in its source): balance, first-mover advantage,
// completion, drawishness, timeouts, duration, branching, lead changes and
// decisiveness, each with a 95% interval, and B against A with a test. The
// definitions are in docs/variants.md ("Game metrics").
//
// What a game adds is kept as exact integers (sums and sums of squares, per-game
// shares in millionths), so merging is order-free and the figures do not depend
// on the thread count, as for Tally. A played game is watched by an Observer
// (play_game calls it at each position): the material leaders after each ply,
// for lead changes and decisiveness, and the legal moves, for branching.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/game.h"
#include "players/line.h"

namespace arb::stats {

__extension__ typedef unsigned __int128 U128;  // sums of squares of up to 10^12 games

struct Tally;

// Count, sum and sum of squares of non-negative integer values.
struct Moments {
  std::uint64_t n = 0;
  U128 sum = 0, sum_sq = 0;
  void add(std::uint64_t x) {
    ++n;
    sum += x;
    sum_sq += static_cast<U128>(x) * x;
  }
  void add(const Moments& o) {
    n += o.n;
    sum += o.sum;
    sum_sq += o.sum_sq;
  }
};

// Per game: x = legal moves summed over its plies, y = its plies; for the
// ratio sum(x) / sum(y) and its interval clustered by game.
struct RatioMoments {
  std::uint64_t n = 0;
  U128 x = 0, y = 0, xx = 0, yy = 0, xy = 0;
  void add(std::uint64_t gx, std::uint64_t gy) {
    ++n;
    x += gx;
    y += gy;
    xx += static_cast<U128>(gx) * gx;
    yy += static_cast<U128>(gy) * gy;
    xy += static_cast<U128>(gx) * gy;
  }
  void add(const RatioMoments& o) {
    n += o.n;
    x += o.x;
    y += o.y;
    xx += o.xx;
    yy += o.yy;
    xy += o.xy;
  }
};

// Whether the games had a material lead to follow (the larger state wins a merge).
enum class LeadMeasure : std::uint8_t { kNoGames, kMeasured, kNoMaterial, kAlike };

inline constexpr std::uint64_t kMillion = 1000000;

// The metrics' part of a ruleset's tallies.
struct MetricTally {
  LeadMeasure leads = LeadMeasure::kNoGames;
  Moments lead_changes;        // per game: plies after which the set of material leaders changed
  Moments lead_change_ppm;     // per game with a ply: lead changes / plies, in millionths
  Moments decisiveness_ppm;    // per won game: plies before the decision / plies, in millionths
  RatioMoments branching;      // per game with a ply: legal moves summed, plies
  std::vector<U128> moves_sq;  // per ply index: squares of the legal moves summed over games
  void add(const MetricTally& o);
};

// A share x / of in millionths, rounded to nearest (exact integers).
inline std::uint64_t in_millionths(std::uint64_t x, std::uint64_t of) {
  return static_cast<std::uint64_t>((static_cast<U128>(x) * 2 * kMillion + of) / (2 * of));
}

// One game's lead changes and decisiveness from the material leads of its
// positions (`leads`: a row of players' leads per position, the root first;
// lead = own material minus the largest other's), its plies and its sole
// winner (-1: none); decisiveness reads the rows before each ply. Ludii's
// LeadChange and DecisivenessMoves (docs/variants.md).
struct LeadTrace {
  int players = 2;
  std::vector<int> leads;  // position-major
  std::uint64_t changes = 0;
  std::uint32_t last_leaders = 0;
};
void add_lead_trace(MetricTally& m, const LeadTrace& trace, int plies, int winner);

// Appends each player's lead (his measure minus the largest other's) to
// `leads`; returns the set of players with the most (bit p = player p).
std::uint32_t append_leads(std::span<const int> material, std::vector<int>& leads);

namespace detail {
// Leads by the game's score where it has one (Ecalper: C6's largest group,
// as the searches evaluate), else by material (greedy's measure).
template <Game G>
constexpr LeadMeasure lead_measure() {
  if constexpr (ScoredGame<G>) {
    return LeadMeasure::kMeasured;
  } else if constexpr (!MaterialGame<G>) {
    return LeadMeasure::kNoMaterial;
  } else if constexpr (players::material_same<G>()) {
    return LeadMeasure::kAlike;
  } else {
    return LeadMeasure::kMeasured;
  }
}
}  // namespace detail

// Watches one played game for the tally `m`: position() at the root and after
// each ply, moves(n) before each ply, finish() at its end. Leads are by seat
// (person): `seats` says which colour each holds (a swap, C3 or M9), and
// finish() takes the outcome by seat.
template <Game G>
class Observer {
 public:
  static constexpr LeadMeasure kLeads = detail::lead_measure<G>();

  Observer(const G& g, MetricTally& m) : g_(g), m_(m) {
    trace_.players = static_cast<int>(g.players().size());
    if constexpr (kLeads == LeadMeasure::kMeasured)
      trace_.leads.reserve(static_cast<std::size_t>(256 * trace_.players));
  }

  void position(const typename G::Position& pos, players::Seats seats = {}) {
    if constexpr (kLeads == LeadMeasure::kMeasured) {
      const int n = trace_.players;
      std::uint32_t leaders = 0;
      if (n == 2) {
        const int a = players::measure(g_, pos, seats.colour(0));
        const int b = players::measure(g_, pos, seats.colour(1));
        trace_.leads.push_back(a - b);
        trace_.leads.push_back(b - a);
        leaders = (a >= b ? 1u : 0u) | (b >= a ? 2u : 0u);
      } else {
        material_.resize(static_cast<std::size_t>(n));
        for (int p = 0; p < n; ++p)  // three players: no swap (C7)
          material_[static_cast<std::size_t>(p)] = players::measure(g_, pos, p);
        leaders = append_leads(material_, trace_.leads);
      }
      if (positions_ > 0 && leaders != trace_.last_leaders) ++trace_.changes;
      trace_.last_leaders = leaders;
    }
    ++positions_;
  }

  void moves(std::uint64_t n) {
    if (m_.moves_sq.size() <= plies_) m_.moves_sq.resize(plies_ + 1, 0);
    m_.moves_sq[plies_] += static_cast<U128>(n) * n;
    ++plies_;
    moves_sum_ += n;
  }

  void finish(Outcome o, int plies, bool unfinished) {
    if (m_.leads < kLeads) m_.leads = kLeads;
    if (plies > 0) m_.branching.add(moves_sum_, static_cast<std::uint64_t>(plies));
    if constexpr (kLeads == LeadMeasure::kMeasured) {
      int winner = -1;
      if (!unfinished && o.finished && std::has_single_bit(o.winners))
        winner = std::countr_zero(o.winners);
      add_lead_trace(m_, trace_, plies, winner);
    }
  }

 private:
  const G& g_;
  MetricTally& m_;
  LeadTrace trace_;
  std::vector<int> material_;
  std::size_t plies_ = 0;
  std::uint64_t moves_sum_ = 0;
  int positions_ = 0;
};

// ---- the figures (perft/stats/metrics.cpp)

enum class MetricKind { kRate, kMean, kSpread };

// One metric of a ruleset. Rates: count of `of` games, Wilson interval. Means:
// `of` values, their standard error `se`, normal interval. Balance (kSpread):
// normal interval of the largest gap between two seats' win rates, folded.
struct Metric {
  std::string key;   // the JSON key: "balance", "duration", ...
  std::string name;  // the text's label
  MetricKind kind = MetricKind::kRate;
  bool percent = true;  // a share, shown in %; else a mean in its unit
  bool available = true;
  std::string reason;  // why not available
  double value = 0;
  double ci_lo = 0, ci_hi = 0;
  std::uint64_t count = 0, of = 0;
  double se = 0;  // standard error (means, balance)
  std::string interval;
};

struct MetricSummary {
  std::vector<Metric> list;                        // in the order of the text
  int median = 0, p10 = 0, p90 = 0;                // duration, of the finished games
  std::vector<double> branching_lo, branching_hi;  // per ply: normal 95% interval
  const Metric* find(std::string_view key) const;
};

// `players`: the seats' letters in turn order.
MetricSummary measure(const Tally& t, std::string_view players);

// B's metric minus A's, with a 95% interval and a two-sided test: rates by the
// pooled two-proportion z test (Newcombe's interval), means by Welch's z test
// (normal interval), balance by a z test on the two standard errors.
struct MetricDifference {
  std::string key, name;
  MetricKind kind = MetricKind::kRate;
  bool percent = true;
  bool available = true;
  double diff = 0, lo = 0, hi = 0, z = 0, p = 1;
  std::string test;
};
std::vector<MetricDifference> compare_metrics(const MetricSummary& a, const MetricSummary& b);
// "games last 1.3 plies less under B (p < 0.001)", "balance: no significant
// difference under B (+0.4 points, p = 0.62)".
std::string in_words(const MetricDifference& d);

// A metric's value as text: "49.10%", "70.13".
std::string metric_value_text(const Metric& m);

}  // namespace arb::stats
