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

#include "common/count.h"
#include "common/error.h"
#include "common/game.h"
#include "perft/count/perft.h"

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

// The `;`-separated fields of a line (I6; game records too), each trimmed, a
// trailing `;` dropped; a control character is an error naming its field.
std::vector<std::string_view> split_fields(std::string_view line);

// Parses one line (not a comment, not blank); throws arb::Error naming the field.
FixtureCase parse_fixture_line(std::string_view line, int line_number);

// Parses a whole file's text. Never throws on a bad line: it is listed in
// `errors` and the rest of the file is still read.
FixtureFile parse_fixture_text(std::string_view text);

// Reads and parses a file, once (`text`, if given, gets its bytes); throws
// arb::Error when it cannot be read, or when no line is a test and the bytes
// are no text (random bytes, NULs): not a fixture file at all.
FixtureFile read_fixture_file(const std::string& path, std::string* text = nullptr);

// A case as one line of a file (RULES.md I6), fields in the usual order:
// spec; position; [moves ...;] D<k> ...; R<k> ...; id ...; src ...
std::string format_fixture_case(const FixtureCase& c);

// Which tests of a line run under a node budget, for every runner (perft suite,
// perft verify --suite). I4 skips a test whose expected count is above
// --max-nodes. perft(k) also costs at least perft(k-1), so a depth behind a
// too-big shallower count of the same line is skipped too (a finished game
// below 3 million nodes has perft 0 but is no cheaper); RULES.md is silent on
// this. The reason to skip test k (expected size `expected`), if any.
std::optional<std::string> skip_reason(const FixtureCase& c, int k, Count expected,
                                       std::optional<std::uint64_t> max_nodes);
// The deepest D<k> of the line that runs under the budget; 0 if none.
int deepest_test(const FixtureCase& c, std::optional<std::uint64_t> max_nodes);

// A fixture's root: its position as the command line reads it, whose text must
// be the canonical one (format(parse(s)) == s, so that the file can be
// searched), then its moves. Throws arb::Error naming what is wrong.
template <Game G>
typename G::Position fixture_root(const G& g, const FixtureCase& c) {
  const auto pos = position_from(g, c.position);
  if (c.position != "start" && g.format(pos) != c.position)
    throw Error("position is not written canonically: it formats as '" + g.format(pos) + "'");
  return play_moves(g, pos, split_moves(c.moves));
}

}  // namespace arb
