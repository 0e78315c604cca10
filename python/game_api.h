// The game API in OpenSpiel's shape (docs/python.md#the-game-api):
// arbiter.load_game(spec) -> ActionGame, and its State, played one action at
// a time from a fixed, small action space per game and spec.
#pragma once

#include <pybind11/pybind11.h>

namespace arb::python {

// Adds load_game, ActionGame and State to the module.
void register_game_api(pybind11::module_& m);

}  // namespace arb::python
