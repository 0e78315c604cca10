#include "engine/ecalper/ecalper.h"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>
#include <utility>

namespace arb::engine::ecalper {

namespace detail {

namespace {

Geometry build_geometry(int n) {
  Geometry g;
  // C1: a cell exists when |q - r| <= n - 1, i.e. row r holds the columns
  // max(0, r-n+1) .. min(2n-2, r+n-1); x = q - r.
  static_cast<core::HexGrid<kMaxCells, kMaxRows>&>(g) = core::HexGrid<kMaxCells, kMaxRows>::build(
      2 * n - 1, [n](int r) { return std::max(0, r - n + 1) - r; },
      [n](int r) { return std::min(2 * n - 2, r + n - 1) - r; });
  g.n = n;
  return g;
}

}  // namespace

std::string Geometry::name(int cell) const {
  return std::string(1, static_cast<char>('A' + q_of(cell))) +
         std::to_string(row_of[static_cast<std::size_t>(cell)] + 1);
}

const Geometry& Geometry::of_size(int n) {
  static const std::array<Geometry, 4> kAll = {build_geometry(5), build_geometry(6),
                                               build_geometry(7), build_geometry(8)};
  if (n < 5 || n > 8) throw Error("ecalper: size " + std::to_string(n) + " is not 5-8");
  return kAll[static_cast<std::size_t>(n - 5)];
}

}  // namespace detail

using detail::binomial;
using detail::Bits;
using detail::Geometry;
using detail::kNone;

// ---------------------------------------------------------------- move list

void Ecalper::MoveList::Iterator::decode() {
  if (list_ == nullptr || index_ >= list_->normal_) return;
  const std::uint64_t per = list_->per_stone_;
  r_ = static_cast<std::uint8_t>(index_ / per);
  std::uint64_t rank = index_ % per;
  // Unrank a k-subset of 0..e-1 in lexicographic order.
  const int k = list_->k_;
  const int e = list_->empty_count_;
  int v = 0;
  for (int i = 0; i < k; ++i) {
    for (;; ++v) {
      const std::uint64_t with_v = binomial(e - 1 - v, k - 1 - i);
      if (rank < with_v) break;
      rank -= with_v;
    }
    c_[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v++);
  }
}

// ---------------------------------------------------------------- rules

// C4, C7 (default: two players, replace=any).
Ecalper::Rules Ecalper::Rules::from(const Spec& spec) {
  Rules rules;
  rules.players = spec.number("players");
  rules.last_added = spec.value("replace") == "last-added";
  return rules;
}

Ecalper::Ecalper(const Spec& spec)
    : spec_(spec), rules_(Rules::from(spec)), geo_(&Geometry::of_size(spec.number("size"))) {}

bool Ecalper::ok(const Position& pos) const {
  Bits seen;
  int stones = 0;
  for (int p = 0; p < 3; ++p) {
    const Bits& s = pos.stones[static_cast<std::size_t>(p)];
    if ((p >= rules_.players && s.any()) || (s & seen).any() || s.and_not(geo_->all).any())
      return false;
    if (pos.count[static_cast<std::size_t>(p)] != s.count()) return false;
    seen |= s;
    stones += s.count();
  }
  if (pos.empty != geo_->cells - stones) return false;
  try {  // what a parsed position must satisfy, every reachable one does too
    validate(pos);
  } catch (const Error&) {
    return false;
  }
  return true;
}

// C4 / C7: may the side to move replace the stone on `cell`?
bool Ecalper::replaceable(const Position& pos, int cell) const {
  if (rules_.last_added) {
    for (int i = 0; i < pos.last_count; ++i)
      if (pos.last_placed[static_cast<std::size_t>(i)] == cell) return true;
    return false;
  }
  if (cell == pos.last_replaced) return false;
  for (int p = 0; p < rules_.players; ++p)
    if (p != pos.side && pos.stones[static_cast<std::size_t>(p)].test(cell)) return true;
  return false;
}

Ecalper::MoveList Ecalper::legal_moves(const Position& pos) const {
  MoveList list;
  const Turn kind = turn_kind(pos);
  if (kind == Turn::kOver) return list;
  const Bits occ = occupied(pos);
  geo_->all.and_not(occ).for_each([&](int c) {
    list.empty_[static_cast<std::size_t>(list.empty_count_++)] = static_cast<std::uint8_t>(c);
  });
  if (kind == Turn::kFirst) {
    list.replaceable_[0] = kNone;
    list.replaceable_count_ = 1;
  } else if (rules_.last_added) {
    for (int i = 0; i < pos.last_count; ++i)
      list.replaceable_[static_cast<std::size_t>(list.replaceable_count_++)] =
          pos.last_placed[static_cast<std::size_t>(i)];
  } else {
    Bits opp;
    for (int p = 0; p < rules_.players; ++p)
      if (p != pos.side) opp |= pos.stones[static_cast<std::size_t>(p)];
    if (pos.last_replaced != kNone) opp.reset(pos.last_replaced);
    opp.for_each([&](int c) {
      list.replaceable_[static_cast<std::size_t>(list.replaceable_count_++)] =
          static_cast<std::uint8_t>(c);
    });
  }
  list.k_ = kind == Turn::kFinal ? 0 : stones_per_turn();
  list.per_stone_ = binomial(list.empty_count_, list.k_);
  list.normal_ = static_cast<std::uint64_t>(list.replaceable_count_) * list.per_stone_;
  list.size_ = list.normal_ + (pos.swap ? 1 : 0);
  return list;
}

// The cells of each size in byte order of their names ("A1" < "A10" < "A2"):
// a move text sorts by its cell names, since '+' and the text's end sort
// before the digits that would lengthen a name.
static const std::array<std::uint8_t, detail::kMaxCells>& cells_by_name(const Geometry& geo) {
  static const auto kAll = [] {
    std::array<std::array<std::uint8_t, detail::kMaxCells>, 4> all{};
    for (int n = 5; n <= 8; ++n) {
      const Geometry& g = Geometry::of_size(n);
      auto& order = all[static_cast<std::size_t>(n - 5)];
      for (int c = 0; c < g.cells; ++c)
        order[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c);
      std::sort(order.begin(), order.begin() + g.cells,
                [&](int a, int b) { return g.name(a) < g.name(b); });
    }
    return all;
  }();
  return kAll[static_cast<std::size_t>(geo.n - 5)];
}

Ecalper::Move Ecalper::nth_move(const Position& pos, std::uint64_t index) const {
  const MoveList list = legal_moves(pos);
  if (index >= list.size()) throw Error("ecalper: no legal move of rank " + std::to_string(index));
  Move m;
  if (pos.swap) {  // "swap" < "x...": first
    if (index == 0) {
      m.swap = true;
      return m;
    }
    --index;
  }
  const auto& by_name = cells_by_name(*geo_);
  const int cells = geo_->cells;
  // place[c]: c's place among the empty cells in row-major order, or -1.
  std::array<int, detail::kMaxCells> place;
  place.fill(-1);
  for (int i = 0; i < list.empty_count_; ++i) place[list.empty_[static_cast<std::size_t>(i)]] = i;
  const std::uint64_t per = list.per_stone_;
  if (list.replaceable_[0] != kNone) {
    Bits replaceable;
    for (int i = 0; i < list.replaceable_count_; ++i)
      replaceable.set(list.replaceable_[static_cast<std::size_t>(i)]);
    std::uint64_t skip = index / per;
    for (int j = 0; j < cells; ++j) {
      const int c = by_name[static_cast<std::size_t>(j)];
      if (!replaceable.test(c)) continue;
      if (skip-- == 0) {
        m.replaced = static_cast<std::uint8_t>(c);
        break;
      }
    }
    index %= per;
  }
  // The placed cells one by one, in name order: a cell at row-major place i
  // among the E empty cells leaves C(E - i - 1, left - 1) ways to finish.
  const int e = list.empty_count_;
  int next = 0;
  m.count = static_cast<std::uint8_t>(list.k_);
  for (int left = list.k_; left > 0; --left) {
    for (int j = 0; j < cells; ++j) {
      const int c = by_name[static_cast<std::size_t>(j)];
      const int i = place[static_cast<std::size_t>(c)];
      if (i < next) continue;
      const std::uint64_t ways = binomial(e - i - 1, left - 1);
      if (index < ways) {
        m.cells[static_cast<std::size_t>(list.k_ - left)] = static_cast<std::uint8_t>(c);
        next = i + 1;
        break;
      }
      index -= ways;
    }
  }
  return m;
}

// ---------------------------------------------------------------- count_subtree

namespace {

// The counters the subtree count depends on (see count_subtree in the header).
struct Counters {
  std::uint8_t side = 0, swap = 0, empty = 0, last_count = 0;
  std::array<std::uint8_t, 3> count{};
  bool replaced = false;    // the last turn replaced a stone (`<last>` is X:...)
  std::uint8_t holder = 3;  // who holds the stone it made (3: nobody)

