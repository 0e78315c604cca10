// The perft tool as outside tools see it (RULES.md I1-I5), run in-process.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "perft/cli/cli.h"
#include "perft/count/counting.h"
#include "perft/engines/engine_client.h"
#include "perft/tests/cli_run.h"
#include "perft/text/json.h"
#include "perft/text/numbers.h"
#include "perft/text/text.h"

namespace arb {
namespace {

using test::CliRun;
CliRun perft(const std::vector<std::string>& args) { return test::run_cli(args); }

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(PerftCli, CountsFromTheStart) {
  const CliRun r = perft({"emergo", "--depth", "3"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].rfind("total 55172 nodes in ", 0), 0u) << out[0];  // RULES.md
  EXPECT_TRUE(contains(out[0], " nodes/s"));
}

// A rate only where it means something. Ecalper's engine
// counts perft(2) by arithmetic (count_subtree) in microseconds: 10^16
// "nodes/s" said nothing, so the line says how the count was made instead.
TEST(PerftCli, NoRateForACountMadeByArithmetic) {
  const CliRun r = perft({"ecalper", "--depth", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 1u) << r.out;
  EXPECT_TRUE(contains(out[0], " s, no nodes/s: counted by arithmetic (count_subtree)")) << out[0];
  const CliRun j = perft({"ecalper", "--depth", "2", "--json"});
  ASSERT_EQ(j.status, 0) << j.err;
  EXPECT_TRUE(contains(j.out, "\"nps\": null")) << j.out;  // the key kept (I2), no number
  // With --divide, count_subtree counts perft(2) below each move (D3: 35990 moves).
  const CliRun d = perft({"ecalper:size=5", "--depth", "3", "--divide"});
  ASSERT_EQ(d.status, 0) << d.err;
  const std::string last = lines(d.out).back();
  EXPECT_EQ(last.rfind("total 262210795717920 nodes", 0), 0u) << last;  // fixtures/ecalper.perft
  EXPECT_TRUE(contains(last, "no nodes/s: counted by arithmetic")) << last;
  // At depth 2 the count below each move is count_moves, arithmetic as well:
  // a tenth of a second printed 3*10^10 "nodes/s".
  for (const bool json : {false, true}) {
    std::vector<std::string> args = {"ecalper:size=5", "--depth", "2", "--divide"};
    if (json) args.push_back("--json");
    const CliRun two = perft(args);
    ASSERT_EQ(two.status, 0) << two.err;
    if (json) {
      EXPECT_TRUE(contains(two.out, "\"nps\": null")) << two.out.substr(0, 300);
    } else {
      const std::string end = lines(two.out).back();
      EXPECT_EQ(end.rfind("total 3331558310 nodes", 0), 0u) << end;
      EXPECT_TRUE(contains(end, "no nodes/s: counted by arithmetic")) << end;
    }
  }
}

// A count made node by node has a rate once it is long enough to time, and
// none below kMinRateSeconds.
TEST(PerftCli, RateOnlyForACountLongEnoughToTime) {
  const CliRun quick = perft({"emergo", "--depth", "1"});
  ASSERT_EQ(quick.status, 0) << quick.err;
  EXPECT_TRUE(contains(quick.out, "total 40 nodes in 0.000 s, no nodes/s: under 0.01 s"))
      << quick.out;
  EXPECT_TRUE(contains(perft({"emergo", "--depth", "1", "--json"}).out, "\"nps\": null"));
  // Emergo D5, one thread, no table: tens of ms in any build.
  const CliRun r = perft({"emergo", "--depth", "5", "--hash", "0", "--threads", "1", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_GE(j["seconds"].get<double>(), kMinRateSeconds) << r.out;
  ASSERT_TRUE(j["nps"].is_number()) << r.out;
  // The rate is the count over the time (the seconds are rounded to 6 digits).
  const double expected = 59056880.0 / j["seconds"].get<double>();  // fixtures/emergo.perft D5
  EXPECT_NEAR(j["nps"].get<double>() / expected, 1.0, 1e-3) << r.out;
}

// --threads above the cores is reduced to them, with one line
// on stderr; the count is unchanged.
TEST(PerftCli, ThreadsAboveTheCoresAreReducedWithANote) {
  const int cores = default_threads();
  if (cores >= 1000) GTEST_SKIP() << "a machine of 1000 cores";
  const CliRun r = perft({"emergo", "--depth", "5", "--threads", "1000"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "perft: --threads 1000 reduced to " + std::to_string(cores) +
                       ", the cores of this machine\n");
  EXPECT_EQ(r.out.rfind("total 59056880 nodes", 0), 0u) << r.out;  // fixtures/emergo.perft D5
  // At or below the cores: no note.
  EXPECT_EQ(perft({"emergo", "--depth", "4", "--threads", "1"}).err, "");
}

TEST(PerftCli, ReferenceGivesTheSameCount) {
  const CliRun r = perft({"eximo", "--depth", "3", "--impl", "reference"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(lines(r.out).back().rfind("total 60284 nodes", 0), 0u) << r.out;  // RULES.md
}

TEST(PerftCli, DivideIsSortedByByteOrderAndSumsToTheTotal) {
  const CliRun r = perft({"emergo:size=7", "--depth", "2", "--divide"});
  ASSERT_EQ(r.status, 0) << r.err;
  auto out = lines(r.out);
  ASSERT_GE(out.size(), 2u);
  const std::string total = out.back();
  out.pop_back();
  std::uint64_t sum = 0;
  std::string previous;
  for (const auto& line : out) {
    const auto space = line.find(' ');
    ASSERT_NE(space, std::string::npos) << line;
    const std::string move = line.substr(0, space);
    EXPECT_LT(previous, move);
    previous = move;
    sum += std::stoull(line.substr(space + 1));
  }
  EXPECT_EQ(out.size(), 24u);  // 25 squares less the centre (E10)
  EXPECT_EQ(total.rfind("total " + std::to_string(sum) + " nodes", 0), 0u) << total;
}

TEST(PerftCli, JsonIsOneLineWithTheCanonicalSpec) {
  const CliRun r =
      perft({"meridians:swap,size=7", "--depth", "1", "--json", "--divide", "--moves", "a1"});
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(lines(r.out).size(), 1u);
  const std::string& j = r.out;
  EXPECT_EQ(j.rfind("{\"game\": \"meridians:swap\", \"impl\": \"engine\", \"position\": \"", 0), 0u)
      << j;
  EXPECT_TRUE(contains(j, "\"depth\": 1, \"nodes\": ")) << j;
  EXPECT_TRUE(contains(j, "\"seconds\": ")) << j;
  EXPECT_TRUE(contains(j, "\"nps\": ")) << j;
  EXPECT_TRUE(contains(j, "\"divide\": {\"")) << j;
  EXPECT_EQ(j.back(), '\n');
  EXPECT_EQ(j[j.size() - 2], '}');
}

TEST(PerftCli, JsonPositionIsTheTextAfterTheMoves) {
  const CliRun r = perft({"emergo", "--depth", "0", "--json", "--moves", "d6 d2"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "\"position\": \"9/9/9/3W5/9/9/9/3B5/9 w 11 11\"")) << r.out;
  EXPECT_TRUE(contains(r.out, "\"depth\": 0, \"nodes\": 1,")) << r.out;  // P3
}

TEST(PerftCli, ResultsSplitTheLeavesByOutcome) {
  // fixtures/ecalper_results.perft, C6-final-turn-last-added (hand count).
  const CliRun r =
      perft({"ecalper:size=5,replace=last-added", "--depth", "1", "--results", "--position",
             "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBWWWWWW/WWWWWWWW/WWWWWWW/WWWWWW/WWWW1 b - "
             "D5:E5,G8,H9"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 2u) << r.out;
  EXPECT_EQ(out[0], "results draw=1 w=2");
  EXPECT_EQ(out[1].rfind("total 3 nodes", 0), 0u);
}

TEST(PerftCli, ShowPrintsTextDiagramMovesAndOutcome) {
  const CliRun r = perft({"show", "eximo", "--impl", "reference"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "position: ")) << r.out;
  EXPECT_TRUE(contains(r.out, "outcome:  ongoing")) << r.out;
  EXPECT_TRUE(contains(r.out, "legal moves (40):")) << r.out;  // RULES.md D1
  EXPECT_GE(lines(r.out).size(), 12u) << "expected a diagram:\n" << r.out;
}

TEST(PerftCli, ShowAppliesThreefoldRepetitionToThePlayedLine) {
  // E12: the start position recurs after 4 and 8 plies: its third occurrence is a draw.
  const std::string start = "9/9/9/9/9/9/9/9/W7B w 0 0";
  const std::string twice = "a1-b2 i1-h2 b2-a1 h2-i1";
  for (const char* impl : {"engine", "reference"}) {
    const CliRun once =
        perft({"show", "emergo", "--impl", impl, "--position", start, "--moves", twice});
    EXPECT_TRUE(contains(once.out, "outcome:  ongoing")) << once.out << once.err;
    const CliRun thrice = perft(
        {"show", "emergo", "--impl", impl, "--position", start, "--moves", twice + " " + twice});
    EXPECT_TRUE(contains(thrice.out, "outcome:  draw (by repetition of the played line)"))
        << thrice.out;
    EXPECT_TRUE(contains(thrice.out, "legal moves (0):")) << thrice.out;
    // perft ignores repetition (P3): the corner man still has its one step.
    const CliRun count = perft({"emergo", "--impl", impl, "--position", start, "--moves",
                                twice + " " + twice, "--depth", "1"});
    EXPECT_EQ(count.out.rfind("total 1 nodes", 0), 0u) << count.out;
  }
}

TEST(PerftCli, PlayWritesTheSameGameOnEngineAndReference) {
  const std::vector<std::vector<std::string>> runs = {
      {"play", "emergo:size=7", "--seed", "3"},
      {"play", "eximo", "--seed", "5", "--plies", "30"},
      {"play", "meridians:swap,size=6", "--plies", "40"},
      {"play", "ecalper:size=5,replace=last-added", "--plies", "4", "--seed", "9"}};
  for (const auto& args : runs) {
    const auto with = [&](const char* impl) {
      auto a = args;
      a.insert(a.end(), {"--impl", impl});
      return perft(a);
    };
    const CliRun e = with("engine"), r = with("reference");
    ASSERT_EQ(e.status, 0) << e.err;
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(e.out, r.out) << args[1];
    EXPECT_TRUE(contains(e.out, "\nend after ")) << e.out;
  }
}

TEST(PerftCli, PlayHeaderIsTheCommandAndListsAreCut) {
  const CliRun r = perft({"play", "emergo", "--plies", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 15u) << r.out;  // header, 2 plies of 5 lines, the end block of 4
  EXPECT_EQ(out[0], "perft play emergo --seed 1 --plies 2");
  EXPECT_EQ(out[1], "ply 1");
  EXPECT_EQ(out[2], "  position  9/9/9/9/9/9/9/9/9 w 12 12");
  EXPECT_EQ(out[3], "  to move   w");
  EXPECT_TRUE(contains(out[4], "  moves     40: a1 a3 ")) << out[4];
  EXPECT_TRUE(contains(out[4], " ... (20 more)")) << out[4];
  EXPECT_EQ(out[11], "end after 2 plies");
  EXPECT_EQ(out[14], "  outcome   ongoing (stopped at --plies 2)");
  // The game depends on the seed.
  EXPECT_NE(perft({"play", "emergo", "--plies", "2", "--seed", "2"}).out.substr(out[0].size()),
            r.out.substr(out[0].size()));
}

TEST(PerftCli, PlayFromMovesIsPlayFromThePositionTheyReach) {
  // The played line (and E12's history) begins at the root, after --moves.
  const CliRun moved = perft({"play", "emergo", "--moves", "d6 d2", "--plies", "6"});
  const CliRun direct =
      perft({"play", "emergo", "--position", "9/9/9/3W5/9/9/9/3B5/9 w 11 11", "--plies", "6"});
  ASSERT_EQ(moved.status, 0) << moved.err;
  EXPECT_EQ(moved.out, direct.out);
  EXPECT_EQ(lines(moved.out)[0],
            "perft play emergo --seed 1 --plies 6 --position '9/9/9/3W5/9/9/9/3B5/9 w 11 11'");
}

TEST(PerftCli, PlayEndsAnEmergoGameByThreefoldRepetition) {
  // E12 on the played line: two lone men wander until a position recurs a third time.
  for (const char* impl : {"engine", "reference"}) {
    const CliRun r =
        perft({"play", "emergo", "--position", "9/9/9/9/9/9/9/9/W7B w 0 0", "--impl", impl});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(lines(r.out).back(), "  outcome   draw (by repetition of the played line)") << r.out;
  }
}

TEST(PerftCli, CompareAgreesFromTheStart) {
  const CliRun r = perft({"compare", "meridians:size=6", "--depth", "2"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "engine and reference agree: perft(2) = ")) << r.out;
}

TEST(PerftCli, HelpGoesToStdout) {
  const CliRun r = perft({"--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "usage:"));
  EXPECT_EQ(r.err, "");
}

// I5: a one-line error on stderr naming what is wrong, exit 2, nothing on stdout.
void expect_error(const std::vector<std::string>& args, const std::string& words) {
  const CliRun r = perft(args);
  std::string command;
  for (const auto& a : args) command += " " + a;
  EXPECT_EQ(r.status, 2) << command;
  EXPECT_EQ(r.out, "") << command;
  EXPECT_EQ(lines(r.err).size(), 1u) << command << "\n" << r.err;
  EXPECT_TRUE(contains(r.err, words)) << command << "\nerror: " << r.err;
}

TEST(PerftCli, BadInputIsAOneLineErrorWithStatus2) {
  expect_error({}, "no command given");
  expect_error({"emergo"}, "--depth N is required");
  expect_error({"chess", "--depth", "1"}, "chess");
  expect_error({"emergo:size=8", "--depth", "1"}, "size");
  expect_error({"emergo", "--depth", "x"}, "--depth expects a non-negative integer");
  expect_error({"emergo", "--depth", "-1"}, "--depth");
  expect_error({"emergo", "--depth", "+1"}, "--depth expects a non-negative integer");
  expect_error({"suite", "fixtures/emergo.perft", "--max-nodes", "18446744073709551616"},
               "--max-nodes expects a non-negative integer below 2^64");
  expect_error({"emergo", "--depth"}, "needs a value");
  expect_error({"emergo", "--depth", "1", "--depth", "2"}, "given twice");
  expect_error({"emergo", "--depth", "1", "--fast"}, "unknown option '--fast'");
  expect_error({"emergo", "--depth", "1", "--impl", "fast"}, "--impl must be engine or reference");
  expect_error({"emergo", "--depth", "1", "--moves", "d5"}, "move 1 'd5'");  // E10: centre
  expect_error({"emergo", "--depth", "1", "--moves", "d6 zz"}, "move 2 'zz'");
  expect_error({"emergo", "--depth", "1", "--position", "9/9/9 w 12 12"}, "rank");
  expect_error({"eximo", "--depth", "1", "--position", "8/8/8/8/8/8/8/8 x"}, "side");
  expect_error({"emergo", "extra", "--depth", "1"}, "unexpected argument 'extra'");
  expect_error({"suite", "fixtures/emergo.perft", "--divide"}, "--divide does not apply");
  expect_error({"compare", "emergo", "--depth", "1", "--impl", "engine"}, "--impl does not apply");
  expect_error({"suite", "no/such/file.perft"}, "cannot read");
  expect_error({"suite"}, "needs a fixture file");
  expect_error({"show", "emergo", "--depth", "1"}, "--depth does not apply");
  expect_error({"emergo", "--divide=yes", "--depth", "1"}, "takes no value");
  expect_error({"play", "emergo", "--seed", "x"}, "--seed expects a non-negative integer");
  expect_error({"play", "emergo", "--seed", "-1"}, "--seed");
  expect_error({"play", "emergo", "--plies", "2000000"}, "--plies 2000000 is too many");
  expect_error({"play", "emergo", "--depth", "1"}, "--depth does not apply to perft play");
  expect_error({"emergo", "--depth", "1", "--seed", "1"}, "--seed does not apply to a count");
  expect_error({"play"}, "perft play needs a spec");
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(PerftSuite, CountsPassesFailuresAndSkips) {
  const std::string path =
      write_temp("suite.perft",
                 "# two good tests, one wrong, one skipped, a malformed line, a bad position\n"
                 "emergo; start; D1 40; D2 1504; id good; src RULES.md\n"
                 "emergo; start; D2 1505; D3 55172; id wrong; src planted error\n"
                 "emergo; start; D1; id malformed; src none\n"
                 "emergo; 9/9/9 w 1 1; D1 1; D2 2; id bad-position; src none\n"
                 "emergo; start; moves d5; D1 1; id illegal-move; src none\n");
  const CliRun r = perft({"suite", path, "--max-nodes", "10000"});
  EXPECT_EQ(r.status, 1) << r.out;
  const auto out = lines(r.out);
  EXPECT_EQ(out.back(), "2 passed, 5 failed, 1 skipped") << r.out;
  EXPECT_TRUE(contains(r.out, "FAIL  wrong D2: expected 1505, got 1504")) << r.out;
  EXPECT_TRUE(contains(r.out, "skip  wrong D3 (55172 > --max-nodes 10000)")) << r.out;
  EXPECT_TRUE(contains(r.out, "FAIL  line 4: ")) << r.out;
  EXPECT_TRUE(contains(r.out, "FAIL  bad-position (all 2 tests): ")) << r.out;
  EXPECT_TRUE(contains(r.out, "FAIL  illegal-move (all 1 tests): move 1 'd5'")) << r.out;
  // A failing count shows the position and how to reproduce it.
  EXPECT_TRUE(contains(r.out, "divide:   perft emergo --depth 2 --divide")) << r.out;
}

TEST(PerftSuite, MaxNodesTakesAnyCount) {
  const std::string path = write_temp("max.perft", "eximo; start; D1 40; id x; src RULES.md\n");
  const CliRun r = perft({"suite", path, "--max-nodes", "18446744073709551615"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines(r.out).back(), "1 passed, 0 failed, 0 skipped") << r.out;
}

TEST(PerftSuite, MaxNodesSkipsOnlyCountsAboveIt) {
  // I4: "a test whose expected count is above N is skipped": equal to N runs.
  const std::string path =
      write_temp("edge.perft", "eximo; start; D1 40; D2 1600; id x; src RULES.md\n");
  const CliRun at = perft({"suite", path, "--max-nodes", "1600"});
  EXPECT_EQ(at.status, 0) << at.out;
  EXPECT_EQ(lines(at.out).back(), "2 passed, 0 failed, 0 skipped") << at.out;
  const CliRun below = perft({"suite", path, "--max-nodes", "1599"});
  EXPECT_EQ(lines(below.out).back(), "1 passed, 0 failed, 1 skipped") << below.out;
}

TEST(PerftSuite, MaxNodesAlsoSkipsDepthsBehindATooBigShallowerCount) {
  // Planted: D2 is listed as 0, but perft(2) must walk D1's 40 nodes first.
  const std::string path =
      write_temp("behind.perft", "emergo; start; D1 40; D2 0; id x; src none\n");
  const CliRun r = perft({"suite", path, "--max-nodes", "39"});
  EXPECT_EQ(r.status, 2) << r.out;  // nothing ran (below)
  EXPECT_TRUE(contains(r.out, "skip  x D2 (D1 = 40 > --max-nodes 39)")) << r.out;
  EXPECT_EQ(lines(r.out).back(), "0 passed, 0 failed, 2 skipped") << r.out;
}

TEST(PerftSuite, EveryTestSkippedIsAnError) {
  // As verify's "nothing was checked": a --max-nodes below every count is no pass.
  const std::string path =
      write_temp("all-skipped.perft", "eximo; start; D2 1600; D3 64000; id x; src RULES.md\n");
  for (const auto& extra : {std::vector<std::string>{}, std::vector<std::string>{"--compare"}}) {
    std::vector<std::string> args{"suite", path, "--max-nodes", "100"};
    args.insert(args.end(), extra.begin(), extra.end());
    const CliRun r = perft(args);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_EQ(r.err, "perft: error: nothing was run: 2 skipped (first: x D2" +
                         std::string(extra.empty() ? "" : " compare") +
                         ": 1600 > --max-nodes 100)\n")
        << r.err;
    EXPECT_EQ(lines(r.out).back(), "0 passed, 0 failed, 2 skipped") << r.out;
  }
  // One test run, even a failing one, is a verdict.
  const std::string one =
      write_temp("one-runs.perft", "eximo; start; D1 41; D3 64000; id x; src RULES.md\n");
  EXPECT_EQ(perft({"suite", one, "--max-nodes", "100"}).status, 1);
}

TEST(PerftSuite, AllPassingExitsZero) {
  const std::string path =
      write_temp("pass.perft", "eximo; start; D1 40; D2 1600; id x; src RULES.md\n");
  for (const char* impl : {"engine", "reference"}) {
    const CliRun r = perft({"suite", path, "--impl", impl});
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(lines(r.out).back(), "2 passed, 0 failed, 0 skipped") << r.out;
  }
  const CliRun c = perft({"suite", path, "--compare"});
  EXPECT_EQ(c.status, 0) << c.out;
  EXPECT_EQ(lines(c.out).back(), "2 passed, 0 failed, 0 skipped") << c.out;
}

TEST(PerftSuite, CompareFailsWhenBothImplementationsDisagreeWithTheFile) {
  // I4: --compare checks the file's count too, not only engine == reference
  // (closes the mutant perft/I4-suite-compare-skips-file-count).
  const std::string path = write_temp(
      "compare-wrong.perft", "emergo; start; D1 40; D2 1505; id wrong; src planted error\n");
  const CliRun r = perft({"suite", path, "--compare"});
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_EQ(lines(r.out).back(), "1 passed, 1 failed, 0 skipped") << r.out;
  EXPECT_TRUE(contains(r.out, "FAIL  wrong D2 compare: both give 1504, expected 1505")) << r.out;
  // The failure's body (text, JUnit, --github) says how to see it again.
  const std::string xml = ::testing::TempDir() + "compare-wrong.xml";
  const CliRun j = perft({"suite", path, "--compare", "--junit", xml, "--github"});
  EXPECT_EQ(j.status, 1) << j.err;
  const std::string again = "compare:  perft compare emergo --depth 2";
  EXPECT_TRUE(contains(j.out, again)) << j.out;
  std::ifstream in(xml);
  const std::string text{std::istreambuf_iterator<char>(in), {}};
  EXPECT_TRUE(contains(text, again)) << text;
  EXPECT_TRUE(contains(j.out, "::error ") && contains(j.out, "perft compare emergo --depth 2"))
      << j.out;
}

TEST(PerftSuite, ResultTestsCompareEveryOutcome) {
  const std::string path = write_temp(
      "results.perft",
      "ecalper:size=5,replace=last-added; BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBWWWWWW/WWWWWWWW/WWWWWWW/"
      "WWWWWW/WWWW1 b - D5:E5,G8,H9; D1 3; R1 draw=1,w=2; id right; src hand count\n"
      "ecalper:size=5,replace=last-added; BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBWWWWWW/WWWWWWWW/WWWWWWW/"
      "WWWWWW/WWWW1 b - D5:E5,G8,H9; D1 3; R1 w=3; id wrong; src planted error\n");
  const CliRun r = perft({"suite", path});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines(r.out).back(), "3 passed, 1 failed, 0 skipped") << r.out;
  EXPECT_TRUE(contains(r.out, "FAIL  wrong R1: expected w=3, got draw=1,w=2")) << r.out;
}

// ---- regressions: numbers and limits on the command line

TEST(PerftCli, DepthAboveTheLimitIsAnErrorOnTheCommandLine) {
  expect_error({"emergo", "--depth", std::to_string(kMaxDepth + 1)}, "too deep (at most 64)");
  expect_error({"compare", "emergo", "--depth", "300"}, "too deep");
}

TEST(PerftSuite, DepthAboveTheLimitInAFileFailsItsLineWithoutRunning) {
  // Was a stack overflow (SIGSEGV): D300 was accepted by the fixture parser.
  const std::string path = write_temp("deep.perft", "eximo; start; D300 1; id a; src t\n");
  const CliRun r = perft({"suite", path});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "FAIL  line 1: field 3 (D300): depth 300 is too deep (at most 64"))
      << r.out;
  EXPECT_EQ(lines(r.out).back(), "0 passed, 1 failed, 0 skipped") << r.out;
}

TEST(PerftCli, NumbersFollowTheFixtureRule) {
  // One rule for the command line and fixtures: plain digits, no leading zero.
  expect_error({"emergo", "--depth", "007"}, "--depth expects a non-negative integer");
  expect_error({"suite", "fixtures/emergo.perft", "--max-nodes", "01"}, "leading zero");
  expect_error({"play", "emergo", "--seed", "00"}, "--seed");
  EXPECT_EQ(perft({"emergo", "--depth", "0"}).status, 0);
}

TEST(PerftSuite, ADirectoryAMissingFileOrAFileWithoutTestsIsAnError) {
  expect_error({"suite", "fixtures"}, "is a directory");
  expect_error({"suite", "fixtures/"}, "is a directory");
  expect_error({"suite", "no/such/file.perft"}, "cannot read");
  const std::string empty = write_temp("empty.perft", "# only a comment\n\n");
  expect_error({"suite", empty}, "has no test lines");
}

// A stream buffer that counts flushes, to see lines leave as they are written.
class CountingBuf : public std::stringbuf {
 public:
  int syncs = 0;

 protected:
  int sync() override {
    ++syncs;
    return std::stringbuf::sync();
  }
};

TEST(PerftSuite, EachTestLineIsFlushedWhenItEnds) {
  const std::string path = write_temp("flush.perft",
                                      "eximo; start; D1 40; D2 1600; id x; src RULES.md\n"
                                      "eximo; start; D1 41; id y; src planted error\n");
  CountingBuf buf;
  std::ostream out(&buf);
  std::ostringstream err;
  EXPECT_EQ(run_perft_cli({"suite", path}, out, err), 1);
  EXPECT_GE(buf.syncs, 4) << "header, 3 tests, total: " << buf.str();
  EXPECT_EQ(err.str(), "");  // no progress unless stderr is a terminal
}

TEST(PerftSuite, ProgressGoesToStderrOnATerminal) {
  const std::string path =
      write_temp("progress.perft", "eximo; start; D1 40; D2 1600; id x; src RULES.md\n");
  std::ostringstream out, err;
  EXPECT_EQ(run_perft_cli({"suite", path}, out, err, /*progress=*/true), 0);
  EXPECT_TRUE(contains(err.str(), "test 1/2 x D1 ...")) << err.str();
  EXPECT_TRUE(contains(err.str(), "test 2/2 x D2 ...")) << err.str();
  EXPECT_EQ(err.str().substr(err.str().size() - 4), "\r\033[K")
      << "the last progress line is cleared";
  EXPECT_EQ(lines(out.str()).back(), "2 passed, 0 failed, 0 skipped");
}

TEST(PerftCli, HelpOfEachCommand) {
  for (const std::string command : {"compare", "suite", "show", "play"}) {
    for (const auto& args : std::vector<std::vector<std::string>>{
             {command, "--help"}, {"help", command}, {command, "-h"}}) {
      const CliRun r = perft(args);
      EXPECT_EQ(r.status, 0) << command;
      EXPECT_EQ(r.err, "");
      EXPECT_TRUE(contains(r.out, "Usage: perft " + command)) << r.out;
      EXPECT_FALSE(contains(r.out, "usage:")) << "the global usage instead of " << command;
    }
  }
  const CliRun count = perft({"emergo", "--help"});
  EXPECT_EQ(count.status, 0);
  EXPECT_TRUE(contains(count.out, "--depth N")) << count.out;
  EXPECT_TRUE(contains(perft({"help"}).out, "usage:"));
  EXPECT_TRUE(contains(perft({"help", "count"}).out, "--divide"));
}

// The --timeout default (EngineClient::default_timeout) as help and docs state
// it: they said "30, and 1 more per million nodes", without the reply lines,
// and then without the engine's own rate.
TEST(PerftCli, TimeoutHelpAndDocsStateTheDefaultRule) {
  EXPECT_EQ(kTimeoutFloor, 60);
  EXPECT_EQ(kNodesPerSecondAssumed, 1e6);
  EXPECT_EQ(kLinesPerSecondAssumed, 1e5);
  EXPECT_EQ(kRateMargin, 10);
  const std::string rule = "max(60, N / 10^6, 10 N / R) + L / 10^5";
  for (const char* command : {"verify", "bench"}) {
    std::string help = perft({command, "--help"}).out;
    for (char& c : help)
      if (c == '\n') c = ' ';
    EXPECT_TRUE(contains(help, rule)) << command;
    EXPECT_TRUE(contains(help, "max(60, 10 T)")) << command;
  }
  for (const char* doc : {"/../docs/engine-protocol.md", "/../README.md", "/../docs/cli.md"}) {
    std::ifstream in(std::string(ARB_FIXTURES_DIR) + doc);
    std::string text{std::istreambuf_iterator<char>(in), {}};
    for (char& c : text)
      if (c == '\n') c = ' ';
    EXPECT_TRUE(contains(text, rule)) << doc;
  }
}

TEST(PerftCli, OptionsMayComeBeforeTheCommandWord) {
  const CliRun before = perft({"--impl", "reference", "show", "eximo"});
  ASSERT_EQ(before.status, 0) << before.err;
  EXPECT_EQ(before.out, perft({"show", "eximo", "--impl", "reference"}).out);
  const CliRun count = perft({"--depth", "2", "eximo"});
  EXPECT_EQ(count.out.rfind("total 1600 nodes", 0), 0u) << count.out << count.err;
}

TEST(PerftCli, TheWordHelpIsDataOutsideTheCommandWord) {
  expect_error({"show", "emergo", "--position", "help"}, "");
  expect_error({"suite", "help"}, "cannot read fixture file 'help'");
  expect_error({"emergo", "--depth", "1", "--moves", "help"}, "move 1 'help'");
  expect_error({"help", "nosuch"}, "perft help takes one command name");
}

// The message quotes the word that is wrong: the extra one after a good name.
TEST(PerftCli, HelpQuotesTheWrongWord) {
  const CliRun r = perft({"help", "suite", "extra"});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "perft help takes one command name (")) << r.err;
  EXPECT_TRUE(contains(r.err, "), not 'extra'\n")) << r.err;
  EXPECT_TRUE(contains(perft({"help", "nosuch"}).err, "), not 'nosuch'\n"));
}

// perft help lists `count` as a command: the word is accepted before the spec.
TEST(PerftCli, CountIsACommandWord) {
  const CliRun word = perft({"count", "emergo", "--depth", "2"});
  ASSERT_EQ(word.status, 0) << word.err;
  const CliRun plain = perft({"emergo", "--depth", "2"});
  EXPECT_EQ(word.out.substr(0, word.out.find(" in ")), plain.out.substr(0, plain.out.find(" in ")));
  EXPECT_EQ(word.out.rfind("total 1504 nodes", 0), 0u) << word.out;
  const CliRun json = perft({"--depth", "1", "count", "eximo", "--json"});
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_TRUE(contains(json.out, "\"game\": \"eximo\"")) << json.out;
}

TEST(PerftCli, ShowGivesTheCountWithoutListingAHugeMoveList) {
  // Over 10^9 first moves: the list was materialised and died with bad_alloc.
  const CliRun r = perft({"show", "ecalper:size=8,players=3"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto out = lines(r.out);
  EXPECT_EQ(out.back().rfind("legal moves (", 0), 0u) << out.back();
  EXPECT_TRUE(contains(out.back(), "): not listed (more than 10000; --list-moves lists them)"))
      << out.back();
  // Below the limit the list is there, as before.
  EXPECT_TRUE(contains(perft({"show", "eximo"}).out, "legal moves (40): b1-a2 "));
}

TEST(PerftCli, ErrorsShowOddBytesEscapedAndCutLongFields) {
  const CliRun bom =
      perft({"\xEF\xBB\xBF"
             "eximo",
             "--depth", "1"});
  EXPECT_TRUE(contains(bom.err, "unknown game 'U+FEFFeximo'")) << bom.err;
  const CliRun cr = perft({"eximo", "--depth", "1", "--position", "8/8/8/8/8/8/8/8 w\r"});
  EXPECT_EQ(cr.status, 2);
  EXPECT_TRUE(contains(cr.err, "\\r")) << cr.err;
  EXPECT_EQ(cr.err.find('\r'), std::string::npos) << cr.err;
  const CliRun big = perft({std::string(100000, 'x'), "--depth", "1"});
  EXPECT_EQ(big.status, 2);
  EXPECT_EQ(lines(big.err).size(), 1u);
  EXPECT_LT(big.err.size(), 700u) << "a long field is cut";
  EXPECT_TRUE(contains(big.err, "xxx...'")) << big.err.substr(0, 300);
}

TEST(PerftSuite, OddBytesInAFileAreShownEscaped) {
  // A NUL cannot come from a command line, but it can from a file.
  const std::string path =
      write_temp("odd.perft", std::string("\xEF\xBB\xBF"
                                          "eximo; start; D1 40; id bom; src s\n"
                                          "eximo; 8/8/8/8/8/8/8/8 w\x01; D1 1; id ctl; src s\n"
                                          "exi\0mo; start; D1 40; id nul; src s\n",
                                          121));
  const CliRun r = perft({"suite", path});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "FAIL  bom (all 1 tests): unknown game 'U+FEFFeximo'")) << r.out;
  EXPECT_TRUE(contains(r.out, "FAIL  line 2: field 2 (position): control character \\x01"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "FAIL  line 3: field 1 (spec): control character \\x00")) << r.out;
  EXPECT_EQ(r.out.find('\0'), std::string::npos);
  EXPECT_EQ(lines(r.out).back(), "0 passed, 3 failed, 0 skipped") << r.out;
}

TEST(PerftCli, JsonCountsAboveTwoToThe53AreStrings) {
  // P4, I2: exact integers up to 2^53, decimal strings above.
  EXPECT_EQ(json_line(json_count(9007199254740992u)), "9007199254740992");
  EXPECT_EQ(json_line(json_count(9007199254740993u)), "\"9007199254740993\"");
  EXPECT_EQ(json_line(json_count(18446744073709551615u)), "\"18446744073709551615\"");
  nlohmann::ordered_json j;
  j["b"] = 1;
  j["a"] = "x\"y";
  j["d"] = nlohmann::ordered_json::object();
  j["d"]["m"] = json_count(2);
  EXPECT_EQ(json_line(j), "{\"b\": 1, \"a\": \"x\\\"y\", \"d\": {\"m\": 2}}");
}

TEST(PerftCli, VersionIsTheProjectsAndEveryJsonCarriesIt) {
  const CliRun r = perft({"--version"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "perft (arbiter) " + std::string(version()) + "\n");
  const std::string_view v = version();
  EXPECT_EQ(std::count(v.begin(), v.end(), '.'), 2) << v;  // X.Y.Z
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(contains(perft({"--help"}).out, "perft --version"));
  // Appended: the keys of I2 keep their order, the version is the last.
  const CliRun j = perft({"emergo", "--depth", "1", "--json", "--divide"});
  ASSERT_EQ(j.status, 0) << j.err;
  EXPECT_TRUE(contains(j.out, "}, \"version\": \"" + std::string(version()) + "\"}\n")) << j.out;
  const auto parsed = nlohmann::ordered_json::parse(j.out);
  std::vector<std::string> keys;
  for (const auto& [key, value] : parsed.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"game", "impl", "position", "depth", "nodes", "seconds",
                                            "nps", "divide", "version"}));
}

TEST(PerftCli, AMisspeltCommandGetsTheNearestOne) {
  expect_error({"suit", "fixtures/emergo.perft"}, "unknown command 'suit'; did you mean 'suite'?");
  expect_error({"verfy", "emergo"}, "unknown command 'verfy'; did you mean 'verify'?");
  expect_error({"--impl", "reference", "shwo", "eximo"},
               "unknown command 'shwo'; did you mean 'show'?");
  expect_error({"cuont", "emergo"}, "did you mean 'count'?");
  expect_error({"help", "verfiy"}, "perft help: unknown command 'verfiy'; did you mean 'verify'?");
  // A spec is never a misspelt command, a misspelt game not one either, and a
  // word far from every command keeps the count's message.
  EXPECT_EQ(perft({"emergo", "--depth", "1"}).status, 0);
  expect_error({"emerg", "--depth", "1"}, "emerg");
  EXPECT_FALSE(contains(perft({"emerg", "--depth", "1"}).err, "did you mean"));
  expect_error({"emergo", "suit", "--depth", "1"}, "unexpected argument 'suit'");
  EXPECT_FALSE(contains(perft({"xyzzyx", "--depth", "1"}).err, "did you mean"));
}

// "-" is standard output for an output file; the command's own text goes to
// stderr then, and a second claim on standard output is an error.
TEST(PerftCli, DashWritesAnOutputToStandardOutput) {
  const CliRun plain = perft({"split", "emergo", "--depth", "2", "--at", "1"});
  ASSERT_EQ(plain.status, 0) << plain.err;
  const CliRun dash = perft({"split", "emergo", "--depth", "2", "--at", "1", "--out", "-"});
  ASSERT_EQ(dash.status, 0) << dash.err;
  EXPECT_EQ(dash.out, plain.out);
  EXPECT_TRUE(contains(dash.err, "perft split: 8 units at depth 1 of 2 in -")) << dash.err;
  // perft units --out -: the lines as without --out.
  const std::string units = write_temp("dash.units", plain.out);
  const CliRun counted = perft({"units", units});
  ASSERT_EQ(counted.status, 0) << counted.err;
  EXPECT_EQ(perft({"units", units, "--out", "-"}).out, counted.out);
  // suite --junit -: the XML alone on stdout, the text lines on stderr.
  const std::string path = write_temp("dash.perft", "eximo; start; D1 40; id x; src RULES.md\n");
  const CliRun junit = perft({"suite", path, "--junit", "-"});
  ASSERT_EQ(junit.status, 0) << junit.err;
  EXPECT_EQ(junit.out.rfind("<?xml", 0), 0u) << junit.out;
  EXPECT_TRUE(contains(junit.err, "1 passed, 0 failed, 0 skipped")) << junit.err;
  expect_error({"suite", path, "--junit", "-", "--github"},
               "--github writes standard output: --junit - cannot go there too");
  expect_error({"suite", path, "--junit", "-", "--json"},
               "--json writes standard output: --junit - cannot go there too");
  expect_error({"stats", "emergo", "--games", "1", "--report", "-", "--json"},
               "--json writes standard output: --report - cannot go there too");
  expect_error({"merge", "-", "-"}, "'-' (standard input) can be given once");
  expect_error({"suite", "-", "--update"},
               "--update rewrites the fixture file: give a file, not '-' (standard input)");
}

TEST(PerftSuite, JsonIsOneDocumentWithEveryTestAndTheTally) {
  const std::string path = write_temp("json.perft",
                                      "eximo; start; D1 40; D2 1601; D3 64000; id x; src none\n"
                                      "emergo; start; D1; id malformed; src none\n");
  const CliRun r = perft({"suite", path, "--json", "--max-nodes", "2000"});
  EXPECT_EQ(r.status, 1) << r.err;
  ASSERT_EQ(lines(r.out).size(), 1u) << r.out;
  const auto j = nlohmann::ordered_json::parse(r.out);
  EXPECT_EQ(j["file"], path);
  EXPECT_EQ(j["impl"], "engine");
  EXPECT_EQ(j["max_nodes"], 2000);
  EXPECT_EQ(j["passed"], 1);
  EXPECT_EQ(j["failed"], 2);
  EXPECT_EQ(j["skipped"], 1);
  EXPECT_EQ(j["version"], std::string(version()));
  ASSERT_EQ(j["tests"].size(), 4u) << r.out;
  EXPECT_EQ(j["tests"][0]["id"], "x");
  EXPECT_EQ(j["tests"][0]["spec"], "eximo");
  EXPECT_EQ(j["tests"][0]["line"], 1);
  EXPECT_EQ(j["tests"][0]["test"], "D1");
  EXPECT_EQ(j["tests"][0]["result"], "ok");
  EXPECT_EQ(j["tests"][1]["result"], "fail");
  EXPECT_EQ(j["tests"][1]["why"], "expected 1601, got 1600");
  EXPECT_TRUE(contains(j["tests"][1]["detail"].get<std::string>(), "divide:")) << r.out;
  EXPECT_EQ(j["tests"][2]["result"], "skip");
  EXPECT_EQ(j["tests"][3]["test"], "malformed");
  EXPECT_EQ(j["tests"][3]["line"], 2);
  EXPECT_EQ(perft({"suite", path, "--json", "--compare"}).status, 1);
  expect_error({"suite", path, "--json", "--github"},
               "--json and --github both write standard output");
  expect_error({"suite", path, "--json", "--update"}, "not --update");
}

}  // namespace
}  // namespace arb
