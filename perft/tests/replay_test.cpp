// perft replay (perft/files/replay.h, perft/cli/replay.cpp): records of real games
// pass, and each kind of failure is named by file:line and ply with the
// diagram and a command that shows it again; bad input is one line, exit 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "arb/games.h"
#include "common/game.h"
#include "common/spec.h"
#include "perft/files/replay.h"
#include "perft/tests/cli_run.h"
#include "reference/emergo/emergo.h"

namespace arb {
namespace {

using test::CliRun;
CliRun perft(const std::vector<std::string>& args) { return test::run_cli(args); }

const std::string kRecords = std::string(ARB_FIXTURES_DIR) + "/replays/playthroughs.txt";

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<std::string> file_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The record of fixtures/replays/playthroughs.txt with this id.
std::string record(const std::string& id) {
  for (const auto& line : file_lines(kRecords))
    if (contains(line, "; id " + id + ";")) return line;
  ADD_FAILURE() << "no record " << id;
  return "";
}

// A file of these lines in the test's temporary directory.
std::string write_file(const std::string& name, const std::vector<std::string>& lines) {
  const std::string path = ::testing::TempDir() + "replay_" + name + ".txt";
  std::ofstream out(path, std::ios::binary);
  for (const auto& line : lines) out << line << '\n';
  return path;
}

// The value of `field` ("moves", "counts") of a record line, and the line with it replaced.
std::string field_of(const std::string& line, const std::string& field) {
  const auto begin = line.find("; " + field + " ");
  if (begin == std::string::npos) return "";
  const auto from = begin + field.size() + 3;
  return line.substr(from, line.find(';', from) - from);
}
std::string with_field(const std::string& line, const std::string& field,
                       const std::string& value) {
  const auto begin = line.find("; " + field + " ") + field.size() + 3;
  return line.substr(0, begin) + value + line.substr(line.find(';', begin));
}
std::vector<std::string> words(const std::string& text) { return split_moves(text); }
std::string joined(const std::vector<std::string>& w) {
  std::string out;
  for (const auto& s : w) out += (out.empty() ? "" : " ") + s;
  return out;
}

// The arguments of the "again:" command of a failure (single quotes only).
std::vector<std::string> again_args(const std::string& out) {
  const auto at = out.find("again:    perft ");
  if (at == std::string::npos) return {};
  const std::string line = out.substr(at + 16, out.find('\n', at) - at - 16);
  std::vector<std::string> args;
  std::string word;
  bool quoted = false, any = false;
  for (const char c : line) {
    if (c == '\'') {
      quoted = !quoted;
      any = true;
    } else if (c == ' ' && !quoted) {
      if (any) args.push_back(word);
      word.clear();
      any = false;
    } else {
      word += c;
      any = true;
    }
  }
  if (any) args.push_back(word);
  return args;
}

TEST(PerftReplay, TheGoldenPlaythroughsReplayOnEngineAndReference) {
  const CliRun r = perft({"replay", kRecords});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(contains(r.out, "26 games, 1620 moves: 26 passed, 0 failed (")) << r.out;
  const CliRun e = perft({"replay", kRecords, "--engine-only"});
  EXPECT_EQ(e.status, 0) << e.out << e.err;
  EXPECT_TRUE(contains(e.out, "(engine)\n")) << e.out;
  EXPECT_TRUE(contains(e.out, "26 passed, 0 failed")) << e.out;
}

// Every registered game, a variant and three-player Ecalper have records.
TEST(PerftReplay, TheRecordsCoverEveryGameAVariantAndThreePlayers) {
  const auto lines = file_lines(kRecords);
  const auto has = [&](const std::string& prefix) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
  };
  Games::for_each([&]<class Pair>() { EXPECT_TRUE(has(std::string(Pair::kName))) << Pair::kName; });
  EXPECT_TRUE(has("ecalper:players=3,"));
  EXPECT_TRUE(has("meridians:pass=keeps,"));  // V7, AbstractPlay's rule
  EXPECT_TRUE(has("eximo:drops=optional;"));
}

TEST(PerftReplay, AnIllegalMoveIsNamedByLineAndPlyWithDiagramAndCommand) {
  const std::string good = record("eximo-seed1");
  auto moves = words(field_of(good, "moves"));
  moves[4] = "a1-a8";
  const std::string path =
      write_file("illegal", {"# a comment", "", good, with_field(good, "moves", joined(moves))});
  const CliRun r = perft({"replay", path});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(contains(r.out, "FAIL  " + path +
                                  ":4 (eximo-seed1) at ply 5 'a1-a8': engine and "
                                  "reference reject 'a1-a8'"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "   a b c d e f g h\n")) << r.out;  // the diagram
  EXPECT_TRUE(contains(r.out, "2 games, ")) << r.out;
  EXPECT_TRUE(contains(r.out, "1 passed, 1 failed")) << r.out;
  // The command shows the same rejection.
  const auto again = again_args(r.out);
  ASSERT_FALSE(again.empty()) << r.out;
  EXPECT_EQ(again[0], "show");
  const CliRun a = perft(again);
  EXPECT_EQ(a.status, 2);
  EXPECT_TRUE(contains(a.err, "'a1-a8'")) << a.err;
}

TEST(PerftReplay, AWrongCountIsNamedWithADivideThatGivesTheTrueOne) {
  const std::string good = record("meridians6-seed1");
  auto counts = words(field_of(good, "counts"));
  const std::string truth = counts[9];
  counts[9] = "7";
  const std::string path = write_file("count", {with_field(good, "counts", joined(counts))});
  const CliRun r = perft({"replay", path});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, path + ":1 (meridians6-seed1) at ply 10 '")) << r.out;
  EXPECT_TRUE(contains(r.out, "the record says 7 legal moves, engine and reference count " + truth))
      << r.out;
  const auto again = again_args(r.out);
  ASSERT_GE(again.size(), 2u) << r.out;
  EXPECT_EQ(again[0], "meridians:size=6");
  const CliRun d = perft(again);
  EXPECT_EQ(d.status, 0) << d.err;
  EXPECT_TRUE(contains(d.out, "total " + truth + " nodes")) << d.out;
}