  // 48 bits: depth 7, side 2, swap 1, empty 8, last_count 3, count 3 x 8, replaced 1, holder 2.
  std::uint64_t key(int depth) const {
    std::uint64_t k = static_cast<std::uint64_t>(depth);
    k = k << 2 | side;
    k = k << 1 | swap;
    k = k << 8 | empty;
    k = k << 3 | last_count;
    for (const std::uint8_t n : count) k = k << 8 | n;
    k = k << 1 | static_cast<std::uint64_t>(replaced);
    return k << 2 | holder;
  }
};

using detail::Wide;

// Counts are 128-bit (P4), checked by common/count.h. Every sub-count computed
// below has a multiplier of at least 1, so an overflow anywhere is an overflow
// of the total.

int next_player(int p, int players) { return p + 1 == players ? 0 : p + 1; }

// The child after the side to move replaced a stone of `victim` (or none: 3)
// and placed k.
Counters child_of(const Counters& c, int victim, int k, int players) {
  Counters n = c;
  const bool first = c.last_count == 0;
  if (victim != 3) {
    --n.count[static_cast<std::size_t>(victim)];
    ++n.count[c.side];
  }
  n.count[c.side] = static_cast<std::uint8_t>(n.count[c.side] + k);
  n.empty = static_cast<std::uint8_t>(c.empty - k);
  n.replaced = victim != 3;
  n.holder = victim != 3 ? c.side : 3;
  n.last_count = static_cast<std::uint8_t>(k);
  n.side = static_cast<std::uint8_t>(next_player(c.side, players));
  n.swap = players == 2 && first;  // C3
  return n;
}

// Below the root every position is consistent, so the stones of each player
// that the side to move of n may replace follow from the counters.
std::array<int, 3> replaceable_of(const Counters& n, int players, bool last_added) {
  std::array<int, 3> r{};
  for (int p = 0; p < players; ++p) {
    if (p == n.side) continue;
    if (last_added) {
      // C4: the previous player's placed stones, all still his.
      const int prev = n.side == 0 ? players - 1 : n.side - 1;
      r[static_cast<std::size_t>(p)] = p == prev ? n.last_count : 0;
    } else {
      r[static_cast<std::size_t>(p)] = n.count[static_cast<std::size_t>(p)] - (n.holder == p);
    }
  }
  return r;
}

// The root's counters, from the position itself as legal_moves and play see
// it, and in `replaceable` how many stones of each player its side to move may
// replace (legal_moves' list).
Counters root_counters(const Ecalper::Position& pos, int players, bool last_added,
                       std::array<int, 3>& replaceable) {
  Counters root;
  root.side = pos.side;
  root.swap = pos.swap;
  root.empty = pos.empty;
  root.last_count = pos.last_count;
  root.count = pos.count;
  root.replaced = pos.last_replaced != kNone;
  replaceable = {};
  for (int p = 0; p < players; ++p) {
    const auto& stones = pos.stones[static_cast<std::size_t>(p)];
    if (root.replaced && stones.test(pos.last_replaced)) root.holder = static_cast<std::uint8_t>(p);
    if (p == pos.side || last_added) continue;
    replaceable[static_cast<std::size_t>(p)] =
        stones.count() - (root.replaced && stones.test(pos.last_replaced) ? 1 : 0);
  }
  if (last_added) {
    // The owner as play finds it: the next player, else (three players) the one after.
    for (int i = 0; i < pos.last_count; ++i) {
      const int cell = pos.last_placed[static_cast<std::size_t>(i)];
      int owner = next_player(pos.side, players);
      if (players == 3 && !pos.stones[static_cast<std::size_t>(owner)].test(cell))
        owner = next_player(owner, players);
      ++replaceable[static_cast<std::size_t>(owner)];
    }
  }
  return root;
}

}  // namespace

detail::Wide Ecalper::count_subtree(const Position& pos, int depth) const {
  if (depth <= 0) return 1;
  if (depth == 1) return count_moves(pos);
  const int k_turn = stones_per_turn();
  // The same tests as turn_kind, on counters.
  const auto kind_of = [&](const Counters& c) {
    if (rules_.players == 2) {
      if (c.replaced && c.last_count == 0) return Turn::kOver;  // C5
      if (c.last_count == 0) return Turn::kFirst;
      if (c.empty < 3) return Turn::kFinal;
      return Turn::kNormal;
    }
    if (c.last_count == 0) return Turn::kFirst;
    if (c.side == 0 && c.empty < 15) return Turn::kOver;  // C5, three players
    return Turn::kNormal;
  };
  const auto child = [&](const Counters& c, int victim, int k) {
    return child_of(c, victim, k, rules_.players);
  };

  std::unordered_map<std::uint64_t, Wide> memo;
  // rec(c, d, replaceable): perft(d) below counters c; `replaceable[p]` is how
  // many of player p's stones the side to move may replace (legal_moves' list).
  const auto rec = [&](auto&& self, const Counters& c, int d,
                       const std::array<int, 3>& replaceable) -> Wide {
    const Turn kind = kind_of(c);
    if (kind == Turn::kOver) return 0;
    if (d == 1) {  // count_moves on counters
      int r = 0;
      if (rules_.last_added) {
        r = c.last_count;
      } else {
        for (int p = 0; p < rules_.players; ++p)
          if (p != c.side) r += c.count[static_cast<std::size_t>(p)];
        if (c.replaced) --r;
      }
      switch (kind) {
        case Turn::kFirst:
          return binomial(c.empty, k_turn);
        case Turn::kFinal:
          return static_cast<Wide>(r);
        default:
          return static_cast<Wide>(r) * binomial(c.empty, k_turn) + (c.swap ? 1 : 0);
      }
    }
    // Below the root every position is consistent, so the replaceable stones
    // follow from the counters; the memo key then says everything.
    const auto below = [&](const Counters& n) -> Wide {
      const std::uint64_t key = n.key(d - 1);
      if (const auto it = memo.find(key); it != memo.end()) return it->second;
      const Wide v = self(self, n, d - 1, replaceable_of(n, rules_.players, rules_.last_added));
      memo.emplace(key, v);
      return v;
    };
    Wide total = 0;
    if (kind == Turn::kFirst) {
      total = checked_mul(below(child(c, 3, k_turn)), binomial(c.empty, k_turn));
    } else {
      const int k = kind == Turn::kFinal ? 0 : k_turn;
      const std::uint64_t subsets = binomial(c.empty, k);
      for (int p = 0; p < rules_.players; ++p) {
        const int r = replaceable[static_cast<std::size_t>(p)];
        if (p == c.side || r <= 0 || subsets == 0) continue;
        total = checked_add(
            total, checked_mul(below(child(c, p, k)), static_cast<std::uint64_t>(r) * subsets));
      }
    }
    if (c.swap) {  // C3: colours exchanged, counters unchanged but the option
      Counters n = c;
      n.swap = 0;
      total = checked_add(total, below(n));
    }
    return total;
  };

  std::array<int, 3> replaceable;
  const Counters root = root_counters(pos, rules_.players, rules_.last_added, replaceable);
  return rec(rec, root, depth, replaceable);
}

Outcome Ecalper::outcome(const Position& pos) const {
  if (turn_kind(pos) != Turn::kOver) return Outcome::ongoing();
  // C6: largest group, then fewer groups, then a draw among those still tied.
  GroupStats best{-1, 0};
  std::uint8_t mask = 0;
  for (int p = 0; p < rules_.players; ++p) {
    const GroupStats s = group_stats(pos, p);
    const bool better =
        s.largest > best.largest || (s.largest == best.largest && s.groups < best.groups);
    const bool tied = s.largest == best.largest && s.groups == best.groups;
    if (better) {
      best = s;
      mask = static_cast<std::uint8_t>(1u << p);
    } else if (tied) {
      mask = static_cast<std::uint8_t>(mask | (1u << p));
    }
  }
  return std::popcount(mask) == 1 ? Outcome::win(std::countr_zero(mask)) : Outcome::draw(mask);
}

Ecalper::GroupStats Ecalper::group_stats(const Position& pos, int player) const {
  GroupStats s;
  Bits left = pos.stones[static_cast<std::size_t>(player)];
  while (!left.empty()) {
    Bits group;
    Bits frontier;
    frontier.set(left.lowest());
    while (!frontier.empty()) {
      group |= frontier;
      Bits grown;
      frontier.for_each([&](int c) { grown |= geo_->neighbours[static_cast<std::size_t>(c)]; });
      frontier = (grown & left).and_not(group);
    }
    left = left.and_not(group);
    ++s.groups;
    s.largest = std::max(s.largest, group.count());
  }
  return s;
}

// ---------------------------------------------------------------- notation

namespace {

constexpr char kLetters[] = "BWR";

std::string quote(char c) { return std::string("'") + c + "'"; }

// The <rows> field: each player's stones (kLetters), row by row.
void parse_rows(std::string_view rows, const detail::Geometry& geo, int players,
                Ecalper::Position& pos) {
  int r = 0;
  int col = 0;
  for (std::size_t i = 0; i <= rows.size(); ++i) {
    const std::string where = "row " + std::to_string(r + 1);
    if (r >= geo.rows) throw Error("rows: more than " + std::to_string(geo.rows) + " rows");
    const int len = geo.row_len[static_cast<std::size_t>(r)];
    if (i == rows.size() || rows[i] == '/') {
      if (col != len)
        throw Error(where + ": " + std::to_string(col) + " cells, expected " + std::to_string(len));
      ++r;
      col = 0;
      if (i == rows.size()) break;
      continue;
    }
    const char ch = rows[i];
    if (ch >= '0' && ch <= '9') {
      if (ch == '0') throw Error(where + ": number starting with '0'");
      int run = 0;
      while (i < rows.size() && rows[i] >= '0' && rows[i] <= '9') {
        run = run * 10 + (rows[i] - '0');
        if (run > len) break;
        ++i;
      }
      --i;
      col += run;
      if (col > len) throw Error(where + ": more than " + std::to_string(len) + " cells");
      continue;
    }
    int p = -1;
    for (int q = 0; q < players; ++q)
      if (ch == kLetters[q]) p = q;
    if (p < 0) throw Error(where + ": bad character " + quote(ch));
    if (col >= len) throw Error(where + ": more than " + std::to_string(len) + " cells");
    pos.stones[static_cast<std::size_t>(p)].set(geo.row_start[static_cast<std::size_t>(r)] + col);
    ++col;
  }
  if (r != geo.rows)
    throw Error("rows: " + std::to_string(r) + " rows, expected " + std::to_string(geo.rows));
}

}  // namespace

std::string Ecalper::format(const Position& pos) const {
  std::string out;
  for (int r = 0; r < geo_->rows; ++r) {
    if (r > 0) out += '/';
    int run = 0;
    const int start = geo_->row_start[static_cast<std::size_t>(r)];
    for (int c = start; c < start + geo_->row_len[static_cast<std::size_t>(r)]; ++c) {
      int owner = -1;
      for (int p = 0; p < rules_.players; ++p)
        if (pos.stones[static_cast<std::size_t>(p)].test(c)) owner = p;
      if (owner < 0) {
        ++run;
        continue;
      }
      if (run) out += std::to_string(run);
      run = 0;
      out += kLetters[owner];
    }
    if (run) out += std::to_string(run);
  }
  out += ' ';
  out += players()[pos.side];
  out += pos.swap ? " s " : " - ";
  out += last_text(pos);
  return out;
}

// `<last>`: `<replaced>:<placed,...>`, `-` for a part that did not happen.
std::string Ecalper::last_text(const Position& pos) const {
  std::string out = pos.last_replaced == kNone ? "-" : geo_->name(pos.last_replaced);
  out += ':';
  if (pos.last_count == 0) out += '-';
  for (int i = 0; i < pos.last_count; ++i) {
    if (i) out += ',';
    out += geo_->name(pos.last_placed[static_cast<std::size_t>(i)]);
  }
  return out;
}

// A cell name `A1`: letter, then the row without leading zeros.
int Ecalper::parse_cell(std::string_view text, std::string_view field) const {
  const std::string where = std::string(field) + ": ";
  if (text.empty()) throw Error(where + "missing cell name");
  const char letter = text[0];
  if (letter < 'A' || letter >= 'A' + geo_->rows)
    throw Error(where + "bad column letter " + quote(letter) + " in '" + std::string(text) + "'");
  if (text.size() < 2) throw Error(where + "missing row number in '" + std::string(text) + "'");
  if (text[1] == '0')
    throw Error(where + "row number starts with '0' in '" + std::string(text) + "'");
  int row = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9')
      throw Error(where + "bad character " + quote(text[i]) + " in cell '" + std::string(text) +
                  "'");
    row = row * 10 + (text[i] - '0');
    if (row > geo_->rows) break;
  }
  const int cell = geo_->index(letter - 'A', row - 1);
  if (cell < 0) throw Error(where + "no cell '" + std::string(text) + "' on this board");
  return cell;
}

