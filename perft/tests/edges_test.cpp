// The tool at its edges. Every numeric boundary on both sides (JSON
// counts around 2^53 and above 2^64, option ranges), failed writes, bounded
// input, and split / units / merge where they could lose work or memory.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "arb/games.h"
#include "common/spec.h"
#include "perft/files/units.h"
#include "perft/tests/cli_run.h"
#include "perft/text/json.h"
#include "perft/text/text.h"

namespace arb {
namespace {

using test::run_cli;

std::string temp_path(const std::string& name) { return ::testing::TempDir() + "edges_" + name; }

std::string write_temp(const std::string& name, const std::string& bytes) {
  const std::string path = temp_path(name);
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// One line on stderr with `words`, exit 2, nothing on stdout.
void expect_error(const std::vector<std::string>& args, const std::string& words) {
  const auto r = run_cli(args);
  std::string command;
  for (const auto& a : args) command += " " + a;
  EXPECT_EQ(r.status, 2) << command << "\n" << r.err;
  EXPECT_EQ(r.out, "") << command;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << command << ": " << r.err;
  EXPECT_NE(r.err.find(words), std::string::npos) << command << ": " << r.err;
}

void expect_ok(const std::vector<std::string>& args) {
  const auto r = run_cli(args);
  std::string command;
  for (const auto& a : args) command += " " + a;
  EXPECT_EQ(r.status, 0) << command << "\n" << r.err;
}

constexpr Count kTwo53 = Count{1} << 53;
constexpr Count kTwo64 = Count{1} << 64;

TEST(Edges, I2_JsonCountsAround2To53And2To64) {
  EXPECT_EQ(json_line(json_count(kTwo53 - 1)), "9007199254740991");
  EXPECT_EQ(json_line(json_count(kTwo53)), "9007199254740992");  // exact as a double
  EXPECT_EQ(json_line(json_count(kTwo53 + 1)), "\"9007199254740993\"");
  EXPECT_EQ(json_line(json_count(kTwo64 - 1)), "\"18446744073709551615\"");
  EXPECT_EQ(json_line(json_count(kTwo64)), "\"18446744073709551616\"");
  EXPECT_EQ(json_line(json_count(kCountMax)), "\"340282366920938463463374607431768211455\"");
}

// A shard's results by hand: unit 0 of a one-unit set, multiplicity and
// nodes as given (JSON text).
std::string result_line(const std::string& checksum, const std::string& units,
                        const std::string& unit, const std::string& multiplicity,
                        const std::string& nodes) {
  return "{\"checksum\": \"" + checksum + "\", \"units\": " + units +
         ", \"depth\": 3, \"unit\": " + unit + ", \"multiplicity\": " + multiplicity +
         ", \"nodes\": " + nodes + "}\n";
}

TEST(Edges, P4_MergeReadsCountsAboveTwoTo64AndRefusesAboveTwoTo128) {
  // 2^64 (a string) x 2 = 2^65; a plain number up to 2^64 - 1.
  auto path = write_temp("merge_big", result_line("c", "2", "0", "\"18446744073709551616\"", "2") +
                                          result_line("c", "2", "1", "18446744073709551615", "1"));
  auto r = run_cli({"merge", path});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "total " + to_string(kTwo64 * 2 + kTwo64 - 1) + "\n");
  // 2^53 + 1 as a string and as a number: the same count.
  path = write_temp("merge_53", result_line("c", "2", "0", "\"9007199254740993\"", "1") +
                                    result_line("c", "2", "1", "9007199254740993", "1"));
  r = run_cli({"merge", path});
  EXPECT_EQ(r.out, "total " + to_string((kTwo53 + 1) * 2) + "\n") << r.err;
  // 2^64 as a JSON number is a double to a JSON reader: refused, as is 2^128.
  expect_error(
      {"merge", write_temp("merge_2_64", result_line("c", "1", "0", "18446744073709551616", "1"))},
      "must be a count");
  expect_error({"merge", write_temp("merge_2_128", result_line("c", "1", "0",
                                                               "\"340282366920938463463374607431768"
                                                               "211456\"",
                                                               "1"))},
               "must be a count");
  // 2^128 - 1 x 2: an overflow, never a wrap.
  expect_error(
      {"merge",
       write_temp("merge_overflow",
                  result_line("c", "1", "0", "\"340282366920938463463374607431768211455\"", "2"))},
      "overflow");
}

TEST(Edges, I5_OptionRangesOnBothSides) {
  expect_ok({"emergo", "--depth", "0"});
  expect_error({"emergo", "--depth", "65"}, "--depth 65 is too deep (at most 64)");
  expect_error({"emergo", "--depth", "18446744073709551616"}, "below 2^64");
  expect_ok({"emergo", "--depth", "1", "--threads", "1024"});
  expect_ok({"emergo", "--depth", "1", "--threads", "1"});
  expect_error({"emergo", "--depth", "1", "--threads", "0"},
               "--threads must be between 1 and 1024");
  expect_error({"emergo", "--depth", "1", "--threads", "1025"},
               "--threads must be between 1 and 1024");
  expect_ok({"emergo", "--depth", "1", "--hash", "0"});
  expect_error({"emergo", "--depth", "1", "--hash", "1048577"}, "too big");
  expect_ok({"split", "emergo", "--depth", "2", "--at", "2"});
  expect_error({"split", "emergo", "--depth", "2", "--at", "3"}, "--at 3 is deeper than --depth 2");
  // A depth option is named as given.
  expect_error({"verify", "emergo", "--engine", "true", "--text-depth", "99"},
               "--text-depth 99 is too deep");
}

// Every option range on both sides. The accepted side is shown by
// a later check failing (an option parsed after it), or by a cheap run: a
// finished position counts to depth 64 at once.
TEST(Edges, I5_EveryOptionRangeOnBothSidesOfItsLimit) {
  const std::string finished = "9/9/9/9/9/9/9/9/B8 w 0 0";
  expect_ok({"emergo", "--position", finished, "--depth", "64"});
  expect_error({"emergo", "--position", finished, "--depth", "65"}, "--depth 65 is too deep");
  // verify: --max-nodes without --suite is refused after --depth, --text-depth, --timeout.
  const std::vector<std::string> verify{"verify", "emergo", "--engine", "true"};
  const auto with = [](std::vector<std::string> args, std::vector<std::string> more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
  };
  const std::string later = "--max-nodes applies only with --suite";
  expect_error(with(verify, {"--depth", "64", "--max-nodes", "1"}), later);
  expect_error(with(verify, {"--depth", "65", "--max-nodes", "1"}), "--depth 65 is too deep");
  expect_error(with(verify, {"--text-depth", "64", "--max-nodes", "1"}), later);
  expect_error(with(verify, {"--text-depth", "65", "--max-nodes", "1"}),
               "--text-depth 65 is too deep");
  for (const char* t : {"1", "86400"})
    expect_error(with(verify, {"--timeout", t, "--max-nodes", "1"}), later);
  for (const char* t : {"0", "86401"})
    expect_error(with(verify, {"--timeout", t, "--max-nodes", "1"}),
                 "--timeout must be 1 to 86400 seconds");
  // bench: an output path in no folder is refused after --repeat and --timeout.
  const std::vector<std::string> bench{"bench", "emergo", "--engine",
                                       "true",  "--bmf",  temp_path("no_such_folder/b.json")};
  for (const char* r : {"1", "1000"}) expect_error(with(bench, {"--repeat", r}), "no folder");
  for (const char* r : {"0", "1001"})
    expect_error(with(bench, {"--repeat", r}), "--repeat must be 1 to 1000");
  for (const char* t : {"1", "86400"}) expect_error(with(bench, {"--timeout", t}), "no folder");
  for (const char* t : {"0", "86401"})
    expect_error(with(bench, {"--timeout", t}), "--timeout must be 1 to 86400 seconds");
  // play: a finished game stops at once, whatever --plies allows.
  expect_ok({"play", "emergo", "--position", finished, "--plies", "1000000"});
  expect_error({"play", "emergo", "--position", finished, "--plies", "1000001"},
               "--plies 1000001 is too many (at most 1000000)");
  // stats: --player is checked after --games.
  expect_error({"stats", "emergo", "--games", "1000000000000", "--player", "x"},
               "--player must be random or greedy");
  expect_error({"stats", "emergo", "--games", "1000000000001", "--player", "x"},
               "--games 1000000000001 is too many (at most 1000000000000)");
}

TEST(Edges, I5_ShardRangeOnBothSides) {
  const std::string units = temp_path("shard_units.jsonl");
  ASSERT_EQ(run_cli({"split", "emergo:size=7", "--depth", "2", "--at", "1", "--out", units}).status,
            0);
  expect_ok({"units", units, "--shard", "0/1"});
  expect_ok({"units", units, "--shard", "2/3"});
  expect_error({"units", units, "--shard", "3/3"}, "0 <= i < n");
  expect_error({"units", units, "--shard", "0/0"}, "0 <= i < n");
  expect_error({"units", units, "--shard", "18446744073709551615/18446744073709551615"},
               "0 <= i < n");
  // A shard beyond the units (i >= units < n) is empty, not an error.
  const auto r = run_cli({"units", units, "--shard", "1000/1001"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("\"unit\""), std::string::npos) << r.out;
}

// A failed write of the output is exit 2 with one line.
TEST(Edges, I5_AFailedWriteOfTheOutputIsAnError) {
  std::ostringstream out, err;
  out.setstate(std::ios::badbit);  // as a full disk leaves it
  EXPECT_EQ(run_perft_cli({"emergo", "--depth", "1"}, out, err), 2);
  EXPECT_NE(err.str().find("cannot write the output"), std::string::npos) << err.str();
  EXPECT_EQ(err.str().find('\n'), err.str().size() - 1);
  // Output files: a device is written in place (never renamed over), checked.
  expect_error({"split", "emergo", "--depth", "2", "--at", "1", "--out", "/dev/full"},
               "cannot write '/dev/full'");
  expect_error({"diff", "eximo", "eximo:drops=optional", "--depth", "1", "--report", "/dev/full"},
               "cannot write the report '/dev/full'");
  // The file is named (it said only "cannot write --report").
  expect_error({"stats", "emergo", "--games", "2", "--report", "/dev/full"},
               "cannot write the report '/dev/full' (--report)");
}

// No input file grows memory without bound.
TEST(Edges, I5_InputIsBounded) {
  expect_error({"suite", "/dev/zero"}, "over 64 MiB");
  expect_error({"units", "/dev/zero"}, "a line longer than 65536 bytes");
  expect_error({"merge", "/dev/zero"}, "a line longer than 65536 bytes");
  expect_error({"merge", write_temp("long_line", std::string(kMaxLineBytes + 1, ' ') + "\n")},
               "a line longer than");
  // A units header asking for more units than a set holds.
  expect_error(
      {"units", write_temp("huge_set",
                           "{\"split\": 2, \"game\": \"emergo\", \"position\": "
                           "\"x\", \"depth\": 3, \"at\": 1, \"units\": " +
                               std::to_string(kMaxUnits + 1) + ", \"checksum\": \"0\"}\n")},
      "more than a set holds");
  expect_error(
      {"merge", write_temp("huge_merge", result_line("c", "18446744073709551615", "0", "1", "1"))},
      "more than a set holds");
}

// Split estimates before it expands; the message gives the
// estimate and how to split further.
TEST(Edges, I5_SplitRefusesAPlyTooWideForMemory) {
  // Ecalper (RULES.md): C(127,3) = 333375 first moves, all to distinct
  // positions, each with 3 * C(124,3) + 1 = 930373 answers: up to
  // 310163098875 positions at ply 2, counted before any is built.
  expect_error({"split", "ecalper", "--depth", "4", "--at", "2"},
               "--at 2: up to 310163098875 positions at ply 2");
  expect_error({"split", "ecalper", "--depth", "4", "--at", "2"}, "split at --at 1 or less");
  expect_ok({"split", "ecalper:size=5", "--depth", "2", "--at", "1"});
}

// One root's moves are refused before any position is built (Ecalper size 5
// for three players: 5949147 positions, 1.5 GB), and
// below the root the expansion stops at the limit.
TEST(Edges, I5_SplitRefusesBeforeItBuildsThePositions) {
  const auto split = [](const std::string& spec, int at, std::size_t limit) {
    return Games::with_game(Spec::parse(spec), Impl::kEngine, [&](const auto& g) {
      try {
        split_units(g, g.start(), at, at, limit);
        return std::string("split");
      } catch (const Error& e) {
        return std::string(e.what());
      }
    });
  };
  // Emergo: 40 first moves, 1504 second ones.
  EXPECT_EQ(split("emergo", 1, 40), "split");
  EXPECT_NE(split("emergo", 1, 39).find("--at 1: up to 40 positions at ply 1"), std::string::npos)
      << split("emergo", 1, 39);
  EXPECT_EQ(split("emergo", 2, 1504), "split");
  // Below the root the units are Emergo's 8 classes of first moves, with 300
  // moves: 300 < 128 x 100 passes the estimate; the expansion stops at 101.
  EXPECT_NE(split("emergo", 2, 100)
                .find("--at 2: up to 300 positions at ply 2, more than a "
                      "units set holds (100)"),
            std::string::npos)
      << split("emergo", 2, 100);
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
  // Refused with 256 MB more address space than the test has: nothing is built.
  std::size_t pages = 0;
  std::ifstream("/proc/self/statm") >> pages;
  const rlim_t bytes = pages * static_cast<rlim_t>(sysconf(_SC_PAGESIZE)) + (rlim_t{256} << 20);
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const rlimit limit{bytes, bytes};
    setrlimit(RLIMIT_AS, &limit);
    const auto r = run_cli({"split", "ecalper:size=5,players=3", "--depth", "2", "--at", "1"});
    const std::string text = std::to_string(r.status) + " " + r.err;
    (void)!write(fds[1], text.data(), text.size());
    _exit(0);
  }
  close(fds[1]);
  std::string got;
  char buf[4096];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) got.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  waitpid(pid, nullptr, 0);
  EXPECT_EQ(got.rfind("2 perft: error: --at 1: up to 5949147 positions at ply 1", 0), 0u) << got;
#endif
}

// A finished root splits into no units; merged, total 0.
TEST(Edges, I5_AnEmptyUnitSetMergesToZero) {
  const std::string units = temp_path("empty_units.jsonl"), shard = temp_path("empty_shard.jsonl");
  std::remove(shard.c_str());
  ASSERT_EQ(run_cli({"split", "emergo", "--position", "9/9/9/9/9/9/9/9/B8 w 0 0", "--depth", "3",
                     "--at", "1", "--out", units})
                .status,
            0);
  EXPECT_NE(read_all(units).find("\"units\": 0"), std::string::npos) << read_all(units);
  const auto u = run_cli({"units", units, "--out", shard});
  ASSERT_EQ(u.status, 0) << u.err;
  const auto m = run_cli({"merge", shard});
  EXPECT_EQ(m.status, 0) << m.err;
  EXPECT_EQ(m.out, "total 0\n");
}

// A unit with no position below it (a finished game) is written too, also
// where perft_many expands the units before sharing them out (4 plies left).
TEST(Edges, P4_AFinishedUnitIsWrittenWithZero) {
  UnitSet set;
  set.game = "emergo";
  set.position = "9/9/9/9/9/9/9/9/9 w 12 12";
  set.depth = 4;
  set.units = {{"9/9/9/9/9/9/9/9/9 w 12 12", 2}, {"9/9/9/9/9/9/9/9/B8 w 0 0", 5}};
  std::ostringstream text;
  write_unit_set(set, text);
  const std::string units = write_temp("finished_units.jsonl", text.str());
  const auto u = run_cli({"units", units, "--threads", "1"});
  ASSERT_EQ(u.status, 0) << u.err;
  EXPECT_NE(u.out.find("\"unit\": 1, \"multiplicity\": 5, \"nodes\": 0}"), std::string::npos)
      << u.out;
  const auto m = run_cli({"merge", write_temp("finished_shard.jsonl", u.out)});
  EXPECT_EQ(m.out, "total " + std::to_string(2 * 1828116) + "\n") << m.err;  // README: perft(4)
}

// A unit is a symmetry class where the engine has canonical(): Emergo's 40
// first moves are 8 classes whose multiplicities add up to 40, and the merged
// total is the count; the reference, without canonical(), keeps the 40.
TEST(Edges, P1_SplitUnitsAreSymmetryClasses) {
  const std::string units = temp_path("classes.jsonl"), shard = temp_path("classes_shard.jsonl");
  std::remove(shard.c_str());
  ASSERT_EQ(run_cli({"split", "emergo", "--depth", "3", "--at", "1", "--out", units}).status, 0);
  const UnitSet set = read_unit_set(units);
  ASSERT_EQ(set.units.size(), 8u);
  Count moves = 0;
  for (const auto& u : set.units) moves += u.multiplicity;
  EXPECT_EQ(moves, 40);
  ASSERT_EQ(run_cli({"units", units, "--out", shard}).status, 0);
  EXPECT_EQ(run_cli({"merge", shard}).out, "total 55172\n");  // RULES.md: Emergo perft(3)
  ASSERT_EQ(run_cli({"split", "emergo", "--depth", "3", "--at", "1", "--impl", "reference", "--out",
                     units})
                .status,
            0);
  EXPECT_EQ(read_unit_set(units).units.size(), 40u);
}

// --at auto leaves the game's probe depth below the units (3 plies for
// Eximo, 4 for Meridians), fewer where the tree is shallower.
TEST(Edges, I5_SplitAtAutoLeavesTheProbeDepth) {
  const std::string units = temp_path("auto.jsonl");
  ASSERT_EQ(run_cli({"split", "eximo", "--depth", "5", "--at", "auto", "--out", units}).status, 0);
  EXPECT_EQ(read_unit_set(units).at, 2);
  ASSERT_EQ(run_cli({"split", "meridians", "--depth", "5", "--at", "auto", "--out", units}).status,
            0);
  EXPECT_EQ(read_unit_set(units).at, 1);
  ASSERT_EQ(run_cli({"split", "eximo", "--depth", "2", "--at", "auto", "--out", units}).status, 0);
  EXPECT_EQ(read_unit_set(units).at, 0);
  expect_error({"split", "eximo", "--depth", "2", "--at", "automatic"}, "--at");
}

// A shard reads every line of the set (the checksum) but keeps only its
// units; a unit line spelt otherwise than split writes it (a count as a
// string, spaces) is read by the JSON parser, to the same set.
TEST(Edges, I5_AShardReadsItsUnitsOfTheWholeSet) {
  const std::string units = temp_path("shard_read.jsonl");
  ASSERT_EQ(run_cli({"split", "eximo", "--depth", "3", "--at", "1", "--out", units}).status, 0);
  const ShardUnits all = read_shard_units(units, 0, 1), odd = read_shard_units(units, 1, 3);
  EXPECT_EQ(all.total, 20u);
  EXPECT_EQ(odd.total, 20u);
  EXPECT_EQ(odd.checksum, all.checksum);
  ASSERT_EQ(odd.numbers.size(), 7u);  // units 1, 4, ..., 19
  for (std::size_t k = 0; k < odd.numbers.size(); ++k) {
    EXPECT_EQ(odd.numbers[k], 1 + 3 * k);
    EXPECT_EQ(odd.set.units[k].position, all.set.units[1 + 3 * k].position);
  }
  std::string text = read_all(units);
  const std::size_t line = text.find("{\"unit\": 4,");
  ASSERT_NE(line, std::string::npos);
  const std::size_t m = text.find("\"multiplicity\": ", line) + 16;
  text.replace(m, text.find('}', m) - m, "\"" + text.substr(m, text.find('}', m) - m) + "\" ");
  const ShardUnits spelt = read_shard_units(write_temp("shard_spelt.jsonl", text), 1, 3);
  EXPECT_EQ(spelt.checksum, all.checksum);
  EXPECT_EQ(spelt.set.units[1].multiplicity, all.set.units[4].multiplicity);
}

// --out is checked before counting; a partial results file
// of the shard is resumed (a line cut short counted again), another shard's
// refused; merge reads the old files without a header too.
TEST(Edges, I5_UnitsResumesItsShardAndChecksOutFirst) {
  const std::string units = temp_path("resume_units.jsonl"), out = temp_path("resume_out.jsonl");
  std::remove(out.c_str());
  ASSERT_EQ(run_cli({"split", "eximo", "--depth", "3", "--at", "1", "--out", units}).status, 0);
  expect_error({"units", units, "--out", temp_path("no_such_folder/out.jsonl")}, "cannot write");
  const auto whole = run_cli({"units", units, "--shard", "1/2"});
  ASSERT_EQ(whole.status, 0) << whole.err;
  // The header, two whole units and half a third, as a killed run leaves it.
  std::istringstream lines(whole.out);
  std::string header, a, b, c;
  std::getline(lines, header), std::getline(lines, a), std::getline(lines, b),
      std::getline(lines, c);
  ASSERT_NE(header.find("\"results\": 1"), std::string::npos) << header;
  write_temp("resume_out.jsonl", header + "\n" + a + "\n" + b + "\n" + c.substr(0, 20));
  const auto resumed = run_cli({"units", units, "--shard", "1/2", "--out", out});
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("2 units already counted"), std::string::npos) << resumed.err;
  const std::string text = read_all(out);
  EXPECT_EQ(text.find(c.substr(0, 20) + "{"), std::string::npos) << "the cut line is gone";
  // Each unit once: the same lines as the whole run, in some order.
  std::multiset<std::string> got, want;
  std::istringstream t(text), w(whole.out);
  for (std::string l; std::getline(t, l);) got.insert(l);
  for (std::string l; std::getline(w, l);) want.insert(l);
  EXPECT_EQ(got, want);
  // Merged with shard 0 (old format: no header), the direct count.
  const auto zero = run_cli({"units", units, "--shard", "0/2"});
  std::string old_format;
  std::istringstream z(zero.out);
  for (std::string l; std::getline(z, l);)
    if (l.find("\"results\"") == std::string::npos) old_format += l + "\n";
  const auto m = run_cli({"merge", out, write_temp("resume_zero.jsonl", old_format)});
  EXPECT_EQ(m.out, "total 60284\n") << m.err;  // RULES.md: Eximo perft(3) from the start
  // Another shard's file is not resumed into.
  expect_error({"units", units, "--shard", "0/2", "--out", out}, "another shard");
}

