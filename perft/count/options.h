// The options of a count (--hash MB, --threads N, --hash-seed N; RULES.md I1),
// one type for every counting caller: the CLI's count, suite, units, bench,
// stats, and the Python module. Read from their texts and checked here, so
// that every caller gives the same one-line messages.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arb {

// As given (unset: the default policy chooses, perft/count/policy.h).
struct CountOptions {
  std::optional<std::uint64_t> megabytes;  // --hash; 0 turns the table off
  std::optional<int> threads;              // --threads
  int threads_asked = 0;                   // a --threads above the cores, reduced
  std::uint64_t seed = 0;                  // --hash-seed

  // The options' texts (empty: not given), read and checked: a bad one throws
  // a one-line arb::Error naming it. A --threads above the cores is reduced
  // to them (threads_note says so).
  static CountOptions parse(std::string_view hash, std::string_view threads,
                            std::string_view seed = {});
  // The line for stderr when --threads was reduced to the cores; "" if not.
  std::string threads_note() const;
};

// --depth N (or another depth option, named in the message): up to kMaxDepth.
int parse_depth(std::string_view text, std::string_view option = "--depth");

// Every core the machine has (at least 1): --threads' default on big trees.
int default_threads();
// The machine's memory in MB (0: unknown); --hash may not ask for more, the
// default table takes at most an eighth.
std::uint64_t physical_memory_mb();

}  // namespace arb
