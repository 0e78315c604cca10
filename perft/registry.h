// The one place where a game spec meets its two implementations.
// To add a game: its row in common/spec.cpp, its two folders, one line here.
#pragma once

#include <utility>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"
#include "engine/ecalper/ecalper.h"
#include "engine/emergo/emergo.h"
#include "engine/eximo/eximo.h"
#include "engine/meridians/meridians.h"
#include "reference/ecalper/ecalper.h"
#include "reference/emergo/emergo.h"
#include "reference/eximo/eximo.h"
#include "reference/meridians/meridians.h"

namespace arb {

static_assert(Game<engine::emergo::Emergo> && Game<reference::Emergo>);
static_assert(Game<engine::eximo::Eximo> && Game<reference::Eximo>);
static_assert(Game<engine::ecalper::Ecalper> && Game<reference::Ecalper>);
static_assert(Game<engine::meridians::Meridians> && Game<reference::Meridians>);

// Calls f(engine, reference) with the two implementations of the spec's game.
// f must return the same type for every game.
template <class F>
decltype(auto) with_game_pair(const Spec& spec, F&& f) {
  const std::string& name = spec.name();
  if (name == "emergo") return f(engine::emergo::Emergo(spec), reference::Emergo(spec));
  if (name == "eximo") return f(engine::eximo::Eximo(spec), reference::Eximo(spec));
  if (name == "ecalper") return f(engine::ecalper::Ecalper(spec), reference::Ecalper(spec));
  if (name == "meridians") return f(engine::meridians::Meridians(spec), reference::Meridians(spec));
  throw Error("unknown game '" + name + "'");  // Spec::parse already rejects these
}

}  // namespace arb
