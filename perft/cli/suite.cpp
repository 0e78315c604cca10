// perft suite FILE [--impl ...] [--compare] [--max-nodes N] (RULES.md I4):
// the suite runner. Each line's tests run on its game, one output line per
// test, flushed as it ends. Which tests run under --max-nodes is the
// fixture library's rule (skip_reason, perft/files/fixture.h), shared with verify.
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <ctime>
#include <fstream>
#include <vector>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/check/check.h"
#include "perft/cli/command.h"
#include "perft/files/files.h"
#include "perft/text/ci_output.h"
#include "perft/text/json.h"

namespace arb::cli {
namespace {

struct SuiteOptions {
  Impl impl = Impl::kEngine;
  bool compare = false;
  std::optional<std::uint64_t> max_nodes;
  CountOptions hash;
  std::string file;     // for the CI outputs' file and line
  CiRun* ci = nullptr;  // --junit / --github: every test recorded
  bool json = false;    // --json: every test recorded for the JSON document
};

// The running tally and the lines it writes, one per test, flushed as each
// test ends (a killed run keeps them; a terminal shows progress).
class SuiteRun {
 public:
  SuiteRun(const SuiteOptions& options, std::uint64_t tests, Io& io);
  const SuiteOptions& options() const { return options_; }

  // A test about to run (the progress line on a terminal).
  void start(const FixtureCase& c, const std::string& test);
  bool skipped(const FixtureCase& c, const std::string& test, int k, arb::Count expected);
  void pass(const FixtureCase& c, const std::string& test, const std::string& what, double seconds);
  void fail(const FixtureCase& c, const std::string& test, const std::string& why,
            const std::string& detail, double seconds = 0);
  // A line that cannot run: all its tests fail.
  void fail_line(const FixtureCase& c, const std::string& why);
  void fail_malformed(const FixtureError& e);
  void finish();  // the closing line
  bool any_failed() const { return failed_ > 0; }
  // No test ran (all skipped): no verdict. Returns the error's text, or "".
  std::string nothing_run() const;
  // --json: the tests as recorded, and the tally.
  nlohmann::ordered_json tests_json() const { return tests_json_; }
  std::uint64_t passed() const { return passed_; }
  std::uint64_t failed() const { return failed_; }
  std::uint64_t skipped() const { return skipped_; }

 private:
  void line_done();
  void record(const FixtureCase* c, int line, const std::string& test, CiCase::Status status,
              const std::string& message, const std::string& body, double seconds = 0);
  const SuiteOptions& options_;
  Io& io_;
  ProgressLine progress_;
  std::uint64_t tests_ = 0, done_ = 0;
  std::uint64_t passed_ = 0, failed_ = 0, skipped_ = 0;
  std::string first_skip_;  // "id D5: 59056880 > --max-nodes 100"
  nlohmann::ordered_json tests_json_ = nlohmann::ordered_json::array();
};

// The perft command of test D<depth> (its compare: compare_command,
// perft/files/fixture_update.h).
std::string reproduce(const FixtureCase& c, int depth);

// The tests of one line (the D<k> and R<k>); with --compare on both
// implementations walked together, else on the one of --impl.
struct SuiteCase {
  // The D<k> tests of the line on implementation g.
  template <Game G>
  static void count_tests(const G& g, const typename G::Position& pos, bool is_reference,
                          const FixtureCase& c, SuiteRun& run) {
    for (const auto& [k, expected] : c.depths) {
      const std::string test = "D" + std::to_string(k);
      if (run.skipped(c, test, k, expected)) continue;
      run.start(c, test);
      arb::Count got = 0;
      const int depth = k;
      const double s = seconds_of([&] { got = count(g, pos, depth, run.options().hash); });
      if (got == expected)
        run.pass(c, test, to_string(got), s);
      else
        run.fail(c, test, "expected " + to_string(expected) + ", got " + to_string(got),
                 g.diagram(pos) + "      position: " + g.format(pos) +
                     "\n      divide:   " + reproduce(c, k) + " --divide" +
                     (is_reference ? " --impl reference" : "") + "\n",
                 s);
    }
  }

