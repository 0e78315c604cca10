// perft diff (two rulesets) and perft suite --update (rebaselining),
// run in-process.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "arb/test_games.h"
#include "perft/files/fixture_update.h"
#include "perft/tests/cli_run.h"

namespace arb {
namespace {

using test::CliRun;
CliRun perft(const std::vector<std::string>& args) { return test::run_cli(args); }

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(PerftDiff, OneRulesetAgainstItselfAgrees) {
  const CliRun r = perft({"diff", "eximo", "eximo", "--depth", "3"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "agree to depth 3")) << r.out;
  EXPECT_TRUE(contains(r.out, "60284")) << r.out;  // RULES.md: perft(3) = 60284
}

// M9: the swap option adds `swap` to Black's first turn and nothing else, so the
// first difference is one move from the root, and perft(2) is 12882 against
// 114 * 114 = 12996 (RULES.md, "Meridians").
TEST(PerftDiff, M9_SwapIsTheShortestDifference) {
  const CliRun r = perft({"diff", "meridians", "meridians:swap", "--depth", "2", "--json"});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["result"], "differ");
  EXPECT_EQ(j["depths"][2]["perft_a"], 12882);
  EXPECT_EQ(j["depths"][2]["perft_b"], 12996);
  EXPECT_EQ(j["depths"][1]["positions"], 114);
  EXPECT_EQ(j["depths"][1]["differing"], 114);  // swap after every first stone
  EXPECT_EQ(j["first"]["path"].size(), 1u);
  EXPECT_EQ(j["first"]["path"][0], "a1");  // the least in byte order
  EXPECT_EQ(j["first"]["only_b"], nlohmann::json::array({"swap"}));
  EXPECT_TRUE(j["first"]["only_a"].empty());

  const CliRun text = perft({"diff", "meridians", "meridians:swap", "--depth", "2"});
  EXPECT_EQ(text.status, 1);
  EXPECT_TRUE(contains(text.out, "moves only under meridians:swap (1): swap")) << text.out;
  EXPECT_TRUE(contains(text.out, "path from the root (1 move): a1")) << text.out;
}

TEST(PerftDiff, ReportIsWrittenWithBothBoards) {
  const std::string html = ::testing::TempDir() + "diff.html";
  const CliRun r = perft({"diff", "meridians", "meridians:swap", "--depth", "2", "--report", html});
  EXPECT_EQ(r.status, 1) << r.err;
  const std::string page = read(html);
  EXPECT_TRUE(contains(page, "<table")) << page.substr(0, 400);
  const auto first = page.find("<svg");
  ASSERT_NE(first, std::string::npos) << "A's board";
  EXPECT_NE(page.find("<svg", first + 1), std::string::npos) << "B's board";
  EXPECT_TRUE(contains(page, "swap"));
}

TEST(PerftDiff, BadInputIsOneLine) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"diff", "emergo", "eximo", "--depth", "2"},
           {"diff", "emergo", "--depth", "2"},
           {"diff", "emergo", "emergo:capture=all", "--depth", "2"},
           {"diff", "emergo", "emergo", "--depth", "2", "--impl-b", "fast"},
           {"diff", "emergo", "emergo"}}) {
    const CliRun r = perft(args);
    EXPECT_EQ(r.status, 2) << args[2];
    EXPECT_EQ(r.err.rfind("perft: error: ", 0), 0u) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
  EXPECT_TRUE(
      contains(perft({"diff", "emergo", "eximo", "--depth", "2"}).err, "two rulesets of one game"));
}

// --update: our counts are rewritten where engine and reference agree; an
// outside source is a conflict, never rewritten; the diff shows what moved.
TEST(PerftSuiteUpdate, RewritesOursReportsConflictsAndKeepsTheRest) {
  const std::string path =
      write_temp("update.perft",
                 "# a comment stays\n"
                 "eximo; start; D1 40; D2 1601; id ours; src reference and engine agree (test)\n"
                 "eximo; start; D1 41; id outside; src hand count: wrong on purpose\n"
                 "eximo; start; D1 40; D2 1600; id right; src RULES.md\n");
  const CliRun r = perft({"suite", path, "--update"});
  EXPECT_EQ(r.status, 1) << r.out << r.err;  // one conflict
  EXPECT_TRUE(contains(r.out, "-eximo; start; D1 40; D2 1601; id ours")) << r.out;
  EXPECT_TRUE(contains(r.out,
                       "+eximo; start; D1 40; D2 1600; id ours; src reference and engine "
                       "agree (test), D2 recomputed (perft suite --update"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "conflict: line 3 (id outside): D1 differ")) << r.out;
  EXPECT_TRUE(contains(r.out, "1 lines rewritten, 1 conflicts, 1 unchanged")) << r.out;
  const std::string after = read(path);
  EXPECT_TRUE(contains(after, "# a comment stays\n"));
  EXPECT_TRUE(contains(after, "D2 1600; id ours"));
  EXPECT_TRUE(contains(after, "D1 41; id outside"));  // not rewritten
  EXPECT_EQ(perft({"suite", path, "--update"}).out.find("---"), std::string::npos)
      << "a second run changes nothing";
}

