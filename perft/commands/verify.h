// perft verify <spec> --engine CMD ...: an outside engine against ours through
// the engine protocol (docs/engine-protocol.md), the game-generic part. For
// each root it asks `divide d` for d = 1..N, so the first depth at which a bug
// shows is known, then descends by divide to the first position where the
// move sets differ: missing moves first, then extra moves, then the children
// whose counts differ, in byte order of the moves.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"
#include "perft/command.h"
#include "perft/engine_client.h"
#include "perft/fixture.h"
#include "perft/perft.h"

namespace arb::cli {

// Where an outside engine and ours first part, with what a report shows.
struct Finding {
  std::string label;  // "start" or "line 12 (id ...)": which check found it
  std::string root;   // the root position: "start" or a text
  std::vector<std::string> root_moves;
  std::vector<std::string> path;  // moves from the root to the position
  int first_depth = 0;            // the root depth whose divide first differs; 0: text only
  arb::Count root_ours = 0, root_theirs = 0;  // the root's totals at that depth
  std::string position;                       // ours
  std::string engine_position;                // the engine's `text`, when it differs
  std::string diagram;                        // ours, ASCII
  std::vector<std::string> missing, extra, problems;
  std::vector<std::string> legal;  // our moves there (the report draws them)
  // The regression line: D1 and D2 at the position, from each of ours.
  std::optional<arb::Count> engine_d1, engine_d2, reference_d1, reference_d2;
};

struct VerifyArgs {
  EngineOptions engine;
  std::string impl = "engine";
  int depth = 1;
  RootArgs root;
  std::vector<FixtureCase> suite;  // --suite: the file's lines, else empty
  bool use_suite = false;
  std::optional<std::uint64_t> max_nodes;
  int text_depth = 2;
  bool json = false;
  std::string write_fixture, report;  // files to append to / write, or empty
};

// What verify.cpp writes: text or JSON, the fixture lines, the HTML report.
struct VerifySummary {
  std::string game, impl, command;
  std::vector<Finding> findings;
  std::vector<std::string> lines;  // one per check: "ok start depth 5 ..." / "FAIL ..."
  arb::Count nodes = 0;
  std::uint64_t requests = 0, agreed = 0, skipped = 0;
  int depth = 0;
  double seconds = 0;
  bool json = false;
  std::string write_fixture, report;
};
int finish_verify(VerifySummary& s, Io& io);  // verify.cpp: output, fixture, report

// Positions the text walk visits at most (each costs two requests).
inline constexpr std::uint64_t kTextWalkLimit = 5000;
// Our legal moves listed in a report, at most (as perft show, kShowListLimit).
inline constexpr std::uint64_t kListLimit = 10000;

template <Game G>
class Verifier {
 public:
  Verifier(const G& g, EngineClient& client, Io& io, bool quiet)
      : g_(g), client_(client), io_(io), quiet_(quiet) {}

  // One root to depth N, then the texts to text_depth.
  std::optional<Finding> check_root(const std::string& root, const std::vector<std::string>& moves,
                                    int depth, int text_depth, const std::string& label) {
    root_ = root;
    root_moves_ = moves;
    const auto pos = play_moves(g_, position_from(g_, root), moves);
    for (int d = 1; d <= depth; ++d) {
      std::vector<std::string> path;
      auto f = check_node(pos, path, d, true);
      if (f) {
        f->first_depth = d;
        f->label = label;
        add_legal(*f);
        return f;
      }
      progress(d);
    }
    std::vector<std::string> path;
    std::uint64_t budget = kTextWalkLimit;
    auto f = text_walk(pos, path, text_depth, budget);
    if (f) {
      f->label = label;
      add_legal(*f);
    }
    return f;
  }

  arb::Count nodes() const { return nodes_; }

 private:
  using Position = typename G::Position;

  void go_to(const std::vector<std::string>& path) {
    std::vector<std::string> all = root_moves_;
    all.insert(all.end(), path.begin(), path.end());
    client_.position(root_, all);
  }

  Finding finding_at(const Position& pos, const std::vector<std::string>& path) {
    Finding f;
    f.root = root_;
    f.root_moves = root_moves_;
    f.path = path;
    f.position = g_.format(pos);
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
    f.engine_position = *text;
    f.problems.push_back("the position texts differ");
    return f;
  }

