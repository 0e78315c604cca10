// Readings of RULES.md where it leaves room (also in the final report):
// - <last> is the previous PLACING turn: a normal turn writes `X:P,Q,R`, Black's
//   first turn `-:P,Q,R`, a swap leaves it unchanged (it still names Black's first
//   stones, which are also the ones replace=last-added may take next), and the
//   two-player final turn writes `X:-`. That `X:-` is what marks the game as over:
//   the position after it has White to move with one empty cell and no moves.
// - C5, two players: "fewer than 3 empty cells at the start of a turn" makes that
//   turn replacement only. Every turn adds 3 stones and hexhex boards have
//   3n(n-1)+1 cells, so this is always Black's turn with exactly 1 empty cell.
//   The final replacement obeys C4 like any other (the seed: "solo l'azione di
//   sostituzione", the same action).
// - C5, three players: the game is over when Black is to move with fewer than 15
//   empty cells. White and Red then always have room for 5.
// - A parsed position must be reachable as far as the text shows (RULES.md
//   preamble): stone count a multiple of 3 (5), the side to move that count
//   implies, two-player colour counts, <last> cells holding the previous player's
//   stones, `s` only on White's first turn. See check_reachable.
#include "reference/ecalper/ecalper.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace arb::reference {
namespace {

using Stone = Ecalper::Stone;

char stone_char(Stone s) {
  switch (s) {
    case Stone::kBlack:
      return 'B';
    case Stone::kWhite:
      return 'W';
    case Stone::kRed:
      return 'R';
    case Stone::kEmpty:
      break;
  }
  return '.';
}

// Players in turn order: Black, White, Red (C2).
Stone colour_of(int player) { return static_cast<Stone>(player + 1); }

const char* colour_name(int player) {
  static const char* const kNames[] = {"Black", "White", "Red"};
  return kNames[player];
}

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  while (true) {
    const auto at = text.find(sep);
    out.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return out;
    text.remove_prefix(at + 1);
  }
}

// n choose k for small k, checked against overflow (P4).
std::uint64_t binomial(std::uint64_t n, std::uint64_t k) {
  if (k > n) return 0;
  std::uint64_t result = 1;
  for (std::uint64_t i = 1; i <= k; ++i) {
    std::uint64_t product = 0;
    if (__builtin_mul_overflow(result, n - k + i, &product))
      throw Error("count overflow: binomial exceeds 2^64-1");
    result = product / i;  // exact: result * (n-k+i) is C(n-k+i, i) * i
  }
  return result;
}

std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b) {
  std::uint64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product)) throw Error("count overflow: exceeds 2^64-1");
  return product;
}

// Every k-element subset of `items` (kept in their order, so sorted sets stay sorted).
void for_each_combination(const std::vector<int>& items, int k, std::vector<int>& chosen,
                          std::size_t from, std::vector<std::vector<int>>& out) {
  if (static_cast<int>(chosen.size()) == k) {
    out.push_back(chosen);
    return;
  }
  for (std::size_t i = from; i < items.size(); ++i) {
    chosen.push_back(items[i]);
    for_each_combination(items, k, chosen, i + 1, out);
    chosen.pop_back();
  }
}

