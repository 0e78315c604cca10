// perft serve <spec> [--impl engine|reference]: the engine protocol
// (docs/engine-protocol.md) on stdin and stdout, one request per line.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/engines/engines.h"

namespace arb::cli {
namespace {

class ServeCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("spec", spec_, "the game the server starts with: emergo, eximo, ...")
        ->type_name("");
    add_impl_option(app, impl_);
  }

  int run(Io& io) override {
    if (spec_.empty()) throw Error("perft serve needs a spec");
    const Impl impl = impl_.impl();
    Spec spec = Spec::parse(spec_);
    std::string next;
    args_.in = &std::cin;
    args_.next_spec = &next;
    for (;;) {
      const int status = Games::with_game(
          spec, impl, [&](const auto& g) { return Serve::serve(g, args_, io.out); });
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
  ImplArg impl_;
  Serve::Args args_;
};

std::unique_ptr<Command> make() { return std::make_unique<ServeCommand>(); }

const Registration kRegistration{
    {50, "serve", "serve <spec> [--impl I]",
     "speak the engine protocol on stdin/stdout (docs/engine-protocol.md)", &make}};

}  // namespace
}  // namespace arb::cli
