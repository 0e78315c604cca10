// The four targets of every registered game (arb::Games): "<game>_position_engine",
// "<game>_position_reference", "<game>_move" and "<game>_differential" (targets.h).
#include <string>

#include "arb/games.h"
#include "fuzz/targets.h"

namespace {

const bool kRegistered = [] {
  arb::Games::for_each([]<class Pair>() {
    using E = typename Pair::Engine;
    using R = typename Pair::Reference;
    const std::string game(Pair::kName);
    auto& all = arb::fuzz::targets();
    all.emplace(game + "_position_engine", arb::fuzz::position_target<E>);
    all.emplace(game + "_position_reference", arb::fuzz::position_target<R>);
    all.emplace(game + "_move", arb::fuzz::move_target<E, R>);
    all.emplace(game + "_differential", arb::fuzz::differential_target<E, R>);
  });
  return true;
}();

}  // namespace
