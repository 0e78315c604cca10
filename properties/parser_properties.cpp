// Engine and reference parse the same texts the same way: on a
// random reachable position, one number of its text (a run length, a hand
// count, a placed counter, the row of a cell name) or of one of its move texts
// is rewritten (a wrapping or zero-padded spelling of the same value, another
// value, random digits, or digits inserted anywhere); both implementations
// must then accept or both reject it, and when they accept, both format it
// back to the same (canonical) text or read the same move.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <ranges>
#include <string>

#include "arb/games.h"
#include "common/error.h"
#include "common/spec.h"
#include "common/tests/digit_runs.h"
#include "properties/random_play.h"

namespace {

std::string random_digits() {
  const int length = *rc::gen::inRange(1, 26);
  std::string out;
  for (int i = 0; i < length; ++i) out += static_cast<char>('0' + *rc::gen::inRange(0, 10));
  return out;
}

// `text` with one number rewritten, or digits inserted where there were none.
std::string rewrite_a_number(const std::string& text) {
  const auto runs = arb::test::digit_runs(text);
  const int kind = *rc::gen::inRange(0, runs.empty() ? 1 : 4);
  if (kind == 0) {  // digits inserted anywhere
    const auto at = *rc::gen::inRange<std::size_t>(0, text.size() + 1);
    return text.substr(0, at) + random_digits() + text.substr(at);
  }
  const auto [at, length] = runs[*rc::gen::inRange<std::size_t>(0, runs.size())];
  const std::uint64_t value = std::stoull(text.substr(at, length));
  std::string number;
  if (kind == 1) {  // the same value, spelled wrongly
    const auto bad = arb::test::bad_spellings(value);
    number = bad[*rc::gen::inRange<std::size_t>(0, bad.size())];
  } else if (kind == 2) {  // another value near it (some valid, some not)
    number = std::to_string(*rc::gen::inRange<std::uint64_t>(0, 2 * value + 3));
  } else {
    number = random_digits();
  }
  RC_TAG(kind);
  return text.substr(0, at) + number + text.substr(at + length);
}

template <class G>
std::optional<typename G::Position> try_parse(const G& g, const std::string& text) {
  try {
    return g.parse(text);
  } catch (const arb::Error&) {
    return std::nullopt;
  }
}

template <class G>
std::optional<std::string> try_parse_move(const G& g, const typename G::Position& pos,
                                          const std::string& text) {
  try {
    return g.move_text(pos, g.parse_move(pos, text));
  } catch (const arb::Error&) {
    return std::nullopt;
  }
}

void same_verdicts(const char* spec_text, int plies) {
  arb::Games::with_pair(
      arb::Games::parse_spec(spec_text), [&](const auto& engine, const auto& reference) {
        // The engine plays the line: cheap on every game (Ecalper's reference
        // move lists are huge early on).
        const auto line = arb::random_line(engine, engine.start(), plies);
        const std::string text = engine.format(line.position);
        const std::string changed = rewrite_a_number(text);
        RC_LOG() << "rewritten: " << arb::test::shown(changed) << "\n";
        const auto e = try_parse(engine, changed);
        const auto r = try_parse(reference, changed);
        RC_ASSERT(e.has_value() == r.has_value());
        if (e) {
          RC_ASSERT(engine.format(*e) == changed);
          RC_ASSERT(reference.format(*r) == changed);
        }

        // A move text of this position with one number rewritten.
        const auto moves = engine.legal_moves(line.position);
        const auto n = static_cast<std::size_t>(std::ranges::size(moves));
        if (n == 0) return;
        const auto k = *rc::gen::resize(100, rc::gen::inRange<std::size_t>(0, n));
        const auto& move =
            *std::ranges::next(std::ranges::begin(moves), static_cast<std::ptrdiff_t>(k));
        const std::string move_text = rewrite_a_number(engine.move_text(line.position, move));
        RC_LOG() << "move: " << arb::test::shown(move_text) << "\n";
        const auto r_pos = reference.parse(text);
        const auto em = try_parse_move(engine, line.position, move_text);
        const auto rm = try_parse_move(reference, r_pos, move_text);
        RC_ASSERT(em == rm);
        if (em) RC_ASSERT(*em == move_text);
      });
}

#define ARB_PARSER_DIFFERENTIAL(name, spec, plies) \
  RC_GTEST_PROP(ParserDifferential, name, ()) { same_verdicts(spec, plies); }

ARB_PARSER_DIFFERENTIAL(emergo, "emergo", 40)
ARB_PARSER_DIFFERENTIAL(emergo_size7, "emergo:size=7", 40)
ARB_PARSER_DIFFERENTIAL(eximo, "eximo", 40)
ARB_PARSER_DIFFERENTIAL(ecalper, "ecalper", 6)
ARB_PARSER_DIFFERENTIAL(ecalper_size5_players3, "ecalper:size=5,players=3", 20)
ARB_PARSER_DIFFERENTIAL(meridians, "meridians", 40)
ARB_PARSER_DIFFERENTIAL(meridians_size6, "meridians:size=6", 40)
ARB_PARSER_DIFFERENTIAL(meridians_size8, "meridians:size=8", 40)
ARB_PARSER_DIFFERENTIAL(meridians_swap, "meridians:swap", 3)

// Every wrong spelling of every number in every start text: both reject.
TEST(ParserDifferential, Notation_StartTextsWithMisspelledNumbersAreRejectedByBoth) {
  for (const char* spec : {"emergo", "emergo:size=7", "eximo", "ecalper", "ecalper:size=5",
                           "ecalper:size=6", "ecalper:size=8", "ecalper:size=5,players=3",
                           "meridians", "meridians:size=6", "meridians:size=8"}) {
    arb::Games::with_pair(arb::Games::parse_spec(spec), [&](const auto& engine,
                                                            const auto& reference) {
      const std::string text = engine.format(engine.start());
      EXPECT_EQ(reference.format(reference.start()), text);
      for (const std::string& bad : arb::test::misspelled_numbers(text)) {
        EXPECT_FALSE(try_parse(engine, bad).has_value()) << spec << ": " << arb::test::shown(bad);
        EXPECT_FALSE(try_parse(reference, bad).has_value())
            << spec << ": " << arb::test::shown(bad);
      }
    });
  }
}

}  // namespace
