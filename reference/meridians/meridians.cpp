// Reference Meridians, clause by clause (RULES.md M1-M11).
//
// The "placed" counters (M10 and the text's capped counters).
// The position text caps each colour's placed counter at 2, and M10 asks
// whether the mover "has now placed at least 3 stones". A counter of 2 before
// a placement means at least 2 placed, so at least 3 after it: removal happens
// after a placement exactly when the mover's counter was already 2. A counter
// of 0 or 1 is exact, so no stone of that colour was ever removed and the board
// holds exactly that many of its stones; so do the counters of a side whose
// exact count follows from the turn order (White moves first, M4): Black to
// move with counters 2/1 means White placed exactly 2. The parser checks all
// of this (RULES.md: unreachable positions are rejected).
// A pass (M7) leaves the counter unchanged, so "at least 3" is unknowable
// after a pass with counter 2. M7 says the passer has lost and the position
// after a pass is finished, so a pass with counter 2 removes all the passer's
// dead groups, which are all his groups (no own stone touches an empty point,
// so none has a path). A pass with counter 0 or 1 cannot arise in a position
// the parser accepts (each point has at least 3 usable lines for M5, the
// opponent has at most 2 stones to block them; a test checks the geometry),
// so it only flips the side (nothing in the text could record the loss).
//
// Variants (RULES.md V), read once into Rules:
// V6 second=sight: M5 loses "not adjacent"; an adjacent pair is one group with
// no path, dead, and M10 removes it after the owner's third placement unless
// that placement revives it (placement_legal, check_reachable).
// V7 pass=keeps: a pass removes nothing (play); the passer keeps his dead
// groups, so the game goes on and M8 ends it only when a later removal leaves
// a mover without stones (outcome is unchanged: a passer still has stones).
// RULES.md is silent on two passes in a row: under keeps they just alternate
// (only a full board, never reached by play, lets both sides pass).
#include "reference/meridians/meridians.h"

#include <algorithm>
#include <sstream>

namespace arb::reference {

namespace {

char stone_char(Meridians::Stone s) {
  return s == Meridians::Stone::kWhite ? 'W' : s == Meridians::Stone::kBlack ? 'B' : '.';
}

std::string quoted(char c) { return std::string("'") + c + "'"; }

std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

}  // namespace

// M9, V6, V7 (default: the rules M1-M11 without the swap).
Meridians::Rules Meridians::Rules::from(const Spec& spec) {
  Rules rules;
  rules.swap = spec.flag("swap");
  rules.second_by_sight = spec.value("second") == "sight";
  rules.pass_keeps = spec.value("pass") == "keeps";
  return rules;
}

// M1: n = size - 1 is the short side; rows 0..2n, widths n, n+1, ..., 2n, ..., n.
Meridians::Meridians(const Spec& spec) : spec_(spec), rules_(Rules::from(spec)) {
  n_ = spec_.number("size") - 1;
  middle_ = n_;
  for (int row = 0; row <= 2 * n_; ++row) {
    const int width = n_ + std::min(row, 2 * n_ - row);
    width_.push_back(width);
    first_.push_back(static_cast<int>(row_of_.size()));
    for (int k = 1; k <= width; ++k) {
      row_of_.push_back(row);
      k_of_.push_back(k);
    }
  }
  // A line repeats one direction until it leaves the board (M1); kept once
  // for all since every rule walks them.
  lines_.resize(row_of_.size());
  for (int p = 0; p < point_count(); ++p)
    for (int d = 0; d < 6; ++d)
      for (int q = step(p, d); q >= 0; q = step(q, d)) lines_[p][d].push_back(q);
}

int Meridians::point_at(int row, int k) const {
  if (row < 0 || row >= row_count()) return -1;
  if (k < 1 || k > width_[row]) return -1;
  return first_[row] + k - 1;
}

std::string Meridians::point_name(int point) const {
  return std::string(1, static_cast<char>('a' + row_of_[point])) + std::to_string(k_of_[point]);
}

int Meridians::point_by_name(std::string_view name) const {
  if (name.size() < 2 || name.size() > 3) return -1;
  const int row = name[0] - 'a';
  int k = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return -1;
    k = k * 10 + (name[i] - '0');
  }
  if (name[1] == '0') return -1;  // no leading zeros: one name per point
  return point_at(row, k);
}

