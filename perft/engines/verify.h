// Verify: an outside engine against ours through the engine protocol
// (docs/engine-protocol.md), the library part of `perft verify`. For
// each root it asks `divide d` for d = 1..N, so the first depth at which a bug
// shows is known, then descends by divide to the first position where the
// move sets differ: missing moves first, then extra moves, then the children
// whose counts differ, in byte order of the moves.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/impl.h"
#include "common/spec.h"
#include "perft/check/difference.h"
#include "perft/count/counting.h"
#include "perft/count/perft.h"
#include "perft/count/progress.h"
#include "perft/engines/engine_client.h"
#include "perft/files/fixture.h"
#include "perft/text/json.h"
#include "perft/text/text.h"

namespace arb {

// Where an outside engine and ours first part: a Difference with ours as side
// A and the engine as side B (Difference::ours_against_engine).
using Finding = Difference;

struct VerifyArgs {
  EngineOptions engine;
  Impl impl = Impl::kEngine;
  int depth = 1;
  std::string position = "start", moves;  // the root
  std::vector<FixtureCase> suite;         // --suite: the file's lines, else empty
  bool use_suite = false;
  std::optional<std::uint64_t> max_nodes;
  int text_depth = 2;
  bool json = false;
  std::string write_fixture, report;  // files to append to / write, or empty
  std::string suite_path;             // --suite's file, for the CI outputs
};

// One check of a verify run (a root, or a suite line), in order: its verdict
// per depth for the CI outputs (perft/text/ci_output.h).
struct VerifyCheck {
  enum class Kind { kOk, kFail, kSkip, kError };
  Kind kind = Kind::kOk;
  std::string label;
  int line = 0;        // the suite line, 0 for a root of the command line
  int depth = 0;       // depths 1..depth asked (kOk, kFail)
  int text_depth = 0;  // texts compared to this depth (kOk)
  std::string why;     // kSkip, kError: the reason
  int finding = -1;    // kFail: index into VerifySummary::findings
  double seconds = 0;
  // Each depth's own time (D1 first, to the depth that differs), and the
  // texts': the JUnit cases' times.
  std::vector<double> depth_seconds;
  double text_seconds = 0;
};

// What a verify run found, for its writers: text or JSON, the fixture lines
// (perft/cli/verify.cpp) and the HTML report (perft/check/report.h).
struct VerifySummary {
  std::string game, impl, command;
  BoardLayout board;  // how the report draws the game's positions
  std::vector<Finding> findings;
  std::vector<std::string> lines;   // one per check: "ok start depth 5 ..." / "FAIL ..."
  std::vector<VerifyCheck> checks;  // one per line of `lines`
  // Said once each, before the check that needs it: a suite's lines of
  // another spec of the game, checked under this run's spec.
  std::vector<std::string> notes;
  arb::Count nodes = 0;
  std::uint64_t requests = 0, agreed = 0, skipped = 0, errors = 0;
  int depth = 0;
  double seconds = 0;
  bool json = false;
  std::string write_fixture, report, suite_path;
};

// perft verify's text of one finding: the check's context (which root, at
// which depth), the difference itself (perft/check/difference.h), and how to
// reproduce it. The tool and the Python module (arbiter.verify) print it.
inline std::string finding_text(const VerifySummary& s, const Finding& f) {
  std::string out = "FAIL " + f.label + ": the engine differs from ours (" + s.impl + ")\n";
  if (f.first_depth > 0)
    out += "first shows at depth " + std::to_string(f.first_depth) + " from the root: perft(" +
           std::to_string(f.first_depth) + ") ours " + to_string(f.root_a) + ", engine " +
           to_string(f.root_b) + "\n";
  else
    out += "first shows in a position text (the counts agree)\n";
  out += "root: " + escaped(f.root) +
         (f.root_moves.empty() ? "" : " moves " + joined_escaped(f.root_moves)) + "\n";
  out += describe(f);
  out += "reproduce: perft " + s.game + " --position '" + f.a_position + "' --depth 1 --divide\n";
  return out;
}

// One finding as perft verify --json writes it (and arbiter.verify returns it).
inline nlohmann::ordered_json finding_json(const Finding& f) {
  nlohmann::ordered_json j;
  j["check"] = f.label;
  j["path"] = f.path;
  j["position"] = f.a_position;
  if (!f.b_position.empty()) j["engine_position"] = f.b_position;
  j["first_depth"] = f.first_depth;
  j["missing"] = f.only_a;
  j["extra"] = f.only_b;
  j["problems"] = f.problems;
  return j;
}

// The closing line of a verify run (without its newline).
inline std::string summary_text(const VerifySummary& s) {
  const std::string no_rate = no_rate_reason(s.seconds, false);
  return std::string(s.errors > 0         ? "the engine failed on some lines"
                     : s.findings.empty() ? "the engine agrees with ours"
                                          : "the engine differs from ours") +
         " (" + s.impl + "): " + std::to_string(s.agreed) + " agree, " +
         std::to_string(s.findings.size()) + " differ, " +
         (s.errors > 0 ? std::to_string(s.errors) + " engine errors, " : "") +
         std::to_string(s.skipped) + " skipped; " + to_string(s.nodes) + " nodes, " +
         std::to_string(s.requests) + " requests in " + seconds_text(s.seconds) + " s, " +
         rate_text(s.nodes, s.seconds, no_rate);
}

// Positions the text walk visits at most (each costs two requests).
inline constexpr std::uint64_t kTextWalkLimit = 5000;
// Our legal moves listed in a report, at most (as perft show, kShowListLimit).
inline constexpr std::uint64_t kListLimit = 10000;

// Client: EngineClient, or any type with its game, position, divide, perft,
// text, has_text, requests and command (the Python module's in-process one).
template <Game G, class Client = EngineClient>
class Verifier {
 public:
  Verifier(const G& g, Client& client, ProgressLine& progress)
      : g_(g), client_(client), progress_(progress) {}

