// Runs fixtures/eximo.perft (RULES.md I6) against the reference: every D<k>
// with an expected count up to 200000 is checked through arb::perft.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "reference/eximo/tests/eximo_test_util.h"

namespace arb::reference::eximo_test {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

struct FixtureLine {
  int line_no = 0;
  std::string spec, position, moves, id, src;
  std::vector<std::pair<int, std::uint64_t>> depths;
};

std::vector<FixtureLine> read_fixtures() {
  std::ifstream in(ARB_EXIMO_FIXTURE);
  EXPECT_TRUE(in.good()) << "cannot open " << ARB_EXIMO_FIXTURE;
  std::vector<FixtureLine> out;
  std::string line;
  for (int no = 1; std::getline(in, line); ++no) {
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    FixtureLine f;
    f.line_no = no;
    std::vector<std::string> fields;
    std::stringstream ss(t);
    for (std::string field; std::getline(ss, field, ';');) fields.push_back(trim(field));
    EXPECT_GE(fields.size(), 4u) << "line " << no;
    if (fields.size() < 4) continue;
    f.spec = fields[0];
    f.position = fields[1];
    for (std::size_t i = 2; i < fields.size(); ++i) {
      const std::string& x = fields[i];
      const auto sp = x.find(' ');
      const std::string key = x.substr(0, sp);
      const std::string value = sp == std::string::npos ? "" : x.substr(sp + 1);
      if (key == "id") {
        f.id = value;
      } else if (key == "src") {
        f.src = value;
      } else if (key == "moves") {
        f.moves = value;
      } else if (key.size() >= 2 && key[0] == 'D' &&
                 key.find_first_not_of("0123456789", 1) == std::string::npos &&
                 !value.empty() && value.find_first_not_of("0123456789") == std::string::npos) {
        f.depths.push_back({std::stoi(key.substr(1)), std::stoull(value)});
      } else {
        ADD_FAILURE() << "line " << no << ": bad field '" << x << "'";
      }
    }
    out.push_back(f);
  }
  return out;
}

TEST(EximoFixtures, FileIsWellFormed) {
  const auto lines = read_fixtures();
  EXPECT_GE(lines.size(), 16u);  // the start plus at least 15 constructed positions
  std::set<std::string> ids;
  for (const auto& f : lines) {
    EXPECT_EQ(f.spec, "eximo") << "line " << f.line_no;
    EXPECT_FALSE(f.id.empty()) << "line " << f.line_no << ": no id";
    EXPECT_FALSE(f.src.empty()) << "line " << f.line_no << ": no src";
    EXPECT_FALSE(f.depths.empty()) << "line " << f.line_no << ": no D<k>";
    EXPECT_TRUE(ids.insert(f.id).second) << "line " << f.line_no << ": duplicate id " << f.id;
    EXPECT_EQ(f.id.substr(0, 1), "X") << "line " << f.line_no << ": id should name its clause";
  }
}

TEST(EximoFixtures, EveryCountMatchesReference) {
  const Eximo& g = game();
  int checked = 0;
  for (const auto& f : read_fixtures()) {
    Eximo::Position pos;
    try {
      pos = play_moves(g, position_from(g, f.position), split_moves(f.moves));
    } catch (const Error& e) {
      ADD_FAILURE() << "line " << f.line_no << " (" << f.id << "): " << e.what();
      continue;
    }
    for (const auto& [depth, expected] : f.depths) {
      if (expected > 200000) continue;  // deep counts: perft suite, not the unit tests
      EXPECT_EQ(perft(g, pos, depth), expected)
          << f.id << " D" << depth << " (line " << f.line_no << ")\nposition: " << g.format(pos)
          << "\n" << g.diagram(pos);
      ++checked;
    }
  }
  EXPECT_GT(checked, 30);
}

}  // namespace
}  // namespace arb::reference::eximo_test
