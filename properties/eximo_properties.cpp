// What the Eximo rules promise (RULES.md X1-X7, variants V4 and V5), checked on random reachable
// positions of the engine. The checks read the position and move TEXTS with
// small helpers written here, independent of the engine's bitboards.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "engine/eximo/eximo.h"
#include "perft/count/perft.h"
#include "properties/random_play.h"

namespace {

using arb::engine::eximo::Eximo;

const Eximo& game() {
  static const Eximo g(arb::Spec::parse("eximo"));
  return g;
}

// An independent board read from the position text: cell[rank][file] with
// rank 0 = rank 1, '.' for empty.
struct Board {
  std::array<std::array<char, 8>, 8> cell{};
  char side = 'w';

  explicit Board(const std::string& text) {
    int rank = 7, file = 0;
    std::size_t i = 0;
    for (; text[i] != ' '; ++i) {
      const char c = text[i];
      if (c == '/') {
        --rank, file = 0;
      } else if (c >= '1' && c <= '8') {
        for (int k = 0; k < c - '0'; ++k) cell[rank][file++] = '.';
      } else {
        cell[rank][file++] = c;
      }
    }
    side = text[i + 1];
  }
  bool on(int f, int r) const { return f >= 0 && f < 8 && r >= 0 && r < 8; }
  char at(int f, int r) const { return cell[r][f]; }
  int count(char man) const {
    int n = 0;
    for (const auto& row : cell) n += static_cast<int>(std::count(row.begin(), row.end(), man));
    return n;
  }
  // X4: can the man of colour `man` on (f, r) capture? Forward, diagonally
  // forward or sideways over an enemy onto an empty square.
  bool can_capture_from(int f, int r, char man) const {
    const int fwd = man == 'W' ? 1 : -1;
    const char enemy = man == 'W' ? 'B' : 'W';
    const int dirs[5][2] = {{0, fwd}, {1, fwd}, {-1, fwd}, {1, 0}, {-1, 0}};
    for (const auto& d : dirs) {
      const int mf = f + d[0], mr = r + d[1], lf = f + 2 * d[0], lr = r + 2 * d[1];
      if (on(lf, lr) && at(mf, mr) == enemy && at(lf, lr) == '.') return true;
    }
    return false;
  }
  bool mover_can_capture() const {
    const char man = side == 'w' ? 'W' : 'B';
    for (int r = 0; r < 8; ++r)
      for (int f = 0; f < 8; ++f)
        if (at(f, r) == man && can_capture_from(f, r, man)) return true;
    return false;
  }
};

// A move text split: the path squares (file, rank from 0) and the drops.
struct MoveParts {
  std::vector<std::pair<int, int>> path;
  std::vector<std::pair<int, int>> drops;
  bool capture = false;
};

MoveParts split_move(const std::string& text) {
  MoveParts out;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == 'x') out.capture = true;
    if (c == '-' || c == 'x' || c == '+') {
      ++i;
      continue;
    }
    const std::pair<int, int> sq{text[i] - 'a', text[i + 1] - '1'};
    const bool drop = i > 0 && text[i - 1] == '+';
    (drop ? out.drops : out.path).push_back(sq);
    i += 2;
  }
  return out;
}

std::string square(std::pair<int, int> sq) {
  return {static_cast<char>('a' + sq.first), static_cast<char>('1' + sq.second)};
}

// The colour mirror: ranks reversed, W <-> B, side swapped.
std::string mirror_position(const std::string& text) {
  const auto space = text.find(' ');
  std::vector<std::string> ranks;
  std::string cur;
  for (char c : text.substr(0, space)) {
    if (c == '/') {
      ranks.push_back(cur), cur.clear();
    } else {
      cur += c == 'W' ? 'B' : c == 'B' ? 'W' : c;
    }
  }
  ranks.push_back(cur);
  std::string out;
  for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) out += (out.empty() ? "" : "/") + *it;
  return out + (text[space + 1] == 'w' ? " b" : " w");
}