// One row of the <rows> field (`length` cells): its cells appended to
// `cells`; returns how many.
int parse_row(std::string_view row, int length, int players, const std::string& where,
              std::vector<Ecalper::Stone>& cells) {
  using Stone = Ecalper::Stone;
  int filled = 0;
  for (std::size_t i = 0; i < row.size();) {
    const char ch = row[i];
    if (ch >= '0' && ch <= '9') {
      if (ch == '0') throw Error(where + "a number of empty cells may not start with '0'");
      int run = 0;
      while (i < row.size() && row[i] >= '0' && row[i] <= '9') {
        run = run * 10 + (row[i] - '0');
        if (filled + run > length)
          throw Error(where + "more than " + std::to_string(length) + " cells at '" + row[i] + "'");
        ++i;
      }
      cells.insert(cells.end(), static_cast<std::size_t>(run), Stone::kEmpty);
      filled += run;
      continue;
    }
    Stone stone = Stone::kEmpty;
    if (ch == 'B') stone = Stone::kBlack;
    if (ch == 'W') stone = Stone::kWhite;
    if (ch == 'R' && players == 3) stone = Stone::kRed;
    if (stone == Stone::kEmpty)
      throw Error(where + "unexpected character '" + std::string(1, ch) + "' (expected " +
                  (players == 3 ? "B, W, R" : "B, W") + " or a number)");
    if (filled + 1 > length)
      throw Error(where + "more than " + std::to_string(length) + " cells at '" + ch + "'");
    cells.push_back(stone);
    ++filled;
    ++i;
  }
  return filled;
}

}  // namespace

// C4, C7 (default: two players, replace=any).
Ecalper::Rules Ecalper::Rules::from(const Spec& spec) {
  Rules rules;
  rules.players = spec.number("players");
  rules.last_added = spec.value("replace") == "last-added";
  return rules;
}

Ecalper::Ecalper(const Spec& spec)
    : spec_(spec), rules_(Rules::from(spec)), n_(spec.number("size")) {
  // C1: row r (from 0) holds the columns q with |q - r| <= n - 1, i.e. from
  // max(0, r-n+1) to min(2n-2, r+n-1). Cells are numbered row by row, so that
  // sorting cell indices sorts by row number, then column (the notation's order).
  const int rows = 2 * n_ - 1;
  for (int r = 0; r < rows; ++r) {
    row_first_q_.push_back(std::max(0, r - n_ + 1));
    row_first_cell_.push_back(cell_count());
    for (int q = std::max(0, r - n_ + 1); q <= std::min(rows - 1, r + n_ - 1); ++q) {
      cell_q_.push_back(q);
      cell_r_.push_back(r);
    }
  }
}

int Ecalper::cell_at(int q, int r) const {
  const int rows = 2 * n_ - 1;
  if (r < 0 || r >= rows || q < 0 || q >= rows) return -1;
  if (q - r > n_ - 1 || r - q > n_ - 1) return -1;  // C1: |q - r| <= n - 1
  return row_first_cell_[r] + (q - row_first_q_[r]);
}

std::string Ecalper::cell_name(int cell) const {
  return std::string(1, static_cast<char>('A' + cell_q_[cell])) + std::to_string(cell_r_[cell] + 1);
}

int Ecalper::cell_index(std::string_view name) const {
  if (name.size() < 2 || name[0] < 'A' || name[0] > 'Z') return -1;
  const std::string_view digits = name.substr(1);
  if (digits[0] == '0' || digits.size() > 2) return -1;  // no leading zeros: one spelling per cell
  int row = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return -1;
    row = row * 10 + (c - '0');
  }
  return cell_at(name[0] - 'A', row - 1);
}

std::vector<int> Ecalper::neighbours(int cell) const {
  // C1: (q±1, r), (q, r±1), (q+1, r+1), (q-1, r-1).
  static constexpr int kSteps[6][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}};
  std::vector<int> out;
  for (const auto& step : kSteps) {
    const int other = cell_at(cell_q_[cell] + step[0], cell_r_[cell] + step[1]);
    if (other >= 0) out.push_back(other);
  }
  std::sort(out.begin(), out.end());
  return out;
}

Ecalper::Position Ecalper::start() const {
  Position pos;
  pos.cells.assign(cell_q_.size(), Stone::kEmpty);
  return pos;  // Black to move (C2), no swap yet, <last> = -:-
}

int Ecalper::empty_count(const Position& pos) const {
  return static_cast<int>(std::count(pos.cells.begin(), pos.cells.end(), Stone::kEmpty));
}

std::vector<int> Ecalper::empty_cells(const Position& pos) const {
  std::vector<int> out;
  for (int c = 0; c < cell_count(); ++c)
    if (pos.cells[c] == Stone::kEmpty) out.push_back(c);
  return out;
}

