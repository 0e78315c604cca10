// perft stats' figures (perft/stats/stats.h): tallies, Wilson intervals, the
// two-proportion z test, game lengths.
#include "perft/stats/stats.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

#include "common/error.h"
#include "perft/text/numbers.h"

namespace arb::stats {

namespace {
constexpr double kZ95 = 1.959963984540054;  // the standard normal's 97.5% quantile
}

void Tally::add(const Tally& o) {
  games += o.games;
  if (wins.size() < o.wins.size()) wins.resize(o.wins.size(), 0);
  for (std::size_t i = 0; i < o.wins.size(); ++i) wins[i] += o.wins[i];
  draws += o.draws;
  unfinished += o.unfinished;
  swapped += o.swapped;
  const auto sum = [](std::vector<std::uint64_t>& to, const std::vector<std::uint64_t>& from) {
    if (to.size() < from.size()) to.resize(from.size(), 0);
    for (std::size_t i = 0; i < from.size(); ++i) to[i] += from[i];
  };
  sum(lengths, o.lengths);
  sum(moves_sum, o.moves_sum);
  sum(moves_seen, o.moves_seen);
  metrics.add(o.metrics);
}

void record(Tally& t, Outcome o, int plies, bool unfinished, bool swapped) {
  ++t.games;
  t.swapped += swapped ? 1 : 0;
  if (unfinished) {
    ++t.unfinished;
    return;
  }
  if (std::popcount(o.winners) == 1)
    ++t.wins[static_cast<std::size_t>(std::countr_zero(o.winners))];
  else
    ++t.draws;
  const auto at = static_cast<std::size_t>(plies);
  if (t.lengths.size() <= at) t.lengths.resize(at + 1, 0);
  ++t.lengths[at];
}

Interval wilson(std::uint64_t k, std::uint64_t n) {
  if (n == 0) return {0, 1};
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(k) / nn;
  const double z2 = kZ95 * kZ95;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = kZ95 / (1 + z2 / nn) * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double two_sided_p(double z) { return std::erfc(std::fabs(z) / std::sqrt(2.0)); }

Difference compare_rates(std::uint64_t ka, std::uint64_t na, std::uint64_t kb, std::uint64_t nb) {
  Difference d;
  if (na == 0 || nb == 0) return d;
  const double pa = static_cast<double>(ka) / static_cast<double>(na);
  const double pb = static_cast<double>(kb) / static_cast<double>(nb);
  d.diff = pb - pa;
  // Newcombe (1998), method 10: the hybrid score interval of pb - pa.
  const Interval a = wilson(ka, na), b = wilson(kb, nb);
  d.ci.lo = d.diff - std::sqrt((pb - b.lo) * (pb - b.lo) + (a.hi - pa) * (a.hi - pa));
  d.ci.hi = d.diff + std::sqrt((b.hi - pb) * (b.hi - pb) + (pa - a.lo) * (pa - a.lo));
  // The pooled two-proportion z test, two-sided.
  const double pooled = static_cast<double>(ka + kb) / static_cast<double>(na + nb);
  const double se = std::sqrt(pooled * (1 - pooled) *
                              (1 / static_cast<double>(na) + 1 / static_cast<double>(nb)));
  if (se > 0) {
    d.z = d.diff / se;
    d.p = two_sided_p(d.z);
  }
  return d;
}

Lengths lengths_of(const Tally& t) {
  Lengths l;
  double sum = 0;
  for (std::size_t i = 0; i < t.lengths.size(); ++i) {
    l.games += t.lengths[i];
    sum += static_cast<double>(i) * static_cast<double>(t.lengths[i]);
  }
  if (l.games == 0) return l;
  l.mean = sum / static_cast<double>(l.games);
  // Nearest rank: the smallest length with at least ceil(q * games) games at or below it.
  const auto quantile = [&](double q) {
    const auto rank = std::max<std::uint64_t>(
        1, static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(l.games))));
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < t.lengths.size(); ++i) {
      seen += t.lengths[i];
      if (seen >= rank) return static_cast<int>(i);
    }
    return static_cast<int>(t.lengths.size()) - 1;
  };
  l.median = quantile(0.5);
  l.p10 = quantile(0.1);
  l.p90 = quantile(0.9);
  return l;
}

