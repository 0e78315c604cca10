// The differential parse test (docs/testing.md): structured mutations of valid
// position and move texts, field by field as RULES.md's notation sections
// define them, each fed to the engine and the reference of its game. Both must
// reject it, or both accept it with equal format(parse(text)) (or equal
// move_text), and an accepted text must be canonical (format(parse(s)) == s,
// RULES.md I5). Random byte mutations rarely build a well-formed text whose
// content is wrong (a stone more than the counters allow, a cell named twice
// in <last>); these mutators build such texts on purpose.
//
// It speaks only the text notation and the Game concept: which field is which
// comes from the game's name (RULES.md), cell names from the reference's
// board_layout(). Deterministic for a given seed.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"

namespace arb::fuzz::parse_diff {

// A mutated text and the clause of RULES.md it probes.
struct Mutant {
  std::string text;
  std::string clause;
};

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : gen_(seed) {}
  // 0 .. n-1 (n > 0).
  std::size_t below(std::size_t n) {
    return static_cast<std::size_t>(std::uniform_int_distribution<std::uint64_t>(0, n - 1)(gen_));
  }
  bool chance(int percent) { return below(100) < static_cast<std::size_t>(percent); }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[below(v.size())];
  }

 private:
  std::mt19937_64 gen_;
};

inline std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> out;
  std::size_t at = 0;
  for (;;) {
    const std::size_t next = text.find(sep, at);
    out.emplace_back(text.substr(at, next == std::string_view::npos ? text.npos : next - at));
    if (next == std::string_view::npos) return out;
    at = next + 1;
  }
}

inline std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? std::string(sep) : "") + parts[i];
  return out;
}

// What the mutators need to know of a game's notation (RULES.md, "Position
// text" of each game), from its spec alone.
struct Notation {
  std::string game;
  std::vector<std::string> stones;  // one cell's content: "W", "B", "(BW)", ...
  // Fields holding a count, with the largest value the rules allow.
  std::vector<std::pair<std::size_t, int>> numbers;
  std::vector<std::vector<std::string>> rows;  // cell names, row by row as the text lists them
  std::vector<std::string> cells;              // every cell name of the board
  std::vector<std::string> off_board;          // names next to the board, and malformed ones
};

inline Notation notation_of(const Spec& spec, const BoardLayout& layout) {
  Notation n;
  n.game = spec.name();
  if (n.game == "emergo") {
    const int men = spec.number("size") == 9 ? 12 : 8;
    n.stones = {"W", "B", "(BW)", "(WB)", "(BBWWW)", "(WWB)", "(WBW)", "(W)", "()", "(BWB)"};
    n.numbers = {{2, men}, {3, men}};
  } else if (n.game == "eximo") {
    n.stones = {"W", "B"};
  } else if (n.game == "ecalper") {
    n.stones = {"B", "W"};
    if (spec.number("players") == 3) n.stones.push_back("R");
  } else if (n.game == "meridians") {
    n.stones = {"W", "B"};
    n.numbers = {{2, 2}, {3, 2}};
  }
  n.rows = layout.rows;
  for (const auto& row : layout.rows)
    for (const auto& name : row) n.cells.push_back(name);
  // Off the board: one row or column beyond, row 0, a leading zero, the other case.
  if (!n.cells.empty()) {
    const bool upper = std::isupper(static_cast<unsigned char>(n.cells.front()[0])) != 0;
    const char first = upper ? 'A' : 'a';
    const int rows = static_cast<int>(layout.rows.size());
    int widest = 0;
    for (const auto& row : layout.rows) widest = std::max(widest, static_cast<int>(row.size()));
    const int letters = std::max(rows, widest);
    for (const std::string& name :
         {std::string(1, static_cast<char>(first + letters)) + "1", std::string(1, first) + "0",
          std::string(1, first) + "01", std::string(1, first) + std::to_string(letters + 1),
          std::string(1, static_cast<char>(first + 25)) + "9", std::string(1, first),
          std::string("1")})
      n.off_board.push_back(name);
    std::string other = n.cells[n.cells.size() / 2];
    other[0] = static_cast<char>(upper ? std::tolower(other[0]) : std::toupper(other[0]));
    n.off_board.push_back(other);
  }
  return n;
}

// ---- The board field: rows of cells, each "" (empty) or a stone token.

