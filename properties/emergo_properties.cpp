// What the Emergo rules promise (RULES.md E1-E12), checked on random reachable
// positions of the engine, sizes 9 and 7. The checks read the position and move
// TEXTS with a small board model written here (TextBoard), independent of the
// engine's bitboards, including a brute-force capture-chain search.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/emergo/emergo.h"
#include "perft/count/perft.h"
#include "properties/random_play.h"

namespace {

using arb::engine::emergo::Emergo;

const Emergo& game(int size) {
  static const Emergo g9(arb::Spec::parse("emergo"));
  static const Emergo g7(arb::Spec::parse("emergo:size=7"));
  return size == 9 ? g9 : g7;
}

int men_of(int size) { return size == 9 ? 12 : 8; }

// The position text read naively: cell[rank][file] is the column's men from
// bottom to top ("" when empty).
struct TextBoard {
  int n = 9;
  std::vector<std::vector<std::string>> cell;
  char side = 'w';
  int hand[2] = {0, 0};

  TextBoard(const std::string& text, int size)
      : n(size), cell(size, std::vector<std::string>(size)) {
    int rank = n - 1, file = 0;
    std::size_t i = 0;
    for (; text[i] != ' '; ++i) {
      const char c = text[i];
      if (c == '/') {
        --rank, file = 0;
      } else if (c >= '1' && c <= '9') {
        file += c - '0';
      } else if (c == '(') {
        const std::size_t close = text.find(')', i);
        cell[rank][file++] = text.substr(i + 1, close - i - 1);
        i = close;
      } else {
        cell[rank][file++] = std::string(1, c);
      }
    }
    side = text[i + 1];
    const std::size_t h = text.find(' ', i + 1) + 1;
    const std::size_t h2 = text.find(' ', h);
    hand[0] = std::stoi(text.substr(h, h2 - h));
    hand[1] = std::stoi(text.substr(h2 + 1));
  }
  char me() const { return side == 'w' ? 'W' : 'B'; }
  static char other(char c) { return c == 'W' ? 'B' : 'W'; }
  bool on(int r, int f) const { return r >= 0 && r < n && f >= 0 && f < n; }
  int count(char man) const {
    int k = 0;
    for (const auto& row : cell)
      for (const auto& col : row) k += static_cast<int>(std::count(col.begin(), col.end(), man));
    return k;
  }
  static std::string name(int r, int f) {
    return std::string(1, static_cast<char>('a' + f)) + static_cast<char>('1' + r);
  }

