// What the Meridians rules promise (RULES.md M1-M10, V6, V7), checked on random
// reachable positions of the engine. The checks read the position and move
// TEXTS into a small board model written here (axial coordinates straight from
// M1), independent of the engine's bitboards and ray tables.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/meridians/meridians.h"
#include "perft/count/perft.h"
#include "properties/random_play.h"

namespace {

using arb::engine::meridians::Meridians;

struct Variant {
  const char* spec;
  int size;
  bool sight = false;  // V6 second=sight
  bool keeps = false;  // V7 pass=keeps
};
// The first kDefaultRules entries play the default rules (M5, M7 as written).
constexpr std::size_t kDefaultRules = 5;
constexpr std::array<Variant, 8> kVariants = {
    {{"meridians:size=6", 6},
     {"meridians", 7},
     {"meridians:size=8", 8},
     {"meridians:swap", 7},
     {"meridians:size=6,swap", 6},
     {"meridians:second=sight", 7, true},
     {"meridians:pass=keeps,size=6", 6, false, true},
     {"meridians:pass=keeps,second=sight", 7, true, true}}};

// The game of a spec, built once.
const Meridians& game_of(const std::string& spec) {
  static std::map<std::string, Meridians> games;
  auto it = games.find(spec);
  if (it == games.end()) it = games.emplace(spec, Meridians(arb::Spec::parse(spec))).first;
  return it->second;
}
const Meridians& game(std::size_t i) { return game_of(kVariants[i].spec); }
// The default-rules spec kVariants[i] with one more option.
std::string with_option(std::size_t i, const std::string& option) {
  const std::string spec = kVariants[i].spec;
  return spec + (spec.find(':') == std::string::npos ? ":" : ",") + option;
}

// M1 in axial form: point (row i, position k from 1) is (x, y) = (k - min(i, m), i).
constexpr int kDx[6] = {1, -1, 0, 0, -1, 1};
constexpr int kDy[6] = {0, 0, 1, -1, 1, -1};

// A board read from the position text.
struct Board {
  int size = 7, rows = 13, middle = 6;
  std::vector<std::string> cells;  // cells[row][k - 1], row 0 = `a`; '.', 'W', 'B'
  std::string side;
  std::string placed[2];
  std::string rest;    // everything after the rows field
  bool sight = false;  // V6: the second stone may touch the first

