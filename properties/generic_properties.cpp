// Properties every implementation owes the Game concept (common/game.h), and
// engine == reference through text only. Written once as templates over
// arb::Game and instantiated for every game spec below, for the engine and
// the reference of each.
//
//   GenericConformance.<spec>_engine / _reference
//     on the end of a random line of legal play: format(parse(text)) == text;
//     the parsed position has the same legal move texts, side to move and
//     outcome; move texts unique and without blanks; count_moves == number of
//     legal moves; finished iff no legal moves; parse_move(move_text(m)) gives
//     the same text and the same child; the child text round-trips and the
//     parsed position plays the move to the same child; non-canonical texts
//     are rejected; count_after (where a game has it) is 0 or the parsed
//     child's count; perft(2) == sum of divide(2) == generated grandchildren
//     (where that is cheap). Along the whole line: text round trips.
//   GenericEngineEqualsReference.<spec>
//     at every position of a random line of the reference: the engine parses
//     the reference's text and formats it back unchanged; same side to move,
//     outcome and count; same sorted move texts; same child text behind every
//     move (a random sample of moves where there are many).
//
// Ecalper's move lists are huge on empty boards (35990 first turns on size 5,
// then about replaceable x C(empty, 3) per turn). Its conformance lines start
// from a late position that the engine reaches by random play (cheap: its
// move list is lazy and random access), logged as the move line from the
// start; its engine == reference lines are whole games played by the engine
// and replayed by the reference through the move texts, comparing whole move
// lists once they are small and, before, the counts and a sample of moves.
//
// Each spec has a Budget below (plies, samples); the number of cases is
// RC_PARAMS max_success (300 under CTest, properties/CMakeLists.txt).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <iterator>
#include <optional>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arb/test_games.h"
#include "common/game.h"
#include "common/spec.h"
#include "perft/count/perft.h"
#include "properties/random_play.h"

namespace {

// How much work one property does; chosen per spec so that the whole run stays
// short in the Check build.
struct Budget {
  int plies = 40;                        // at most this many random plies from the root
  std::uint64_t late_root = 0;           // conformance: > 0: the root is the first position of a
                                         // random engine line with at most this many moves,
  int late_plies = 3;                    // and the line from it has at most this many plies
  bool engine_line = false;              // engine == reference: the engine plays the line (its move
                                         // list is cheap), the reference replays its move texts
  std::uint64_t full_list = UINT64_MAX;  // engine == reference: compare whole move lists up to
                                         // this many moves; above, the counts and a sample
  std::size_t all_children = 1000;       // play every move when there are at most this many,
  int sample = 24;                       // else this many random ones
  std::uint64_t perft2 = 20000;          // check perft(2) when it is at most about this
};

// Runs `property` as a RapidCheck property of the current GoogleTest test,
// through RapidCheck's public API: RC_PARAMS (max_success, seed, reproduce)
// applies as with RC_GTEST_PROP, and a failure prints its counterexample.
template <class F>
void check_property(F&& property) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string name = std::string(info->test_suite_name()) + "/" + info->name();
  EXPECT_TRUE(rc::check(name, std::forward<F>(property)))
      << name << ": see the counterexample above";
}

// RC_FAIL with a message built only on failure.
#define ARB_CHECK(condition, message)                \
  do {                                               \
    if (!(condition)) RC_FAIL(std::string(message)); \
  } while (false)

std::string join(const std::vector<std::string>& words, std::size_t limit = 12) {
  std::string out;
  for (std::size_t i = 0; i < words.size() && i < limit; ++i) out += (i ? " " : "") + words[i];
  if (words.size() > limit) out += " ... (" + std::to_string(words.size()) + " in all)";
  return out;
}

template <arb::Game G>
std::string where(const G& g, const typename G::Position& pos) {
  return "\nin " + g.spec().canonical() + " position " + g.format(pos) + "\n" + g.diagram(pos);
}

// The legal moves with their texts, sorted by text.
template <arb::Game G>
std::vector<std::pair<std::string, typename G::Move>> moves_by_text(
    const G& g, const typename G::Position& pos) {
  std::vector<std::pair<std::string, typename G::Move>> out;
  for (const auto& move : g.legal_moves(pos)) out.emplace_back(g.move_text(pos, move), move);
  std::ranges::sort(out, {}, &std::pair<std::string, typename G::Move>::first);
  return out;
}

