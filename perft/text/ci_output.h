// Results where CI systems look, from `perft suite`, `perft verify` and
// `perft replay`: JUnit XML (--junit FILE; by default valid against Jenkins
// xUnit's junit-10.xsd, perft/tests/jenkins_junit.xsd, and with file and line
// on each test case for GitLab and GitHub's reporters when asked,
// perft/tests/junit.xsd) and GitHub Actions (--github: `::error` annotations
// at the fixture file and line on stdout, and a Markdown summary appended to
// $GITHUB_STEP_SUMMARY when it is set).
#pragma once

#include <chrono>
#include <ostream>
#include <string>
#include <vector>

namespace arb {

struct CiCase {
  enum class Status { kPass, kFail, kSkip, kError };
  std::string classname;  // what holds the test: "fixtures/eximo.perft line 4 (id x)", a root
  std::string name;       // the test: "D4", "D2 compare", "text to depth 2"
  std::string file;       // the fixture file, or "" (a root of the command line)
  int line = 0;           // its line, or 0
  Status status = Status::kPass;
  std::string message;  // one line: why it failed, was skipped or errored
  std::string body;     // the whole finding: path, missing/extra moves, reproducer
  double seconds = 0;
};

struct CiRun {
  std::string name;  // "perft suite fixtures/eximo.perft", "perft verify emergo"
  std::vector<CiCase> cases;
  double seconds = 0;
  // The suite's timestamp: made where the run starts.
  std::chrono::system_clock::time_point started = std::chrono::system_clock::now();
  // --junit-file-attrs: `file` and `line` on each test case (GitLab, GitHub's
  // JUnit reporters); Jenkins xUnit's schema has no such attributes.
  bool file_attributes = false;
};

// A time as ISO 8601 in UTC to the second: "2026-11-28T04:55:12".
std::string iso_utc(std::chrono::system_clock::time_point t);

// The JUnit XML document: <testsuites><testsuite> with one <testcase> each.
std::string junit_xml(const CiRun& run);
// Writes it (a temporary file, then a rename); throws arb::Error if it cannot.
void write_junit(const CiRun& run, const std::string& path);

// A --junit file that never keeps an earlier run's verdict: made at the start
// saying the run did not end (what a run stopped by Ctrl-C, SIGTERM or a kill
// leaves), then replaced by the results, or by the results so far and the
// error of a run that ended in one (exit 2). Written in place (/dev/stdout, a
// FIFO), it holds no old verdict: one document, the results or the error.
// Nothing at all for a path "". Made where the run starts: its time is the
// suite's timestamp in every document it writes.
class JunitFile {
 public:
  // Throws if it cannot write. file_attributes: --junit-file-attrs.
  JunitFile(std::string path, std::string run_name, bool file_attributes = false);
  void write(const CiRun& run);  // throws if it cannot write
  // The error as one more <error> case; never throws (the error is the news).
  void error(const std::string& message) noexcept;
  bool given() const { return !path_.empty(); }

 private:
  std::string path_;
  bool in_place_ = false;
  bool written_ = false;  // the results are out
  CiRun run_;             // the results written last (its start and attributes: this run's)
};

// One `::error file=...,line=...,title=...::message` line per failure or error.
std::string github_annotations(const CiRun& run);
// The Markdown summary: counts, then a table of what failed.
std::string github_summary(const CiRun& run);
// Both: the annotations to `out`, the summary appended to $GITHUB_STEP_SUMMARY
// if it is set. Throws arb::Error if the summary cannot be appended.
void write_github(const CiRun& run, std::ostream& out);

}  // namespace arb
