// Checks fixtures/ecalper.perft and fixtures/ecalper_results.perft (RULES.md I6)
// against the reference: every D<k> whose cost is small (the nodes at depth k-1,
// since the last ply is counted, not played) and every R<k> (the outcomes of the
// leaves at depth k) with at most kLimit leaves.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/game.h"
#include "perft/perft.h"
#include "reference/ecalper/ecalper.h"

namespace arb::reference {
namespace {

constexpr std::uint64_t kLimit = 200000;

struct Case {
  int line = 0;
  std::string spec, position, moves, id, src;
  std::map<int, std::uint64_t> depths;                       // D<k>
  std::map<int, std::map<std::string, std::uint64_t>> results;  // R<k>
};

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

std::vector<Case> read_cases(const std::string& file) {
  std::ifstream in(std::string(ARB_SOURCE_DIR) + "/fixtures/" + file);
  EXPECT_TRUE(in.good()) << file;
  std::vector<Case> cases;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    Case c;
    c.line = number;
    std::vector<std::string> fields;
    std::stringstream ss(t);
    for (std::string f; std::getline(ss, f, ';');) fields.push_back(trim(f));
    EXPECT_GE(fields.size(), 4u) << file << ":" << number;
    if (fields.size() < 4) continue;
    c.spec = fields[0];
    c.position = fields[1];
    for (std::size_t i = 2; i < fields.size(); ++i) {
      const std::string& f = fields[i];
      const auto space = f.find(' ');
      const std::string key = f.substr(0, space), value = space == f.npos ? "" : f.substr(space + 1);
      if (key == "moves") c.moves = value;
      else if (key == "id") c.id = value;
      else if (key == "src") c.src = value;
      else if (key.size() > 1 && key[0] == 'D') c.depths[std::stoi(key.substr(1))] = std::stoull(value);
      else if (key.size() > 1 && key[0] == 'R') {
        std::stringstream parts(value);
        for (std::string part; std::getline(parts, part, ',');) {
          const auto eq = part.find('=');
          EXPECT_NE(eq, std::string::npos) << file << ":" << number << " " << part;
          c.results[std::stoi(key.substr(1))][part.substr(0, eq)] = std::stoull(part.substr(eq + 1));
        }
      } else {
        ADD_FAILURE() << file << ":" << number << ": unknown field '" << f << "'";
      }
    }
    EXPECT_FALSE(c.id.empty()) << file << ":" << number;
    EXPECT_FALSE(c.src.empty()) << file << ":" << number;
    EXPECT_FALSE(c.depths.empty()) << file << ":" << number;
    cases.push_back(c);
  }
  std::set<std::string> ids;
  for (const auto& c : cases) EXPECT_TRUE(ids.insert(c.id).second) << file << ": id " << c.id << " twice";
  return cases;
}

// The fixture key of an outcome: b, w, r, draw, draw:b+w, ongoing.
std::string outcome_key_of(Outcome o, std::string_view players) {
  if (!o.finished) return "ongoing";
  if (std::popcount(o.winners) == 1) return std::string(1, players[std::countr_zero(o.winners)]);
  if (o.winners == (1u << players.size()) - 1) return "draw";
  std::string out = "draw:";
  for (std::size_t i = 0; i < players.size(); ++i)
    if (o.winners & (1u << i)) out += std::string(out.size() > 5 ? "+" : "") + players[i];
  return out;
}

void tally(const Ecalper& g, const Ecalper::Position& pos, int depth, std::map<std::string, std::uint64_t>& out) {
  if (depth == 0) {
    ++out[outcome_key_of(g.outcome(pos), g.players())];
    return;
  }
  for (const auto& m : g.legal_moves(pos)) tally(g, g.play(pos, m), depth - 1, out);
}

int check_file(const std::string& file) {
  int checked = 0;
  for (const auto& c : read_cases(file)) {
    SCOPED_TRACE(file + ":" + std::to_string(c.line) + " id " + c.id);
    const Ecalper g{Spec::parse(c.spec)};
    const auto pos = play_moves(g, position_from(g, c.position), split_moves(c.moves));
    for (const auto& [k, expected] : c.depths) {
      const auto before = c.depths.find(k - 1);
      const std::uint64_t cost = k == 1 ? 0 : before != c.depths.end() ? before->second : expected;
      if (cost > kLimit) continue;
      EXPECT_EQ(perft(g, pos, k), expected) << "D" << k << "\n" << g.diagram(pos);
      ++checked;
    }
    for (const auto& [k, expected] : c.results) {
      const auto d = c.depths.find(k);
      if (d == c.depths.end()) {
        ADD_FAILURE() << "R" << k << " without D" << k;
        continue;
      }
      std::uint64_t sum = 0;
      for (const auto& [key, n] : expected) sum += n;
      EXPECT_EQ(sum, d->second) << "R" << k << " does not sum to D" << k;
      if (d->second > kLimit) continue;
      std::map<std::string, std::uint64_t> got;
      tally(g, pos, k, got);
      EXPECT_EQ(got, expected) << "R" << k << "\n" << g.diagram(pos);
      ++checked;
    }
  }
  return checked;
}

TEST(EcalperFixtures, PerftFileMatchesReference) { EXPECT_GE(check_file("ecalper.perft"), 20); }

TEST(EcalperFixtures, ResultsFileMatchesReference) { EXPECT_GE(check_file("ecalper_results.perft"), 8); }

}  // namespace
}  // namespace arb::reference