// <last> = `X:-`: a replacement without placements, which only the final turn
// of a two-player game (C5) makes. After it the game is over.
bool Ecalper::final_turn_played(const Position& pos) const {
  return pos.last_replaced >= 0 && pos.last_placed.empty();
}

// <last> = `-:-`: no placing turn yet, so this is Black's first turn (C2).
bool Ecalper::is_first_turn(const Position& pos) const {
  return pos.last_replaced < 0 && pos.last_placed.empty();
}

// C5, two players: a turn that starts with fewer than 3 empty cells is the
// replacement only (on hexhex boards: Black's turn with one empty cell).
bool Ecalper::is_replacement_only_turn(const Position& pos) const {
  return rules_.players == 2 && empty_count(pos) < 3;
}

bool Ecalper::game_over(const Position& pos) const {
  if (rules_.players == 2) return final_turn_played(pos);  // C5: the final turn was played
  // C5/C7, three players: the game ends before Black's turn when fewer than 15
  // empty cells remain (a full round of 3 x 5 stones no longer fits). White and
  // Red always have room then (parse rejects anything else).
  return pos.side == 0 && empty_count(pos) < 15;
}

// C4 (and C7): the opponent stones the side to move may replace.
std::vector<int> Ecalper::replaceable_cells(const Position& pos) const {
  const Stone own = colour_of(pos.side);
  std::vector<int> out;
  if (rules_.last_added) {
    // Only a stone the previous player placed (not replaced) on his last turn.
    // <last> lists exactly those; after a swap it still lists Black's first stones.
    for (int c : pos.last_placed)
      if (pos.cells[c] != own && pos.cells[c] != Stone::kEmpty) out.push_back(c);
  } else {
    // Any opponent stone (either other player's with three), except the one the
    // previous player's replacement created.
    for (int c = 0; c < cell_count(); ++c)
      if (pos.cells[c] != own && pos.cells[c] != Stone::kEmpty && c != pos.last_replaced)
        out.push_back(c);
  }
  return out;
}

Ecalper::MoveList Ecalper::legal_moves(const Position& pos) const {
  MoveList moves;
  if (game_over(pos)) return moves;
  if (pos.may_swap) moves.push_back(Move{true, -1, {}});  // C3
  const std::vector<int> empties = empty_cells(pos);
  std::vector<std::vector<int>> placements;
  std::vector<int> chosen;
  for_each_combination(empties, stones_per_turn(), chosen, 0, placements);
  if (is_first_turn(pos)) {
    // C2: the first turn only places (3 stones; 5 with three players).
    for (auto& set : placements) moves.push_back(Move{false, -1, std::move(set)});
    return moves;
  }
  for (int replaced : replaceable_cells(pos)) {
    if (is_replacement_only_turn(pos)) {
      moves.push_back(Move{false, replaced, {}});  // C5: the final turn
      continue;
    }
    // C4: replace, then place. Replacing leaves the set of empty cells unchanged,
    // so every placement set goes with every replacement.
    for (const auto& set : placements) moves.push_back(Move{false, replaced, set});
  }
  return moves;
}

std::uint64_t Ecalper::count_moves(const Position& pos) const {
  // The same structure as legal_moves, counted: placements are k-subsets of the
  // empty cells, independent of the replacement (which empties nothing).
  if (game_over(pos)) return 0;
  const std::uint64_t swap = pos.may_swap ? 1 : 0;
  const std::uint64_t placements = binomial(empty_count(pos), stones_per_turn());
  if (is_first_turn(pos)) return swap + placements;
  const std::uint64_t replacements = replaceable_cells(pos).size();
  if (is_replacement_only_turn(pos)) return swap + replacements;
  return swap + checked_mul(replacements, placements);
}