std::string mirror_move(const std::string& text) {
  auto parts = split_move(text);
  auto flip = [](std::pair<int, int> sq) { return std::pair<int, int>{sq.first, 7 - sq.second}; };
  std::string out;
  for (std::size_t i = 0; i < parts.path.size(); ++i) {
    if (i) out += parts.capture ? 'x' : '-';
    out += square(flip(parts.path[i]));
  }
  std::vector<std::pair<int, int>> drops;
  for (auto d : parts.drops) drops.push_back(flip(d));
  // Sorted by rank, then file (RULES.md Eximo move text).
  std::sort(drops.begin(), drops.end(), [](auto a, auto b) {
    return a.second != b.second ? a.second < b.second : a.first < b.first;
  });
  for (auto d : drops) out += '+' + square(d);
  return out;
}

std::vector<std::string> texts_of(const Eximo::Position& pos) {
  return arb::sorted_move_texts(game(), pos);
}

constexpr int kMaxPlies = 120;  // long enough for far-row arrivals

// Every position of three random lines (the root, each ply, the end): with
// RapidCheck's 100 cases that is 300 lines per property, several thousand
// positions, openings and endgames alike.
std::vector<Eximo::Position> random_positions(const Eximo& g = game()) {
  std::vector<Eximo::Position> out;
  for (int i = 0; i < 3; ++i) {
    const auto line = arb::random_line(g, g.start(), kMaxPlies);
    out.push_back(g.start());
    for (const auto& m : line.moves) out.push_back(g.play(out.back(), g.parse_move(out.back(), m)));
  }
  return out;
}

}  // namespace

// Colour-mirror symmetry: the mirrored position has the mirrored moves and
// the same perft(1..2).
RC_GTEST_PROP(EximoProperties, X1_ColourMirrorSymmetry, ()) {
  const auto& g = game();
  for (const auto& pos : random_positions()) {
    const auto text = g.format(pos);
    const auto mirrored = g.parse(mirror_position(text));
    RC_ASSERT(g.format(g.parse(mirror_position(g.format(mirrored)))) == text);
    std::vector<std::string> expected;
    for (const auto& m : texts_of(pos)) expected.push_back(mirror_move(m));
    std::sort(expected.begin(), expected.end());
    RC_ASSERT(texts_of(mirrored) == expected);
    RC_ASSERT(g.count_moves(mirrored) == g.count_moves(pos));
    RC_ASSERT(arb::perft(g, mirrored, 2) == arb::perft(g, pos, 2));
  }
}

// X2-X4: a man never moves backwards; steps and friendly jumps go strictly
// forward, captures forward or sideways.
RC_GTEST_PROP(EximoProperties, X2_X4_ManNeverMovesBackwards, ()) {
  const auto& g = game();
  for (const auto& pos : random_positions()) {
    const int fwd = g.to_move(pos) == 0 ? 1 : -1;
    for (const auto& text : texts_of(pos)) {
      const auto parts = split_move(text);
      RC_ASSERT(parts.path.size() >= 2u);
      for (std::size_t i = 1; i < parts.path.size(); ++i) {
        const int dr = (parts.path[i].second - parts.path[i - 1].second) * fwd;
        if (parts.capture)
          RC_ASSERT(dr >= 0);
        else
          RC_ASSERT(dr > 0);
      }
    }
  }
}

// X4 (with X6): a capture chain ends only where the man cannot capture again,
// or on the far row.
RC_GTEST_PROP(EximoProperties, X4_CaptureChainEndsWhereNoCaptureContinues, ()) {
  const auto& g = game();
  for (const auto& pos : random_positions()) {
    const char man = g.to_move(pos) == 0 ? 'W' : 'B';
    const int far = man == 'W' ? 7 : 0;
    for (const auto& m : g.legal_moves(pos)) {
      const auto text = g.move_text(pos, m);
      const auto parts = split_move(text);
      if (!parts.capture || parts.path.back().second == far) continue;
      const Board after(g.format(g.play(pos, m)));
      const auto [f, r] = parts.path.back();
      RC_ASSERT(after.at(f, r) == man);
      RC_ASSERT(!after.can_capture_from(f, r, man));
    }
  }
}

