#include "perft/command.h"

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <thread>

#include <unistd.h>

#include "common/error.h"
#include "perft/commands/hash_args.h"
#include "perft/hashed.h"
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

void add_hash_options(CLI::App& app, HashOptionText& text) {
  app.add_option("--hash", text.hash,
                 "transposition table of N MB (0: none); default " +
                     std::to_string(kDefaultHashMb) + " on the engine from depth " +
                     std::to_string(kDefaultHashDepth))
      ->type_name("MB");
  app.add_option("--threads", text.threads, "worker threads; default every core")->type_name("N");
  app.add_option("--hash-seed", text.seed, "mixed into the table's index (a cross-check)")
      ->type_name("N");
}

void check_hash_options(const HashOptionText& text, HashArgs& args) {
  // 2^20 MB (a terabyte) keeps MB * 2^20 far from overflowing.
  constexpr std::uint64_t kMaxMb = std::uint64_t{1} << 20;
  if (!text.hash.empty()) {
    args.megabytes = parse_number("--hash", text.hash);
    if (*args.megabytes > kMaxMb)
      throw Error("--hash " + text.hash + " is too big (at most " + std::to_string(kMaxMb) +
                  " MB)");
    // A table beyond the memory would swap or be killed, not count (issue 28).
    const std::uint64_t physical = physical_memory_mb();
    if (physical > 0 && *args.megabytes > physical)
      throw Error("--hash " + text.hash + " MB is more than this machine's memory (" +
                  std::to_string(physical) + " MB)");
  }
  if (!text.threads.empty()) {
    const std::uint64_t n = parse_number("--threads", text.threads);
    if (n == 0 || n > 1024)
      throw Error("--threads must be between 1 and 1024, got " + text.threads);
    args.threads = static_cast<int>(n);
    // More threads than cores only share the cores out (issue 28: 1000 ran
    // 3x slower than 1); perft_many also caps them at its work items. The
    // note waits for the count (note_threads), after every check of the input.
    if (*args.threads > default_threads()) {
      args.threads_asked = *args.threads;
      args.threads = default_threads();
    }
  }
  if (!text.seed.empty()) args.seed = parse_number("--hash-seed", text.seed);
}

std::uint64_t physical_memory_mb() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) >> 20;
}

int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(std::min(n, 1024u));
}

std::function<void(const PerftProgress&)> progress_line(Io& io, bool json, int depth) {
  if (!io.progress || json) return {};
  return [&io, depth](const PerftProgress& p) {
    const double nps = p.seconds > 0 ? static_cast<double>(p.nodes) / p.seconds : 0;
    char buf[200];
    std::snprintf(buf, sizeof buf, "depth %d: %s nodes, %.3g nodes/s, %llu/%llu parts", depth,
                  to_string(p.nodes).c_str(), nps, static_cast<unsigned long long>(p.done),
                  static_cast<unsigned long long>(p.total));
    std::string line = buf;
    // The parts done so far give the ETA, once there are some.
    if (p.done > 0 && p.done < p.total) {
      const double eta =
          p.seconds * static_cast<double>(p.total - p.done) / static_cast<double>(p.done);
      std::snprintf(buf, sizeof buf, ", ETA %.0f s", eta);
      line += buf;
    }
    io.err << "\r\033[K" << line << std::flush;
  };
}

void end_progress_line(Io& io, bool json) {
  if (io.progress && !json) io.err << "\r\033[K" << std::flush;
}

std::uint64_t parse_number(std::string_view option, std::string_view text) {
  const PlainNumber n = read_plain_number(text);
  if (n.problem != PlainNumber::Problem::kNone || n.value > ~std::uint64_t{0})
    throw Error(std::string(option) +
                " expects a non-negative integer below 2^64 in plain digits, without a leading "
                "zero, got '" +
                std::string(text) + "'");
  return static_cast<std::uint64_t>(n.value);
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

arb::Count nodes_per_second(arb::Count nodes, double seconds) {
  if (!(seconds > 0)) return 0;
  // A counting shortcut (count_subtree) passes 2^64 nodes/s: saturate, never wrap.
  const double rate = static_cast<double>(nodes) / seconds;
  // kCountMax as a double rounds up to 2^128, which no Count holds.
  if (rate >= static_cast<double>(arb::kCountMax)) return arb::kCountMax;
  return static_cast<arb::Count>(rate + 0.5);
}

std::string no_rate_reason(double seconds, bool by_arithmetic) {
  if (by_arithmetic) return "counted by arithmetic (count_subtree), not node by node";
  if (seconds < kMinRateSeconds) return "under 0.01 s, too short to time";
  return "";
}

std::string rate_text(arb::Count nodes, double seconds, const std::string& no_rate) {
  if (!no_rate.empty()) return "no nodes/s: " + no_rate;
  return to_string(nodes_per_second(nodes, seconds)) + " nodes/s";
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