Ecalper::Move Ecalper::nth_move(const Position& pos, std::uint64_t index) const {
  if (index >= count_moves(pos))
    throw Error("ecalper: no legal move of rank " + std::to_string(index));
  // Texts sort by their cell names, a name before every longer name it starts
  // ('+' and the end sort before digits): `swap` ('s' < 'x') first, then by the
  // replaced cell, then by the placed cells in their text order (row, column).
  const auto by_name = [&](int a, int b) { return cell_name(a) < cell_name(b); };
  if (pos.may_swap) {
    if (index == 0) return Move{true, -1, {}};
    --index;
  }
  const std::vector<int> empties = empty_cells(pos);
  const int e = static_cast<int>(empties.size());
  const int k = !is_first_turn(pos) && is_replacement_only_turn(pos) ? 0 : stones_per_turn();
  Move move;
  if (!is_first_turn(pos)) {
    std::vector<int> replaceable = replaceable_cells(pos);
    std::sort(replaceable.begin(), replaceable.end(), by_name);
    const std::uint64_t per =
        binomial(static_cast<std::uint64_t>(e), static_cast<std::uint64_t>(k));
    move.replaced = replaceable[index / per];
    index %= per;
  }
  // Each placed cell in turn: a candidate at row-major place i of the empties
  // leaves C(e - i - 1, still to place) ways to finish the set.
  int next = 0;
  for (int left = k; left > 0; --left) {
    std::vector<int> places;
    for (int i = next; i < e; ++i) places.push_back(i);
    std::sort(places.begin(), places.end(),
              [&](int a, int b) { return by_name(empties[a], empties[b]); });
    for (int i : places) {
      const std::uint64_t ways =
          binomial(static_cast<std::uint64_t>(e - i - 1), static_cast<std::uint64_t>(left - 1));
      if (index < ways) {
        move.placed.push_back(empties[i]);
        next = i + 1;
        break;
      }
      index -= ways;
    }
  }
  return move;
}

int Ecalper::material(const Position& pos, int player) const {
  return static_cast<int>(std::count(pos.cells.begin(), pos.cells.end(), colour_of(player)));
}

int Ecalper::score(const Position& pos, int player) const {
  return group_stats(pos, colour_of(player)).largest;
}

Ecalper::Position Ecalper::play(const Position& pos, const Move& move) const {
  Position next = pos;
  if (move.swap) {
    // C3: colours are exchanged and the stones stay, so in colour terms only the
    // option disappears: White is still to move and <last> is unchanged.
    next.may_swap = false;
    return next;
  }
  const Stone own = colour_of(pos.side);
  if (move.replaced >= 0) next.cells[move.replaced] = own;
  for (int c : move.placed) next.cells[c] = own;
  // <last> records this turn: the final turn gives `X:-` (C5), which marks the end.
  next.last_replaced = move.replaced;
  next.last_placed = move.placed;
  next.side = (pos.side + 1) % rules_.players;
  // C3: White may swap on his first turn, i.e. right after Black's first turn.
  next.may_swap = rules_.players == 2 && is_first_turn(pos);
  return next;
}

std::string Ecalper::move_text(const Position&, const Move& move) const {
  if (move.swap) return "swap";
  std::string text;
  if (move.replaced >= 0) text = "x" + cell_name(move.replaced);
  for (int c : move.placed) text += (text.empty() ? "" : "+") + cell_name(c);
  return text;
}