// A random index below n, uniform over the whole range at every RapidCheck
// size (gen::inRange alone scales the range down with the size).
template <class T>
T index_below(T n) {
  return *rc::gen::resize(100, rc::gen::inRange<T>(0, n));
}

// Indices of the moves whose children are checked: all, or a random sample.
std::vector<std::size_t> chosen(std::size_t n, const Budget& b) {
  std::vector<std::size_t> out;
  if (n <= b.all_children) {
    for (std::size_t i = 0; i < n; ++i) out.push_back(i);
  } else {
    for (int i = 0; i < b.sample; ++i) out.push_back(index_below(n));
  }
  return out;
}

// The root of the random lines: the start, or (Budget::late_root) the first
// position of a random line of the engine `e` with few moves. Logged as the
// move line from the start.
template <arb::Game E>
std::string root_text(const E& e, const Budget& b) {
  auto pos = e.start();
  if (b.late_root == 0) return e.format(pos);
  std::vector<std::string> line;
  for (std::uint64_t n; (n = e.count_moves(pos)) > b.late_root;) {
    const auto moves = e.legal_moves(pos);
    const auto k = index_below(n);
    const auto& move =
        *std::ranges::next(std::ranges::begin(moves), static_cast<std::ptrdiff_t>(k));
    line.push_back(e.move_text(pos, move));
    pos = e.play(pos, move);
  }
  RC_LOG() << "root: " << e.spec().canonical()
           << " after moves from the start: " << join(line, 1000) << "\n"
           << e.format(pos) << "\n";
  return e.format(pos);
}

// The positions of a line: positions[k] after the first k moves.
template <arb::Game G>
std::vector<typename G::Position> positions_of(const G& g, const typename G::Position& root,
                                               const arb::Line<G>& line) {
  std::vector<typename G::Position> out{root};
  for (const auto& m : line.moves) out.push_back(g.play(out.back(), g.parse_move(out.back(), m)));
  return out;
}

// ---------------------------------------------------------------- conformance

// Text round trip of one position (cheap; done along the whole line).
template <arb::Game G>
void check_text_round_trip(const G& g, const typename G::Position& pos) {
  const std::string text = g.format(pos);
  ARB_CHECK(!text.empty() && text.find('\n') == std::string::npos &&
                text.find("  ") == std::string::npos && text.front() != ' ' && text.back() != ' ',
            "position text is not one line of single-blank-separated fields: '" + text + "'");
  std::optional<typename G::Position> parsed_or;
  try {
    parsed_or = g.parse(text);
  } catch (const arb::Error& e) {
    RC_FAIL("parse(format(p)) throws: " + std::string(e.what()) + where(g, pos));
  }
  const auto& parsed = *parsed_or;
  ARB_CHECK(g.format(parsed) == text,
            "format(parse(text)) = '" + g.format(parsed) + "' differs" + where(g, pos));
  ARB_CHECK(g.to_move(parsed) == g.to_move(pos),
            "side to move changes through text" + where(g, pos));
  ARB_CHECK(g.outcome(parsed) == g.outcome(pos), "outcome changes through text" + where(g, pos));
}