TEST(PerftReplay, AWrongResultIsNamedAtTheEnd) {
  const std::string good = record("ecalper5-3p-late-seed1");
  ASSERT_EQ(field_of(good, "result"), "w");
  const std::string path = write_file("result", {with_field(good, "result", "draw:b+r")});
  const CliRun r = perft({"replay", path});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out,
                       "at the end (after ply 3): the record says result draw:b+r, engine "
                       "and reference give w"))
      << r.out;
  const auto again = again_args(r.out);
  ASSERT_FALSE(again.empty()) << r.out;
  const CliRun s = perft(again);
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_TRUE(contains(s.out, "outcome:  win w")) << s.out;
}

// Emergo E12: a played game ends by repetition, and a record that goes on fails.
TEST(PerftReplay, ThePlayedLineEndsAnEmergoGameByRepetition) {
  const std::string good = record("emergo-repetition-seed1");
  ASSERT_EQ(field_of(good, "result"), "draw");
  const std::string path = write_file("repetition", {good});
  EXPECT_EQ(perft({"replay", path}).status, 0);
  const auto moves = words(field_of(good, "moves"));
  // The last move again after the game has ended (the position repeats).
  const std::string more = with_field(good, "moves", joined(moves) + " " + moves[moves.size() - 2]);
  const std::string longer = write_file("repetition_more", {more.substr(0, more.find("; counts"))});
  const CliRun r = perft({"replay", longer});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "the game is already over (draw, by the played line)")) << r.out;
}

// A published record checks a preset (V8): AbstractPlay's Meridians keeps a
// passer's dead groups (V7), so its game goes on where the default has ended.
TEST(PerftReplay, ARecordChecksWhichRulesItWasPlayedUnder) {
  const std::string keeps = record("meridians6-keeps-seed6");
  ASSERT_EQ(keeps.rfind("meridians:pass=keeps,size=6;", 0), 0u);
  const std::string rest = keeps.substr(keeps.find(';'));
  const std::string path = write_file("preset", {"meridians:rules=abstractplay,size=6" + rest});
  const CliRun ok = perft({"replay", path});
  EXPECT_EQ(ok.status, 0) << ok.out << ok.err;
  const std::string plain = "meridians:size=6" + rest;
  const std::string without_counts = plain.substr(0, plain.find("; counts")) +
                                     plain.substr(plain.find(';', plain.find("; counts") + 1));
  const std::string wrong = write_file("preset_wrong", {without_counts});
  const CliRun r = perft({"replay", wrong});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out,
                       "at ply 75 'f8': the game is already over (win w) but the record "
                       "goes on with 'f8'"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "game over: win w\n")) << r.out;  // the diagram's last line
}

