// The game registry: the games of a build as a type list of (engine,
// reference) pairs, and the one run-time dispatcher from a spec to them. The
// list itself is generated from one CMake list (ARB_GAMES in CMakeLists.txt,
// cmake/games.cmake) as `arb::Games` in "arb/games.h"; tests add the toy game
// (arb::TestGames, "arb/test_games.h"). Templates (properties, benchmarks,
// fuzz targets, compare tests) walk the list with for_each; run-time code (the
// perft tool's commands) reaches a spec's game with with_game or with_pair.
#pragma once

#include <array>
#include <string_view>
#include <utility>

#include "common/error.h"
#include "common/game.h"
#include "common/impl.h"
#include "common/spec.h"

namespace arb {

// One game: its two implementations, which share the name. The option table
// lives beside the game, in the reference (the transcription of the rules).
template <Game E, Game R>
struct GamePair {
  static_assert(E::kName == R::kName, "engine and reference of one game share its name");
  using Engine = E;
  using Reference = R;
  static constexpr std::string_view kName = R::kName;
  static constexpr std::string_view kSpecOptions = R::kSpecOptions;
};

template <class... Pairs>
struct GameList {
  static constexpr std::size_t kSize = sizeof...(Pairs);
  // The spec table of these games (common/spec.h): the only one. The build's
  // registered_game_options() returns Games::kOptions.
  static constexpr std::array<GameOptions, kSize> kOptions{
      GameOptions{Pairs::kName, Pairs::kSpecOptions}...};

  // Spec::parse against these games.
  static Spec parse_spec(std::string_view text) { return Spec::parse(text, kOptions); }

  // f.template operator()<Pair>() for every pair, in list order.
  template <class F>
  static void for_each(F&& f) {
    (f.template operator()<Pairs>(), ...);
  }

  // The dispatcher: f.template operator()<Pair>() for the spec's game. f must
  // return the same type for every game.
  template <class F>
  static decltype(auto) dispatch(const Spec& spec, F&& f) {
    return dispatch_from<F, Pairs...>(spec, f);
  }

  // f(engine, reference) with the two implementations of the spec's game.
  template <class F>
  static decltype(auto) with_pair(const Spec& spec, F&& f) {
    return dispatch(spec, [&]<class Pair>() -> decltype(auto) {
      return f(typename Pair::Engine(spec), typename Pair::Reference(spec));
    });
  }

  // f(g) with the one implementation `impl` of the spec's game (only it is built).
  template <class F>
  static decltype(auto) with_game(const Spec& spec, Impl impl, F&& f) {
    return dispatch(spec, [&]<class Pair>() -> decltype(auto) {
      if (impl == Impl::kEngine) return f(typename Pair::Engine(spec));
      return f(typename Pair::Reference(spec));
    });
  }

  // The list as another template's arguments: apply<::testing::Types>.
  template <template <class...> class T>
  using apply = T<Pairs...>;

 private:
  template <class F, class First, class... Rest>
  static decltype(auto) dispatch_from(const Spec& spec, F& f) {
    if (spec.name() == First::kName) return f.template operator()<First>();
    if constexpr (sizeof...(Rest) > 0)
      return dispatch_from<F, Rest...>(spec, f);
    else
      throw Error("unknown game '" + spec.name() + "'");  // Spec::parse already rejects these
  }
};

}  // namespace arb