  Board(const std::string& text, int board_size, bool second_by_sight = false)
      : size(board_size), rows(2 * board_size - 1), middle(board_size - 1), sight(second_by_sight) {
    const auto space = text.find(' ');
    rest = text.substr(space);
    std::vector<std::string> top_down(1);
    for (std::size_t i = 0; i < space; ++i) {
      const char c = text[i];
      if (c == '/') {
        top_down.emplace_back();
      } else if (c >= '0' && c <= '9') {
        int n = 0;
        while (text[i] >= '0' && text[i] <= '9') n = n * 10 + (text[i++] - '0');
        --i;
        top_down.back() += std::string(static_cast<std::size_t>(n), '.');
      } else {
        top_down.back() += c;
      }
    }
    cells.assign(top_down.rbegin(), top_down.rend());
    const auto f = split(text);
    side = f[1], placed[0] = f[2], placed[1] = f[3];
  }
  static std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> out(1);
    for (char c : text) {
      if (c == ' ')
        out.emplace_back();
      else
        out.back().push_back(c);
    }
    return out;
  }
  int width(int row) const { return size - 1 + std::min(row, 2 * middle - row); }
  bool on(int x, int y) const {
    if (y < 0 || y >= rows) return false;
    const int k = x + std::min(y, middle);
    return k >= 1 && k <= width(y);
  }
  char& at(int x, int y) { return cells[y][x + std::min(y, middle) - 1]; }
  char at(int x, int y) const { return cells[y][x + std::min(y, middle) - 1]; }
  std::string name(int x, int y) const {
    return std::string(1, static_cast<char>('a' + y)) + std::to_string(x + std::min(y, middle));
  }
  std::vector<std::pair<int, int>> points() const {
    std::vector<std::pair<int, int>> out;
    for (int y = 0; y < rows; ++y)
      for (int k = 1; k <= width(y); ++k) out.push_back({k - std::min(y, middle), y});
    return out;
  }
  std::string rows_text() const {
    std::string out;
    for (int y = rows - 1; y >= 0; --y) {
      int empty = 0;
      for (char c : cells[y]) {
        if (c == '.') {
          ++empty;
          continue;
        }
        if (empty) out += std::to_string(empty);
        empty = 0;
        out += c;
      }
      if (empty) out += std::to_string(empty);
      if (y) out += '/';
    }
    return out;
  }
  // The first stone along direction d from (x, y): its colour and how many
  // empty points lie between ('\0' if the line runs off the board).
  std::pair<char, int> first_stone(int x, int y, int d, int* fx = nullptr,
                                   int* fy = nullptr) const {
    int gap = 0;
    for (x += kDx[d], y += kDy[d]; on(x, y); x += kDx[d], y += kDy[d], ++gap) {
      if (at(x, y) != '.') {
        if (fx) *fx = x, *fy = y;
        return {at(x, y), gap};
      }
    }
    return {'\0', gap};
  }
  // M2: group ids of colour c (-1 elsewhere), by breadth-first search.
  std::vector<std::vector<int>> groups(char c, int* count) const {
    std::vector<std::vector<int>> id(static_cast<std::size_t>(rows));
    for (int y = 0; y < rows; ++y) id[y].assign(cells[y].size(), -1);
    int n = 0;
    for (auto [x0, y0] : points()) {
      if (at(x0, y0) != c || id[y0][x0 + std::min(y0, middle) - 1] >= 0) continue;
      std::vector<std::pair<int, int>> todo = {{x0, y0}};
      id[y0][x0 + std::min(y0, middle) - 1] = n;
      while (!todo.empty()) {
        auto [x, y] = todo.back();
        todo.pop_back();
        for (int d = 0; d < 6; ++d) {
          const int nx = x + kDx[d], ny = y + kDy[d];
          if (!on(nx, ny) || at(nx, ny) != c) continue;
          int& slot = id[ny][nx + std::min(ny, middle) - 1];
          if (slot < 0) slot = n, todo.push_back({nx, ny});
        }
      }
      ++n;
    }
    *count = n;
    return id;
  }
  // M3: the stones of colour c in dead groups.
  std::set<std::pair<int, int>> dead(char c) const {
    int n = 0;
    const auto id = groups(c, &n);
    const auto gid = [&](int x, int y) { return id[y][x + std::min(y, middle) - 1]; };
    std::vector<bool> alive(static_cast<std::size_t>(n), false);
    for (auto [x, y] : points()) {
      if (at(x, y) != c) continue;
      for (int d = 0; d < 6; ++d) {
        int fx = 0, fy = 0;
        const auto [stone, gap] = first_stone(x, y, d, &fx, &fy);
        if (stone == c && gap >= 1 && gid(fx, fy) != gid(x, y)) alive[gid(x, y)] = true;
      }
    }
    std::set<std::pair<int, int>> out;
    for (auto [x, y] : points())
      if (at(x, y) == c && !alive[gid(x, y)]) out.insert({x, y});
    return out;
  }
  // M4-M6: may the side to move place on the empty point (x, y)?
  bool may_place(int x, int y) const {
    const char me = side == "w" ? 'W' : 'B';
    const std::string& mine = placed[side == "w" ? 0 : 1];
    if (at(x, y) != '.') return false;
    if (mine == "0") return true;  // M4
    for (int d = 0; d < 6; ++d) {
      const auto [stone, gap] = first_stone(x, y, d);
      if (stone != me) continue;
      if (mine == "2") return true;        // M6: an adjacent own stone counts
      if (gap >= 1 || sight) return true;  // M5: the only own stone, not adjacent (V6: or so)
    }
    return false;
  }
};

