#include "engine/meridians/meridians.h"

#include <algorithm>
#include <memory>
#include <mutex>

namespace arb::engine {

namespace meridians {
namespace {

constexpr int kDx[kDirections] = {+1, 0, -1, -1, 0, +1};
constexpr int kDy[kDirections] = {0, +1, +1, 0, -1, -1};

template <class F>
inline void for_each_bit(Bits b, F&& f) {
  for (int word = 0; word < 3; ++word) {
    std::uint64_t v = b.w[word];
    while (v) {
      f(word * 64 + std::countr_zero(v));
      v &= v - 1;
    }
  }
}

std::unique_ptr<Geometry> build(int size) {
  auto g = std::make_unique<Geometry>();
  g->size = size;
  g->rows = 2 * size - 1;
  g->middle = size - 1;
  const int n = size - 1;  // M1: points of the bottom row
  int next = 0;
  for (int i = 0; i < g->rows; ++i) {
    g->row_start[i] = next;
    g->row_width[i] = n + std::min(i, 2 * g->middle - i);
    for (int c = 0; c < g->row_width[i]; ++c) {
      g->row_of[next + c] = static_cast<std::uint8_t>(i);
      g->col_of[next + c] = static_cast<std::uint8_t>(c);
    }
    next += g->row_width[i];
  }
  g->points = next;
  for (int p = 0; p < g->points; ++p) g->all.set(p);
  for (int p = 0; p < g->points; ++p) {
    const int y = g->row_of[p];
    const int x = g->col_of[p] + 1 - std::min(y, g->middle);  // M1 axial form
    for (int d = 0; d < kDirections; ++d) {
      const int q = g->at_axial(x + kDx[d], y + kDy[d]);
      g->step[p][d] = static_cast<std::int16_t>(q);
      if (q >= 0) g->neighbours[p].set(q);
      for (int k = 1;; ++k) {
        const int r = g->at_axial(x + k * kDx[d], y + k * kDy[d]);
        if (r < 0) break;
        g->ray[p][d].set(r);
      }
      g->ray_from[p][d] = g->ray[p][d] | Bits::single(p);
    }
  }
  return g;
}

}  // namespace

int Geometry::at_axial(int x, int y) const {
  if (y < 0 || y >= rows) return -1;
  const int col = x + std::min(y, middle) - 1;
  if (col < 0 || col >= row_width[y]) return -1;
  return index(y, col);
}

std::string Geometry::name(int p) const {
  return std::string(1, static_cast<char>('a' + row_of[p])) + std::to_string(col_of[p] + 1);
}

const Geometry& Geometry::of(int size) {
  static std::unique_ptr<Geometry> tables[3];
  static std::once_flag once[3];
  if (size < 6 || size > 8) throw Error("size: meridians has sizes 6, 7 and 8");
  const int slot = size - 6;
  std::call_once(once[slot], [&] { tables[slot] = build(size); });
  return *tables[slot];
}

}  // namespace meridians

using meridians::Bits;
using meridians::for_each_bit;
using meridians::Geometry;

namespace {
constexpr const char* kColourName[2] = {"white", "black"};
}  // namespace

Meridians::Meridians(const Spec& spec)
    : spec_(spec), geo_(&Geometry::of(spec.number("size"))), swap_option_(spec.flag("swap")) {}

// M6: the empty points from which, along one line, the first stone reached is p.
// The first blocker of an increasing ray (d < 3) is its lowest bit, of a
// decreasing one its highest.
Bits Meridians::sight(int p, Bits occupied) const {
  Bits out;
  for (int d = 0; d < meridians::kDirections; ++d) {
    const int next = geo_->step[p][d];
    if (next < 0 || occupied.test(next)) continue;  // blocked at once: sees nothing
    const Bits& r = geo_->ray[p][d];
    const Bits blockers = r & occupied;
    if (!blockers.any()) {
      out |= r;
    } else {
      const int b = d < 3 ? blockers.lowest() : blockers.highest();
      out |= r - geo_->ray_from[b][d];
    }
  }
  return out;
}

Bits Meridians::placements(const Position& pos) const {
  const Bits own = pos.stones[pos.side];
  const Bits occupied = pos.stones[0] | pos.stones[1];
  switch (pos.placed[pos.side]) {
    case 0:  // M4: the first stone anywhere
      return geo_->all - occupied;
    case 1: {  // M5: a path to the first stone: on a line, not adjacent
      const int first = own.lowest();
      return sight(first, occupied) - geo_->neighbours[first];
    }
    default: {  // M6: every own stone counts, dead or not (it may be revived)
      // A stone without an empty neighbour sees nothing: skip it (dense boards).
      const Bits empty = geo_->all - occupied;
      Bits out;
      for_each_bit(own, [&](int p) {
        if ((geo_->neighbours[p] & empty).any()) out |= sight(p, occupied);
      });
      return out;
    }
  }
}

// M2, M3: groups by union-find over the three increasing neighbour
// directions (one pass in point order), and every candidate path: the first
// stone along a line is own and not adjacent. A candidate is a path when its
// ends lie in different groups; groups with no path are dead.
Bits Meridians::dead_stones(const Position& pos, int colour) const {
  const Bits own = pos.stones[colour];
  const Bits occupied = pos.stones[0] | pos.stones[1];
  std::array<std::uint8_t, meridians::kMaxPoints> parent;  // valid on `own` only
  std::array<std::uint8_t, 3 * meridians::kMaxPoints> from, to;
  int pairs = 0;
  const auto find = [&](int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for_each_bit(own, [&](int p) { parent[p] = static_cast<std::uint8_t>(p); });
  for_each_bit(own, [&](int p) {
    for (int d = 0; d < 3; ++d) {  // increasing directions: each pair seen once
      const int next = geo_->step[p][d];
      if (next < 0) continue;
      if (own.test(next)) {
        const int a = find(p), b = find(next);
        if (a != b) parent[std::max(a, b)] = static_cast<std::uint8_t>(std::min(a, b));
        continue;
      }
      if (occupied.test(next)) continue;  // M2: at least one empty between
      const Bits blockers = geo_->ray[p][d] & occupied;
      if (!blockers.any()) continue;
      const int b = blockers.lowest();
      if (!own.test(b)) continue;
      from[pairs] = static_cast<std::uint8_t>(p);
      to[pairs++] = static_cast<std::uint8_t>(b);
    }
  });
  if (pairs == 0) return own;
  Bits alive_roots;
  for (int i = 0; i < pairs; ++i) {
    const int a = find(from[i]), b = find(to[i]);
    if (a == b) continue;  // a line inside one group is no path
    alive_roots.set(a);
    alive_roots.set(b);
  }
  Bits living;
  for_each_bit(own, [&](int p) {
    if (alive_roots.test(find(p))) living.set(p);
  });
  return own - living;
}

Meridians::MoveList Meridians::legal_moves(const Position& pos) const {
  MoveList list;
  if (finished(pos)) return list;  // M8
  const Bits targets = placements(pos);
  for_each_bit(targets, [&](int p) { list.push(Move{static_cast<std::uint8_t>(p)}); });
  if (pos.may_swap) list.push(Move{Move::kSwap});  // M9
  if (list.size() == 0) list.push(Move{Move::kPass});  // M7
  return list;
}

std::uint64_t Meridians::count_moves(const Position& pos) const {
  if (finished(pos)) return 0;
  const auto n = static_cast<std::uint64_t>(placements(pos).count()) + (pos.may_swap ? 1 : 0);
  return n == 0 ? 1 : n;  // M7: pass only without a placement
}

// M10 reading of the capped counter: "placed 2" means "2 or more". A player
// whose counter is already 2 before his placement has now placed at least 3,
// so his own dead groups go; a counter of 0 or 1 means he has now placed 1 or
// 2 (M5 keeps those alive anyway). Opponent groups are never removed here.
Meridians::Position Meridians::play(const Position& pos, const Move& move) const {
  Position next = pos;
  next.may_swap = false;
  if (move.code == Move::kSwap) return next;  // M9: colours exchanged, board and side unchanged
  const int me = pos.side;
  const bool third_or_later = pos.placed[me] == 2;
  if (move.code != Move::kPass) {
    next.stones[me].set(move.code);
    next.placed[me] = static_cast<std::uint8_t>(std::min(pos.placed[me] + 1, 2));
  }
  // M7: after a pass every group is dead (no stone touches an empty point), so
  // this removes them all and M8 ends the game. A pass before the third stone
  // cannot arise: every point has at least three lines of two or more points,
  // and the opponent holds at most two stones to block them (M5).
  if (third_or_later) next.stones[me] = next.stones[me] - dead_stones(next, me);
  next.side = static_cast<std::uint8_t>(me ^ 1);
  next.may_swap = swap_option_ && me == 0 && pos.placed[0] == 0 && move.code != Move::kPass;
  return next;
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
  if (col > geo_->row_width[row]) throw illegal();
  const Move m{static_cast<std::uint8_t>(geo_->index(row, col - 1))};
  if (std::find(moves.begin(), moves.end(), m) == moves.end()) throw illegal();
  return m;
}

std::string Meridians::format(const Position& pos) const {
  std::string out;
  for (int row = geo_->rows - 1; row >= 0; --row) {
    int empty = 0;
    for (int c = 0; c < geo_->row_width[row]; ++c) {
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

Meridians::Position Meridians::parse(std::string_view text) const {
  // Split into fields on single spaces.
  std::array<std::string_view, 6> fields;
  std::size_t nfields = 0;
  for (std::size_t start = 0;;) {
    const std::size_t space = text.find(' ', start);
    const std::string_view field =
        text.substr(start, space == std::string_view::npos ? std::string_view::npos : space - start);
    if (field.empty()) throw Error("position: empty field (fields are separated by single spaces)");
    if (nfields == fields.size()) throw Error("position: too many fields");
    fields[nfields++] = field;
    if (space == std::string_view::npos) break;
    start = space + 1;
  }
  if (nfields < 4) throw Error("position: expected '<rows> <side> <placed-white> <placed-black> [swap]'");
  if (nfields > 5) throw Error("position: too many fields");

  Position pos;
  // Rows, from the top row down.
  int row = geo_->rows - 1, col = 0;
  const std::string_view rows = fields[0];
  const auto row_name = [&](int r) { return std::string("row ") + static_cast<char>('a' + r); };
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const char c = rows[i];
    if (c == '/') {
      if (col != geo_->row_width[row])
        throw Error(row_name(row) + ": " + std::to_string(col) + " points, expected " +
                    std::to_string(geo_->row_width[row]));
      if (row == 0) throw Error("rows: more than " + std::to_string(geo_->rows) + " rows");
      --row, col = 0;
    } else if (c == 'W' || c == 'B') {
      if (col >= geo_->row_width[row]) throw Error(row_name(row) + ": too many points at '" + c + "'");
      pos.stones[c == 'B'].set(geo_->index(row, col++));
    } else if (c >= '0' && c <= '9') {
      if (c == '0') throw Error(row_name(row) + ": bad count '0' (no zero, no leading zero)");
      int count = 0;
      while (i < rows.size() && rows[i] >= '0' && rows[i] <= '9') {
        count = count * 10 + (rows[i] - '0');
        if (count > geo_->row_width[row]) throw Error(row_name(row) + ": too many points at '" + rows[i] + "'");
        ++i;
      }
      --i;
      col += count;
      if (col > geo_->row_width[row]) throw Error(row_name(row) + ": too many points");
    } else {
      throw Error(row_name(row) + ": unexpected character '" + c + "'");
    }
  }
  if (row != 0) throw Error("rows: " + std::to_string(geo_->rows - row) + " rows, expected " + std::to_string(geo_->rows));
  if (col != geo_->row_width[0])
    throw Error(row_name(0) + ": " + std::to_string(col) + " points, expected " + std::to_string(geo_->row_width[0]));

  if (fields[1] != "w" && fields[1] != "b") throw Error("side: expected 'w' or 'b', got '" + std::string(fields[1]) + "'");
  pos.side = fields[1] == "b";
  for (int c = 0; c < 2; ++c) {
    const std::string_view f = fields[2 + c];
    if (f.size() != 1 || f[0] < '0' || f[0] > '2')
      throw Error(std::string("placed-") + kColourName[c] + ": expected 0, 1 or 2, got '" + std::string(f) + "'");
    pos.placed[c] = static_cast<std::uint8_t>(f[0] - '0');
  }
  if (nfields == 5) {
    if (fields[4] != "swap") throw Error("swap: expected 'swap' or nothing, got '" + std::string(fields[4]) + "'");
    pos.may_swap = true;
  }

  // What the rules can never produce, visible in the text.
  for (int c = 0; c < 2; ++c) {
    const int stones = pos.stones[c].count();
    // Nothing is removed before a player's third stone (M10), so below the cap
    // the counter is exactly his number of stones.
    if (pos.placed[c] < 2 && stones != pos.placed[c])
      throw Error(std::string("placed-") + kColourName[c] + ": " + std::to_string(stones) + " " +
                  kColourName[c] + " stones on the board but " + std::to_string(pos.placed[c]) +
                  " placed");
  }
  // M4: White moves first, turns alternate (the counters are capped at 2).
  const int pw = pos.placed[0], pb = pos.placed[1];
  const bool order_ok = (pw == 2 && pb == 2) || (pos.side == 0 && pw == pb) ||
                        (pos.side == 1 && pw == pb + 1);
  if (!order_ok)
    throw Error("side: '" + std::string(fields[1]) + "' to move cannot follow " + std::to_string(pw) +
                " white and " + std::to_string(pb) + " black stones placed");
  if (pos.may_swap && (!swap_option_ || pos.side != 1 || pw != 1 || pb != 0))
    throw Error(swap_option_ ? "swap: only Black, right after White's first stone, may swap (M9)"
                             : "swap: this game has no swap option");
  // M8: the side to move always has stones once he has placed 2 (the game ended before).
  if (pos.placed[pos.side] == 2 && !pos.stones[pos.side].any())
    throw Error(std::string("rows: ") + kColourName[pos.side] + " is to move but has no stones (M8)");
  const int other = pos.side ^ 1;
  if (pos.placed[other] == 2) {
    const Bits dead = dead_stones(pos, other);
    if (dead.any())
      throw Error(std::string("rows: ") + kColourName[other] + " group at " + geo_->name(dead.lowest()) +
                  " is dead (M10 removes it)");
  }
  return pos;
}

std::string Meridians::diagram(const Position& pos) const {
  const int widest = geo_->row_width[geo_->middle];
  std::string out;
  for (int row = geo_->rows - 1; row >= 0; --row) {
    const int width = geo_->row_width[row];
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
    out += std::string(kColourName[pos.side]) + " wins (" + kColourName[pos.side ^ 1] + " has no stones)\n";
  } else {
    out += std::string(kColourName[pos.side]) + " to move" + (pos.may_swap ? ", may swap" : "") + "\n";
  }
  return out;
}

}  // namespace arb::engine
