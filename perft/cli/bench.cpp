// perft bench <spec> --engine 'CMD ...' [--suite FILE]... [--max-nodes N] [--repeat R]
// [--github-benchmark FILE] [--bmf FILE] [--json]: an outside engine's speed
// for CI trackers. Times the engine's `perft <d>` over the engine protocol
// (docs/engine-protocol.md) at fixed positions: the start, and every line of
// the midgame fixtures (fixtures/<game>_midgame.perft when run from a
// checkout, or the --suite files; with neither, an error rather than the start
// alone), each at the deepest depth within --max-nodes. A run shorter than
// kMinBatchSeconds is timed in batches of the same request. Every answer is
// checked against our count first: the speed of a wrong engine means nothing.
// Writes what CI trackers read: github-action-benchmark `customBiggerIsBetter`
// JSON and Bencher Metric Format (BMF) JSON, nodes/s.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/count/count.h"
#include "perft/engines/engines.h"
#include "perft/files/files.h"
#include "perft/text/json.h"
#include "perft/text/numbers.h"
#include "perft/text/text.h"

namespace arb::cli {
namespace {

// A run shorter than this times the pipe and the clock as much as the engine
// (the spread of three such runs exceeds their value): the same request is
// then asked in a batch, of doubling size, until the batch lasts this long.
constexpr double kMinBatchSeconds = 0.1;
// The most requests in a batch: the cap on a position's time when every
// request is near instant (then there is no rate).
constexpr int kMaxBatch = 1 << 16;

struct BenchPoint {
  std::string name;  // "emergo start D4", "emergo mid-3 D3"
  std::string position, moves;
  int depth = 0;
  arb::Count nodes = 0;
  int batch = 1;                // requests per repetition
  std::vector<double> seconds;  // one per repetition: its batch's time / batch
  double median() const {
    auto s = seconds;
    std::sort(s.begin(), s.end());
    return s[s.size() / 2];
  }
  double nps(double secs) const { return secs > 0 ? static_cast<double>(nodes) / secs : 0; }
  // A batch below kMinRateSeconds even at kMaxBatch times the pipe more than
  // the engine: no rate is printed or exported for it (no_rate_reason).
  bool timed() const { return no_rate_reason(median() * batch, false).empty(); }
  // "of 3" or "of 3 batches of 512 runs".
  std::string runs() const {
    return std::to_string(seconds.size()) +
           (batch > 1 ? " batches of " + std::to_string(batch) + " runs" : "");
  }
};

// A run's time to the microsecond: a batched run lasts well under 0.001 s.
std::string run_seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f", s);
  return buf;
}

struct BenchArgs {
  EngineOptions engine;
  std::vector<std::string> suites;
  std::uint64_t max_nodes = 1000000;
  int repeat = 3;
};

// The positions and depths, with our counts (the engine's answers are held
// against them).
template <Game G>
std::vector<BenchPoint> bench_points(const G& g, const BenchArgs& a) {
  std::vector<BenchPoint> out;
  const std::string game = g.spec().canonical();
  {
    BenchPoint p;
    p.position = "start";
    const auto pos = g.start();
    for (int d = 1; d <= kMaxDepth; ++d) {  // the deepest perft within the budget
      const arb::Count n = perft(g, pos, d);
      if (n > a.max_nodes || (n == p.nodes && d > 1)) break;
      p.depth = d;
      p.nodes = n;
    }
    if (p.depth > 0) {
      p.name = game + " start D" + std::to_string(p.depth);
      out.push_back(p);
    }
  }
  for (const auto& path : a.suites) {
    const FixtureFile file = read_fixture_file(path);
    if (!file.errors.empty())
      throw Error("'" + path + "' line " + std::to_string(file.errors.front().line) + ": " +
                  file.errors.front().message);
    for (const auto& c : file.cases) {
      if (Spec::parse(c.spec).canonical() != game) continue;
      const int d = deepest_test(c, a.max_nodes);
      if (d == 0) continue;
      BenchPoint p;
      p.position = c.position;
      p.moves = c.moves;
      p.depth = d;
      p.nodes = perft(g, fixture_root(g, c), d);  // ours, not the file's word
      p.name = game + " " + c.id + " D" + std::to_string(d);
      out.push_back(p);
    }
  }
  return out;
}

nlohmann::ordered_json github_benchmark(const std::vector<BenchPoint>& points,
                                        const std::string& engine) {
  auto j = nlohmann::ordered_json::array();
  for (const auto& p : points) {
    if (!p.timed()) continue;
    auto s = p.seconds;
    std::sort(s.begin(), s.end());
    j.push_back(
        {{"name", p.name},
         {"unit", "nodes/s"},
         {"value", std::llround(p.nps(p.median()))},
         {"range", "+-" + std::to_string(std::llround((p.nps(s.front()) - p.nps(s.back())) / 2))},
         {"extra", "perft " + std::to_string(p.depth) + " = " + to_string(p.nodes) +
                       " nodes, median of " +
                       (p.batch > 1 ? p.runs() : std::to_string(s.size()) + " runs") +
                       ", engine '" + engine + "'"}});
  }
  return j;
}

// Bencher Metric Format: benchmark -> measure -> value (and the spread).
nlohmann::ordered_json bmf(const std::vector<BenchPoint>& points) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const auto& p : points) {
    if (!p.timed()) continue;
    auto s = p.seconds;
    std::sort(s.begin(), s.end());
    j[p.name]["throughput"] = {{"value", p.nps(p.median())},
                               {"lower_value", p.nps(s.back())},
                               {"upper_value", p.nps(s.front())}};
  }
  return j;
}

class BenchCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("spec", spec_, "the game: emergo, eximo:drops=optional, ...")->type_name("");
    app.add_option("--engine", args_.engine.command,
                   "the engine's command line, run by /bin/sh (docs/engine-protocol.md)")
        ->type_name("'CMD ...'");
    app.add_option("--suite", args_.suites,
                   "positions of a fixture file (default fixtures/<game>_midgame.perft, from a "
                   "checkout)")
        ->type_name("FILE");
    app.add_option("--max-nodes", max_nodes_, "each position's deepest perft within N (1000000)")
        ->type_name("N");
    app.add_option("--repeat", repeat_,
                   "runs per position, each a batch of requests lasting 0.1 s or more; the "
                   "median counts (default 3)")
        ->type_name("R");
    app.add_option("--timeout", timeout_, kTimeoutHelp)->type_name("S");
    app.add_option("--github-benchmark", github_,
                   "github-action-benchmark customBiggerIsBetter JSON")
        ->type_name("FILE");
    app.add_option("--bmf", bmf_, "Bencher Metric Format JSON")->type_name("FILE");
    app.add_flag("--json", json_, "one JSON object on one line");
  }

  int run(Io& io) override {
    if (spec_.empty()) throw Error("perft bench needs a spec");
    if (args_.engine.command.empty()) throw Error("perft bench needs --engine 'CMD ...'");
    if (!max_nodes_.empty()) args_.max_nodes = parse_number("--max-nodes", max_nodes_);
    if (!repeat_.empty()) {
      const auto r = parse_number("--repeat", repeat_);
      if (r == 0 || r > 1000) throw Error("--repeat must be 1 to 1000");
      args_.repeat = static_cast<int>(r);
    }
    if (!timeout_.empty()) {
      const auto t = parse_number("--timeout", timeout_);
      if (t == 0 || t > 86400) throw Error("--timeout must be 1 to 86400 seconds");
      args_.engine.timeout = static_cast<double>(t);
    }
    const Spec spec = Spec::parse(spec_);
    // Checked before the engine runs, and an earlier run's results removed:
    // a run that fails (a wrong count) leaves none to be read as this one's.
    for (const auto& f : {github_, bmf_})
      if (!f.empty()) {
        check_output_path(f, "'" + f + "'");
        remove_stale(f);
      }
    // Outside a checkout the start alone is no benchmark (a few milliseconds):
    // the positions are named, or found where a checkout has them.
    if (args_.suites.empty()) {
      const std::string mid = "fixtures/" + std::string(spec.name()) + "_midgame.perft";
      if (!std::filesystem::is_regular_file(mid))
        throw Error("no " + mid +
                    " here: give the positions with --suite FILE, or run from an arbiter "
                    "checkout");
      args_.suites.push_back(mid);
    }
    return Games::with_game(spec, Impl::kEngine, [&](const auto& g) { return bench(g, io); });
  }

 private:
  template <Game G>
  int bench(const G& g, Io& io) {
    auto points = bench_points(g, args_);
    if (points.empty()) throw Error("no position to time within --max-nodes");
    ProgressLine progress(io.err, io.progress && !json_);
    EngineOptions options = args_.engine;
    if (progress.enabled()) options.waiting = [&](const std::string& l) { progress.show(l); };
    EngineClient client(options);
    client.game(g.spec().canonical(), g.format(g.start()));
    for (auto& p : points) {
      client.position(p.position, split_moves(p.moves));
      // n requests of the same perft, timed together; every answer checked.
      const auto batch = [&](int n, int r) {
        progress.show("bench: " + p.name + ", run " + std::to_string(r + 1) +
                      (n > 1 ? " (" + std::to_string(n) + " requests)" : ""));
        return seconds_of([&] {
          for (int i = 0; i < n; ++i)
            if (const arb::Count got = client.perft(p.depth, {0, p.nodes}); got != p.nodes)
              throw Error("the engine's perft " + std::to_string(p.depth) + " at " + p.name +
                          " is " + to_string(got) + ", ours " + to_string(p.nodes) +
                          ": its speed means nothing until perft verify agrees");
        });
      };
      // The batch size: grown (at least doubled, by the estimate of what
      // lasts kMinBatchSeconds) until a batch is long enough to time.
      double t = batch(1, 0);
      while (t < kMinBatchSeconds && p.batch < kMaxBatch) {
        const double want = t > 0 ? 1.2 * kMinBatchSeconds / t * p.batch : 2.0 * p.batch;
        p.batch = static_cast<int>(std::min<double>(kMaxBatch, std::max(2.0 * p.batch, want)));
        t = batch(p.batch, 0);
      }
      p.seconds.push_back(t / p.batch);
      for (int r = 1; r < args_.repeat; ++r) p.seconds.push_back(batch(p.batch, r) / p.batch);
      progress.clear();
      if (!json_) {
        io.out << p.name << ": " << CountText{p.nodes} << " nodes, median "
               << run_seconds_text(p.median()) << " s of " << p.runs() << ", ";
        if (p.timed())
          io.out << std::llround(p.nps(p.median())) << " nodes/s";
        else
          io.out << "no nodes/s: " << no_rate_reason(p.median() * p.batch, false)
                 << ", not exported";
        io.out << '\n' << std::flush;
      }
    }
    const auto gh = github_benchmark(points, args_.engine.command);
    if (!github_.empty()) write_output_file(github_, gh.dump(1) + "\n", "'" + github_ + "'");
    if (!bmf_.empty()) write_output_file(bmf_, bmf(points).dump(1) + "\n", "'" + bmf_ + "'");
    if (json_) {
      nlohmann::ordered_json j;
      j["game"] = g.spec().canonical();
      j["engine"] = args_.engine.command;
      j["benchmarks"] = gh;
      auto untimed = nlohmann::ordered_json::array();
      for (const auto& p : points)
        if (!p.timed()) untimed.push_back(p.name);
      if (!untimed.empty()) j["too_short_to_time"] = untimed;  // absent from the exports
      j["version"] = version();
      io.out << json_line(j) << '\n';
    }
    return 0;
  }

  std::string spec_, max_nodes_, repeat_, timeout_, github_, bmf_;
  bool json_ = false;
  BenchArgs args_;
};

std::unique_ptr<Command> make() { return std::make_unique<BenchCommand>(); }

const Registration kRegistration{
    {65, "bench",
     "bench <spec> --engine 'CMD ...' [--suite FILE]... [--max-nodes N] [--repeat R] "
     "[--timeout S] [--github-benchmark FILE] [--bmf FILE] [--json]",
     "an outside engine's perft speed at fixed positions, for CI trackers", &make}};

}  // namespace
}  // namespace arb::cli
