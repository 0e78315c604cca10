// A test engine with one planted bug, speaking the engine protocol like
// `perft serve emergo`: our Emergo engine, wrong at one position only. The
// bugs live here, never in the shipped tool. Usage: planted_engine BUG, BUG one
// of drop-capture, extra-placement, last-ply, text; or planted_engine KIND
// 'MOVES' (every kind of finding at every depth), KIND one of
// missing (the last move generated is left out), extra (a move `z0` that
// plays as the first), twice (the first move listed twice), count (the last
// ply counted one too many), text (a blank after the text), wrong at the
// position after MOVES from the start ('' for the start itself).
#include <algorithm>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "common/spec.h"
#include "engine/emergo/emergo.h"
#include "perft/engines/serve.h"

namespace {

enum class Bug {
  kDropCapture,
  kExtraPlacement,
  kLastPly,
  kText,
  kMissing,
  kExtra,
  kTwice,
  kCount,
  kTextAt
};

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
std::string g_at;  // the position of the KIND bugs

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
    if (g_bug == Bug::kTextAt && text == g_at) return text + " ";
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
    if (text == g_at && !out.empty()) {
      if (g_bug == Bug::kMissing) out.pop_back();
      if (g_bug == Bug::kExtra) out.push_back({out.front().move, true});
      if (g_bug == Bug::kTwice) out.push_back(out.front());
    }
    return out;
  }
  std::uint64_t count_moves(const Position& p) const {
    const std::uint64_t n = legal_moves(p).size();
    const std::string text = g_.format(p);
    const bool off =
        (g_bug == Bug::kLastPly && text == kLastPlyAt) || (g_bug == Bug::kCount && text == g_at);
    return off ? n + 1 : n;
  }
  Position play(const Position& p, const Move& m) const { return g_.play(p, m.move); }
  std::string move_text(const Position& p, const Move& m) const {
    if (m.fake) return g_bug == Bug::kExtra ? "z0" : "a1";
    return g_.move_text(p, m.move);
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
  const std::vector<std::string> kinds = {"missing", "extra", "twice", "count", "text"};
  const auto it = args.size() == 1 ? std::find(names.begin(), names.end(), args[0]) : names.end();
  const auto kind = args.size() == 2 ? std::find(kinds.begin(), kinds.end(), args[0]) : kinds.end();
  if (it == names.end() && kind == kinds.end()) {
    std::cerr << "usage: planted_engine drop-capture|extra-placement|last-ply|text\n"
                 "       planted_engine missing|extra|twice|count|text 'MOVES'\n";
    return 2;
  }
  if (it != names.end()) {
    g_bug = static_cast<Bug>(it - names.begin());
  } else {
    g_bug = static_cast<Bug>(static_cast<int>(Bug::kMissing) + (kind - kinds.begin()));
    const arb::engine::emergo::Emergo plain(arb::Spec::parse("emergo"));
    g_at = plain.format(arb::play_moves(plain, plain.start(), arb::split_moves(args[1])));
  }
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
