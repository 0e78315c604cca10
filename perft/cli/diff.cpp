// perft diff <specA> <specB> --depth N ...: what a rule change does. Both
// rulesets of one game walked together breadth-first (perft/check/diff.h): the
// shortest line to the first position where their moves or outcomes differ,
// and a table per depth. Exit 0 when they agree to that depth, 1 when not.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <ostream>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/check/check.h"
#include "perft/cli/command.h"
#include "perft/text/json.h"

namespace arb::cli {
namespace {

struct DiffArgs {
  Spec a, b;
  Impl impl_a = Impl::kEngine, impl_b = Impl::kEngine;
  int depth = 0;
  RootArgs root;
  bool json = false;
  std::string report;
};

std::string side_name(const Spec& spec, Impl impl) {
  return spec.canonical() +
         (impl == Impl::kEngine ? "" : " (" + std::string(to_string(impl)) + ")");
}

std::string padded(std::string text, std::size_t width) {
  if (text.size() < width) text.insert(0, width - text.size(), ' ');
  return text;
}

void write_text(const DiffArgs& args, const std::string& position, const DiffResult& r,
                const std::string& a, const std::string& b, std::ostream& out) {
  out << "perft diff " << a << " against " << b << " from " << position << '\n';
  std::size_t w = 10;
  for (const auto& row : r.depths)
    w = std::max({w, to_string(row.perft_a).size() + 2, to_string(row.perft_b).size() + 2});
  out << "depth" << padded("perft A", w) << padded("perft B", w) << padded("positions", 12)
      << padded("differing", 12) << '\n';
  for (const auto& row : r.depths)
    out << padded(std::to_string(row.depth), 5) << padded(to_string(row.perft_a), w)
        << padded(to_string(row.perft_b), w) << padded(std::to_string(row.positions), 12)
        << padded(std::to_string(row.differing), 12) << '\n';
  if (!r.first) {
    out << "A = " << a << " and B = " << b << " agree to depth " << args.depth << '\n';
    return;
  }
  const std::size_t n = r.first->path.size();
  out << "first difference, " << n << (n == 1 ? " move" : " moves") << " from the root:\n"
      << describe(*r.first) << "A = " << a << " and B = " << b << " differ\n";
}

void write_json(const DiffArgs& args, const std::string& position, const DiffResult& r,
                const std::string& a, const std::string& b, std::ostream& out) {
  nlohmann::ordered_json j;
  j["game"] = args.a.name();
  j["a"] = a;
  j["b"] = b;
  j["position"] = position;
  j["depth"] = args.depth;
  j["result"] = r.first ? "differ" : "agree";
  j["depths"] = nlohmann::ordered_json::array();
  for (const auto& row : r.depths) {
    nlohmann::ordered_json d;
    d["depth"] = row.depth;
    d["perft_a"] = json_count(row.perft_a);
    d["perft_b"] = json_count(row.perft_b);
    d["positions"] = row.positions;
    d["differing"] = row.differing;
    j["depths"].push_back(d);
  }
  if (r.first) {
    nlohmann::ordered_json f;
    f["path"] = r.first->path;
    f["position_a"] = r.first->a_position;
    f["position_b"] = r.first->b_position;
    f["only_a"] = r.first->only_a;
    f["only_b"] = r.first->only_b;
    f["problems"] = r.first->problems;
    j["first"] = f;
  }
  out << json_line(j) << '\n';
}

template <Game A, Game B>
int run_diff(const A& a, const B& b, const DiffArgs& args, const BoardLayout& board, Io& io) {
  const auto ra = root_of(a, args.root);
  const auto rb = root_of(b, args.root);
  const std::string an = side_name(args.a, args.impl_a), bn = side_name(args.b, args.impl_b);
  const DiffResult r = diff(a, b, ra, rb, args.depth, an, bn);
  const std::string position = a.format(ra);
  if (!args.report.empty()) {
    DiffReport report{args.a.name(), an, bn, position, args.depth, board, {}, r.first};
    for (const auto& row : r.depths)
      report.rows.push_back({row.depth, row.perft_a, row.perft_b, row.positions, row.differing});
    write_diff_report(report, args.report);
  }
  if (args.json)
    write_json(args, position, r, an, bn, io.out);
  else
    write_text(args, position, r, an, bn, io.out);
  return r.first ? 1 : 0;
}

class DiffCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("specs", specs_, "two specs of one game: emergo emergo:capture=any")
        ->type_name("<specA> <specB>");
    app.add_option("--depth", depth_, "walk N complete turns deep")->type_name("N");
    add_root_options(app, args_.root);
    app.add_option("--impl", impl_a_.text, "implementation of A: engine or reference")
        ->type_name("I")
        ->default_str("engine");
    app.add_option("--impl-b", impl_b_.text, "implementation of B (default: as A)")->type_name("I");
    app.add_flag("--json", args_.json, "one JSON object on one line");
    app.add_option("--report", args_.report, "also write the result as an HTML page with boards")
        ->type_name("FILE.html");
    app_ = &app;
  }

  int run(Io& io) override {
    if (specs_.size() != 2) throw Error("perft diff needs two specs of one game (A and B)");
    if (depth_.empty()) throw Error("--depth N is required");
    args_.depth = parse_depth(depth_);
    args_.impl_a = impl_a_.impl();
    args_.impl_b = given(*app_, "--impl-b") ? impl_b_.impl() : args_.impl_a;
    args_.a = Spec::parse(specs_[0]);
    args_.b = Spec::parse(specs_[1]);
    if (args_.a.name() != args_.b.name())
      throw Error("perft diff compares two rulesets of one game, not " + args_.a.name() + " and " +
                  args_.b.name());
    if (!args_.report.empty()) {  // checked first, and no stale verdict left
      check_writable(args_.report);
      remove_stale(args_.report);
    }
    return Games::dispatch(args_.a, [&]<class Pair>() {
      using E = typename Pair::Engine;
      using R = typename Pair::Reference;
      const BoardLayout board = board_layout_of(R(args_.a));
      const auto with_b = [&](const auto& a) {
        return args_.impl_b == Impl::kEngine ? run_diff(a, E(args_.b), args_, board, io)
                                             : run_diff(a, R(args_.b), args_, board, io);
      };
      return args_.impl_a == Impl::kEngine ? with_b(E(args_.a)) : with_b(R(args_.a));
    });
  }

 private:
  std::vector<std::string> specs_;
  std::string depth_;
  ImplArg impl_a_, impl_b_;
  DiffArgs args_;
  CLI::App* app_ = nullptr;
};

std::unique_ptr<Command> make() { return std::make_unique<DiffCommand>(); }

const Registration kRegistration{
    {15, "diff",
     "diff <specA> <specB> --depth N [--position TEXT] [--moves \"m1 m2 ...\"] [--impl I] "
     "[--impl-b I] [--json] [--report FILE.html]",
     "two rulesets of one game: equal (exit 0) or the shortest line to a difference (exit 1)",
     &make}};

}  // namespace
}  // namespace arb::cli
