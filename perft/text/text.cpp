// Messages and numbers written alike by every part of the tool (perft/text/text.h).
#include "perft/text/text.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
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

namespace {

bool exists_not_regular(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  return !ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status);
}

}  // namespace

void replace_file(const std::string& path, const std::string& text, const std::string& what) {
  if (exists_not_regular(path)) {
    if (std::filesystem::is_directory(path)) throw Error("cannot write " + what + ": a directory");
    std::ofstream file(path, std::ios::app);
    file << text;
    if (!file.flush()) throw Error("cannot write " + what);
    return;
  }
  const std::string tmp = path + ".tmp";
  {
    std::ofstream file(tmp, std::ios::trunc);
    file << text;
    file.close();  // the last write of a full disk fails here
    if (!file) {
      std::remove(tmp.c_str());
      throw Error("cannot write " + what);
    }
  }
  // The file keeps its mode (a fixture rewritten by --update stays as it was).
  struct stat st {};
  if (stat(path.c_str(), &st) == 0) chmod(tmp.c_str(), st.st_mode & 07777);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw Error("cannot write " + what);
  }
}

void check_output_path(const std::string& path, const std::string& what) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(status)) throw Error("cannot write " + what + ": a directory");
  if (std::filesystem::exists(status)) {
    if (access(path.c_str(), W_OK) != 0)
      throw Error("cannot write " + what + ": " + std::strerror(errno));
    return;
  }
  // A new file: its folder must exist and take it (the temporary file too).
  std::string dir = std::filesystem::path(path).parent_path().string();
  if (dir.empty()) dir = ".";
  if (!std::filesystem::is_directory(dir, ec))
    throw Error("cannot write " + what + ": no folder '" + dir + "'");
  if (access(dir.c_str(), W_OK | X_OK) != 0)
    throw Error("cannot write " + what + ": " + std::strerror(errno));
}

void remove_stale(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec)) std::filesystem::remove(path, ec);
}

LineWriter::LineWriter(const std::string& path) : path_(path), out_(path, std::ios::app) {
  if (!out_) throw Error("cannot write '" + path + "'");
}

void LineWriter::line(std::string_view text) {
  out_ << text << '\n';
  if (!out_.flush()) throw Error("cannot write '" + path_ + "'");
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

std::string read_text_file(const std::string& path, const std::string& what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + what);
  std::string text;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxFileBytes)
      throw Error(what + " is over " + std::to_string(kMaxFileBytes >> 20) + " MiB");
  }
  if (in.bad()) throw Error("cannot read " + what);
  return text;
}

std::string no_rate_reason(double seconds, bool by_arithmetic) {
  if (by_arithmetic) return "counted by arithmetic (count_subtree), not node by node";
  if (seconds < kMinRateSeconds) return "under 0.01 s, too short to time";
  return "";
}

std::string rate_text(Count nodes, double seconds, const std::string& no_rate) {
  if (!no_rate.empty()) return "no nodes/s: " + no_rate;
  const Count rate = nodes_per_second(nodes, seconds);
  // Issue 29: a saturated rate is no measurement (it printed as 2^128 - 1).
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