// M1 axial form: (x, y) = (k - min(row, middle), row).
int Meridians::step(int point, int direction) const {
  const int row = row_of_[point];
  const int x = k_of_[point] - std::min(row, middle_);
  const int nx = x + kDirections[direction][0];
  const int ny = row + kDirections[direction][1];
  if (ny < 0 || ny >= row_count()) return -1;
  return point_at(ny, nx + std::min(ny, middle_));
}

std::vector<int> Meridians::neighbours(int point) const {
  std::vector<int> out;
  for (int d = 0; d < 6; ++d)
    if (const int q = step(point, d); q >= 0) out.push_back(q);
  std::sort(out.begin(), out.end());
  return out;
}

// M2: stones of one colour connected through neighbours.
std::vector<int> Meridians::group_of(const Position& pos, int point) const {
  const Stone colour = pos.points[point];
  std::vector<int> group{point};
  std::vector<bool> seen(pos.points.size(), false);
  seen[point] = true;
  for (std::size_t i = 0; i < group.size(); ++i)
    for (int q : neighbours(group[i]))
      if (!seen[q] && pos.points[q] == colour) {
        seen[q] = true;
        group.push_back(q);
      }
  std::sort(group.begin(), group.end());
  return group;
}

// M2: a path is another stone of the same colour, not in the same group, on one
// line with only empty points (at least one) between.
bool Meridians::has_path(const Position& pos, int point) const {
  const Stone colour = pos.points[point];
  const std::vector<int> group = group_of(pos, point);
  for (int d = 0; d < 6; ++d) {
    int empties = 0;
    for (int q : line(point, d)) {
      if (pos.points[q] == Stone::kEmpty) {
        ++empties;
        continue;
      }
      // The first stone on this line decides it.
      const bool same_group = std::find(group.begin(), group.end(), q) != group.end();
      if (pos.points[q] == colour && empties >= 1 && !same_group) return true;
      break;
    }
  }
  return false;
}

// M3: a group none of whose stones has a path.
std::vector<int> Meridians::dead_stones(const Position& pos, Stone colour) const {
  std::vector<int> dead;
  std::vector<bool> seen(pos.points.size(), false);
  for (int p = 0; p < point_count(); ++p) {
    if (pos.points[p] != colour || seen[p]) continue;
    const std::vector<int> group = group_of(pos, p);
    bool alive = false;
    for (int q : group) {
      seen[q] = true;
      if (has_path(pos, q)) alive = true;
    }
    if (!alive) dead.insert(dead.end(), group.begin(), group.end());
  }
  std::sort(dead.begin(), dead.end());
  return dead;
}

int Meridians::stones_of(const Position& pos, Stone colour) const {
  return static_cast<int>(std::count(pos.points.begin(), pos.points.end(), colour));
}

Meridians::Position Meridians::start() const {
  Position pos;
  pos.points.assign(row_of_.size(), Stone::kEmpty);
  return pos;  // M4: White first, nothing placed, no swap yet
}

bool Meridians::placement_legal(const Position& pos, int point) const {
  if (pos.points[point] != Stone::kEmpty) return false;
  const Stone own = colour_of(pos.side);
  const int placed = pos.placed[pos.side];
  if (placed == 0) return true;  // M4: the first stone goes on any empty point
  for (int d = 0; d < 6; ++d) {
    int empties = 0;
    for (int q : line(point, d)) {
      if (pos.points[q] == Stone::kEmpty) {
        ++empties;
        continue;
      }
      if (pos.points[q] == own) {
        // M5: the second stone needs a path to the first (at least one empty
        // point between); V6 (second=sight): adjacent to it is allowed too.
        // M6: from the third on, the first stone reached is own, adjacent or not.
        if (placed >= 2 || empties >= 1 || rules_.second_by_sight) return true;
      }
      break;
    }
  }
  return false;
}

