// The fixture format (RULES.md I6) and its R<k> extension.
#include <gtest/gtest.h>

#include "common/error.h"
#include "perft/files/fixture.h"

namespace arb {
namespace {

TEST(FixtureFormat, ReadsEveryField) {
  const FixtureCase c = parse_fixture_line(
      "emergo:size=7; start; moves d4 c3; D1 12; D3 999; id E8-example; src hand count: 12", 7);
  EXPECT_EQ(c.line, 7);
  EXPECT_EQ(c.spec, "emergo:size=7");
  EXPECT_EQ(c.position, "start");
  EXPECT_EQ(c.moves, "d4 c3");
  EXPECT_EQ(c.depths, (std::map<int, Count>{{1, 12}, {3, 999}}));
  EXPECT_EQ(c.id, "E8-example");
  EXPECT_EQ(c.src, "hand count: 12");
}

TEST(FixtureFormat, FieldsAfterThePositionComeInAnyOrder) {
  const FixtureCase c = parse_fixture_line("eximo;start;src x;id a;D2 5;moves a1", 1);
  EXPECT_EQ(c.depths.at(2), 5u);
  EXPECT_EQ(c.moves, "a1");
  EXPECT_EQ(c.id, "a");
}

TEST(FixtureFormat, ResultExtension) {
  const FixtureCase c =
      parse_fixture_line("ecalper:size=5; start; D1 3; R1 draw=1,w=2,draw:b+w=0; id r; src s", 1);
  EXPECT_EQ(c.results.at(1),
            (std::map<std::string, Count>{{"draw", 1}, {"w", 2}, {"draw:b+w", 0}}));
}

TEST(FixtureFormat, DepthUpToTheLimitIsAccepted) {
  EXPECT_EQ(parse_fixture_line("e; start; D64 1; id a; src s", 1).depths.count(64), 1u);
}

TEST(FixtureFormat, CountsAreFull128Bit) {  // P4
  EXPECT_EQ(parse_fixture_line("e; start; D9 18446744073709551616; id a; src s", 1).depths.at(9),
            Count{1} << 64);
  EXPECT_EQ(to_string(parse_fixture_line(
                          "e; start; D9 340282366920938463463374607431768211455; id a; src s", 1)
                          .depths.at(9)),
            "340282366920938463463374607431768211455");
  EXPECT_THROW(
      parse_fixture_line("e; start; D9 340282366920938463463374607431768211456; id a; src s", 1),
      Error);
}

void expect_rejected(const std::string& line, const std::string& words) {
  try {
    parse_fixture_line(line, 1);
    ADD_FAILURE() << "accepted: " << line;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos)
        << "line: " << line << "\nerror: " << e.what();
  }
}

TEST(FixtureFormat, RejectsMalformedLines) {
  expect_rejected("emergo", "expected '<spec>; <position>");
  expect_rejected("emergo; start; id a; src s", "no D<k>");
  expect_rejected("emergo; start; D1 40; src s", "no id");
  expect_rejected("emergo; start; D1 40; id a", "no src");
  expect_rejected("emergo; start; D1 4,0; id a; src s", "plain digits");
  expect_rejected("emergo; start; D1 +40; id a; src s", "plain digits");
  expect_rejected("emergo; start; D1 -1; id a; src s", "plain digits");
  expect_rejected("emergo; start; D1; id a; src s", "missing count");
  expect_rejected("emergo; start; D0 1; id a; src s", "unknown keyword");
  expect_rejected("emergo; start; D01 1; id a; src s", "unknown keyword");
  expect_rejected("emergo; start; d1 40; id a; src s", "unknown keyword");
  expect_rejected("emergo; start; D1 40; D1 41; id a; src s", "given twice");
  expect_rejected("emergo; start; D1 40; id a b; src s", "one word");
  expect_rejected("emergo; start; D1 40; ID a; src s", "unknown keyword");
  expect_rejected("emergo; start; D1 40; R1 w; id a; src s", "<result>=<count>");
  expect_rejected("emergo; start; D1 40; R1 w=1,w=2; id a; src s", "given twice");
  expect_rejected("; start; D1 40; id a; src s", "spec");
  // One limit with --depth (perft/text/numbers.h); D300 overflowed the stack.
  expect_rejected("eximo; start; D300 1; id a; src t", "depth 300 is too deep (at most 64");
  expect_rejected("eximo; start; D65 1; id a; src t", "too deep");
  expect_rejected("eximo; start; R65 w=1; D1 40; id a; src t", "too deep");
  // One number rule with the command line: no leading zero.
  expect_rejected("emergo; start; D1 040; id a; src s", "leading zero");
}

TEST(FixtureFormat, FileSkipsCommentsAndBlankLinesAndKeepsGoingAfterErrors) {
  const FixtureFile f = parse_fixture_text(
      "# a comment\n"
      "\n"
      "   # indented comment\n"
      "emergo; start; D1 40; id a; src s\n"
      "emergo; start; D1 40; src s\n"
      "emergo; start; D2 1504; id a; src s\n"
      "emergo; start; D2 1504; id b; src s");  // no final newline
  ASSERT_EQ(f.cases.size(), 2u);
  EXPECT_EQ(f.cases[0].line, 4);
  EXPECT_EQ(f.cases[1].id, "b");
  EXPECT_EQ(f.cases[1].line, 7);
  ASSERT_EQ(f.errors.size(), 2u);
  EXPECT_EQ(f.errors[0].line, 5);
  EXPECT_EQ(f.errors[1].line, 6);
  EXPECT_NE(f.errors[1].message.find("used twice"), std::string::npos);
}

TEST(FixtureFormat, EveryShippedFixtureFileParses) {
  for (const char* name :
       {"emergo", "emergo7", "eximo", "ecalper", "ecalper_results", "meridians"}) {
    const FixtureFile f = read_fixture_file(std::string("fixtures/") + name + ".perft");
    EXPECT_TRUE(f.errors.empty()) << name << ": line " << f.errors.front().line << ": "
                                  << f.errors.front().message;
    EXPECT_GE(f.cases.size(), 10u) << name;
  }
}

TEST(FixtureFormat, MissingFileIsAnError) {
  EXPECT_THROW(read_fixture_file("fixtures/no-such-file.perft"), Error);
}

}  // namespace
}  // namespace arb
