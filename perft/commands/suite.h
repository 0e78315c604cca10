// perft suite FILE (RULES.md I4): one fixture line's tests on one game, the
// game-generic part. The runner around it (reading the file, counting,
// progress) is perft/commands/suite.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "common/error.h"
#include "common/game.h"
#include "perft/command.h"
#include "perft/commands/hash_args.h"
#include "perft/compare.h"
#include "perft/fixture.h"
#include "perft/perft.h"

namespace arb::cli {

struct SuiteOptions {
  std::string impl = "engine";
  bool compare = false;
  std::optional<std::uint64_t> max_nodes;
  HashArgs hash;
};

// The running tally and the lines it writes, one per test, flushed as each
// test ends (a killed run keeps them; a terminal shows progress).
class SuiteRun {
 public:
  SuiteRun(const SuiteOptions& options, std::uint64_t tests, Io& io);
  const SuiteOptions& options() const { return options_; }

  // A test about to run (the progress line on a terminal).
  void start(const FixtureCase& c, const std::string& test);
  // The reason to skip test k of line c, given its expected size, if any.
  std::optional<std::string> too_big(const FixtureCase& c, int k, arb::Count expected) const;
  bool skipped(const FixtureCase& c, const std::string& test, int k, arb::Count expected);
  void pass(const FixtureCase& c, const std::string& test, const std::string& what, double seconds);
  void fail(const FixtureCase& c, const std::string& test, const std::string& why,
            const std::string& detail);
  // A line that cannot run: all its tests fail.
  void fail_line(const FixtureCase& c, const std::string& why);
  void fail_malformed(const FixtureError& e);
  void finish();  // the closing line
  bool any_failed() const { return failed_ > 0; }

 private:
  void line_done();
  const SuiteOptions& options_;
  Io& io_;
  std::uint64_t tests_ = 0, done_ = 0;
  std::uint64_t passed_ = 0, failed_ = 0, skipped_ = 0;
};

// The tests of one line (the D<k> and R<k>); with --compare on both
// implementations walked together, else on the one of --impl.
std::string reproduce(const FixtureCase& c, int depth);  // the perft command of test D<depth>
std::string results_text(const ResultCounts& r, const char* sep);

struct SuiteCase {
  struct Args {
    const FixtureCase* c = nullptr;
    SuiteRun* run = nullptr;
  };

  // A fixture's position: as the command line's, and its text must be the
  // canonical one (format(parse(s)) == s), so that the file can be searched.
  template <Game G>
  static typename G::Position fixture_root(const G& g, const FixtureCase& c) {
    const auto pos = position_from(g, c.position);
    if (c.position != "start" && g.format(pos) != c.position)
      throw Error("position is not written canonically: it formats as '" + g.format(pos) + "'");
    return play_moves(g, pos, split_moves(c.moves));
  }

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
      const HashOptions hash = resolve_hash(g, run.options().hash, depth);
      const double s = seconds_of([&] { got = run_perft(g, pos, depth, hash); });
      if (got == expected)
        run.pass(c, test, to_string(got), s);
      else
        run.fail(c, test, "expected " + to_string(expected) + ", got " + to_string(got),
                 g.diagram(pos) + "      position: " + g.format(pos) +
                     "\n      divide:   " + reproduce(c, k) + " --divide" +
                     (is_reference ? " --impl reference" : "") + "\n");
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
                 g.diagram(pos) + "      position: " + g.format(pos) + "\n");
    }
  }

  template <Game E, Game R>
  static int run(const E& engine, const R& reference, const Args& a, Io&) {
    const FixtureCase& c = *a.c;
    SuiteRun& run = *a.run;
    if (!run.options().compare) {
      if (run.options().impl == "engine") {
        const auto pos = fixture_root(engine, c);
        count_tests(engine, pos, false, c, run);
        result_tests(engine, pos, "", c, run);
      } else {
        const auto pos = fixture_root(reference, c);
        count_tests(reference, pos, true, c, run);
        result_tests(reference, pos, "", c, run);
      }
      return 0;
    }
    // --compare: both implementations must agree node by node, and with the file.
    const auto rp = fixture_root(reference, c);
    const auto ep = fixture_root(engine, c);
    for (const auto& [k, expected] : c.depths) {
      const std::string test = "D" + std::to_string(k) + " compare";
      if (run.skipped(c, test, k, expected)) continue;
      run.start(c, test);
      CompareResult r;
      const int depth = k;
      const double s = seconds_of([&] { r = compare(engine, reference, ep, rp, depth); });
      if (r.first)
        run.fail(c, test, "engine and reference differ", describe(*r.first));
      else if (r.leaves != expected)
        run.fail(c, test,
                 "both give " + std::to_string(r.leaves) + ", expected " + to_string(expected),
                 reference.diagram(rp) + "      position: " + reference.format(rp) + "\n");
      else
        run.pass(c, test, std::to_string(r.leaves), s);
    }
    // Leaf outcomes are not part of the walk: each side is checked against the file.
    result_tests(engine, ep, " engine", c, run);
    result_tests(reference, rp, " reference", c, run);
    return 0;
  }
};

}  // namespace arb::cli