int size_of(const Meridians& g) { return g.spec().number("size"); }

// A random reachable position of a random variant.
std::pair<std::size_t, arb::Line<Meridians>> random_position() {
  const auto v = *rc::gen::inRange<std::size_t>(0, kVariants.size());
  const Meridians& g = game(v);
  // Random games often end early (a player fills in his own last path), so
  // short lines are drawn more often to keep most positions open.
  const int max_plies = *rc::gen::element(12, 40, 2 * g.geometry().cells);
  return {v, arb::random_line(g, g.start(), max_plies)};
}

// Stones each side placed along the line (a swap exchanges colours only).
std::array<int, 2> placements_by_side(const Meridians& g, const arb::Line<Meridians>& line) {
  std::array<int, 2> out{};
  auto pos = g.start();
  for (const auto& text : line.moves) {
    if (text != "pass" && text != "swap") ++out[g.to_move(pos)];
    pos = g.play(pos, g.parse_move(pos, text));
  }
  return out;
}

// M10. V6: an adjacent pair after a player's second stone is dead and stays;
// V7: a pass under keeps leaves the passer's dead groups.
RC_GTEST_PROP(MeridiansProperties, M10_MoverHasNoDeadGroupOnceHeHasPlacedThree, ()) {
  const auto [v, line] = random_position();
  const Meridians& g = game(v);
  const Board board(g.format(line.position), size_of(g), kVariants[v].sight);
  const int mover = board.side == "w" ? 1 : 0;  // the side that just moved
  const bool passed = !line.moves.empty() && line.moves.back() == "pass";
  const int placed = placements_by_side(g, line)[mover];
  // M5 keeps a second stone alive; M10 removes the dead from the third on.
  const bool applies = placed >= 3 || (placed == 2 && !kVariants[v].sight);
  RC_CLASSIFY(placed >= 3, "mover placed 3+");
  RC_CLASSIFY(passed && kVariants[v].keeps, "passed, pass=keeps");
  if (applies && !(passed && kVariants[v].keeps)) RC_ASSERT(board.dead(mover ? 'B' : 'W').empty());
}

RC_GTEST_PROP(MeridiansProperties, M4_M5_M6_PlacementsAreExactlyWhatTheRulesAllow, ()) {
  const auto [v, line] = random_position();
  const Meridians& g = game(v);
  const Board board(g.format(line.position), size_of(g), kVariants[v].sight);
  std::set<std::string> expected;
  if (!g.finished(line.position)) {
    for (auto [x, y] : board.points())
      if (board.may_place(x, y)) expected.insert(board.name(x, y));
    if (board.rest.find("swap") != std::string::npos) expected.insert("swap");  // M9
    if (expected.empty()) expected.insert("pass");                              // M7
  }
  const auto texts = arb::sorted_move_texts(g, line.position);
  RC_ASSERT(std::set<std::string>(texts.begin(), texts.end()) == expected);
  RC_ASSERT(texts.size() == expected.size());
}

// Checks one move against the board model; true if it removed stones.
bool check_removal(const Meridians& g, const Meridians::Position& pos,
                   const Meridians::Move& move) {
  const bool keeps = g.spec().value("pass") == "keeps";
  const Board before(g.format(pos), size_of(g));
  const char me = before.side == "w" ? 'W' : 'B';
  const bool third_or_later = before.placed[me == 'W' ? 0 : 1] == "2";
  const std::string text = g.move_text(pos, move);
  const Board after(g.format(g.play(pos, move)), size_of(g));
  Board expected = before;
  if (text != "pass" && text != "swap") {
    for (auto [x, y] : before.points())
      if (before.name(x, y) == text) expected.at(x, y) = me;
  }
  // M10: after the placement (or pass), only the mover's dead groups go, whole,
  // and only once he has placed 3 stones. The opponent's stones never change.
  // V7: under pass=keeps a pass removes nothing.
  if (third_or_later && text != "swap" && !(keeps && text == "pass"))
    for (auto [x, y] : expected.dead(me)) expected.at(x, y) = '.';
  RC_ASSERT(after.rows_text() == expected.rows_text());
  if (text != "swap") RC_ASSERT(after.side != before.side);
  int stones_before = 0, stones_after = 0;
  for (auto [x, y] : before.points()) {
    stones_before += before.at(x, y) != '.';
    stones_after += after.at(x, y) != '.';
  }
  return stones_after < stones_before;
}

