// Engine == reference on constructed positions: random
// positions built directly as text, not reached by random play, so that the
// rare situations random playouts seldom reach come up often: full and empty
// boards, crowded edges and corners, one colour only, a side whose every
// entry is forbidden or whose men are all blocked, White holding all his men
// against a Black who has entered (E10), men about to reach the far row with
// the drop zone full or emptied by the move (X6), huge colonies (M11 sets no
// supply) and finished games. Each case: both implementations accept or
// reject the text alike; if accepted, perft compare to depth 2 finds no
// difference (move sets, children, count_moves, outcomes; RULES.md I3).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "arb/games.h"
#include "common/error.h"
#include "common/spec.h"
#include "perft/check/compare.h"

namespace {

// Density and colour mix are drawn per case, so that empty, full and
// one-coloured boards are all common.
struct Mix {
  int density;      // percent of squares occupied
  int white_share;  // percent of the occupied squares that are White's
};

Mix gen_mix() {
  return {*rc::gen::weightedElement<int>({{1, 0}, {1, 100}, {6, 50}}) == 50
              ? *rc::gen::inRange(0, 101)
              : *rc::gen::element(0, 100, 95),
          *rc::gen::inRange(0, 101)};
}

bool chance(int percent) { return *rc::gen::inRange(0, 100) < percent; }

// Both accept or both reject `text`; if accepted, compare finds nothing to
// depth 2 (depth 1 above 40 moves, to stay fast). Returns whether it parsed.
template <class Pair>
bool check_text(const std::string& spec_text, const std::string& text) {
  const arb::Spec spec = arb::Spec::parse(spec_text);
  const typename Pair::Engine e(spec);
  const typename Pair::Reference r(spec);
  std::string ee, re;
  typename Pair::Engine::Position ep;
  typename Pair::Reference::Position rp;
  try {
    ep = e.parse(text);
  } catch (const arb::Error& x) {
    ee = x.what();
  }
  try {
    rp = r.parse(text);
  } catch (const arb::Error& x) {
    re = x.what();
  }
  RC_ASSERT(ee.empty() == re.empty());
  if (!ee.empty()) return false;
  const int depth = r.count_moves(rp) <= 40 ? 2 : 1;
  const arb::CompareResult result = arb::compare(e, r, ep, rp, depth);
  if (result.first) RC_FAIL(spec_text + " '" + text + "':\n" + arb::describe(*result.first));
  return true;
}

// Emergo (E1-E12): columns of random height and prisoners on random dark
// squares, men in hand up to what is left, either side to move.
std::string emergo_text(int size) {
  const int men = size == 9 ? 12 : 8;
  const Mix mix = gen_mix();
  int left[2] = {men, men};
  std::string text;
  for (int rank = size - 1; rank >= 0; --rank) {
    int run = 0;
    for (int file = 0; file < size; ++file) {
      std::string column;
      if ((file + rank) % 2 == 0 && chance(mix.density)) {
        const int owner = chance(mix.white_share) ? 0 : 1;
        const int cap = std::min(left[owner], *rc::gen::element(1, 1, 1, 2, 3, 5));
        const int prisoners =
            std::min(left[1 - owner], chance(70) ? 0 : *rc::gen::element(1, 2, 4));
        if (cap > 0) {
          left[owner] -= cap;
          left[1 - owner] -= prisoners;
          column = std::string(static_cast<std::size_t>(prisoners), "WB"[1 - owner]) +
                   std::string(static_cast<std::size_t>(cap), "WB"[owner]);
        }
      }
      if (column.empty()) {
        ++run;
        continue;
      }
      if (run) text += std::to_string(run);
      run = 0;
      text += column.size() == 1 ? column : "(" + column + ")";
    }
    if (run) text += std::to_string(run);
    if (rank) text += '/';
  }
  // Hands: often all (E10), often none (steps, E11-E12), else anything left.
  int hand[2];
  for (int c = 0; c < 2; ++c)
    hand[c] = *rc::gen::weightedElement<int>({{2, left[c]}, {2, 0}, {3, -1}});
  for (int c = 0; c < 2; ++c)
    if (hand[c] < 0) hand[c] = *rc::gen::inRange(0, left[c] + 1);
  return text + (chance(50) ? " w " : " b ") + std::to_string(hand[0]) + " " +
         std::to_string(hand[1]);
}

// Eximo (X1-X7): men anywhere but on their own far rank, either side to move.
std::string eximo_text() {
  const Mix mix = gen_mix();
  std::string text;
  for (int rank = 7; rank >= 0; --rank) {
    int run = 0;
    for (int file = 0; file < 8; ++file) {
      char man = 0;
      if (chance(mix.density)) man = chance(mix.white_share) ? 'W' : 'B';
      if ((man == 'W' && rank == 7) || (man == 'B' && rank == 0)) man = 0;
      if (!man) {
        ++run;
        continue;
      }
      if (run) text += static_cast<char>('0' + run);
      run = 0;
      text += man;
    }
    if (run) text += static_cast<char>('0' + run);
    if (rank) text += '/';
  }
  return text + (chance(50) ? " w" : " b");
}

// Meridians (M1-M11), both counters at 2: random stones; the side not to move
// then loses its dead groups, as M10 would have removed them (the engine's
// own dead_stones builds the text; the reference must still accept it).
template <class E>
std::string meridians_text(const E& e) {
  const Mix mix = gen_mix();
  const auto& geo = e.geometry();
  typename E::Position p;
  for (int point = 0; point < geo.cells; ++point)
    if (chance(mix.density)) p.stones[chance(mix.white_share) ? 0 : 1].set(point);
  p.side = chance(50) ? 0 : 1;
  p.placed[0] = p.placed[1] = 2;
  const int idle = 1 - p.side;
  p.stones[idle] = p.stones[idle].and_not(e.dead_stones(p, idle));
  return e.format(p);
}

// The registry's pairs (arb::Games), checked by name.
using EmergoPair = std::tuple_element_t<0, arb::Games::apply<std::tuple>>;
using EximoPair = std::tuple_element_t<1, arb::Games::apply<std::tuple>>;
using MeridiansPair = std::tuple_element_t<3, arb::Games::apply<std::tuple>>;
static_assert(EmergoPair::kName == "emergo" && EximoPair::kName == "eximo" &&
              MeridiansPair::kName == "meridians");

RC_GTEST_PROP(ConstructedPositions, EmergoEngineEqualsReference, ()) {
  const int size = *rc::gen::element(9, 7);
  const std::string text = emergo_text(size);
  RC_TAG(check_text<EmergoPair>(size == 9 ? "emergo" : "emergo:size=7", text) ? "parsed"
                                                                              : "rejected");
}

RC_GTEST_PROP(ConstructedPositions, EximoEngineEqualsReference, ()) {
  RC_TAG(check_text<EximoPair>("eximo", eximo_text()) ? "parsed" : "rejected");
}

RC_GTEST_PROP(ConstructedPositions, MeridiansEngineEqualsReference, ()) {
  const std::string spec =
      *rc::gen::element<std::string>("meridians", "meridians:size=6", "meridians:size=8");
  const typename MeridiansPair::Engine e(arb::Spec::parse(spec));
  RC_TAG(check_text<MeridiansPair>(spec, meridians_text(e)) ? "parsed" : "rejected");
}

}  // namespace