// Splits one row of the board field into cells; nullopt when it does not
// read as digits, letters and parenthesised columns.
inline std::optional<std::vector<std::string>> cells_of_row(std::string_view row) {
  std::vector<std::string> cells;
  for (std::size_t i = 0; i < row.size();) {
    if (std::isdigit(static_cast<unsigned char>(row[i]))) {
      int run = 0;
      while (i < row.size() && std::isdigit(static_cast<unsigned char>(row[i]))) {
        run = run * 10 + (row[i++] - '0');
        if (run > 64) return std::nullopt;  // no board row is that long
      }
      cells.insert(cells.end(), static_cast<std::size_t>(run), "");
    } else if (row[i] == '(') {
      const std::size_t close = row.find(')', i);
      if (close == std::string_view::npos) return std::nullopt;
      cells.emplace_back(row.substr(i, close - i + 1));
      i = close + 1;
    } else {
      cells.emplace_back(1, row[i++]);
    }
  }
  return cells;
}

// The canonical row text of cells: runs of empty cells as one number.
inline std::string row_of_cells(const std::vector<std::string>& cells) {
  std::string out;
  int run = 0;
  for (const auto& c : cells) {
    if (c.empty()) {
      ++run;
      continue;
    }
    if (run) out += std::to_string(run);
    run = 0;
    out += c;
  }
  if (run) out += std::to_string(run);
  return out;
}

// The tokens of a row as written: a run of digits, a column "(...)", one character.
inline std::vector<std::string> tokens_of_row(std::string_view row) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < row.size();) {
    std::size_t end = i + 1;
    if (std::isdigit(static_cast<unsigned char>(row[i]))) {
      while (end < row.size() && std::isdigit(static_cast<unsigned char>(row[end]))) ++end;
    } else if (row[i] == '(') {
      const std::size_t close = row.find(')', i);
      end = close == std::string_view::npos ? row.size() : close + 1;
    }
    out.emplace_back(row.substr(i, end - i));
    i = end;
  }
  return out;
}

// ---- Position mutators. Each returns nullopt when it does not apply.

using Mutator = std::function<std::optional<Mutant>(Rng&, const Notation&, const std::string&)>;

namespace detail {

inline std::string flip_case(std::string s) {
  for (char& c : s)
    c = static_cast<char>(std::isupper(static_cast<unsigned char>(c))
                              ? std::tolower(static_cast<unsigned char>(c))
                              : std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// Values a count field is tried with: at and beyond its bounds, and
// spellings the notation does not have.
inline std::vector<std::string> count_values(int max, const std::string& now) {
  std::vector<std::string> v = {"0",
                                "1",
                                std::to_string(max - 1),
                                std::to_string(max),
                                "-1",
                                "00",
                                "0" + std::to_string(max),
                                std::to_string(max + 1),
                                "+1",
                                "1.0",
                                "99999999999999999999",
                                "x",
                                std::to_string(max + 10)};
  if (!now.empty() && std::all_of(now.begin(), now.end(), [](char c) { return std::isdigit(c); }) &&
      now.size() < 6) {
    const int n = std::stoi(now);
    v.push_back(std::to_string(n + 1));
    if (n > 0) v.push_back(std::to_string(n - 1));
    v.push_back("0" + now);
  }
  return v;
}

// The board field as rows of cells, or nullopt.
inline std::optional<std::vector<std::vector<std::string>>> board_cells(const std::string& field) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& row : split(field, '/')) {
    auto cells = cells_of_row(row);
    if (!cells) return std::nullopt;
    rows.push_back(std::move(*cells));
  }
  return rows;
}

inline std::string board_text(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::string> texts;
  for (const auto& r : rows) texts.push_back(row_of_cells(r));
  return join(texts, "/");
}

inline std::optional<Mutant> with_field(const std::string& text, std::size_t field,
                                        const std::string& value, const std::string& clause) {
  auto fields = split(text, ' ');
  if (field >= fields.size()) return std::nullopt;
  fields[field] = value;
  return Mutant{join(fields, " "), clause};
}

}  // namespace detail

