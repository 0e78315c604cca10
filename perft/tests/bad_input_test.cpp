// Bad input, end to end: every command of the perft tool
// given malformed specs, positions, moves, options and files. Each must end
// in one line on stderr naming the problem and exit 2 (RULES.md I5): never a
// crash, a hang, output on stdout or a silent wrong answer.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "perft/cli/cli.h"
#include "perft/count/counting.h"
#include "perft/text/text.h"

namespace arb {
namespace {

struct Case {
  std::vector<std::string> args;
  std::string words;  // part of the expected message
};

std::string temp_file(const std::string& name, const std::string& bytes) {
  const std::string path = ::testing::TempDir() + "bad_input_" + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

void expect_one_line_error(const Case& c) {
  std::ostringstream out, err;
  const int status = run_perft_cli(c.args, out, err);
  std::string command;
  for (const auto& a : c.args) command += " " + (a.size() > 40 ? a.substr(0, 40) + "..." : a);
  EXPECT_EQ(status, 2) << command << "\n" << err.str().substr(0, 500);
  EXPECT_EQ(out.str(), "") << command;
  const std::string e = err.str();
  EXPECT_FALSE(e.empty()) << command;
  EXPECT_EQ(e.find('\n'), e.size() - 1) << command << ": not one line: " << e.substr(0, 500);
  EXPECT_LT(e.size(), 1000u) << command << ": a long field must be cut";
  EXPECT_NE(e.find(c.words), std::string::npos) << command << "\nerror: " << e.substr(0, 500);
}

const std::string kMegabyte(1 << 20, '9');

TEST(BadInput, Specs) {
  for (const Case& c : std::vector<Case>{
           {{"", "--depth", "1"}, "spec"},
           {{"emergo:", "--depth", "1"}, "emergo:"},
           {{"emergo:size", "--depth", "1"}, "size"},
           {{"emergo:size=7,size=9", "--depth", "1"}, "size"},
           {{"emergo,size=7", "--depth", "1"}, "emergo,size=7"},
           {{"meridians:swap=1", "--depth", "1"}, "swap"},
           {{"ecalper:players=4", "--depth", "1"}, "players"},
           {{"ecalper:size=07", "--depth", "1"}, "size"},
           {{"EMERGO", "--depth", "1"}, "EMERGO"},
           {{kMegabyte, "--depth", "1"}, "..."},
           {{"show", "chess"}, "chess"},
           {{"play", "emergo:size=8"}, "size"},
           {{"compare", "eximo:size=8", "--depth", "1"}, "size"},
       })
    expect_one_line_error(c);
}

TEST(BadInput, Positions) {
  for (const Case& c : std::vector<Case>{
           {{"emergo", "--depth", "1", "--position", ""}, "position"},
           {{"emergo", "--depth", "1", "--position", kMegabyte}, "position"},
           {{"emergo", "--depth", "1", "--position", "9/9/9/9/9/9/9/9/9 w 12 12\n"}, "\\n"},
           {{"emergo", "--depth", "1", "--position", "9/9/9/9/9/9/9/9/9  w 12 12"}, "field"},
           {{"emergo", "--depth", "1", "--position", "9/9/9/9/9/9/9/9/9 w 12 99999999999999999999"},
            "hand"},
           {{"eximo", "--depth", "1", "--position", "8/8/8/8/8/8/8/8 w w"}, "side"},
           {{"ecalper", "--depth", "1", "--position",
             "999999999999/8/9/10/11/12/13/12/11/10/9/8/7 b - -:-"},
            "row"},
           {{"meridians", "--depth", "1", "--position",
             "6/7/8/9/10/11/12/11/10/9/8/7/6 w 0 0 swap"},
            "swap"},
           {{"show", "eximo", "--position", "\xff\xfe"}, "\\xff"},
           {{"compare", "emergo:size=7", "--depth", "1", "--position", "7/7/7/7/7/7/7 w 9 8"},
            "in hand"},
       })
    expect_one_line_error(c);
}

TEST(BadInput, Moves) {
  for (const Case& c : std::vector<Case>{
           {{"emergo", "--depth", "1", "--moves", "d6 d6"}, "move 2 'd6'"},
           {{"emergo", "--depth", "1", "--moves", std::string(1 << 20, 'a')}, "move 1"},
           {{"eximo", "--depth", "1", "--moves", "b3-b4 \xff"}, "move 2"},
           {{"eximo", "--depth", "1", "--moves", "B3-B4"}, "move 1"},
           {{"ecalper:size=5", "--depth", "1", "--moves", "A1+A2+A2"}, "move 1"},
           {{"ecalper:size=5", "--depth", "1", "--moves", "A2+A1+A3"}, "move 1"},
           {{"meridians", "--depth", "1", "--moves", "g01"}, "move 1"},
           {{"meridians", "--depth", "1", "--moves", "swap"}, "move 1"},
           {{"show", "emergo", "--moves", "zz"}, "move 1 'zz'"},
           {{"play", "emergo", "--moves", "d5"}, "move 1 'd5'"},
       })
    expect_one_line_error(c);
}

TEST(BadInput, OptionsAndNumbers) {
  for (const Case& c : std::vector<Case>{
           {{"emergo", "--depth", "65"}, "--depth"},
           {{"emergo", "--depth", "18446744073709551616"}, "--depth"},
           {{"emergo", "--depth", std::string(1000, '9')}, "--depth"},
           {{"emergo", "--depth", "01"}, "--depth"},
           {{"emergo", "--depth", ""}, "--depth"},
           {{"emergo", "--depth", "1 "}, "--depth"},
           {{"emergo", "--depth", "1", "--impl", ""}, "--impl"},
           {{"emergo", "--depth", "1", "--json=1"}, "--json"},
           {{"emergo", "--depth", "1", "-x"}, "-x"},
           {{"emergo", "--depth", "1", "--"}, "--"},
           {{"compare", "emergo", "--depth", "99"}, "--depth"},
           {{"compare", "emergo"}, "--depth"},
           {{"show", "emergo", "--list-moves", "--list-moves"}, "given twice"},
           {{"play", "emergo", "--plies", "18446744073709551616"}, "--plies"},
           {{"play", "emergo", "--seed", "18446744073709551616"}, "--seed"},
           {{"play", "emergo", "--plies", "00"}, "--plies"},
           {{"play", "emergo", "--plies", ""}, "--plies"},
           {{"play", "emergo", "--seed", ""}, "--seed"},
           {{"suite", "fixtures/emergo.perft", "--max-nodes", ""}, "--max-nodes"},
           {{"suite", "fixtures/emergo.perft", "--impl", "both"}, "--impl"},
           {{"suite", "fixtures/emergo.perft", "fixtures/eximo.perft"}, "fixtures/eximo.perft"},
           {{"help", "nosuch"}, "nosuch"},
           {{"nosuch", "--depth", "1"}, "nosuch"},
       })
    expect_one_line_error(c);
}

// A table beyond the machine's memory is refused before any count (else it
// is committed page by page, past a minute, or killed).
TEST(BadInput, HashBeyondPhysicalMemory) {
  const std::uint64_t physical = physical_memory_mb();
  ASSERT_GT(physical, 0u) << "sysconf cannot tell this machine's memory";
  const std::string more = std::to_string(physical + 1);
  for (const Case& c : std::vector<Case>{
           {{"emergo", "--depth", "6", "--hash", more, "--threads", "1"}, "machine's memory"},
           {{"suite", "fixtures/emergo.perft", "--hash", more}, "machine's memory"},
       })
    expect_one_line_error(c);
}

TEST(BadInput, Files) {
  for (const Case& c : std::vector<Case>{
           {{"suite", "no/such/file.perft"}, "cannot read"},
           {{"suite", "fixtures"}, "is a directory"},
           {{"suite", ""}, "fixture file"},
           {{"suite", temp_file("empty.perft", "")}, "has no test lines"},
           {{"suite", temp_file("blank.perft", "\n\n  \n# comment\n")}, "has no test lines"},
       })
    expect_one_line_error(c);
}

// Inside a readable file, a malformed line is one failed test (I4, README
// "Where RULES.md is silent"): exit 1, one short FAIL line, the rest still runs.
TEST(BadInput, MalformedFileLinesFailOneTestEach) {
  const std::string good = "emergo; start; D1 40; id start; src RULES.md\n";
  for (const std::string& bad :
       {std::string("\x7f"
                    "ELF\0\0\x01\x02\n",
                    9),
        std::string(1 << 20, 'x') + "\n", std::string("emergo; start; D1 x\n"),
        std::string("emergo; start; D1 40; D1 41; id a; src s\n")}) {
    std::ostringstream out, err;
    EXPECT_EQ(run_perft_cli({"suite", temp_file("mixed.perft", good + bad)}, out, err), 1);
    EXPECT_EQ(err.str(), "");
    EXPECT_NE(out.str().find("\n1 passed, 1 failed, 0 skipped\n"), std::string::npos) << out.str();
    EXPECT_LT(out.str().size(), 1000u) << "a long line is cut";
    EXPECT_EQ(out.str().find('\0'), std::string::npos);
  }
}

// CRLF line ends are read like LF ones (the carriage return is trailing blank).
TEST(BadInput, CrlfFixtureFileGivesTheSameResults) {
  std::ostringstream out, err;
  EXPECT_EQ(run_perft_cli({"suite", temp_file("crlf.perft",
                                              "emergo; start; D1 40; D2 1504; id start; src "
                                              "RULES.md\r\n# comment\r\n\r\n")},
                          out, err),
            0);
  EXPECT_NE(out.str().find("\n2 passed, 0 failed, 0 skipped\n"), std::string::npos) << out.str();
}

// Positions with more moves than memory can list are an error, not an
// exhausted machine (Ecalper size 8, three players: 1082239158 first moves).
TEST(BadInput, HugeMoveCountsAreAnErrorNotExhaustedMemory) {
  const std::string huge = "ecalper:size=8,players=3";
  for (const Case& c : std::vector<Case>{
           {{huge, "--depth", "1", "--divide"}, "1082239158 legal moves"},
           {{huge, "--depth", "2", "--impl", "reference"}, "1082239158 legal moves"},
           {{huge, "--depth", "1", "--results"}, "1082239158 legal moves"},
           {{"compare", huge, "--depth", "1"}, "1082239158 legal moves"},
           {{"show", huge, "--list-moves"}, "1082239158 legal moves"},
       })
    expect_one_line_error(c);
  // Counting alone needs no list.
  std::ostringstream out, err;
  EXPECT_EQ(run_perft_cli({huge, "--depth", "1", "--impl", "reference"}, out, err), 0) << err.str();
  EXPECT_EQ(out.str().rfind("total 1082239158 nodes", 0), 0u) << out.str();
  // Nor does a game: Ecalper picks its moves by rank (nth_move).
  std::ostringstream game, game_err;
  EXPECT_EQ(run_perft_cli({"play", huge, "--plies", "1"}, game, game_err), 0) << game_err.str();
  EXPECT_NE(game.str().find("  moves     1082239158: "), std::string::npos) << game.str();
  EXPECT_NE(game.str().find(" ... (1082239138 more)\n"), std::string::npos) << game.str();
}

}  // namespace
}  // namespace arb
