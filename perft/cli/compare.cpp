// perft compare <spec> --depth N [--position ...] [--moves ...] (RULES.md I3):
// engine against reference, walked together (perft/check/compare.h).
#include <CLI/CLI.hpp>

#include <memory>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/check/check.h"
#include "perft/cli/command.h"

namespace arb::cli {
namespace {

struct CompareArgs {
  int depth = 0;
  RootArgs root;
};

template <Game E, Game R>
int compare_run(const E& engine, const R& reference, const CompareArgs& a, Io& io) {
  typename R::Position rp;
  try {  // bad input is the user's (exit 2); the error names the implementation
    rp = root_of(reference, a.root);
  } catch (const Error& e) {
    throw Error(std::string("reference: ") + e.what());
  }
  typename E::Position ep;
  try {
    ep = root_of(engine, a.root);
  } catch (const Error& e) {  // the reference accepted it: the engine is wrong
    io.out << "the engine rejects what the reference accepts: " << e.what() << '\n'
           << reference.diagram(rp);
    return 1;
  }
  CompareResult r;
  const double seconds = seconds_of([&] { r = compare(engine, reference, ep, rp, a.depth); });
  if (r.first) {
    io.out << describe(*r.first) << "engine and reference differ (" << r.nodes_compared
           << " nodes compared before)\n";
    return 1;
  }
  io.out << "engine and reference agree: perft(" << a.depth << ") = " << r.leaves << ", "
         << r.nodes_compared << " nodes compared in " << seconds_text(seconds) << " s\n";
  return 0;
}

class CompareCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("spec", spec_, "the game: emergo, emergo:size=7, eximo, ...")->type_name("");
    app.add_option("--depth", depth_, "perft depth: complete turns (RULES.md P1)")->type_name("N");
    add_root_options(app, args_.root);
  }

  int run(Io& io) override {
    if (spec_.empty()) throw Error("perft compare needs a spec");
    if (depth_.empty()) throw Error("--depth N is required");
    args_.depth = parse_depth(depth_);
    return Games::with_pair(Spec::parse(spec_), [&](const auto& engine, const auto& reference) {
      return compare_run(engine, reference, args_, io);
    });
  }

 private:
  std::string spec_, depth_;
  CompareArgs args_;
};

std::unique_ptr<Command> make() { return std::make_unique<CompareCommand>(); }

const Registration kRegistration{
    {10, "compare", "compare <spec> --depth N [--position TEXT] [--moves \"m1 m2 ...\"]",
     "engine against reference: equal (exit 0) or the first difference (exit 1, I3)", &make}};

}  // namespace
}  // namespace arb::cli
