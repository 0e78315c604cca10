#include "perft/cli/command.h"

#include <CLI/CLI.hpp>

#include <signal.h>

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "common/error.h"

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

void add_ci_options(CLI::App& app, CiOptionText& ci) {
  app.add_option("--junit", ci.junit, "also write the results as JUnit XML to FILE")
      ->type_name("FILE");
  app.add_flag("--junit-file-attrs", ci.junit_file_attrs,
               "with --junit: file and line on each test case (GitLab, GitHub reporters; not "
               "in Jenkins xUnit's schema)");
  app.add_flag("--github", ci.github,
               "GitHub Actions annotations on stdout, summary to $GITHUB_STEP_SUMMARY");
}

void CiOptionText::check_file_attrs() const {
  if (junit_file_attrs && junit.empty()) throw Error("--junit-file-attrs needs --junit FILE");
}

void CiOptionText::check_junit_path() const {
  if (!junit.empty()) check_output_path(junit, "the JUnit file '" + junit + "' (--junit)");
}

void add_hash_options(CLI::App& app, CountOptionText& text) {
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

void check_writable(const std::string& path) { check_output_path(path, "'" + path + "'"); }

}  // namespace arb::cli
