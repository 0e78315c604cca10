// Hashed and threaded perft (perft/count/hashed.h): the same counts as
// the plain recursion, whatever the table size, the hash and the threads.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "engine/emergo/emergo.h"
#include "engine/eximo/eximo.h"
#include "engine/meridians/meridians.h"
#include "perft/cli/cli.h"
#include "perft/count/hashed.h"
#include "perft/count/options.h"
#include "perft/count/perft.h"
#include "perft/count/progress.h"
#include "perft/tests/cli_run.h"
#include "perft/text/json.h"

namespace arb {
namespace {

// A hash that puts every position in one bucket: the table must still be
// exact, because entries keep the whole position.
template <class G>
struct OneBucket : G {
  using G::G;
  std::uint64_t hash(const typename G::Position&) const { return 42; }
};
static_assert(HashedGame<OneBucket<engine::emergo::Emergo>>);

template <class G>
void expect_same_counts(const G& g, const typename G::Position& pos, int depth) {
  const Count plain = perft(g, pos, depth);
  for (const int threads : {1, 2, 3})
    for (const std::size_t mb : {0, 1, 64}) {
      const HashOptions o{mb, threads, static_cast<std::uint64_t>(threads)};
      EXPECT_EQ(to_string(perft_many(g, {pos}, depth, o)[0]), to_string(plain))
          << G::kName << " depth " << depth << " threads " << threads << " hash " << mb;
    }
}

TEST(HashedPerft, EqualsPlainPerftForEveryThreadCountAndTableSize) {
  const engine::emergo::Emergo emergo7(Spec::parse("emergo:size=7"));
  expect_same_counts(emergo7, emergo7.start(), 5);
  const engine::eximo::Eximo eximo(Spec::parse("eximo"));
  expect_same_counts(eximo, eximo.start(), 4);
  const engine::meridians::Meridians meridians(Spec::parse("meridians:size=6"));
  expect_same_counts(meridians, meridians.start(), 3);
}

TEST(HashedPerft, AHashCollisionNeverChangesACount) {
  const OneBucket<engine::emergo::Emergo> g(Spec::parse("emergo:size=7"));
  expect_same_counts(g, g.start(), 4);
  const OneBucket<engine::eximo::Eximo> x(Spec::parse("eximo"));
  expect_same_counts(x, x.start(), 4);
}

TEST(HashedPerft, ManyRootsCountEachRoot) {
  const engine::eximo::Eximo g(Spec::parse("eximo"));
  std::vector<engine::eximo::Eximo::Position> roots;
  for (const auto& m : g.legal_moves(g.start())) roots.push_back(g.play(g.start(), m));
  const auto counts = perft_many(g, roots, 3, HashOptions{4, 2, 0});
  ASSERT_EQ(counts.size(), roots.size());
  Count total = 0;
  for (std::size_t i = 0; i < roots.size(); ++i) {
    EXPECT_EQ(to_string(counts[i]), to_string(perft(g, roots[i], 3)));
    total += counts[i];
  }
  EXPECT_EQ(to_string(total), to_string(perft(g, g.start(), 4)));
}

TEST(HashedPerft, TableMemoryIsBoundedByItsSize) {
  const PerftTable<engine::emergo::Emergo::Position> t(std::size_t{3} << 20, 0);
  EXPECT_LE(t.bytes(), std::size_t{3} << 20);
  EXPECT_GT(t.bytes(), std::size_t{1} << 20);  // the largest power of two of buckets that fits
}

// The table is mapped, not written, and no bigger than the
// tree can fill: perft(0) + ... + perft(depth - 2) positions, a bucket each.
TEST(HashedPerft, TableIsSizedToTheTree) {
  using Emergo = engine::emergo::Emergo;
  const Emergo g(Spec::parse("emergo"));
  using Table = PerftTable<Emergo::Position>;
  const std::size_t asked = std::size_t{2000} << 20;
  // Emergo D6: 1 + 40 + 1504 + 55172 + 1828116 (fixtures/emergo.perft) = 1884833
  // positions at most, 2^21 buckets.
  EXPECT_EQ(detail::table_bytes(g, {g.start()}, 6, asked),
            (std::size_t{1} << 21) * Table::bucket_bytes());
  // A tree bigger than the table asked for keeps the size asked for.
  EXPECT_EQ(detail::table_bytes(g, {g.start()}, 8, std::size_t{1} << 20), std::size_t{1} << 20);
  // Shallow: the smallest table, 1 MB.
  EXPECT_EQ(detail::table_bytes(g, {g.start()}, 3, asked), std::size_t{1} << 20);
}

TEST(HashedPerft, PerftUpToStopsOnceItReachesItsCap) {
  const engine::emergo::Emergo g(Spec::parse("emergo"));
  EXPECT_EQ(to_string(detail::perft_up_to(g, g.start(), 3, Count{1} << 40)), "55172");
  const Count capped = detail::perft_up_to(g, g.start(), 3, 2000);
  EXPECT_GE(capped, Count{2000});
  EXPECT_LT(capped, Count{2000} + 1504);  // at most one subtree of perft(2) past the cap
}

TEST(HashedPerft, JsonCountsAbove2To53AreStrings) {  // P4, I2
  EXPECT_EQ(json_line(json_count(Count{1} << 53)), "9007199254740992");
  EXPECT_EQ(json_line(json_count((Count{1} << 53) + 1)), "\"9007199254740993\"");
  EXPECT_EQ(json_line(json_count(kCountMax)), "\"340282366920938463463374607431768211455\"");
}

using test::CliRun;
CliRun run(const std::vector<std::string>& args) { return test::run_cli(args); }

// Every fixture file (RULES.md I6) passes on the engine with a table of 1 MB
// (so entries are replaced all the time) and 1, 2 or 3 threads, as it does
// without the table (the fixture.*.engine tests).
TEST(HashedPerft, EveryFixturePassesWithTheTableAndThreads) {
  for (const auto& file : std::filesystem::directory_iterator(ARB_FIXTURES_DIR)) {
    if (file.path().extension() != ".perft") continue;
    for (const char* threads : {"1", "2", "3"}) {
      const CliRun r = run({"suite", file.path().string(), "--hash", "1", "--threads", threads,
                            "--max-nodes", "1000000"});
      EXPECT_EQ(r.status, 0) << file.path() << " --threads " << threads << "\n" << r.out << r.err;
      EXPECT_NE(r.out.find(" 0 failed"), std::string::npos) << r.out;
    }
  }
}

TEST(HashedPerft, CountAndDivideAgreeWithAndWithoutTheTable) {
  const CliRun plain =
      run({"emergo:size=7", "--depth", "5", "--divide", "--hash", "0", "--threads", "1"});
  const CliRun hashed =
      run({"emergo:size=7", "--depth", "5", "--divide", "--hash", "2", "--threads", "3"});
  ASSERT_EQ(plain.status, 0) << plain.err;
  ASSERT_EQ(hashed.status, 0) << hashed.err;
  const auto body = [](const std::string& out) { return out.substr(0, out.rfind("total ")); };
  EXPECT_EQ(body(plain.out), body(hashed.out));
  EXPECT_NE(hashed.out.find("total 3488508 nodes"), std::string::npos) << hashed.out;
}

TEST(HashedPerft, SuiteFixtureCountsAbove2To64Parse) {  // P4: a 128-bit expected count
  const std::string path = testing::TempDir() + "big.perft";
  std::ofstream(path) << "eximo; start; D1 340282366920938463463374607431768211455; id big; "
                         "src test\n";
  const CliRun r = run({"suite", path});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("expected 340282366920938463463374607431768211455, got 40"),
            std::string::npos)
      << r.out;
}

TEST(HashedPerft, ProgressLineShowsDepthNodesRateAndEta) {
  std::ostringstream err;
  {
    ProgressLine terminal(err, true);
    const auto line = count_progress(terminal, 8);
    ASSERT_TRUE(line);
    line(PerftProgress{1, 4, 3000000, 2.0});
    EXPECT_EQ(err.str(), "\r\033[Kdepth 8: 3000000 nodes, 1.5e+06 nodes/s, 1/4 parts, ETA 6 s");
  }
  EXPECT_EQ(err.str().substr(err.str().size() - 4), "\r\033[K") << "erased at the end";
  std::ostringstream silent;
  ProgressLine off(silent, false);  // --json, or stderr is no terminal
  EXPECT_FALSE(count_progress(off, 8));
  off.show("x");
  EXPECT_EQ(silent.str(), "");
}

TEST(HashedPerft, BadOptionsAreOneLineErrors) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"eximo", "--depth", "2", "--threads", "0"},
           {"eximo", "--depth", "2", "--hash", "x"},
           {"eximo", "--depth", "2", "--hash", "2000000"},
           {"eximo", "--depth", "2", "--impl", "reference", "--hash", "1"},
           {"suite", ARB_FIXTURES_DIR "/eximo.perft", "--compare", "--threads", "2"},
           {"units", "/nonexistent.jsonl"},
           {"merge"},
       }) {
    const CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args[0];
    EXPECT_EQ(r.err.rfind("perft: error: ", 0), 0u) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
}