// X5: captures are generated whenever one exists, and then only captures.
RC_GTEST_PROP(EximoProperties, X5_CapturesWhenAvailableAndOnlyThen, ()) {
  const auto& g = game();
  bool seen_capture = false;
  for (const auto& pos : random_positions()) {
    const bool exists = Board(g.format(pos)).mover_can_capture();
    seen_capture = seen_capture || exists;
    const auto texts = texts_of(pos);
    if (exists) RC_ASSERT(!texts.empty());
    for (const auto& t : texts) RC_ASSERT(split_move(t).capture == exists);
  }
  RC_TAG(seen_capture ? "line with a capture" : "line without a capture");
}

// X4, X6: men change only by captures (the opponent loses one per jump) and
// far-row exchanges (the mover loses the arriving man and gains the drops).
RC_GTEST_PROP(EximoProperties, X4_X6_MenChangeOnlyByCapturesAndExchanges, ()) {
  const auto& g = game();
  bool seen_arrival = false;
  for (const auto& pos : random_positions()) {
    const Board before(g.format(pos));
    const char man = before.side == 'w' ? 'W' : 'B', enemy = man == 'W' ? 'B' : 'W';
    const int far = man == 'W' ? 7 : 0;
    for (const auto& m : g.legal_moves(pos)) {
      const auto parts = split_move(g.move_text(pos, m));
      const Board after(g.format(g.play(pos, m)));
      const bool arrived = parts.path.back().second == far;
      seen_arrival = seen_arrival || arrived;
      if (!arrived) RC_ASSERT(parts.drops.empty());
      const int jumps = static_cast<int>(parts.path.size()) - 1;
      RC_ASSERT(after.count(man) ==
                before.count(man) - (arrived ? 1 : 0) + static_cast<int>(parts.drops.size()));
      RC_ASSERT(after.count(enemy) == before.count(enemy) - (parts.capture ? jumps : 0));
    }
  }
  RC_TAG(seen_arrival ? "line with a far-row arrival" : "line without one");
}

// P1-P3: perft(d) is the sum of divide; perft(1) counted equals perft(1) played.
RC_GTEST_PROP(EximoProperties, P1_PerftIsTheSumOfDivide, ()) {
  const auto& g = game();
  for (const auto& pos : random_positions()) {
    for (int depth = 1; depth <= 2; ++depth) {
      std::uint64_t sum = 0;
      for (const auto& e : arb::divide(g, pos, depth)) sum += e.nodes;
      RC_ASSERT(sum == arb::perft(g, pos, depth));
    }
  }
}

// count_moves (the fast path) equals playing the last ply, here and one ply on.
RC_GTEST_PROP(EximoProperties, P1_CountingTheLastPlyEqualsPlayingIt, ()) {
  const auto& g = game();
  for (const auto& pos : random_positions()) {
    const auto moves = g.legal_moves(pos);
    RC_ASSERT(g.count_moves(pos) == moves.size());
    RC_ASSERT(g.outcome(pos).finished == (moves.size() == 0));
    for (const auto& m : moves) {
      const auto child = g.play(pos, m);
      RC_ASSERT(g.count_moves(child) == g.legal_moves(child).size());
    }
  }
}

// Notation: format/parse round trip of positions; move text/parse_move round
// trip, with unique texts (P2).
RC_GTEST_PROP(EximoProperties, Notation_FormatParseRoundTrip, ()) {
  const auto& g = game();
  for (const auto& pos : random_positions()) {
    const auto text = g.format(pos);
    RC_ASSERT(g.format(g.parse(text)) == text);
    RC_ASSERT(g.parse(text) == pos);
    std::set<std::string> seen;
    for (const auto& m : g.legal_moves(pos)) {
      const auto mt = g.move_text(pos, m);
      RC_ASSERT(seen.insert(mt).second);
      const auto back = g.parse_move(pos, mt);
      RC_ASSERT(g.move_text(pos, back) == mt);
      RC_ASSERT(g.play(pos, back) == g.play(pos, m));
    }
  }
}

