// Meridians engine: the Game members (common/game.h) that are not inline in
// meridians.h: the spec, legal_moves, the move of a rank, the outcome, and the
// notation (RULES.md "Position text", "Move text").
#include "engine/meridians/meridians.h"

#include <algorithm>

#include "engine/meridians/counting.h"
#include "engine/meridians/groups.h"

namespace arb::engine::meridians {

using detail::Bits;
using detail::Geometry;

namespace {
constexpr const char* kColourName[2] = {"white", "black"};
}  // namespace

Meridians::Rules Meridians::read_rules(const Spec& spec) {
  Rules rules;
  rules.size = spec.number("size");
  rules.swap = spec.flag("swap");
  rules.second_by_sight = spec.value("second") == "sight";
  rules.pass_keeps = spec.value("pass") == "keeps";
  return rules;
}

Meridians::Meridians(const Spec& spec)
    : spec_(spec), rules_(read_rules(spec)), geo_(&Geometry::of(rules_.size)) {}

Meridians::MoveList Meridians::legal_moves(const Position& pos) const {
  MoveList list;
  if (finished(pos)) return list;  // M8
  const Bits targets = placements(pos);
  if (pos.placed[pos.side] == 2) {
    Removals removals;
    Counts counts;
    mark_placements(pos, targets, list, removals);
    if (removals.known && prepare_counts(pos, static_cast<int>(list.size()), counts)) {
      counts.count(*geo_, list, removals.index.data(), removals.removing);
      if (removals.removing) count_removed(pos, list, removals, counts);
    }
  } else {
    targets.for_each([&](int p) { list.push_back(Move{static_cast<std::uint8_t>(p)}); });
    count_children(pos, list);
  }
  if (pos.may_swap) list.push_back(Move{Move::kSwap});      // M9
  if (list.size() == 0) list.push_back(Move{Move::kPass});  // M7
  return list;
}

Meridians::Move Meridians::nth_move(const Position& pos, std::uint64_t index) const {
  const auto none = [&] {
    return Error("meridians: no legal move of rank " + std::to_string(index));
  };
  if (finished(pos)) throw none();  // M8
  const Bits targets = placements(pos);
  const auto placed = static_cast<std::uint64_t>(targets.count());
  if (index < placed) {
    std::uint64_t left = index;
    for (int row = 0; row < geo_->rows; ++row) {
      const auto here = static_cast<std::uint64_t>((targets & geo_->row_points[row]).count());
      if (left >= here) {
        left -= here;
        continue;
      }
      for (int r = geo_->row_start[row];; ++r) {
        const int p = geo_->by_name[r];
        if (targets.test(p) && left-- == 0) return Move{static_cast<std::uint8_t>(p)};
      }
    }
  }
  if (pos.may_swap && index == placed) return Move{Move::kSwap};             // M9
  if (!pos.may_swap && placed == 0 && index == 0) return Move{Move::kPass};  // M7
  throw none();
}

Outcome Meridians::outcome(const Position& pos) const {
  if (finished(pos)) return Outcome::win(pos.side);  // M8: the stoneless mover has lost
  return Outcome::ongoing();
}

std::string Meridians::move_text(const Position&, const Move& move) const {
  if (move.code == Move::kPass) return "pass";
  if (move.code == Move::kSwap) return "swap";
  return geo_->name(move.code);
}

Meridians::Move Meridians::parse_move(const Position& pos, std::string_view text) const {
  const auto illegal = [&] {
    return Error("illegal or non-canonical move '" + std::string(text) + "'");
  };
  const MoveList moves = legal_moves(pos);
  if (text == "pass" || text == "swap") {
    const Move m{text == "pass" ? Move::kPass : Move::kSwap};
    if (std::find(moves.begin(), moves.end(), m) == moves.end()) throw illegal();
    return m;
  }
  if (text.size() < 2 || text.size() > 3) throw illegal();
  const int row = text[0] - 'a';
  if (row < 0 || row >= geo_->rows) throw illegal();
  if (text[1] < '1' || text[1] > '9') throw illegal();  // no leading zero
  int col = text[1] - '0';
  if (text.size() == 3) {
    if (text[2] < '0' || text[2] > '9') throw illegal();
    col = col * 10 + (text[2] - '0');
  }
  if (col > geo_->row_len[row]) throw illegal();
  const Move m{static_cast<std::uint8_t>(geo_->index(row, col - 1))};
  if (std::find(moves.begin(), moves.end(), m) == moves.end()) throw illegal();
  return m;
}

std::string Meridians::format(const Position& pos) const {
  std::string out;
  for (int row = geo_->rows - 1; row >= 0; --row) {
    int empty = 0;
    for (int c = 0; c < geo_->row_len[row]; ++c) {
      const int p = geo_->index(row, c);
      char stone = 0;
      if (pos.stones[0].test(p)) stone = 'W';
      if (pos.stones[1].test(p)) stone = 'B';
      if (!stone) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += stone;
    }
    if (empty) out += std::to_string(empty);
    if (row) out += '/';
  }
  out += pos.side ? " b " : " w ";
  out += static_cast<char>('0' + pos.placed[0]);
  out += ' ';
  out += static_cast<char>('0' + pos.placed[1]);
  if (pos.may_swap) out += " swap";
  return out;
}

namespace {
// The fields of a position text, split on single spaces; returns how many.
std::size_t split_fields(std::string_view text, std::array<std::string_view, 6>& fields) {
  std::size_t nfields = 0;
  for (std::size_t start = 0;;) {
    const std::size_t space = text.find(' ', start);
    const std::string_view field = text.substr(
        start, space == std::string_view::npos ? std::string_view::npos : space - start);
    if (field.empty()) throw Error("position: empty field (fields are separated by single spaces)");
    if (nfields == fields.size()) throw Error("position: too many fields");
    fields[nfields++] = field;
    if (space == std::string_view::npos) break;
    start = space + 1;
  }
  if (nfields < 4)
    throw Error("position: expected '<rows> <side> <placed-white> <placed-black> [swap]'");
  if (nfields > 5) throw Error("position: too many fields");
  return nfields;
}
}  // namespace

// The rows field, from the top row down: the stones of pos.
void Meridians::parse_rows(std::string_view rows, Position& pos) const {
  int row = geo_->rows - 1, col = 0;
  const auto row_name = [&](int r) { return std::string("row ") + static_cast<char>('a' + r); };
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const char c = rows[i];
    if (c == '/') {
      if (col != geo_->row_len[row])
        throw Error(row_name(row) + ": " + std::to_string(col) + " points, expected " +
                    std::to_string(geo_->row_len[row]));
      if (row == 0) throw Error("rows: more than " + std::to_string(geo_->rows) + " rows");
      --row, col = 0;
    } else if (c == 'W' || c == 'B') {
      if (col >= geo_->row_len[row])
        throw Error(row_name(row) + ": too many points at '" + c + "'");
      pos.stones[c == 'B'].set(geo_->index(row, col++));
    } else if (c >= '0' && c <= '9') {
      if (c == '0') throw Error(row_name(row) + ": bad count '0' (no zero, no leading zero)");
      int count = 0;
      while (i < rows.size() && rows[i] >= '0' && rows[i] <= '9') {
        count = count * 10 + (rows[i] - '0');
        if (count > geo_->row_len[row])
          throw Error(row_name(row) + ": too many points at '" + rows[i] + "'");
        ++i;
      }
      --i;
      col += count;
      if (col > geo_->row_len[row]) throw Error(row_name(row) + ": too many points");
    } else {
      throw Error(row_name(row) + ": unexpected character '" + c + "'");
    }
  }
  if (row != 0)
    throw Error("rows: " + std::to_string(geo_->rows - row) + " rows, expected " +
                std::to_string(geo_->rows));
  if (col != geo_->row_len[0])
    throw Error(row_name(0) + ": " + std::to_string(col) + " points, expected " +
                std::to_string(geo_->row_len[0]));
}

