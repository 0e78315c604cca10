// perft <spec> --depth N [--divide] [--json] [--results] ... (RULES.md I1, I2)
#include "perft/commands/count.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <ostream>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/commands.h"
#include "perft/json.h"

namespace arb::cli {

namespace {

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

}  // namespace

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
    out << json_line(j) << '\n';
    return;
  }
  for (const auto& e : r.entries) out << e.move << ' ' << to_string(e.nodes) << '\n';
  if (r.results) out << "results " << results_line(*r.results) << '\n';
  out << "total " << to_string(r.nodes) << " nodes in " << seconds_text(r.seconds) << " s, "
      << rate_text(r.nodes, r.seconds, no_rate) << '\n';
}

namespace {

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
    check_impl(args_.impl);
    check_hash_options(hash_, args_.hash);
    return run_for_game<Count>(Spec::parse(spec_), args_, io);
  }

 private:
  std::string spec_, depth_;
  Count::Args args_;
  HashOptionText hash_;
};

}  // namespace

std::unique_ptr<Command> make_count_command() { return std::make_unique<CountCommand>(); }

}  // namespace arb::cli
