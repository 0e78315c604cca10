// The perft command-line tool (RULES.md I1-I5). Each command is written once
// as a template over arb::Game; the spec picks the game pair at run time.
#include "perft/cli.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"
#include "perft/compare.h"
#include "perft/fixture.h"
#include "perft/perft.h"
#include "perft/playthrough.h"
#include "perft/registry.h"

namespace arb {
namespace {

constexpr const char* kUsage = R"(usage:
  perft <spec> --depth N [--position TEXT] [--moves "m1 m2 ..."]
        [--impl engine|reference] [--divide] [--json] [--results]
  perft compare <spec> --depth N [--position TEXT] [--moves "m1 m2 ..."]
  perft suite FILE [--impl engine|reference] [--compare] [--max-nodes N]
  perft show <spec> [--position TEXT] [--moves "m1 m2 ..."] [--impl engine|reference]
  perft play <spec> [--seed N] [--plies N] [--position TEXT] [--moves "m1 m2 ..."]
        [--impl engine|reference]
  perft --help

<spec> is a game with options: emergo, emergo:size=7, eximo, meridians:size=6,swap,
ecalper:size=5,replace=last-added,players=3 (RULES.md, "Game specs").
  --depth N      perft depth: complete turns (RULES.md P1)
  --position T   a position text (one argument) or "start" (the default)
  --moves "..."  moves played from the position first
  --impl I       engine (the default) or reference
  --divide       the count below each legal move, sorted by move text
  --json         one JSON object on one line (RULES.md I2)
  --results      also split the leaves by outcome (w, b, draw, draw:b+w, ongoing)
  --compare      suite: walk engine and reference together on every case
  --max-nodes N  suite: skip tests whose expected count is above N
  --seed N       play: the seed of the random game (default 1)
  --plies N      play: stop after N plies (default 200)
Exit status: 0 success, 1 a difference (compare) or a failed test (suite), 2 an error.
)";

struct Options {
  std::string command;  // count, compare, suite, show, play
  std::string target;   // the spec, or the fixture file for suite
  std::optional<int> depth;
  std::string position = "start";
  std::string moves;
  std::string impl = "engine";
  bool divide = false, json = false, results = false, compare = false;
  std::optional<std::uint64_t> max_nodes;
  std::uint64_t seed = 1;
  int plies = 200;
};

// Plain digits, any value up to 2^64 - 1 (P4).
std::uint64_t parse_number(const std::string& option, const std::string& text) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw Error(option + " expects a non-negative integer below 2^64, got '" + text + "'");
  return n;
}