RC_GTEST_PROP(MeridiansProperties, M10_StonesDisappearOnlyAsWholeDeadGroupsOfTheMover, ()) {
  const auto [v, line] = random_position();
  const Meridians& g = game(v);
  bool removal = false;
  // Every move of the line as played, then every legal move at its end.
  auto pos = g.start();
  for (const auto& text : line.moves) {
    const auto move = g.parse_move(pos, text);
    removal = check_removal(g, pos, move) || removal;
    pos = g.play(pos, move);
  }
  for (const auto& move : g.legal_moves(line.position))
    removal = check_removal(g, line.position, move) || removal;
  RC_CLASSIFY(removal, "stones removed");
  RC_CLASSIFY(g.finished(line.position), "finished");
}

// The symmetries among the 12 of the hexagonal lattice that map the board onto
// itself, as maps of (x, y). Doubled coordinates around the centre (x = 1/2 on
// the middle row y = m) with the third cube coordinate z = -x - y; a lattice
// symmetry permutes (X, Y, Z) and may negate all three.
struct Symmetry {
  std::array<int, 3> perm;
  int sign;
};
std::vector<Symmetry> board_symmetries(const Board& b) {
  const auto pts = b.points();
  const std::set<std::pair<int, int>> all(pts.begin(), pts.end());
  std::vector<Symmetry> out;
  std::array<int, 3> perm = {0, 1, 2};
  do {
    for (int sign : {1, -1}) {
      bool ok = true;
      for (auto [x, y] : pts) {
        const int X = 2 * x - 1, Y = 2 * (y - b.middle);
        const std::array<int, 3> c = {X, Y, -X - Y};
        const int X2 = sign * c[perm[0]], Y2 = sign * c[perm[1]];
        if ((X2 + 1) % 2 != 0 || Y2 % 2 != 0 || !all.count({(X2 + 1) / 2, Y2 / 2 + b.middle})) {
          ok = false;
          break;
        }
      }
      if (ok) out.push_back({perm, sign});
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  return out;
}

Board apply(const Symmetry& s, const Board& b) {
  Board out = b;
  for (auto [x, y] : b.points()) {
    const int X = 2 * x - 1, Y = 2 * (y - b.middle);
    const std::array<int, 3> c = {X, Y, -X - Y};
    const int X2 = s.sign * c[s.perm[0]], Y2 = s.sign * c[s.perm[1]];
    out.at((X2 + 1) / 2, Y2 / 2 + b.middle) = b.at(x, y);
  }
  return out;
}

// M1: the board is not a regular hexagon (sides n, n+1, n+1, n, n+1, n+1):
// of the 12 lattice symmetries only 4 keep it, identity, the half turn and
// the two mirrors (left-right, top-bottom).
TEST(MeridiansProperties, M1_BoardHasFourSymmetries) {
  for (int size : {6, 7, 8}) {
    const auto& g = game(static_cast<std::size_t>(size - 6));
    const Board b(g.format(g.start()), size);
    const auto syms = board_symmetries(b);
    EXPECT_EQ(syms.size(), 4u) << size;
    // Left-right mirror: a1 <-> a<n>; top-bottom mirror: a1 <-> <top>1.
    std::set<std::string> images_of_a1;
    for (const auto& s : syms) {
      Board one = b;
      one.at(1, 0) = 'W';
      const Board img = apply(s, one);
      for (auto [x, y] : img.points())
        if (img.at(x, y) == 'W') images_of_a1.insert(img.name(x, y));
    }
    const std::string top(1, static_cast<char>('a' + b.rows - 1));
    const std::string n = std::to_string(size - 1);
    EXPECT_EQ(images_of_a1, (std::set<std::string>{"a1", "a" + n, top + "1", top + n})) << size;
  }
}

// V6 against the default: on a position of a default game, second=sight adds
// exactly the empty neighbours of the mover's first stone when he places his
// second, and changes nothing at any other turn.
RC_GTEST_PROP(MeridiansProperties, V6_SightAddsOnlyTheFirstStonesEmptyNeighbours, ()) {
  const auto v = *rc::gen::inRange<std::size_t>(0, kDefaultRules);
  const Meridians& path = game(v);
  const Meridians& sight = game_of(with_option(v, "second=sight"));
  const auto line = arb::random_line(path, path.start(), *rc::gen::element(4, 12, 60));
  const std::string text = path.format(line.position);
  const auto texts = arb::sorted_move_texts(path, line.position);
  std::set<std::string> expected(texts.begin(), texts.end());
  const Board board(text, size_of(path));
  const int side = board.side == "w" ? 0 : 1;
  const bool second = board.placed[side] == "1" && !path.finished(line.position);
  if (second) {
    for (auto [x, y] : board.points()) {
      if (board.at(x, y) != (side ? 'B' : 'W')) continue;
      for (int d = 0; d < 6; ++d)
        if (board.on(x + kDx[d], y + kDy[d]) && board.at(x + kDx[d], y + kDy[d]) == '.')
          expected.insert(board.name(x + kDx[d], y + kDy[d]));
    }
  }
  RC_CLASSIFY(second, "second stone");
  const auto got = arb::sorted_move_texts(sight, sight.parse(text));
  RC_ASSERT(std::set<std::string>(got.begin(), got.end()) == expected);
}

// Roots where a pass is near (random play from the start almost never passes):
// RULES.md V7's example and two boxed White stones (size 7, White must pass),
// and fixtures/playthroughs/meridians6-keeps-seed6.txt at ply 74 (size 6,
// Black must pass); then the start of each default spec.
struct PassRoot {
  std::size_t variant;  // index into kVariants (default rules)
  const char* text;     // nullptr: the start
};
constexpr std::array<PassRoot, 4> kPassRoots = {
    {{1, "6/7/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2"},
     {1, "WB1B2/BB5/8/9/10/11/12/11/10/9/8/BB5/WB1B2 w 2 2"},
     {0, "WW1WW/2WW2/3WWW1/2WW4/1WWW2WWW/5WW1WB/7WW/2WWWWWB/2WBWBB/WWWBBB/W1WWB b 2 2"},
     {1, nullptr}}};

// V7 against the default: the same moves give the same positions up to a
// pass; after it the default game is over, the pass=keeps one goes on with
// the board unchanged. Every move of the pass=keeps line, and every legal
// move at its end, removes what the board model says (check_removal: M10
// after a placement only, the passer's dead groups included).
RC_GTEST_PROP(MeridiansProperties, V7_KeepsDiffersOnlyAfterAPass, ()) {
  const auto& root = kPassRoots[*rc::gen::inRange<std::size_t>(0, kPassRoots.size())];
  const Meridians& removes = game(root.variant);
  const Meridians& keeps = game_of(with_option(root.variant, "pass=keeps"));
  const auto start = [&](const Meridians& g) { return root.text ? g.parse(root.text) : g.start(); };
  const auto line = arb::random_line(keeps, start(keeps), *rc::gen::element(8, 40, 160));
  auto a = start(removes);
  auto b = start(keeps);
  bool passed = false;
  for (const auto& text : line.moves) {
    if (!passed) {
      RC_ASSERT(removes.format(a) == keeps.format(b));
      RC_ASSERT(removes.count_moves(a) == keeps.count_moves(b));
    }
    const auto move = keeps.parse_move(b, text);
    check_removal(keeps, b, move);
    const std::string before = keeps.format(b);
    b = keeps.play(b, move);
    if (text == "pass") {
      RC_ASSERT(!keeps.outcome(b).finished);
      RC_ASSERT(keeps.count_moves(b) >= 1u);
      RC_ASSERT(keeps.format(b).substr(0, before.find(' ')) == before.substr(0, before.find(' ')));
      if (!passed)
        RC_ASSERT(removes.outcome(removes.play(a, removes.parse_move(a, text))).finished);
      passed = true;
    }
    if (!passed) a = removes.play(a, removes.parse_move(a, text));
  }
  for (const auto& move : keeps.legal_moves(line.position))
    check_removal(keeps, line.position, move);
  if (!passed) RC_ASSERT(removes.format(a) == keeps.format(b));
  RC_CLASSIFY(passed, "pass");
  RC_CLASSIFY(root.text == nullptr, "from the start");
}

RC_GTEST_PROP(MeridiansProperties, M1_SymmetricPositionsHaveEqualPerft, ()) {
  const auto [v, line] = random_position();
  const Meridians& g = game(v);
  const std::string text = g.format(line.position);
  const Board b(text, size_of(g));
  const auto syms = board_symmetries(b);
  RC_ASSERT(syms.size() == 4u);
  const auto& s = syms[*rc::gen::inRange<std::size_t>(0, syms.size())];
  const std::string image = apply(s, b).rows_text() + b.rest;
  RC_LOG() << "image: " << image << "\n";
  const auto mirrored = g.parse(image);
  RC_ASSERT(g.count_moves(mirrored) == g.count_moves(line.position));
  RC_ASSERT(arb::perft(g, mirrored, 2) == arb::perft(g, line.position, 2));
  // The engine's canonical() (perft's table key) agrees with this model's
  // symmetries: the image is in the position's class.
  RC_ASSERT(g.canonical(mirrored) == g.canonical(line.position));
}

RC_GTEST_PROP(MeridiansProperties, P1_PerftIsTheSumOfDivide, ()) {
  const auto [v, line] = random_position();
  const Meridians& g = game(v);
  std::uint64_t sum = 0;
  for (const auto& e : arb::divide(g, line.position, 2)) sum += e.nodes;
  RC_ASSERT(sum == arb::perft(g, line.position, 2));
}

RC_GTEST_PROP(MeridiansProperties, P1_CountingTheLastPlyEqualsPlayingIt, ()) {
  const auto [v, line] = random_position();
  const Meridians& g = game(v);
  RC_ASSERT(g.count_moves(line.position) == g.legal_moves(line.position).size());
  for (const auto& move : g.legal_moves(line.position)) {
    const auto next = g.play(line.position, move);
    std::uint64_t played = 0;
    for (const auto& m : g.legal_moves(next)) {
      (void)g.play(next, m);
      ++played;
    }
    RC_ASSERT(g.count_moves(next) == played);
    RC_ASSERT((played == 0) == g.outcome(next).finished);
  }
}

RC_GTEST_PROP(MeridiansProperties, Notation_FormatParseRoundTrip, ()) {
  const auto [v, line] = random_position();
  const Meridians& g = game(v);
  const std::string text = g.format(line.position);
  RC_ASSERT(g.parse(text) == line.position);
  RC_ASSERT(g.format(g.parse(text)) == text);
  for (const auto& move : g.legal_moves(line.position))
    RC_ASSERT(g.parse_move(line.position, g.move_text(line.position, move)) == move);
  // Replaying the move texts from the start reaches the same position.
  RC_ASSERT(arb::play_moves(g, g.start(), line.moves) == line.position);
}

}  // namespace
