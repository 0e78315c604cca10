// Game records replayed on an engine and its reference (`perft replay`).
//
// RULES.md has no game-record format; this is ours, line-oriented like the
// fixture files (I6): fields separated by `;`, none containing `;`, a line
// whose first non-blank character is `#` a comment, blank lines ignored:
//
//   <spec>; <position text or start>; moves <m1 m2 ...>[; result <key>][; counts <n1 n2 ...>][; id
//   <name>][; src <text>]
//
// `moves` is required and may be empty (a record of the start position
// only). `result` is an outcome_key (common/game.h): w, b, r, draw,
// draw:b+w, ongoing. `counts` gives the number of legal moves before each
// ply, one per move, or one more for the final position. After the position
// the fields come in any order; keywords are lower case.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "perft/count/perft.h"
#include "perft/files/fixture.h"
#include "perft/text/numbers.h"

namespace arb {

struct ReplayRecord {
  int line = 0;          // 1-based line number in the file
  std::string spec;      // as written
  std::string position;  // "start" or a position text
  std::vector<std::string> moves;
  std::optional<std::string> result;  // an outcome_key, when given
  std::vector<std::uint64_t> counts;  // empty when not given
  std::string id;                     // "" when not given
};

namespace detail {
inline std::string_view replay_trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}
}  // namespace detail

// A line to skip: blank or a `#` comment.
inline bool replay_line_skipped(std::string_view line) {
  line = detail::replay_trim(line);
  return line.empty() || line.front() == '#';
}

// Parses one record line (not a comment, not blank); throws arb::Error naming
// the field ("field 4 (counts): ..."). Only the syntax is checked: the spec,
// position and moves are checked by replaying them.
inline ReplayRecord parse_replay_line(std::string_view line, int line_number) {
  const std::vector<std::string_view> fields = split_fields(line);
  if (fields.size() < 3) throw Error("expected '<spec>; <position or start>; moves ...'");
  ReplayRecord r;
  r.line = line_number;
  r.spec = std::string(fields[0]);
  r.position = std::string(fields[1]);
  if (r.spec.empty()) throw Error("field 1 (spec) is empty");
  if (r.position.empty()) throw Error("field 2 (position) is empty");
  std::set<std::string> seen;
  bool has_moves = false;
  for (std::size_t i = 2; i < fields.size(); ++i) {
    const std::string_view field = fields[i];
    const std::size_t space = field.find_first_of(" \t");
    const std::string keyword(field.substr(0, space));
    const std::string_view value = space == std::string_view::npos
                                       ? std::string_view{}
                                       : detail::replay_trim(field.substr(space + 1));
    const std::string where = "field " + std::to_string(i + 1) + " (" + keyword + ")";
    if (keyword.empty()) throw Error("field " + std::to_string(i + 1) + " is empty");
    if (!seen.insert(keyword).second) throw Error(where + ": given twice");
    if (keyword == "moves") {
      has_moves = true;
      r.moves = split_moves(value);
    } else if (keyword == "result") {
      if (value.empty() || value.find_first_of(" \t") != std::string_view::npos)
        throw Error(where + ": expected one word (w, b, draw, draw:b+w, ongoing ...)");
      r.result = std::string(value);
    } else if (keyword == "counts") {
      for (const std::string& word : split_moves(value)) {
        const PlainNumber n = read_plain_number(word);
        if (n.problem != PlainNumber::Problem::kNone || n.value > ~std::uint64_t{0})
          throw Error(where + ": '" + word + "' is not a count (plain digits)");
        r.counts.push_back(static_cast<std::uint64_t>(n.value));
      }
      if (r.counts.empty()) throw Error(where + ": no counts");
    } else if (keyword == "id") {
      if (value.empty() || value.find_first_of(" \t") != std::string_view::npos)
        throw Error(where + ": an id is one word");
      r.id = std::string(value);
    } else if (keyword == "src") {
      if (value.empty()) throw Error(where + ": empty");
    } else {
      throw Error(where + ": unknown keyword (expected moves, result, counts, id or src)");
    }
  }
  if (!has_moves) throw Error("no moves field");
  if (!r.counts.empty() && r.counts.size() != r.moves.size() &&
      r.counts.size() != r.moves.size() + 1)
    throw Error("counts: " + std::to_string(r.counts.size()) + " counts for " +
                std::to_string(r.moves.size()) +
                " moves (one per ply, or one more for the final position)");
  return r;
}

