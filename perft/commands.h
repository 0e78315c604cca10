// The game-generic part of every command, instantiated once per game: the
// build generates one translation unit per game of ARB_GAMES
// (commands_<game>.cpp, cmake/games.cmake) holding make_game_entries<Pair>(),
// and a table that finds them by the spec's name. A command's .cpp reaches
// its game's instance through run_for_game<C>.
#pragma once

#include <string_view>
#include <tuple>

#include "common/error.h"
#include "common/spec.h"
#include "perft/commands/compare.h"
#include "perft/commands/count.h"
#include "perft/commands/play.h"
#include "perft/commands/serve.h"
#include "perft/commands/show.h"
#include "perft/commands/split.h"
#include "perft/commands/suite.h"
#include "perft/commands/verify.h"
#include "perft/registry.h"

namespace arb::cli {

// C::run(engine, reference, args, io) for one game.
template <class C>
using EntryFn = int (*)(const Spec&, const typename C::Args&, Io&);

template <class... Cs>
struct EntryTable {
  std::tuple<EntryFn<Cs>...> entries;
  template <class C>
  EntryFn<C> get() const {
    return std::get<EntryFn<C>>(entries);
  }
};

// Every command with a game-generic part: one line each.
using GameEntries =
    EntryTable<Count, Compare, SuiteCase, Show, Play, Serve, Verify, Split, UnitsShard>;

template <class C, class Pair>
int game_entry(const Spec& spec, const typename C::Args& args, Io& io) {
  return C::run(typename Pair::Engine(spec), typename Pair::Reference(spec), args, io);
}

template <class Pair, class... Cs>
EntryTable<Cs...> make_entries(const EntryTable<Cs...>*) {
  return {{&game_entry<Cs, Pair>...}};
}

template <class Pair>
GameEntries make_game_entries() {
  return make_entries<Pair>(static_cast<const GameEntries*>(nullptr));
}

// The entries of a registered game, or nullptr (generated: commands_table.cpp).
const GameEntries* find_game_entries(std::string_view name);

template <class C>
int run_for_game(const Spec& spec, const typename C::Args& args, Io& io) {
  const GameEntries* entries = find_game_entries(spec.name());
  if (!entries) throw Error("unknown game '" + spec.name() + "'");  // Spec::parse rejects these
  return entries->template get<C>()(spec, args, io);
}

}  // namespace arb::cli