Meridians::MoveList Meridians::legal_moves(const Position& pos) const {
  MoveList moves;
  if (outcome(pos).finished) return moves;  // M8: the game is over
  for (int p = 0; p < point_count(); ++p)
    if (placement_legal(pos, p)) moves.push_back({Kind::kPlace, p});
  if (pos.swap_available) moves.push_back({Kind::kSwap, -1});  // M9
  if (moves.empty()) moves.push_back({Kind::kPass, -1});       // M7: only without a placement
  return moves;
}

void Meridians::remove_dead_groups(Position& pos, Stone colour) const {
  for (int p : dead_stones(pos, colour)) pos.points[p] = Stone::kEmpty;
}

Meridians::Position Meridians::play(const Position& pos, const Move& move) const {
  Position next = pos;
  const Stone own = colour_of(pos.side);
  next.swap_available = false;  // M9: only right after White's first stone
  switch (move.kind) {
    case Kind::kSwap:
      // M9: colours are exchanged; in colour terms nothing changes and Black
      // is still to move.
      return next;
    case Kind::kPlace: {
      next.points[move.point] = own;
      const bool now_three_or_more = pos.placed[pos.side] == 2;  // see the M10 note
      next.placed[pos.side] = std::min(pos.placed[pos.side] + 1, 2);
      if (now_three_or_more) remove_dead_groups(next, own);  // M10: his own, never the opponent's
      break;
    }
    case Kind::kPass:
      // M7 + M10: the passer's groups are all dead and go (see the note above).
      // V7 (pass=keeps): M10 after a placement only, so they stay.
      if (pos.placed[pos.side] == 2 && !rules_.pass_keeps) remove_dead_groups(next, own);
      break;
  }
  next.side = 1 - pos.side;
  // M9: under the option, Black may swap right after White's first stone.
  next.swap_available = rules_.swap && next.side == 1 && next.placed[0] == 1 &&
                        next.placed[1] == 0 && move.kind == Kind::kPlace;
  return next;
}

// M8: the game ends as soon as M10 leaves the mover without stones; the
// mover has then just handed the turn over, so: the side not to move has
// placed stones (counter 2: removal needs at least 3) and has none left.
Outcome Meridians::outcome(const Position& pos) const {
  const int other = 1 - pos.side;
  if (pos.placed[other] == 2 && stones_of(pos, colour_of(other)) == 0)
    return Outcome::win(pos.side);
  return Outcome::ongoing();
}

std::string Meridians::move_text(const Position&, const Move& move) const {
  switch (move.kind) {
    case Kind::kPass:
      return "pass";
    case Kind::kSwap:
      return "swap";
    case Kind::kPlace:
      break;
  }
  return point_name(move.point);
}

Meridians::Move Meridians::parse_move(const Position& pos, std::string_view text) const {
  return find_move_by_text(*this, pos, text);
}

// Rows from the top down, '/'-separated; W, B, or a run of empty points.
std::string Meridians::format(const Position& pos) const {
  std::string out;
  for (int row = row_count() - 1; row >= 0; --row) {
    int run = 0;
    for (int k = 1; k <= width_[row]; ++k) {
      const Stone s = pos.points[point_at(row, k)];
      if (s == Stone::kEmpty) {
        ++run;
        continue;
      }
      if (run > 0) out += std::to_string(run);
      run = 0;
      out += stone_char(s);
    }
    if (run > 0) out += std::to_string(run);
    if (row > 0) out += '/';
  }
  out += pos.side == 0 ? " w " : " b ";
  out += std::to_string(pos.placed[0]) + " " + std::to_string(pos.placed[1]);
  if (pos.swap_available) out += " swap";
  return out;
}