Rate rate_of(std::string key, std::uint64_t count, std::uint64_t of) {
  Rate r;
  r.key = std::move(key);
  r.count = count;
  r.of = of;
  r.rate = of == 0 ? 0 : static_cast<double>(count) / static_cast<double>(of);
  r.ci = wilson(count, of);
  return r;
}

Summary summarize(const Tally& t, std::string spec, std::string impl, std::string position,
                  std::string players) {
  Summary s;
  s.spec = std::move(spec);
  s.impl = std::move(impl);
  s.position = std::move(position);
  s.players = std::move(players);
  s.games = t.games;
  std::uint64_t decisive = 0;
  for (std::size_t i = 0; i < s.players.size(); ++i) {
    const std::uint64_t w = i < t.wins.size() ? t.wins[i] : 0;
    s.rates.push_back(rate_of(std::string(1, s.players[i]), w, t.games));
    decisive += w;
  }
  s.rates.push_back(rate_of("draw", t.draws, t.games));
  s.rates.push_back(rate_of("unfinished", t.unfinished, t.games));
  s.first_player = rate_of("first", t.wins.empty() ? 0 : t.wins[0], decisive);
  s.swapped = rate_of("swapped", t.swapped, t.games);
  s.lengths = lengths_of(t);
  double sum = 0, seen = 0;
  for (std::size_t i = 0; i < t.moves_sum.size(); ++i) {
    sum += static_cast<double>(t.moves_sum[i]);
    seen += static_cast<double>(t.moves_seen[i]);
    s.branching_by_ply.push_back(t.moves_seen[i] == 0 ? 0
                                                      : static_cast<double>(t.moves_sum[i]) /
                                                            static_cast<double>(t.moves_seen[i]));
    s.reaching.push_back(t.moves_seen[i]);
  }
  s.branching = seen == 0 ? 0 : sum / seen;
  s.metrics = measure(t, s.players);
  return s;
}

std::vector<Contrast> contrast(const Summary& a, const Summary& b) {
  std::vector<Contrast> out;
  for (const Rate& ra : a.rates)
    for (const Rate& rb : b.rates)
      if (ra.key == rb.key)
        out.push_back({ra.key, compare_rates(ra.count, ra.of, rb.count, rb.of)});
  out.push_back({"first", compare_rates(a.first_player.count, a.first_player.of,
                                        b.first_player.count, b.first_player.of)});
  return out;
}

std::string in_words(const Contrast& c, std::string_view players) {
  std::string what;
  if (c.key == "draw")
    what = "games are drawn";
  else if (c.key == "unfinished")
    what = "games are unfinished";
  else if (c.key == "first")
    what = "the first player (" + std::string(players.substr(0, 1)) + ") wins a decisive game";
  else
    what = c.key + " wins";
  char p[32];
  if (c.d.p < 0.001)
    std::snprintf(p, sizeof p, "p < 0.001");
  else
    std::snprintf(p, sizeof p, "p = %.3f", c.d.p);
  char points[32];
  std::snprintf(points, sizeof points, "%.1f", std::fabs(100 * c.d.diff));
  if (c.d.p >= 0.05)
    return what + ": no significant difference under B (" + (c.d.diff < 0 ? "-" : "+") + points +
           " points, " + p + ")";
  return what + " " + points + " points " + (c.d.diff > 0 ? "more" : "less") + " often under B (" +
         p + ")";
}

std::uint64_t parse_games(std::string_view text) {
  const std::uint64_t n = parse_number("--games", text);
  if (n == 0) throw Error("--games must be at least 1");
  if (n > kMaxGames)
    throw Error("--games " + std::string(text) + " is too many (at most " +
                std::to_string(kMaxGames) + ")");
  return n;
}

int parse_max_plies(std::string_view text) {
  const std::uint64_t n = parse_number("--max-plies", text);
  if (n == 0 || n > kMaxMaxPlies)
    throw Error("--max-plies must be between 1 and " + std::to_string(kMaxMaxPlies) + ", got " +
                std::string(text));
  return static_cast<int>(n);
}

}  // namespace arb::stats