template <arb::Game G>
void check_position(const G& g, const typename G::Position& pos, const Budget& b) {
  check_text_round_trip(g, pos);
  const std::string text = g.format(pos);
  const auto parsed = g.parse(text);
  const std::string diagram = g.diagram(pos);
  ARB_CHECK(!diagram.empty() && diagram.back() == '\n',
            "diagram does not end in a newline" + where(g, pos));
  const std::string_view players = g.players();
  ARB_CHECK(g.to_move(pos) >= 0 && g.to_move(pos) < static_cast<int>(players.size()),
            "to_move out of range" + where(g, pos));

  const auto moves = moves_by_text(g, pos);
  std::vector<std::string> texts;
  for (const auto& [t, m] : moves) texts.push_back(t);
  ARB_CHECK(std::ranges::adjacent_find(texts) == texts.end(),
            "two legal moves share the text '" + *std::ranges::adjacent_find(texts) + "'" +
                where(g, pos));
  for (const auto& t : texts)
    ARB_CHECK(!t.empty() && t.find(' ') == std::string::npos,
              "bad move text '" + t + "'" + where(g, pos));
  ARB_CHECK(g.count_moves(pos) == moves.size(),
            "count_moves = " + std::to_string(g.count_moves(pos)) + " but legal_moves has " +
                std::to_string(moves.size()) + where(g, pos));
  ARB_CHECK(
      arb::sorted_move_texts(g, parsed) == texts,
      "the parsed position has other legal moves: " + join(arb::sorted_move_texts(g, parsed)) +
          " instead of " + join(texts) + where(g, pos));

  const arb::Outcome outcome = g.outcome(pos);
  ARB_CHECK(outcome.finished == moves.empty(), "outcome " + arb::to_string(outcome, players) +
                                                   " with " + std::to_string(moves.size()) +
                                                   " legal moves" + where(g, pos));
  const auto all_players = static_cast<std::uint8_t>((1u << players.size()) - 1);
  ARB_CHECK(outcome.finished ? outcome.winners != 0 && (outcome.winners & ~all_players) == 0
                             : outcome.winners == 0,
            "outcome winners mask " + std::to_string(outcome.winners) + where(g, pos));

  // Texts that name no legal move are rejected.
  for (const std::string& bad :
       {std::string(), std::string("?"), texts.empty() ? std::string("a1") : texts.front() + " ",
        texts.empty() ? std::string("pass") : " " + texts.back()}) {
    bool rejected = false;
    try {
      (void)g.parse_move(pos, bad);
    } catch (const arb::Error&) {
      rejected = true;
    }
    ARB_CHECK(rejected, "parse_move accepts '" + bad + "'" + where(g, pos));
  }

  for (const std::size_t i : chosen(moves.size(), b)) {
    const auto& [t, m] = moves[i];
    std::optional<typename G::Move> m2_or;
    try {
      m2_or = g.parse_move(pos, t);
    } catch (const arb::Error& e) {
      RC_FAIL("parse_move rejects its own move text '" + t + "': " + e.what() + where(g, pos));
    }
    const auto& m2 = *m2_or;
    ARB_CHECK(g.move_text(pos, m2) == t, "parse_move('" + t + "') has the text '" +
                                             g.move_text(pos, m2) + "'" + where(g, pos));
    const auto child = g.play(pos, m);
    const std::string child_text = g.format(child);
    ARB_CHECK(arb::position_ok(g, child), "ok() fails after '" + t + "'" + where(g, pos));
    ARB_CHECK(g.format(g.play(pos, m2)) == child_text,
              "the parsed move '" + t + "' leads elsewhere: " + g.format(g.play(pos, m2)) +
                  " instead of " + child_text + where(g, pos));
    ARB_CHECK(g.format(g.play(parsed, g.parse_move(parsed, t))) == child_text,
              "the parsed position plays '" + t + "' to another child" + where(g, pos));
    std::optional<typename G::Position> reparsed_or;
    try {
      reparsed_or = g.parse(child_text);
    } catch (const arb::Error& e) {
      RC_FAIL("the child after '" + t + "' does not parse: " + e.what() + "\n" + child_text +
              where(g, pos));
    }
    const auto& reparsed = *reparsed_or;
    ARB_CHECK(g.format(reparsed) == child_text, "the child after '" + t +
                                                    "' does not round-trip: " + child_text +
                                                    " -> " + g.format(reparsed) + where(g, pos));
    ARB_CHECK(g.count_moves(reparsed) == g.count_moves(child),
              "the child after '" + t + "' counts differently once parsed" + where(g, pos));
    // The optional count_after (common/game.h): 0, or the parsed child's count.
    if constexpr (arb::CountAfterGame<G>) {
      const std::uint64_t known = g.count_after(pos, m);
      ARB_CHECK(known == 0 || known == g.count_moves(reparsed),
                "count_after('" + t + "') = " + std::to_string(known) + " but the child has " +
                    std::to_string(g.count_moves(reparsed)) + " moves" + where(g, pos));
    }
    // The optional hash (common/game.h): the parsed copy is the same key.
    if constexpr (arb::HashedGame<G>)
      ARB_CHECK(reparsed == child && g.hash(reparsed) == g.hash(child),
                "the child after '" + t + "' is another table key once parsed" + where(g, pos));
    // The optional symmetry: the table key of a child stands for it.
    if constexpr (arb::SymmetricGame<G>) {
      const auto key = g.canonical(child);
      ARB_CHECK(g.canonical(key) == key && arb::position_ok(g, key),
                "canonical() of the child after '" + t + "' is not its own canonical, valid " +
                    "position: " + g.format(key) + where(g, pos));
      ARB_CHECK(g.count_moves(key) == g.count_moves(child),
                "canonical() of the child after '" + t +
                    "' has another move count: " + g.format(key) + where(g, pos));
    }
  }

  // perft(2) == sum of divide(2) == generated grandchildren, where cheap.
  if (!moves.empty() &&
      moves.size() * g.count_moves(g.play(pos, moves.front().second)) <= b.perft2) {
    const std::uint64_t p2 = arb::perft(g, pos, 2);
    std::uint64_t divided = 0, generated = 0;
    for (const auto& entry : arb::divide(g, pos, 2)) divided += entry.nodes;
    for (const auto& [t, m] : moves) generated += std::ranges::size(g.legal_moves(g.play(pos, m)));
    ARB_CHECK(p2 == divided && p2 == generated,
              "perft(2) = " + std::to_string(p2) +
                  ", sum of divide(2) = " + std::to_string(divided) +
                  ", generated grandchildren = " + std::to_string(generated) + where(g, pos));
    ARB_CHECK(arb::perft(g, pos, 1) == moves.size(), "perft(1) != legal moves" + where(g, pos));
    if constexpr (arb::SymmetricGame<G>)
      ARB_CHECK(arb::perft(g, g.canonical(pos), 2) == p2,
                "perft(2) of canonical() differs: " + g.format(g.canonical(pos)) + where(g, pos));
  }
}