// A result key (outcome_key) of a game with side letters `players`; throws
// arb::Error for a key that no game of those players ends with, or one not
// written as outcome_key writes it.
inline Outcome parse_outcome_key(std::string_view key, std::string_view players) {
  Outcome o;
  const auto side = [&](char c) {
    const std::size_t i = players.find(c);
    if (i == std::string_view::npos)
      throw Error("result '" + std::string(key) + "': '" + std::string(1, c) +
                  "' is not a side of this game (" + std::string(players) + ")");
    return static_cast<int>(i);
  };
  if (key == "ongoing") {
    o = Outcome::ongoing();
  } else if (key == "draw") {
    o = Outcome::draw(static_cast<std::uint8_t>((1u << players.size()) - 1));
  } else if (key.rfind("draw:", 0) == 0) {
    std::uint8_t mask = 0;
    for (std::size_t i = 5; i < key.size(); i += 2) {
      if (i > 5 && key[i - 1] != '+')
        throw Error("result '" + std::string(key) + "': expected '+'");
      mask |= static_cast<std::uint8_t>(1u << side(key[i]));
    }
    o = Outcome::draw(mask);
  } else if (key.size() == 1) {
    o = Outcome::win(side(key[0]));
  } else {
    throw Error("result '" + std::string(key) +
                "': expected a side letter, draw, draw:<sides joined by +> or ongoing");
  }
  if (outcome_key(o, players) != key)
    throw Error("result '" + std::string(key) + "' is written '" + outcome_key(o, players) + "'");
  return o;
}

// The first failure of a record, at ply `ply` (1-based; 0 is the start
// position, moves.size() + 1 the end of the game).
struct ReplayFailure {
  int ply = 0;
  std::string move;      // the move of that ply, "" at the start and the end
  std::string message;   // one line
  std::string position;  // the position text before that ply
  std::string diagram;   // its diagram
  std::string command;   // a perft command that shows it again
};

// What the records of a run add up to.
struct ReplayTally {
  std::uint64_t plies = 0;  // moves played on the engine
};

namespace detail {

inline std::string quoted(const std::string& text) { return "'" + text + "'"; }

inline std::string joined(std::span<const std::string> moves) {
  std::string out;
  for (const auto& m : moves) out += (out.empty() ? "" : " ") + m;
  return out;
}

// The record's position argument for a command: nothing for "start".
inline std::string position_arg(const ReplayRecord& r) {
  return r.position == "start" ? "" : " --position " + quoted(r.position);
}

template <Game G>
Outcome history_outcome(const G& g, const std::vector<typename G::Position>& history) {
  return played_outcome(g, std::span<const typename G::Position>(history));
}

// True where the game's played games can end by their history (Emergo E12).
template <Game G>
constexpr bool kHasHistoryOutcome = requires(const G g, std::span<const typename G::Position> h) {
  g.outcome(h);
};

// The number of legal moves of a played game's current position: none when
// its history has ended it (as `perft show` counts).
template <Game G>
std::uint64_t played_count(const G& g, const std::vector<typename G::Position>& history) {
  if constexpr (kHasHistoryOutcome<G>)
    if (history_outcome(g, history).finished) return 0;
  return g.count_moves(history.back());
}

}  // namespace detail

