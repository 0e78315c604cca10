// perft stats' game metrics (perft/stats/metrics.h; definitions in
// docs/variants.md, "Game metrics").
#include "perft/stats/metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

#include "perft/stats/stats.h"

namespace arb::stats {

namespace {
constexpr double kZ95 = 1.959963984540054;  // the standard normal's 97.5% quantile

using Real = long double;  // sums of squares reach 10^30

Real real(U128 x) { return static_cast<Real>(x); }

// Mean and standard error of the mean of `m`'s values divided by `scale`.
std::pair<double, double> mean_se(const Moments& m, double scale) {
  if (m.n == 0) return {0, 0};
  const Real n = static_cast<Real>(m.n);
  const Real mean = real(m.sum) / n;
  if (m.n < 2) return {static_cast<double>(mean / scale), 0};
  const Real var = std::max<Real>(0, (real(m.sum_sq) - real(m.sum) * mean) / (n - 1));
  return {static_cast<double>(mean / scale), static_cast<double>(std::sqrt(var / n) / scale)};
}

Metric rate_metric(std::string key, std::string name, std::uint64_t count, std::uint64_t of) {
  Metric m;
  m.key = std::move(key);
  m.name = std::move(name);
  m.kind = MetricKind::kRate;
  m.count = count;
  m.of = of;
  m.value = of == 0 ? 0 : static_cast<double>(count) / static_cast<double>(of);
  const Interval ci = wilson(count, of);
  m.ci_lo = ci.lo;
  m.ci_hi = ci.hi;
  m.interval = "Wilson";
  return m;
}

Metric not_available(std::string key, std::string name, bool percent, std::string reason) {
  Metric m;
  m.key = std::move(key);
  m.name = std::move(name);
  m.kind = MetricKind::kMean;
  m.percent = percent;
  m.available = false;
  m.reason = std::move(reason);
  return m;
}

// A mean over `of` values; n/a for `reason` when there are none.
Metric mean_metric(std::string key, std::string name, bool percent, std::uint64_t of, double mean,
                   double se, std::string reason) {
  if (of == 0) return not_available(std::move(key), std::move(name), percent, std::move(reason));
  Metric m;
  m.key = std::move(key);
  m.name = std::move(name);
  m.kind = MetricKind::kMean;
  m.percent = percent;
  m.of = of;
  m.value = mean;
  m.se = se;
  m.ci_lo = mean - kZ95 * se;
  m.ci_hi = mean + kZ95 * se;
  m.interval = "normal";
  return m;
}

std::string p_text(double p) {
  char buf[32];
  if (p < 0.001)
    std::snprintf(buf, sizeof buf, "p < 0.001");
  else
    std::snprintf(buf, sizeof buf, "p = %.3f", p);
  return buf;
}

}  // namespace

void MetricTally::add(const MetricTally& o) {
  leads = std::max(leads, o.leads);
  lead_changes.add(o.lead_changes);
  lead_change_ppm.add(o.lead_change_ppm);
  decisiveness_ppm.add(o.decisiveness_ppm);
  branching.add(o.branching);
  if (moves_sq.size() < o.moves_sq.size()) moves_sq.resize(o.moves_sq.size(), 0);
  for (std::size_t i = 0; i < o.moves_sq.size(); ++i) moves_sq[i] += o.moves_sq[i];
}

void add_lead_trace(MetricTally& m, const LeadTrace& trace, int plies, int winner) {
  m.lead_changes.add(trace.changes);
  if (plies <= 0) return;
  const auto n = static_cast<std::size_t>(trace.players);
  const auto moved = static_cast<std::size_t>(plies);  // the positions before each ply
  if (trace.leads.size() < moved * n) return;
  m.lead_change_ppm.add(in_millionths(trace.changes, moved));
  if (winner < 0) return;
  const auto w = static_cast<std::size_t>(winner);
  // DecisivenessThreshold: the largest lead any other player ever had.
  int threshold = 0;
  bool any = false;
  for (std::size_t i = 0; i < moved; ++i)
    for (std::size_t p = 0; p < n; ++p)
      if (p != w && (!any || trace.leads[i * n + p] > threshold)) {
        threshold = trace.leads[i * n + p];
        any = true;
      }
  // DecisivenessMoves: the share of the plies before the winner's lead first
  // exceeds it (1 if it never does).
  std::size_t decided = moved;
  for (std::size_t i = 0; i < moved; ++i)
    if (trace.leads[i * n + w] > threshold) {
      decided = i;
      break;
    }
  m.decisiveness_ppm.add(in_millionths(decided, moved));
}

std::uint32_t append_leads(std::span<const int> material, std::vector<int>& leads) {
  const std::size_t n = material.size();
  int best = 0;
  for (std::size_t p = 0; p < n; ++p)
    if (p == 0 || material[p] > best) best = material[p];
  std::uint32_t leaders = 0;
  for (std::size_t p = 0; p < n; ++p) {
    int other = 0;
    bool any = false;
    for (std::size_t q = 0; q < n; ++q)
      if (q != p && (!any || material[q] > other)) {
        other = material[q];
        any = true;
      }
    leads.push_back(material[p] - other);
    if (material[p] == best) leaders |= 1u << p;
  }
  return leaders;
}

const Metric* MetricSummary::find(std::string_view key) const {
  for (const Metric& m : list)
    if (m.key == key) return &m;
  return nullptr;
}

MetricSummary measure(const Tally& t, std::string_view players) {
  MetricSummary s;
  const std::uint64_t n = t.games;
  const auto wins_of = [&](std::size_t p) { return p < t.wins.size() ? t.wins[p] : 0; };

  // Balance: 1 - the largest gap between two seats' win rates (of all games).
  {
    Metric m;
    m.key = "balance";
    m.name = "balance";
    m.kind = MetricKind::kSpread;
    m.interval = "normal (largest gap)";
    m.of = n;
    if (n == 0 || players.size() < 2) {
      m.available = false;
      m.reason = "no games";
    } else {
      const double nn = static_cast<double>(n);
      std::size_t hi = 0, lo = 0;
      for (std::size_t p = 0; p < players.size(); ++p) {
        if (wins_of(p) > wins_of(hi)) hi = p;
        if (wins_of(p) < wins_of(lo)) lo = p;
      }
      if (hi == lo) lo = hi == 0 ? 1 : 0;
      const double ph = static_cast<double>(wins_of(hi)) / nn;
      const double pl = static_cast<double>(wins_of(lo)) / nn;
      const double gap = ph - pl;
      // Var(p_h - p_l) of one multinomial sample.
      m.se = std::sqrt(std::max(0.0, ph + pl - gap * gap) / nn);
      const double glo = gap - kZ95 * m.se, ghi = gap + kZ95 * m.se;
      m.value = 1 - gap;
      m.ci_lo = std::max(0.0, 1 - std::max(std::fabs(glo), std::fabs(ghi)));
      m.ci_hi = std::min(1.0, 1 - (glo <= 0 ? 0.0 : glo));
    }
    s.list.push_back(m);
  }
  std::uint64_t won = 0;
  for (std::size_t p = 0; p < players.size(); ++p) won += wins_of(p);
  s.list.push_back(rate_metric("advantage_p1", "first-mover advantage", wins_of(0), n));
  s.list.push_back(rate_metric("completion", "completion", won, n));
  s.list.push_back(rate_metric("drawishness", "drawishness", t.draws, n));
  s.list.push_back(rate_metric("timeouts", "timeouts", t.unfinished, n));

  // Duration: the finished games' plies, from the histogram.
  {
    Moments d;
    for (std::size_t i = 0; i < t.lengths.size(); ++i) {
      d.n += t.lengths[i];
      d.sum += static_cast<U128>(i) * t.lengths[i];
      d.sum_sq += static_cast<U128>(i) * i * t.lengths[i];
    }
    const auto [mean, se] = mean_se(d, 1);
    s.list.push_back(
        mean_metric("duration", "duration (plies)", false, d.n, mean, se, "no finished game"));
    const Lengths l = lengths_of(t);
    s.median = l.median;
    s.p10 = l.p10;
    s.p90 = l.p90;
  }

  // Branching: legal moves per position, sum(x) / sum(y) over games, with the
  // ratio estimator's standard error clustered by game.
  {
    const RatioMoments& b = t.metrics.branching;
    double mean = 0, se = 0;
    if (b.n > 0 && b.y > 0) {
      const Real r = real(b.x) / real(b.y);
      mean = static_cast<double>(r);
      if (b.n > 1) {
        const Real g = static_cast<Real>(b.n);
        const Real ybar = real(b.y) / g;
        const Real resid = std::max<Real>(0, real(b.xx) - 2 * r * real(b.xy) + r * r * real(b.yy));
        se = static_cast<double>(std::sqrt(resid / (g - 1) / g) / ybar);
      }
    }
    s.list.push_back(mean_metric("branching", "branching", false, b.n, mean, se, "no game moved"));
    for (std::size_t i = 0; i < t.moves_sum.size(); ++i) {
      Moments ply;
      ply.n = i < t.moves_seen.size() ? t.moves_seen[i] : 0;
      ply.sum = t.moves_sum[i];
      ply.sum_sq = i < t.metrics.moves_sq.size() ? t.metrics.moves_sq[i] : 0;
      const auto [pm, pse] = mean_se(ply, 1);
      s.branching_lo.push_back(pm - kZ95 * pse);
      s.branching_hi.push_back(pm + kZ95 * pse);
    }
  }

  // Lead changes and decisiveness, by the material measure.
  const MetricTally& mt = t.metrics;
  if (mt.leads == LeadMeasure::kMeasured) {
    const auto [lc, lc_se] = mean_se(mt.lead_changes, 1);
    s.list.push_back(mean_metric("lead_changes", "lead changes", false, mt.lead_changes.n, lc,
                                 lc_se, "no games"));
    const auto [lr, lr_se] = mean_se(mt.lead_change_ppm, kMillion);
    s.list.push_back(mean_metric("lead_change", "lead change rate", true, mt.lead_change_ppm.n, lr,
                                 lr_se, "no game moved"));
    const auto [dm, dm_se] = mean_se(mt.decisiveness_ppm, kMillion);
    s.list.push_back(mean_metric("decisiveness", "decisiveness", true, mt.decisiveness_ppm.n, dm,
                                 dm_se, "no game won after a move"));
  } else {
    const std::string why = mt.leads == LeadMeasure::kAlike
                                ? "every move changes every player's material alike"
                            : mt.leads == LeadMeasure::kNoMaterial ? "no material measure"
                                                                   : "no games";
    s.list.push_back(not_available("lead_changes", "lead changes", false, why));
    s.list.push_back(not_available("lead_change", "lead change rate", true, why));
    s.list.push_back(not_available("decisiveness", "decisiveness", true, why));
  }
  return s;
}

std::vector<MetricDifference> compare_metrics(const MetricSummary& a, const MetricSummary& b) {
  std::vector<MetricDifference> out;
  for (const Metric& ma : a.list) {
    const Metric* mb = b.find(ma.key);
    if (mb == nullptr) continue;
    MetricDifference d;
    d.key = ma.key;
    d.name = ma.name;
    d.kind = ma.kind;
    d.percent = ma.percent;
    if (!ma.available || !mb->available || ma.of == 0 || mb->of == 0) {
      d.available = false;
      d.test = "n/a";
    } else if (ma.kind == MetricKind::kRate) {
      const Difference r = compare_rates(ma.count, ma.of, mb->count, mb->of);
      d.diff = r.diff;
      d.lo = r.ci.lo;
      d.hi = r.ci.hi;
      d.z = r.z;
      d.p = r.p;
      d.test = "two-proportion z (pooled); Newcombe hybrid score interval";
    } else {
      d.diff = mb->value - ma.value;
      const double se = std::sqrt(ma.se * ma.se + mb->se * mb->se);
      d.lo = d.diff - kZ95 * se;
      d.hi = d.diff + kZ95 * se;
      d.test = ma.kind == MetricKind::kSpread ? "z on the standard errors of the largest gaps"
                                              : "Welch z (normal)";
      if (se > 0) {
        d.z = d.diff / se;
        d.p = two_sided_p(d.z);
      } else if (d.diff != 0) {  // every game alike under A and B (Ecalper's lengths, C5)
        d.p = 0;
        d.test = "none: no variance, the difference is exact";
      }
    }
    out.push_back(d);
  }
  return out;
}

std::string in_words(const MetricDifference& d) {
  if (!d.available) return d.name + ": n/a";
  char amount[48];
  // "<before> <amount><more or less> under B"
  std::string before = d.name + " is", more, less;
  if (d.percent) {
    std::snprintf(amount, sizeof amount, "%.1f", std::fabs(100 * d.diff));
    more = " points higher";
    less = " points lower";
  } else {
    std::snprintf(amount, sizeof amount, "%.2f", std::fabs(d.diff));
    if (d.key == "duration") {
      before = "games are";
      more = " plies longer";
      less = " plies shorter";
    } else if (d.key == "branching") {
      before = "positions have";
      more = " more legal moves";
      less = " fewer legal moves";
    } else {  // lead changes
      before = "the material leader changes";
      more = " more times a game";
      less = " fewer times a game";
    }
  }
  const std::string unit = d.percent                 ? " points"
                           : d.key == "duration"     ? " plies"
                           : d.key == "branching"    ? " legal moves"
                           : d.key == "lead_changes" ? " a game"
                                                     : "";
  if (d.p >= 0.05)
    return d.name + ": no significant difference under B (" + (d.diff < 0 ? "-" : "+") + amount +
           unit + ", " + p_text(d.p) + ")";
  return before + " " + amount + (d.diff > 0 ? more : less) + " under B (" + p_text(d.p) + ")";
}

std::string metric_value_text(const Metric& m) {
  if (!m.available) return "n/a";
  char buf[32];
  if (m.percent)
    std::snprintf(buf, sizeof buf, "%.2f%%", 100 * m.value);
  else
    std::snprintf(buf, sizeof buf, "%.2f", m.value);
  return buf;
}

}  // namespace arb::stats
