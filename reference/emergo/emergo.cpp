// Reference Emergo: RULES.md E1-E12, clause by clause. See emergo.h.
#include "reference/emergo/emergo.h"

#include <algorithm>
#include <cstddef>

namespace arb::reference {

namespace {

constexpr char kMan[2] = {'W', 'B'};  // colour letter of each side
constexpr int kDirections[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};  // diagonals

int other(int side) { return 1 - side; }

std::string side_name(int side) { return side == 0 ? "white" : "black"; }

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::string current;
  for (char c : text) {
    if (c == separator) {
      parts.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  parts.push_back(current);
  return parts;
}

std::string quote(char c) { return std::string("'") + c + "'"; }

// A column in parentheses of a <ranks> field, from the '(' at body[i]; i is
// left at its ')'.
std::string parse_column(const std::string& body, std::size_t& i, const std::string& where) {
  const std::size_t close = body.find(')', i);
  if (close == std::string::npos) throw Error(where + "'(' without ')'");
  std::string column = body.substr(i + 1, close - i - 1);
  for (char m : column)
    if (m != 'W' && m != 'B') throw Error(where + "bad character " + quote(m) + " in a column");
  if (column.size() < 2)
    throw Error(where + "a column in parentheses needs two or more men, got '(" + column + ")'");
  // E3: prisoners (one colour) under the cap (the other): at most one change.
  int changes = 0;
  for (std::size_t k = 1; k < column.size(); ++k) changes += column[k] != column[k - 1];
  if (changes > 1)
    throw Error(where + "column (" + column + ") in an impossible order at " +
                quote(column.back()) + " (E3: one colour of prisoners under one cap)");
  i = close;
  return column;
}

// <side>
int parse_side(const std::string& field) {
  if (field == "w") return 0;
  if (field == "b") return 1;
  throw Error("side: expected 'w' or 'b', got " + quote(field[0]) +
              (field.size() > 1 ? " (field '" + field + "')" : ""));
}

// <white-in-hand> <black-in-hand>: plain digits, canonical (no leading zero).
int parse_in_hand(const std::string& field, const std::string& name) {
  for (char c : field)
    if (c < '0' || c > '9') throw Error(name + "bad character " + quote(c));
  if (field.size() > 1 && field[0] == '0') throw Error(name + "leading zero " + quote('0'));
  if (field.size() > 3) throw Error(name + "'" + field + "' is more men than the game has");
  return std::stoi(field);
}

}  // namespace

// V1-V3 (default: the rules E1-E12).
Emergo::Rules Emergo::Rules::from(const Spec& spec) {
  Rules rules;
  rules.blocked_is_loss = spec.value("blocked") == "loss";
  rules.any_capture = spec.value("capture") == "any";
  rules.feeding_allowed = spec.value("feeding") == "allowed";
  return rules;
}

Emergo::Emergo(const Spec& spec) : spec_(spec), rules_(Rules::from(spec)) {
  size_ = spec.number("size");
  if (size_ != 9 && size_ != 7) throw Error("emergo: size must be 9 or 7");
  men_ = size_ == 9 ? 12 : 8;  // E2
}

// E1: files a.., ranks 1.. upward; a square is dark when file + rank is even
// (a1 dark). With files and ranks counted from 0 the parity test is the same.
bool Emergo::on_board(int file, int rank) const {
  return file >= 0 && file < size_ && rank >= 0 && rank < size_;
}
bool Emergo::is_dark(int file, int rank) const { return (file + rank) % 2 == 0; }
int Emergo::centre() const { return (size_ / 2) * size_ + size_ / 2; }  // e5, d4 on 7x7

int Emergo::owner(const std::string& column) {
  if (column.empty()) return -1;
  return column.back() == 'W' ? 0 : 1;  // E3: the owner is the colour of the top man
}

std::string Emergo::square_name(int square) const {
  const int file = square % size_, rank = square / size_;
  return std::string(1, static_cast<char>('a' + file)) + std::to_string(rank + 1);
}

// E2: empty board, 12 men each (8 on 7x7), White first.
Emergo::Position Emergo::start() const {
  Position pos;
  pos.squares.assign(static_cast<std::size_t>(size_ * size_), "");
  pos.side = 0;
  pos.hand = {men_, men_};
  return pos;
}

// ---------------------------------------------------------------------------
// Position text: `<ranks> <side> <white-in-hand> <black-in-hand>`.

Emergo::Position Emergo::parse(std::string_view text) const {
  const std::vector<std::string> fields = split(text, ' ');
  for (const auto& field : fields)
    if (field.empty())
      throw Error("position: an empty field (a leading, trailing or double space)");
  if (fields.size() != 4)
    throw Error("position: expected 4 fields separated by single spaces, got " +
                std::to_string(fields.size()));

  Position pos = start();
  std::array<int, 2> on_board_men{0, 0};

  // <ranks>: top rank first.
  const std::vector<std::string> ranks = split(fields[0], '/');
  if (static_cast<int>(ranks.size()) != size_)
    throw Error("ranks: expected " + std::to_string(size_) + " ranks separated by '/', got " +
                std::to_string(ranks.size()));
  for (int row = 0; row < size_; ++row) {
    const int rank = size_ - 1 - row;
    const std::string where = "rank " + std::to_string(rank + 1) + ": ";
    const std::string& body = ranks[static_cast<std::size_t>(row)];
    int file = 0;
    bool last_was_digit = false;
    for (std::size_t i = 0; i < body.size(); ++i) {
      const char c = body[i];
      if (c >= '0' && c <= '9') {
        if (last_was_digit)
          throw Error(where + "two digits in a row (" + quote(body[i - 1]) + " then " + quote(c) +
                      ")");
        if (c == '0') throw Error(where + "a digit '0'");
        file += c - '0';
        if (file > size_)
          throw Error(where + "more than " + std::to_string(size_) + " squares at " + quote(c));
        last_was_digit = true;
        continue;
      }
      last_was_digit = false;
      std::string column;
      if (c == 'W' || c == 'B') {
        column = std::string(1, c);
      } else if (c == '(') {
        column = parse_column(body, i, where);
      } else {
        throw Error(where + "bad character " + quote(c));
      }
      if (file >= size_)
        throw Error(where + "more than " + std::to_string(size_) + " squares at " + quote(c));
      const int square = rank * size_ + file;
      if (!is_dark(file, rank))
        throw Error(where + "a man on light square " + square_name(square) + " (" + quote(c) + ")");
      for (char m : column) ++on_board_men[m == 'W' ? 0 : 1];
      pos.squares[static_cast<std::size_t>(square)] = column;
      ++file;
    }
    if (file != size_)
      throw Error(where + std::to_string(file) + " squares, expected " + std::to_string(size_));
  }

  pos.side = parse_side(fields[1]);
  for (int s = 0; s < 2; ++s)
    pos.hand[static_cast<std::size_t>(s)] =
        parse_in_hand(fields[static_cast<std::size_t>(2 + s)], side_name(s) + " in hand: ");

  // E2: never more men of a colour than the game has (fewer is allowed).
  for (int s = 0; s < 2; ++s) {
    const int total =
        on_board_men[static_cast<std::size_t>(s)] + pos.hand[static_cast<std::size_t>(s)];
    if (total > men_)
      throw Error(side_name(s) + ": " + std::to_string(total) +
                  " men on board and in hand, at most " + std::to_string(men_) + " (" +
                  quote(kMan[s]) + ")");
  }

  // The side not to move always owns the column he last moved or entered.
  const int idle = other(pos.side);
  bool idle_owns = false;
  for (const auto& column : pos.squares) idle_owns = idle_owns || owner(column) == idle;
  if (!idle_owns && pos.hand[static_cast<std::size_t>(idle)] == 0)
    throw Error("side: " + side_name(idle) +
                " (not to move) owns no column and has no men in hand");
  return pos;
}

std::string Emergo::format(const Position& pos) const {
  std::string out;
  for (int rank = size_ - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < size_; ++file) {
      const std::string& column = pos.squares[static_cast<std::size_t>(rank * size_ + file)];
      if (column.empty()) {
        ++empty;
        continue;
      }
      if (empty > 0) out += std::to_string(empty);
      empty = 0;
      out += column.size() == 1 ? column : "(" + column + ")";
    }
    if (empty > 0) out += std::to_string(empty);
    if (rank > 0) out += '/';
  }
  out += pos.side == 0 ? " w " : " b ";
  out += std::to_string(pos.hand[0]) + " " + std::to_string(pos.hand[1]);
  return out;
}

// A board for people. Light squares are blank, empty dark squares '.', a
// column is shown bottom to top when it fits in the cell, else as its owner's
// letter, '*' and its height, with the full column in the legend below.
std::string Emergo::diagram(const Position& pos) const {
  constexpr int kCell = 5;
  std::string files_line = "    ";
  for (int file = 0; file < size_; ++file) {
    std::string cell(1, static_cast<char>('a' + file));
    cell.resize(kCell, ' ');
    files_line += cell;
  }
  while (!files_line.empty() && files_line.back() == ' ') files_line.pop_back();
  std::string out = files_line + "\n";
  std::string legend;
  for (int rank = size_ - 1; rank >= 0; --rank) {
    std::string line = (rank + 1 < 10 ? " " : "") + std::to_string(rank + 1) + "  ";
    for (int file = 0; file < size_; ++file) {
      const int square = rank * size_ + file;
      const std::string& column = pos.squares[static_cast<std::size_t>(square)];
      std::string cell;
      if (!is_dark(file, rank)) {
        cell = "";
      } else if (column.empty()) {
        cell = ".";
      } else if (static_cast<int>(column.size()) < kCell) {
        cell = column;
      } else {
        cell = std::string(1, column.back()) + "*" + std::to_string(column.size());
      }
      if (column.size() >= 2) {
        const auto prisoners = std::count(column.begin(), column.end(), kMan[other(owner(column))]);
        legend += "  " + square_name(square) + " " + column + "  (" + side_name(owner(column)) +
                  ", " + std::to_string(column.size()) + " men, " + std::to_string(prisoners) +
                  " prisoners)\n";
      }
      cell.resize(kCell, ' ');
      line += cell;
    }
    line += std::to_string(rank + 1);
    out += line + "\n";
  }
  out += files_line + "\n";
  out += (pos.side == 0 ? "White" : "Black") + std::string(" to move; in hand: white ") +
         std::to_string(pos.hand[0]) + ", black " + std::to_string(pos.hand[1]) + "\n";
  if (!legend.empty()) out += "columns, bottom to top:\n" + legend;
  return out;
}

// ---------------------------------------------------------------------------
// Move generation.

// E5: a column jumps diagonally over an adjacent opponent column onto the
// empty square beyond. Only the existence of one jump matters here.
bool Emergo::can_capture(const Position& pos, int side) const {
  for (int square = 0; square < size_ * size_; ++square) {
    if (owner(pos.squares[static_cast<std::size_t>(square)]) != side) continue;
    const int file = square % size_, rank = square / size_;
    for (const auto& d : kDirections) {
      const int over_file = file + d[0], over_rank = rank + d[1];
      const int land_file = file + 2 * d[0], land_rank = rank + 2 * d[1];
      if (!on_board(land_file, land_rank)) continue;
      const std::string& over =
          pos.squares[static_cast<std::size_t>(over_rank * size_ + over_file)];
      const std::string& land =
          pos.squares[static_cast<std::size_t>(land_rank * size_ + land_file)];
      if (owner(over) == other(side) && land.empty()) return true;
    }
  }
  return false;
}

// E5/E6: extends the chain whose column (`carried`) stands on path.back().
// `board` has the chain's jumps applied so far and the start square empty (E5).
// A chain that cannot jump again is complete (E6: it must go on while it can).
void Emergo::extend_chain(Position& board, int side, std::string& carried, int last_jumped,
                          std::vector<int>& path, MoveList& out) const {
  const int here = path.back();
  const int file = here % size_, rank = here / size_;
  bool jumped = false;
  for (const auto& d : kDirections) {
    const int land_file = file + 2 * d[0], land_rank = rank + 2 * d[1];
    if (!on_board(land_file, land_rank)) continue;
    const int over = (rank + d[1]) * size_ + (file + d[0]);
    const int land = land_rank * size_ + land_file;
    std::string& over_column = board.squares[static_cast<std::size_t>(over)];
    // E6: never the same column twice in a row (no 180-degree turn); it must
    // still be the opponent's (a liberated column is no longer a target).
    if (over == last_jumped || owner(over_column) != other(side)) continue;
    if (!board.squares[static_cast<std::size_t>(land)].empty()) continue;
    jumped = true;
    // E5: the top man is taken at once and put at the bottom of the capturer.
    const char taken = over_column.back();
    over_column.pop_back();
    carried.insert(carried.begin(), taken);
    path.push_back(land);
    extend_chain(board, side, carried, over, path, out);
    path.pop_back();
    carried.erase(carried.begin());
    over_column.push_back(taken);
  }
  if (!jumped && path.size() > 1) {
    Move move;
    move.kind = Kind::kCapture;
    move.path = path;
    out.push_back(move);
  }
}

// E7: among all chains of all the player's columns only those taking the most
// men are legal; every jump takes one man, so the most jumps.
// V2 (capture=any): E7 is dropped, every complete chain is legal.
Emergo::MoveList Emergo::captures(const Position& pos, int side) const {
  MoveList all;
  for (int square = 0; square < size_ * size_; ++square) {
    if (owner(pos.squares[static_cast<std::size_t>(square)]) != side) continue;
    Position board = pos;
    std::string carried = board.squares[static_cast<std::size_t>(square)];
    board.squares[static_cast<std::size_t>(square)].clear();  // E5: start square empty
    std::vector<int> path{square};
    extend_chain(board, side, carried, -1, path, all);
  }
  if (rules_.any_capture) return all;  // V2: no E7
  std::size_t longest = 0;
  for (const auto& move : all) longest = std::max(longest, move.path.size());
  MoveList best;
  for (const auto& move : all)
    if (move.path.size() == longest) best.push_back(move);
  return best;
}

Emergo::MoveList Emergo::legal_moves(const Position& pos) const {
  const int side = pos.side;
  // E4: a capture, if there is one, is the only kind of move.
  MoveList moves = captures(pos, side);
  if (!moves.empty()) return moves;

  const int in_hand = pos.hand[static_cast<std::size_t>(side)];
  if (in_hand > 0) {
    // E8: enter; a shadow piece of all men in hand when the opponent has none.
    const int men = pos.hand[static_cast<std::size_t>(other(side))] == 0 ? in_hand : 1;
    // E9: the exception: if the opponent can already capture, feeding is allowed.
    const bool opponent_could_capture = can_capture(pos, other(side));
    for (int square = 0; square < size_ * size_; ++square) {
      if (!is_dark(square % size_, square / size_)) continue;
      if (!pos.squares[static_cast<std::size_t>(square)].empty()) continue;
      // E10: White holding all his men may not enter on the centre.
      if (side == 0 && in_hand == men_ && square == centre()) continue;
      Move move;
      move.kind = Kind::kEnter;
      move.path = {square};
      move.men = men;
      // E9: no feeding: after the entry the opponent may not be able to capture.
      // V3 (feeding=allowed): E9 is dropped, for a shadow piece too. Then a
      // player with men in hand always has an entry (41 squares, 24 men; E10
      // bars one), so V1's loss can only strike a column owner.
      if (!rules_.feeding_allowed && !opponent_could_capture &&
          can_capture(play(pos, move), other(side)))
        continue;
      moves.push_back(move);
    }
    return moves;  // E8: no step while men are in hand
  }

  // E11: step one own column, whole, one square diagonally to an empty square.
  for (int square = 0; square < size_ * size_; ++square) {
    if (owner(pos.squares[static_cast<std::size_t>(square)]) != side) continue;
    const int file = square % size_, rank = square / size_;
    for (const auto& d : kDirections) {
      if (!on_board(file + d[0], rank + d[1])) continue;
      const int to = (rank + d[1]) * size_ + file + d[0];
      if (!pos.squares[static_cast<std::size_t>(to)].empty()) continue;
      Move move;
      move.kind = Kind::kStep;
      move.path = {square, to};
      moves.push_back(move);
    }
  }
  return moves;
}

Emergo::Position Emergo::play(const Position& pos, const Move& move) const {
  Position next = pos;
  const int side = pos.side;
  auto at = [&next](int square) -> std::string& {
    return next.squares[static_cast<std::size_t>(square)];
  };
  switch (move.kind) {
    case Kind::kEnter:  // E8
      at(move.path[0]) = std::string(static_cast<std::size_t>(move.men), kMan[side]);
      next.hand[static_cast<std::size_t>(side)] -= move.men;
      break;
    case Kind::kStep:  // E11
      at(move.path[1]) = at(move.path[0]);
      at(move.path[0]).clear();
      break;
    case Kind::kCapture: {  // E5: replay the jumps of the chain
      std::string carried = at(move.path[0]);
      at(move.path[0]).clear();
      for (std::size_t i = 1; i < move.path.size(); ++i) {
        const int from = move.path[i - 1], to = move.path[i];
        std::string& over = at((from + to) / 2);  // the square between two diagonal neighbours
        carried.insert(carried.begin(), over.back());
        over.pop_back();
      }
      at(move.path.back()) = carried;
      break;
    }
  }
  next.side = other(side);
  return next;
}

// `e5` (entry, shadow piece too), `c3-d4` (step), `d4xb6xd8` (capture).
std::string Emergo::move_text(const Position&, const Move& move) const {
  std::string text = square_name(move.path[0]);
  const char separator = move.kind == Kind::kCapture ? 'x' : '-';
  for (std::size_t i = 1; i < move.path.size(); ++i) text += separator + square_name(move.path[i]);
  return text;
}

Emergo::Move Emergo::parse_move(const Position& pos, std::string_view text) const {
  return find_move_by_text(*this, pos, text);
}

// E12: no move; lost if the mover owns no column and has no men in hand,
// drawn otherwise (blocked).
Outcome Emergo::outcome(const Position& pos) const {
  if (!legal_moves(pos).empty()) return Outcome::ongoing();
  // V1 (blocked=loss): no legal move loses, column or men in hand or not.
  if (rules_.blocked_is_loss) return Outcome::win(other(pos.side));
  bool owns = false;
  for (const auto& column : pos.squares) owns = owns || owner(column) == pos.side;
  if (!owns && pos.hand[static_cast<std::size_t>(pos.side)] == 0)
    return Outcome::win(other(pos.side));
  return Outcome::draw(0b11);
}

Outcome Emergo::outcome(std::span<const Position> history) const {
  if (history.empty()) throw Error("emergo: outcome of an empty history");
  const Position& now = history.back();
  const Outcome plain = outcome(now);
  if (plain.finished) return plain;
  // E12: the third occurrence of the same position, same side to move; a
  // draw under V1 too (V1 speaks of a player with no legal move only).
  const auto seen = std::count(history.begin(), history.end(), now);
  return seen >= 3 ? Outcome::draw(0b11) : Outcome::ongoing();
}

// E1: files a.. from the left, ranks from the top row (size) down to 1.
BoardLayout Emergo::board_layout() const {
  BoardLayout layout;
  for (int rank = size_; rank >= 1; --rank) {
    auto& row = layout.rows.emplace_back();
    for (int file = 0; file < size_; ++file)
      row.push_back(std::string(1, static_cast<char>('a' + file)) + std::to_string(rank));
  }
  return layout;
}

int Emergo::material(const Position& pos, int player) const {
  int men = pos.hand[static_cast<std::size_t>(player)];
  for (const std::string& column : pos.squares)
    if (!column.empty() && column.back() == kMan[player])
      men += static_cast<int>(std::count(column.begin(), column.end(), kMan[player]));
  return men;
}

}  // namespace arb::reference