Ecalper::Position Ecalper::parse(std::string_view text) const {
  Position pos;
  // Four fields separated by single spaces.
  std::array<std::string_view, 4> fields;
  {
    std::size_t at = 0;
    for (int f = 0; f < 4; ++f) {
      const std::size_t sp = text.find(' ', at);
      if (f < 3 && sp == std::string_view::npos)
        throw Error("position: expected 4 fields '<rows> <side> <swap> <last>', got " +
                    std::to_string(f + 1));
      if (f == 3 && sp != std::string_view::npos)
        throw Error("position: unexpected ' ' after the last field (4 fields expected)");
      fields[static_cast<std::size_t>(f)] =
          text.substr(at, f < 3 ? sp - at : std::string_view::npos);
      if (fields[static_cast<std::size_t>(f)].empty())
        throw Error("position: empty field " + std::to_string(f + 1) +
                    " (fields are separated by one space)");
      at = sp + 1;
    }
  }
  parse_rows(fields[0], *geo_, rules_.players, pos);
  // <side>
  {
    const std::string_view side = fields[1];
    const auto at = players().find(side[0]);
    if (side.size() != 1 || at == std::string_view::npos)
      throw Error("side: expected one of '" + std::string(players()) + "', got '" +
                  std::string(side) + "'");
    pos.side = static_cast<std::uint8_t>(at);
  }
  // <swap>
  if (fields[2] == "s")
    pos.swap = true;
  else if (fields[2] != "-")
    throw Error("swap: expected 's' or '-', got '" + std::string(fields[2]) + "'");
  // <last> = <replaced>:<placed,...>
  {
    const std::string_view last = fields[3];
    const std::size_t colon = last.find(':');
    if (colon == std::string_view::npos)
      throw Error("last: expected '<replaced>:<placed,...>', no ':'");
    const std::string_view rep = last.substr(0, colon);
    std::string_view placed = last.substr(colon + 1);
    if (rep != "-") pos.last_replaced = static_cast<std::uint8_t>(parse_cell(rep, "last"));
    if (placed != "-") {
      for (;;) {
        const std::size_t comma = placed.find(',');
        if (pos.last_count == stones_per_turn())
          throw Error("last: more than " + std::to_string(stones_per_turn()) + " placed cells");
        const int cell = parse_cell(placed.substr(0, comma), "last");
        if (pos.last_count > 0 && cell <= pos.last_placed[pos.last_count - 1u])
          throw Error("last: placed cells not sorted by row then column at '" +
                      std::string(placed.substr(0, comma)) + "'");
        pos.last_placed[pos.last_count++] = static_cast<std::uint8_t>(cell);
        if (comma == std::string_view::npos) break;
        placed = placed.substr(comma + 1);
      }
    }
  }
  for (std::size_t p = 0; p < 3; ++p)
    pos.count[p] = static_cast<std::uint8_t>(pos.stones[p].count());
  pos.empty = static_cast<std::uint8_t>(geo_->cells - occupied(pos).count());
  validate(pos);
  return pos;
}