// split's threads share each ply, the merging of classes and the writing:
// the units file is byte for byte the same for 1, 2 and 3 of them, on every
// kind of set (classes of the engines, the reference's positions, a ply of
// finished games, the root itself).
TEST(Edges, I5_SplitIsTheSameOnAnyNumberOfThreads) {
  const std::vector<std::vector<std::string>> splits = {
      {"emergo", "--depth", "6", "--at", "auto"},
      {"eximo", "--depth", "5", "--at", "3"},
      {"meridians:size=6", "--depth", "4", "--at", "2"},
      {"emergo:size=7", "--depth", "4", "--at", "2", "--impl", "reference"},
      {"emergo", "--position", "9/9/9/9/9/9/9/9/B8 w 0 0", "--depth", "3", "--at", "2"},
      {"eximo", "--depth", "3", "--at", "0"}};
  for (const auto& split : splits) {
    std::vector<std::string> files, sums;
    for (const char* threads : {"1", "2", "3"}) {
      const std::string out = temp_path(std::string("threads_") + threads + ".jsonl");
      auto args = split;
      args.insert(args.begin(), "split");
      for (const char* a : {"--threads", threads, "--out", out.c_str()}) args.push_back(a);
      const auto r = run_cli(args);
      ASSERT_EQ(r.status, 0) << split[0] << " " << r.err;
      files.push_back(read_all(out));
      sums.push_back(r.err.substr(r.err.find("(checksum")));
    }
    EXPECT_GT(files[0].size(), 100u) << split[0];
    EXPECT_EQ(files[1], files[0]) << split[0] << ": 2 threads";
    EXPECT_EQ(files[2], files[0]) << split[0] << ": 3 threads";
    EXPECT_EQ(sums[1], sums[0]) << split[0];
    EXPECT_EQ(sums[2], sums[0]) << split[0];
  }
  // The CLI reduces --threads to the cores; the library takes any number.
  for (const char* spec : {"emergo", "eximo", "meridians:size=6"}) {
    std::vector<std::string> texts;
    for (const int threads : {1, 2, 3, 5}) {
      const UnitSet set = Games::with_game(Spec::parse(spec), Impl::kEngine, [&](const auto& g) {
        return split_units(g, g.start(), 5, 3, kMaxUnits, threads);
      });
      std::string text;
      write_unit_set(
          set, [&](std::string_view piece) { text += piece; }, threads);
      texts.push_back(text);
    }
    for (std::size_t k = 1; k < texts.size(); ++k)
      EXPECT_EQ(texts[k], texts[0]) << spec << " " << k;
  }
  // Counted, the threaded split's units give the direct count.
  const std::string units = temp_path("threads_2.jsonl"), shard = temp_path("threads_shard.jsonl");
  ASSERT_EQ(
      run_cli({"split", "emergo", "--depth", "5", "--at", "3", "--threads", "2", "--out", units})
          .status,
      0);
  std::remove(shard.c_str());
  ASSERT_EQ(run_cli({"units", units, "--out", shard}).status, 0);
  const std::string direct = run_cli({"emergo", "--depth", "5", "--threads", "1"}).out;
  ASSERT_NE(direct.find(" nodes"), std::string::npos) << direct;
  EXPECT_EQ(run_cli({"merge", shard}).out, direct.substr(0, direct.find(" nodes")) + "\n");
  expect_error({"split", "emergo", "--depth", "3", "--at", "1", "--threads", "0"}, "--threads");
}