Ecalper::Move Ecalper::parse_move(const Position& pos, std::string_view text) const {
  // Read the move, check it against the rules, then demand the canonical text.
  // (Generating every move would do too, but a first turn of three players on
  // size 8 has over 10^9 of them.)
  const std::string quoted = "move '" + std::string(text) + "'";
  if (game_over(pos)) throw Error(quoted + ": the game is over");
  Move move;
  if (text == "swap") {
    if (!pos.may_swap) throw Error(quoted + ": swap is only allowed on White's first turn (C3)");
    move.swap = true;
    return move;
  }
  std::string_view rest = text;
  if (!rest.empty() && rest[0] == 'x') {
    const auto plus = rest.find('+');
    const std::string_view name =
        rest.substr(1, plus == std::string_view::npos ? rest.npos : plus - 1);
    move.replaced = cell_index(name);
    if (move.replaced < 0) throw Error(quoted + ": no cell '" + std::string(name) + "'");
    rest = plus == std::string_view::npos ? std::string_view() : rest.substr(plus + 1);
    if (plus != std::string_view::npos && rest.empty()) throw Error(quoted + ": nothing after '+'");
  }
  if (!rest.empty()) {
    for (std::string_view name : split(rest, '+')) {
      const int cell = cell_index(name);
      if (cell < 0) throw Error(quoted + ": no cell '" + std::string(name) + "'");
      move.placed.push_back(cell);
    }
  }
  for (std::size_t i = 1; i < move.placed.size(); ++i)
    if (move.placed[i] <= move.placed[i - 1])
      throw Error(quoted + ": placed cells must be distinct and sorted by row, then column (P2)");
  for (int c : move.placed)
    if (pos.cells[c] != Stone::kEmpty) throw Error(quoted + ": " + cell_name(c) + " is not empty");
  if (is_first_turn(pos)) {
    if (move.replaced >= 0) throw Error(quoted + ": the first turn replaces nothing (C2)");
  } else {
    if (move.replaced < 0)
      throw Error(quoted + ": a turn starts with a replacement 'x<cell>' (C4)");
    const auto allowed = replaceable_cells(pos);
    if (std::find(allowed.begin(), allowed.end(), move.replaced) == allowed.end())
      throw Error(quoted + ": " + cell_name(move.replaced) + " may not be replaced (C4, replace=" +
                  (rules_.last_added ? "last-added" : "any") + ")");
  }
  const int wanted = is_replacement_only_turn(pos) && !is_first_turn(pos) ? 0 : stones_per_turn();
  if (static_cast<int>(move.placed.size()) != wanted)
    throw Error(quoted + ": places " + std::to_string(move.placed.size()) +
                " stones, this turn places " + std::to_string(wanted) +
                (wanted == 0 ? " (C5: final turn)" : ""));
  if (move_text(pos, move) != text) throw Error(quoted + ": not canonical");
  return move;
}

Ecalper::GroupStats Ecalper::group_stats(const Position& pos, Stone colour) const {
  GroupStats stats;
  std::vector<bool> seen(pos.cells.size(), false);
  for (int c = 0; c < cell_count(); ++c) {
    if (pos.cells[c] != colour || seen[c]) continue;
    // A new group: flood it through same-coloured neighbours (C6).
    ++stats.groups;
    int size = 0;
    std::vector<int> stack = {c};
    seen[c] = true;
    while (!stack.empty()) {
      const int here = stack.back();
      stack.pop_back();
      ++size;
      for (int next : neighbours(here)) {
        if (pos.cells[next] == colour && !seen[next]) {
          seen[next] = true;
          stack.push_back(next);
        }
      }
    }
    stats.largest = std::max(stats.largest, size);
  }
  return stats;
}

Outcome Ecalper::outcome(const Position& pos) const {
  if (count_moves(pos) > 0) return Outcome::ongoing();
  // C6: the largest group wins; tied, fewer groups wins; still tied, a draw among
  // those still tied (with three players possibly only two of them).
  std::vector<GroupStats> stats;
  for (int p = 0; p < rules_.players; ++p) stats.push_back(group_stats(pos, colour_of(p)));
  int best_largest = 0;
  for (const auto& s : stats) best_largest = std::max(best_largest, s.largest);
  int fewest_groups = cell_count() + 1;
  for (const auto& s : stats)
    if (s.largest == best_largest) fewest_groups = std::min(fewest_groups, s.groups);
  std::uint8_t mask = 0;
  for (int p = 0; p < rules_.players; ++p)
    if (stats[p].largest == best_largest && stats[p].groups == fewest_groups)
      mask = static_cast<std::uint8_t>(mask | (1u << p));
  return std::popcount(mask) == 1 ? Outcome::win(std::countr_zero(mask)) : Outcome::draw(mask);
}

