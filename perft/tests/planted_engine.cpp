// A test engine with one planted bug, speaking the engine protocol like
// `perft serve emergo`: our Emergo engine, wrong at one position only. The
// bugs live here, never in the shipped tool. Usage: planted_engine BUG, BUG one
// of drop-capture, extra-placement, last-ply, text.
#include <algorithm>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/spec.h"
#include "engine/emergo/emergo.h"
#include "perft/serve.h"

namespace {

enum class Bug { kDropCapture, kExtraPlacement, kLastPly, kText };

// Where each bug sits (tests/CMakeLists.txt checks that verify finds it there).
// After b2 a1 a3 Black must capture a1xc3 (E4); the engine forgets it.
constexpr std::string_view kDropAt = "9/9/9/9/9/9/W8/1W7/B8 b 10 11";
// After a1 a9 c1: the engine also enters Black on the occupied a1 (E8).
constexpr std::string_view kExtraAt = "B8/9/9/9/9/9/9/9/W1W6 b 10 11";
// After a1 a9: the engine's count of the last ply is one too many.
constexpr std::string_view kLastPlyAt = "B8/9/9/9/9/9/9/9/W8 w 11 11";
// After c1 c9: the engine writes the men in hand in the wrong order.
constexpr std::string_view kTextAt = "2B6/9/9/9/9/9/9/9/2W6 w 11 11";

Bug g_bug = Bug::kDropCapture;

class Planted {
 public:
  using Inner = arb::engine::emergo::Emergo;
  using Position = Inner::Position;
  struct Move {
    Inner::Move move;
    bool fake = false;  // the illegal placement
  };
  using MoveList = std::vector<Move>;
  static constexpr std::string_view kName = Inner::kName;

  explicit Planted(const arb::Spec& spec) : g_(spec) {}
  const arb::Spec& spec() const { return g_.spec(); }
  std::string_view players() const { return g_.players(); }
  Position start() const { return g_.start(); }
  Position parse(std::string_view text) const { return g_.parse(text); }
  std::string format(const Position& p) const {
    const std::string text = g_.format(p);
    if (g_bug == Bug::kText && text == kTextAt) return "2B6/9/9/9/9/9/9/9/2W6 w 11 11 ";
    return text;
  }
  std::string diagram(const Position& p) const { return g_.diagram(p); }
  int to_move(const Position& p) const { return g_.to_move(p); }
  MoveList legal_moves(const Position& p) const {
    MoveList out;
    const std::string text = g_.format(p);
    for (const auto& m : g_.legal_moves(p)) {
      if (g_bug == Bug::kDropCapture && text == kDropAt && g_.move_text(p, m) == "a1xc3") continue;
      out.push_back({m, false});
    }
    if (g_bug == Bug::kExtraPlacement && text == kExtraAt && !out.empty())
      out.push_back({out.front().move, true});
    return out;
  }
  std::uint64_t count_moves(const Position& p) const {
    const std::uint64_t n = legal_moves(p).size();
    return g_bug == Bug::kLastPly && g_.format(p) == kLastPlyAt ? n + 1 : n;
  }
  Position play(const Position& p, const Move& m) const { return g_.play(p, m.move); }
  std::string move_text(const Position& p, const Move& m) const {
    return m.fake ? "a1" : g_.move_text(p, m.move);
  }
  Move parse_move(const Position& p, std::string_view text) const {
    for (const auto& m : legal_moves(p))
      if (move_text(p, m) == text) return m;
    throw arb::Error("illegal move '" + std::string(text) + "'");
  }
  arb::Outcome outcome(const Position& p) const { return g_.outcome(p); }

 private:
  Inner g_;
};

static_assert(arb::Game<Planted>);

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const std::vector<std::string> names = {"drop-capture", "extra-placement", "last-ply", "text"};
  const auto it = args.size() == 1 ? std::find(names.begin(), names.end(), args[0]) : names.end();
  if (it == names.end()) {
    std::cerr << "usage: planted_engine drop-capture|extra-placement|last-ply|text\n";
    return 2;
  }
  g_bug = static_cast<Bug>(it - names.begin());
  std::string next;
  arb::Serve::Args a;
  a.in = &std::cin;
  a.next_spec = &next;
  const Planted g(arb::Spec::parse("emergo"));
  for (;;) {  // it plays Emergo only: `game` for anything else is an err reply
    const int status = arb::Serve::serve(g, a, std::cout);
    if (status != arb::Serve::kSwitchGame) return status;
    a.greet = next == "emergo";
    if (!a.greet) std::cout << "err this test engine plays emergo only" << std::endl;
  }
}