// The mutators of every game (the fields, the board) and of `n`'s game.
inline std::vector<Mutator> position_mutators(const Notation& n) {
  using detail::board_cells;
  using detail::board_text;
  using detail::with_field;
  std::vector<Mutator> m;
  // -- Fields (RULES.md: one line, fields separated by single spaces).
  m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
    auto f = split(t, ' ');
    f.erase(f.begin() + static_cast<std::ptrdiff_t>(rng.below(f.size())));
    return Mutant{join(f, " "), "fields: one dropped"};
  });
  m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
    auto f = split(t, ' ');
    const std::size_t i = rng.below(f.size());
    f.insert(f.begin() + static_cast<std::ptrdiff_t>(i), f[i]);
    return Mutant{join(f, " "), "fields: one repeated"};
  });
  m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
    auto f = split(t, ' ');
    if (f.size() < 2) return std::nullopt;
    const std::size_t i = rng.below(f.size()), j = rng.below(f.size());
    if (i == j || f[i] == f[j]) return std::nullopt;
    std::swap(f[i], f[j]);
    return Mutant{join(f, " "), "fields: two swapped"};
  });
  m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
    static const std::vector<std::string> extra = {"swap", "s", "-", "0", "w", "b", "-:-", "pass"};
    return Mutant{t + " " + rng.pick(extra), "fields: one more at the end"};
  });
  m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
    static const std::vector<std::pair<std::string, std::string>> ways = {
        {"  ", "whitespace: a double space"},  {"\t", "whitespace: a tab between fields"},
        {"\n", "whitespace: a newline"},       {"\r", "whitespace: a carriage return"},
        {"", "whitespace: two fields joined"}, {"\xc2\xa0", "whitespace: a no-break space"}};
    auto f = split(t, ' ');
    if (f.size() < 2) return std::nullopt;
    const std::size_t i = 1 + rng.below(f.size() - 1);
    const auto& [sep, clause] = rng.pick(ways);
    f[i - 1] += sep + f[i];
    f.erase(f.begin() + static_cast<std::ptrdiff_t>(i));
    return Mutant{join(f, " "), clause};
  });
  m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
    static const std::vector<std::pair<std::string, std::string>> ends = {
        {" ", "whitespace: a leading space"}, {"\t", "whitespace: a leading tab"}};
    const auto& [pre, clause] = rng.pick(ends);
    if (rng.chance(50)) return Mutant{pre + t, clause};
    return Mutant{t + pre, "whitespace: trailing " + std::string(pre == " " ? "space" : "tab")};
  });
  m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
    auto f = split(t, ' ');
    const std::size_t i = rng.below(f.size());
    const std::string flipped = detail::flip_case(f[i]);
    if (flipped == f[i]) return std::nullopt;
    f[i] = flipped;
    return Mutant{join(f, " "), "case: field " + std::to_string(i + 1) + " in the other case"};
  });
  m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
    std::string s = t;
    const std::size_t i = rng.below(s.size());
    const std::string c = detail::flip_case(std::string(1, s[i]));
    if (c[0] == s[i]) return std::nullopt;
    s[i] = c[0];
    return Mutant{s, "case: one letter in the other case"};
  });
  // -- Any field: a byte outside the notation's alphabet.
  m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
    static const std::vector<std::string> bytes = {
        std::string(1, '\0'), "\x7f", "\x80", "\xff", "/", ":", ",", "(", ")", "+", "#",
        "\xef\xbc\x91"};
    std::string s = t;
    const std::size_t at = rng.below(s.size() + 1);
    if (rng.chance(50) && at < s.size())
      s.replace(at, 1, rng.pick(bytes));
    else
      s.insert(at, rng.pick(bytes));
    return Mutant{s, "bytes: a character outside the field's alphabet"};
  });
  // -- The side field: letters of another game or player count.
  m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
    static const std::vector<std::string> sides = {"w", "b", "r",  "W",  "B", "R", "x",
                                                   "s", "-", "wb", "ww", "g", "0"};
    return with_field(t, 1, rng.pick(sides), "side: another letter (other game, player count)");
  });
  // -- Count fields at and beyond their bounds (men in hand, stones placed).
  m.push_back([](Rng& rng, const Notation& n, const std::string& t) -> std::optional<Mutant> {
    if (n.numbers.empty()) return std::nullopt;
    const auto& [field, max] = rng.pick(n.numbers);
    const auto f = split(t, ' ');
    if (field >= f.size()) return std::nullopt;
    return with_field(t, field, rng.pick(detail::count_values(max, f[field])),
                      "count field " + std::to_string(field + 1) + " at or beyond its bounds");
  });
  // -- The board field, row by row.
  m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
    auto f = split(t, ' ');
    auto rows = split(f[0], '/');
    const std::size_t i = rng.below(rows.size());
    std::string clause;
    switch (rng.below(6)) {
      case 0:
        rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(i));
        clause = "rows: one dropped";
        break;
      case 1:
        rows.insert(rows.begin() + static_cast<std::ptrdiff_t>(i), rows[i]);
        clause = "rows: one repeated";
        break;
      case 2: {
        const std::size_t j = rng.below(rows.size());
        if (rows[i] == rows[j]) return std::nullopt;
        std::swap(rows[i], rows[j]);
        clause = "rows: two swapped";
        break;
      }
      case 3:
        rows[i].clear();
        clause = "rows: one empty";
        break;
      case 4:
        rows.insert(rng.chance(50) ? rows.begin() : rows.end(), "");
        clause = "rows: a '/' at an end";
        break;
      default:
        std::reverse(rows.begin(), rows.end());
        clause = "rows: in the other order";
        break;
    }
    f[0] = join(rows, "/");
    return Mutant{join(f, " "), clause};
  });
  m.push_back([](Rng& rng, const Notation& n, const std::string& t) -> std::optional<Mutant> {
    auto f = split(t, ' ');
    auto rows = split(f[0], '/');
    const std::size_t r = rng.below(rows.size());
    auto tokens = tokens_of_row(rows[r]);
    std::vector<std::string> vocabulary = n.stones;
    for (const char* extra : {"R", "X", "w", "b", ".", "-", "0", "1", "2", "9", "10", "12", "13",
                              "4294967297", "18446744073709551617"})
      vocabulary.emplace_back(extra);
    std::string clause;
    const std::size_t k = tokens.empty() ? 0 : rng.below(tokens.size());
    switch (tokens.empty() ? 0 : rng.below(3)) {
      case 0:
        tokens.insert(tokens.begin() + static_cast<std::ptrdiff_t>(k), rng.pick(vocabulary));
        clause = "rows: a token inserted (row length, alphabet)";
        break;
      case 1:
        tokens.erase(tokens.begin() + static_cast<std::ptrdiff_t>(k));
        clause = "rows: a token deleted (row length)";
        break;
      default:
        tokens[k] = rng.pick(vocabulary);
        clause = "rows: a token replaced (row length, alphabet)";
        break;
    }
    rows[r] = join(tokens, "");
    f[0] = join(rows, "/");
    return Mutant{join(f, " "), clause};
  });
  // Runs of empty cells spelt another way: split in two digits, a zero, a
  // leading zero, one too many or too few.
  m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
    auto f = split(t, ' ');
    auto rows = split(f[0], '/');
    const std::size_t r = rng.below(rows.size());
    auto tokens = tokens_of_row(rows[r]);
    std::vector<std::size_t> runs;
    for (std::size_t k = 0; k < tokens.size(); ++k)
      if (std::isdigit(static_cast<unsigned char>(tokens[k][0])) && tokens[k].size() < 4)
        runs.push_back(k);
    if (runs.empty()) return std::nullopt;
    const std::size_t k = rng.pick(runs);
    const int run = std::stoi(tokens[k]);
    std::string clause;
    switch (rng.below(5)) {
      case 0:
        if (run < 2) return std::nullopt;
        {
          const int a = 1 + static_cast<int>(rng.below(static_cast<std::size_t>(run - 1)));
          tokens[k] = std::to_string(a) + std::to_string(run - a);
        }
        clause = "rows: a run split in two numbers";
        break;
      case 1:
        tokens.insert(tokens.begin() + static_cast<std::ptrdiff_t>(k + (rng.chance(50) ? 1 : 0)),
                      "0");
        clause = "rows: a run of 0";
        break;
      case 2:
        tokens[k] = "0" + tokens[k];
        clause = "rows: a run with a leading zero";
        break;
      case 3:
        tokens[k] = std::to_string(run + 1);
        clause = "rows: a run one too long";
        break;
      default:
        if (run < 2) return std::nullopt;
        tokens[k] = std::to_string(run - 1);
        clause = "rows: a run one too short";
        break;
    }
    rows[r] = join(tokens, "");
    f[0] = join(rows, "/");
    return Mutant{join(f, " "), clause};
  });
  // Cell by cell, written canonically: counts that contradict the board
  // (men in hand, stones per side, turn numbers), far ranks, light squares,
  // columns, dead groups.
  m.push_back([](Rng& rng, const Notation& n, const std::string& t) -> std::optional<Mutant> {
    auto f = split(t, ' ');
    auto board = board_cells(f[0]);
    if (!board) return std::nullopt;
    std::vector<std::pair<std::size_t, std::size_t>> all, stones, empties;
    for (std::size_t r = 0; r < board->size(); ++r)
      for (std::size_t c = 0; c < (*board)[r].size(); ++c) {
        all.push_back({r, c});
        ((*board)[r][c].empty() ? empties : stones).push_back({r, c});
      }
    if (all.empty()) return std::nullopt;
    std::string clause;
    const int steps = 1 + static_cast<int>(rng.below(3));
    for (int s = 0; s < steps; ++s) {
      switch (rng.below(5)) {
        case 0: {  // a stone more
          if (empties.empty()) continue;
          const auto [r, c] = rng.pick(empties);
          (*board)[r][c] = rng.pick(n.stones);
          clause += clause.empty() ? "" : " + ";
          clause += "board: a stone added (counts vs board)";
          break;
        }
        case 1: {  // a stone less
          if (stones.empty()) continue;
          const auto [r, c] = rng.pick(stones);
          (*board)[r][c].clear();
          clause += clause.empty() ? "" : " + ";
          clause += "board: a stone removed (counts vs board)";
          break;
        }
        case 2: {  // another colour
          if (stones.empty()) continue;
          const auto [r, c] = rng.pick(stones);
          (*board)[r][c] = rng.pick(n.stones);
          clause += clause.empty() ? "" : " + ";
          clause += "board: a stone changed (counts vs board)";
          break;
        }
        case 3: {  // a stone moved
          if (stones.empty() || empties.empty()) continue;
          const auto [r, c] = rng.pick(stones);
          const auto [r2, c2] = rng.pick(empties);
          std::swap((*board)[r][c], (*board)[r2][c2]);
          clause += clause.empty() ? "" : " + ";
          clause += "board: a stone moved";
          break;
        }
        default: {  // anything anywhere
          const auto [r, c] = rng.pick(all);
          (*board)[r][c] = rng.chance(20) ? "" : rng.pick(n.stones);
          if (n.game == "emergo" && rng.chance(50)) {  // E3: any column, any height
            std::string column = "(";
            for (std::size_t h = 2 + rng.below(13); h > 0; --h)
              column += rng.chance(50) ? 'W' : 'B';
            (*board)[r][c] = column + ")";
          }
          clause += clause.empty() ? "" : " + ";
          clause += "board: a cell set";
          break;
        }
      }
    }
    if (clause.empty()) return std::nullopt;
    f[0] = board_text(*board);
    return Mutant{join(f, " "), clause};
  });
  // A board change together with a count change: a text that keeps the counts
  // consistent with each other but not with the rules, or the other way.
  m.push_back([](Rng& rng, const Notation& n, const std::string& t) -> std::optional<Mutant> {
    if (n.numbers.empty()) return std::nullopt;
    auto f = split(t, ' ');
    auto board = board_cells(f[0]);
    if (!board) return std::nullopt;
    std::vector<std::pair<std::size_t, std::size_t>> stones, empties;
    for (std::size_t r = 0; r < board->size(); ++r)
      for (std::size_t c = 0; c < (*board)[r].size(); ++c)
        ((*board)[r][c].empty() ? empties : stones).push_back({r, c});
    const auto& [field, max] = rng.pick(n.numbers);
    if (field >= f.size() || f[field].empty() || f[field].size() > 3 ||
        !std::all_of(f[field].begin(), f[field].end(), [](char c) { return std::isdigit(c); }))
      return std::nullopt;
    const int now = std::stoi(f[field]);
    const std::string colour = n.stones[(field - n.numbers.front().first) % 2];
    if (rng.chance(50) && now > 0 && !empties.empty()) {
      const auto [r, c] = rng.pick(empties);
      (*board)[r][c] = rng.chance(75) ? colour : rng.pick(n.stones);
      f[field] = std::to_string(now - 1);
    } else if (!stones.empty()) {
      const auto [r, c] = rng.pick(stones);
      (*board)[r][c].clear();
      f[field] = std::to_string(std::min(now + 1, max + 1));
    } else {
      return std::nullopt;
    }
    f[0] = board_text(*board);
    return Mutant{join(f, " "), "board and count changed together (count vs board)"};
  });
  // -- Ecalper: <swap> and <last> (the cells of the previous placing turn).
  if (n.game == "ecalper") {
    // A whole turn written on the board (C2, C4: a replacement and k placed
    // stones of the mover), with one of side, <last> or the colour left wrong:
    // turn numbers, stones per side and <last> against each other.
    m.push_back([](Rng& rng, const Notation& n, const std::string& t) -> std::optional<Mutant> {
      auto f = split(t, ' ');
      if (f.size() != 4 || f[1].size() != 1) return std::nullopt;
      auto board = board_cells(f[0]);
      if (!board || board->size() != n.rows.size()) return std::nullopt;
      const std::string letters = n.stones.size() == 3 ? "bwr" : "bw";
      const auto side = letters.find(f[1][0]);
      if (side == std::string::npos) return std::nullopt;
      const std::size_t players = letters.size(), per_turn = players == 3 ? 5 : 3;
      std::vector<std::pair<std::size_t, std::size_t>> empties, theirs;
      for (std::size_t r = 0; r < board->size(); ++r) {
        if ((*board)[r].size() != n.rows[r].size()) return std::nullopt;
        for (std::size_t c = 0; c < (*board)[r].size(); ++c) {
          const std::string& x = (*board)[r][c];
          if (x.empty())
            empties.push_back({r, c});
          else if (x != n.stones[side])
            theirs.push_back({r, c});
        }
      }
      const std::size_t way = rng.below(5);
      const std::size_t colour = way == 3 ? (side + 1) % players : side;
      std::string replaced = "-";
      if (!theirs.empty() && rng.chance(80)) {
        const auto [r, c] = rng.pick(theirs);
        (*board)[r][c] = n.stones[colour];
        replaced = n.rows[r][c];
      }
      std::vector<std::pair<std::size_t, std::size_t>> placed;
      for (std::size_t i = 0; i < per_turn && !empties.empty(); ++i) {
        const std::size_t at = rng.below(empties.size());
        placed.push_back(empties[at]);
        empties.erase(empties.begin() + static_cast<std::ptrdiff_t>(at));
      }
      if (way == 2 && !placed.empty()) placed.pop_back();  // a stone short
      std::sort(placed.begin(), placed.end());
      std::vector<std::string> names;
      for (const auto& [r, c] : placed) {
        (*board)[r][c] = n.stones[colour];
        names.push_back(n.rows[r][c]);
      }
      f[0] = board_text(*board);
      if (way != 0) f[1] = std::string(1, letters[(side + 1) % players]);  // 4: all as played
      if (way != 1) f[3] = replaced + ":" + (names.empty() ? "-" : join(names, ","));
      f[2] = "-";
      static const char* const kClauses[] = {
          "a turn on the board, side left (C2, C4: turn order)",
          "a turn on the board, <last> left (C4: <last> is the previous turn)",
          "a turn on the board a stone short (C4: stones per turn)",
          "a turn on the board in the next player's colour (C4: stones per side)",
          "a turn on the board, every field as played (C4: which stone may be replaced)"};
      return Mutant{join(f, " "), kClauses[way]};
    });
    m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
      static const std::vector<std::string> values = {"s", "-", "S", "x", "s-", "--", "swap", "0"};
      return with_field(t, 2, rng.pick(values), "swap: s or - only where the side may swap (C3)");
    });
    m.push_back([](Rng& rng, const Notation& n, const std::string& t) -> std::optional<Mutant> {
      const auto f = split(t, ' ');
      if (f.size() != 4) return std::nullopt;
      const auto parts = split(f[3], ':');
      if (parts.size() != 2) return std::nullopt;
      std::string replaced = parts[0];
      std::vector<std::string> placed =
          parts[1] == "-" ? std::vector<std::string>{} : split(parts[1], ',');
      std::string clause;
      const auto any_cell = [&] {
        return rng.chance(85) ? rng.pick(n.cells) : rng.pick(n.off_board);
      };
      switch (rng.below(11)) {
        case 0:
          replaced = replaced == "-" ? any_cell() : "-";
          clause = "last: the replaced cell given or taken away";
          break;
        case 1:
          replaced = any_cell();
          clause = "last: another replaced cell";
          break;
        case 2:
          if (placed.empty()) return std::nullopt;
          replaced = rng.pick(placed);
          clause = "last: a placed cell also the replaced one (named twice)";
          break;
        case 3:
          if (placed.empty()) return std::nullopt;
          {
            const std::size_t i = rng.below(placed.size());
            placed.insert(placed.begin() + static_cast<std::ptrdiff_t>(i), placed[i]);
          }
          clause = "last: a placed cell named twice";
          break;
        case 4:
          if (placed.size() < 2) return std::nullopt;
          std::swap(placed[0], placed[1 + rng.below(placed.size() - 1)]);
          clause = "last: placed cells out of order";
          break;
        case 5:
          if (placed.empty()) return std::nullopt;
          placed.erase(placed.begin() + static_cast<std::ptrdiff_t>(rng.below(placed.size())));
          clause = "last: a placed cell fewer";
          break;
        case 6:
          placed.push_back(any_cell());
          clause = "last: a placed cell more";
          break;
        case 7:
          if (placed.empty()) return std::nullopt;
          placed[rng.below(placed.size())] = any_cell();
          clause = "last: a placed cell moved";
          break;
        case 8:
          placed.clear();
          clause = "last: no placed cells (the final turn, C5)";
          break;
        case 9: {
          static const std::vector<std::string> whole = {"-:-",   "-",  ":",   "-:",  ":-",
                                                         "-:-:-", "--", "-;-", "-:,", "x:-"};
          return with_field(t, 3, rng.pick(whole), "last: the whole field malformed");
        }
        default: {
          std::string text = replaced + ":" + (placed.empty() ? "-" : join(placed, ","));
          static const std::vector<std::pair<std::string, std::string>> seps = {
              {",", "+"}, {",", ", "}, {":", ";"}, {",", ",,"}, {":", "::"}, {",", ""}};
          const auto& [from, to] = rng.pick(seps);
          const std::size_t at = text.find(from);
          if (at == std::string::npos) return std::nullopt;
          text.replace(at, from.size(), to);
          if (rng.chance(30)) text += ",";
          return with_field(t, 3, text, "last: separators");
        }
      }
      return with_field(t, 3, replaced + ":" + (placed.empty() ? "-" : join(placed, ",")), clause);
    });
  }
  // -- Meridians: the optional fifth field `swap` (M9).
  if (n.game == "meridians") {
    // The turn order (M4) and the capped counters together.
    m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
      auto f = split(t, ' ');
      if (f.size() < 4) return std::nullopt;
      f.resize(4);
      f[1] = rng.chance(50) ? "w" : "b";
      f[2] = std::to_string(rng.below(3));
      f[3] = std::to_string(rng.below(3));
      if (rng.chance(25)) f.push_back("swap");
      return Mutant{join(f, " "), "side, placed counters and swap flag together (M4, M9, M10)"};
    });
    m.push_back([](Rng& rng, const Notation&, const std::string& t) -> std::optional<Mutant> {
      auto f = split(t, ' ');
      static const std::vector<std::string> flags = {"swap", "SWAP", "Swap", "swap ",
                                                     "s",    "-",    "pass"};
      if (f.size() == 5 && rng.chance(50)) {
        f.pop_back();
        return Mutant{join(f, " "), "swap: the flag taken away (M9)"};
      }
      if (f.size() == 5) f.pop_back();
      f.push_back(rng.pick(flags));
      return Mutant{join(f, " "), "swap: the flag given where it may not be (M9)"};
    });
  }
  return m;
}

