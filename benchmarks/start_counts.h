// The perft counts of the start positions, as the fixture files give them.
// The benchmarks check every count they measure against these, so a fast but
// wrong implementation cannot post a figure; no count is written in the code.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "common/error.h"
#include "common/spec.h"
#include "perft/files/fixture.h"

namespace arb::bench {

class StartCounts {
 public:
  // Reads every fixtures/*.perft file of `dir`; throws arb::Error when one
  // cannot be read or two lines give different counts for the same start.
  explicit StartCounts(const std::filesystem::path& dir) {
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() != ".perft") continue;
      for (const FixtureCase& c : read_fixture_file(entry.path().string()).cases) {
        if (c.position != "start" || !c.moves.empty()) continue;
        std::string spec;
        try {
          spec = Spec::parse(c.spec).canonical();  // "emergo:size=9" and "emergo" are one
        } catch (const Error&) {
          continue;  // the suite runner reports bad specs, not the benchmarks
        }
        for (const auto& [depth, n] : c.depths) {
          const auto [it, added] = counts_.try_emplace({spec, depth}, n);
          if (!added && it->second != n)
            throw Error(entry.path().string() + " line " + std::to_string(c.line) + ": " + spec +
                        " D" + std::to_string(depth) + " " + to_string(n) + " disagrees with " +
                        to_string(it->second) + " elsewhere");
        }
      }
    }
  }

  std::optional<Count> find(const Spec& spec, int depth) const {
    const auto it = counts_.find({spec.canonical(), depth});
    if (it == counts_.end()) return std::nullopt;
    return it->second;
  }

 private:
  std::map<std::pair<std::string, int>, Count> counts_;  // (canonical spec, depth) -> n
};

}  // namespace arb::bench
