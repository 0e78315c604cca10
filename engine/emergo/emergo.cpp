// Emergo engine: notation (RULES.md "Position text", "Move text"), diagram,
// outcome. Written here from RULES.md, sharing nothing with the reference.
#include "engine/emergo/emergo.h"

#include <algorithm>
#include <string>
#include <vector>

namespace arb::engine::emergo {

using detail::Bitboard;
using detail::cap_of;
using detail::make_column;
using detail::MoveKind;
using detail::prisoners_of;

namespace {

constexpr char kColourChar[2] = {'W', 'B'};

int rank_of(int size, int sq) { return 2 * sq / size; }
int file_of(int size, int sq) { return 2 * sq % size; }

// The men of a column from bottom to top: prisoners, then the cap (E3).
std::string column_men(const Emergo::Position& p, int sq) {
  const int owner = (p.owned[0] >> sq) & 1 ? 0 : 1;
  const std::uint8_t c = p.col[sq];
  return std::string(prisoners_of(c), kColourChar[owner ^ 1]) +
         std::string(cap_of(c), kColourChar[owner]);
}

std::string quoted(char c) { return std::string("'") + c + "'"; }

// A hand field: plain digits, no leading zero (format(parse(s)) == s).
int parse_hand(std::string_view field, const char* name, int men) {
  if (field.empty()) throw Error(std::string(name) + ": empty");
  for (char c : field)
    if (c < '0' || c > '9') throw Error(std::string(name) + ": bad character " + quoted(c));
  if (field.size() > 1 && field[0] == '0')
    throw Error(std::string(name) + ": leading zero " + quoted('0'));
  if (field.size() > 2)
    throw Error(std::string(name) + ": more than " + std::to_string(men) + " men");
  const int n = std::stoi(std::string(field));
  if (n > men)
    throw Error(std::string(name) + ": " + std::to_string(n) + " men, more than " +
                std::to_string(men));
  return n;
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

Emergo::Emergo(const Spec& spec)
    : spec_(spec), rules_(Rules::from(spec)), size_(spec.number("size")), men_(0), plain_(0) {
  if (size_ != 9 && size_ != 7) throw Error("emergo: size must be 9 or 7");
  men_ = size_ == 9 ? 12 : 8;  // E2
  // V2 and V3 change the moves: their generator is the cold variant_moves.
  plain_ = rules_.any_capture || rules_.feeding_allowed ? 0 : size_;
}

namespace {

// The generator instantiated for the variant V of the moves, either size.
template <detail::Variant V>
void moves_for(int size, const Emergo::Position& pos, Emergo::MoveList& list) {
  if (size == 9)
    detail::generate<9, V>(pos, list);
  else
    detail::generate<7, V>(pos, list);
}
template <detail::Variant V>
std::uint64_t count_for(int size, const Emergo::Position& pos) {
  return size == 9 ? detail::count_moves<9, V>(pos) : detail::count_moves<7, V>(pos);
}
constexpr detail::Variant kAny{true, false}, kFeeding{false, true}, kAnyFeeding{true, true};

}  // namespace

void Emergo::variant_moves(const Position& pos, MoveList& list) const {
  if (rules_.any_capture)
    rules_.feeding_allowed ? moves_for<kAnyFeeding>(size_, pos, list)
                           : moves_for<kAny>(size_, pos, list);
  else
    moves_for<kFeeding>(size_, pos, list);
}

std::uint64_t Emergo::variant_count(const Position& pos) const {
  if (rules_.any_capture)
    return rules_.feeding_allowed ? count_for<kAnyFeeding>(size_, pos)
                                  : count_for<kAny>(size_, pos);
  return count_for<kFeeding>(size_, pos);
}

bool Emergo::ok(const Position& pos) const {
  const int squares = (size_ * size_ + 1) / 2;
  const detail::Bitboard all = (detail::Bitboard{1} << squares) - 1;
  if (pos.side > 1 || (pos.owned[0] & pos.owned[1]) || ((pos.owned[0] | pos.owned[1]) & ~all))
    return false;
  int men[2] = {pos.hand[0], pos.hand[1]};
  for (int sq = 0; sq < detail::kMaxSquares; ++sq) {
    const std::uint8_t c = pos.col[static_cast<std::size_t>(sq)];
    const int owner = (pos.owned[0] >> sq & 1) ? 0 : (pos.owned[1] >> sq & 1) ? 1 : -1;
    if (owner < 0) {
      if (c != 0) return false;
      continue;
    }
    if (detail::cap_of(c) == 0) return false;
    men[owner] += detail::cap_of(c);
    men[owner ^ 1] += detail::prisoners_of(c);
  }
  return men[0] <= men_ && men[1] <= men_;
}

Emergo::Position Emergo::start() const {
  Position p{};
  p.hand = {static_cast<std::uint8_t>(men_), static_cast<std::uint8_t>(men_)};
  p.side = 0;  // E2: White moves first
  return p;
}

std::string Emergo::square_name(int sq) const {
  return std::string(1, static_cast<char>('a' + file_of(size_, sq))) +
         static_cast<char>('1' + rank_of(size_, sq));
}

namespace {
// The ranks field of a position text, from the top rank down to rank 1: the
// columns of p, and in on_board the men of each colour on the board (at most
// max_men each).
void parse_ranks(std::string_view ranks, int size, int max_men, Emergo::Position& p,
                 int (&on_board)[2]) {
  int rank = size - 1;
  int file = 0;
  bool after_digit = false;
  auto rank_error = [&](const std::string& what) {
    return Error("rank " + std::to_string(rank + 1) + ": " + what);
  };
  auto place = [&](const std::string& men, char shown) {
    if (file >= size) throw rank_error("too many squares at " + quoted(shown));
    if ((rank + file) % 2 != 0)
      throw rank_error("a man on light square " + std::string(1, static_cast<char>('a' + file)) +
                       std::to_string(rank + 1));
    // E3: the prisoners (other colour) below, the owner's cap on top.
    const char top = men.back();
    const char other = top == 'W' ? 'B' : 'W';
    const std::size_t cap_start =
        men.find_last_of(other) == std::string::npos ? 0 : men.find_last_of(other) + 1;
    for (std::size_t i = 0; i < cap_start; ++i)
      if (men[i] != other)
        throw rank_error("column (" + men + ") in the wrong order at " + quoted(men[i]));
    const int owner = top == 'W' ? 0 : 1;
    const int cap = static_cast<int>(men.size() - cap_start);
    const int prisoners = static_cast<int>(cap_start);
    on_board[owner] += cap;
    on_board[owner ^ 1] += prisoners;
    if (on_board[owner] > max_men || on_board[owner ^ 1] > max_men)
      throw rank_error("more than " + std::to_string(max_men) + " men of a colour");
    const int sq = (size * rank + file) / 2;
    p.col[sq] = make_column(cap, prisoners);
    p.owned[owner] |= Bitboard{1} << sq;
    ++file;
  };
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    const char c = ranks[i];
    if (c == '/') {
      if (file != size) throw rank_error("wrong length " + std::to_string(file) + " at '/'");
      if (rank == 0) throw rank_error("too many ranks at '/'");
      --rank;
      file = 0;
      after_digit = false;
    } else if (c >= '1' && c <= '9') {
      if (after_digit) throw rank_error("two digits in a row at " + quoted(c));
      file += c - '0';
      if (file > size) throw rank_error("too many squares at " + quoted(c));
      after_digit = true;
    } else if (c == 'W' || c == 'B') {
      place(std::string(1, c), c);
      after_digit = false;
    } else if (c == '(') {
      const std::size_t close = ranks.find(')', i);
      if (close == std::string_view::npos) throw rank_error("unclosed column at '('");
      const std::string men(ranks.substr(i + 1, close - i - 1));
      for (char m : men)
        if (m != 'W' && m != 'B') throw rank_error("bad character in a column " + quoted(m));
      if (men.size() < 2)
        throw rank_error(men.empty() ? std::string("empty column at ')'")
                                     : "a single man in parentheses at " + quoted(men[0]));
      place(men, '(');
      i = close;
      after_digit = false;
    } else {
      throw rank_error("bad character " + quoted(c));
    }
  }
  if (file != size) throw rank_error("wrong length " + std::to_string(file));
  if (rank != 0) throw rank_error("missing (only " + std::to_string(size - rank) + " ranks)");
}
}  // namespace

Emergo::Position Emergo::parse(std::string_view text) const {
  std::vector<std::string_view> fields;
  for (std::size_t at = 0;;) {
    const std::size_t space = text.find(' ', at);
    fields.push_back(text.substr(at, space == std::string_view::npos ? text.npos : space - at));
    if (space == std::string_view::npos) break;
    at = space + 1;
  }
  if (fields.size() != 4)
    throw Error("position: expected 4 fields separated by single spaces, got " +
                std::to_string(fields.size()));
  for (std::size_t i = 0; i < fields.size(); ++i)
    if (fields[i].empty()) throw Error("position: empty field " + std::to_string(i + 1));

  Position p{};
  int on_board[2] = {0, 0};
  parse_ranks(fields[0], size_, men_, p, on_board);

  const std::string_view side = fields[1];
  if (side != "w" && side != "b")
    throw Error("side: expected 'w' or 'b', bad character " +
                quoted(side[0] == 'w' || side[0] == 'b' ? side[1] : side[0]));
  p.side = side == "w" ? 0 : 1;
  p.hand[0] = static_cast<std::uint8_t>(parse_hand(fields[2], "white-in-hand", men_));
  p.hand[1] = static_cast<std::uint8_t>(parse_hand(fields[3], "black-in-hand", men_));
  for (int c = 0; c < 2; ++c)
    if (on_board[c] + p.hand[c] > men_)
      throw Error(std::string(c == 0 ? "white-in-hand" : "black-in-hand") + ": " +
                  std::to_string(on_board[c]) + " men on the board and " +
                  std::to_string(p.hand[c]) + " in hand, more than " + std::to_string(men_));
  // Every turn leaves the mover owning a column, so the side not to move
  // always owns one or still has men in hand.
  const int waiting = p.side ^ 1;
  if (p.owned[waiting] == 0 && p.hand[waiting] == 0)
    throw Error(std::string("side: ") + (waiting == 0 ? "White" : "Black") +
                ", not to move, owns no column and has no men in hand");
  return p;
}

std::string Emergo::format(const Position& p) const {
  std::string out;
  for (int rank = size_ - 1; rank >= 0; --rank) {
    int run = 0;
    for (int file = 0; file < size_; ++file) {
      const int sq = (size_ * rank + file) / 2;
      const bool dark = (rank + file) % 2 == 0;
      if (!dark || !(((p.owned[0] | p.owned[1]) >> sq) & 1)) {
        ++run;
        continue;
      }
      if (run) out += static_cast<char>('0' + run);
      run = 0;
      const std::string men = column_men(p, sq);
      out += men.size() == 1 ? men : "(" + men + ")";
    }
    if (run) out += static_cast<char>('0' + run);
    if (rank) out += '/';
  }
  out += p.side == 0 ? " w " : " b ";
  out += std::to_string(p.hand[0]) + " " + std::to_string(p.hand[1]);
  return out;
}

std::string Emergo::diagram(const Position& p) const {
  // Each dark square shows its men bottom to top ("BWW" = white cap 2 over a
  // black prisoner), '.' when empty; light squares are blank.
  std::size_t width = 1;
  for (int sq = 0; sq < (size_ * size_ + 1) / 2; ++sq)
    if (((p.owned[0] | p.owned[1]) >> sq) & 1) width = std::max(width, column_men(p, sq).size());
  std::string out;
  for (int rank = size_ - 1; rank >= 0; --rank) {
    out += static_cast<char>('1' + rank);
    for (int file = 0; file < size_; ++file) {
      const int sq = (size_ * rank + file) / 2;
      std::string cell;
      if ((rank + file) % 2 != 0)
        cell = "";
      else if (((p.owned[0] | p.owned[1]) >> sq) & 1)
        cell = column_men(p, sq);
      else
        cell = ".";
      out += ' ' + cell + std::string(width - cell.size(), ' ');
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += '\n';
  }
  out += ' ';
  for (int file = 0; file < size_; ++file)
    out += ' ' + std::string(1, static_cast<char>('a' + file)) + std::string(width - 1, ' ');
  while (out.back() == ' ') out.pop_back();
  out += '\n';
  out += std::string(p.side == 0 ? "White" : "Black") + " to move; in hand: White " +
         std::to_string(p.hand[0]) + ", Black " + std::to_string(p.hand[1]) +
         "  (columns bottom to top)\n";
  return out;
}

std::string Emergo::move_text(const Position&, const Move& m) const {
  switch (m.kind) {
    case MoveKind::kEntry:
      return square_name(m.from);
    case MoveKind::kStep:
      return square_name(m.from) + "-" + square_name(m.jumps);  // the target (Move)
    case MoveKind::kCapture: {
      std::string text = square_name(m.from);
      int sq = m.from;
      for (int i = 0; i < m.jumps; ++i) {
        const int d = (m.dirs >> (2 * i)) & 3;
        for (int k = 0; k < 2; ++k)
          sq = size_ == 9 ? detail::Geometry<9>::kNeighbour[sq][d]
                          : detail::Geometry<7>::kNeighbour[sq][d];
        text += 'x' + square_name(sq);
      }
      return text;
    }
  }
  return {};
}

Emergo::Move Emergo::parse_move(const Position& pos, std::string_view text) const {
  // Only a legal move's own canonical text is accepted (RULES.md I5).
  for (const Move& m : legal_moves(pos))
    if (move_text(pos, m) == text) return m;
  throw Error("illegal or non-canonical move '" + std::string(text) + "'");
}

Outcome Emergo::outcome(const Position& pos) const {
  if (count_moves(pos) > 0) return Outcome::ongoing();
  const int me = pos.side;
  // V1 (blocked=loss): no legal move loses, column or men in hand or not.
  if (rules_.blocked_is_loss) return Outcome::win(me ^ 1);
  // E12: no column and no men in hand loses; otherwise blocked is a draw.
  if (pos.owned[me] == 0 && pos.hand[me] == 0) return Outcome::win(me ^ 1);
  return Outcome::draw(0b11);
}

Outcome Emergo::outcome(std::span<const Position> history) const {
  if (history.empty()) throw Error("emergo: empty history");
  const Position& now = history.back();
  const Outcome o = outcome(now);
  if (o.finished) return o;
  // E12: third occurrence of the same position with the same side to move;
  // a draw under V1 too (V1 speaks of a player with no legal move only).
  const auto seen = std::count(history.begin(), history.end(), now);
  return seen >= 3 ? Outcome::draw(0b11) : o;
}

int Emergo::material(const Position& pos, int player) const {
  const auto p = static_cast<std::size_t>(player);
  int men = pos.hand[p];
  for (detail::Bitboard b = pos.owned[p]; b != 0; b &= b - 1)
    men += detail::cap_of(pos.col[static_cast<std::size_t>(std::countr_zero(b))]);
  return men;
}

}  // namespace arb::engine::emergo
