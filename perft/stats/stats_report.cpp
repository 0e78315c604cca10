// perft stats --report: one self-contained HTML page with SVG plots: outcome
// rates with their Wilson intervals for A and B, the game metrics with theirs,
// game-length histograms and the mean branching per ply.
#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>

#include "perft/stats/stats.h"

namespace arb::stats {
namespace {

constexpr const char* kColour[2] = {"#3b6fb6", "#d9822b"};  // A blue, B orange

std::string esc(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", x);
  return buf;
}

std::string label_of(const std::string& key) {
  if (key == "draw") return "draws";
  if (key == "unfinished") return "unfinished";
  if (key == "first") return "first player, of decisive";
  if (key == "swapped") return "colours swapped";
  return key + " wins";
}

// Horizontal bars, one group per rate, with the 95% interval as a whisker.
std::string outcome_svg(const std::vector<const Summary*>& sides) {
  std::vector<std::pair<std::string, std::vector<Rate>>> groups;
  for (std::size_t i = 0; i < sides[0]->rates.size(); ++i) {
    std::vector<Rate> rs;
    for (const Summary* s : sides) rs.push_back(s->rates[i]);
    groups.push_back({sides[0]->rates[i].key, rs});
  }
  std::vector<Rate> first;
  for (const Summary* s : sides) first.push_back(s->first_player);
  groups.push_back({"first", first});
  // C3, M9: only where a game swapped, as the text and JSON.
  std::vector<Rate> swapped;
  bool any_swap = false;
  for (const Summary* s : sides) {
    swapped.push_back(s->swapped);
    any_swap = any_swap || s->swapped.count > 0;
  }
  if (any_swap) groups.push_back({"swapped", swapped});
  const int bar = 16, left = 190, width = 460;
  const int group_h = static_cast<int>(sides.size()) * bar + 12;
  const int height = static_cast<int>(groups.size()) * group_h + 40;
  std::ostringstream o;
  o << "<svg xmlns='http://www.w3.org/2000/svg' width='" << left + width + 80 << "' height='"
    << height << "' font-family='sans-serif' font-size='12'>";
  for (int t = 0; t <= 100; t += 25) {
    const double x = left + width * t / 100.0;
    o << "<line x1='" << x << "' y1='10' x2='" << x << "' y2='" << height - 25
      << "' stroke='#ddd'/><text x='" << x << "' y='" << height - 10 << "' text-anchor='middle'>"
      << t << "%</text>";
  }
  int y = 12;
  for (const auto& [key, rates] : groups) {
    o << "<text x='" << left - 8 << "' y='" << y + bar << "' text-anchor='end'>"
      << esc(label_of(key)) << "</text>";
    for (std::size_t i = 0; i < rates.size(); ++i) {
      const Rate& r = rates[i];
      const double w = width * r.rate, lo = left + width * r.ci.lo, hi = left + width * r.ci.hi;
      const int yy = y + static_cast<int>(i) * bar;
      o << "<rect x='" << left << "' y='" << yy << "' width='" << w << "' height='" << bar - 3
        << "' fill='" << kColour[i] << "'/>";
      o << "<line x1='" << lo << "' y1='" << yy + (bar - 3) / 2.0 << "' x2='" << hi << "' y2='"
        << yy + (bar - 3) / 2.0 << "' stroke='black' stroke-width='1.5'/>";
      for (double x : {lo, hi})
        o << "<line x1='" << x << "' y1='" << yy + 2 << "' x2='" << x << "' y2='" << yy + bar - 5
          << "' stroke='black'/>";
      o << "<text x='" << std::max(hi, left + w) + 6 << "' y='" << yy + bar - 4 << "'>"
        << num(100 * r.rate) << "%</text>";
    }
    y += group_h;
  }
  o << "</svg>";
  return o.str();
}

// Line plots of several series over x = 1, 2, ... (histograms as steps).
// `bands`, when given, are each series' 95% interval (low, high), drawn as a
// pale area around its line.
struct Band {
  std::vector<double> lo, hi;
};
std::string series_svg(const std::vector<std::vector<double>>& series, const std::string& x_label,
                       const std::string& y_label, const std::vector<Band>& bands = {}) {
  const int left = 60, top = 10, width = 600, height = 220;
  std::size_t n = 1;
  double top_value = 0;
  for (const auto& s : series) {
    n = std::max(n, s.size());
    for (double v : s) top_value = std::max(top_value, v);
  }
  if (top_value <= 0) top_value = 1;
  std::ostringstream o;
  o << "<svg xmlns='http://www.w3.org/2000/svg' width='" << left + width + 20 << "' height='"
    << top + height + 45 << "' font-family='sans-serif' font-size='12'>";
  o << "<rect x='" << left << "' y='" << top << "' width='" << width << "' height='" << height
    << "' fill='none' stroke='#999'/>";
  for (int t = 0; t <= 4; ++t) {
    const double yv = top + height - height * t / 4.0;
    o << "<text x='" << left - 6 << "' y='" << yv + 4 << "' text-anchor='end'>"
      << num(top_value * t / 4) << "</text>";
    const double xv = left + width * t / 4.0;
    o << "<text x='" << xv << "' y='" << top + height + 16 << "' text-anchor='middle'>"
      << static_cast<long long>(static_cast<double>(n) * t / 4) << "</text>";
  }
  o << "<text x='" << left + width / 2 << "' y='" << top + height + 36 << "' text-anchor='middle'>"
    << esc(x_label) << "</text>";
  o << "<text x='14' y='" << top + height / 2 << "' transform='rotate(-90 14 " << top + height / 2
    << ")' text-anchor='middle'>" << esc(y_label) << "</text>";
  const auto x_at = [&](std::size_t i) {
    return left + width * static_cast<double>(i) / static_cast<double>(n);
  };
  // A band stays inside the plot (the axis is the lines'): late plies, which
  // few games reach, have wide intervals.
  const auto y_at = [&](double v) {
    return top + height - height * std::clamp(v, 0.0, top_value) / top_value;
  };
  for (std::size_t k = 0; k < bands.size() && k < series.size(); ++k) {
    o << "<polygon class='band' fill-opacity='0.25' stroke='none' style='fill:" << kColour[k]
      << "' points='";
    for (std::size_t i = 0; i < bands[k].hi.size(); ++i)
      o << x_at(i) << ',' << y_at(bands[k].hi[i]) << ' ';
    for (std::size_t i = bands[k].lo.size(); i-- > 0;)
      o << x_at(i) << ',' << y_at(bands[k].lo[i]) << ' ';
    o << "'/>";
  }
  for (std::size_t k = 0; k < series.size(); ++k) {
    o << "<polyline fill='none' stroke='" << kColour[k] << "' stroke-width='1.5' points='";
    for (std::size_t i = 0; i < series[k].size(); ++i) {
      const double x = left + width * static_cast<double>(i) / static_cast<double>(n);
      const double y = top + height - height * series[k][i] / top_value;
      o << x << ',' << y << ' ';
    }
    o << "'/>";
  }
  o << "</svg>";
  return o.str();
}

// Ludii's metrics (perft/stats/metrics.h): one group of bars per metric with
// its 95% interval as a whisker; shares on a 0-100% axis, means on an axis of
// their own (0 to the largest interval end of A and B); n/a written out.
std::string metrics_svg(const std::vector<const Summary*>& sides) {
  const int bar = 16, left = 190, width = 460;
  const int group_h = static_cast<int>(sides.size()) * bar + 12;
  const auto& list = sides[0]->metrics.list;
  const int height = static_cast<int>(list.size()) * group_h + 20;
  std::ostringstream o;
  o << "<svg xmlns='http://www.w3.org/2000/svg' width='" << left + width + 120 << "' height='"
    << height << "' font-family='sans-serif' font-size='12'>";
  int y = 10;
  for (const Metric& first : list) {
    o << "<text x='" << left - 8 << "' y='" << y + bar << "' text-anchor='end'>" << esc(first.name)
      << "</text>";
    double top = 1;
    if (!first.percent) {
      top = 0;
      for (const Summary* s : sides)
        if (const Metric* m = s->metrics.find(first.key); m != nullptr && m->available)
          top = std::max(top, m->ci_hi);
      if (top <= 0) top = 1;
    }
    for (std::size_t i = 0; i < sides.size(); ++i) {
      const Metric* m = sides[i]->metrics.find(first.key);
      const int yy = y + static_cast<int>(i) * bar;
      if (m == nullptr || !m->available) {
        o << "<text x='" << left << "' y='" << yy + bar - 4 << "' fill='#666'>n/a"
          << (m != nullptr ? ": " + esc(m->reason) : "") << "</text>";
        continue;
      }
      const auto at = [&](double v) { return left + width * std::clamp(v / top, 0.0, 1.0); };
      const double lo = at(m->ci_lo), hi = at(m->ci_hi);
      o << "<rect class='metric' x='" << left << "' y='" << yy << "' width='" << at(m->value) - left
        << "' height='" << bar - 3 << "' fill='" << kColour[i] << "'/>";
      o << "<line x1='" << lo << "' y1='" << yy + (bar - 3) / 2.0 << "' x2='" << hi << "' y2='"
        << yy + (bar - 3) / 2.0 << "' stroke='black' stroke-width='1.5'/>";
      for (double x : {lo, hi})
        o << "<line x1='" << x << "' y1='" << yy + 2 << "' x2='" << x << "' y2='" << yy + bar - 5
          << "' stroke='black'/>";
      o << "<text x='" << std::max(hi, at(m->value)) + 6 << "' y='" << yy + bar - 4 << "'>"
        << esc(metric_value_text(*m)) << "</text>";
    }
    y += group_h;
  }
  o << "</svg>";
  return o.str();
}

// The length histogram as shares of the finished games, in bins of `bin` plies.
std::vector<double> length_shares(const Tally& t, std::size_t bin) {
  std::uint64_t total = 0;
  for (auto c : t.lengths) total += c;
  std::vector<double> out((t.lengths.size() + bin - 1) / bin, 0);
  for (std::size_t i = 0; i < t.lengths.size(); ++i)
    out[i / bin] +=
        total == 0 ? 0 : 100.0 * static_cast<double>(t.lengths[i]) / static_cast<double>(total);
  return out;
}

}  // namespace

std::string stats_report_html(const StatsReport& r) {
  std::vector<const Summary*> sides{&r.a};
  if (r.b) sides.push_back(&*r.b);
  std::ostringstream o;
  o << "<!DOCTYPE html><html><head><meta charset='utf-8'><title>perft stats " << esc(r.a.spec)
    << "</title><style>body{font-family:sans-serif;margin:24px;max-width:900px}"
       "td,th{padding:2px 10px;text-align:right}th{text-align:left}"
       ".key span{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px}</style>"
       "</head><body>";
  o << "<h1>perft stats</h1><p><code>" << esc(r.command) << "</code>: " << r.a.games << ' '
    << esc(r.player) << " games per ruleset, at most " << r.max_plies << " plies.</p>";
  o << "<p class='key'>";
  for (std::size_t i = 0; i < sides.size(); ++i)
    o << "<span style='background:" << kColour[i] << "'></span>" << (i == 0 ? "A = " : "B = ")
      << esc(sides[i]->spec) << " (" << esc(sides[i]->impl) << ")";
  o << "</p><h2>Outcomes (95% Wilson intervals)</h2>" << outcome_svg(sides);
  if (!r.contrasts.empty()) {
    o << "<h2>B against A</h2><p>Two-proportion z test (pooled), two-sided; interval of the "
         "difference: Newcombe's hybrid score.</p><table><tr><th>rate</th><th>B - A "
         "(points)</th><th>95% interval</th><th>z</th><th>p</th><th></th></tr>";
    for (const auto& c : r.contrasts) {
      char row[200];
      std::snprintf(row, sizeof row,
                    "<td>%+.2f</td><td>[%+.2f, %+.2f]</td><td>%+.2f</td><td>%.3g</td>",
                    100 * c.d.diff, 100 * c.d.ci.lo, 100 * c.d.ci.hi, c.d.z, c.d.p);
      o << "<tr><th>" << esc(label_of(c.key)) << "</th>" << row << "<th>"
        << esc(in_words(c, r.a.players)) << "</th></tr>";
    }
    o << "</table>";
  }
  o << "<h2>Game metrics</h2><p>After Ludii's definitions (docs/variants.md, \"Game "
       "metrics\"): 95% intervals, Wilson for rates, normal for means; shares on a 0-100% "
       "axis, means on an axis of their own.</p>"
    << metrics_svg(sides);
  if (!r.metric_differences.empty()) {
    o << "<table><tr><th>metric</th><th>B - A</th><th>95% interval</th><th>z</th><th>p</th>"
         "<th></th></tr>";
    for (const auto& d : r.metric_differences) {
      if (!d.available) {
        o << "<tr><th>" << esc(d.name) << "</th><td colspan='4'>n/a</td><th></th></tr>";
        continue;
      }
      const double k = d.percent ? 100 : 1;
      char row[200];
      std::snprintf(row, sizeof row,
                    "<td>%+.2f%s</td><td>[%+.2f, %+.2f]</td><td>%+.2f</td><td>%.3g</td>",
                    k * d.diff, d.percent ? " points" : "", k * d.lo, k * d.hi, d.z, d.p);
      o << "<tr><th>" << esc(d.name) << "</th>" << row << "<th>" << esc(in_words(d))
        << "</th></tr>";
    }
    o << "</table>";
  }
  std::size_t longest = 1;
  for (const Tally* t : {&r.ta, &r.tb}) longest = std::max(longest, t->lengths.size());
  const std::size_t bin = std::max<std::size_t>(1, longest / 100);
  std::vector<std::vector<double>> lengths{length_shares(r.ta, bin)};
  if (r.b) lengths.push_back(length_shares(r.tb, bin));
  o << "<h2>Game length</h2><p>Finished games, in bins of " << bin << " plies: mean "
    << num(r.a.lengths.mean) << " (A)";
  if (r.b) o << ", " << num(r.b->lengths.mean) << " (B)";
  o << ".</p>"
    << series_svg(lengths, "plies (bin " + std::to_string(bin) + ")", "% of finished games");
  std::vector<std::vector<double>> branching;
  std::vector<Band> bands;
  for (const Summary* s : sides) {
    std::vector<double> curve;
    Band band;
    for (std::size_t i = 0; i < s->branching_by_ply.size(); ++i)
      if (static_cast<double>(s->reaching[i]) >= 0.01 * static_cast<double>(s->games)) {
        curve.push_back(s->branching_by_ply[i]);
        if (i < s->metrics.branching_lo.size()) {
          band.lo.push_back(s->metrics.branching_lo[i]);
          band.hi.push_back(s->metrics.branching_hi[i]);
        }
      }
    branching.push_back(curve);
    bands.push_back(band);
  }
  o << "<h2>Branching</h2><p>Mean legal moves per position at each ply, while at least 1% of "
       "the games go on: "
    << num(r.a.branching) << " on average (A)";
  if (r.b) o << ", " << num(r.b->branching) << " (B)";
  o << "; the pale band is each ply's 95% interval (normal, over the games that reach it).</p>"
    << series_svg(branching, "ply", "legal moves", bands) << "</body></html>\n";
  return o.str();
}

}  // namespace arb::stats