// Rejects what the rules can never reach in a way the text shows: stone
// counts against the turn number, side to move, swap flag and `<last>`.
void Ecalper::validate(const Position& pos) const {
  const int k = stones_per_turn();
  const int stones = occupied(pos).count();
  const int empty = geo_->cells - stones;
  const int prev = (pos.side + rules_.players - 1) % rules_.players;
  auto owner = [&](int cell) {
    for (int p = 0; p < rules_.players; ++p)
      if (pos.stones[static_cast<std::size_t>(p)].test(cell)) return p;
    return -1;
  };
  auto name = [&](int p) { return std::string(1, players()[static_cast<std::size_t>(p)]); };
  if (pos.swap && (rules_.players != 2 || pos.side != 1 || stones != 3 || pos.last_count != 3))
    throw Error("swap: 's' only for White right after Black's first turn (C3)");
  if (pos.last_count != 0 && pos.last_count != k)
    throw Error("last: " + std::to_string(pos.last_count) + " placed cells, expected " +
                std::to_string(k));
  if (pos.last_count == 0 && pos.last_replaced == kNone) {  // before the first turn
    if (stones != 0) throw Error("last: '-:-' (no turn played yet) but the board has stones");
    if (pos.side != 0) throw Error("side: Black moves first (C2), '-:-' means no turn was played");
    return;
  }
  if (pos.last_count == 0) {  // `X:-`: the final replacement-only turn (C5)
    if (rules_.players != 2)
      throw Error("last: no placed cells, but three players always place (C7)");
    if (empty >= 3)
      throw Error("last: a replacement-only turn with " + std::to_string(empty) +
                  " empty cells (C5)");
  }
  if (stones % k != 0)
    throw Error("rows: " + std::to_string(stones) + " stones, not a multiple of " +
                std::to_string(k));
  const int turns = stones / k + (pos.last_count == 0 ? 1 : 0);
  if (pos.side != turns % rules_.players)
    throw Error("side: '" + name(pos.side) + "' is not to move after " + std::to_string(turns) +
                " turns");
  if ((turns == 1) != (pos.last_replaced == kNone))
    throw Error(std::string("last: ") +
                (turns == 1 ? "Black's first turn replaces nothing" : "missing replaced cell"));
  for (int i = 0; i < pos.last_count; ++i)
    if (owner(pos.last_placed[static_cast<std::size_t>(i)]) != prev)
      throw Error("last: placed cell " + geo_->name(pos.last_placed[static_cast<std::size_t>(i)]) +
                  " is not " + name(prev) + "'s stone");
  if (pos.last_replaced != kNone) {
    if (owner(pos.last_replaced) != prev)
      throw Error("last: replaced cell " + geo_->name(pos.last_replaced) + " is not " + name(prev) +
                  "'s stone");
    for (int i = 0; i < pos.last_count; ++i)
      if (pos.last_placed[static_cast<std::size_t>(i)] == pos.last_replaced)
        throw Error("last: replaced cell " + geo_->name(pos.last_replaced) +
                    " is also a placed cell");
  }
  if (rules_.players == 2) {
    // Black: 3 on his first turn, +4 per later turn, -1 per White turn.
    const int black_turns = (turns + 1) / 2;
    const int white_turns = turns / 2;
    int black = 3 + 4 * (black_turns - 1) - white_turns;
    int white = 4 * white_turns - (black_turns - 1);
    if (pos.last_count == 0) black -= 3;  // the final turn (C5) adds 1, not 4
    if (pos.stones[0].count() != black || pos.stones[1].count() != white)
      throw Error("rows: " + std::to_string(pos.stones[0].count()) + " B and " +
                  std::to_string(pos.stones[1].count()) + " W, but " + std::to_string(turns) +
                  " turns give " + std::to_string(black) + " B and " + std::to_string(white) +
                  " W");
    if (pos.last_count != 0 && empty < 1) throw Error("rows: no empty cell left");
  } else {
    // C5: the last Black turn must have started with at least 15 empty cells.
    const int black_start = ((turns - 1) / 3) * 3;
    if (geo_->cells - black_start * k < 15)
      throw Error("rows: " + std::to_string(stones) +
                  " stones: the game ended before Black's turn (C5)");
  }
}

