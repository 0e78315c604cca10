// perft <spec> --depth N [--divide] [--json] [--results] ... (RULES.md I1, I2)
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/count/count.h"
#include "perft/text/json.h"

namespace arb::cli {
namespace {

// What a count found, written as text or JSON by write_count.
struct CountReport {
  std::string game, impl, position;
  int depth = 0;
  arb::Count nodes = 0;
  double seconds = 0;
  bool by_arithmetic = false;  // the game's count_subtree made the count: no rate
  bool divide = false;
  std::vector<DivideEntry> entries;
  std::optional<ResultCounts> results;
};
struct CountArgs {
  int depth = 0;
  RootArgs root;
  ImplArg impl;
  bool divide = false, json = false, results = false;
  CountOptions hash;
};

std::string results_line(const ResultCounts& r) {
  std::string out;
  for (const auto& [key, n] : r.by_outcome)
    out += (out.empty() ? "" : " ") + key + "=" + to_string(n);
  return out;
}

// The seconds as before the JSON library: six significant digits.
double six_digits(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", s);
  return std::strtod(buf, nullptr);
}

void write_count(const CountReport& r, bool json, std::ostream& out) {
  const std::string no_rate = no_rate_reason(r.seconds, r.by_arithmetic);
  if (json) {  // I2: these keys in this order, on one line
    nlohmann::ordered_json j;
    j["game"] = r.game;
    j["impl"] = r.impl;
    j["position"] = r.position;
    j["depth"] = r.depth;
    j["nodes"] = json_count(r.nodes);
    j["seconds"] = six_digits(r.seconds);
    // null where no rate means anything (no_rate_reason), the key kept (I2)
    j["nps"] = no_rate.empty() ? json_count(nodes_per_second(r.nodes, r.seconds)) : nullptr;
    if (r.divide) {
      auto& d = j["divide"] = nlohmann::ordered_json::object();
      for (const auto& e : r.entries) d[e.move] = json_count(e.nodes);
    }
    if (r.results) {
      auto& d = j["results"] = nlohmann::ordered_json::object();
      for (const auto& [key, n] : r.results->by_outcome) d[key] = json_count(n);
    }
    j["version"] = version();  // last: the keys of I2 keep their order
    out << json_line(j) << '\n';
    return;
  }
  for (const auto& e : r.entries) out << e.move << ' ' << to_string(e.nodes) << '\n';
  if (r.results) out << "results " << results_line(*r.results) << '\n';
  out << "total " << to_string(r.nodes) << " nodes in " << seconds_text(r.seconds) << " s, "
      << rate_text(r.nodes, r.seconds, no_rate) << '\n';
}

template <Game G>
int count_command(const G& g, const CountArgs& a, Io& io) {
  const auto root = root_of(g, a.root);
  CountReport r;
  r.game = g.spec().canonical();
  r.impl = std::string(to_string(a.impl.impl()));
  r.position = g.format(root);
  r.depth = a.depth;
  r.divide = a.divide;
  // count_subtree answers perft(2) and deeper (perft.h); a game with it counts
  // a position's moves by arithmetic too (Ecalper: binomials), so with
  // --divide the perft(1) below each move is no walk either.
  r.by_arithmetic = HasCountSubtree<G> && a.depth >= 2;
  note_threads(a.hash, io);
  ProgressLine line(io.err, io.progress && !a.json);
  const auto progress = count_progress(line, a.depth);
  r.seconds = seconds_of([&] {
    // Timed: the default policy's estimate of the tree is part of the count.
    if (a.divide) {
      r.entries = divide(g, root, a.depth, a.hash, progress);
      for (const auto& e : r.entries) r.nodes = checked_add(r.nodes, e.nodes);
      if (a.depth == 0) r.nodes = 1;  // P3: perft(0) = 1, with no move to divide by
    } else {
      // The root's moves are listed, unless the game counts without a walk.
      if (a.depth >= 2 && !HasCountSubtree<G>) check_moves_fit(g, root);
      r.nodes = count(g, root, a.depth, a.hash, progress);
    }
  });
  line.clear();
  if (a.results) {
    r.results.emplace();
    count_results(g, root, a.depth, *r.results);
  }
  write_count(r, a.json, io.out);
  return 0;
}

class CountCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("spec", spec_, "the game: emergo, emergo:size=7, eximo, ...")->type_name("");
    app.add_option("--depth", depth_, "perft depth: complete turns (RULES.md P1)")->type_name("N");
    add_root_options(app, args_.root);
    add_impl_option(app, args_.impl);
    app.add_flag("--divide", args_.divide, "the count below each legal move, sorted by move text");
    app.add_flag("--json", args_.json, "one JSON object on one line (RULES.md I2)");
    app.add_flag("--results", args_.results,
                 "also split the leaves by outcome (w, b, draw, draw:b+w, ongoing)");
    add_hash_options(app, hash_);
  }

  int run(Io& io) override {
    if (spec_.empty()) throw Error("no spec given (see perft --help)");
    if (depth_.empty()) throw Error("--depth N is required");
    args_.depth = parse_depth(depth_);
    const Impl impl = args_.impl.impl();
    args_.hash = hash_.options();
    return Games::with_game(Spec::parse(spec_), impl,
                            [&](const auto& g) { return count_command(g, args_, io); });
  }

 private:
  std::string spec_, depth_;
  CountArgs args_;
  CountOptionText hash_;
};

std::unique_ptr<Command> make() { return std::make_unique<CountCommand>(); }

const Registration kRegistration{
    {0, "",
     "<spec> --depth N [--position TEXT] [--moves \"m1 m2 ...\"] [--impl I] [--divide] [--json] "
     "[--results] [--hash MB] [--threads N]",
     "count perft(N): move sequences of N complete turns (RULES.md I1, I2)", &make}};

}  // namespace
}  // namespace arb::cli
