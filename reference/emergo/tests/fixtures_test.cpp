// Runs fixtures/emergo.perft and fixtures/emergo7.perft (RULES.md I6) against
// the reference: every D<k> whose expected count is at most kMaxNodes.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "perft/perft.h"
#include "reference/emergo/emergo.h"

namespace {

constexpr std::uint64_t kMaxNodes = 200000;  // keeps the default run to a few seconds

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

struct Case {
  int line = 0;
  std::string spec, position, moves, id, src;
  std::map<int, std::uint64_t> depths;
};

std::vector<Case> read_fixture(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::vector<Case> cases;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    text = trim(text);
    if (text.empty() || text[0] == '#') continue;
    std::vector<std::string> fields;
    std::size_t begin = 0;
    for (std::size_t end; (end = text.find(';', begin)) != std::string::npos; begin = end + 1)
      fields.push_back(trim(text.substr(begin, end - begin)));
    fields.push_back(trim(text.substr(begin)));
    Case c;
    c.line = line;
    EXPECT_GE(fields.size(), 5u) << path << ":" << line;
    if (fields.size() < 2) continue;
    c.spec = fields[0];
    c.position = fields[1];
    for (std::size_t i = 2; i < fields.size(); ++i) {
      const std::string& f = fields[i];
      if (f.rfind("moves ", 0) == 0) {
        c.moves = f.substr(6);
      } else if (f.rfind("id ", 0) == 0) {
        c.id = f.substr(3);
      } else if (f.rfind("src ", 0) == 0) {
        c.src = f.substr(4);
      } else if (f.size() > 1 && f[0] == 'D') {
        const auto space = f.find(' ');
        EXPECT_NE(space, std::string::npos) << path << ":" << line << ": bad field '" << f << "'";
        if (space == std::string::npos) continue;
        c.depths[std::stoi(f.substr(1, space - 1))] = std::stoull(f.substr(space + 1));
      } else {
        ADD_FAILURE() << path << ":" << line << ": unknown field '" << f << "'";
      }
    }
    cases.push_back(c);
  }
  return cases;
}

void run_fixture(const std::string& name, std::size_t min_cases) {
  const std::string path = std::string(ARB_SOURCE_DIR) + "/fixtures/" + name;
  const std::vector<Case> cases = read_fixture(path);
  EXPECT_GE(cases.size(), min_cases) << path;
  std::set<std::string> ids;
  for (const Case& c : cases) {
    const std::string where = name + ":" + std::to_string(c.line) + " (" + c.id + ")";
    EXPECT_FALSE(c.id.empty()) << where << ": no id";
    EXPECT_FALSE(c.src.empty()) << where << ": no src";
    EXPECT_FALSE(c.depths.empty()) << where << ": no D<k>";
    EXPECT_TRUE(ids.insert(c.id).second) << where << ": duplicate id";
    arb::reference::Emergo g(arb::Spec::parse(c.spec));
    auto pos = arb::position_from(g, c.position);
    if (c.position != "start") {
      EXPECT_EQ(g.format(pos), c.position) << where << ": not canonical";
    }
    pos = arb::play_moves(g, pos, arb::split_moves(c.moves));
    for (const auto& [depth, expected] : c.depths) {
      if (expected > kMaxNodes) continue;
      EXPECT_EQ(arb::perft(g, pos, depth), expected)
          << where << " D" << depth << " in\n" << g.format(pos) << "\n" << g.diagram(pos);
    }
  }
}

}  // namespace

TEST(EmergoFixtures, Emergo9) { run_fixture("emergo.perft", 20); }
TEST(EmergoFixtures, Emergo7) { run_fixture("emergo7.perft", 7); }
