// The perft command-line tool (RULES.md I1-I5), callable in-process by tests.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace arb {

// Runs `perft <args...>` (args without the program name). Returns the exit
// status: 0 success, 1 a difference or failed test (compare, suite), 2 an
// error (I5), reported as one line on `err`. With `progress` (stderr is a
// terminal) long runs show where they are on `err`.
int run_perft_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                  bool progress = false);

}  // namespace arb
