// One rejection per rule of RULES.md's notation sections (position
// text and move text of every game), checked on both implementations of the
// game: each must throw arb::Error with one clear line that names what is
// wrong. The tables speak only the text notation, so sharing them couples
// neither implementation to the other (as game_test_support.h).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"

namespace arb::test {

struct NotationCase {
  const char* rule;      // the sentence of RULES.md it breaks
  const char* spec;      // the game spec
  const char* position;  // a bad position text, or the position of a bad move
  const char* move;      // nullptr: the position is the bad text
  // Words the message must contain (case-insensitive), each one alternative
  // of a '|'-separated list: the two implementations word things their way.
  std::vector<const char*> words;
};

inline std::string lowered(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// Whether `message` contains one of the '|'-separated alternatives.
inline bool mentions(const std::string& message, const std::string& alternatives) {
  const std::string m = lowered(message);
  std::size_t from = 0;
  while (from <= alternatives.size()) {
    const std::size_t bar = std::min(alternatives.find('|', from), alternatives.size());
    if (m.find(lowered(alternatives.substr(from, bar - from))) != std::string::npos) return true;
    from = bar + 1;
  }
  return false;
}

template <Game G>
void expect_notation_rules(const std::vector<NotationCase>& cases) {
  for (const NotationCase& c : cases) {
    SCOPED_TRACE(std::string(c.rule) + ": " + c.position + (c.move ? " / " : "") +
                 (c.move ? c.move : ""));
    const G g(Spec::parse(c.spec));
    std::string message;
    try {
      if (c.move) {
        const auto pos = g.parse(c.position);  // the position itself is good
        (void)g.parse_move(pos, c.move);
      } else {
        (void)g.parse(c.position);
      }
      ADD_FAILURE() << "accepted";
      continue;
    } catch (const Error& e) {
      message = e.what();
    }
    EXPECT_FALSE(message.empty());
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_LT(message.size(), 400u) << message;
    for (const char* w : c.words) EXPECT_TRUE(mentions(message, w)) << message << " lacks " << w;
  }
}

// ---- Emergo: "Position text", "Parse errors", "Move text"
inline const std::vector<NotationCase> kEmergoNotationRules = {
    {"fields separated by single spaces",
     "emergo",
     "9/9/9/9/9/9/9/9/9  w 12 12",
     nullptr,
     {"position", "space"}},
    {"four fields", "emergo", "9/9/9/9/9/9/9/9/9 w 12", nullptr, {"position", "4 fields"}},
    {"ranks from the top down to rank 1",
     "emergo",
     "9/9/9/9/9/9/9/9 w 12 12",
     nullptr,
     {"ranks", "8"}},
    {"a rank of the wrong length", "emergo", "8/9/9/9/9/9/9/9/9 w 12 12", nullptr, {"rank 9", "8"}},
    {"a rank of the wrong length (7x7)",
     "emergo:size=7",
     "7/7/7/7/7/7/6 w 8 8",
     nullptr,
     {"rank 1", "6"}},
    {"W, B, a digit or a column",
     "emergo",
     "X8/9/9/9/9/9/9/9/9 w 12 12",
     nullptr,
     {"rank 9", "'X'"}},
    {"a man on a light square",
     "emergo",
     "9/9/9/9/9/9/9/9/1W7 w 11 12",
     nullptr,
     {"rank 1", "light square b1"}},
    {"a column in the wrong order",
     "emergo",
     "9/9/9/9/9/9/9/9/(WBW)8 w 10 11",
     nullptr,
     {"rank 1", "(WBW)", "order"}},
    {"a single man in parentheses",
     "emergo",
     "9/9/9/9/9/9/9/9/(W)8 w 11 12",
     nullptr,
     {"rank 1", "parentheses"}},
    {"an unclosed column", "emergo", "9/9/9/9/9/9/9/9/(WB8 w 11 12", nullptr, {"rank 1", "'('"}},
    {"two digits in a row",
     "emergo",
     "45/9/9/9/9/9/9/9/9 w 12 12",
     nullptr,
     {"rank 9", "two digits in a row"}},
    {"more men than the game has",
     "emergo",
     "9/9/9/9/9/9/9/9/W8 w 12 12",
     nullptr,
     {"white", "more than 12|at most 12"}},
    {"more men than the game has (7x7)",
     "emergo:size=7",
     "7/7/7/7/7/7/7 b 8 9",
     nullptr,
     {"black", "9 men", "8"}},
    {"side w or b", "emergo", "9/9/9/9/9/9/9/9/9 x 12 12", nullptr, {"side", "'x'"}},
    {"in hand: a number", "emergo", "9/9/9/9/9/9/9/9/9 w 12 a", nullptr, {"black", "'a'"}},
    {"in hand: no leading zero",
     "emergo",
     "9/9/9/9/9/9/9/9/9 w 012 12",
     nullptr,
     {"white", "leading zero"}},
    {"the side not to move owns a column or has men in hand",
     "emergo",
     "9/9/9/9/9/9/9/9/W8 w 11 0",
     nullptr,
     {"side", "black", "no column", "in hand"}},
    {"an entry on a light square", "emergo", "9/9/9/9/9/9/9/9/9 w 12 12", "b1", {"'b1'"}},
    {"a move text has no spaces", "emergo", "9/9/9/9/9/9/9/9/9 w 12 12", "d6 ", {"d6"}},
    {"squares in lower case", "emergo", "9/9/9/9/9/9/9/9/9 w 12 12", "D6", {"'D6'"}},
    {"a step from an empty square", "emergo", "9/9/9/9/9/9/9/9/9 w 12 12", "d4-e5", {"'d4-e5'"}},
    {"a capture lists every landing square",
     "emergo",
     "9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0",
     "d4xb6",
     {"'d4xb6'"}},
};

// ---- Eximo: "Position text", "Move text"
inline const std::vector<NotationCase> kEximoNotationRules = {
    {"two fields", "eximo", "8/8/8/8/8/8/8/8", nullptr, {"position", "<ranks> <side>"}},
    {"two fields, no more",
     "eximo",
     "1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 w w",
     nullptr,
     {"side", "'w w'|extra"}},
    {"ranks 8 to 1", "eximo", "8/8/8/8/8/8/8 w", nullptr, {"ranks", "7 ranks"}},
    {"a rank of eight squares", "eximo", "7/8/8/8/8/8/8/8 w", nullptr, {"rank 8", "7 squares"}},
    {"digits, W, B", "eximo", "X7/8/8/8/8/8/8/8 w", nullptr, {"rank 8", "'X'"}},
    {"side w or b", "eximo", "8/8/8/8/8/8/8/8 x", nullptr, {"side", "'x'"}},
    {"White on rank 8",
     "eximo",
     "W7/8/8/8/8/8/8/8 w",
     nullptr,
     {"rank 8", "far rank at a8", "'W'"}},
    {"Black on rank 1",
     "eximo",
     "8/8/8/8/8/8/8/B7 b",
     nullptr,
     {"rank 1", "far rank at a1", "'B'"}},
    {"a step",
     "eximo",
     "1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 w",
     "c3-c5",
     {"'c3-c5'"}},
    {"a move text has no spaces",
     "eximo",
     "1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 w",
     "c3- c4",
     {"c3-"}},
    {"squares in lower case",
     "eximo",
     "1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 w",
     "C3-C4",
     {"'C3-C4'"}},
    {"a capture is written with x", "eximo", "B7/8/8/8/3WB3/8/8/8 w", "d4-f4", {"'d4-f4'"}},
    {"drops sorted by rank then file",
     "eximo",
     "B7/3W4/8/8/8/8/8/8 w",
     "d7-d8+c2+b1",
     {"'d7-d8+c2+b1'", "non-canonical|sorted"}},
};

// ---- Ecalper: "Position text", "Move text"
inline const std::vector<NotationCase> kEcalperNotationRules = {
    {"four fields",
     "ecalper:size=5",
     "5/6/7/8/9/8/7/6/5 b -",
     nullptr,
     {"position", "<rows> <side> <swap> <last>"}},
    {"rows from the top",
     "ecalper:size=5",
     "5/6/7/8/9/8/7/6 b - -:-",
     nullptr,
     {"rows", "8 rows", "expected 9"}},
    {"a row of the wrong length",
     "ecalper:size=5",
     "4/6/7/8/9/8/7/6/5 b - -:-",
     nullptr,
     {"row 1", "4 cells", "expected 5"}},
    {"B, W, R or a number",
     "ecalper:size=5",
     "X4/6/7/8/9/8/7/6/5 b - -:-",
     nullptr,
     {"row 1", "'X'"}},
    {"R only with three players",
     "ecalper:size=5",
     "R4/6/7/8/9/8/7/6/5 b - -:-",
     nullptr,
     {"row 1", "'R'"}},
    {"side b, w or r", "ecalper:size=5", "5/6/7/8/9/8/7/6/5 x - -:-", nullptr, {"side", "'x'"}},
    {"side r only with three players",
     "ecalper:size=5",
     "5/6/7/8/9/8/7/6/5 r - -:-",
     nullptr,
     {"side", "'r'"}},
    {"swap s or -", "ecalper:size=5", "5/6/7/8/9/8/7/6/5 b x -:-", nullptr, {"swap", "'x'"}},
    {"last is <replaced>:<placed,...>",
     "ecalper:size=5",
     "5/6/7/8/9/8/7/6/5 b - -",
     nullptr,
     {"last", "<replaced>:<placed,...>"}},
    {"placed cells sorted by row, then column",
     "ecalper:size=5",
     "BBB2/6/7/8/9/8/7/6/5 w s -:B1,A1,C1",
     nullptr,
     {"last", "sorted by row", "'A1'"}},
    {"a cell name: letter and row",
     "ecalper:size=5",
     "BBB2/6/7/8/9/8/7/6/5 w s -:A1,B1,Z1",
     nullptr,
     {"last", "Z1"}},
    {"first turn places 3",
     "ecalper:size=5",
     "5/6/7/8/9/8/7/6/5 b - -:-",
     "A1+B1",
     {"'A1+B1'", "3"}},
    {"placed cells sorted in a move",
     "ecalper:size=5",
     "5/6/7/8/9/8/7/6/5 b - -:-",
     "B1+A1+C1",
     {"'B1+A1+C1'", "sorted by row"}},
    {"a move text has no spaces",
     "ecalper:size=5",
     "5/6/7/8/9/8/7/6/5 b - -:-",
     "A1+B1+ C1",
     {"C1"}},
    {"a cell of the board", "ecalper:size=5", "5/6/7/8/9/8/7/6/5 b - -:-", "A1+B1+F1", {"'F1'"}},
    {"no replacement on the first turn",
     "ecalper:size=5",
     "5/6/7/8/9/8/7/6/5 b - -:-",
     "xA1+B1+C1+D1",
     {"xA1"}},
    {"the replaced cell comes first",
     "ecalper:size=5",
     "BBB2/6/7/8/9/8/7/6/5 w s -:A1,B1,C1",
     "A2+xA1+B2+C2",
     {"'A2+xA1+B2+C2'", "xA1"}},
};

// ---- Meridians: "Position text", "Move text"
inline const std::vector<NotationCase> kMeridiansNotationRules = {
    {"four or five fields",
     "meridians",
     "6/7/8/9/10/11/12/11/10/9/8/7/6 w 0",
     nullptr,
     {"position", "<rows>|fields"}},
    {"rows from the top",
     "meridians",
     "6/7/8/9/10/11/12/11/10/9/8/7 w 0 0",
     nullptr,
     {"rows", "12 rows", "expected 13"}},
    {"a row of the wrong length",
     "meridians",
     "5/7/8/9/10/11/12/11/10/9/8/7/6 w 0 0",
     nullptr,
     {"row m", "5 points", "expected 6"}},
    {"W, B or a number",
     "meridians",
     "X5/7/8/9/10/11/12/11/10/9/8/7/6 w 0 0",
     nullptr,
     {"row m", "'X'"}},
    {"side w or b", "meridians", "6/7/8/9/10/11/12/11/10/9/8/7/6 x 0 0", nullptr, {"side", "'x'"}},
    {"placed: a number",
     "meridians",
     "6/7/8/9/10/11/12/11/10/9/8/7/6 w a 0",
     nullptr,
     {"placed-white", "'a'"}},
    {"placed: capped at 2",
     "meridians",
     "6/7/8/9/10/11/12/11/10/9/8/7/6 w 3 0",
     nullptr,
     {"placed-white", "'3'"}},
    {"the flag is swap",
     "meridians:swap",
     "6/7/8/9/10/11/12/11/10/9/8/7/W5 b 1 0 swop",
     nullptr,
     {"swap", "'swop'"}},
    {"swap only where the side to move may swap",
     "meridians",
     "6/7/8/9/10/11/12/11/10/9/8/7/W5 b 1 0 swap",
     nullptr,
     {"swap", "no swap option"}},
    {"a dead group of the side not to move that has placed 2",
     "meridians",
     "6/7/8/9/10/11/12/11/10/9/8/7/BB1W1W w 2 2",
     nullptr,
     {"dead", "black group at a1"}},
    {"a point of the board", "meridians", "6/7/8/9/10/11/12/11/10/9/8/7/6 w 0 0", "z9", {"'z9'"}},
    {"a move text has no spaces",
     "meridians",
     "6/7/8/9/10/11/12/11/10/9/8/7/6 w 0 0",
     "g6 ",
     {"g6"}},
    {"points in lower case", "meridians", "6/7/8/9/10/11/12/11/10/9/8/7/6 w 0 0", "G6", {"'G6'"}},
    {"swap only under the option",
     "meridians",
     "6/7/8/9/10/11/12/11/10/9/8/7/W5 b 1 0",
     "swap",
     {"'swap'"}},
};

}  // namespace arb::test
