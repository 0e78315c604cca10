#include "perft/files/fixture.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "common/error.h"
#include "perft/text/numbers.h"
#include "perft/text/text.h"

namespace arb {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// I6: plain digits, no sign or separators; must fit in 128 bits (P4). The
// same rule as the command line's numbers (perft/text/numbers.h).
Count parse_count(std::string_view text, const std::string& field) {
  const PlainNumber n = read_plain_number(text);
  switch (n.problem) {
    case PlainNumber::Problem::kNone:
      return n.value;
    case PlainNumber::Problem::kEmpty:
      throw Error(field + ": missing count");
    case PlainNumber::Problem::kNotDigit:
      throw Error(field + ": '" + std::string(1, n.bad) + "' in count '" + std::string(text) +
                  "' (plain digits only)");
    case PlainNumber::Problem::kLeadingZero:
      throw Error(field + ": count '" + std::string(text) + "' has a leading zero");
    case PlainNumber::Problem::kTooBig:
      break;
  }
  throw Error(field + ": count '" + std::string(text) + "' does not fit in 128 bits");
}

// The k of D<k> / R<k>: a positive depth in plain digits. 0 when it is not one.
std::uint64_t parse_depth(std::string_view keyword) {
  const PlainNumber n = read_plain_number(keyword.substr(1));
  return n.problem == PlainNumber::Problem::kNone && n.value <= ~std::uint64_t{0}
             ? static_cast<std::uint64_t>(n.value)
             : 0;
}

std::map<std::string, Count> parse_results(std::string_view text, const std::string& field) {
  std::map<std::string, Count> out;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    const std::size_t end = std::min(text.find(',', begin), text.size());
    const std::string_view item = trim(text.substr(begin, end - begin));
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw Error(field + ": expected <result>=<count>, got '" + std::string(item) + "'");
    const std::string key(item.substr(0, eq));
    if (!out.emplace(key, parse_count(item.substr(eq + 1), field + " " + key)).second)
      throw Error(field + ": result '" + key + "' given twice");
    begin = end + 1;
  }
  return out;
}

}  // namespace

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  for (std::size_t begin = 0;;) {
    const std::size_t end = line.find(';', begin);
    fields.push_back(trim(line.substr(begin, end == std::string_view::npos ? end : end - begin)));
    if (end == std::string_view::npos) break;
    begin = end + 1;
  }
  if (!fields.empty() && fields.back().empty()) fields.pop_back();  // a trailing ';'
  // A control character would reach messages raw (a NUL even cuts them short).
  for (std::size_t i = 0; i < fields.size(); ++i)
    for (const char c : fields[i])
      if (static_cast<unsigned char>(c) < 0x20 && c != '\t') {
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(c));
        throw Error("field " + std::to_string(i + 1) +
                    (i == 0   ? " (spec)"
                     : i == 1 ? " (position)"
                              : "") +
                    ": control character " + hex);
      }
  return fields;
}

FixtureCase parse_fixture_line(std::string_view line, int line_number) {
  const std::vector<std::string_view> fields = split_fields(line);
  if (fields.size() < 2) throw Error("expected '<spec>; <position>; ...'");
  FixtureCase c;
  c.line = line_number;
  c.spec = std::string(fields[0]);
  c.position = std::string(fields[1]);
  if (c.spec.empty()) throw Error("field 1 (spec) is empty");
  if (c.position.empty()) throw Error("field 2 (position) is empty");
  std::set<std::string> seen;
  for (std::size_t i = 2; i < fields.size(); ++i) {
    const std::string_view field = fields[i];
    const std::size_t space = field.find(' ');
    const std::string keyword(field.substr(0, space));
    const std::string_view value =
        space == std::string_view::npos ? std::string_view{} : trim(field.substr(space + 1));
    const std::string where = "field " + std::to_string(i + 1) + " (" + keyword + ")";
    if (keyword.empty()) throw Error("field " + std::to_string(i + 1) + " is empty");
    if (!seen.insert(keyword).second) throw Error(where + ": given twice");
    if (keyword == "moves") {
      if (value.empty()) throw Error(where + ": no moves");
      c.moves = std::string(value);
    } else if (keyword == "id") {
      if (value.empty() || value.find(' ') != std::string_view::npos)
        throw Error(where + ": an id is one word");
      c.id = std::string(value);
    } else if (keyword == "src") {
      if (value.empty()) throw Error(where + ": empty");
      c.src = std::string(value);
    } else if ((keyword[0] == 'D' || keyword[0] == 'R') && keyword.size() > 1) {
      const std::uint64_t depth = parse_depth(keyword);
      if (depth == 0) throw Error(where + ": unknown keyword (depths are D1, D2, ...)");
      if (depth > static_cast<std::uint64_t>(kMaxDepth))
        throw Error(where + ": depth " + std::to_string(depth) + " is too deep (at most " +
                    std::to_string(kMaxDepth) + ", as for --depth)");
      const int k = static_cast<int>(depth);
      if (keyword[0] == 'D')
        c.depths[k] = parse_count(value, where);
      else
        c.results[k] = parse_results(value, where);
    } else {
      throw Error(where + ": unknown keyword (expected D<k>, R<k>, moves, id or src)");
    }
  }
  if (c.id.empty()) throw Error("no id field");
  if (c.depths.empty()) throw Error("no D<k> field (id " + c.id + ")");
  if (c.src.empty()) throw Error("no src field (id " + c.id + ")");
  return c;
}

