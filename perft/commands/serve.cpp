// perft serve <spec> [--impl engine|reference]: the engine protocol
// (docs/engine-protocol.md) on stdin and stdout, one request per line.
#include "perft/commands/serve.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/commands.h"

namespace arb::cli {
namespace {

class ServeCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("spec", spec_, "the game the server starts with: emergo, eximo, ...")
        ->type_name("");
    add_impl_option(app, args_.impl);
  }

  int run(Io& io) override {
    if (spec_.empty()) throw Error("perft serve needs a spec");
    check_impl(args_.impl);
    Spec spec = Spec::parse(spec_);
    std::string next;
    args_.in = &std::cin;
    args_.next_spec = &next;
    for (;;) {
      const int status = run_for_game<Serve>(spec, args_, io);
      if (status != Serve::kSwitchGame) return status;
      try {  // `game <spec>`: a bad spec is an `err` reply, and the game stays
        spec = Spec::parse(next);
        args_.greet = true;
      } catch (const Error& e) {
        io.out << "err " << one_line(e.what()) << '\n' << std::flush;
        args_.greet = false;
      }
    }
  }

 private:
  std::string spec_;
  Serve::Args args_;
};

}  // namespace

std::unique_ptr<Command> make_serve_command() { return std::make_unique<ServeCommand>(); }

}  // namespace arb::cli
