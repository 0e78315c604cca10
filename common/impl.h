// Which implementation of a game runs: the fast engine or the reference
// (README "What this is"). One value type, parsed once from --impl.
#pragma once

#include <string>
#include <string_view>

#include "common/error.h"

namespace arb {

enum class Impl { kEngine, kReference };

inline std::string_view to_string(Impl impl) {
  return impl == Impl::kEngine ? "engine" : "reference";
}

// The text of --impl; throws arb::Error naming the bad value.
inline Impl parse_impl(std::string_view text) {
  if (text == "engine") return Impl::kEngine;
  if (text == "reference") return Impl::kReference;
  throw Error("--impl must be engine or reference, got '" + std::string(text) + "'");
}

}  // namespace arb