FixtureFile parse_fixture_text(std::string_view text) {
  FixtureFile file;
  std::set<std::string> ids;
  int number = 0;
  for (std::size_t begin = 0; begin < text.size();) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trim(text.substr(begin, end - begin));
    begin = end + 1;
    ++number;
    if (line.empty() || line.front() == '#') continue;
    try {
      FixtureCase c = parse_fixture_line(line, number);
      if (!ids.insert(c.id).second) {
        file.errors.push_back({number, c.id, "id '" + c.id + "' used twice in the file"});
        continue;
      }
      file.cases.push_back(std::move(c));
    } catch (const Error& e) {
      file.errors.push_back({number, "", e.what()});
    }
  }
  return file;
}

namespace {

// The line of the first byte no text file has (a NUL, a control character, a
// byte that is not UTF-8), or 0.
int binary_line(std::string_view text) {
  int line = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++line;
      continue;
    }
    if (c < 0x80) {
      if ((c < 0x20 && c != '\t' && c != '\r' && c != '\f' && c != '\v') || c == 0x7f) return line;
      continue;
    }
    const int more = c >= 0xc2 && c <= 0xdf   ? 1
                     : c >= 0xe0 && c <= 0xef ? 2
                     : c >= 0xf0 && c <= 0xf4 ? 3
                                              : -1;
    if (more < 0 || i + static_cast<std::size_t>(more) >= text.size()) return line;
    for (int k = 1; k <= more; ++k)
      if ((static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]) & 0xc0) != 0x80)
        return line;
    i += static_cast<std::size_t>(more);
  }
  return 0;
}

}  // namespace

FixtureFile read_fixture_file(const std::string& path, std::string* text) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw Error("'" + path + "' is a directory, not a fixture file (give one .perft file)");
  // Bounded (`perft suite /dev/zero` grew without end) and read once (a pipe).
  std::string bytes = read_input_file(path, "fixture file");
  FixtureFile file = parse_fixture_text(bytes);
  // A bad line among tests is one failed test (I4); a file of bytes with no
  // test at all is the wrong file, not a run of failures.
  if (file.cases.empty() && !file.errors.empty())
    if (const int line = binary_line(bytes); line > 0)
      throw Error("'" + path + "' is not a fixture file (binary data at line " +
                  std::to_string(line) + ", and no test line)");
  if (text != nullptr) *text = std::move(bytes);
  return file;
}

std::string format_fixture_case(const FixtureCase& c) {
  std::string out = c.spec + "; " + c.position;
  if (!c.moves.empty()) out += "; moves " + c.moves;
  for (const auto& [k, n] : c.depths) out += "; D" + std::to_string(k) + " " + to_string(n);
  for (const auto& [k, by_key] : c.results) {
    std::string keys;
    for (const auto& [key, n] : by_key)
      keys += (keys.empty() ? "" : ",") + key + "=" + to_string(n);
    out += "; R" + std::to_string(k) + " " + keys;
  }
  return out + "; id " + c.id + "; src " + c.src;
}

std::optional<std::string> skip_reason(const FixtureCase& c, int k, Count expected,
                                       std::optional<std::uint64_t> max_nodes) {
  if (!max_nodes) return std::nullopt;
  if (expected > *max_nodes) return to_string(expected);
  for (const auto& [shallower, n] : c.depths)
    if (shallower < k && n > *max_nodes)
      return "D" + std::to_string(shallower) + " = " + to_string(n);
  return std::nullopt;
}

int deepest_test(const FixtureCase& c, std::optional<std::uint64_t> max_nodes) {
  int depth = 0;
  for (const auto& [k, n] : c.depths)
    if (!skip_reason(c, k, n, max_nodes)) depth = std::max(depth, k);
  return depth;
}

}  // namespace arb