// ---- Move mutators (RULES.md "Move text" of each game).

// A move text as names (a letter then digits) and the separators between
// them: "xF6+C3" -> seps {"x", "+", ""}, names {"F6", "C3"}. seps[i] comes
// before names[i]; the last separator is what follows the last name.
struct MoveParts {
  std::vector<std::string> seps, names;
  std::string text() const {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) out += seps[i] + names[i];
    return out + seps.back();
  }
};

inline MoveParts move_parts(std::string_view text) {
  MoveParts p;
  std::string sep;
  for (std::size_t i = 0; i < text.size();) {
    if (std::isalpha(static_cast<unsigned char>(text[i])) && i + 1 < text.size() &&
        std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
      std::size_t end = i + 1;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      p.seps.push_back(sep);
      sep.clear();
      p.names.emplace_back(text.substr(i, end - i));
      i = end;
    } else {
      sep += text[i++];
    }
  }
  p.seps.push_back(sep);
  return p;
}

// The names of the occupied and of the empty cells of a position text.
inline std::pair<std::vector<std::string>, std::vector<std::string>> cells_by_content(
    const Notation& n, const std::string& position) {
  std::pair<std::vector<std::string>, std::vector<std::string>> out;
  const auto rows = split(split(position, ' ')[0], '/');
  if (rows.size() != n.rows.size()) return out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const auto cells = cells_of_row(rows[r]);
    if (!cells || cells->size() != n.rows[r].size()) return {};
    for (std::size_t c = 0; c < cells->size(); ++c)
      ((*cells)[c].empty() ? out.second : out.first).push_back(n.rows[r][c]);
  }
  return out;
}