std::string Ecalper::format(const Position& pos) const {
  std::string text;
  for (int r = 0; r < 2 * n_ - 1; ++r) {
    if (r > 0) text += '/';
    int run = 0;
    for (int c = row_first_cell_[r]; c < cell_count() && cell_r_[c] == r; ++c) {
      if (pos.cells[c] == Stone::kEmpty) {
        ++run;
        continue;
      }
      if (run > 0) text += std::to_string(run);
      run = 0;
      text += stone_char(pos.cells[c]);
    }
    if (run > 0) text += std::to_string(run);
  }
  text += ' ';
  text += players()[pos.side];
  text += pos.may_swap ? " s " : " - ";
  text += pos.last_replaced >= 0 ? cell_name(pos.last_replaced) : "-";
  text += ':';
  if (pos.last_placed.empty()) text += '-';
  for (std::size_t i = 0; i < pos.last_placed.size(); ++i)
    text += (i ? "," : "") + cell_name(pos.last_placed[i]);
  return text;
}

Ecalper::Position Ecalper::parse(std::string_view text) const {
  const auto fields = split(text, ' ');
  if (fields.size() != 4)
    throw Error("position: " + std::to_string(fields.size()) +
                " fields separated by single spaces, expected 4: <rows> <side> <swap> <last>");
  for (std::size_t i = 0; i < fields.size(); ++i)
    if (fields[i].empty())
      throw Error("position: empty field " + std::to_string(i + 1) + " (extra space)");

  Position pos;
  // <rows>: from the top, each row from its first column; digits = empty cells.
  const auto rows = split(fields[0], '/');
  const int num_rows = 2 * n_ - 1;
  if (static_cast<int>(rows.size()) != num_rows)
    throw Error("rows: " + std::to_string(rows.size()) + " rows, expected " +
                std::to_string(num_rows) + " for size " + std::to_string(n_));
  for (int r = 0; r < num_rows; ++r) {
    const std::string where = "row " + std::to_string(r + 1) + ": ";
    const int length =
        (r + 1 < num_rows ? row_first_cell_[r + 1] : cell_count()) - row_first_cell_[r];
    const int filled = parse_row(rows[r], length, rules_.players, where, pos.cells);
    if (filled != length)
      throw Error(where + std::to_string(filled) + " cells, expected " + std::to_string(length));
  }

  // <side>
  const auto side_at = players().find(fields[1]);
  if (fields[1].size() != 1 || side_at == std::string_view::npos)
    throw Error("side: '" + std::string(fields[1]) + "' is not one of " +
                (rules_.players == 3 ? "b, w, r" : "b, w"));
  pos.side = static_cast<int>(side_at);

  // <swap>
  if (fields[2] != "s" && fields[2] != "-")
    throw Error("swap: '" + std::string(fields[2]) + "', expected 's' or '-'");
  pos.may_swap = fields[2] == "s";

  // <last>: <replaced>:<placed,...>
  const auto parts = split(fields[3], ':');
  if (parts.size() != 2)
    throw Error("last: '" + std::string(fields[3]) + "' is not <replaced>:<placed,...>");
  if (parts[0] != "-") {
    pos.last_replaced = cell_index(parts[0]);
    if (pos.last_replaced < 0) throw Error("last: no cell '" + std::string(parts[0]) + "'");
  }
  if (parts[1] != "-") {
    for (std::string_view name : split(parts[1], ',')) {
      const int cell = cell_index(name);
      if (cell < 0) throw Error("last: no cell '" + std::string(name) + "'");
      if (!pos.last_placed.empty() && cell <= pos.last_placed.back())
        throw Error("last: placed cells must be distinct and sorted by row, then column, at '" +
                    std::string(name) + "'");
      if (cell == pos.last_replaced)
        throw Error("last: '" + std::string(name) + "' is both replaced and placed");
      pos.last_placed.push_back(cell);
    }
    if (static_cast<int>(pos.last_placed.size()) != stones_per_turn())
      throw Error("last: " + std::to_string(pos.last_placed.size()) +
                  " placed cells, a turn places " + std::to_string(stones_per_turn()));
  }
  check_reachable(pos);
  return pos;
}

