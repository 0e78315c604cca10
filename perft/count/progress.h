// The one progress printer of long runs (counts, suites, verify): a line on
// stderr rewritten in place, only when stderr is a terminal, erased when done.
#pragma once

#include <cstdio>
#include <ostream>
#include <string>

#include "perft/count/hashed.h"

namespace arb {

class ProgressLine {
 public:
  // `enabled`: stderr is a terminal and the output is for people (not --json).
  ProgressLine(std::ostream& err, bool enabled) : err_(err), enabled_(enabled) {}
  ~ProgressLine() { clear(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool enabled() const { return enabled_; }
  void show(const std::string& line) {
    if (!enabled_) return;
    err_ << "\r\033[K" << line << std::flush;
    shown_ = true;
  }
  // Erases the line (also when nothing was shown: a run's end is always clean).
  void clear() {
    if (enabled_) err_ << "\r\033[K" << std::flush;
    shown_ = false;
  }

 private:
  std::ostream& err_;
  bool enabled_;
  bool shown_ = false;
};

// The line of a long count: depth, nodes so far, nodes/s, parts done and the
// ETA from them; an empty function when the line is off.
inline ProgressFn count_progress(ProgressLine& line, int depth) {
  if (!line.enabled()) return {};
  return [&line, depth](const PerftProgress& p) {
    const double nps = p.seconds > 0 ? static_cast<double>(p.nodes) / p.seconds : 0;
    char buf[200];
    std::snprintf(buf, sizeof buf, "depth %d: %s nodes, %.3g nodes/s, %llu/%llu parts", depth,
                  to_string(p.nodes).c_str(), nps, static_cast<unsigned long long>(p.done),
                  static_cast<unsigned long long>(p.total));
    std::string text = buf;
    if (p.done > 0 && p.done < p.total) {
      const double eta =
          p.seconds * static_cast<double>(p.total - p.done) / static_cast<double>(p.done);
      std::snprintf(buf, sizeof buf, ", ETA %.0f s", eta);
      text += buf;
    }
    line.show(text);
  };
}

}  // namespace arb