std::string Ecalper::move_text(const Position&, const Move& move) const {
  if (move.swap) return "swap";
  std::string out;
  if (move.replaced != kNone) {
    out += 'x';
    out += geo_->name(move.replaced);
  }
  for (int i = 0; i < move.count; ++i) {
    if (!out.empty()) out += '+';
    out += geo_->name(move.cells[static_cast<std::size_t>(i)]);
  }
  return out;
}

Ecalper::Move Ecalper::parse_move(const Position& pos, std::string_view text) const {
  const std::string what = "move '" + std::string(text) + "'";
  const Turn kind = turn_kind(pos);
  if (kind == Turn::kOver) throw Error(what + ": the game is over (C5)");
  Move move;
  if (text == "swap") {
    if (!pos.swap)
      throw Error(what + ": swap is allowed only on White's first turn, two players (C3)");
    move.swap = true;
    return move;
  }
  std::string_view rest = text;
  if (kind != Turn::kFirst) {
    if (rest.empty() || rest[0] != 'x')
      throw Error(what + ": a turn starts with 'x' and the replaced cell (C4)");
    const std::size_t plus = rest.find('+');
    const int cell =
        parse_cell(rest.substr(1, plus == std::string_view::npos ? plus : plus - 1), "move");
    if (!replaceable(pos, cell))
      throw Error(what + ": " + geo_->name(cell) + " may not be replaced (C4, replace=" +
                  (rules_.last_added ? "last-added" : "any") + ")");
    move.replaced = static_cast<std::uint8_t>(cell);
    rest = plus == std::string_view::npos ? std::string_view{} : rest.substr(plus + 1);
    if (kind == Turn::kFinal) {
      if (plus != std::string_view::npos)
        throw Error(what + ": the final turn is the replacement only (C5)");
      return move;
    }
    if (plus == std::string_view::npos)
      throw Error(what + ": missing placed cells (" + std::to_string(stones_per_turn()) +
                  " expected, C4)");
  }
  const Bits occ = occupied(pos);
  for (;;) {
    const std::size_t plus = rest.find('+');
    if (move.count == stones_per_turn())
      throw Error(what + ": more than " + std::to_string(stones_per_turn()) + " placed cells");
    const int cell = parse_cell(rest.substr(0, plus), "move");
    if (occ.test(cell)) throw Error(what + ": " + geo_->name(cell) + " is not empty");
    if (move.count > 0 && cell <= move.cells[move.count - 1u])
      throw Error(what + ": placed cells must be distinct and sorted by row then column (P2)");
    move.cells[move.count++] = static_cast<std::uint8_t>(cell);
    if (plus == std::string_view::npos) break;
    rest = rest.substr(plus + 1);
  }
  if (move.count != stones_per_turn())
    throw Error(what + ": " + std::to_string(move.count) + " placed cells, expected " +
                std::to_string(stones_per_turn()));
  return move;
}