TEST(PerftSuiteUpdate, ReadOnlyFileIsAnErrorAndUntouched) {
  const std::string text = "eximo; start; D1 39; id x; src engine and reference agree (test)\n";
  const std::string path = write_temp("readonly.perft", text);
  chmod(path.c_str(), 0444);
  const CliRun r = perft({"suite", path, "--update"});
  struct stat st {};
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0444u) << "the mode is kept";
  chmod(path.c_str(), 0644);
  // Also as root, whom access() lets write anything: no write bit, no rewrite.
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(contains(r.err, "cannot write")) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_EQ(read(path), text);
  EXPECT_EQ(perft({"suite", path, "--update", "--compare"}).status, 2);
}

// A rewritten file keeps its mode (the temporary file takes it before the rename).
TEST(PerftSuiteUpdate, RewrittenFileKeepsItsMode) {
  const std::string path = write_temp(
      "mode.perft", "eximo; start; D1 39; id x; src engine and reference agree (test)\n");
  chmod(path.c_str(), 0640);
  EXPECT_EQ(perft({"suite", path, "--update"}).status, 0);
  EXPECT_TRUE(contains(read(path), "D1 40; id x"));
  struct stat st {};
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
}

// A src that starts with an outside source is one, even where it adds that
// engine and reference agree on some depths: which count is whose, it does
// not say, so a moved count is a conflict, never rewritten.
TEST(PerftSuiteUpdate, MixedSourceIsAConflict) {
  const std::string text =
      "eximo; start; D1 41; D2 1600; id mixed; src hand count: D1 by hand, D2 engine and "
      "reference agree\n";
  const std::string path = write_temp("mixed.perft", text);
  const CliRun r = perft({"suite", path, "--update"});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "conflict: line 1 (id mixed): D1 differ")) << r.out;
  EXPECT_EQ(read(path), text);
}

// Engine and reference disagree: nothing is written, exit 1, and each
// disagreement (a D<k> and an R<k>) names the compare command that shows it.
// The planted pair: the toy game (toy/) against a copy that never takes 10.
class ToyWithoutTen : public reference::Toy {
 public:
  using reference::Toy::Toy;
  MoveList legal_moves(const Position& p) const {
    MoveList out = reference::Toy::legal_moves(p);
    std::erase(out, Move{10});
    return out;
  }
  std::uint64_t count_moves(const Position& p) const { return legal_moves(p).size(); }
  Move parse_move(const Position& p, std::string_view text) const {
    return find_move_by_text(*this, p, text);
  }
};
static_assert(Game<ToyWithoutTen>);

TEST(PerftSuiteUpdate, DisagreementWritesNothingAndNamesTheCompareCommand) {
  const std::string text =
      "toy; start; D1 3; D2 8; R2 b=2,ongoing=6; id toy; src engine and reference agree (test)\n";
  const std::string path = write_temp("disagree.perft", text);
  std::ostringstream out, err;
  const auto with_pair = [](const std::string& spec, auto&& f) {
    const Spec s = TestGames::parse_spec(spec);
    return f(reference::Toy(s), ToyWithoutTen(s));
  };
  EXPECT_EQ(update_fixture_file(path, std::nullopt, CountOptions{}, out, err, false, with_pair), 1);
  EXPECT_TRUE(contains(out.str(), "engine and reference disagree; nothing written")) << out.str();
  EXPECT_TRUE(contains(out.str(),
                       "D1: engine 3, reference 2 (reproduce: perft compare toy "
                       "--depth 1)"))
      << out.str();
  EXPECT_TRUE(contains(out.str(), "R2: engine ")) << out.str();
  EXPECT_TRUE(contains(out.str(), "(reproduce: perft compare toy --depth 2)")) << out.str();
  EXPECT_EQ(read(path), text);
  // The same pair agreeing (the toy against itself) rewrites nothing that is right.
  std::ostringstream same;
  const auto agree = [](const std::string& spec, auto&& f) {
    const Spec s = TestGames::parse_spec(spec);
    return f(reference::Toy(s), reference::Toy(s));
  };
  EXPECT_EQ(update_fixture_file(path, std::nullopt, CountOptions{}, same, err, false, agree), 0)
      << same.str();
  EXPECT_TRUE(contains(same.str(), "0 lines rewritten, 0 conflicts, 1 unchanged")) << same.str();
}

}  // namespace
}  // namespace arb
