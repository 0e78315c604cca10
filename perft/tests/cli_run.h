// The perft tool run in-process for tests: exit status and both streams.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "perft/cli/cli.h"

namespace arb::test {

struct CliRun {
  int status = -1;
  std::string out, err;
};

inline CliRun run_cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  CliRun r;
  r.status = run_perft_cli(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace arb::test
