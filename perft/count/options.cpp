#include "perft/count/options.h"

#include <unistd.h>

#include <algorithm>
#include <thread>

#include "common/error.h"
#include "perft/text/numbers.h"

namespace arb {

CountOptions CountOptions::parse(std::string_view hash, std::string_view threads,
                                 std::string_view seed) {
  CountOptions o;
  // 2^20 MB (a terabyte) keeps MB * 2^20 far from overflowing.
  constexpr std::uint64_t kMaxMb = std::uint64_t{1} << 20;
  if (!hash.empty()) {
    o.megabytes = parse_number("--hash", hash);
    if (*o.megabytes > kMaxMb)
      throw Error("--hash " + std::string(hash) + " is too big (at most " + std::to_string(kMaxMb) +
                  " MB)");
    // A table beyond the memory would swap or be killed, not count.
    const std::uint64_t physical = physical_memory_mb();
    if (physical > 0 && *o.megabytes > physical)
      throw Error("--hash " + std::string(hash) + " MB is more than this machine's memory (" +
                  std::to_string(physical) + " MB)");
  }
  if (!threads.empty()) {
    const std::uint64_t n = parse_number("--threads", threads);
    if (n == 0 || n > 1024)
      throw Error("--threads must be between 1 and 1024, got " + std::string(threads));
    o.threads = static_cast<int>(n);
    // More threads than cores only share the cores out (1000 ran 3x slower
    // than 1); perft_many also caps them at its work items. The note waits
    // for the count (threads_note), after every check of the input.
    if (*o.threads > default_threads()) {
      o.threads_asked = *o.threads;
      o.threads = default_threads();
    }
  }
  if (!seed.empty()) o.seed = parse_number("--hash-seed", seed);
  return o;
}

std::string CountOptions::threads_note() const {
  if (threads_asked <= 0) return "";
  return "perft: --threads " + std::to_string(threads_asked) + " reduced to " +
         std::to_string(threads.value_or(1)) + ", the cores of this machine\n";
}

int parse_depth(std::string_view text, std::string_view option) {
  const std::uint64_t d = parse_number(option, text);
  if (d > static_cast<std::uint64_t>(kMaxDepth))
    throw Error(std::string(option) + " " + std::to_string(d) + " is too deep (at most " +
                std::to_string(kMaxDepth) + ")");
  return static_cast<int>(d);
}

int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(std::min(n, 1024u));
}

std::uint64_t physical_memory_mb() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) >> 20;
}

}  // namespace arb
