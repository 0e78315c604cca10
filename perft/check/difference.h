// Where two move generators first part, and its one text rendering: `perft
// compare` (engine against reference), `perft verify` (an outside engine
// against ours) and their HTML report (perft/check/report.h) all report this type.
// Side A and side B are named by the report that made it.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/count.h"
#include "perft/text/text.h"

namespace arb {

struct Difference {
  // How the text names each side and the moves only one of them has.
  std::string a_name, b_name;              // "engine", "reference"
  std::string only_a_title, only_b_title;  // "moves only the engine generates"

  std::vector<std::string> path;      // moves from the root to the position
  std::string a_position;             // the position as each side writes it; b's is
  std::string b_position;             // empty where it is not known
  std::string diagram;                // ASCII, ours (or the reference's)
  std::string b_diagram;              // B's, where it draws the position otherwise (diff)
  std::vector<std::string> problems;  // one line each
  std::vector<std::string> only_a, only_b;
  struct Child {
    std::string move, a_position, b_position;
  };
  std::vector<Child> differing_children;

  // Where it was found, when the check ran from several roots (verify).
  std::string label;  // "start", "root" or "line 12 (id ...)"
  std::string root;   // "start" or a position text
  std::vector<std::string> root_moves;
  int first_depth = 0;             // the root depth at which the counts first part; 0: a text
  Count root_a = 0, root_b = 0;    // the root's totals at that depth
  std::vector<std::string> legal;  // A's moves at the position (the report draws them)
  // A regression line for the position: D1 and D2 from each of our implementations.
  std::optional<Count> engine_d1, engine_d2, reference_d1, reference_d2;

  // Compare's sides: the engine (A) against the reference (B).
  static Difference engine_against_reference() {
    return sides("engine", "reference", "moves only the engine generates",
                 "moves only the reference generates");
  }
  // Verify's sides: ours (A) against the outside engine (B).
  static Difference ours_against_engine() {
    return sides("ours", "engine", "missing (ours has them, the engine not)",
                 "extra (the engine has them, ours not)");
  }
  static Difference sides(std::string a, std::string b, std::string only_a, std::string only_b) {
    Difference d;
    d.a_name = std::move(a);
    d.b_name = std::move(b);
    d.only_a_title = std::move(only_a);
    d.only_b_title = std::move(only_b);
    return d;
  }
};

inline std::string joined(const std::vector<std::string>& words, const char* sep = " ") {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : sep) + w;
  return out;
}

// The words joined, each escaped: an outside engine's texts may hold any byte
// (a NUL, a byte that is not UTF-8), shown as \x00 (perft/text/text.h).
inline std::string joined_escaped(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + escaped(w);
  return out;
}

// The text of a difference: the path, the position (both texts where they
// differ), the diagram, the problems, the moves only one side has, and the
// children whose texts differ. Texts are escaped (verify's side B is an
// outside engine's).
inline std::string describe(const Difference& d) {
  std::string out = "path from the root (" + std::to_string(d.path.size()) +
                    (d.path.size() == 1 ? " move):" : " moves):");
  out += d.path.empty() ? " none, the root itself\n" : " " + joined_escaped(d.path) + "\n";
  if (d.b_position.empty()) {
    out += "position: " + escaped(d.a_position) + "\n";
  } else {
    const std::size_t width = std::max(d.a_name.size(), d.b_name.size());
    const auto label = [&](const std::string& name) {
      return "position (" + name + "): " + std::string(width - name.size(), ' ');
    };
    out += label(d.a_name) + escaped(d.a_position) + "\n";
    out += label(d.b_name) + escaped(d.b_position) + "\n";
  }
  out += d.diagram;
  if (!d.b_diagram.empty() && d.b_diagram != d.diagram) out += "(" + d.b_name + ")\n" + d.b_diagram;
  for (const auto& p : d.problems) out += "problem: " + escaped(p) + "\n";
  const auto list = [&](const std::string& title, const std::vector<std::string>& moves) {
    if (!moves.empty())
      out += title + " (" + std::to_string(moves.size()) + "): " + joined_escaped(moves) + "\n";
  };
  list(d.only_a_title, d.only_a);
  list(d.only_b_title, d.only_b);
  for (const auto& c : d.differing_children) {
    const std::size_t width = std::max(d.a_name.size(), d.b_name.size());
    out += "after " + escaped(c.move) + ":\n";
    out += "  " + d.a_name + ": " + std::string(width - d.a_name.size(), ' ') +
           escaped(c.a_position) + "\n";
    out += "  " + d.b_name + ": " + std::string(width - d.b_name.size(), ' ') +
           escaped(c.b_position) + "\n";
  }
  return out;
}

}  // namespace arb