// Rejects what the rules can never reach in a way the text shows. Every placing
// turn adds exactly 3 stones (5 with three players) and a replacement or a swap
// adds none, so the number of stones tells how many placing turns were played,
// and with it whose turn it is and (two players) how many stones each colour has.
void Ecalper::check_reachable(const Position& pos) const {
  const int per_turn = stones_per_turn();
  const int empty = empty_count(pos);
  const int stones = cell_count() - empty;
  if (stones % per_turn != 0)
    throw Error("rows: " + std::to_string(stones) + " stones; every turn places " +
                std::to_string(per_turn) + ", so their number is a multiple of " +
                std::to_string(per_turn));
  const int turns = stones / per_turn;  // placing turns played so far
  const bool final = final_turn_played(pos);
  if (final && rules_.players == 3)
    throw Error("last: '" + cell_name(pos.last_replaced) +
                ":-' (a replacement-only final turn) does not exist with three players (C7)");
  if (final && empty >= 3)
    throw Error("last: '" + cell_name(pos.last_replaced) +
                ":-' (the final turn, C5) needs fewer than 3 empty cells");
  const int expected_side = (turns + (final ? 1 : 0)) % rules_.players;
  if (pos.side != expected_side)
    throw Error("side: '" + std::string(1, players()[pos.side]) + "' is not to move after " +
                std::to_string(turns) + " placing turns" + (final ? " and the final turn" : "") +
                "; '" + players()[expected_side] + "' is");
  if (turns == 0 && !is_first_turn(pos)) throw Error("last: an empty board has <last> '-:-'");
  if (turns > 0 && is_first_turn(pos)) throw Error("last: '-:-' but the board has stones");
  if (turns == 1 && pos.last_replaced >= 0)
    throw Error("last: '" + cell_name(pos.last_replaced) +
                "' replaced, but the first turn replaces nothing");
  if (turns >= 2 && pos.last_replaced < 0)
    throw Error("last: '-' replaced, but only the first turn replaces nothing");
  // The cells of <last> hold the previous player's stones: nobody has moved since
  // (a swap exchanges players, not stones, and White is still to move after it).
  const int previous = (pos.side + rules_.players - 1) % rules_.players;
  std::vector<int> last_cells = pos.last_placed;
  if (pos.last_replaced >= 0) last_cells.push_back(pos.last_replaced);
  for (int c : last_cells)
    if (pos.cells[c] != colour_of(previous))
      throw Error("last: " + cell_name(c) + " holds '" + stone_char(pos.cells[c]) +
                  "', not a stone of " + colour_name(previous) + " (the previous player)");
  if (pos.may_swap && !(rules_.players == 2 && turns == 1))
    throw Error("swap: 's' only on White's first turn with two players (C3)");

  if (rules_.players == 3) {
    // C5/C7: Black only moves with at least 15 empty cells, so White has had at
    // least 10 and Red at least 5 at the start of their turns.
    const int needed = pos.side == 1 ? 10 : pos.side == 2 ? 5 : 0;
    if (turns > 0 && empty < needed)
      throw Error("rows: " + std::to_string(empty) + " empty cells with " + colour_name(pos.side) +
                  " to move; the game ends before Black's turn with fewer than 15 (C5)");
    return;
  }
  // Two players: each normal turn gives the mover 4 stones and takes 1 from the
  // other, so the colour counts follow from the number of turns.
  const int black = static_cast<int>(std::count(pos.cells.begin(), pos.cells.end(), Stone::kBlack));
  const int white = static_cast<int>(std::count(pos.cells.begin(), pos.cells.end(), Stone::kWhite));
  int want_black = 0, want_white = 0;
  if (turns % 2 == 1) {
    want_black = (3 * turns + 3) / 2;
    want_white = (3 * turns - 3) / 2;
  } else if (turns > 0) {
    want_black = 3 * turns / 2 - 1;
    want_white = 3 * turns / 2 + 1;
  }
  if (final) {  // Black's final replacement (C5)
    ++want_black;
    --want_white;
  }
  if (black != want_black || white != want_white)
    throw Error("rows: " + std::to_string(black) + " black and " + std::to_string(white) +
                " white stones cannot arise after " + std::to_string(turns) + " placing turns" +
                (final ? " and the final turn" : "") + " (expected " + std::to_string(want_black) +
                " and " + std::to_string(want_white) + ")");
}

