// The one error type of the project: a one-line message naming what is wrong
// (RULES.md I5). Parsers name the field and the offending character.
#pragma once

#include <stdexcept>
#include <string>

namespace arb {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace arb