  // One root to depth N, then the texts to text_depth.
  std::optional<Finding> check_root(const std::string& root, const std::vector<std::string>& moves,
                                    int depth, int text_depth, const std::string& label) {
    root_ = root;
    root_moves_ = moves;
    depth_seconds_.clear();
    text_seconds_ = 0;
    const auto pos = play_moves(g_, position_from(g_, root), moves);
    for (int d = 1; d <= depth; ++d) {
      std::vector<std::string> path;
      std::optional<Finding> f;
      depth_seconds_.push_back(seconds_of([&] { f = check_node(pos, path, d, true); }));
      if (f) {
        f->first_depth = d;
        f->label = label;
        add_legal(*f);
        return f;
      }
      progress(d);
    }
    // The texts no deeper than the counts were checked: below --depth a walk
    // of two requests a position would cost far more than the check itself.
    std::vector<std::string> path;
    std::uint64_t budget = kTextWalkLimit;
    std::optional<Finding> f;
    text_seconds_ =
        seconds_of([&] { f = text_walk(pos, path, std::min(text_depth, depth), budget); });
    if (f) {
      f->label = label;
      add_legal(*f);
    }
    return f;
  }

  arb::Count nodes() const { return nodes_; }
  // The last check_root's time per depth (D1 first) and of its texts.
  const std::vector<double>& depth_seconds() const { return depth_seconds_; }
  double text_seconds() const { return text_seconds_; }

 private:
  using Position = typename G::Position;

  void go_to(const std::vector<std::string>& path) {
    std::vector<std::string> all = root_moves_;
    all.insert(all.end(), path.begin(), path.end());
    client_.position(root_, all);
  }

  Finding finding_at(const Position& pos, const std::vector<std::string>& path) {
    Finding f = Difference::ours_against_engine();
    f.root = root_;
    f.root_moves = root_moves_;
    f.path = path;
    f.a_position = g_.format(pos);
    f.diagram = g_.diagram(pos);
    return f;
  }

  // Our moves at a finding, for the report; not when there are too many to read.
  void add_legal(Finding& f) {
    auto moves = root_moves_;
    moves.insert(moves.end(), f.path.begin(), f.path.end());
    const auto pos = play_moves(g_, position_from(g_, root_), moves);
    if (g_.count_moves(pos) <= kListLimit) f.legal = sorted_move_texts(g_, pos);
  }