std::string Ecalper::diagram(const Position& pos) const {
  // Cell (q, r) is drawn at x = 2q - r: a row's lower neighbours (q, r+1) and
  // (q+1, r+1) sit half a cell to either side below it, which draws the hexagon.
  // Columns run from upper right to lower left; each is labelled in lower case
  // just beyond both of its ends.
  const int rows = 2 * n_ - 1;
  const int width = 4 * n_ + 1;
  std::vector<std::string> lines(rows + 2, std::string(width, ' '));
  auto put = [&](int r, int x, char ch) { lines[r + 1][x + n_] = ch; };  // r from -1
  for (int c = 0; c < cell_count(); ++c)
    put(cell_r_[c], 2 * cell_q_[c] - cell_r_[c], stone_char(pos.cells[c]));
  for (int q = 0; q < rows; ++q) {
    const int first_r = std::max(0, q - n_ + 1), last_r = std::min(rows - 1, q + n_ - 1);
    const char label = static_cast<char>('a' + q);
    put(first_r - 1, 2 * q - (first_r - 1), label);
    put(last_r + 1, 2 * q - (last_r + 1), label);
  }
  std::string out;
  for (int r = -1; r <= rows; ++r) {
    std::string number = r >= 0 && r < rows ? std::to_string(r + 1) + " " : "   ";
    if (number.size() < 3) number = " " + number;
    std::string line = number + lines[r + 1];
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + '\n';
  }
  out += "(B W R stones, . empty; lower-case letters label the columns, which run down-left)\n";
  const std::string text = format(pos);
  out += std::string(colour_name(pos.side)) + " (" + players()[pos.side] + ") to move";
  if (pos.may_swap) out += ", may swap (C3)";
  out += "; last turn " + text.substr(text.rfind(' ') + 1) +
         (final_turn_played(pos) ? " (the final turn, C5)" : "") + "; " +
         std::to_string(empty_count(pos)) + " empty cells\n";
  for (int p = 0; p < rules_.players; ++p) {
    const GroupStats s = group_stats(pos, colour_of(p));
    out += std::string(colour_name(p)) + ": largest group " + std::to_string(s.largest) + ", " +
           std::to_string(s.groups) + (s.groups == 1 ? " group\n" : " groups\n");
  }
  const Outcome result = outcome(pos);
  if (result.finished) out += "Game over: " + to_string(result, players()) + "\n";
  return out;
}

// C1: row r (from 1, the top) holds the columns max(1, r-n+1) .. min(2n-1, r+n-1).
BoardLayout Ecalper::board_layout() const {
  BoardLayout layout;
  layout.shape = BoardLayout::Shape::kHex;
  for (int r = 1; r <= 2 * n_ - 1; ++r) {
    auto& row = layout.rows.emplace_back();
    for (int c = std::max(1, r - n_ + 1); c <= std::min(2 * n_ - 1, r + n_ - 1); ++c)
      row.push_back(std::string(1, static_cast<char>('A' + c - 1)) + std::to_string(r));
  }
  return layout;
}

}  // namespace arb::reference
