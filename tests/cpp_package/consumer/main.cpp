// A program outside arbiter, built against its installed C++ package
// (find_package(arbiter) or pkg-config): perft(3) from the start of every
// game of the build, on its engine. Each count is checked against the start
// line of the fixture files given (fixtures/<game>.perft, RULES.md I6); a
// game without one, or a count that differs, fails.
#include <cstdio>
#include <exception>
#include <map>
#include <string>

#include "arb/arb_counting.h"     // arb::Games; the counting compiled in arbiter::counting
#include "common/spec.h"          // arb::Spec
#include "perft/count/count.h"    // arb::count, arb::CountOptions
#include "perft/files/fixture.h"  // arb::read_fixture_file

int main(int argc, char** argv) try {
  std::map<std::string, arb::Count> expected;  // spec -> perft(3) of its start
  for (int i = 1; i < argc; ++i)
    for (const arb::FixtureCase& c : arb::read_fixture_file(argv[i]).cases)
      if (c.position == "start" && c.moves.empty() && c.depths.contains(3))
        expected.emplace(c.spec, c.depths.at(3));

  int failures = 0;
  arb::Games::for_each([&]<class Pair>() {
    const std::string name(Pair::kName);
    const typename Pair::Engine game(arb::Spec::parse(name));
    const arb::Count n = arb::count(game, game.start(), 3, arb::CountOptions{});
    const auto want = expected.find(name);
    std::string verdict = "agrees with the fixtures";
    if (want == expected.end())
      verdict = "FAIL, no fixture count";
    else if (want->second != n)
      verdict = "FAIL, the fixtures say " + arb::to_string(want->second);
    std::printf("%s perft(3) = %s: %s\n", name.c_str(), arb::to_string(n).c_str(), verdict.c_str());
    failures += verdict.starts_with("FAIL") ? 1 : 0;
  });
  return failures == 0 ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "consumer: %s\n", e.what());
  return 2;
}
