// perft show <spec> [--position ...] [--moves ...] [--impl ...]: a position for people.
#include <CLI/CLI.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/count/count.h"

namespace arb::cli {
namespace {

// Above this many legal moves, show gives their number only: a list of 10^9
// move texts (ecalper:size=8,players=3) does not fit in memory.
inline constexpr std::uint64_t kShowListLimit = 10000;

struct ShowArgs {
  RootArgs root;
  ImplArg impl;
  bool list_moves = false;  // --list-moves: list them however many there are
};

// With --moves it is a played game, so rules on the history apply too
// (Emergo E12: a third repetition is a draw); perft never uses them (P3).
template <Game G>
int show(const G& g, const ShowArgs& a, Io& io) {
  const auto history = play_line(g, position_from(g, a.root.position), split_moves(a.root.moves));
  const auto& pos = history.back();
  const Outcome outcome = played_outcome(g, std::span<const typename G::Position>(history));
  // A game that has ended by its history has no moves to list, though its
  // position alone would have some.
  const bool by_history = outcome.finished && !g.outcome(pos).finished;
  const std::uint64_t count = by_history ? 0 : g.count_moves(pos);
  if (a.list_moves && !by_history) check_moves_fit(g, pos);  // before any output
  const std::string players(g.players());
  auto& out = io.out;
  out << "game:     " << g.spec().canonical() << " (" << to_string(a.impl.impl()) << ")\n"
      << "position: " << g.format(pos) << '\n'
      << "to move:  " << players[static_cast<std::size_t>(g.to_move(pos))] << '\n'
      << "outcome:  " << to_string(outcome, players)
      << (by_history ? " (by repetition of the played line)" : "") << '\n'
      << g.diagram(pos) << "legal moves (" << count << "):";
  if (count > kShowListLimit && !a.list_moves) {
    out << " not listed (more than " << kShowListLimit << "; --list-moves lists them)\n";
    return 0;
  }
  for (const auto& m : by_history ? std::vector<std::string>{} : sorted_move_texts(g, pos))
    out << ' ' << m;
  out << '\n';
  return 0;
}

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
    const Impl impl = args_.impl.impl();
    return Games::with_game(Spec::parse(spec_), impl,
                            [&](const auto& g) { return show(g, args_, io); });
  }

 private:
  std::string spec_;
  ShowArgs args_;
};

std::unique_ptr<Command> make() { return std::make_unique<ShowCommand>(); }

const Registration kRegistration{
    {30, "show", "show <spec> [--position TEXT] [--moves \"m1 m2 ...\"] [--impl I] [--list-moves]",
     "a position: its text, a diagram, the side to move, the outcome, the legal moves", &make}};

}  // namespace
}  // namespace arb::cli