// `others`: legal move texts of this position and of other positions.
inline std::optional<Mutant> mutate_move(Rng& rng, const Notation& n, const std::string& position,
                                         const std::string& move,
                                         const std::vector<std::string>& others) {
  MoveParts p = move_parts(move);
  const std::size_t k = p.names.empty() ? 0 : rng.below(p.names.size());
  switch (rng.below(15)) {
    case 13:
    case 14: {  // the replaced stone, a landing or drop square: occupied or empty
      if (p.names.empty()) return std::nullopt;
      const auto [stones, empties] = cells_by_content(n, position);
      const bool occupied = rng.chance(50);
      const auto& from = occupied ? stones : empties;
      if (from.empty()) return std::nullopt;
      p.names[k] = rng.pick(from);
      return Mutant{p.text(), occupied ? "move: a square replaced by an occupied one"
                                       : "move: a square replaced by an empty one"};
    }
    case 0:
      if (p.names.empty()) return std::nullopt;
      p.names[k] = rng.pick(n.cells);
      return Mutant{p.text(), "move: a square replaced by another"};
    case 1:
      if (p.names.empty() || n.off_board.empty()) return std::nullopt;
      p.names[k] = rng.pick(n.off_board);
      return Mutant{p.text(), "move: a square off the board or misspelt"};
    case 2:
      if (p.names.empty()) return std::nullopt;
      p.names.insert(p.names.begin() + static_cast<std::ptrdiff_t>(k), p.names[k]);
      p.seps.insert(p.seps.begin() + static_cast<std::ptrdiff_t>(k + 1),
                    k + 1 < p.seps.size() && !p.seps[k + 1].empty() ? p.seps[k + 1]
                    : p.seps[k].empty()                             ? "+"
                                                                    : p.seps[k]);
      return Mutant{p.text(), "move: a square named twice"};
    case 3:
      if (p.names.size() < 2) return std::nullopt;
      p.names.erase(p.names.begin() + static_cast<std::ptrdiff_t>(k));
      p.seps.erase(p.seps.begin() + static_cast<std::ptrdiff_t>(k == 0 ? 1 : k));
      return Mutant{p.text(), "move: a square dropped"};
    case 4: {
      if (p.names.size() < 2) return std::nullopt;
      const std::size_t j = rng.below(p.names.size());
      if (p.names[j] == p.names[k]) return std::nullopt;
      std::swap(p.names[j], p.names[k]);
      return Mutant{p.text(), "move: two squares swapped (sorted sets, paths)"};
    }
    case 5: {
      static const std::vector<std::string> seps = {"-", "x", "+", ",", ":", "X", "--", ""};
      std::vector<std::size_t> at;
      for (std::size_t i = 0; i < p.seps.size(); ++i)
        if (!p.seps[i].empty() && i > 0 && i < p.names.size()) at.push_back(i);
      if (at.empty()) return std::nullopt;
      p.seps[rng.pick(at)] = rng.pick(seps);
      return Mutant{p.text(), "move: another separator"};
    }
    case 6: {
      if (p.names.empty()) return std::nullopt;
      static const std::vector<std::string> seps = {"+", "-", "x"};
      p.names.push_back(rng.pick(n.cells));
      p.seps.back() = rng.pick(seps);
      p.seps.push_back("");
      return Mutant{p.text(), "move: a square more (drop, placement, landing)"};
    }
    case 7:
      return Mutant{detail::flip_case(move), "move: in the other case"};
    case 8: {
      static const std::vector<std::pair<std::string, std::string>> ws = {
          {" ", ""}, {"", " "}, {"\t", ""}, {"", "\n"}};
      const auto& [pre, post] = rng.pick(ws);
      return Mutant{pre + move + post, "move: with whitespace (a move text has no spaces)"};
    }
    case 9:
      if (move.size() < 2) return std::nullopt;
      return Mutant{move.substr(0, 1 + rng.below(move.size() - 1)), "move: cut short"};
    case 10: {
      static const std::vector<std::string> words = {"pass", "swap", "PASS", "Swap", "",
                                                     "-",    "x",    "+",    "null", "0"};
      return Mutant{rng.pick(words), "move: a word of another game (pass, swap) or nothing"};
    }
    case 11:
      if (others.empty()) return std::nullopt;
      return Mutant{rng.pick(others), "move: a legal move of another position"};
    default: {
      if (others.empty()) return std::nullopt;
      static const std::vector<std::string> joins = {" ", "+", "", "-", "x"};
      return Mutant{move + rng.pick(joins) + rng.pick(others), "move: two moves joined"};
    }
  }
}