namespace {

const Eximo& optional_drops() {
  static const Eximo g(arb::Spec::parse("eximo:drops=optional"));
  return g;
}
const Eximo& max_capture() {
  static const Eximo g(arb::Spec::parse("eximo:capture=max"));
  return g;
}

std::vector<std::string> texts_of(const Eximo& g, const Eximo::Position& pos) {
  return arb::sorted_move_texts(g, pos);
}

// X6: the free squares of the mover's drop zone (b-g of his first two ranks)
// on the board after the move, from the texts.
int free_zone_after(const Eximo& g, const Eximo::Position& pos, const Eximo::Move& m) {
  const bool white = g.to_move(pos) == 0;
  const Board after(g.format(g.play(pos, m)));
  const auto parts = split_move(g.move_text(pos, m));
  int free = 0;
  for (int r : white ? std::array<int, 2>{0, 1} : std::array<int, 2>{6, 7})
    for (int f = 1; f <= 6; ++f) free += after.at(f, r) == '.';
  return free + static_cast<int>(parts.drops.size());  // the drops were free squares
}

}  // namespace

// V4: under drops=optional the default's moves stay legal (so perft(1) is
// never smaller, nor perft(2): every child of the default is a child under
// drops=optional too, with at least its moves), and each extra move is a
// far-row arrival with fewer drops than X6 makes (two, or as many as are
// free). Positions from lines played under drops=optional, where zones fill
// differently.
RC_GTEST_PROP(EximoProperties, V4_OptionalDropsOnlyAddArrivalsWithFewerDrops, ()) {
  const auto& g = optional_drops();
  const auto& d = game();
  bool seen_extra = false;
  for (const auto& pos : random_positions(g)) {
    const auto text = g.format(pos);
    const auto standard = texts_of(d, d.parse(text));
    const auto optional = texts_of(g, pos);
    RC_ASSERT(std::includes(optional.begin(), optional.end(), standard.begin(), standard.end()));
    RC_ASSERT(g.count_moves(pos) >= d.count_moves(d.parse(text)));
    RC_ASSERT(arb::perft(g, pos, 2) >= arb::perft(d, d.parse(text), 2));
    const int far = g.to_move(pos) == 0 ? 7 : 0;
    for (const auto& m : g.legal_moves(pos)) {
      const auto mt = g.move_text(pos, m);
      if (std::binary_search(standard.begin(), standard.end(), mt)) continue;
      seen_extra = true;
      const auto parts = split_move(mt);
      RC_ASSERT(parts.path.back().second == far);
      RC_ASSERT(static_cast<int>(parts.drops.size()) < std::min(2, free_zone_after(g, pos, m)));
    }
  }
  RC_TAG(seen_extra ? "line with an optional drop" : "line without one");
}

// V5: under capture=max the moves are the default's longest captures: a subset
// of them, all with the most jumps any capture of the position has; with no
// capture (X5) nothing changes.
RC_GTEST_PROP(EximoProperties, V5_MaxCaptureKeepsExactlyTheLongestChains, ()) {
  const auto& g = max_capture();
  const auto& d = game();
  bool seen_cut = false;
  for (const auto& pos : random_positions(g)) {
    const auto standard = texts_of(d, d.parse(g.format(pos)));
    std::size_t most = 0;
    for (const auto& t : standard) most = std::max(most, split_move(t).path.size());
    std::vector<std::string> longest;
    for (const auto& t : standard)
      if (!split_move(t).capture || split_move(t).path.size() == most) longest.push_back(t);
    const auto texts = texts_of(g, pos);
    RC_ASSERT(texts == longest);
    RC_ASSERT(g.count_moves(pos) == texts.size());
    seen_cut = seen_cut || texts.size() < standard.size();
  }
  RC_TAG(seen_cut ? "line where capture=max cuts" : "line where it does not");
}