  // The R<k> tests of the line on implementation g (label: which one, in a compare).
  template <Game G>
  static void result_tests(const G& g, const typename G::Position& pos, const std::string& label,
                           const FixtureCase& c, SuiteRun& run) {
    for (const auto& [k, expected] : c.results) {
      const std::string test = "R" + std::to_string(k) + label;
      arb::Count size = 0;
      for (const auto& [key, n] : expected) size = checked_add(size, n);
      if (run.skipped(c, test, k, size)) continue;
      run.start(c, test);
      ResultCounts got;
      const int depth = k;
      const double s = seconds_of([&] { count_results(g, pos, depth, got); });
      const ResultCounts want{expected};
      if (got.by_outcome == expected)
        run.pass(c, test, results_text(got, ","), s);
      else
        run.fail(c, test, "expected " + results_text(want, ",") + ", got " + results_text(got, ","),
                 g.diagram(pos) + "      position: " + g.format(pos) + "\n", s);
    }
  }

  // The line's tests on one implementation.
  template <Game G>
  static void one(const G& g, const FixtureCase& c, SuiteRun& run) {
    const auto pos = fixture_root(g, c);
    count_tests(g, pos, run.options().impl == Impl::kReference, c, run);
    result_tests(g, pos, "", c, run);
  }

