// perft stats <spec> --games N [--vs <spec2>] ...: random, greedy or
// search players' games under one ruleset, or two side by side with a significance test.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/stats/stats.h"
#include "perft/text/json.h"
#include "perft/text/text.h"

namespace arb::cli {
namespace {

using stats::Player;
using stats::Summary;

// Random games end long before this (docs/variants.md: the share that reaches
// it is printed, under 1% for every spec measured).
constexpr int kDefaultMaxPlies = 1000;

struct StatsArgs {
  RootArgs root;
  ImplArg impl;
  std::uint64_t games = 0, seed = 1;
  int max_plies = kDefaultMaxPlies;
  Player player = Player::kRandom;
  std::string players;  // --players as given, checked against the game's seats
  std::string vs;
  bool json = false;
  std::string report;
  CountOptions threads;
};

std::string percent(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%", 100 * x);
  return buf;
}
std::string interval(const stats::Interval& i) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "[%.2f, %.2f]", 100 * i.lo, 100 * i.hi);
  return buf;
}
std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}
std::string rate_label(const stats::Rate& r) {
  if (r.key == "draw") return "draws";
  if (r.key == "unfinished") return "unfinished";
  return r.key + " wins";
}

void write_summary(const Summary& s, int max_plies, std::ostream& out) {
  out << s.spec << " (" << s.impl << "): " << s.games << " games\n";
  out << "                 games      rate   95% interval (Wilson)\n";
  for (const auto& r : s.rates) {
    char line[160];
    std::snprintf(line, sizeof line, "  %-12s %8llu  %8s   %s", rate_label(r).c_str(),
                  static_cast<unsigned long long>(r.count), percent(r.rate).c_str(),
                  interval(r.ci).c_str());
    out << line;
    if (r.key == "unfinished") out << "  still running at --max-plies " << max_plies;
    out << '\n';
  }
  const double even = 1.0 / static_cast<double>(s.players.size());
  out << "  first player (" << s.players[0] << ") wins " << percent(s.first_player.rate) << ' '
      << interval(s.first_player.ci) << " of the " << s.first_player.of << " decisive games ("
      << percent(even) << " = no advantage)\n";
  if (s.swapped.count > 0)  // C3, M9: only where a game swapped, so other outputs stay as they were
    out << "  colours swapped in " << s.swapped.count << " games, " << percent(s.swapped.rate)
        << ' ' << interval(s.swapped.ci) << " (a seat is the person who started with its colour)\n";
  out << "  length in plies (finished games): mean " << fixed(s.lengths.mean, 1) << ", median "
      << s.lengths.median << ", 10th percentile " << s.lengths.p10 << ", 90th " << s.lengths.p90
      << '\n';
  out << "  branching: " << fixed(s.branching, 1) << " legal moves per position; by ply";
  // The first 50 plies of the curve, while at least 1% of the games still
  // move (--json has all of it, --report draws it).
  for (std::size_t i = 0; i < s.branching_by_ply.size() && i < 50; ++i) {
    if (static_cast<double>(s.reaching[i]) < 0.01 * static_cast<double>(s.games)) break;
    if (i % 10 == 0) out << "\n    " << i + 1 << ':';
    out << ' ' << fixed(s.branching_by_ply[i], 1);
  }
  out << '\n';
}

// Ludii's metrics of one ruleset (perft/stats/metrics.h), after its summary.
void write_metrics(const Summary& s, std::ostream& out) {
  out << "  metrics (docs/variants.md; 95% interval: Wilson for rates, normal for means):\n";
  for (const auto& m : s.metrics.list) {
    char line[200];
    if (!m.available) {
      std::snprintf(line, sizeof line, "    %-22s %9s  %s", m.name.c_str(), "n/a",
                    m.reason.c_str());
    } else if (m.percent) {
      std::snprintf(line, sizeof line, "    %-22s %9s  [%.2f, %.2f]", m.name.c_str(),
                    stats::metric_value_text(m).c_str(), 100 * m.ci_lo, 100 * m.ci_hi);
    } else {
      std::snprintf(line, sizeof line, "    %-22s %9s  [%.2f, %.2f]", m.name.c_str(),
                    stats::metric_value_text(m).c_str(), m.ci_lo, m.ci_hi);
    }
    out << line;
    if (m.key == "duration" && m.available)
      out << "  finished games; median " << s.metrics.median << ", 10th percentile "
          << s.metrics.p10 << ", 90th " << s.metrics.p90;
    if (m.key == "branching" && m.available) out << "  legal moves per position";
    if (m.key == "lead_changes" && m.available) out << "  per game, of the leader";
    out << '\n';
  }
}

