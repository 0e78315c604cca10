// What every command of the perft tool shares: its registration (each
// perft/cli/<name>.cpp registers itself with a Registration), its CLI11
// definition (a Command), the output streams and the options several commands
// take. The library below (perft/*.h) knows nothing of this folder.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "arb/arb_counting.h"  // the counting instances, compiled once per game
#include "arb/games.h"
#include "common/impl.h"
#include "common/spec.h"
#include "perft/count/count.h"
#include "perft/text/ci_output.h"
#include "perft/text/numbers.h"
#include "perft/text/text.h"

namespace CLI {
class App;
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
  int order = 0;              // its place in perft --help
  std::string_view name;      // the word after `perft`; "" for the count, which has none
  std::string_view synopsis;  // its usage, after "perft "
  std::string_view summary;   // one line for perft --help
  std::unique_ptr<Command> (*make)();
};

// A command registers itself from its own file, at static initialisation:
//   const Registration kRegistration{{30, "suite", "...", "...", &make}};
// (perft/cli/CMakeLists.txt builds the commands as an object library, so that
// no registration is dropped by the linker.)
struct Registration {
  explicit Registration(CommandInfo info);
};

// Every registered command, in help order.
const std::vector<CommandInfo>& commands();

// Ctrl-C (SIGINT) and SIGTERM (timeout, kill, Slurm's time limit) alike:
// while a guard lives, either signal sets stop(), which a long run polls, so
// the command reports what it did; it then exits with exit_status(), 128 +
// the signal (130, 143). The old handlers come back when the guard ends.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  const std::atomic<bool>* stop() const;
  bool interrupted() const;
  int exit_status() const;  // 0 when no signal came
};

// ---- options shared by several commands

// --position, --moves: the root of a command.
struct RootArgs {
  std::string position = "start";
  std::string moves;
};
void add_root_options(CLI::App& app, RootArgs& args);
// The root position after the moves, on implementation g.
template <Game G>
typename G::Position root_of(const G& g, const RootArgs& a) {
  return play_moves(g, position_from(g, a.position), split_moves(a.moves));
}

// --impl engine|reference: read as text, parsed by impl().
struct ImplArg {
  std::string text = "engine";
  Impl impl() const { return parse_impl(text); }
};
void add_impl_option(CLI::App& app, ImplArg& impl);
// An option given on the command line (not left at its default).
bool given(const CLI::App& app, std::string_view option);

// --hash MB, --threads N, --hash-seed N as given, read and checked by
// CountOptions::parse (perft/count/options.h) after parsing.
struct CountOptionText {
  std::string hash, threads, seed;
  CountOptions options() const { return CountOptions::parse(hash, threads, seed); }
};
void add_hash_options(CLI::App& app, CountOptionText& text);
// One line on stderr when --threads was reduced to the cores.
inline void note_threads(const CountOptions& o, Io& io) { io.err << o.threads_note(); }

// --junit FILE, --junit-file-attrs, --github: the CI outputs of suite, verify
// and replay (perft/text/ci_output.h), defined once. Each command runs the two
// checks in its own order among its other checks.
struct CiOptionText {
  std::string junit;
  bool junit_file_attrs = false, github = false;
  void check_file_attrs() const;  // --junit-file-attrs needs --junit
  void check_junit_path() const;  // the JUnit file can be written
  JunitFile junit_file(const std::string& name) const {
    return JunitFile(junit, name, junit_file_attrs);
  }
};
void add_ci_options(CLI::App& app, CiOptionText& ci);

// An output file (--report, --out) checked before the work starts: it can be
// written (check_output_path: nothing is created). Throws a one-line arb::Error.
void check_writable(const std::string& path);

// The numbers of the command line: parse_number (perft/text/numbers.h),
// parse_depth (perft/count/options.h), parse_games and parse_max_plies
// (perft/stats/stats.h), shared with the Python module.

}  // namespace arb::cli
