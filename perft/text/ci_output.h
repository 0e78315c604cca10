// Results where CI systems look (issue 25), from `perft suite` and `perft
// verify`: JUnit XML (--junit FILE; the schema the tests validate against is
// perft/tests/junit.xsd) and GitHub Actions (--github: `::error` annotations
// at the fixture file and line on stdout, and a Markdown summary appended to
// $GITHUB_STEP_SUMMARY when it is set).
#pragma once

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
};

// The JUnit XML document: <testsuites><testsuite> with one <testcase> each.
std::string junit_xml(const CiRun& run);
// Writes it (a temporary file, then a rename); throws arb::Error if it cannot.
void write_junit(const CiRun& run, const std::string& path);

// One `::error file=...,line=...,title=...::message` line per failure or error.
std::string github_annotations(const CiRun& run);
// The Markdown summary: counts, then a table of what failed.
std::string github_summary(const CiRun& run);
// Both: the annotations to `out`, the summary appended to $GITHUB_STEP_SUMMARY
// if it is set. Throws arb::Error if the summary cannot be appended.
void write_github(const CiRun& run, std::ostream& out);

}  // namespace arb