Meridians::Position Meridians::parse(std::string_view text) const {
  std::array<std::string_view, 6> fields;
  const std::size_t nfields = split_fields(text, fields);
  Position pos;
  parse_rows(fields[0], pos);

  if (fields[1] != "w" && fields[1] != "b")
    throw Error("side: expected 'w' or 'b', got '" + std::string(fields[1]) + "'");
  pos.side = fields[1] == "b";
  for (int c = 0; c < 2; ++c) {
    const std::string_view f = fields[2 + c];
    if (f.size() != 1 || f[0] < '0' || f[0] > '2')
      throw Error(std::string("placed-") + kColourName[c] + ": expected 0, 1 or 2, got '" +
                  std::string(f) + "'");
    pos.placed[c] = static_cast<std::uint8_t>(f[0] - '0');
  }
  if (nfields == 5) {
    if (fields[4] != "swap")
      throw Error("swap: expected 'swap' or nothing, got '" + std::string(fields[4]) + "'");
    pos.may_swap = true;
  }

  // What the rules can never produce, visible in the text.
  // Nothing is removed before a player's third stone (M10), so each counter is
  // exactly that player's number of stones unless both are capped: White's 2
  // with Black's 1 (Black to move) is exactly 2 stones placed (M4).
  const bool exact = !(pos.placed[0] == 2 && pos.placed[1] == 2);
  for (int c = 0; c < 2; ++c) {
    const int stones = pos.stones[c].count();
    if (exact && stones != pos.placed[c])
      throw Error(std::string("placed-") + kColourName[c] + ": " + std::to_string(stones) + " " +
                  kColourName[c] + " stones on the board but " + std::to_string(pos.placed[c]) +
                  " placed");
  }
  // M4: White moves first, turns alternate (the counters are capped at 2).
  const int pw = pos.placed[0], pb = pos.placed[1];
  const bool order_ok =
      (pw == 2 && pb == 2) || (pos.side == 0 && pw == pb) || (pos.side == 1 && pw == pb + 1);
  if (!order_ok)
    throw Error("side: '" + std::string(fields[1]) + "' to move cannot follow " +
                std::to_string(pw) + " white and " + std::to_string(pb) + " black stones placed");
  if (pos.may_swap && (!rules_.swap || pos.side != 1 || pw != 1 || pb != 0))
    throw Error(rules_.swap ? "swap: only Black, right after White's first stone, may swap (M9)"
                            : "swap: this game has no swap option");
  pos.tracked = pos.placed[0] == 2 && pos.placed[1] == 2;
  if (pos.tracked) rebuild_sight(pos);
  // M8: the side to move always has stones once he has placed 2 (the game ended before).
  if (pos.placed[pos.side] == 2 && !pos.stones[pos.side].any())
    throw Error(std::string("rows: ") + kColourName[pos.side] +
                " is to move but has no stones (M8)");
  const int other = pos.side ^ 1;
  if (pos.placed[other] == 2 && dead_stones(pos, other).any()) {
    // V6 (an adjacent second stone) and V7 (a pass keeps them) can leave one.
    if (!rules_.second_by_sight && !rules_.pass_keeps)
      throw Error(std::string("rows: ") + kColourName[other] + " group at " +
                  geo_->name(dead_stones(pos, other).lowest()) + " is dead (M10 removes it)");
    pos.stale = true;
  }
  return pos;
}