Options parse_options(const std::vector<std::string>& args) {
  Options o;
  std::vector<std::string> positional;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    if (arg.size() < 2 || arg.compare(0, 2, "--") != 0) {
      positional.push_back(arg);
      continue;
    }
    std::optional<std::string> inline_value;
    if (const auto eq = arg.find('='); eq != std::string::npos) {
      inline_value = arg.substr(eq + 1);
      arg.resize(eq);
    }
    if (!seen.insert(arg).second) throw Error("option " + arg + " given twice");
    const auto value = [&]() -> std::string {
      if (inline_value) return *inline_value;
      if (i + 1 >= args.size()) throw Error("option " + arg + " needs a value");
      return args[++i];
    };
    const auto flag = [&]() {
      if (inline_value) throw Error("option " + arg + " takes no value");
      return true;
    };
    if (arg == "--depth") {
      const std::uint64_t d = parse_number(arg, value());
      if (d > 64) throw Error("--depth " + std::to_string(d) + " is too deep (at most 64)");
      o.depth = static_cast<int>(d);
    } else if (arg == "--position") {
      o.position = value();
    } else if (arg == "--moves") {
      o.moves = value();
    } else if (arg == "--impl") {
      o.impl = value();
      if (o.impl != "engine" && o.impl != "reference")
        throw Error("--impl must be engine or reference, got '" + o.impl + "'");
    } else if (arg == "--seed") {
      o.seed = parse_number(arg, value());
    } else if (arg == "--plies") {
      const std::uint64_t n = parse_number(arg, value());
      if (n > 1000000) throw Error("--plies " + std::to_string(n) + " is too many (at most 1000000)");
      o.plies = static_cast<int>(n);
    } else if (arg == "--max-nodes") {
      o.max_nodes = parse_number(arg, value());
    } else if (arg == "--divide") {
      o.divide = flag();
    } else if (arg == "--json") {
      o.json = flag();
    } else if (arg == "--results") {
      o.results = flag();
    } else if (arg == "--compare") {
      o.compare = flag();
    } else {
      throw Error("unknown option '" + arg + "' (see perft --help)");
    }
  }
  if (positional.empty()) throw Error("no spec given (see perft --help)");
  const std::string& first = positional[0];
  if (first == "compare" || first == "suite" || first == "show" || first == "play") {
    o.command = first;
    positional.erase(positional.begin());
    if (positional.empty())
      throw Error("perft " + first + " needs " + (first == "suite" ? "a fixture file" : "a spec"));
  } else {
    o.command = "count";
  }
  if (positional.size() > 1) throw Error("unexpected argument '" + positional[1] + "'");
  o.target = positional[0];

  // What each command accepts: anything else is a mistake worth naming.
  const std::map<std::string, std::set<std::string>> accepted = {
      {"count", {"--depth", "--position", "--moves", "--impl", "--divide", "--json", "--results"}},
      {"compare", {"--depth", "--position", "--moves"}},
      {"suite", {"--impl", "--compare", "--max-nodes"}},
      {"show", {"--position", "--moves", "--impl"}},
      {"play", {"--seed", "--plies", "--position", "--moves", "--impl"}},
  };
  for (const auto& option : seen)
    if (!accepted.at(o.command).contains(option))
      throw Error("option " + option + " does not apply to " +
                  (o.command == "count" ? std::string("a count") : "perft " + o.command));
  if ((o.command == "count" || o.command == "compare") && !o.depth)
    throw Error("--depth N is required");
  if (o.compare && seen.contains("--impl")) throw Error("--compare runs both implementations; drop --impl");
  return o;
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// Runs f and returns the seconds it took.
template <class F>
double seconds_of(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

std::uint64_t nodes_per_second(std::uint64_t nodes, double seconds) {
  return seconds > 0 ? static_cast<std::uint64_t>(std::llround(static_cast<double>(nodes) / seconds))
                     : 0;
}

std::string results_text(const ResultCounts& r, const char* sep) {
  std::string out;
  for (const auto& [key, n] : r.by_outcome)
    out += (out.empty() ? "" : sep) + key + "=" + std::to_string(n);
  return out;
}

// A fixture's position: as root_of, and its text must be the canonical one
// (format(parse(s)) == s), so that the file can be searched by text.
template <Game G>
typename G::Position fixture_root(const G& g, const FixtureCase& c) {
  const auto pos = position_from(g, c.position);
  if (c.position != "start" && g.format(pos) != c.position)
    throw Error("position is not written canonically: it formats as '" + g.format(pos) + "'");
  return play_moves(g, pos, split_moves(c.moves));
}

template <Game G>
typename G::Position root_of(const G& g, const Options& o) {
  return play_moves(g, position_from(g, o.position), split_moves(o.moves));
}

// perft <spec> --depth N ... (I1, I2)
template <Game G>
int count_command(const G& g, const Options& o, std::ostream& out) {
  const auto root = root_of(g, o);
  const int depth = *o.depth;
  std::vector<DivideEntry> entries;
  std::uint64_t nodes = 0;
  const double seconds = seconds_of([&] {
    if (o.divide) {
      entries = divide(g, root, depth);
      for (const auto& e : entries) nodes = checked_add(nodes, e.nodes);
      if (depth == 0) nodes = 1;  // P3: perft(0) = 1, with no move to divide by
    } else {
      nodes = perft(g, root, depth);
    }
  });
  std::optional<ResultCounts> results;
  if (o.results) {
    results.emplace();
    count_results(g, root, depth, *results);
  }
  const std::uint64_t nps = nodes_per_second(nodes, seconds);
  if (o.json) {
    out << "{\"game\": " << json_string(g.spec().canonical()) << ", \"impl\": " << json_string(o.impl)
        << ", \"position\": " << json_string(g.format(root)) << ", \"depth\": " << depth
        << ", \"nodes\": " << nodes << ", \"seconds\": " << seconds << ", \"nps\": " << nps;
    if (o.divide) {
      out << ", \"divide\": {";
      for (std::size_t i = 0; i < entries.size(); ++i)
        out << (i ? ", " : "") << json_string(entries[i].move) << ": " << entries[i].nodes;
      out << "}";
    }
    if (results) {
      out << ", \"results\": {";
      bool first = true;
      for (const auto& [key, n] : results->by_outcome) {
        out << (first ? "" : ", ") << json_string(key) << ": " << n;
        first = false;
      }
      out << "}";
    }
    out << "}\n";
    return 0;
  }
  for (const auto& e : entries) out << e.move << ' ' << e.nodes << '\n';
  if (results) out << "results " << results_text(*results, " ") << '\n';
  out << "total " << nodes << " nodes in " << seconds_text(seconds) << " s, " << nps
      << " nodes/s\n";
  return 0;
}

// perft show <spec> ...: what a person needs to see a position.
// With --moves it is a played game, so rules on the history apply too
// (Emergo E12: a third repetition is a draw); perft never uses them (P3).
template <Game G>
int show_command(const G& g, const Options& o, std::ostream& out) {
  const auto history = play_line(g, position_from(g, o.position), split_moves(o.moves));
  const auto& pos = history.back();
  const Outcome outcome = played_outcome(g, std::span<const typename G::Position>(history));
  // A game that has ended by its history has no moves to list, though its
  // position alone would have some.
  const bool by_history = outcome.finished && !g.outcome(pos).finished;
  const auto moves = by_history ? std::vector<std::string>{} : sorted_move_texts(g, pos);
  const std::string players(g.players());
  out << "game:     " << g.spec().canonical() << " (" << o.impl << ")\n"
      << "position: " << g.format(pos) << '\n'
      << "to move:  " << players[static_cast<std::size_t>(g.to_move(pos))] << '\n'
      << "outcome:  " << to_string(outcome, players)
      << (by_history ? " (by repetition of the played line)" : "")
      << '\n'
      << g.diagram(pos) << "legal moves (" << moves.size() << "):";
  for (const auto& m : moves) out << ' ' << m;
  out << '\n';
  return 0;
}

// perft play <spec> ...: a seeded random game, one block per ply (perft/playthrough.h),
// the text of the golden files in fixtures/playthroughs/.
template <Game G>
int play_command(const G& g, const Options& o, std::ostream& out) {
  write_playthrough(g, root_of(g, o), o.seed, o.plies, out);
  return 0;
}

// The root of a compare in one implementation; errors name the implementation.
template <Game G>
typename G::Position compare_root(const G& g, const char* who, const Options& o) {
  try {
    return root_of(g, o);
  } catch (const Error& e) {
    throw Error(std::string(who) + ": " + e.what());
  }
}

// perft compare <spec> --depth N ... (I3)
template <Game E, Game R>
int compare_command(const E& engine, const R& reference, const Options& o, std::ostream& out) {
  const auto rp = compare_root(reference, "reference", o);  // bad input is the user's (exit 2)
  typename E::Position ep;
  try {
    ep = root_of(engine, o);
  } catch (const Error& e) {  // the reference accepted it: the engine is wrong
    out << "the engine rejects what the reference accepts: " << e.what() << '\n'
        << reference.diagram(rp);
    return 1;
  }
  CompareResult r;
  const double seconds = seconds_of([&] { r = compare(engine, reference, ep, rp, *o.depth); });
  if (r.first) {
    out << describe(*r.first) << "engine and reference differ (" << r.nodes_compared
        << " nodes compared before)\n";
    return 1;
  }
  out << "engine and reference agree: perft(" << *o.depth << ") = " << r.leaves << ", "
      << r.nodes_compared << " nodes compared in " << seconds_text(seconds) << " s\n";
  return 0;
}

// ---- perft suite FILE (I4) ----

struct SuiteTally {
  std::uint64_t passed = 0, failed = 0, skipped = 0;
};

std::string reproduce(const FixtureCase& c, int depth) {
  std::string cmd = "perft " + c.spec + " --depth " + std::to_string(depth);
  if (c.position != "start") cmd += " --position '" + c.position + "'";
  if (!c.moves.empty()) cmd += " --moves '" + c.moves + "'";
  return cmd;
}

// One line's tests, in one implementation (or both, with --compare).
template <Game E, Game R>
void run_case(const E& engine, const R& reference, const FixtureCase& c, const Options& o,
              std::ostream& out, SuiteTally& tally) {
  // I4 skips a test whose expected count is above --max-nodes. perft(k) also
  // costs at least perft(k-1), so a depth behind a too-big shallower count of
  // the same line is skipped too (a finished game below 3 million nodes has
  // perft 0 but is no cheaper); RULES.md is silent on this.
  const auto too_big = [&](int k, std::uint64_t expected) -> std::optional<std::string> {
    if (!o.max_nodes) return std::nullopt;
    if (expected > *o.max_nodes) return std::to_string(expected);
    for (const auto& [shallower, n] : c.depths)
      if (shallower < k && n > *o.max_nodes)
        return "D" + std::to_string(shallower) + " = " + std::to_string(n);
    return std::nullopt;
  };
  const auto skipped = [&](const std::string& test, int k, std::uint64_t expected) {
    const auto why = too_big(k, expected);
    if (!why) return false;
    ++tally.skipped;
    out << "skip  " << c.id << ' ' << test << " (" << *why << " > --max-nodes " << *o.max_nodes
        << ")\n";
    return true;
  };
  const auto fail = [&](const std::string& test, const std::string& why, const std::string& detail) {
    ++tally.failed;
    out << "FAIL  " << c.id << ' ' << test << ": " << why << "   [line " << c.line << "]\n"
        << detail;
  };
  const auto pass = [&](const std::string& test, const std::string& what, double seconds) {
    ++tally.passed;
    out << "ok    " << c.id << ' ' << test << ' ' << what << " (" << seconds_text(seconds)
        << " s)\n";
  };
  // The D<k> tests of the line on implementation g.
  const auto count_tests = [&](const auto& g, const auto& pos, bool is_reference) {
    for (const auto& [k, expected] : c.depths) {
      const std::string test = "D" + std::to_string(k);
      if (skipped(test, k, expected)) continue;
      std::uint64_t got = 0;
      const double s = seconds_of([&, k = k] { got = perft(g, pos, k); });
      if (got == expected)
        pass(test, std::to_string(got), s);
      else
        fail(test, "expected " + std::to_string(expected) + ", got " + std::to_string(got),
             g.diagram(pos) + "      position: " + g.format(pos) + "\n      divide:   " +
                 reproduce(c, k) + " --divide" + (is_reference ? " --impl reference" : "") +
                 "\n");
    }
  };
  // The R<k> tests of the line on implementation g (label: which one, in a compare).
  const auto result_tests = [&](const auto& g, const auto& pos, const std::string& label) {
    for (const auto& [k, expected] : c.results) {
      const std::string test = "R" + std::to_string(k) + label;
      std::uint64_t size = 0;
      for (const auto& [key, n] : expected) size = checked_add(size, n);
      if (skipped(test, k, size)) continue;
      ResultCounts got;
      const double s = seconds_of([&, k = k] { count_results(g, pos, k, got); });
      const ResultCounts want{expected};
      if (got.by_outcome == expected)
        pass(test, results_text(got, ","), s);
      else
        fail(test, "expected " + results_text(want, ",") + ", got " + results_text(got, ","),
             g.diagram(pos) + "      position: " + g.format(pos) + "\n");
    }
  };
  if (!o.compare) {
    if (o.impl == "engine") {
      const auto pos = fixture_root(engine, c);
      count_tests(engine, pos, false);
      result_tests(engine, pos, "");
    } else {
      const auto pos = fixture_root(reference, c);
      count_tests(reference, pos, true);
      result_tests(reference, pos, "");
    }
    return;
  }
  // --compare: both implementations must agree node by node, and with the file.
  const auto rp = fixture_root(reference, c);
  const auto ep = fixture_root(engine, c);
  for (const auto& [k, expected] : c.depths) {
    const std::string test = "D" + std::to_string(k) + " compare";
    if (skipped(test, k, expected)) continue;
    CompareResult r;
    const double s = seconds_of([&, k = k] { r = compare(engine, reference, ep, rp, k); });
    if (r.first)
      fail(test, "engine and reference differ", describe(*r.first));
    else if (r.leaves != expected)
      fail(test, "both give " + std::to_string(r.leaves) + ", expected " + std::to_string(expected),
           reference.diagram(rp) + "      position: " + reference.format(rp) + "\n");
    else
      pass(test, std::to_string(r.leaves), s);
  }
  // Leaf outcomes are not part of the walk: each side is checked against the file.
  result_tests(engine, ep, " engine");
  result_tests(reference, rp, " reference");
}

int suite_command(const Options& o, std::ostream& out) {
  const FixtureFile file = read_fixture_file(o.target);
  SuiteTally tally;
  out << "suite " << o.target << " (" << (o.compare ? "engine and reference compared" : o.impl)
      << (o.max_nodes ? ", --max-nodes " + std::to_string(*o.max_nodes) : std::string()) << ")\n";
  // Malformed lines and cases, in file order.
  std::map<int, std::function<void()>> by_line;
  for (const auto& e : file.errors)
    by_line[e.line] = [&] {
      ++tally.failed;
      out << "FAIL  line " << e.line << (e.id.empty() ? "" : " (" + e.id + ")") << ": " << e.message
          << '\n';
    };
  for (const auto& c : file.cases)
    by_line[c.line] = [&] {
      try {
        with_game_pair(Spec::parse(c.spec), [&](const auto& engine, const auto& reference) {
          run_case(engine, reference, c, o, out, tally);
        });
      } catch (const Error& e) {  // I4: the line fails all its tests
        const std::uint64_t tests =
            c.depths.size() + (o.compare ? 2 : 1) * c.results.size();
        tally.failed += tests;
        out << "FAIL  " << c.id << " (all " << tests << " tests): " << e.what() << "   [line "
            << c.line << "]\n";
      }
    };
  for (auto& [line, run] : by_line) run();
  out << tally.passed << " passed, " << tally.failed << " failed, " << tally.skipped
      << " skipped\n";
  return tally.failed ? 1 : 0;
}

int dispatch(const Options& o, std::ostream& out) {
  if (o.command == "suite") return suite_command(o, out);
  const Spec spec = Spec::parse(o.target);
  return with_game_pair(spec, [&](const auto& engine, const auto& reference) {
    if (o.command == "compare") return compare_command(engine, reference, o, out);
    const bool use_engine = o.impl == "engine";
    if (o.command == "show")
      return use_engine ? show_command(engine, o, out) : show_command(reference, o, out);
    if (o.command == "play")
      return use_engine ? play_command(engine, o, out) : play_command(reference, o, out);
    return use_engine ? count_command(engine, o, out) : count_command(reference, o, out);
  });
}

std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

}  // namespace

int run_perft_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  for (const auto& a : args)
    if (a == "--help" || a == "-h" || a == "help") {
      out << kUsage;
      return 0;
    }
  if (args.empty()) {
    err << "perft: error: no command given (see perft --help)\n";
    return 2;
  }
  try {
    return dispatch(parse_options(args), out);
  } catch (const Error& e) {
    err << "perft: error: " << one_line(e.what()) << '\n';
  } catch (const std::exception& e) {
    err << "perft: internal error: " << one_line(e.what()) << '\n';
  }
  return 2;
}

}  // namespace arb
