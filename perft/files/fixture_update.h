// Rebaselining a fixture file (`perft suite FILE --update`): every
// count recomputed on engine and reference, written back only where both
// agree and only on lines whose counts are ours. A library template over a
// `with_pair(spec_text, f)` that parses the spec and calls f(engine,
// reference), so that the tests can hand it a planted pair that disagrees.
#pragma once

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "common/count.h"
#include "common/error.h"
#include "common/spec.h"
#include "perft/check/difference.h"
#include "perft/count/count.h"
#include "perft/count/perft.h"
#include "perft/count/progress.h"
#include "perft/files/fixture.h"
#include "perft/text/file_io.h"
#include "perft/text/text.h"

namespace arb {

// A line's counts are ours when its src *starts* with the agreement of engine
// and reference. A src that names a hand count or another program first is an
// outside source, even where it adds "D2 reference and engine agree" for some
// depths (it does not say which count is whose): never rewritten silently.
inline bool counted_by_us(const FixtureCase& c) {
  return c.src.starts_with("engine and reference agree") ||
         c.src.starts_with("reference and engine agree");
}

// The command that shows where engine and reference part at test k.
inline std::string compare_command(const FixtureCase& c, int depth) {
  return "perft compare " + c.spec +
         (c.position == "start" ? "" : " --position '" + c.position + "'") +
         (c.moves.empty() ? "" : " --moves '" + c.moves + "'") + " --depth " +
         std::to_string(depth);
}

struct Recount {
  std::map<int, Count> depths;                          // D<k> that engine and reference agree on
  std::map<int, std::map<std::string, Count>> results;  // R<k> likewise
  std::vector<std::string> disagreements;  // "D4: engine 12, reference 13 (reproduce: ...)"
};

template <Game E, Game R>
Recount recount(const E& engine, const R& reference, const FixtureCase& c,
                std::optional<std::uint64_t> max_nodes, const CountOptions& hash) {
  Recount out;
  const auto ep = fixture_root(engine, c);
  const auto rp = fixture_root(reference, c);
  for (const auto& [k, old] : c.depths) {
    if (skip_reason(c, k, old, max_nodes)) continue;
    const Count e = count(engine, ep, k, hash);
    const Count r = perft(reference, rp, k);
    if (e == r)
      out.depths[k] = e;
    else
      out.disagreements.push_back("D" + std::to_string(k) + ": engine " + to_string(e) +
                                  ", reference " + to_string(r) +
                                  " (reproduce: " + compare_command(c, k) + ")");
  }
  for (const auto& [k, old] : c.results) {
    Count size = 0;
    for (const auto& [key, n] : old) size = checked_add(size, n);
    if (skip_reason(c, k, size, max_nodes)) continue;
    ResultCounts e, r;
    count_results(engine, ep, k, e);
    count_results(reference, rp, k, r);
    if (e.by_outcome == r.by_outcome)
      out.results[k] = e.by_outcome;
    else
      out.disagreements.push_back("R" + std::to_string(k) + ": engine " + results_text(e, ",") +
                                  ", reference " + results_text(r, ",") +
                                  " (reproduce: " + compare_command(c, k) + ")");
  }
  return out;
}

// Recomputes every count of the file; writes it back (a temporary file, then
// a rename) only when engine and reference agree everywhere, and only the
// lines whose counts are ours; prints a unified diff of what changed. Exit
// status: 0 all written, 1 a disagreement (nothing written) or a conflict
// with an outside source (the rest written); errors throw (exit 2).
template <class WithPair>
int update_fixture_file(const std::string& path, std::optional<std::uint64_t> max_nodes,
                        const CountOptions& hash, std::ostream& out, std::ostream& err,
                        bool show_progress, WithPair&& with_pair) {
  // Only a regular file can be rewritten (a link: its target); a pipe or
  // /dev/stdin would be read a second time by nobody, and renamed over.
  const OutputTarget target = output_target(path, "'" + path + "'");
  const bool directory = target.exists && S_ISDIR(target.st.st_mode);
  if (target.in_place && !directory)
    throw Error("cannot rewrite '" + path +
                "': not a regular file (--update rewrites the fixture file itself)");
  // access() says yes to root whatever the mode: a file without a write bit
  // is read-only for --update too.
  if (target.exists && !directory &&
      (access(target.path.c_str(), W_OK) != 0 || (target.st.st_mode & 0222) == 0))
    throw Error("cannot write '" + path + "' (read-only; --update rewrites it)");
  std::string bytes;  // read once: the lines rewritten are the lines parsed
  const FixtureFile file = read_fixture_file(path, &bytes);
  std::vector<std::string> lines;
  for (std::size_t begin = 0; begin < bytes.size();) {
    const std::size_t end = std::min(bytes.find('\n', begin), bytes.size());
    lines.push_back(bytes.substr(begin, end - begin));
    begin = end + 1;
  }
  if (!file.errors.empty())
    throw Error("'" + path + "' line " + std::to_string(file.errors.front().line) + ": " +
                file.errors.front().message + " (fix it before --update)");
  if (file.cases.empty()) throw Error("fixture file '" + path + "' has no test lines");
  std::vector<std::string> disagreements, conflicts;
  std::map<int, std::string> changed;  // line number -> new text
  ProgressLine progress(err, show_progress);
  std::size_t done = 0;
  for (const auto& c : file.cases) {
    progress.show("recount " + std::to_string(++done) + "/" + std::to_string(file.cases.size()) +
                  " " + shown(c.id));
    Recount r;
    try {
      r = with_pair(c.spec, [&](const auto& engine, const auto& reference) {
        return recount(engine, reference, c, max_nodes, hash);
      });
    } catch (const Error& e) {
      throw Error("line " + std::to_string(c.line) + " (id " + c.id + "): " + e.what());
    }
    for (const auto& d : r.disagreements)
      disagreements.push_back("line " + std::to_string(c.line) + " (id " + c.id + ") " + d);
    FixtureCase updated = c;
    std::vector<std::string> moved;
    for (const auto& [k, n] : r.depths)
      if (c.depths.at(k) != n) {
        updated.depths[k] = n;
        moved.push_back("D" + std::to_string(k));
      }
    for (const auto& [k, by_key] : r.results)
      if (c.results.at(k) != by_key) {
        updated.results[k] = by_key;
        moved.push_back("R" + std::to_string(k));
      }
    if (moved.empty()) continue;
    if (!counted_by_us(c)) {
      conflicts.push_back("line " + std::to_string(c.line) + " (id " + c.id +
                          "): " + joined(moved, ", ") + " differ from an outside source (src " +
                          c.src + "): not rewritten");
      continue;
    }
    updated.src += ", " + joined(moved, " ") +
                   " recomputed (perft suite --update: engine and reference agree, " + today_utc() +
                   ")";
    changed[c.line] = format_fixture_case(updated);
  }
  progress.clear();
  if (!disagreements.empty()) {
    out << "engine and reference disagree; nothing written:\n";
    for (const auto& d : disagreements) out << "  " << d << '\n';
    return 1;
  }
  if (!changed.empty()) {
    out << "--- " << path << "\n+++ " << path << " (updated)\n";
    for (const auto& [number, text] : changed)
      out << "@@ -" << number << ",1 +" << number << ",1 @@\n-"
          << lines[static_cast<std::size_t>(number - 1)] << "\n+" << text << '\n';
    for (const auto& [number, text] : changed) lines[static_cast<std::size_t>(number - 1)] = text;
    std::string updated;
    for (const auto& line : lines) updated += line + '\n';
    write_output_file(target.path, updated, "'" + path + "'");
  }
  for (const auto& c : conflicts) out << "conflict: " << c << '\n';
  out << changed.size() << " lines rewritten, " << conflicts.size() << " conflicts, "
      << file.cases.size() - changed.size() - conflicts.size() << " unchanged\n";
  return conflicts.empty() ? 0 : 1;
}

}  // namespace arb