std::string Meridians::diagram(const Position& pos) const {
  const int widest = geo_->row_len[geo_->middle];
  std::string out;
  for (int row = geo_->rows - 1; row >= 0; --row) {
    const int width = geo_->row_len[row];
    const char letter = static_cast<char>('a' + row);
    out += letter;
    out += std::string(static_cast<std::size_t>(2 + widest - width), ' ');
    for (int c = 0; c < width; ++c) {
      const int p = geo_->index(row, c);
      out += pos.stones[0].test(p) ? 'W' : pos.stones[1].test(p) ? 'B' : '.';
      out += ' ';
    }
    out += std::string(static_cast<std::size_t>(1 + widest - width), ' ');
    out += letter;
    out += "1-" + std::string(1, letter) + std::to_string(width) + "\n";
  }
  const auto placed = [&](int c) {
    return std::to_string(pos.placed[c]) + (pos.placed[c] == 2 ? "+" : "");
  };
  out += "white placed " + placed(0) + ", black placed " + placed(1) + "; ";
  if (finished(pos)) {
    out += std::string(kColourName[pos.side]) + " wins (" + kColourName[pos.side ^ 1] +
           " has no stones)\n";
  } else {
    out +=
        std::string(kColourName[pos.side]) + " to move" + (pos.may_swap ? ", may swap" : "") + "\n";
  }
  return out;
}

}  // namespace arb::engine::meridians