TEST(PerftReplay, JsonJunitAndGithub) {
  const std::string good = record("emergo-seed2");
  auto moves = words(field_of(good, "moves"));
  moves[0] = "z9";
  const std::string path = write_file("ci", {good, with_field(good, "moves", joined(moves))});
  const CliRun j = perft({"replay", path, "--json"});
  EXPECT_EQ(j.status, 1) << j.err;
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["games"], 2);
  EXPECT_EQ(doc["passed"], 1);
  EXPECT_EQ(doc["failed"], 1);
  ASSERT_EQ(doc["failures"].size(), 1u);
  EXPECT_EQ(doc["failures"][0]["line"], 2);
  EXPECT_EQ(doc["failures"][0]["ply"], 1);
  EXPECT_EQ(doc["failures"][0]["move"], "z9");
  EXPECT_EQ(doc["failures"][0]["position"], "9/9/9/9/9/9/9/9/9 w 12 12");

  const std::string xml = ::testing::TempDir() + "replay_ci.xml";
  const CliRun g = perft({"replay", path, "--junit", xml, "--github"});
  EXPECT_EQ(g.status, 1) << g.err;
  EXPECT_TRUE(contains(g.out, "::error file=" + path + ",line=2,")) << g.out;
  std::ifstream in(xml);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(contains(text, "tests=\"2\"")) << text;
  EXPECT_TRUE(contains(text, "failures=\"1\"")) << text;
}

TEST(PerftReplay, StdinIsDash) {
  std::istringstream records(record("meridians-swap-seed1") + "\n");
  std::streambuf* saved = std::cin.rdbuf(records.rdbuf());
  const CliRun r = perft({"replay", "-"});
  std::cin.rdbuf(saved);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "replay stdin (engine and reference)\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "1 games, ")) << r.out;
}

