// What the Ecalper rules promise (RULES.md C1-C7), checked on random lines of
// play of the engine. Positions and moves are read back through their TEXTS
// with the small independent decoder below (C1 coordinates, flood fill), so a
// bug in the engine's bitboards cannot hide in its own helpers.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <ranges>
#include <string>
#include <utility>
#include <vector>

#include "engine/ecalper/ecalper.h"
#include "perft/count/perft.h"
#include "properties/random_play.h"

namespace {

using arb::engine::ecalper::Ecalper;
using Cell = std::pair<int, int>;  // (q, r), both from 0

// ---------------------------------------------------------------- decoder

struct TextPosition {
  int n = 0;
  std::map<Cell, char> cells;  // '.', 'B', 'W', 'R'
  char side = 0;
  bool swap = false;
  std::string replaced;             // "-" or a cell name
  std::vector<std::string> placed;  // empty for "-"

  int count(char c) const {
    int k = 0;
    for (const auto& [cell, v] : cells) k += v == c;
    return k;
  }
};

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out(1);
  for (char c : s) {
    if (c == sep)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

TextPosition decode(const std::string& text) {
  TextPosition t;
  const auto fields = split(text, ' ');
  RC_ASSERT(fields.size() == 4u);
  const auto rows = split(fields[0], '/');
  t.n = (static_cast<int>(rows.size()) + 1) / 2;
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    int q = std::max(0, r - t.n + 1);  // C1: row r starts at column max(0, r-n+1)
    int run = 0;
    for (char c : rows[static_cast<std::size_t>(r)] + "/") {
      if (c >= '0' && c <= '9') {
        run = run * 10 + (c - '0');
        continue;
      }
      for (; run > 0; --run) t.cells[{q++, r}] = '.';
      if (c != '/') t.cells[{q++, r}] = c;
    }
    RC_ASSERT(q == std::min(2 * t.n - 2, r + t.n - 1) + 1);
  }
  t.side = fields[1][0];
  t.swap = fields[2] == "s";
  const auto last = split(fields[3], ':');
  RC_ASSERT(last.size() == 2u);
  t.replaced = last[0];
  if (last[1] != "-") t.placed = split(last[1], ',');
  return t;
}

Cell cell_of(const std::string& name) { return {name[0] - 'A', std::stoi(name.substr(1)) - 1}; }

struct TextMove {
  bool swap = false;
  std::string replaced;  // "" when none
  std::vector<std::string> placed;
};

TextMove decode_move(const std::string& text) {
  TextMove m;
  if (text == "swap") {
    m.swap = true;
    return m;
  }
  auto parts = split(text, '+');
  if (parts[0][0] == 'x') {
    m.replaced = parts[0].substr(1);
    parts.erase(parts.begin());
  }
  m.placed = parts;
  return m;
}

// C6 by flood fill over the C1 neighbours.
struct Groups {
  int largest = 0;
  int count = 0;
};

Groups groups_of(const TextPosition& t, char colour) {
  static constexpr int kDirs[6][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}};
  Groups g;
  std::map<Cell, bool> seen;
  for (const auto& [start, v] : t.cells) {
    if (v != colour || seen[start]) continue;
    std::vector<Cell> stack{start};
    seen[start] = true;
    int size = 0;
    while (!stack.empty()) {
      const Cell c = stack.back();
      stack.pop_back();
      ++size;
      for (const auto& d : kDirs) {
        const Cell nb{c.first + d[0], c.second + d[1]};
        const auto it = t.cells.find(nb);
        if (it != t.cells.end() && it->second == colour && !seen[nb]) {
          seen[nb] = true;
          stack.push_back(nb);
        }
      }
    }
    ++g.count;
    g.largest = std::max(g.largest, size);
  }
  return g;
}