// G is the implementation under test; E the engine (it makes Ecalper's roots).
template <arb::Game G, arb::Game E>
void conformance(const G& g, const E& e, const Budget& b) {
  check_property([&] {
    const auto root = b.late_root ? g.parse(root_text(e, b)) : g.start();
    const auto line = arb::random_line(g, root, b.late_root ? b.late_plies : b.plies);
    const auto positions = positions_of(g, root, line);
    ARB_CHECK(g.format(positions.back()) == g.format(line.position),
              "replaying the move texts of the line leads elsewhere" + where(g, line.position));
    for (const auto& pos : positions) check_text_round_trip(g, pos);
    check_position(g, line.position, b);
  });
}

// ---------------------------------------------------------------- engine == reference

// Above Budget::full_list moves: the counts agree, and a random sample of the
// engine's moves (its move list is random access) are legal for the
// reference, under the same text, with the same child. With equal counts and
// unique engine texts, a reference move the engine lacks would show as an
// engine move the reference rejects.
template <arb::Game E, arb::Game R>
void check_same_sampled(const E& e, const R& r, const typename E::Position& ep,
                        const typename R::Position& rp, const Budget& b, const std::string& at) {
  const auto moves = e.legal_moves(ep);
  const auto n = static_cast<std::uint64_t>(std::ranges::size(moves));
  for (int j = 0; j < b.sample && n > 0; ++j) {
    const auto& em =
        *std::ranges::next(std::ranges::begin(moves), static_cast<std::ptrdiff_t>(index_below(n)));
    const std::string t = e.move_text(ep, em);
    std::optional<typename R::Move> rm;
    try {
      rm = r.parse_move(rp, t);
    } catch (const arb::Error& error) {
      RC_FAIL("the reference rejects the engine's move " + t + ": " + error.what() + at);
    }
    ARB_CHECK(r.move_text(rp, *rm) == t,
              "the reference reads " + t + " as " + r.move_text(rp, *rm) + at);
    const std::string et = e.format(e.play(ep, em));
    const std::string rt = r.format(r.play(rp, *rm));
    ARB_CHECK(et == rt, "after " + t + ":\n  engine:    " + et + "\n  reference: " + rt + at);
  }
}