  // E5-E7 by brute force: every chain (as move text) of the column on (r, f)
  // owned by `who`, which has left its square. `last` is the column jumped last.
  void chains(int r, int f, char who, int last_r, int last_f, const std::string& text, int jumps,
              std::vector<std::pair<int, std::string>>& out) {
    bool moved = false;
    for (int dr : {-1, 1})
      for (int df : {-1, 1}) {
        const int jr = r + dr, jf = f + df, lr = r + 2 * dr, lf = f + 2 * df;
        if (!on(lr, lf) || !cell[lr][lf].empty()) continue;
        if (cell[jr][jf].empty() || cell[jr][jf].back() == who) continue;
        if (jr == last_r && jf == last_f) continue;  // E6
        moved = true;
        const std::string saved = cell[jr][jf];
        cell[jr][jf].pop_back();  // E5: the top man is taken at once
        chains(lr, lf, who, jr, jf, text + "x" + name(lr, lf), jumps + 1, out);
        cell[jr][jf] = saved;
      }
    if (!moved && jumps > 0) out.push_back({jumps, text});
  }
  // All maximal capture chains of the side to move (E7), sorted; with `all`
  // every complete chain (V2: capture=any drops E7).
  std::vector<std::string> maximal_captures(bool all_chains = false) {
    std::vector<std::pair<int, std::string>> all;
    for (int r = 0; r < n; ++r)
      for (int f = 0; f < n; ++f)
        if (!cell[r][f].empty() && cell[r][f].back() == me()) {
          const std::string column = cell[r][f];
          cell[r][f].clear();  // E5: the start square is empty while it travels
          chains(r, f, me(), -1, -1, name(r, f), 0, all);
          cell[r][f] = column;
        }
    int best = 0;
    for (const auto& c : all) best = std::max(best, c.first);
    std::vector<std::string> out;
    for (const auto& c : all)
      if (all_chains || c.first == best) out.push_back(c.second);
    std::sort(out.begin(), out.end());
    return out;
  }
  // Can `who` make at least one jump?
  bool can_capture(char who) const {
    for (int r = 0; r < n; ++r)
      for (int f = 0; f < n; ++f)
        if (!cell[r][f].empty() && cell[r][f].back() == who)
          for (int dr : {-1, 1})
            for (int df : {-1, 1}) {
              const int jr = r + dr, jf = f + df, lr = r + 2 * dr, lf = f + 2 * df;
              if (on(lr, lf) && cell[lr][lf].empty() && !cell[jr][jf].empty() &&
                  cell[jr][jf].back() != who)
                return true;
            }
    return false;
  }
};

// Squares of a move text: "d4xb6xd8" -> {{3,3},{5,1},{7,3}} as (rank, file).
std::vector<std::pair<int, int>> squares_of(const std::string& move) {
  std::vector<std::pair<int, int>> out;
  for (std::size_t i = 0; i + 1 < move.size(); ++i)
    if (move[i] >= 'a' && move[i] <= 'i') out.push_back({move[i + 1] - '1', move[i] - 'a'});
  return out;
}

int size_gen() { return *rc::gen::element(9, 7); }

RC_GTEST_PROP(EmergoProperties, E2_E3_MenAreConservedAndColumnsAreWellFormed, ()) {
  for (int size : {9, 7}) {
    const auto& g = game(size);
    const auto line = arb::random_line(g, g.start(), size == 9 ? 80 : 50);
    const TextBoard b(g.format(line.position), size);
    RC_ASSERT(b.count('W') + b.hand[0] == men_of(size));
    RC_ASSERT(b.count('B') + b.hand[1] == men_of(size));
    for (const auto& row : b.cell)
      for (const auto& col : row) {
        if (col.size() < 2) continue;
        // E3: prisoners (the other colour) at the bottom, then the owner's cap.
        const char owner = col.back();
        const std::size_t cap_start = col.find(owner);
        RC_ASSERT(col.find(TextBoard::other(owner), cap_start) == std::string::npos);
      }
  }
}

// E4-E7 on one position: the engine's moves are exactly the brute-force
// maximal chains when a capture exists, and no chain jumps a column twice in a row.
void check_captures(const Emergo& g, const Emergo::Position& pos, int size) {
  TextBoard b(g.format(pos), size);
  const auto expected = b.maximal_captures();
  const auto moves = arb::sorted_move_texts(g, pos);
  if (!expected.empty()) {
    RC_ASSERT(moves == expected);  // E4: only captures; E7: only the longest
  } else {
    for (const auto& m : moves) RC_ASSERT(m.find('x') == std::string::npos);
  }
  for (const auto& m : moves) {
    if (m.find('x') == std::string::npos) continue;
    // E6: the jumped squares (midpoints) never repeat twice in a row.
    const auto sq = squares_of(m);
    std::pair<int, int> last{-1, -1};
    for (std::size_t i = 1; i < sq.size(); ++i) {
      const std::pair<int, int> jumped{(sq[i - 1].first + sq[i].first) / 2,
                                       (sq[i - 1].second + sq[i].second) / 2};
      RC_ASSERT(jumped != last);
      last = jumped;
    }
  }
}

RC_GTEST_PROP(EmergoProperties, E4_E7_CapturesAreExactlyTheMaximalChains, ()) {
  for (int size : {9, 7}) {
    const auto& g = game(size);
    const auto line = arb::random_line(g, g.start(), size == 9 ? 80 : 50);
    // The position and every child: captures are common one ply after an entry.
    check_captures(g, line.position, size);
    for (const auto& m : g.legal_moves(line.position))
      check_captures(g, g.play(line.position, m), size);
  }
}

// A choice in [lo, hi) over the whole range at every RapidCheck size (inRange
// alone stays near lo in the early, small-size cases); it still shrinks.
int pick(int lo, int hi) { return *rc::gen::resize(100, rc::gen::inRange(lo, hi)); }

// A random position of columns (hands empty), written as text here: tall
// columns with prisoners make long chains that turn and re-jump columns.
std::string random_columns_text(int size) {
  int left[2] = {men_of(size), men_of(size)};
  bool owns[2] = {false, false};
  std::string text;
  for (int r = size - 1; r >= 0; --r) {
    int run = 0;
    for (int f = 0; f < size; ++f) {
      std::string col;
      if ((r + f) % 2 == 0 && pick(0, 100) < 45) {
        const int owner = pick(0, 2);
        const int cap = std::min(left[owner], pick(1, 4));
        const int pris = std::min(left[1 - owner], pick(0, 3) / 2);
        if (cap > 0) {
          left[owner] -= cap, left[1 - owner] -= pris, owns[owner] = true;
          col = std::string(pris, owner ? 'W' : 'B') + std::string(cap, owner ? 'B' : 'W');
        }
      }
      if (col.empty()) {
        ++run;
        continue;
      }
      if (run) text += static_cast<char>('0' + run);
      run = 0;
      text += col.size() == 1 ? col : "(" + col + ")";
    }
    if (run) text += static_cast<char>('0' + run);
    if (r) text += '/';
  }
  RC_PRE(owns[0] && owns[1]);
  return text + (pick(0, 2) ? " b 0 0" : " w 0 0");
}

RC_GTEST_PROP(EmergoProperties, E5_E7_ChainsOnRandomColumnPositions, ()) {
  const int size = size_gen();
  const auto& g = game(size);
  const std::string text = random_columns_text(size);
  RC_LOG() << text << "\n";
  const auto pos = g.parse(text);
  RC_ASSERT(g.format(pos) == text);
  check_captures(g, pos, size);
  RC_ASSERT(g.count_moves(pos) == g.legal_moves(pos).size());
  for (const auto& m : g.legal_moves(pos)) {
    const auto next = g.play(pos, m);
    const TextBoard b(g.format(next), size);
    RC_ASSERT(b.count('W') == TextBoard(text, size).count('W'));  // men never leave the board
    check_captures(g, next, size);
  }
}

RC_GTEST_PROP(EmergoProperties, E8_E10_PlacementRestrictions, ()) {
  for (int size : {9, 7}) {
    const auto& g = game(size);
    const auto line = arb::random_line(g, g.start(), size == 9 ? 40 : 25);
    const std::string text = g.format(line.position);
    const TextBoard before(text, size);
    const int me = before.side == 'w' ? 0 : 1;
    const bool already = before.can_capture(TextBoard::other(before.me()));
    const std::string centre = size == 9 ? "e5" : "d4";
    for (const auto& m : g.legal_moves(line.position)) {
      const std::string mt = g.move_text(line.position, m);
      if (before.hand[me] > 0) RC_ASSERT(mt.find('-') == std::string::npos);  // E8: no steps
      if (mt.find('x') != std::string::npos || mt.find('-') != std::string::npos) continue;
      // E10: White holding all his men never enters on the centre.
      if (me == 0 && before.hand[0] == men_of(size)) RC_ASSERT(mt != centre);
      const TextBoard after(g.format(g.play(line.position, m)), size);
      // E9: no feeding unless the opponent could already capture.
      if (!already) RC_ASSERT(!after.can_capture(after.me()));
      // E8: the shadow piece carries the whole hand exactly when the opponent's is empty.
      const int entered = before.hand[1 - me] == 0 ? before.hand[me] : 1;
      RC_ASSERT(after.hand[me] == before.hand[me] - entered);
      const auto sq = squares_of(mt)[0];
      RC_ASSERT(after.cell[sq.first][sq.second] == std::string(entered, before.me()));
    }
  }
}

// perft with the last ply played, not counted.
std::uint64_t played_perft(const Emergo& g, const Emergo::Position& p, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  for (const auto& m : g.legal_moves(p)) n += played_perft(g, g.play(p, m), depth - 1);
  return n;
}

RC_GTEST_PROP(EmergoProperties, P1_PerftEqualsDivideSumAndPlayedLastPly, ()) {
  for (int size : {9, 7}) {
    const auto& g = game(size);
    const auto line = arb::random_line(g, g.start(), size == 9 ? 80 : 50);
    const int depth = *rc::gen::inRange(1, 3);
    const std::uint64_t total = arb::perft(g, line.position, depth);
    std::uint64_t sum = 0;
    for (const auto& e : arb::divide(g, line.position, depth)) sum += e.nodes;
    RC_ASSERT(total == sum);
    RC_ASSERT(total == played_perft(g, line.position, depth));
    RC_ASSERT(g.count_moves(line.position) == g.legal_moves(line.position).size());
  }
}

RC_GTEST_PROP(EmergoProperties, Notation_PlayFormatParseRoundTrip, ()) {
  for (int size : {9, 7}) {
    const auto& g = game(size);
    const auto line = arb::random_line(g, g.start(), size == 9 ? 80 : 50);
    for (const auto& m : g.legal_moves(line.position)) {
      const auto next = g.play(line.position, m);
      const std::string text = g.format(next);
      const auto back = g.parse(text);
      RC_ASSERT(g.format(back) == text);
      RC_ASSERT(back == next);
      // The move text names exactly this move.
      const std::string mt = g.move_text(line.position, m);
      RC_ASSERT(g.parse_move(line.position, mt) == m);
    }
  }
}

// --- Variants (RULES.md V1-V3) -------------------------------------------------

// The engine of `spec` at `size` ("emergo:<options>" plus the size), built once.
const Emergo& variant(const std::string& options, int size) {
  static std::map<std::string, Emergo> games;
  const std::string spec = "emergo:" + options + (size == 7 ? ",size=7" : "");
  auto it = games.find(spec);
  if (it == games.end()) it = games.emplace(spec, Emergo(arb::Spec::parse(spec))).first;
  return it->second;
}

bool contains_all(const std::vector<std::string>& big, const std::vector<std::string>& small) {
  return std::includes(big.begin(), big.end(), small.begin(), small.end());
}

// V2: under capture=any the captures are exactly every complete chain (the
// brute force without E7), a superset of the default's; E4 still holds.
void check_any_captures(const Emergo& any, const Emergo::Position& pos, int size) {
  TextBoard b(any.format(pos), size);
  const auto expected = b.maximal_captures(true);
  const auto moves = arb::sorted_move_texts(any, pos);
  RC_ASSERT(any.count_moves(pos) == moves.size());
  if (!expected.empty()) RC_ASSERT(moves == expected);
  RC_ASSERT(contains_all(moves, arb::sorted_move_texts(game(size), pos)));  // E7's are among them
}

RC_GTEST_PROP(EmergoProperties, V2_AnyCapturesAreEveryCompleteChain, ()) {
  const int size = size_gen();
  const auto& any = variant("capture=any", size);
  const std::string text = random_columns_text(size);
  RC_LOG() << text << "\n";
  const auto pos = any.parse(text);
  check_any_captures(any, pos, size);
  for (const auto& m : any.legal_moves(pos)) check_any_captures(any, any.play(pos, m), size);
}

RC_GTEST_PROP(EmergoProperties, V2_AnyCapturesOnPlayedLines, ()) {
  for (int size : {9, 7}) {
    const auto& any = variant("capture=any", size);
    const auto line = arb::random_line(any, any.start(), size == 9 ? 80 : 50);
    check_any_captures(any, line.position, size);
    // The default's moves are among them, and a capture is forced under both (E4).
    const auto moves = arb::sorted_move_texts(any, line.position);
    const auto plain = arb::sorted_move_texts(game(size), line.position);
    RC_ASSERT(contains_all(moves, plain));
    const auto is_capture = [](const std::string& m) { return m.find('x') != std::string::npos; };
    RC_ASSERT(std::ranges::all_of(moves, is_capture) == std::ranges::all_of(plain, is_capture));
  }
}

RC_GTEST_PROP(EmergoProperties, V3_FeedingAllowedEntersEveryEmptySquare, ()) {
  for (int size : {9, 7}) {
    const auto& fed = variant("feeding=allowed", size);
    const auto line = arb::random_line(fed, fed.start(), size == 9 ? 40 : 25);
    const auto& pos = line.position;
    const auto moves = arb::sorted_move_texts(fed, pos);
    const auto plain = arb::sorted_move_texts(game(size), pos);
    RC_ASSERT(contains_all(moves, plain));  // E9 only ever removed entries
    RC_ASSERT(fed.count_moves(pos) == moves.size());
    const TextBoard b(fed.format(pos), size);
    const int me = b.side == 'w' ? 0 : 1;
    if (b.hand[me] == 0 || b.can_capture(b.me())) {
      RC_ASSERT(moves == plain);  // no entry: V3 changes nothing
      continue;
    }
    // E8 without E9: every empty dark square but the centre under E10.
    int empty = 0;
    for (int r = 0; r < size; ++r)
      for (int f = 0; f < size; ++f) empty += (r + f) % 2 == 0 && b.cell[r][f].empty();
    const bool centre_barred =
        me == 0 && b.hand[0] == men_of(size) && b.cell[size / 2][size / 2].empty();
    RC_ASSERT(moves.size() == static_cast<std::size_t>(empty - (centre_barred ? 1 : 0)));
  }
}

RC_GTEST_PROP(EmergoProperties, V1_LossChangesOutcomesOnlyOfTheBlocked, ()) {
  for (int size : {9, 7}) {
    const auto& plain = game(size);
    const auto& loss = variant("blocked=loss", size);
    // Lines under feeding=allowed too, which reach other blocked positions.
    const auto& walker = *rc::gen::element(0, 1) ? plain : variant("feeding=allowed", size);
    const auto line = arb::random_line(walker, walker.start(), size == 9 ? 200 : 150);
    const auto& pos = line.position;
    RC_ASSERT(loss.count_moves(pos) == plain.count_moves(pos));
    RC_ASSERT(arb::sorted_move_texts(loss, pos) == arb::sorted_move_texts(plain, pos));
    RC_ASSERT(arb::perft(loss, pos, 2) == arb::perft(plain, pos, 2));
    const auto o = loss.outcome(pos), d = plain.outcome(pos);
    if (plain.count_moves(pos) > 0) {
      RC_ASSERT(o == arb::Outcome::ongoing() && d == arb::Outcome::ongoing());
    } else {
      RC_ASSERT(o == arb::Outcome::win(1 - plain.to_move(pos)));  // V1: always a loss
      const TextBoard b(plain.format(pos), size);
      bool owns = false;
      for (const auto& row : b.cell)
        for (const auto& col : row) owns = owns || (!col.empty() && col.back() == b.me());
      const bool has_something = b.hand[b.side == 'w' ? 0 : 1] > 0 || owns;
      RC_ASSERT(d == (has_something ? arb::Outcome::draw(0b11) : o));  // E12
    }
  }
}

}  // namespace
