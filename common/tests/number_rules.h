// The notation's numbers (run lengths, hands, placed counters, row numbers in
// cell names) of every game, one table per game checked on both of its
// implementations (as notation_rules.h): each position parses canonically and
// every misspelling of one of its numbers, or of one in its first legal
// moves, is rejected; each overflowing text is rejected, never wrapped.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"
#include "common/tests/digit_runs.h"

namespace arb::test {

struct NumberCase {
  enum Check { kPosition, kMoves, kOverflow };
  const char* spec;
  const char* text;
  Check check;
  std::size_t limit = 8;  // kMoves: how many legal moves to misspell
};

template <Game G>
void expect_number_rules(const std::vector<NumberCase>& cases) {
  for (const NumberCase& c : cases) {
    SCOPED_TRACE(std::string(c.spec) + ": " + shown(c.text));
    const G g(Spec::parse(c.spec));
    switch (c.check) {
      case NumberCase::kPosition:
        expect_numbers_strict(g, c.text);
        break;
      case NumberCase::kMoves:
        expect_move_numbers_strict(g, c.text, c.limit);
        break;
      case NumberCase::kOverflow:
        EXPECT_THROW(g.parse(c.text), Error);
        break;
    }
  }
}

// ---- Emergo
inline const std::vector<NumberCase> kEmergoNumberRules = {
    {"emergo", "9/9/9/9/9/9/9/9/9 w 12 12", NumberCase::kPosition},
    {"emergo", "9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0", NumberCase::kPosition},
    {"emergo", "9/9/9/9/4W4/9/9/9/9 b 11 12", NumberCase::kPosition},
    {"emergo:size=7", "7/7/7/7/7/7/7 w 8 8", NumberCase::kPosition},
    {"emergo", "9/9/9/9/9/9/9/9/9 w 4294967308 12", NumberCase::kOverflow},
    {"emergo", "9/9/9/9/9/9/9/9/4294967305 w 12 12", NumberCase::kOverflow},
    {"emergo", "9/9/9/9/9/9/9/9/9 w 12 12", NumberCase::kMoves, 100},
    {"emergo", "9/9/2B1B4/9/2(WWBB)1B4/3(WWW)5/9/9/9 w 0 0", NumberCase::kMoves},
};

// ---- Eximo
inline const std::vector<NumberCase> kEximoNumberRules = {
    {"eximo", "1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 w", NumberCase::kPosition},
    {"eximo", "8/B7/8/8/3WB3/8/8/8 b", NumberCase::kPosition},
    {"eximo", "8/8/8/8/8/8/8/4294967304 w", NumberCase::kOverflow},
    {"eximo", "1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 w", NumberCase::kMoves, 100},
    {"eximo", "8/B7/8/8/3WB3/8/8/8 w", NumberCase::kMoves},
};

// ---- Ecalper
inline const std::vector<NumberCase> kEcalperNumberRules = {
    {"ecalper", "7/8/9/10/11/12/13/12/11/10/9/8/7 b - -:-", NumberCase::kPosition},
    {"ecalper", "7/8/2B6/3B6/4B6/12/13/12/11/10/9/8/7 w s -:C3,D4,E5", NumberCase::kPosition},
    {"ecalper:size=5", "B4/6/7/8/4B4/8/7/6/4B w s -:A1,E5,I9", NumberCase::kPosition},
    {"ecalper:size=5",
     "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBBWWWWW/WWWWWWWW/WWWWWWW/WWWWWW/W4 w - A4:B5,C5,D5",
     NumberCase::kPosition},
    {"ecalper:size=5,players=3", "5/6/7/8/9/8/7/6/5 b - -:-", NumberCase::kPosition},
    {"ecalper", "7/8/9/10/11/12/4294967309/12/11/10/9/8/7 b - -:-", NumberCase::kOverflow},
    {"ecalper", "7/8/2B6/3B6/4B6/12/13/12/11/10/9/8/7 w s -:C4294967299,D4,E5",
     NumberCase::kOverflow},
    {"ecalper:size=5",
     "BBBBB/BBBBBB/BBBBBBB/BBBBBBBB/BBBBWWWWW/WWWWWWWW/WWWWWWW/WWWWWW/W4 w - A4:B5,C5,D5",
     NumberCase::kMoves, 40},
};

// ---- Meridians
inline const std::vector<NumberCase> kMeridiansNumberRules = {
    {"meridians", "6/7/8/9/10/11/12/11/10/9/8/7/4294967302 w 0 0", NumberCase::kOverflow},
    {"meridians", "6/7/8/9/10/11/4294967308/11/10/9/8/7/6 w 0 0", NumberCase::kOverflow},
    {"meridians", "6/7/8/9/10/11/18446744073709551628/11/10/9/8/7/6 w 0 0", NumberCase::kOverflow},
    {"meridians", "6/7/8/9/10/11/12/11/10/9/8/7/6 w 0 0", NumberCase::kPosition},
    {"meridians", "6/7/8/9/10/11/12/11/10/9/8/7/6 w 0 0", NumberCase::kMoves, 200},
    {"meridians", "B1B3/7/8/9/10/11/12/11/10/9/8/7/W1W3 w 2 2", NumberCase::kPosition},
    {"meridians", "B1B3/7/8/9/10/11/12/11/10/9/8/7/W1W3 w 2 2", NumberCase::kMoves, 200},
    {"meridians", "6/7/8/9/10/11/12/11/10/9/2W5/7/B1W3 b 2 1", NumberCase::kPosition},
    {"meridians", "6/7/8/9/10/11/12/11/10/9/2W5/7/B1W3 b 2 1", NumberCase::kMoves, 200},
    {"meridians:swap", "6/7/8/9/10/11/12/11/10/9/8/7/W5 b 1 0 swap", NumberCase::kPosition},
    {"meridians:size=8", "7/8/9/10/11/12/13/14/13/12/11/10/9/8/7 w 0 0", NumberCase::kPosition},
    {"meridians:size=8", "7/8/9/10/11/12/13/14/13/12/11/10/9/8/7 w 0 0", NumberCase::kMoves, 200},
};

}  // namespace arb::test
