// Runs fixtures/meridians.perft (RULES.md I6) against the reference: every
// D<k> up to a node limit, through arb::perft.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "perft/perft.h"
#include "reference/meridians/meridians.h"

namespace {

using arb::Spec;
using arb::reference::Meridians;

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

std::vector<Case> read_fixture() {
  const std::string path = std::string(ARB_SOURCE_DIR) + "/fixtures/meridians.perft";
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
    EXPECT_GE(fields.size(), 4u) << "line " << line;
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
      } else if (f.size() > 3 && f[0] == 'D' && f.find(' ') != std::string::npos) {
        const auto space = f.find(' ');
        c.depths[std::stoi(f.substr(1, space - 1))] = std::stoull(f.substr(space + 1));
      } else {
        ADD_FAILURE() << "line " << line << ": unknown field '" << f << "'";
      }
    }
    cases.push_back(c);
  }
  return cases;
}

// Checks every count up to max_nodes; returns how many were checked.
int check_fixture(std::uint64_t min_nodes, std::uint64_t max_nodes) {
  int checked = 0;
  for (const Case& c : read_fixture()) {
    SCOPED_TRACE("line " + std::to_string(c.line) + " id " + c.id);
    try {
      const Meridians g(Spec::parse(c.spec));
      const auto pos = arb::play_moves(g, arb::position_from(g, c.position), arb::split_moves(c.moves));
      for (const auto& [depth, expected] : c.depths) {
        if (expected < min_nodes || expected > max_nodes) continue;
        EXPECT_EQ(arb::perft(g, pos, depth), expected) << "D" << depth << "\n" << g.diagram(pos);
        ++checked;
      }
    } catch (const arb::Error& e) {
      ADD_FAILURE() << e.what();
    }
  }
  return checked;
}

TEST(MeridiansFixtures, FileIsWellFormed) {
  const auto cases = read_fixture();
  EXPECT_GE(cases.size(), 20u);
  std::set<std::string> ids;
  for (const Case& c : cases) {
    EXPECT_FALSE(c.id.empty()) << "line " << c.line;
    EXPECT_TRUE(ids.insert(c.id).second) << "duplicate id " << c.id;
    EXPECT_FALSE(c.src.empty()) << "line " << c.line;
    EXPECT_FALSE(c.depths.empty()) << "line " << c.line;
  }
}

TEST(MeridiansFixtures, CountsUpTo200000) { EXPECT_GT(check_fixture(0, 200000), 40); }

// The deeper counts up to 20 million (several seconds in Check); start D5
// (186 million, about 20 s) is left to `perft suite`.
TEST(MeridiansFixtures, DeepCountsSlow) { EXPECT_GT(check_fixture(200001, 20000000), 4); }

}  // namespace