// A units file of format 1 (its FNV-1a checksum, before the faster one) is
// refused in one line that says what to do.
TEST(Edges, I5_AnOlderUnitsFileIsRefused) {
  const std::string old = write_temp(
      "format1.jsonl",
      "{\"split\": 1, \"game\": \"emergo\", \"position\": \"x\", \"depth\": 3, \"at\": 1, "
      "\"units\": 0, \"checksum\": \"cbf29ce484222325\"}\n");
  const auto r = run_cli({"units", old});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("a units file of format 1 (an older perft split's checksum); write it "
                       "again with this perft split"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

// The same checksum with another number of units is not
// "checksum X, not X".
TEST(Edges, I5_MergeNamesWhatDiffers) {
  const auto path = write_temp(
      "merge_units", result_line("c", "2", "0", "1", "1") + result_line("c", "3", "1", "1", "1"));
  const auto r = run_cli({"merge", path});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("3 units where the set c has 2"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("not c"), std::string::npos) << r.err;
}

// An old report goes as soon as the run starts; a run that
// fails leaves none (no stale verdict, no empty file).
TEST(Edges, I5_AFailedRunLeavesNoReport) {
  const std::string report = write_temp("old_report.html", "<p>the engine agrees</p>");
  const auto r = run_cli({"verify", "emergo", "--engine", "exit 3", "--report", report});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_FALSE(std::ifstream(report).good()) << "a stale report remains";
  const std::string fresh = temp_path("new_report.html");
  std::remove(fresh.c_str());
  EXPECT_EQ(run_cli({"verify", "emergo", "--engine", "exit 3", "--report", fresh}).status, 2);
  EXPECT_FALSE(std::ifstream(fresh).good()) << "an empty report was left";
  // A bad path is found before the engine starts.
  expect_error({"diff", "eximo", "eximo:drops=optional", "--depth", "1", "--report",
                temp_path("no_such_folder/r.html")},
               "cannot write");
}

TEST(Edges, I5_RateIsNeverTwoTo128) {
  EXPECT_EQ(rate_text(kCountMax, 1e-30, no_rate_reason(1e-30, false)).find("3402823669"),
            std::string::npos);
  EXPECT_EQ(rate_text(kCountMax, 0.5, no_rate_reason(0.5, false)).find("3402823669"),
            std::string::npos);
}

}  // namespace
}  // namespace arb