arb::Outcome expected_result(const TextPosition& t, int players) {
  const std::string colours = "BWR";
  std::vector<Groups> gs;
  for (int p = 0; p < players; ++p)
    gs.push_back(groups_of(t, colours[static_cast<std::size_t>(p)]));
  int best_largest = -1;
  for (const auto& g : gs) best_largest = std::max(best_largest, g.largest);
  int fewest = 1 << 20;
  for (const auto& g : gs)
    if (g.largest == best_largest) fewest = std::min(fewest, g.count);
  std::uint8_t mask = 0;
  for (int p = 0; p < players; ++p)
    if (gs[static_cast<std::size_t>(p)].largest == best_largest &&
        gs[static_cast<std::size_t>(p)].count == fewest)
      mask = static_cast<std::uint8_t>(mask | (1u << p));
  return arb::Outcome{true, mask};
}

// ---------------------------------------------------------------- play

Ecalper random_game(bool small_only = true) {
  std::vector<std::string> specs = {
      "ecalper:size=5",           "ecalper:size=5,replace=last-added",
      "ecalper:size=5,players=3", "ecalper:size=5,players=3,replace=last-added",
      "ecalper:size=6",           "ecalper:size=6,players=3,replace=last-added"};
  if (!small_only) {
    specs.push_back("ecalper");
    specs.push_back("ecalper:size=8,replace=last-added");
    specs.push_back("ecalper:size=7,players=3");
  }
  return Ecalper(arb::Spec::parse(*rc::gen::elementOf(specs)));
}

Ecalper::Move random_move(const Ecalper& g, const Ecalper::Position& pos) {
  const auto moves = g.legal_moves(pos);
  const auto k = *rc::gen::inRange<std::uint64_t>(0, moves.size());
  return *std::ranges::next(moves.begin(), static_cast<std::ptrdiff_t>(k));
}

// Random play until the game is over.
Ecalper::Position play_to_end(const Ecalper& g, Ecalper::Position pos) {
  while (g.count_moves(pos) > 0) pos = g.play(pos, random_move(g, pos));
  return pos;
}

// Random play until perft(2) is at most `limit` (or the game is over).
Ecalper::Position play_until_small(const Ecalper& g, Ecalper::Position pos, std::uint64_t limit) {
  auto perft2 = [&](const Ecalper::Position& p) {
    std::uint64_t total = 0;
    const auto moves = g.legal_moves(p);
    // Cheap bound: size * size of the first child.
    if (moves.size() == 0) return total;
    return moves.size() * g.count_moves(g.play(p, *moves.begin()));
  };
  while (g.count_moves(pos) > 0 && perft2(pos) > limit) pos = g.play(pos, random_move(g, pos));
  return pos;
}

int stones_per_turn(const Ecalper& g) { return g.players().size() == 3 ? 5 : 3; }

}  // namespace

// C4: a normal turn converts exactly one opponent stone and adds exactly 3
// (5) stones of the mover; nothing else changes.
RC_GTEST_PROP(EcalperProperties, C4_NormalTurnConvertsOneAndPlacesTheRest, ()) {
  const auto g = random_game();
  const auto line = arb::random_line(g, g.start(), 25);
  const auto& pos = line.position;
  RC_PRE(g.count_moves(pos) > 0);
  const auto move = random_move(g, pos);
  const std::string text = g.move_text(pos, move);
  const auto before = decode(g.format(pos));
  const auto after = decode(g.format(g.play(pos, move)));
  const auto m = decode_move(text);
  const char mover = std::string("BWR")[static_cast<std::size_t>(g.to_move(pos))];
  int changed = 0;
  for (const auto& [cell, v] : before.cells) changed += v != after.cells.at(cell);
  if (m.swap) {
    RC_ASSERT(changed == 0);
    RC_ASSERT(before.swap);
    RC_ASSERT(!after.swap);
    RC_ASSERT(after.side == before.side);
    return;
  }
  const bool first = before.count('.') == static_cast<int>(before.cells.size());
  const bool final_turn = g.players().size() == 2 && before.count('.') < 3;
  const int k = final_turn ? 0 : stones_per_turn(g);
  RC_ASSERT(static_cast<int>(m.placed.size()) == k);
  RC_ASSERT(m.replaced.empty() == first);
  RC_ASSERT(changed == k + (first ? 0 : 1));
  RC_ASSERT(after.count(mover) == before.count(mover) + k + (first ? 0 : 1));
  RC_ASSERT(after.count('.') == before.count('.') - k);
  for (const auto& p : m.placed) {
    RC_ASSERT(before.cells.at(cell_of(p)) == '.');
    RC_ASSERT(after.cells.at(cell_of(p)) == mover);
  }
  if (!first) {
    const char victim = before.cells.at(cell_of(m.replaced));
    RC_ASSERT(victim != '.');
    RC_ASSERT(victim != mover);
    RC_ASSERT(after.cells.at(cell_of(m.replaced)) == mover);
    RC_ASSERT(after.count(victim) == before.count(victim) - 1);
  }
  // <last> now names this turn.
  RC_ASSERT(after.replaced == (first ? "-" : m.replaced));
  RC_ASSERT(after.placed == m.placed);
}