  // --compare: both implementations must agree node by node, and with the file.
  template <Game E, Game R>
  static void both(const E& engine, const R& reference, const FixtureCase& c, SuiteRun& run) {
    const auto rp = fixture_root(reference, c);
    const auto ep = fixture_root(engine, c);
    for (const auto& [k, expected] : c.depths) {
      const std::string test = "D" + std::to_string(k) + " compare";
      if (run.skipped(c, test, k, expected)) continue;
      run.start(c, test);
      CompareResult r;
      const int depth = k;
      const double s = seconds_of([&] { r = compare(engine, reference, ep, rp, depth); });
      // The body (text, JUnit, --github) ends with the command that shows it again.
      const std::string again = "      compare:  " + compare_command(c, k) + "\n";
      if (r.first)
        run.fail(c, test, "engine and reference differ", describe(*r.first) + again, s);
      else if (r.leaves != expected)
        run.fail(
            c, test, "both give " + std::to_string(r.leaves) + ", expected " + to_string(expected),
            reference.diagram(rp) + "      position: " + reference.format(rp) + "\n" + again, s);
      else
        run.pass(c, test, std::to_string(r.leaves), s);
    }
    // Leaf outcomes are not part of the walk: each side is checked against the file.
    result_tests(engine, ep, " engine", c, run);
    result_tests(reference, rp, " reference", c, run);
  }
};

std::string reproduce(const FixtureCase& c, int depth) {
  std::string cmd = "perft " + c.spec + " --depth " + std::to_string(depth);
  if (c.position != "start") cmd += " --position '" + c.position + "'";
  if (!c.moves.empty()) cmd += " --moves '" + c.moves + "'";
  return cmd;
}

SuiteRun::SuiteRun(const SuiteOptions& options, std::uint64_t tests, Io& io)
    : options_(options), io_(io), progress_(io.err, io.progress), tests_(tests) {}

void SuiteRun::start(const FixtureCase& c, const std::string& test) {
  progress_.show("test " + std::to_string(done_ + 1) + '/' + std::to_string(tests_) + ' ' +
                 shown(c.id) + ' ' + test + " ...");
}

void SuiteRun::line_done() {
  progress_.clear();
  io_.out << std::flush;
}

void SuiteRun::record(const FixtureCase* c, int line, const std::string& test,
                      CiCase::Status status, const std::string& message, const std::string& body,
                      double seconds) {
  if (options_.json) {
    using S = CiCase::Status;
    nlohmann::ordered_json j;
    j["id"] = c ? c->id : "";
    j["spec"] = c ? c->spec : "";
    j["line"] = line;
    j["test"] = test;
    j["result"] = status == S::kPass   ? "ok"
                  : status == S::kFail ? "fail"
                  : status == S::kSkip ? "skip"
                                       : "error";
    j["why"] = one_line(message);
    j["seconds"] = seconds;
    if (!body.empty()) j["detail"] = body;
    tests_json_.push_back(std::move(j));
  }
  if (options_.ci == nullptr) return;
  CiCase k;
  k.classname =
      c ? c->id + " (" + c->spec + ")" : "line " + std::to_string(line);  // a malformed one
  k.name = test;
  k.file = options_.file;
  k.line = line;
  k.status = status;
  k.message = one_line(message);
  k.body = body;
  k.seconds = seconds;
  options_.ci->cases.push_back(std::move(k));
}

bool SuiteRun::skipped(const FixtureCase& c, const std::string& test, int k, arb::Count expected) {
  const auto why = skip_reason(c, k, expected, options_.max_nodes);
  if (!why) return false;
  ++skipped_;
  ++done_;
  if (first_skip_.empty())
    first_skip_ =
        c.id + ' ' + test + ": " + *why + " > --max-nodes " + std::to_string(*options_.max_nodes);
  io_.out << "skip  " << c.id << ' ' << test << " (" << *why << " > --max-nodes "
          << *options_.max_nodes << ")\n";
  record(&c, c.line, test, CiCase::Status::kSkip,
         *why + " > --max-nodes " + std::to_string(*options_.max_nodes), "");
  line_done();
  return true;
}

void SuiteRun::pass(const FixtureCase& c, const std::string& test, const std::string& what,
                    double seconds) {
  ++passed_;
  ++done_;
  io_.out << "ok    " << c.id << ' ' << test << ' ' << what << " (" << seconds_text(seconds)
          << " s)\n";
  record(&c, c.line, test, CiCase::Status::kPass, "", "", seconds);
  line_done();
}

void SuiteRun::fail(const FixtureCase& c, const std::string& test, const std::string& why,
                    const std::string& detail, double seconds) {
  ++failed_;
  ++done_;
  io_.out << "FAIL  " << c.id << ' ' << test << ": " << why << "   [line " << c.line << "]\n"
          << detail;
  record(&c, c.line, test, CiCase::Status::kFail, why, detail, seconds);
  line_done();
}

void SuiteRun::fail_line(const FixtureCase& c, const std::string& why) {
  const std::uint64_t tests = c.depths.size() + (options_.compare ? 2 : 1) * c.results.size();
  failed_ += tests;
  done_ += tests;
  io_.out << "FAIL  " << c.id << " (all " << tests << " tests): " << escaped(why) << "   [line "
          << c.line << "]\n";
  record(&c, c.line, "all " + std::to_string(tests) + " tests", CiCase::Status::kFail, why, "");
  line_done();
}

void SuiteRun::fail_malformed(const FixtureError& e) {
  ++failed_;
  ++done_;
  io_.out << "FAIL  line " << e.line << (e.id.empty() ? "" : " (" + e.id + ")") << ": "
          << escaped(e.message) << '\n';
  record(nullptr, e.line, "malformed", CiCase::Status::kFail, e.message, "");
  line_done();
}

void SuiteRun::finish() {
  io_.out << passed_ << " passed, " << failed_ << " failed, " << skipped_ << " skipped\n";
  line_done();
}

std::string SuiteRun::nothing_run() const {
  if (passed_ + failed_ > 0) return "";
  return "nothing was run: " + std::to_string(skipped_) + " skipped" +
         (first_skip_.empty() ? "" : " (first: " + first_skip_ + ")");
}

class SuiteCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("file", file_, "a fixture file (RULES.md I6), e.g. fixtures/eximo.perft")
        ->type_name("");
    add_impl_option(app, impl_);
    app.add_flag("--compare", options_.compare, "walk engine and reference together on every case");
    app.add_flag("--update", update_,
                 "recount every depth on engine and reference; rewrite the counts of ours "
                 "where both agree (a diff is printed)");
    app.add_option("--max-nodes", max_nodes_, "skip tests whose expected count is above N")
        ->type_name("N");
    add_hash_options(app, hash_);
    add_ci_options(app, ci_);
    app.add_flag("--json", options_.json,
                 "one JSON object on one line: every test and the tally, instead of the text");
    app_ = &app;
  }

  int run(Io& io) override {
    if (file_.empty()) throw Error("perft suite needs a fixture file");
    if (update_) return run_update(io);
    ci_.check_file_attrs();
    if (options_.json && ci_.github) throw Error("--json and --github both write standard output");
    ci_.check_junit_path();
    CiRun ci;
    ci.name = "perft suite " + file_;
    // No earlier run's verdict survives this one: an error (exit 2) is in it.
    JunitFile junit = ci_.junit_file(ci.name);
    try {
      set_options();
      if (!ci_.junit.empty() || ci_.github) {
        options_.file = file_;
        options_.ci = &ci;
      }
      return run_tests(io, ci, junit);
    } catch (const std::exception& e) {
      junit.error(e.what());
      throw;
    }
  }