nlohmann::ordered_json metrics_json(const stats::MetricSummary& ms) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const auto& m : ms.list) {
    nlohmann::ordered_json x;
    x["available"] = m.available;
    if (!m.available) {
      x["reason"] = m.reason;
      j[m.key] = x;
      continue;
    }
    x["value"] = m.value;
    x["low"] = m.ci_lo;
    x["high"] = m.ci_hi;
    if (m.kind == stats::MetricKind::kRate) {
      x["count"] = m.count;
      x["of"] = m.of;
    } else {
      x["of"] = m.of;
      x["se"] = m.se;
    }
    x["interval"] = m.interval;
    if (m.key == "duration") {
      x["median"] = ms.median;
      x["p10"] = ms.p10;
      x["p90"] = ms.p90;
    }
    j[m.key] = x;
  }
  j["branching_by_ply"] = {{"low", ms.branching_lo}, {"high", ms.branching_hi}};
  return j;
}

nlohmann::ordered_json summary_json(const Summary& s) {
  nlohmann::ordered_json j;
  j["game"] = s.spec;
  j["impl"] = s.impl;
  j["position"] = s.position;
  j["games"] = s.games;
  auto& rates = j["rates"] = nlohmann::ordered_json::object();
  const auto rate = [](const stats::Rate& r) {
    nlohmann::ordered_json x;
    x["count"] = r.count;
    x["of"] = r.of;
    x["rate"] = r.rate;
    x["low"] = r.ci.lo;
    x["high"] = r.ci.hi;
    return x;
  };
  for (const auto& r : s.rates) rates[r.key] = rate(r);
  j["first_player"] = rate(s.first_player);
  if (s.swapped.count > 0) j["swapped"] = rate(s.swapped);
  j["length"] = {{"games", s.lengths.games},
                 {"mean", s.lengths.mean},
                 {"median", s.lengths.median},
                 {"p10", s.lengths.p10},
                 {"p90", s.lengths.p90}};
  j["branching"] = s.branching;
  j["branching_by_ply"] = s.branching_by_ply;
  j["metrics"] = metrics_json(s.metrics);
  return j;
}

