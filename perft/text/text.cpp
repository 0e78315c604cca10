// Messages and numbers written alike by every part of the tool (perft/text/text.h).
#include "perft/text/text.h"

#include <cstdio>
#include <ctime>
#include <istream>

#include "common/error.h"

namespace arb {

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

Count nodes_per_second(Count nodes, double seconds) {
  if (!(seconds > 0)) return 0;
  // A counting shortcut (count_subtree) passes 2^64 nodes/s: saturate, never wrap.
  const double rate = static_cast<double>(nodes) / seconds;
  // kCountMax as a double rounds up to 2^128, which no Count holds.
  if (rate >= static_cast<double>(kCountMax)) return kCountMax;
  return static_cast<Count>(rate + 0.5);
}

std::string today_utc() {
  const std::time_t t = std::time(nullptr);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

bool read_line(std::istream& in, std::string& line, const std::string& where) {
  line.clear();
  for (std::streambuf* buf = in.rdbuf();;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return !line.empty();
    }
    if (c == '\n') return true;
    if (line.size() >= kMaxLineBytes)
      throw Error(where + ": a line longer than " + std::to_string(kMaxLineBytes) + " bytes");
    line += static_cast<char>(c);
  }
}

std::string no_rate_reason(double seconds, bool by_arithmetic) {
  if (by_arithmetic) return "counted by arithmetic (count_subtree), not node by node";
  if (seconds < kMinRateSeconds) return "under 0.01 s, too short to time";
  return "";
}

std::string rate_text(Count nodes, double seconds, const std::string& no_rate) {
  if (!no_rate.empty()) return "no nodes/s: " + no_rate;
  const Count rate = nodes_per_second(nodes, seconds);
  // A saturated rate is no measurement (it would print as 2^128 - 1).
  if (rate == kCountMax) return "no nodes/s: above 2^128, not a measured rate";
  return to_string(rate) + " nodes/s";
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

}  // namespace arb
