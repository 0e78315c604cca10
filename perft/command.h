// What every command of the perft tool shares: its place in the tool (a
// CommandInfo line in perft/cli.cpp), its CLI11 definition (a Command), the
// output streams, and the helpers that keep messages and numbers alike.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "perft/count.h"

namespace CLI {
class App;
}

namespace arb {
struct PerftProgress;
}

namespace arb::cli {

struct Io {
  std::ostream& out;
  std::ostream& err;
  bool progress = false;  // stderr is a terminal: long runs show where they are
};

// One command: its positional and options on a CLI11 app, then its run.
// Values are read as text and checked in run(), so that every message is ours.
class Command {
 public:
  virtual ~Command() = default;
  virtual void define(CLI::App& app) = 0;
  virtual int run(Io& io) = 0;
};

struct CommandInfo {
  std::string_view name;      // the word after `perft`; "" for the count, which has none
  std::string_view synopsis;  // its usage, after "perft "
  std::string_view summary;   // one line for perft --help
  std::unique_ptr<Command> (*make)();
};

// Every command, in help order (perft/cli.cpp).
std::span<const CommandInfo> commands();

// The commands, each in perft/commands/<name>.cpp.
std::unique_ptr<Command> make_count_command();
std::unique_ptr<Command> make_compare_command();
std::unique_ptr<Command> make_suite_command();
std::unique_ptr<Command> make_show_command();
std::unique_ptr<Command> make_play_command();
std::unique_ptr<Command> make_serve_command();
std::unique_ptr<Command> make_verify_command();
std::unique_ptr<Command> make_split_command();
std::unique_ptr<Command> make_units_command();
std::unique_ptr<Command> make_merge_command();

// ---- options shared by several commands

// --position, --moves: the root of a command.
struct RootArgs {
  std::string position = "start";
  std::string moves;
};
void add_root_options(CLI::App& app, RootArgs& args);
// --impl engine|reference (checked by impl_of).
void add_impl_option(CLI::App& app, std::string& impl);
void check_impl(const std::string& impl);
// An option given on the command line (not left at its default).
bool given(const CLI::App& app, std::string_view option);

// --hash MB, --threads N, --hash-seed N (perft/commands/hash_args.h): read
// into `args` by check_hash_options after parsing.
struct HashArgs;
struct HashOptionText {
  std::string hash, threads, seed;
};
void add_hash_options(CLI::App& app, HashOptionText& text);
// A --threads above the cores is reduced to them (note_threads says so).
void check_hash_options(const HashOptionText& text, HashArgs& args);
// Every core the machine has (at least 1).
int default_threads();
// The machine's memory in MB (0: unknown); --hash may not ask for more.
std::uint64_t physical_memory_mb();
// The progress line of a long count on stderr (a terminal only, not with
// --json): an empty function when there is none to show.
std::function<void(const PerftProgress&)> progress_line(Io& io, bool json, int depth);
void end_progress_line(Io& io, bool json);

// A number of the command line: the rule of fixtures (perft/numbers.h);
// throws arb::Error naming the option.
std::uint64_t parse_number(std::string_view option, std::string_view text);
// --depth N: a number up to kMaxDepth.
int parse_depth(std::string_view text);

// ---- output

// Runs f and returns the seconds it took.
template <class F>
double seconds_of(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
std::string seconds_text(double s);  // "0.034"
arb::Count nodes_per_second(arb::Count nodes, double seconds);
// A rate only where it means something (issue 28): not for a count made by
// arithmetic (a game's count_subtree shortcut: 10^16 "nodes/s"), nor for one
// under kMinRateSeconds, where the clock times the program more than the
// count. no_rate_reason gives why there is none, or "" when there is one.
inline constexpr double kMinRateSeconds = 0.01;
std::string no_rate_reason(double seconds, bool by_arithmetic);
// The end of a result line: "N nodes/s", or "no nodes/s: <reason>".
std::string rate_text(arb::Count nodes, double seconds, const std::string& no_rate);

// A user's text inside a message: control characters and bytes outside
// printable ASCII escaped (\r, \x00, U+FEFF for a byte order mark)...
std::string escaped(std::string_view text);
// ... and cut to 160 characters with "..." after (a position fits).
std::string shown(std::string_view text);
// A whole message on one line: every quoted field passed through shown(),
// the rest escaped the same way.
std::string one_line(std::string_view message);

}  // namespace arb::cli