template <arb::Game E, arb::Game R>
void check_same(const E& e, const R& r, const typename R::Position& rp, const Budget& b,
                std::size_t ply) {
  const std::string text = r.format(rp);
  const std::string at = "\nat ply " + std::to_string(ply) + " of the line" + where(r, rp);
  std::optional<typename E::Position> ep_or;
  try {
    ep_or = e.parse(text);
  } catch (const arb::Error& error) {
    RC_FAIL("the engine rejects the reference's text: " + std::string(error.what()) + at);
  }
  const auto& ep = *ep_or;
  ARB_CHECK(e.format(ep) == text, "the engine formats it as " + e.format(ep) + at);
  ARB_CHECK(e.to_move(ep) == r.to_move(rp), "side to move differs" + at);
  const std::string players(r.players());
  ARB_CHECK(std::string(e.players()) == players, "players differ" + at);
  ARB_CHECK(e.outcome(ep) == r.outcome(rp),
            "outcome: engine " + arb::to_string(e.outcome(ep), players) + ", reference " +
                arb::to_string(r.outcome(rp), players) + at);
  const std::uint64_t count = r.count_moves(rp);
  ARB_CHECK(e.count_moves(ep) == count, "count_moves: engine " + std::to_string(e.count_moves(ep)) +
                                            ", reference " + std::to_string(count) + at);
  if (count > b.full_list) return check_same_sampled(e, r, ep, rp, b, at);

  const auto emoves = moves_by_text(e, ep);
  const auto rmoves = moves_by_text(r, rp);
  std::vector<std::string> etexts, rtexts, only_engine, only_reference;
  for (const auto& [t, m] : emoves) etexts.push_back(t);
  for (const auto& [t, m] : rmoves) rtexts.push_back(t);
  std::ranges::set_difference(etexts, rtexts, std::back_inserter(only_engine));
  std::ranges::set_difference(rtexts, etexts, std::back_inserter(only_reference));
  ARB_CHECK(only_engine.empty() && only_reference.empty(),
            "moves only the engine generates: " + join(only_engine) +
                "\nmoves only the reference generates: " + join(only_reference) + at);
  ARB_CHECK(etexts.size() == rtexts.size() && rtexts.size() == count,
            "duplicate move texts or count_moves != legal moves" + at);
  for (const std::size_t i : chosen(rmoves.size(), b)) {
    const std::string et = e.format(e.play(ep, emoves[i].second));
    const std::string rt = r.format(r.play(rp, rmoves[i].second));
    ARB_CHECK(et == rt,
              "after " + rmoves[i].first + ":\n  engine:    " + et + "\n  reference: " + rt + at);
  }
}

template <arb::Game E, arb::Game R>
void engine_equals_reference(const E& e, const R& r, const Budget& b) {
  check_property([&] {
    ARB_CHECK(
        e.format(e.start()) == r.format(r.start()),
        "start texts differ: engine " + e.format(e.start()) + ", reference " + r.format(r.start()));
    std::vector<typename R::Position> positions{r.start()};
    if (b.engine_line) {
      const auto line = arb::random_line(e, e.start(), b.plies);
      for (std::size_t k = 0; k < line.moves.size(); ++k) {
        const auto& rp = positions.back();
        std::optional<typename R::Move> rm;
        try {
          rm = r.parse_move(rp, line.moves[k]);
        } catch (const arb::Error& error) {
          RC_FAIL("the reference rejects move " + std::to_string(k + 1) + " " + line.moves[k] +
                  ": " + error.what() + where(r, rp));
        }
        positions.push_back(r.play(rp, *rm));
      }
    } else {
      const auto line = arb::random_line(r, r.start(), b.plies);
      positions = positions_of(r, r.start(), line);
    }
    for (std::size_t k = 0; k < positions.size(); ++k) check_same(e, r, positions[k], b, k);
  });
}

// ---------------------------------------------------------------- instances

enum class Impl { kEngine, kReference };

using Games = arb::TestGames;  // ARB_GAMES and the toy game (perft/tests/toy)

void conformance_test(std::string_view spec, Impl impl, const Budget& b) {
  Games::with_pair(Games::parse_spec(spec), [&](const auto& e, const auto& r) {
    if (impl == Impl::kEngine)
      conformance(e, e, b);
    else
      conformance(r, e, b);
  });
}

void engine_equals_reference_test(std::string_view spec, const Budget& b) {
  Games::with_pair(Games::parse_spec(spec),
                   [&](const auto& e, const auto& r) { engine_equals_reference(e, r, b); });
}