Meridians::Position Meridians::parse(std::string_view text) const {
  const std::vector<std::string> fields = split(text, ' ');
  if (fields.size() != 4 && fields.size() != 5)
    throw Error("position: expected 4 or 5 space-separated fields, got " +
                std::to_string(fields.size()));
  for (const std::string& f : fields)
    if (f.empty()) throw Error("position: empty field (fields are separated by single spaces)");
  Position pos = start();

  // <rows>
  const std::vector<std::string> rows = split(fields[0], '/');
  if (static_cast<int>(rows.size()) != row_count())
    throw Error("rows: " + std::to_string(rows.size()) + " rows, expected " +
                std::to_string(row_count()));
  for (int i = 0; i < row_count(); ++i) {
    const int row = row_count() - 1 - i;
    const std::string& r = rows[i];
    const std::string label = "rows: row " + std::string(1, static_cast<char>('a' + row));
    int k = 0;  // points filled so far
    for (std::size_t j = 0; j < r.size(); ++j) {
      const char c = r[j];
      if (c == 'W' || c == 'B') {
        if (++k > width_[row])
          throw Error(label + ": too many points at " + quoted(c) + " (width " +
                      std::to_string(width_[row]) + ")");
        pos.points[point_at(row, k)] = c == 'W' ? Stone::kWhite : Stone::kBlack;
      } else if (c >= '1' && c <= '9') {
        // A run of empty points, possibly several digits ("12"); a run always
        // ends at a stone or the row's end, so two runs cannot touch.
        // Checked digit by digit, so that a long run cannot overflow and wrap.
        int run = 0;
        for (; j < r.size() && r[j] >= '0' && r[j] <= '9'; ++j) {
          run = run * 10 + (r[j] - '0');
          if (k + run > width_[row])
            throw Error(label + ": too many points at " + quoted(r[j]) + " (width " +
                        std::to_string(width_[row]) + ")");
        }
        --j;
        k += run;
      } else {
        throw Error(label + ": bad character " + quoted(c));
      }
    }
    if (k != width_[row])
      throw Error(label + ": " + std::to_string(k) + " points, expected " +
                  std::to_string(width_[row]));
  }

  // <side>
  if (fields[1] != "w" && fields[1] != "b")
    throw Error("side: expected w or b, got '" + fields[1] + "'");
  pos.side = fields[1] == "w" ? 0 : 1;

  // <placed-white> <placed-black>
  for (int c = 0; c < 2; ++c) {
    const std::string& f = fields[2 + c];
    const std::string name = c == 0 ? "placed-white" : "placed-black";
    if (f.size() != 1 || f[0] < '0' || f[0] > '2')
      throw Error(name + ": expected 0, 1 or 2 (capped), got '" + f + "'");
    pos.placed[c] = f[0] - '0';
  }

  // [swap]
  if (fields.size() == 5) {
    if (fields[4] != "swap")
      throw Error("swap: expected 'swap' or nothing, got '" + fields[4] + "'");
    pos.swap_available = true;
  }
  check_reachable(pos);
  return pos;
}

void Meridians::check_reachable(const Position& pos) const {
  const int pw = pos.placed[0];
  const int pb = pos.placed[1];
  // M4: White moves first, so after equal turns White is to move.
  const bool order_ok = pos.side == 0 ? pw == pb : (pw == pb + 1 || (pw == 2 && pb == 2));
  if (!order_ok)
    throw Error("placed: counters " + std::to_string(pw) + " " + std::to_string(pb) +
                " cannot occur with " + (pos.side == 0 ? "w" : "b") +
                " to move (White moves first)");
  // M9: the flag only right after White's first stone, under the option.
  if (pos.swap_available) {
    if (!rules_.swap) throw Error("swap: the spec has no swap option");
    if (!(pos.side == 1 && pw == 1 && pb == 0))
      throw Error("swap: only Black, right after White's first stone, may swap");
  }
  // Exact counts (0, 1, or known from the turn order) mean no removal yet (M10).
  const bool exact = !(pw == 2 && pb == 2);
  for (int c = 0; c < 2; ++c) {
    const int stones = stones_of(pos, colour_of(c));
    const std::string who = c == 0 ? "white" : "black";
    if (exact && stones != pos.placed[c])
      throw Error("rows: " + std::to_string(stones) + " " + who + " stone(s) on the board but " +
                  who + " has placed exactly " + std::to_string(pos.placed[c]) +
                  " (no removal before the third, M10)");
  }
  // M8: a mover left without stones ends the game, so the side to move has stones.
  if (pos.placed[pos.side] == 2 && stones_of(pos, colour_of(pos.side)) == 0)
    throw Error(std::string("rows: no ") + (pos.side == 0 ? "white" : "black") +
                " stones but that side is to move after placing (M8: the game ended)");
  // M5 and M10 never leave a dead group of the side not to move once it has
  // placed 2. Not under V6 (an adjacent second stone) nor V7 (a pass keeps them).
  const int other = 1 - pos.side;
  if (pos.placed[other] == 2 && !rules_.second_by_sight && !rules_.pass_keeps) {
    const std::vector<int> dead = dead_stones(pos, colour_of(other));
    if (!dead.empty())
      throw Error("rows: dead " + std::string(other == 0 ? "white" : "black") + " group at " +
                  point_name(dead.front()) + " (" + (other == 0 ? "W" : "B") +
                  " is not to move and has placed 2; M5/M10 never leave one)");
  }
}