// ---- Verdicts.

struct Verdict {
  bool accepted = false;
  bool other_exception = false;  // anything but arb::Error: always a finding
  std::string text;              // the formatted text, or the error
  std::string shown() const {
    if (other_exception) return "threw a non-arb::Error: " + text;
    return accepted ? "accepts -> '" + text + "'" : "rejects: " + text;
  }
};

template <Game G>
Verdict position_verdict(const G& g, const std::string& text) {
  Verdict v;
  try {
    v.text = g.format(g.parse(text));
    v.accepted = true;
  } catch (const Error& e) {
    v.text = e.what();
  } catch (const std::exception& e) {
    v.other_exception = true;
    v.text = e.what();
  }
  return v;
}

template <Game G>
Verdict move_verdict(const G& g, const typename G::Position& pos, const std::string& text) {
  Verdict v;
  try {
    v.text = g.move_text(pos, g.parse_move(pos, text));
    v.accepted = true;
  } catch (const Error& e) {
    v.text = e.what();
  } catch (const std::exception& e) {
    v.other_exception = true;
    v.text = e.what();
  }
  return v;
}

// What a parsed position promises beyond its text: the side to move, the
// outcome and the number of moves (an error, such as a count overflow, by its
// presence only). Equal texts must give equal states.
template <Game G>
std::string state_of(const G& g, const std::string& text) {
  try {
    const auto pos = g.parse(text);
    return std::string("to move ") + g.players()[static_cast<std::size_t>(g.to_move(pos))] + ", " +
           to_string(g.outcome(pos), g.players()) + ", " + std::to_string(g.count_moves(pos)) +
           " moves";
  } catch (const Error&) {
    return "an error";
  }
}

// "" when the two verdicts agree and an accepted text is canonical, else what is wrong.
inline std::string disagreement(const Verdict& e, const Verdict& r, const std::string& text) {
  if (e.other_exception || r.other_exception) return "an exception other than arb::Error";
  if (e.accepted != r.accepted) return "one accepts, the other rejects";
  if (!e.accepted) return "";
  if (e.text != r.text) return "both accept, formatted differently";
  if (e.text != text) return "both accept a non-canonical text (format(parse(s)) != s)";
  return "";
}

}  // namespace arb::fuzz::parse_diff
