// perft show <spec> [--position ...] [--moves ...] [--impl ...]: a position for people.
#include "perft/commands/show.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/commands.h"

namespace arb::cli {
namespace {

class ShowCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("spec", spec_, "the game: emergo, emergo:size=7, eximo, ...")->type_name("");
    add_root_options(app, args_.root);
    add_impl_option(app, args_.impl);
    app.add_flag("--list-moves", args_.list_moves,
                 "list the legal moves even when there are more than 10000");
  }

  int run(Io& io) override {
    if (spec_.empty()) throw Error("perft show needs a spec");
    check_impl(args_.impl);
    return run_for_game<Show>(Spec::parse(spec_), args_, io);
  }

 private:
  std::string spec_;
  Show::Args args_;
};

}  // namespace

std::unique_ptr<Command> make_show_command() { return std::make_unique<ShowCommand>(); }

}  // namespace arb::cli