// CountOptions reads the options itself, with the messages the CLI and the
// Python module give (one line, naming the option).
TEST(HashedPerft, CountOptionsAreReadAndCheckedInTheLibrary) {
  const CountOptions none = CountOptions::parse("", "", "");
  EXPECT_FALSE(none.megabytes);
  EXPECT_FALSE(none.threads);
  EXPECT_EQ(none.seed, 0u);
  EXPECT_EQ(none.threads_note(), "");
  const CountOptions given = CountOptions::parse("0", "1", "7");
  EXPECT_EQ(given.megabytes, 0u);
  EXPECT_EQ(given.threads, 1);
  EXPECT_EQ(given.seed, 7u);
  const auto message = [](std::string_view hash, std::string_view threads,
                          std::string_view seed) -> std::string {
    try {
      CountOptions::parse(hash, threads, seed);
    } catch (const Error& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(message("x", "", ""),
            "--hash expects a non-negative integer below 2^64 in plain digits, without a leading "
            "zero, got 'x'");
  EXPECT_EQ(message("2000000", "", ""), "--hash 2000000 is too big (at most 1048576 MB)");
  EXPECT_EQ(message("", "0", ""), "--threads must be between 1 and 1024, got 0");
  EXPECT_EQ(message("", "1025", ""), "--threads must be between 1 and 1024, got 1025");
  EXPECT_EQ(message("", "", "01"),
            "--hash-seed expects a non-negative integer below 2^64 in plain digits, without a "
            "leading zero, got '01'");
  EXPECT_EQ(parse_depth("64"), 64);
  try {
    parse_depth("65", "--text-depth");
    ADD_FAILURE() << "depth 65 accepted";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "--text-depth 65 is too deep (at most 64)");
  }
  // More threads than cores: reduced, and the note says so.
  const CountOptions many = CountOptions::parse("", "1024");
  if (default_threads() < 1024) {
    EXPECT_EQ(many.threads, default_threads());
    EXPECT_EQ(many.threads_note(), "perft: --threads 1024 reduced to " +
                                       std::to_string(default_threads()) +
                                       ", the cores of this machine\n");
  }
}

}  // namespace
}  // namespace arb
