// Fixture files (RULES.md I6): one perft case per line,
//   <spec>; <position text or start>; [moves <m1 m2 ...>;] D1 <n>; ...; id <name>; src <...>
// plus one extension of ours, `R<k> <key>=<n>,<key>=<n>,...`: how the leaves at
// depth k end, keyed by arb::outcome_key ("w", "draw", "draw:b+w", "ongoing").
// Only the syntax is checked here; whether the spec, position and moves are
// valid is the suite runner's business (such a line fails all its tests, I4).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "perft/count.h"

namespace arb {

struct FixtureCase {
  int line = 0;                                         // 1-based line number in the file
  std::string spec;                                     // as written
  std::string position;                                 // "start" or a position text
  std::string moves;                                    // "" when the line has no moves field
  std::map<int, Count> depths;                          // D<k> -> n
  std::map<int, std::map<std::string, Count>> results;  // R<k> -> key -> n
  std::string id, src;
};

// A line that is not a case: what is wrong with it.
struct FixtureError {
  int line = 0;
  std::string id;  // when the line got far enough to name itself
  std::string message;
};

struct FixtureFile {
  std::vector<FixtureCase> cases;
  std::vector<FixtureError> errors;  // malformed lines, duplicate ids
};

// Parses one line (not a comment, not blank); throws arb::Error naming the field.
FixtureCase parse_fixture_line(std::string_view line, int line_number);

// Parses a whole file's text. Never throws on a bad line: it is listed in
// `errors` and the rest of the file is still read.
FixtureFile parse_fixture_text(std::string_view text);

// Reads and parses a file; throws arb::Error when it cannot be read.
FixtureFile read_fixture_file(const std::string& path);

}  // namespace arb