// C4: replace=any never takes the stone made by the previous replacement;
// replace=last-added takes only a stone placed on the previous turn.
RC_GTEST_PROP(EcalperProperties, C4_ForbiddenStoneIsNeverReplaced, ()) {
  const auto g = random_game();
  const bool last_added = g.spec().value("replace") == "last-added";
  const auto line = arb::random_line(g, g.start(), 25);
  const auto& pos = line.position;
  RC_PRE(g.count_moves(pos) > 0);
  const auto t = decode(g.format(pos));
  const auto moves = g.legal_moves(pos);
  for (int i = 0; i < 30; ++i) {
    const auto k = *rc::gen::inRange<std::uint64_t>(0, moves.size());
    const auto m = decode_move(
        g.move_text(pos, *std::ranges::next(moves.begin(), static_cast<std::ptrdiff_t>(k))));
    if (m.swap || m.replaced.empty()) continue;
    if (last_added)
      RC_ASSERT(std::ranges::find(t.placed, m.replaced) != t.placed.end());
    else
      RC_ASSERT(m.replaced != t.replaced);
  }
  // And the forbidden replacement is rejected by parse_move.
  if (!last_added && t.replaced != "-") {
    std::string text = "x" + t.replaced;
    const bool final_turn = g.players().size() == 2 && t.count('.') < 3;
    std::vector<Cell> empty;  // sorted by row, then column (canonical order)
    for (const auto& [cell, v] : t.cells)
      if (v == '.') empty.push_back(cell);
    std::ranges::sort(empty, [](Cell a, Cell b) {
      return std::pair(a.second, a.first) < std::pair(b.second, b.first);
    });
    for (int i = 0; !final_turn && i < stones_per_turn(g); ++i)
      text += "+" +
              std::string(1, static_cast<char>('A' + empty[static_cast<std::size_t>(i)].first)) +
              std::to_string(empty[static_cast<std::size_t>(i)].second + 1);
    RC_ASSERT_THROWS_AS(g.parse_move(pos, text), arb::Error);
  }
}

// C5: two players: the turn with fewer than 3 empty cells is the replacement
// only and the game ends right after it; three players: the game ends before
// Black's turn with fewer than 15 empty cells, and never otherwise.
RC_GTEST_PROP(EcalperProperties, C5_GameEndsExactlyWhenTheRuleSays, ()) {
  const auto g = random_game();
  const int players = static_cast<int>(g.players().size());
  auto pos = arb::random_line(g, g.start(), 25).position;
  for (;;) {
    const auto t = decode(g.format(pos));
    const int empty = t.count('.');
    const bool started = empty < static_cast<int>(t.cells.size());
    bool should_end = false;
    if (players == 2)
      should_end = t.replaced != "-" && t.placed.empty();  // after the final turn
    else
      should_end = t.side == 'b' && started && empty < 15;
    RC_ASSERT(g.outcome(pos).finished == should_end);
    RC_ASSERT((g.count_moves(pos) == 0) == should_end);
    if (should_end) {
      if (players == 2) RC_ASSERT(empty == 1);
      break;
    }
    if (players == 2 && empty < 3) {  // the final turn: replacement only
      RC_ASSERT(t.side == 'b');
      for (const auto& m : g.legal_moves(pos)) RC_ASSERT(m.count == 0);
    }
    pos = g.play(pos, random_move(g, pos));
  }
}