  // The moves of a position in byte order, or in the order generated when there
  // are more than kListLimit (Ecalper has 10^5 and more: sorting them per
  // position would cost more than the walk).
  std::vector<std::string> walk_order(const Position& pos) {
    if (g_.count_moves(pos) <= kListLimit) return sorted_move_texts(g_, pos);
    std::vector<std::string> out;
    for (const auto& m : g_.legal_moves(pos)) {
      out.push_back(g_.move_text(pos, m));
      if (out.size() >= kTextWalkLimit) break;
    }
    return out;
  }

  std::optional<Finding> check_text(const Position& pos, const std::vector<std::string>& path) {
    const auto text = client_.text();
    if (!text || *text == g_.format(pos)) return std::nullopt;
    Finding f = finding_at(pos, path);
    f.b_position = *text;
    f.problems.push_back("the position texts differ");
    return f;
  }

  std::optional<Finding> check_node(const Position& pos, std::vector<std::string>& path, int d,
                                    bool at_root) {
    go_to(path);
    const auto ours = divide(g_, pos, d);
    arb::Count our_total = 0, their_sum = 0;
    std::size_t longest = 0;
    for (const auto& e : ours) {
      our_total = checked_add(our_total, e.nodes);
      longest = std::max(longest, e.move.size());
    }
    const auto theirs = client_.divide(d, reply_bound(ours.size(), longest, our_total));
    std::map<std::string, arb::Count> their_counts;
    Finding f = finding_at(pos, path);
    if (at_root) {
      f.root_a = our_total;
      f.root_b = theirs.total;
      nodes_ = checked_add(nodes_, our_total);
    }
    for (const auto& e : theirs.entries) {
      their_sum = checked_add(their_sum, e.nodes);
      if (!their_counts.emplace(e.move, e.nodes).second)
        f.problems.push_back(e.move + " listed twice by the engine");
    }
    std::map<std::string, arb::Count> our_counts;
    for (const auto& e : ours) {
      our_counts.emplace(e.move, e.nodes);
      if (!their_counts.contains(e.move)) f.only_a.push_back(e.move);
    }
    for (const auto& [move, n] : their_counts)
      if (!our_counts.contains(move)) f.only_b.push_back(move);
    if (their_sum != theirs.total)
      f.problems.push_back("the engine's total " + to_string(theirs.total) +
                           " is not the sum of its lines, " + to_string(their_sum));
    if (const auto text = client_.text(); text && *text != f.a_position) {
      f.b_position = *text;
      f.problems.push_back("the position texts differ");
    }
    // The engine's own perft is its fast path (the last ply counted, not
    // played): at a root, shallow, it is cheap to hold against its own divide.
    // A total that differs from ours is a difference to descend into, below.
    if (at_root && d <= 2)
      if (const arb::Count p = client_.perft(d, {0, our_total}); p != theirs.total)
        f.problems.push_back("the engine's perft " + std::to_string(d) + " is " + to_string(p) +
                             ", its divide " + std::to_string(d) + " total " +
                             to_string(theirs.total) + " (ours " + to_string(our_total) + ")");
    if (d == 1)
      for (const auto& [move, n] : their_counts)
        if (n != 1 && our_counts.contains(move))
          f.problems.push_back("divide 1 gives " + move + " the count " + to_string(n));
    if (!f.only_a.empty() || !f.only_b.empty() || !f.problems.empty()) return f;
    if (d == 1) return std::nullopt;
    for (const auto& e : ours) {
      const arb::Count their = their_counts.at(e.move);
      if (their == e.nodes) continue;
      const auto child = g_.play(pos, g_.parse_move(pos, e.move));
      path.push_back(e.move);
      auto below = check_node(child, path, d - 1, false);
      if (!below) {  // the engine contradicts itself between parent and child
        below = finding_at(child, path);
        below->problems.push_back("the engine counts " + to_string(their) +
                                  " below this position in its divide " + std::to_string(d) +
                                  " of the parent, but its own divide " + std::to_string(d - 1) +
                                  " here agrees with ours, " + to_string(e.nodes));
      }
      path.pop_back();
      if (at_root) {
        below->root_a = f.root_a;
        below->root_b = f.root_b;
      }
      return below;
    }
    return std::nullopt;
  }

