// Messages and numbers as every part of the tool writes them: seconds, rates,
// and a user's text quoted inside a one-line message.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

#include "common/count.h"
#include "perft/text/file_io.h"  // the files every part of the tool reads and writes

namespace arb {

// Runs f and returns the seconds it took.
template <class F>
double seconds_of(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
std::string seconds_text(double s);  // "0.034"
Count nodes_per_second(Count nodes, double seconds);
// A rate only where it means something: not for a count made by
// arithmetic (a game's count_subtree shortcut: 10^16 "nodes/s"), nor for one
// under kMinRateSeconds, where the clock times the program more than the
// count. no_rate_reason gives why there is none, or "" when there is one.
inline constexpr double kMinRateSeconds = 0.01;
std::string no_rate_reason(double seconds, bool by_arithmetic);
// The end of a result line: "N nodes/s", or "no nodes/s: <reason>".
std::string rate_text(Count nodes, double seconds, const std::string& no_rate);

// The project's version (CMakeLists.txt's project()): perft --version and
// the "version" key of the JSON outputs.
std::string_view version();

// Today's date, UTC, as fixture sources write it: "2026-11-25".
std::string today_utc();

// Input files are bounded (endless input such as /dev/zero must not grow
// memory): a line longer than kMaxLineBytes is an error, and a whole text
// file above kMaxFileBytes.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 16;
inline constexpr std::size_t kMaxFileBytes = std::size_t{1} << 26;
// std::getline with the bound: false at the end of the input; throws
// "<where>: a line longer than 65536 bytes" (no JSON line or fixture line is).
bool read_line(std::istream& in, std::string& line, const std::string& where);

// A user's text inside a message: control characters and bytes outside
// printable ASCII escaped (\r, \x00, U+FEFF for a byte order mark)...
std::string escaped(std::string_view text);
// ... and cut to 160 characters with "..." after (a position fits).
std::string shown(std::string_view text);
// A whole message on one line: every quoted field passed through shown(),
// the rest escaped the same way.
std::string one_line(std::string_view message);

}  // namespace arb
