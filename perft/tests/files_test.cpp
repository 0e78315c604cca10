// How the tool reads and writes files (perft/text/file_io.h): a link's target is
// written and the link kept, a temporary file never takes a user's name, a
// directory or a file of bytes is named as what it is, a cut shard says how to
// resume it, every failed write says why, and the JUnit document is what CI
// systems read (perft/text/ci_output.h).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "perft/tests/cli_run.h"
#include "perft/text/ci_output.h"
#include "perft/text/file_io.h"

namespace arb {
namespace {

using test::run_cli;

// A fresh folder of its own for each test.
std::string folder(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "files_" + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

void write(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool is_link(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_symlink(path, ec);
}

// One line on stderr with `words`, exit 2.
void expect_error(const std::vector<std::string>& args, const std::string& words) {
  const auto r = run_cli(args);
  std::string command;
  for (const auto& a : args) command += " " + a;
  EXPECT_EQ(r.status, 2) << command << "\n" << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << command << ": " << r.err;
  EXPECT_NE(r.err.find(words), std::string::npos) << command << ": " << r.err;
}

const std::string kStale =  // D2 is wrong: --update rewrites it (engine and reference agree)
    "eximo; start; D1 40; D2 1; id start; src engine and reference agree\n";

TEST(Files, UpdateWritesALinksTargetAndKeepsTheLink) {
  const std::string dir = folder("update_link");
  write(dir + "/real.perft", kStale);
  std::filesystem::create_symlink("real.perft", dir + "/link.perft");
  const auto r = run_cli({"suite", dir + "/link.perft", "--update"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(is_link(dir + "/link.perft")) << "the link was replaced by a file";
  EXPECT_NE(read_all(dir + "/real.perft").find("D2 1600"), std::string::npos)
      << read_all(dir + "/real.perft");
  // Nothing else in the folder: no temporary file left behind.
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 2);
}

TEST(Files, UpdateRefusesWhatItCannotRewrite) {
  const std::string dir = folder("update_fifo");
  const std::string fifo = dir + "/fifo.perft";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  // Refused before it is opened: a FIFO with no writer blocked for ever.
  expect_error({"suite", fifo, "--update"}, "not a regular file");
}

TEST(Files, OutputThroughALinkWritesItsTarget) {
  const std::string dir = folder("out_link");
  std::filesystem::create_symlink("units.jsonl", dir + "/out");  // not there yet
  const auto r = run_cli({"split", "eximo", "--depth", "3", "--at", "1", "--out", dir + "/out"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(is_link(dir + "/out"));
  EXPECT_NE(read_all(dir + "/units.jsonl").find("\"split\""), std::string::npos);
}

TEST(Files, TheTemporaryFileNeverTakesAUsersName) {
  const std::string dir = folder("tmp_name");
  write(dir + "/units.jsonl.tmp", "mine\n");
  write(dir + "/units.jsonl", "old\n");
  chmod((dir + "/units.jsonl").c_str(), 0640);
  ASSERT_EQ(run_cli({"split", "eximo", "--depth", "2", "--at", "1", "--out", dir + "/units.jsonl"})
                .status,
            0);
  EXPECT_EQ(read_all(dir + "/units.jsonl.tmp"), "mine\n");
  EXPECT_NE(read_all(dir + "/units.jsonl").find("\"split\""), std::string::npos);
  struct stat st {};
  ASSERT_EQ(stat((dir + "/units.jsonl").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u) << "the file keeps its mode";
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 2);
}

TEST(Files, ADirectoryIsNamedAsOne) {
  const std::string dir = folder("directory");
  expect_error({"merge", dir}, "'" + dir + "' is a directory");
  expect_error({"units", dir}, "'" + dir + "' is a directory");
  expect_error({"suite", dir}, "is a directory");
}

TEST(Files, BytesAreNotAFixtureFile) {
  const std::string dir = folder("bytes");
  std::string random;
  for (unsigned x = 12345, i = 0; i < 4096; ++i) {
    x = x * 1103515245u + 12345u;
    random += static_cast<char>(x >> 16);
  }
  write(dir + "/random.perft", random);
  write(dir + "/nuls.perft", std::string(1000, '\0'));
  expect_error({"suite", dir + "/random.perft"}, "is not a fixture file");
  expect_error({"suite", dir + "/nuls.perft"}, "is not a fixture file");
  // A text file of malformed lines is still a run of failed tests (I4).
  write(dir + "/typo.perft", "eximo; start; D1 x; id a; src s\n");
  EXPECT_EQ(run_cli({"suite", dir + "/typo.perft"}).status, 1);
}

TEST(Files, ACutShardSaysHowToResumeIt) {
  const std::string dir = folder("cut");
  const std::string units = dir + "/units.jsonl", shard = dir + "/shard.jsonl";
  ASSERT_EQ(run_cli({"split", "eximo", "--depth", "3", "--at", "1", "--out", units}).status, 0);
  const auto whole = run_cli({"units", units});
  ASSERT_EQ(whole.status, 0) << whole.err;
  write(shard, whole.out.substr(0, whole.out.size() - 20));  // the last line cut
  expect_error({"merge", shard}, "cut short");
  expect_error({"merge", shard}, "perft units with --out " + shard + " to resume it");
  // And so it does.
  ASSERT_EQ(run_cli({"units", units, "--out", shard}).status, 0);
  EXPECT_EQ(run_cli({"merge", shard}).out, "total 60284\n");  // RULES.md: Eximo perft(3)
}

TEST(Files, AFailedWriteSaysWhy) {
  const std::string full = "No space left on device";
  expect_error({"split", "eximo", "--depth", "2", "--at", "1", "--out", "/dev/full"}, full);
  expect_error({"diff", "eximo", "eximo:drops=optional", "--depth", "1", "--report", "/dev/full"},
               full);
  expect_error({"suite", "fixtures/eximo.perft", "--max-nodes", "100", "--junit", "/dev/full"},
               full);
  const std::string dir = folder("write_fail");
  const std::string units = dir + "/units.jsonl";
  ASSERT_EQ(run_cli({"split", "eximo", "--depth", "2", "--at", "1", "--out", units}).status, 0);
  expect_error({"units", units, "--out", "/dev/full"}, full);
  EXPECT_THROW(write_output_file(dir + "/no/such/folder", "x", "'x'"), Error);
  try {
    write_output_file(dir + "/no/such/folder", "x", "'x'");
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("No such file or directory"), std::string::npos)
        << e.what();
  }
}

// The JUnit document as Jenkins xUnit's schema takes it by default (no
// `skipped` on <testsuites>, no file/line on a case: the place leads the
// failure's body), with file and line when asked; the start to the second.
TEST(CiOutput, JunitDefaultAndFileAttributes) {
  using namespace std::chrono;
  CiRun run;
  run.name = "perft suite s.perft";
  run.started = sys_days{year{2026} / 11 / 28} + hours{4} + minutes{55} + seconds{12};
  run.seconds = 1.5;
  CiCase pass;
  pass.classname = "good (emergo)";
  pass.name = "D1";
  pass.file = "s.perft";
  pass.line = 1;
  pass.seconds = 0.25;
  CiCase fail = pass;
  fail.name = "D2";
  fail.line = 2;
  fail.status = CiCase::Status::kFail;
  fail.message = "expected 1, got 2";
  fail.body = "the finding\n";
  CiCase skip = pass;
  skip.name = "D5";
  skip.status = CiCase::Status::kSkip;
  skip.message = "59056880 > --max-nodes 100";
  run.cases = {pass, fail, skip};
  const std::string xml = junit_xml(run);
  EXPECT_NE(xml.find("<testsuites name=\"perft suite s.perft\" tests=\"3\" failures=\"1\" "
                     "errors=\"0\" time=\"1.500\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("skipped=\"1\" time=\"1.500\" timestamp=\"2026-11-28T04:55:12\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testcase name=\"D1\" classname=\"good (emergo)\" time=\"0.250\"/>"),
            std::string::npos)
      << xml;
  EXPECT_EQ(xml.find(" file="), std::string::npos) << xml;
  EXPECT_EQ(xml.find(" line="), std::string::npos) << xml;
  EXPECT_NE(xml.find("type=\"difference\">s.perft:2\nthe finding\n</failure>"), std::string::npos)
      << xml;
  run.file_attributes = true;
  const std::string gitlab = junit_xml(run);
  EXPECT_NE(gitlab.find("time=\"0.250\" file=\"s.perft\" line=\"2\">"), std::string::npos)
      << gitlab;
  EXPECT_NE(gitlab.find("type=\"difference\">the finding\n</failure>"), std::string::npos)
      << gitlab;
}

}  // namespace
}  // namespace arb
