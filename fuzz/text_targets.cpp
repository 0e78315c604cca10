// Fuzz targets of the game-independent parsers: game specs and fixture lines.
#include <string>
#include <string_view>

#include "common/error.h"
#include "common/spec.h"
#include "fuzz/targets.h"
#include "perft/files/fixture.h"

namespace {

// A spec either fails with arb::Error or has a canonical form that parses
// back to itself (RULES.md "Game specs").
void spec_target(std::string_view input) {
  arb::Spec spec;
  try {
    spec = arb::Spec::parse(input);
  } catch (const arb::Error&) {
    return;
  }
  const std::string canonical = spec.canonical();
  arb::fuzz::check(arb::Spec::parse(canonical).canonical() == canonical,
                   "canonical spec does not parse back to itself");
}

// A fixture line either fails with arb::Error or yields a case with at least
// one D<k> (I6); a whole text never throws, bad lines are listed.
void fixture_target(std::string_view input) {
  try {
    const arb::FixtureCase c = arb::parse_fixture_line(input, 1);
    arb::fuzz::check(!c.depths.empty() && !c.id.empty(), "a fixture case without D<k> or id");
  } catch (const arb::Error&) {}
  (void)arb::parse_fixture_text(input);
}

const arb::fuzz::Register kSpec("spec", spec_target);
const arb::fuzz::Register kFixture("fixture_line", fixture_target);

}  // namespace
