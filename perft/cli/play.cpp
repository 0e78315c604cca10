// perft play <spec> [--seed N] [--plies N] ...: a seeded random game, ply by ply
// (perft/files/playthrough.h): the text of the golden files in fixtures/playthroughs/.
#include <CLI/CLI.hpp>

#include <cstdint>
#include <memory>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/files/files.h"

namespace arb::cli {
namespace {

struct PlayArgs {
  RootArgs root;
  ImplArg impl;
  std::uint64_t seed = 1;
  int plies = 200;
};

constexpr std::uint64_t kMaxPlies = 1000000;

class PlayCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("spec", spec_, "the game: emergo, emergo:size=7, eximo, ...")->type_name("");
    seed_option_ = app.add_option("--seed", seed_, "the seed of the random game")
                       ->type_name("N")
                       ->default_str("1");
    plies_option_ =
        app.add_option("--plies", plies_, "stop after N plies")->type_name("N")->default_str("200");
    add_root_options(app, args_.root);
    add_impl_option(app, args_.impl);
  }

  int run(Io& io) override {
    if (spec_.empty()) throw Error("perft play needs a spec");
    // Given, even as an empty word, a value must be a number.
    if (seed_option_->count() > 0) args_.seed = parse_number("--seed", seed_);
    if (plies_option_->count() > 0) {
      const std::uint64_t n = parse_number("--plies", plies_);
      if (n > kMaxPlies)
        throw Error("--plies " + std::to_string(n) + " is too many (at most " +
                    std::to_string(kMaxPlies) + ")");
      args_.plies = static_cast<int>(n);
    }
    const Impl impl = args_.impl.impl();
    return Games::with_game(Spec::parse(spec_), impl, [&](const auto& g) {
      write_playthrough(g, root_of(g, args_.root), args_.seed, args_.plies, io.out);
      return 0;
    });
  }

 private:
  std::string spec_, seed_, plies_;
  CLI::Option* seed_option_ = nullptr;
  CLI::Option* plies_option_ = nullptr;
  PlayArgs args_;
};

std::unique_ptr<Command> make() { return std::make_unique<PlayCommand>(); }

const Registration kRegistration{
    {40, "play",
     "play <spec> [--seed N] [--plies N] [--position TEXT] [--moves \"m1 m2 ...\"] [--impl I]",
     "a seeded random game, ply by ply (fixtures/playthroughs)", &make}};

}  // namespace
}  // namespace arb::cli