  // Every position to `depth` (byte order of the paths): the engine's `text`
  // against ours. Costs two requests a position, so it is bounded.
  std::optional<Finding> text_walk(const Position& pos, std::vector<std::string>& path, int depth,
                                   std::uint64_t& budget) {
    if (budget == 0) return std::nullopt;
    --budget;
    go_to(path);
    if (auto f = check_text(pos, path)) return f;
    if (depth == 0 || !client_.has_text()) return std::nullopt;  // no `text`: nothing to walk
    for (const auto& move : walk_order(pos)) {
      path.push_back(move);
      auto f = text_walk(g_.play(pos, g_.parse_move(pos, move)), path, depth - 1, budget);
      path.pop_back();
      if (f || budget == 0) return f;
    }
    return std::nullopt;
  }

  // The most bytes a divide reply may take here: every move of ours with the
  // longest move text and a 39-digit count, 4 times over (an engine listing
  // moves twice, or with extra moves, is a finding, not garbage), plus room.
  static ReplyBound reply_bound(std::size_t moves, std::size_t longest, arb::Count nodes) {
    return {4 * (moves * (longest + 42) + 64) + 65536, nodes, moves};
  }

  void progress(int d) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    if (s < 1) return;
    progress_.show("verify: depth " + std::to_string(d) + " done, " + to_string(nodes_) +
                   " nodes, " + rate_text(nodes_, s, no_rate_reason(s, false)) + ", " +
                   std::to_string(client_.requests()) + " requests");
  }

  const G& g_;
  Client& client_;
  ProgressLine& progress_;
  std::string root_;
  std::vector<std::string> root_moves_;
  arb::Count nodes_ = 0;
  std::vector<double> depth_seconds_;
  double text_seconds_ = 0;
  std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
};

// D1 and D2 at a finding's position from both of ours: the fixture line.
template <Game E, Game R>
void regression_counts(const E& engine, const R& reference, Finding& f) {
  auto moves = f.root_moves;
  moves.insert(moves.end(), f.path.begin(), f.path.end());
  try {
    const auto ep = play_moves(engine, position_from(engine, f.root), moves);
    f.engine_d1 = perft(engine, ep, 1);
    f.engine_d2 = perft(engine, ep, 2);
  } catch (const Error&) {}
  try {
    const auto rp = play_moves(reference, position_from(reference, f.root), moves);
    f.reference_d1 = perft(reference, rp, 1);
    f.reference_d2 = perft(reference, rp, 2);
  } catch (const Error&) {}
}

// A check of one root, before its verdict: the suite line (0 for a root of
// the command line) and the depths asked.
inline VerifyCheck root_check(const std::string& label, int line, int depth, int text_depth) {
  VerifyCheck c;
  c.label = label;
  c.line = line;
  c.depth = depth;
  c.text_depth = std::min(text_depth, depth);  // as check_root walks them
  return c;
}

// The one per-root routine of perft verify and the Python module's
// arbiter.verify: the descent from one root (Verifier::check_root, timed), a
// difference kept in s.findings with its fixture line's counts, an agreement
// counted in s.agreed. Returns the check and its line ("FAIL <label>" or
// "ok <label> (depth N)"); the caller records them. The engine's errors
// propagate (the CLI's suites go on after them, Python raises).
template <Game G, class Client, Game E, Game R>
std::pair<VerifyCheck, std::string> verify_root(Verifier<G, Client>& verifier, const E& engine,
                                                const R& reference, VerifySummary& s,
                                                const std::string& root,
                                                const std::vector<std::string>& moves, int depth,
                                                int text_depth, const std::string& label,
                                                int line = 0) {
  VerifyCheck c = root_check(label, line, depth, text_depth);
  std::optional<Finding> f;
  c.seconds = seconds_of([&] { f = verifier.check_root(root, moves, depth, text_depth, label); });
  c.depth_seconds = verifier.depth_seconds();
  c.text_seconds = verifier.text_seconds();
  if (f) {
    regression_counts(engine, reference, *f);
    c.kind = VerifyCheck::Kind::kFail;
    c.finding = static_cast<int>(s.findings.size());
    s.findings.push_back(std::move(*f));
    return {c, "FAIL " + label};
  }
  ++s.agreed;
  return {c, "ok " + label + " (depth " + std::to_string(depth) + ")"};
}