 private:
  void set_options() {
    // Given, even as an empty word, the value must be a number (not "no cap").
    if (given(*app_, "--max-nodes")) options_.max_nodes = parse_number("--max-nodes", max_nodes_);
    options_.impl = impl_.impl();
    if (options_.compare && given(*app_, "--impl"))
      throw Error("--compare runs both implementations; drop --impl");
    options_.hash = hash_.options();
    if (options_.compare && !(hash_.hash.empty() && hash_.threads.empty() && hash_.seed.empty()))
      throw Error("--compare walks both trees node by node: --hash and --threads do not apply");
    if (options_.impl == Impl::kReference && options_.hash.megabytes.value_or(0) > 0)
      throw Error("--hash needs an implementation with a position hash (the engine); drop --hash");
  }

  int run_update(Io& io) {
    set_options();
    if (options_.compare || given(*app_, "--impl"))
      throw Error("--update always recounts on both implementations; drop --compare and --impl");
    if (!ci_.junit.empty() || ci_.github || ci_.junit_file_attrs)
      throw Error("--junit and --github report a test run, not --update; drop them");
    if (options_.json) throw Error("--json reports a test run, not --update; drop it");
    // --update rewrites the file in place: standard input has no place to write back.
    if (is_standard_stream(file_))
      throw Error("--update rewrites the fixture file: give a file, not '-' (standard input)");
    // Rebaselining is the library's (perft/files/fixture_update.h), on the registry.
    return update_fixture_file(
        file_, options_.max_nodes, options_.hash, io.out, io.err, io.progress,
        [](const std::string& spec, auto&& f) { return Games::with_pair(Spec::parse(spec), f); });
  }

  int run_tests(Io& command_io, CiRun& ci, JunitFile& junit) {
    // --json: the text lines go nowhere, the document to standard output at the end.
    std::ostream nowhere(nullptr);
    Io io{options_.json ? nowhere : command_io.out, command_io.err, command_io.progress};
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
           << (options_.compare ? "engine and reference compared" : to_string(options_.impl))
           << (options_.max_nodes ? ", --max-nodes " + std::to_string(*options_.max_nodes)
                                  : std::string())
           << ")\n"
           << std::flush;
    // Malformed lines and cases, in file order.
    std::map<int, std::function<void()>> by_line;
    for (const auto& e : file.errors) by_line[e.line] = [&run, &e] { run.fail_malformed(e); };
    for (const auto& c : file.cases)
      by_line[c.line] = [&run, &c] {
        try {
          const Spec spec = Spec::parse(c.spec);
          if (run.options().compare)
            Games::with_pair(spec, [&](const auto& engine, const auto& reference) {
              SuiteCase::both(engine, reference, c, run);
            });
          else
            Games::with_game(spec, run.options().impl,
                             [&](const auto& g) { SuiteCase::one(g, c, run); });
        } catch (const Error& e) {  // I4: the line fails all its tests
          run.fail_line(c, e.what());
        }
      };
    ci.seconds = seconds_of([&] {
      for (auto& [line, test] : by_line) test();
    });
    run.finish();
    junit.write(ci);
    if (ci_.github) write_github(ci, io.out);
    // Every test skipped (a --max-nodes below every count) is no pass.
    if (const std::string why = run.nothing_run(); !why.empty()) throw Error(why);
    if (options_.json) {
      nlohmann::ordered_json j;
      j["file"] = file_;
      j["impl"] = options_.compare ? "compare" : std::string(to_string(options_.impl));
      j["max_nodes"] = options_.max_nodes ? nlohmann::ordered_json(*options_.max_nodes) : nullptr;
      j["tests"] = run.tests_json();
      j["passed"] = run.passed();
      j["failed"] = run.failed();
      j["skipped"] = run.skipped();
      j["seconds"] = ci.seconds;
      j["version"] = version();
      command_io.out << json_line(j) << '\n';
    }
    return run.any_failed() ? 1 : 0;
  }

  std::string file_, max_nodes_;
  bool update_ = false;
  CiOptionText ci_;
  SuiteOptions options_;
  ImplArg impl_;
  CountOptionText hash_;
  CLI::App* app_ = nullptr;
};

std::unique_ptr<Command> make() { return std::make_unique<SuiteCommand>(); }

const Registration kRegistration{
    {20, "suite",
     "suite FILE [--impl I] [--compare] [--update] [--max-nodes N] [--hash MB] [--threads N] "
     "[--junit FILE [--junit-file-attrs]] [--github] [--json]",
     "run a fixture file (RULES.md I4, I6): one line per test", &make}};

}  // namespace
}  // namespace arb::cli