// Bad input: one line on stderr naming file:line and the field, exit 2.
TEST(PerftReplay, MalformedLinesAreOneLineWithStatus2) {
  const std::string good = record("emergo-seed1");
  const std::string moves = field_of(good, "moves");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"emergo; start", "expected '<spec>; <position or start>; moves ...'"},
      {"emergo; start; result w", "no moves field"},
      {"emergo; start; moves a1; colour w", "field 4 (colour): unknown keyword"},
      {"emergo; start; moves a1; moves a9", "field 4 (moves): given twice"},
      {"emergo; start; moves a1 a9; counts 1", "counts: 1 counts for 2 moves"},
      {"emergo; start; moves a1; counts 0x5", "field 4 (counts): '0x5' is not a count"},
      {"emergo; start; moves a1; result r", "'r' is not a side of this game (wb)"},
      {"emergo; start; moves a1; result draw:b+w", "result 'draw:b+w' is written 'draw'"},
      {"emergo; start; moves a1; result win", "expected a side letter"},
      {"chess; start; moves e4", "field 1 (spec): unknown game"},
      {"emergo:size=8; start; moves a1", "field 1 (spec): "},
      {"emergo; 9/9/9 w 0 0; moves a1", "field 2 (position): "},
      {"emergo; start; moves a1; id two words", "field 4 (id): an id is one word"},
  };
  for (const auto& [line, message] : cases) {
    const std::string path = write_file("malformed", {good, line});
    const CliRun r = perft({"replay", path});
    EXPECT_EQ(r.status, 2) << line << '\n' << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(contains(r.err, "perft: error: " + path + ":2: ")) << r.err;
    EXPECT_TRUE(contains(r.err, message)) << line << '\n' << r.err;
  }
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"replay"},
           {"replay", ::testing::TempDir() + "replay_no_such_file.txt"},
           {"replay", ::testing::TempDir()},
           {"replay", write_file("empty", {"# only a comment", ""})},
           {"replay", kRecords, "--json", "--github"}}) {
    const CliRun r = perft(args);
    EXPECT_EQ(r.status, 2) << args.back();
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

// ---- engine and reference disagree: a planted Emergo against the real one.

// X: reached by a1 a9 c1, Black to move.
constexpr std::string_view kX = "B8/9/9/9/9/9/9/9/W1W6 b 10 11";
enum class Plant { kRejects, kAccepts, kWrongChild, kCountOffByOne, kWrongOutcome, kNoX };

// reference::Emergo, except at position X.
template <Plant P>
class PlantedEmergo {
 public:
  using Inner = reference::Emergo;
  using Position = Inner::Position;
  using Move = Inner::Move;
  using MoveList = Inner::MoveList;
  static constexpr std::string_view kName = Inner::kName;

  explicit PlantedEmergo(const Spec& spec) : g_(spec) {}
  const Spec& spec() const { return g_.spec(); }
  std::string_view players() const { return g_.players(); }
  Position start() const { return g_.start(); }
  Position parse(std::string_view text) const {
    if (P == Plant::kNoX && text == kX) throw Error("planted: no X");
    return g_.parse(text);
  }
  std::string format(const Position& p) const { return g_.format(p); }
  std::string diagram(const Position& p) const { return g_.diagram(p); }
  int to_move(const Position& p) const { return g_.to_move(p); }
  MoveList legal_moves(const Position& p) const { return g_.legal_moves(p); }
  std::uint64_t count_moves(const Position& p) const {
    return g_.count_moves(p) + (P == Plant::kCountOffByOne && at_x(p) ? 1 : 0);
  }
  Position play(const Position& p, const Move& m) const {
    if (P == Plant::kWrongChild && at_x(p)) return g_.play(p, g_.parse_move(p, "g5"));
    return g_.play(p, m);
  }
  std::string move_text(const Position& p, const Move& m) const { return g_.move_text(p, m); }
  Move parse_move(const Position& p, std::string_view text) const {
    if (P == Plant::kRejects && at_x(p) && text == "e5") throw Error("planted: no e5");
    if (P == Plant::kAccepts && at_x(p) && text == "a1") return g_.parse_move(p, "e5");
    return g_.parse_move(p, text);
  }
  Outcome outcome(const Position& p) const {
    if (P == Plant::kWrongOutcome && at_x(p)) return Outcome::win(0);
    return g_.outcome(p);
  }

 private:
  bool at_x(const Position& p) const { return g_.format(p) == kX; }
  Inner g_;
};

template <Plant P>
std::optional<ReplayFailure> replay_planted(const std::string& line) {
  const Spec spec = Spec::parse("emergo");
  const PlantedEmergo<P> engine(spec);
  const reference::Emergo reference(spec);
  ReplayTally tally;
  return replay_record(engine, &reference, parse_replay_line(line, 1), tally);
}

TEST(PerftReplay, EngineAndReferenceDisagreeing) {
  const auto rejects = replay_planted<Plant::kRejects>("emergo; start; moves a1 a9 c1 e5");
  ASSERT_TRUE(rejects);
  EXPECT_EQ(rejects->ply, 4);
  EXPECT_EQ(rejects->position, kX);
  EXPECT_TRUE(contains(rejects->message, "the engine rejects 'e5', the reference plays it"))
      << rejects->message;
  EXPECT_EQ(rejects->command,
            "perft compare emergo --depth 1 --position '" + std::string(kX) + "'");

  // The use of an archive: a move that the engine accepted though illegal.
  const auto accepts = replay_planted<Plant::kAccepts>("emergo; start; moves a1 a9 c1 a1");
  ASSERT_TRUE(accepts);
  EXPECT_EQ(accepts->ply, 4);
  EXPECT_TRUE(contains(accepts->message, "the engine plays 'a1', the reference rejects it"))
      << accepts->message;
  EXPECT_EQ(accepts->diagram, reference::Emergo(Spec::parse("emergo"))
                                  .diagram(reference::Emergo(Spec::parse("emergo")).parse(kX)));

  const auto child = replay_planted<Plant::kWrongChild>("emergo; start; moves a1 a9 c1 e5 a2");
  ASSERT_TRUE(child);
  EXPECT_EQ(child->ply, 4);
  EXPECT_TRUE(contains(child->message, "after 'e5' the engine gives '")) << child->message;

  const auto count =
      replay_planted<Plant::kCountOffByOne>("emergo; start; moves a1 a9 c1 e5; counts 40 39 38 36");
  ASSERT_TRUE(count);
  EXPECT_EQ(count->ply, 4);
  EXPECT_TRUE(contains(count->message, "the engine has 37 legal moves, the reference 36"))
      << count->message;
  // The true counts pass on the real pair.
  const Spec spec = Spec::parse("emergo");
  const reference::Emergo g(spec);
  ReplayTally tally;
  const auto line = parse_replay_line("emergo; start; moves a1 a9 c1 e5; counts 40 39 38 36 32", 1);
  EXPECT_FALSE(replay_record(g, &g, line, tally));
  EXPECT_EQ(tally.plies, 4u);

  const auto start = replay_planted<Plant::kNoX>("emergo; " + std::string(kX) + "; moves e5");
  ASSERT_TRUE(start);
  EXPECT_EQ(start->ply, 0);
  EXPECT_TRUE(contains(start->message, "the engine rejects the position, the reference reads it"))
      << start->message;
  EXPECT_EQ(start->position, kX);

  const auto outcome =
      replay_planted<Plant::kWrongOutcome>("emergo; start; moves a1 a9 c1; result ongoing");
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->ply, 4);  // the end
  EXPECT_TRUE(contains(outcome->message, "the engine ends the game w, the reference ongoing"))
      << outcome->message;
}

}  // namespace
}  // namespace arb
