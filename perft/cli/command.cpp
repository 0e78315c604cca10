#include "perft/cli/command.h"

#include <CLI/CLI.hpp>

#include <signal.h>

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "common/error.h"
#include "perft/numbers.h"

namespace arb::cli {

namespace {
std::vector<CommandInfo>& registry() {
  static std::vector<CommandInfo> all;
  return all;
}

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};
extern "C" void on_stop_signal(int sig) {
  g_signal = sig;
  g_stop = true;
}
constexpr int kStopSignals[] = {SIGINT, SIGTERM};
struct sigaction g_old[std::size(kStopSignals)];
}  // namespace

InterruptGuard::InterruptGuard() {
  g_stop = false;
  g_signal = 0;
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;  // as std::signal: a write under way is not cut
  for (std::size_t i = 0; i < std::size(kStopSignals); ++i)
    sigaction(kStopSignals[i], &sa, &g_old[i]);
}

InterruptGuard::~InterruptGuard() {
  for (std::size_t i = 0; i < std::size(kStopSignals); ++i)
    sigaction(kStopSignals[i], &g_old[i], nullptr);
}

const std::atomic<bool>* InterruptGuard::stop() const { return &g_stop; }
bool InterruptGuard::interrupted() const { return g_stop.load(); }
int InterruptGuard::exit_status() const {
  const int sig = g_signal.load();
  return sig == 0 ? 0 : 128 + sig;
}

Registration::Registration(CommandInfo info) {
  auto& all = registry();
  all.insert(std::upper_bound(
                 all.begin(), all.end(), info,
                 [](const CommandInfo& a, const CommandInfo& b) { return a.order < b.order; }),
             info);
}

const std::vector<CommandInfo>& commands() { return registry(); }

void add_root_options(CLI::App& app, RootArgs& args) {
  app.add_option("--position", args.position, "a position text (one argument) or start")
      ->type_name("TEXT")
      ->default_str("start");
  app.add_option("--moves", args.moves, "moves played from the position first")
      ->type_name("\"m1 m2 ...\"");
}

void add_impl_option(CLI::App& app, ImplArg& impl) {
  app.add_option("--impl", impl.text, "engine or reference")->type_name("I")->default_str("engine");
}

bool given(const CLI::App& app, std::string_view option) {
  const CLI::Option* o = app.get_option_no_throw(std::string(option));
  return o && o->count() > 0;
}

void add_hash_options(CLI::App& app, HashOptionText& text) {
  app.add_option("--hash", text.hash,
                 "transposition table of N MB (0: none); default: chosen from the tree's "
                 "estimated size, at most " +
                     std::to_string(kDefaultHashMb) + " MB on the engine")
      ->type_name("MB");
  app.add_option("--threads", text.threads,
                 "worker threads; default every core, 1 for a small tree")
      ->type_name("N");
  app.add_option("--hash-seed", text.seed, "mixed into the table's index (a cross-check)")
      ->type_name("N");
}

void check_hash_options(const HashOptionText& text, HashArgs& args) {
  // 2^20 MB (a terabyte) keeps MB * 2^20 far from overflowing.
  constexpr std::uint64_t kMaxMb = std::uint64_t{1} << 20;
  if (!text.hash.empty()) {
    args.megabytes = parse_number("--hash", text.hash);
    if (*args.megabytes > kMaxMb)
      throw Error("--hash " + text.hash + " is too big (at most " + std::to_string(kMaxMb) +
                  " MB)");
    // A table beyond the memory would swap or be killed, not count.
    const std::uint64_t physical = physical_memory_mb();
    if (physical > 0 && *args.megabytes > physical)
      throw Error("--hash " + text.hash + " MB is more than this machine's memory (" +
                  std::to_string(physical) + " MB)");
  }
  if (!text.threads.empty()) {
    const std::uint64_t n = parse_number("--threads", text.threads);
    if (n == 0 || n > 1024)
      throw Error("--threads must be between 1 and 1024, got " + text.threads);
    args.threads = static_cast<int>(n);
    // More threads than cores only share the cores out (and cost: a thousand
    // run slower than one); perft_many also caps them at its work items. The
    // note waits for the count (note_threads), after every check of the input.
    if (*args.threads > default_threads()) {
      args.threads_asked = *args.threads;
      args.threads = default_threads();
    }
  }
  if (!text.seed.empty()) args.seed = parse_number("--hash-seed", text.seed);
}

void note_threads(const HashArgs& a, Io& io) {
  if (a.threads_asked > 0)
    io.err << "perft: --threads " << a.threads_asked << " reduced to " << a.threads.value_or(1)
           << ", the cores of this machine\n";
}

void check_writable(const std::string& path) { check_output_path(path, "'" + path + "'"); }

std::uint64_t parse_number(std::string_view option, std::string_view text) {
  const PlainNumber n = read_plain_number(text);
  if (n.problem != PlainNumber::Problem::kNone || n.value > ~std::uint64_t{0})
    throw Error(std::string(option) +
                " expects a non-negative integer below 2^64 in plain digits, without a leading "
                "zero, got '" +
                std::string(text) + "'");
  return static_cast<std::uint64_t>(n.value);
}

int parse_depth(std::string_view text, std::string_view option) {
  const std::uint64_t d = parse_number(option, text);
  if (d > static_cast<std::uint64_t>(kMaxDepth))
    throw Error(std::string(option) + " " + std::to_string(d) + " is too deep (at most " +
                std::to_string(kMaxDepth) + ")");
  return static_cast<int>(d);
}

std::uint64_t parse_games(std::string_view text) {
  const std::uint64_t n = parse_number("--games", text);
  if (n == 0) throw Error("--games must be at least 1");
  if (n > kMaxGames)
    throw Error("--games " + std::string(text) + " is too many (at most " +
                std::to_string(kMaxGames) + ")");
  return n;
}

int parse_max_plies(std::string_view text) {
  const std::uint64_t n = parse_number("--max-plies", text);
  if (n == 0 || n > kMaxMaxPlies)
    throw Error("--max-plies must be between 1 and " + std::to_string(kMaxMaxPlies) + ", got " +
                std::string(text));
  return static_cast<int>(n);
}

}  // namespace arb::cli