// random_line draws its length and moves with RapidCheck's size, so the mean
// line is about a quarter of `plies`: these are long enough to reach the end
// game now and then.
constexpr Budget kEmergo{.plies = 200};
constexpr Budget kEmergo7{.plies = 150};
constexpr Budget kEmergoVariant{.plies = 120};  // V1-V3: five more specs, kept short
constexpr Budget kEximo{.plies = 150};
constexpr Budget kMeridians{.plies = 160};
// Conformance: short lines from a root with at most 20000 moves (about 10
// empty cells left with two players; with three, White's or Red's last turn).
// Engine == reference: whole games from the start, played by the engine;
// move lists compared whole up to 20000 moves, sampled above.
constexpr Budget kEcalper{.plies = 40,
                          .late_root = 20000,
                          .late_plies = 3,
                          .engine_line = true,
                          .full_list = 20000,
                          .all_children = 200,
                          .sample = 24};
// Three players: the same, but one ply from the late root.
constexpr Budget kEcalper3 = [] {
  Budget b = kEcalper;
  b.late_plies = 1;
  return b;
}();

// The specs with a budget of their own; a registered game not named here runs
// on its default spec with the default Budget, so a new game is covered by
// its line in ARB_GAMES alone.
struct Instance {
  const char* name;  // test name: GenericConformance.<name>_engine, ...
  const char* spec;
  Budget budget;
};
const Instance kInstances[] = {
    {"emergo", "emergo", kEmergo},
    {"emergo_size7", "emergo:size=7", kEmergo7},
    {"emergo_blocked_loss", "emergo:blocked=loss", kEmergoVariant},
    {"emergo_capture_any", "emergo:capture=any", kEmergoVariant},
    {"emergo_feeding_allowed", "emergo:feeding=allowed", kEmergoVariant},
    {"emergo_size7_any_allowed", "emergo:size=7,capture=any,feeding=allowed", kEmergoVariant},
    {"emergo_zillions", "emergo:rules=zillions", kEmergoVariant},
    {"eximo", "eximo", kEximo},
    {"eximo_drops_optional", "eximo:drops=optional", kEximo},
    {"eximo_capture_max", "eximo:capture=max", kEximo},
    {"eximo_rules_seed", "eximo:rules=seed", kEximo},
    {"ecalper_size5", "ecalper:size=5", kEcalper},
    {"ecalper_size5_last_added", "ecalper:size=5,replace=last-added", kEcalper},
    {"ecalper_size5_players3", "ecalper:size=5,players=3", kEcalper3},
    {"meridians", "meridians", kMeridians},
    {"meridians_size6", "meridians:size=6", kMeridians},
    {"meridians_size8", "meridians:size=8", kMeridians},
    {"meridians_swap", "meridians:swap", kMeridians},
    {"meridians_second_sight", "meridians:second=sight", kMeridians},
    {"meridians_pass_keeps", "meridians:pass=keeps", kMeridians},
    {"meridians_abstractplay", "meridians:rules=abstractplay,size=6", kMeridians},
};

class PropertyTest : public ::testing::Test {
 public:
  explicit PropertyTest(std::function<void()> body) : body_(std::move(body)) {}
  void TestBody() override { body_(); }

 private:
  std::function<void()> body_;
};

void register_instance(const std::string& name, const std::string& spec, const Budget& b) {
  const auto add = [&](const char* suite, const std::string& test, std::function<void()> body) {
    ::testing::RegisterTest(suite, test.c_str(), nullptr, spec.c_str(), __FILE__, __LINE__,
                            [body]() -> ::testing::Test* { return new PropertyTest(body); });
  };
  add("GenericConformance", name + "_engine", [=] { conformance_test(spec, Impl::kEngine, b); });
  add("GenericConformance", name + "_reference",
      [=] { conformance_test(spec, Impl::kReference, b); });
  add("GenericEngineEqualsReference", name, [=] { engine_equals_reference_test(spec, b); });
}

// Every registered game, at static initialisation (as TEST does).
const bool kRegistered = [] {
  Games::for_each([]<class Pair>() {
    bool any = false;
    for (const Instance& i : kInstances) {
      const std::string_view spec = i.spec;
      if (spec.substr(0, spec.find(':')) != Pair::kName) continue;
      register_instance(i.name, i.spec, i.budget);
      any = true;
    }
    if (!any) register_instance(std::string(Pair::kName), std::string(Pair::kName), Budget{});
  });
  return true;
}();

}  // namespace
