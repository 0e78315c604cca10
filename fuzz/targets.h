// Fuzz targets (libFuzzer, docs/testing.md), written once over the Game
// concept. An input is text lines: `<spec>\n<position text or start>\n<rest>`.
// A finding is anything but a clean arb::Error on bad input: a crash, a
// sanitizer report, another exception, or a broken promise checked below
// (format round trip, count_moves == generated moves, engine == reference).
// Each target is built as its own libFuzzer program (fuzz/CMakeLists.txt) and
// also into fuzz_replay, which CTest runs over fuzz/regressions/ and the
// fixture positions in every build.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"

namespace arb::fuzz {

using Entry = std::function<void(std::string_view)>;

// Every target of this program, by name.
inline std::map<std::string, Entry>& targets() {
  static std::map<std::string, Entry> all;
  return all;
}

struct Register {
  Register(const char* name, Entry entry) { targets().emplace(name, std::move(entry)); }
};

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz finding: %s\n", what.c_str());
  std::abort();
}

inline void check(bool ok, const std::string& what) {
  if (!ok) fail(what);
}

// Splits off the first line (without its '\n'); the rest stays in `text`.
inline std::string_view take_line(std::string_view& text) {
  const auto nl = text.find('\n');
  const std::string_view line = text.substr(0, nl);
  text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
  return line;
}

// The game's spec from the first line, or nothing when it is not one of `G`.
template <Game G>
bool spec_of(std::string_view line, Spec& out) {
  try {
    out = Spec::parse(line);
  } catch (const Error&) {
    return false;
  }
  return out.name() == G::kName;
}

// Above this many moves a position is checked by count only: the references
// build every move (Ecalper's start has 333375).
inline constexpr std::uint64_t kMaxListed = 3000;

// One implementation's parser, and what a parsed position promises:
// canonical round trip, a diagram, an outcome, count_moves equal to the
// generated moves, and every move text parsed back to itself.
template <Game G>
void position_target(std::string_view input) {
  Spec spec;
  if (!spec_of<G>(take_line(input), spec)) return;
  const G g(spec);
  const std::string_view text = take_line(input);
  typename G::Position pos;
  try {
    pos = position_from(g, text);
  } catch (const Error&) {
    return;  // rejected with a message: fine
  }
  const std::string formatted = g.format(pos);
  try {
    check(g.format(g.parse(formatted)) == formatted, "format does not parse back to itself");
  } catch (const Error& e) {
    fail("its own format is rejected: " + std::string(e.what()));
  }
  (void)g.diagram(pos);
  const Outcome o = g.outcome(pos);
  const std::uint64_t n = g.count_moves(pos);
  check(!o.finished || n == 0, "a finished position has moves");
  if (n > kMaxListed) return;
  const auto moves = g.legal_moves(pos);
  check(static_cast<std::uint64_t>(std::ranges::size(moves)) == n,
        "count_moves differs from the generated moves");
  int shown = 0;
  for (const auto& m : moves) {
    if (++shown > 64) break;
    const std::string mt = g.move_text(pos, m);
    check(g.move_text(pos, g.parse_move(pos, mt)) == mt, "move text does not parse back");
    const auto child = g.play(pos, m);
    const std::string ct = g.format(child);
    check(g.format(g.parse(ct)) == ct, "a child's text does not parse back to itself");
  }
}

// Move texts: engine and reference accept the same texts in the position and
// write an accepted move identically.
template <Game E, Game R>
void move_target(std::string_view input) {
  Spec spec;
  if (!spec_of<E>(take_line(input), spec)) return;
  const E e(spec);
  const R r(spec);
  const std::string_view text = take_line(input);
  typename E::Position ep;
  typename R::Position rp;
  try {
    ep = position_from(e, text);
    rp = position_from(r, text);
  } catch (const Error&) {
    return;  // position_target and differential_target cover the positions
  }
  if (r.count_moves(rp) > kMaxListed) return;
  const std::string_view move = take_line(input);
  std::string et, rt, ee, re;
  try {
    et = e.move_text(ep, e.parse_move(ep, move));
  } catch (const Error& x) {
    ee = x.what();
  }
  try {
    rt = r.move_text(rp, r.parse_move(rp, move));
  } catch (const Error& x) {
    re = x.what();
  }
  check(ee.empty() == re.empty(), "move '" + std::string(move) + "': engine " +
                                      (ee.empty() ? "accepts" : "rejects") + ", reference " +
                                      (re.empty() ? "accepts" : "rejects"));
  check(et == rt, "move texts differ: engine '" + et + "', reference '" + rt + "'");
  if (ee.empty()) check(et == move, "an accepted move text is not canonical");
}

// Engine against reference: both accept or both reject the position text and
// format it identically; then each input byte picks a move (by index in the
// byte-sorted move texts) and both must agree on the move set, the outcome,
// count_moves and the child's text at every step.
template <Game E, Game R>
void differential_target(std::string_view input) {
  Spec spec;
  if (!spec_of<E>(take_line(input), spec)) return;
  const E e(spec);
  const R r(spec);
  const std::string_view text = take_line(input);
  typename E::Position ep;
  typename R::Position rp;
  std::string ee, re;
  try {
    ep = position_from(e, text);
  } catch (const Error& x) {
    ee = x.what();
  }
  try {
    rp = position_from(r, text);
  } catch (const Error& x) {
    re = x.what();
  }
  check(ee.empty() == re.empty(), "position: engine " +
                                      (ee.empty() ? "accepts" : "rejects: " + ee) + ", reference " +
                                      (re.empty() ? "accepts" : "rejects: " + re));
  if (!ee.empty()) return;
  for (std::size_t step = 0;; ++step) {
    const std::string ef = e.format(ep), rf = r.format(rp);
    check(ef == rf, "texts differ: engine '" + ef + "', reference '" + rf + "'");
    check(e.outcome(ep) == r.outcome(rp), "outcomes differ at '" + rf + "'");
    const std::uint64_t n = r.count_moves(rp);
    check(e.count_moves(ep) == n, "count_moves differ at '" + rf + "'");
    if (n == 0 || n > kMaxListed || step >= input.size() || step >= 64) return;
    const auto etexts = sorted_move_texts(e, ep);
    const auto rtexts = sorted_move_texts(r, rp);
    check(etexts == rtexts, "move sets differ at '" + rf + "'");
    const std::string& pick = rtexts[static_cast<unsigned char>(input[step]) % rtexts.size()];
    ep = e.play(ep, e.parse_move(ep, pick));
    rp = r.play(rp, r.parse_move(rp, pick));
  }
}

}  // namespace arb::fuzz