template <Game G>
int run_stats(const G& g, const std::optional<G>& gb, const StatsArgs& a,
              const std::string& command, Io& io) {
  const auto root = root_of(g, a.root);
  std::optional<typename G::Position> root_b;
  if (gb) root_b = root_of(*gb, a.root);
  if (a.player == Player::kGreedy && !MaterialGame<G>)
    throw Error(std::string(G::kName) + " has no material measure for --player greedy");

  stats::RunOptions o;
  o.games = a.games;
  o.seed = a.seed;
  o.max_plies = a.max_plies;
  o.threads = a.threads.threads.value_or(default_threads());
  o.player = a.player;
  if (!a.players.empty()) {
    o.seats = players::parse_players(a.players, "--players", static_cast<int>(g.players().size()));
    for (const auto& p : o.seats)
      if (p.cut != 0 && !players::has_measure<G>())
        throw Error("--players " + p.name() + ": " + std::string(G::kName) +
                    " has no measure for a playout cut-off");
    // One list for both rulesets: --vs must have as many seats (ecalper:players=3).
    if (gb && o.seats.size() > 1 && gb->players().size() != o.seats.size())
      throw Error("--players names " + std::to_string(o.seats.size()) + " players, --vs " +
                  gb->spec().canonical() + " has " + std::to_string(gb->players().size()) +
                  " seats");
  }
  const InterruptGuard guard;  // Ctrl-C or SIGTERM: the games played so far
  o.stop = guard.stop();
  ProgressLine line(io.err, io.progress);
  if (line.enabled())
    o.progress = [&line, games = a.games](std::uint64_t done) {
      line.show("played " + std::to_string(done) + " of " + std::to_string(games) +
                " games (Ctrl-C stops and reports them)");
    };
  std::pair<stats::Tally, stats::Tally> tallies;
  const double seconds = seconds_of([&] {
    tallies = stats::run_games(g, root, gb ? &*gb : nullptr, root_b ? &*root_b : nullptr, o);
  });
  line.clear();
  const bool interrupted = tallies.first.games < a.games;
  // 130 after Ctrl-C, 143 after SIGTERM
  const int status = interrupted ? std::max(guard.exit_status(), 130) : 0;

  const std::string impl(to_string(a.impl.impl()));
  const std::string players(g.players());
  const Summary sa =
      stats::summarize(tallies.first, g.spec().canonical(), impl, g.format(root), players);
  std::optional<Summary> sb;
  std::vector<stats::Contrast> contrasts;
  std::vector<stats::MetricDifference> metric_differences;
  if (gb) {
    sb = stats::summarize(tallies.second, gb->spec().canonical(), impl, gb->format(*root_b),
                          std::string(gb->players()));
    contrasts = stats::contrast(sa, *sb);
    metric_differences = stats::compare_metrics(sa.metrics, sb->metrics);
  }
  const double rate = seconds > 0 ? static_cast<double>(sa.games) / seconds : 0;
  const std::string who = !o.seats.empty()              ? players::names(o.seats)
                          : a.player == Player::kRandom ? "random"
                                                        : "greedy";

  if (!a.report.empty()) {
    stats::StatsReport r{command,        a.max_plies,       who, sa, sb, contrasts, tallies.first,
                         tallies.second, metric_differences};
    write_output_file(a.report, stats::stats_report_html(r),
                      "the report '" + a.report + "' (--report)");
  }
  if (a.json) {
    nlohmann::ordered_json j;
    j["player"] = who;
    j["seed"] = a.seed;
    j["max_plies"] = a.max_plies;
    j["games_asked"] = a.games;
    j["interrupted"] = interrupted;
    j["seconds"] = seconds;
    j["a"] = summary_json(sa);
    if (sb) {
      j["b"] = summary_json(*sb);
      auto& d = j["difference"] = nlohmann::ordered_json::object();
      d["test"] = "two-proportion z (pooled), two-sided; interval: Newcombe hybrid score";
      for (const auto& c : contrasts)
        d[c.key] = {{"diff", c.d.diff},
                    {"low", c.d.ci.lo},
                    {"high", c.d.ci.hi},
                    {"z", c.d.z},
                    {"p", c.d.p}};
      auto& md = j["metric_difference"] = nlohmann::ordered_json::object();
      for (const auto& m : metric_differences) {
        if (!m.available) {
          md[m.key] = {{"available", false}};
          continue;
        }
        md[m.key] = {{"available", true}, {"diff", m.diff}, {"low", m.lo},   {"high", m.hi},
                     {"z", m.z},          {"p", m.p},       {"test", m.test}};
      }
    }
    j["version"] = version();
    io.out << json_line(j) << '\n';
    return status;
  }
  io.out << "perft stats: " << sa.games << " " << who << " games each"
         << (interrupted ? " (interrupted: the games played so far)" : "") << ", seed " << a.seed
         << ", from " << sa.position << ", in " << seconds_text(seconds) << " s, " << fixed(rate, 0)
         << " games/s\n";
  io.out << (sb ? "A = " : "");
  write_summary(sa, a.max_plies, io.out);
  write_metrics(sa, io.out);
  if (sb) {
    io.out << "B = ";
    write_summary(*sb, a.max_plies, io.out);
    write_metrics(*sb, io.out);
    io.out << "B against A (two-proportion z test, pooled, two-sided; 95% interval of the "
              "difference: Newcombe's hybrid score):\n";
    for (const auto& c : contrasts) {
      char line[200];
      std::snprintf(line, sizeof line, "  %-12s %+7.2f points [%+.2f, %+.2f], z = %+.2f  ",
                    c.key == "first" ? "first player" : c.key.c_str(), 100 * c.d.diff,
                    100 * c.d.ci.lo, 100 * c.d.ci.hi, c.d.z);
      io.out << line << stats::in_words(c, players) << '\n';
    }
    io.out << "Metrics, B against A (rates: two-proportion z test, Newcombe's interval; means "
              "and balance: z test on the standard errors, normal interval):\n";
    for (const auto& m : metric_differences) {
      char line[200];
      if (!m.available)
        std::snprintf(line, sizeof line, "  %-22s %s", m.name.c_str(), "n/a");
      else if (m.percent)
        std::snprintf(line, sizeof line, "  %-22s %+7.2f points [%+.2f, %+.2f], z = %+.2f  ",
                      m.name.c_str(), 100 * m.diff, 100 * m.lo, 100 * m.hi, m.z);
      else
        std::snprintf(line, sizeof line, "  %-22s %+7.2f [%+.2f, %+.2f], z = %+.2f  ",
                      m.name.c_str(), m.diff, m.lo, m.hi, m.z);
      io.out << line << (m.available ? stats::in_words(m) : std::string()) << '\n';
    }
  }
  return status;
}

class StatsCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("spec", spec_, "the game: emergo, eximo:drops=optional, ...")->type_name("");
    app.add_option("--games", games_, "games to play (each ruleset)")->type_name("N");
    app.add_option("--vs", vs_, "a second ruleset of the same game, compared with the first")
        ->type_name("SPEC");
    app.add_option("--player", player_, "random (uniform) or greedy (most material)")
        ->type_name("random|greedy")
        ->default_str("random");
    app.add_option("--players", players_,
                   "per seat in turn order, or one for all: random, greedy, "
                   "mcts:N[:cut=K][:decisive], alphabeta:D")
        ->type_name("P[,P...]");
    app.add_option("--seed", seed_, "the seed of the run")->type_name("N")->default_str("1");
    app.add_option("--threads", threads_, "threads (default: every core)")->type_name("N");
    app.add_option("--max-plies", max_plies_, "count a game still running here as unfinished")
        ->type_name("N")
        ->default_str(std::to_string(kDefaultMaxPlies));
    app.add_flag("--json", args_.json, "one JSON object on one line");
    app.add_option("--report", args_.report, "an HTML page with SVG plots")->type_name("FILE");
    add_root_options(app, args_.root);
    add_impl_option(app, args_.impl);
  }

  int run(Io& io) override {
    if (spec_.empty()) throw Error("perft stats needs a spec");
    if (!games_) throw Error("--games N is required");
    args_.games = stats::parse_games(*games_);
    if (seed_) args_.seed = parse_number("--seed", *seed_);
    if (max_plies_) args_.max_plies = stats::parse_max_plies(*max_plies_);
    if (player_) {
      if (*player_ == "random")
        args_.player = Player::kRandom;
      else if (*player_ == "greedy")
        args_.player = Player::kGreedy;
      else
        throw Error("--player must be random or greedy, got '" + *player_ + "'");
    }
    if (players_) {
      if (player_) throw Error("--players and --player: give one of them");
      // Each name now; the count against the game's seats once it is known.
      const auto names = 1 + std::count(players_->begin(), players_->end(), ',');
      players::parse_players(*players_, "--players", static_cast<int>(names));
      args_.players = *players_;
    }
    args_.threads = CountOptions::parse("", threads_.value_or(""));
    const Impl impl = args_.impl.impl();
    const Spec spec = Spec::parse(spec_);
    std::optional<Spec> vs;
    if (vs_) {
      vs = Spec::parse(*vs_);
      if (vs->name() != spec.name())
        throw Error("--vs " + *vs_ + " is another game than " + spec_ +
                    ": compare rulesets of one game");
    }
    if (!args_.report.empty()) {  // checked first, and no stale report left
      check_writable(args_.report);
      remove_stale(args_.report);
    }
    std::string command = "perft stats " + spec.canonical();
    if (vs) command += " --vs " + vs->canonical();
    command += " --games " + std::to_string(args_.games) + " --seed " + std::to_string(args_.seed);
    note_threads(args_.threads, io);
    return Games::with_game(spec, impl, [&](const auto& g) {
      using G = std::decay_t<decltype(g)>;
      std::optional<G> gb;
      if (vs) gb.emplace(*vs);
      return run_stats(g, gb, args_, command, io);
    });
  }

 private:
  std::string spec_;
  std::optional<std::string> games_, vs_, player_, players_, seed_, threads_, max_plies_;
  StatsArgs args_;
};

std::unique_ptr<Command> make() { return std::make_unique<StatsCommand>(); }

const Registration kRegistration{
    {45, "stats",
     "stats <spec> --games N [--vs <spec2>] [--player random|greedy] [--players P[,P...]] "
     "[--seed S] [--threads T] "
     "[--max-plies P] [--json] [--report FILE.html] [--position TEXT] [--moves \"...\"] "
     "[--impl I]",
     "played games (random, greedy, mcts, alphabeta): wins, draws, lengths, branching; two "
     "rulesets compared",
     &make}};

}  // namespace
}  // namespace arb::cli