// C6: the result agrees with an independent flood fill on the position text.
RC_GTEST_PROP(EcalperProperties, C6_ResultAgreesWithFloodFill, ()) {
  const auto g = random_game();
  const auto end = play_to_end(g, arb::random_line(g, g.start(), 10).position);
  const auto t = decode(g.format(end));
  const auto expected = expected_result(t, static_cast<int>(g.players().size()));
  RC_ASSERT(g.outcome(end) == expected);
}

// perft(d) = sum of divide, and counting the last ply equals playing it.
RC_GTEST_PROP(EcalperProperties, P1_PerftIsTheSumOfDivideAndCountingEqualsPlaying, ()) {
  const auto g = random_game();
  const auto pos = play_until_small(g, arb::random_line(g, g.start(), 25).position, 200000);
  std::uint64_t sum = 0;
  for (const auto& e : arb::divide(g, pos, 2)) sum += e.nodes;
  const std::uint64_t counted = arb::perft(g, pos, 2);
  RC_ASSERT(sum == counted);
  std::uint64_t played = 0;
  for (const auto& m : g.legal_moves(pos)) {
    const auto child = g.play(pos, m);
    for (const auto& m2 : g.legal_moves(child)) {
      (void)g.play(child, m2);
      ++played;
    }
  }
  RC_ASSERT(played == counted);
}

// Notation: format/parse and move_text/parse_move round trips.
RC_GTEST_PROP(EcalperProperties, Notation_FormatParseRoundTrip, ()) {
  const auto g = random_game(false);
  const auto line = arb::random_line(g, g.start(), 30);
  const auto& pos = line.position;
  const std::string text = g.format(pos);
  RC_ASSERT(g.parse(text) == pos);
  RC_ASSERT(g.format(g.parse(text)) == text);
  RC_ASSERT(arb::play_moves(g, g.start(), line.moves) == pos);
  if (g.count_moves(pos) > 0) {
    const auto move = random_move(g, pos);
    RC_ASSERT(g.parse_move(pos, g.move_text(pos, move)) == move);
  }
}

// Parsers never guess: a mutated position or move text is either rejected with
// arb::Error or is valid and canonical (format(parse(s)) == s).
RC_GTEST_PROP(EcalperProperties, Notation_MutatedTextsAreRejectedOrCanonical, ()) {
  const auto g = random_game();
  const auto line = arb::random_line(g, g.start(), 25);
  const auto& pos = line.position;
  const std::string alphabet = "BWRbwrs-:,/x+ 0123456789ACEGIKM";
  auto mutate = [&](std::string s) {
    const int edits = *rc::gen::inRange(1, 4);
    for (int i = 0; i < edits; ++i) {
      const auto at = *rc::gen::inRange<std::size_t>(0, s.size() + 1);
      const char c = alphabet[*rc::gen::inRange<std::size_t>(0, alphabet.size())];
      switch (*rc::gen::inRange(0, 3)) {
        case 0:
          s.insert(at, 1, c);
          break;
        case 1:
          if (at < s.size()) s.erase(at, 1);
          break;
        default:
          if (at < s.size()) s[at] = c;
          break;
      }
    }
    return s;
  };
  const std::string text = mutate(g.format(pos));
  try {
    const auto parsed = g.parse(text);
    RC_ASSERT(g.format(parsed) == text);
  } catch (const arb::Error&) {}
  if (g.count_moves(pos) > 0) {
    const std::string mtext = mutate(g.move_text(pos, random_move(g, pos)));
    try {
      const auto move = g.parse_move(pos, mtext);
      RC_ASSERT(g.move_text(pos, move) == mtext);
    } catch (const arb::Error&) {}
  }
}