  std::optional<Finding> check_node(const Position& pos, std::vector<std::string>& path, int d,
                                    bool at_root) {
    go_to(path);
    const auto theirs = client_.divide(d);
    const auto ours = divide(g_, pos, d);
    arb::Count our_total = 0, their_sum = 0;
    for (const auto& e : ours) our_total = checked_add(our_total, e.nodes);
    std::map<std::string, arb::Count> their_counts;
    Finding f = finding_at(pos, path);
    if (at_root) {
      f.root_ours = our_total;
      f.root_theirs = theirs.total;
      nodes_ = checked_add(nodes_, our_total);
    }
    for (const auto& e : theirs.entries) {
      their_sum = checked_add(their_sum, e.nodes);
      if (!their_counts.emplace(e.move, e.nodes).second) f.extra.push_back(e.move + " (twice)");
    }
    std::map<std::string, arb::Count> our_counts;
    for (const auto& e : ours) {
      our_counts.emplace(e.move, e.nodes);
      if (!their_counts.contains(e.move)) f.missing.push_back(e.move);
    }
    for (const auto& [move, n] : their_counts)
      if (!our_counts.contains(move)) f.extra.push_back(move);
    if (their_sum != theirs.total)
      f.problems.push_back("the engine's total " + to_string(theirs.total) +
                           " is not the sum of its lines, " + to_string(their_sum));
    if (const auto text = client_.text(); text && *text != f.position) {
      f.engine_position = *text;
      f.problems.push_back("the position texts differ");
    }
    // The engine's own perft is its fast path (the last ply counted, not
    // played): at a root, shallow, it is cheap to hold against its divide.
    if (at_root && d <= 2)
      if (const arb::Count p = client_.perft(d); p != our_total || p != theirs.total)
        f.problems.push_back("the engine's perft " + std::to_string(d) + " is " + to_string(p) +
                             ", its divide total " + to_string(theirs.total) + ", ours " +
                             to_string(our_total));
    if (d == 1)
      for (const auto& [move, n] : their_counts)
        if (n != 1 && our_counts.contains(move))
          f.problems.push_back("divide 1 gives " + move + " the count " + to_string(n));
    if (!f.missing.empty() || !f.extra.empty() || !f.problems.empty()) return f;
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
        below->root_ours = f.root_ours;
        below->root_theirs = f.root_theirs;
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

  void progress(int d) {
    if (quiet_) return;
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    if (s < 1) return;
    io_.err << "\rverify: depth " << d << " done, " << CountText{nodes_} << " nodes, "
            << CountText{nodes_per_second(nodes_, s)} << " nodes/s, " << client_.requests()
            << " requests" << std::flush;
    shown_ = true;
  }

 public:
  ~Verifier() {
    if (shown_) io_.err << '\n';
  }

 private:
  const G& g_;
  EngineClient& client_;
  Io& io_;
  bool quiet_ = true, shown_ = false;
  std::string root_;
  std::vector<std::string> root_moves_;
  arb::Count nodes_ = 0;
  std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
};

struct Verify {
  using Args = VerifyArgs;

  template <Game E, Game R>
  static int run(const E& engine, const R& reference, const Args& a, Io& io) {
    return a.impl == "engine" ? verify(engine, engine, reference, a, io)
                              : verify(reference, engine, reference, a, io);
  }

  // D1 and D2 at a finding's position from both of ours: the fixture line.
  template <Game E, Game R>
  static void regression_counts(const E& engine, const R& reference, Finding& f) {
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

  template <Game G, Game E, Game R>
  static int verify(const G& g, const E& engine, const R& reference, const Args& a, Io& io) {
    VerifySummary s;
    s.game = g.spec().canonical();
    s.impl = a.impl;
    s.command = a.engine.command;
    s.depth = a.depth;
    s.json = a.json;
    s.write_fixture = a.write_fixture;
    s.report = a.report;
    EngineClient client(a.engine);
    Verifier<G> verifier(g, client, io, !io.progress || a.json);
    s.seconds = seconds_of([&] {
      client.game(s.game, g.format(g.start()));
      const auto one = [&](const std::string& root, const std::vector<std::string>& moves,
                           int depth, const std::string& label) {
        auto f = verifier.check_root(root, moves, depth, a.text_depth, label);
        if (f) {
          regression_counts(engine, reference, *f);
          s.lines.push_back("FAIL " + label);
          s.findings.push_back(std::move(*f));
        } else {
          ++s.agreed;
          s.lines.push_back("ok " + label + " (depth " + std::to_string(depth) + ")");
        }
      };
      if (!a.use_suite) {
        one(a.root.position, split_moves(a.root.moves), a.depth,
            a.root.position == "start" && a.root.moves.empty() ? "start" : "root");
        return;
      }
      for (const auto& c : a.suite) {
        const std::string label = "line " + std::to_string(c.line) + " (id " + c.id + ")";
        std::string why;
        int depth = 0;
        try {
          if (Spec::parse(c.spec).canonical() != s.game) why = "another game, " + c.spec;
          play_moves(g, position_from(g, c.position), split_moves(c.moves));
        } catch (const Error& e) {
          if (why.empty()) why = e.what();
        }
        for (const auto& [k, n] : c.depths)
          if (!a.max_nodes || n <= *a.max_nodes) depth = std::max(depth, k);
        if (why.empty() && depth == 0) why = "every depth is above --max-nodes";
        if (!why.empty()) {
          ++s.skipped;
          s.lines.push_back("skip " + label + ": " + why);
          continue;
        }
        one(c.position, split_moves(c.moves), depth, label);
      }
    });
    s.nodes = verifier.nodes();
    s.requests = client.requests();
    return finish_verify(s, io);
  }
};

}  // namespace arb::cli