// Replays one record: on the engine every move must parse (parse_move) and so
// be legal; with a reference (null: --engine-only) on it too, and the
// position texts after each move must agree (the two meet only through
// text). Stated counts and the result are checked on both. Returns the first failure, if any.
// Throws arb::Error when the record cannot be replayed at all (a position that no implementation
// reads, or not written canonically): bad input, not a finding.
template <Game E, Game R>
std::optional<ReplayFailure> replay_record(const E& engine, const R* reference,
                                           const ReplayRecord& r, ReplayTally& tally) {
  using EP = typename E::Position;
  using RP = typename R::Position;
  const std::string players(engine.players());
  const std::string spec = r.spec;
  std::optional<Outcome> stated;
  if (r.result) stated = parse_outcome_key(*r.result, players);  // bad input: thrown

  // The start position, on each side.
  std::optional<EP> ep;
  std::optional<RP> rp;
  std::string engine_error, reference_error;
  try {
    ep = position_from(engine, r.position);
  } catch (const Error& e) {
    engine_error = e.what();
  }
  if (reference) try {
      rp = position_from(*reference, r.position);
    } catch (const Error& e) {
      reference_error = e.what();
    }
  if (!ep && (!reference || !rp)) throw Error("field 2 (position): " + engine_error);
  const std::string text = ep ? engine.format(*ep) : reference->format(*rp);
  if (r.position != "start" && text != r.position)
    throw Error("field 2 (position): not written canonically: it formats as '" + text + "'");
  if (!ep || (reference && !rp)) {
    ReplayFailure f;
    f.message = ep ? "the reference rejects the position, the engine reads it: " + reference_error
                   : "the engine rejects the position, the reference reads it: " + engine_error;
    f.position = r.position;
    f.diagram = ep ? engine.diagram(*ep) : reference->diagram(*rp);
    f.command = "perft show " + spec + " --position " + detail::quoted(r.position) +
                (ep ? " --impl reference" : "");
    return f;
  }

  if (reference && reference->format(*rp) != text) {
    ReplayFailure f;
    f.message = "the engine reads the position as '" + text + "', the reference as '" +
                reference->format(*rp) + "'";
    f.position = r.position;
    f.diagram = reference->diagram(*rp);
    f.command = "perft compare " + spec + " --depth 1 --position " + detail::quoted(r.position);
    return f;
  }

  std::vector<EP> eh{*ep};
  std::vector<RP> rh;
  if (reference) rh.push_back(*rp);
  // The text of the current position, known on the reference side when there is one.
  const auto current_text = [&] {
    return reference ? reference->format(rh.back()) : engine.format(eh.back());
  };
  const auto fail = [&](int ply, const std::string& move, const std::string& message,
                        const std::string& command) {
    ReplayFailure f;
    f.ply = ply;
    f.move = move;
    f.message = message;
    f.position = current_text();
    f.diagram = reference ? reference->diagram(rh.back()) : engine.diagram(eh.back());
    f.command = command;
    return std::optional<ReplayFailure>(f);
  };
  const auto at = [&] { return " --position " + detail::quoted(current_text()); };
  const auto compare_cmd = [&] { return "perft compare " + spec + " --depth 1" + at(); };

  const auto check_count = [&](int ply, std::uint64_t expected) -> std::optional<ReplayFailure> {
    const std::uint64_t got = detail::played_count(engine, eh);
    if (reference) {
      const std::uint64_t ref = detail::played_count(*reference, rh);
      if (ref != got)
        return fail(ply, ply <= static_cast<int>(r.moves.size()) ? r.moves[ply - 1] : "",
                    "the engine has " + std::to_string(got) + " legal moves, the reference " +
                        std::to_string(ref),
                    compare_cmd());
    }
    if (got != expected)
      return fail(ply, ply <= static_cast<int>(r.moves.size()) ? r.moves[ply - 1] : "",
                  "the record says " + std::to_string(expected) + " legal moves, " +
                      (reference ? "engine and reference count " : "the engine counts ") +
                      std::to_string(got),
                  "perft " + spec + " --depth 1 --divide" + at());
    return std::nullopt;
  };

  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const int ply = static_cast<int>(i) + 1;
    const std::string& move = r.moves[i];
    // A played game may end by its history (Emergo E12) with moves on the board.
    if constexpr (detail::kHasHistoryOutcome<E> || detail::kHasHistoryOutcome<R>) {
      const Outcome eo = detail::history_outcome(engine, eh);
      if (eo.finished)
        return fail(ply, move,
                    "the game is already over (" + to_string(eo, players) +
                        ", by the played line) but the record goes on with '" + move + "'",
                    "perft show " + spec + detail::position_arg(r) + " --moves " +
                        detail::quoted(detail::joined(std::span(r.moves).first(i))));
      if (reference && detail::history_outcome(*reference, rh).finished)
        return fail(ply, move,
                    "the reference ends the game here (" +
                        to_string(detail::history_outcome(*reference, rh), players) +
                        "), the engine does not",
                    "perft show " + spec + detail::position_arg(r) + " --moves " +
                        detail::quoted(detail::joined(std::span(r.moves).first(i))) +
                        " --impl reference");
    }
    if (!r.counts.empty())
      if (auto f = check_count(ply, r.counts[i])) return f;

    std::optional<typename E::Move> em;
    std::optional<typename R::Move> rm;
    engine_error.clear();
    reference_error.clear();
    try {
      em = engine.parse_move(eh.back(), move);
    } catch (const Error& e) {
      engine_error = e.what();
    }
    if (reference) try {
        rm = reference->parse_move(rh.back(), move);
      } catch (const Error& e) {
        reference_error = e.what();
      }
    const std::string show = "perft show " + spec + at() + " --moves " + detail::quoted(move);
    if (!em && (!reference || !rm)) {
      if (const Outcome over = engine.outcome(eh.back()); over.finished)
        return fail(ply, move,
                    "the game is already over (" + to_string(over, players) +
                        ") but the record goes on with '" + move + "'",
                    "perft show " + spec + at());
      return fail(
          ply, move,
          std::string(reference ? "engine and reference reject '" : "the engine rejects '") + move +
              "': " + engine_error,
          show);
    }
    if (!em)
      return fail(ply, move,
                  "the engine rejects '" + move + "', the reference plays it: " + engine_error,
                  compare_cmd());
    if (reference && !rm)
      return fail(ply, move,
                  "the engine plays '" + move + "', the reference rejects it: " + reference_error,
                  compare_cmd());
    if (reference) {
      rh.push_back(reference->play(rh.back(), *rm));
      eh.push_back(engine.play(eh.back(), *em));
      const std::string et = engine.format(eh.back());
      const std::string rt = reference->format(rh.back());
      if (et != rt) {
        rh.pop_back();
        eh.pop_back();
        return fail(
            ply, move,
            "after '" + move + "' the engine gives '" + et + "', the reference '" + rt + "'",
            compare_cmd());
      }
    } else {
      eh.push_back(engine.play(eh.back(), *em));
    }
    ++tally.plies;
  }

  const int end = static_cast<int>(r.moves.size()) + 1;
  if (r.counts.size() > r.moves.size())
    if (auto f = check_count(end, r.counts.back())) return f;
  if (stated) {
    const std::string all =
        "perft show " + spec + detail::position_arg(r) +
        (r.moves.empty() ? "" : " --moves " + detail::quoted(detail::joined(r.moves)));
    const Outcome got = detail::history_outcome(engine, eh);
    if (reference) {
      const Outcome ref = detail::history_outcome(*reference, rh);
      if (ref != got)
        return fail(end, "",
                    "the engine ends the game " + outcome_key(got, players) + ", the reference " +
                        outcome_key(ref, players),
                    all);
    }
    if (got != *stated)
      return fail(end, "",
                  "the record says result " + *r.result + ", " +
                      (reference ? "engine and reference give " : "the engine gives ") +
                      outcome_key(got, players),
                  all);
  }
  return std::nullopt;
}

}  // namespace arb