std::string Ecalper::diagram(const Position& pos) const {
  // Row r's cell in column q is drawn at x = 2q - r + n - 1, so each cell sits
  // between its two neighbours of the row below, (q, r+1) and (q+1, r+1).
  const int n = geo_->n;
  const int width = 4 * n - 3;
  std::string out;
  auto letters_line = [&](int r) {
    std::string line(static_cast<std::size_t>(width), ' ');
    const auto ru = static_cast<std::size_t>(r);
    for (int q = geo_->q_lo(r); q < geo_->q_lo(r) + geo_->row_len[ru]; ++q)
      line[static_cast<std::size_t>(2 * q - r + n - 1)] = static_cast<char>('A' + q);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return "     " + line + "\n";
  };
  out += letters_line(0);
  for (int r = 0; r < geo_->rows; ++r) {
    const auto ru = static_cast<std::size_t>(r);
    std::string line(static_cast<std::size_t>(width), ' ');
    for (int i = 0; i < geo_->row_len[ru]; ++i) {
      const int c = geo_->row_start[ru] + i;
      const int q = geo_->q_lo(r) + i;
      char ch = '.';
      for (int p = 0; p < rules_.players; ++p)
        if (pos.stones[static_cast<std::size_t>(p)].test(c)) ch = kLetters[p];
      line[static_cast<std::size_t>(2 * q - r + n - 1)] = ch;
    }
    std::string label = std::to_string(r + 1);
    label = std::string(3 - label.size(), ' ') + label + "  ";
    const int lo = geo_->q_lo(r);
    out += label + line + "  " + std::to_string(r + 1) + "  " + static_cast<char>('A' + lo) + "-" +
           static_cast<char>('A' + lo + geo_->row_len[ru] - 1) + "\n";
  }
  out += letters_line(geo_->rows - 1);
  static constexpr const char* kNames[] = {"Black", "White", "Red"};
  const Outcome o = outcome(pos);
  out += "to move: " + std::string(1, players()[pos.side]) + " (" + kNames[pos.side] + ")";
  out += pos.swap ? ", may swap" : "";
  out += "; empty cells: " + std::to_string(geo_->cells - occupied(pos).count());
  out += "; last: " + last_text(pos);
  out += "\ngroups (C6, largest/count):";
  for (int p = 0; p < rules_.players; ++p) {
    const GroupStats gs = group_stats(pos, p);
    out += ' ';
    out += players()[static_cast<std::size_t>(p)];
    out += ' ' + std::to_string(gs.largest) + '/' + std::to_string(gs.groups);
  }
  out += o.finished ? "; game over: " + to_string(o, players()) : "; ongoing";
  out += "\n";
  return out;
}

}  // namespace arb::engine::ecalper