// The whole check with `g`, one of ours (the engine or the reference of the
// pair), against the engine of a.engine. `done` is called after each check
// (its line is s.lines.back()), so that a writer shows it at once. In a suite,
// an engine error fails that line only: the engine is started again for the
// next (unless it cannot be started at all). Nothing checked is an error.
template <Game G, Game E, Game R>
VerifySummary verify(const G& g, const E& engine, const R& reference, const VerifyArgs& a,
                     ProgressLine& progress,
                     const std::function<void(const VerifySummary&)>& done = {}) {
  VerifySummary s;
  s.game = g.spec().canonical();
  s.impl = std::string(to_string(a.impl));
  s.command = a.engine.command;
  s.board = board_layout_of(reference);
  s.depth = a.depth;
  s.json = a.json;
  s.write_fixture = a.write_fixture;
  s.report = a.report;
  s.suite_path = a.suite_path;
  EngineOptions options = a.engine;
  if (progress.enabled() && !options.waiting)
    options.waiting = [&progress](const std::string& line) { progress.show(line); };
  EngineClient client(options);
  Verifier<G> verifier(g, client, progress);
  const auto add = [&](VerifyCheck c, std::string line) {
    s.checks.push_back(std::move(c));
    s.lines.push_back(std::move(line));
    progress.clear();
    if (done) done(s);
  };
  const auto skip = [&](const std::string& label, int line, const std::string& why) {
    ++s.skipped;
    VerifyCheck c;
    c.kind = VerifyCheck::Kind::kSkip;
    c.label = label;
    c.line = line;
    c.why = why;
    add(c, "skip " + label + ": " + why);
  };
  s.seconds = seconds_of([&] {
    client.game(s.game, g.format(g.start()));
    const auto one = [&](const std::string& root, const std::vector<std::string>& moves, int depth,
                         const std::string& label, int line) {
      std::pair<VerifyCheck, std::string> checked;
      try {
        checked = verify_root(verifier, engine, reference, s, root, moves, depth, a.text_depth,
                              label, line);
      } catch (const EngineUnsupported& e) {
        skip(label, line, e.what());
        return;
      } catch (const EngineError& e) {
        if (!a.use_suite || e.fatal) throw;
        ++s.errors;
        VerifyCheck c = root_check(label, line, depth, a.text_depth);
        c.kind = VerifyCheck::Kind::kError;
        c.why = e.what();
        client.restart();
        add(c, "ERROR " + label + ": " + one_line(e.what()));
        return;
      }
      add(std::move(checked.first), std::move(checked.second));
    };
    if (!a.use_suite) {
      one(a.position, split_moves(a.moves), a.depth,
          a.position == "start" && a.moves.empty() ? "start" : "root", 0);
      return;
    }
    std::set<std::string> other_specs;  // noted once each
    for (const auto& c : a.suite) {
      const std::string label = "line " + std::to_string(c.line) + " (id " + c.id + ")";
      std::string why;
      try {
        // A line of the same game under other options (a preset such as
        // rules=abstractplay) is checked under this run's spec: the counts
        // are ours, made under it, the line gives the root.
        const Spec spec = Spec::parse(c.spec);
        if (spec.name() != g.spec().name()) {
          why = "another game, " + c.spec;
        } else if (spec.canonical() != s.game && !other_specs.contains(spec.canonical())) {
          other_specs.insert(spec.canonical());
          s.notes.push_back("the suite's lines of " + spec.canonical() + " are checked under " +
                            s.game);
        }
        fixture_root(g, c);  // the suite's rule: parses, canonical, legal moves
      } catch (const Error& e) {
        if (why.empty()) why = e.what();
      }
      // The suite's selection of depths (fixture.h): the deepest one it would run.
      const int depth = deepest_test(c, a.max_nodes);
      if (why.empty() && depth == 0) why = "every depth is above --max-nodes";
      if (!why.empty()) {
        skip(label, c.line, why);
        continue;
      }
      one(c.position, split_moves(c.moves), depth, label, c.line);
    }
  });
  s.nodes = verifier.nodes();
  s.requests = client.requests();
  // Zero checks is no verdict (a suite of another game, an unsupported root).
  if (s.agreed + s.findings.size() + s.errors == 0) {
    std::string first;
    for (const auto& c : s.checks)
      if (c.kind == VerifyCheck::Kind::kSkip) {
        first = c.label + ": " + c.why;
        break;
      }
    throw Error("nothing was checked: " + std::to_string(s.skipped) + " skipped" +
                (first.empty() ? "" : " (first: " + first + ")"));
  }
  return s;
}

}  // namespace arb