// The hexagon drawn row by row from the top, each row shifted so that every
// point sits between its two neighbours of the rows above and below.
std::string Meridians::diagram(const Position& pos) const {
  std::ostringstream out;
  const int widest = width_[middle_];
  for (int row = row_count() - 1; row >= 0; --row) {
    const char letter = static_cast<char>('a' + row);
    std::string line(1, letter);
    line += std::string(static_cast<std::size_t>(2 + widest - width_[row]), ' ');
    for (int k = 1; k <= width_[row]; ++k) {
      if (k > 1) line += ' ';
      line += stone_char(pos.points[point_at(row, k)]);
    }
    line += std::string(static_cast<std::size_t>(widest - width_[row] + 3), ' ');
    line += std::string(1, letter) + "1-" + letter + std::to_string(width_[row]);
    out << line << '\n';
  }
  out << "to move: " << (pos.side == 0 ? "w (White)" : "b (Black)") << "   placed: W "
      << pos.placed[0] << ", B " << pos.placed[1] << " (capped at 2)"
      << (pos.swap_available ? "   swap available" : "") << '\n';
  // Dead groups (M3) still on the board, as they matter for the next M10.
  for (int c = 0; c < 2; ++c) {
    const std::vector<int> dead = dead_stones(pos, colour_of(c));
    if (dead.empty() || pos.placed[c] < 2) continue;
    out << "dead " << (c == 0 ? "W" : "B") << ":";
    for (int p : dead) out << ' ' << point_name(p);
    out << '\n';
  }
  const Outcome o = outcome(pos);
  if (o.finished) out << "game over: " << to_string(o, players()) << '\n';
  return out.str();
}

// M1: the text lists the rows from the top; a row's points are its letter and
// their place from the left, from 1.
BoardLayout Meridians::board_layout() const {
  BoardLayout layout;
  layout.shape = BoardLayout::Shape::kHex;
  for (int r = row_count() - 1; r >= 0; --r) {
    auto& row = layout.rows.emplace_back();
    for (int k = 1; k <= width_[r]; ++k)
      row.push_back(std::string(1, static_cast<char>('a' + r)) + std::to_string(k));
  }
  return layout;
}

// I1: the legal moves sorted by their texts (point names, `pass`, `swap`
// compared as strings), the one at place `index`.
Meridians::Move Meridians::nth_move(const Position& pos, std::uint64_t index) const {
  MoveList moves = legal_moves(pos);
  if (index >= moves.size())
    throw Error("meridians: no legal move of rank " + std::to_string(index));
  std::stable_sort(moves.begin(), moves.end(), [&](const Move& a, const Move& b) {
    return move_text(pos, a) < move_text(pos, b);
  });
  return moves[index];
}

int Meridians::material(const Position& pos, int player) const {
  return stones_of(pos, colour_of(player));
}

}  // namespace arb::reference
