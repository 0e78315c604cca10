#include "perft/command.h"

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>

#include "common/error.h"
#include "perft/numbers.h"

namespace arb::cli {

void add_root_options(CLI::App& app, RootArgs& args) {
  app.add_option("--position", args.position, "a position text (one argument) or start")
      ->type_name("TEXT")
      ->default_str("start");
  app.add_option("--moves", args.moves, "moves played from the position first")
      ->type_name("\"m1 m2 ...\"");
}

void add_impl_option(CLI::App& app, std::string& impl) {
  app.add_option("--impl", impl, "engine or reference")->type_name("I")->default_str("engine");
}

void check_impl(const std::string& impl) {
  if (impl != "engine" && impl != "reference")
    throw Error("--impl must be engine or reference, got '" + impl + "'");
}

bool given(const CLI::App& app, std::string_view option) {
  const CLI::Option* o = app.get_option_no_throw(std::string(option));
  return o && o->count() > 0;
}

std::uint64_t parse_number(std::string_view option, std::string_view text) {
  const PlainNumber n = read_plain_number(text);
  if (n.problem != PlainNumber::Problem::kNone)
    throw Error(std::string(option) +
                " expects a non-negative integer below 2^64 in plain digits, without a leading "
                "zero, got '" +
                std::string(text) + "'");
  return n.value;
}

int parse_depth(std::string_view text) {
  const std::uint64_t d = parse_number("--depth", text);
  if (d > static_cast<std::uint64_t>(kMaxDepth))
    throw Error("--depth " + std::to_string(d) + " is too deep (at most " +
                std::to_string(kMaxDepth) + ")");
  return static_cast<int>(d);
}

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

std::uint64_t nodes_per_second(std::uint64_t nodes, double seconds) {
  if (!(seconds > 0)) return 0;
  // A counting shortcut (count_subtree) passes 2^63 nodes/s: saturate, never
  // wrap (llround stops at 2^63 - 1).
  const double rate = static_cast<double>(nodes) / seconds;
  if (rate >= 18446744073709551615.0) return UINT64_MAX;
  return static_cast<std::uint64_t>(rate + 0.5);
}

namespace {

// Characters of a quoted field in a message: room for the longest position
// text (Ecalper and Meridians size 8, about 150), not for a pasted file.
constexpr std::size_t kFieldLimit = 160;
constexpr std::size_t kMessageLimit = 600;  // characters of a whole message

// Appends `text` with every byte outside printable ASCII escaped.
void append_escaped(std::string& out, std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (text.substr(i, 3) == "\xEF\xBB\xBF") {  // a byte order mark, invisible otherwise
      out += "U+FEFF";
      i += 2;
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
}

void cut(std::string& s, std::size_t limit) {
  if (s.size() > limit) s = s.substr(0, limit - 3) + "...";
}

}  // namespace

std::string escaped(std::string_view text) {
  std::string out;
  append_escaped(out, text);
  return out;
}

std::string shown(std::string_view text) {
  std::string out;
  append_escaped(out, text);
  cut(out, kFieldLimit);
  return out;
}

std::string one_line(std::string_view message) {
  std::string out;
  while (!message.empty()) {
    const auto open = message.find('\'');
    const auto close = open == std::string_view::npos ? open : message.find('\'', open + 1);
    if (close == std::string_view::npos) {
      append_escaped(out, message);
      break;
    }
    append_escaped(out, message.substr(0, open + 1));
    out += shown(message.substr(open + 1, close - open - 1));
    out += '\'';
    message.remove_prefix(close + 1);
  }
  cut(out, kMessageLimit);
  return out;
}

}  // namespace arb::cli
