// perft compare <spec> --depth N [--position ...] [--moves ...] (RULES.md I3)
#include "perft/commands/compare.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/commands.h"

namespace arb::cli {
namespace {

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
    return run_for_game<Compare>(Spec::parse(spec_), args_, io);
  }

 private:
  std::string spec_, depth_;
  Compare::Args args_;
};

}  // namespace

std::unique_ptr<Command> make_compare_command() { return std::make_unique<CompareCommand>(); }

}  // namespace arb::cli
