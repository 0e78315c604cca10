// perft suite FILE [--impl ...] [--compare] [--max-nodes N] (RULES.md I4):
// the suite runner. Each line's tests run on its game through SuiteCase
// (perft/commands/suite.h), one output line per test, flushed as it ends.
#include "perft/commands/suite.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/commands.h"

namespace arb::cli {

std::string reproduce(const FixtureCase& c, int depth) {
  std::string cmd = "perft " + c.spec + " --depth " + std::to_string(depth);
  if (c.position != "start") cmd += " --position '" + c.position + "'";
  if (!c.moves.empty()) cmd += " --moves '" + c.moves + "'";
  return cmd;
}

std::string results_text(const ResultCounts& r, const char* sep) {
  std::string out;
  for (const auto& [key, n] : r.by_outcome)
    out += (out.empty() ? "" : sep) + key + "=" + to_string(n);
  return out;
}

SuiteRun::SuiteRun(const SuiteOptions& options, std::uint64_t tests, Io& io)
    : options_(options), io_(io), tests_(tests) {}

void SuiteRun::start(const FixtureCase& c, const std::string& test) {
  if (!io_.progress) return;
  // On a terminal only: one line on stderr, rewritten in place.
  io_.err << "\r\033[Ktest " << done_ + 1 << '/' << tests_ << ' ' << shown(c.id) << ' ' << test
          << " ..." << std::flush;
}

void SuiteRun::line_done() {
  if (io_.progress) io_.err << "\r\033[K" << std::flush;
  io_.out << std::flush;
}

// I4 skips a test whose expected count is above --max-nodes. perft(k) also
// costs at least perft(k-1), so a depth behind a too-big shallower count of
// the same line is skipped too (a finished game below 3 million nodes has
// perft 0 but is no cheaper); RULES.md is silent on this.
std::optional<std::string> SuiteRun::too_big(const FixtureCase& c, int k,
                                             arb::Count expected) const {
  if (!options_.max_nodes) return std::nullopt;
  if (expected > *options_.max_nodes) return to_string(expected);
  for (const auto& [shallower, n] : c.depths)
    if (shallower < k && n > *options_.max_nodes)
      return "D" + std::to_string(shallower) + " = " + to_string(n);
  return std::nullopt;
}

bool SuiteRun::skipped(const FixtureCase& c, const std::string& test, int k, arb::Count expected) {
  const auto why = too_big(c, k, expected);
  if (!why) return false;
  ++skipped_;
  ++done_;
  io_.out << "skip  " << c.id << ' ' << test << " (" << *why << " > --max-nodes "
          << *options_.max_nodes << ")\n";
  line_done();
  return true;
}

void SuiteRun::pass(const FixtureCase& c, const std::string& test, const std::string& what,
                    double seconds) {
  ++passed_;
  ++done_;
  io_.out << "ok    " << c.id << ' ' << test << ' ' << what << " (" << seconds_text(seconds)
          << " s)\n";
  line_done();
}

void SuiteRun::fail(const FixtureCase& c, const std::string& test, const std::string& why,
                    const std::string& detail) {
  ++failed_;
  ++done_;
  io_.out << "FAIL  " << c.id << ' ' << test << ": " << why << "   [line " << c.line << "]\n"
          << detail;
  line_done();
}

void SuiteRun::fail_line(const FixtureCase& c, const std::string& why) {
  const std::uint64_t tests = c.depths.size() + (options_.compare ? 2 : 1) * c.results.size();
  failed_ += tests;
  done_ += tests;
  io_.out << "FAIL  " << c.id << " (all " << tests << " tests): " << escaped(why) << "   [line "
          << c.line << "]\n";
  line_done();
}

void SuiteRun::fail_malformed(const FixtureError& e) {
  ++failed_;
  ++done_;
  io_.out << "FAIL  line " << e.line << (e.id.empty() ? "" : " (" + e.id + ")") << ": "
          << escaped(e.message) << '\n';
  line_done();
}

void SuiteRun::finish() {
  io_.out << passed_ << " passed, " << failed_ << " failed, " << skipped_ << " skipped\n";
  line_done();
}

namespace {

class SuiteCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("file", file_, "a fixture file (RULES.md I6), e.g. fixtures/eximo.perft")
        ->type_name("");
    add_impl_option(app, options_.impl);
    app.add_flag("--compare", options_.compare, "walk engine and reference together on every case");
    app.add_option("--max-nodes", max_nodes_, "skip tests whose expected count is above N")
        ->type_name("N");
    add_hash_options(app, hash_);
    app_ = &app;
  }

  int run(Io& io) override {
    if (file_.empty()) throw Error("perft suite needs a fixture file");
    // Given, even as an empty word, the value must be a number (not "no cap").
    if (given(*app_, "--max-nodes")) options_.max_nodes = parse_number("--max-nodes", max_nodes_);
    check_impl(options_.impl);
    if (options_.compare && given(*app_, "--impl"))
      throw Error("--compare runs both implementations; drop --impl");
    check_hash_options(hash_, options_.hash);
    if (options_.compare && !(hash_.hash.empty() && hash_.threads.empty() && hash_.seed.empty()))
      throw Error("--compare walks both trees node by node: --hash and --threads do not apply");
    if (options_.impl == "reference" && options_.hash.megabytes.value_or(0) > 0)
      throw Error("--hash needs an implementation with a position hash (the engine); drop --hash");
    const FixtureFile file = read_fixture_file(file_);
    // Nothing to run is a mistake (a wrong file), not a success.
    if (file.cases.empty() && file.errors.empty())
      throw Error("fixture file '" + file_ + "' has no test lines");

    std::uint64_t tests = file.errors.size();
    for (const auto& c : file.cases)
      tests += c.depths.size() + (options_.compare ? 2 : 1) * c.results.size();
    note_threads(options_.hash, io);
    SuiteRun run(options_, tests, io);
    io.out << "suite " << file_ << " ("
           << (options_.compare ? "engine and reference compared" : options_.impl)
           << (options_.max_nodes ? ", --max-nodes " + std::to_string(*options_.max_nodes)
                                  : std::string())
           << ")\n"
           << std::flush;
    // Malformed lines and cases, in file order.
    std::map<int, std::function<void()>> by_line;
    for (const auto& e : file.errors) by_line[e.line] = [&run, &e] { run.fail_malformed(e); };
    for (const auto& c : file.cases)
      by_line[c.line] = [&run, &c, &io] {
        try {
          run_for_game<SuiteCase>(Spec::parse(c.spec), SuiteCase::Args{&c, &run}, io);
        } catch (const Error& e) {  // I4: the line fails all its tests
          run.fail_line(c, e.what());
        }
      };
    for (auto& [line, test] : by_line) test();
    run.finish();
    return run.any_failed() ? 1 : 0;
  }

 private:
  std::string file_, max_nodes_;
  SuiteOptions options_;
  HashOptionText hash_;
  CLI::App* app_ = nullptr;
};

}  // namespace

std::unique_ptr<Command> make_suite_command() { return std::make_unique<SuiteCommand>(); }

}  // namespace arb::cli
