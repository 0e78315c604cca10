#include "players/spec.h"

#include "common/error.h"

namespace arb::players {

std::string PlayerSpec::name() const {
  switch (kind) {
    case Kind::kRandom:
      return "random";
    case Kind::kGreedy:
      return "greedy";
    case Kind::kMcts:
      return "mcts:" + std::to_string(n) + (cut ? ":cut=" + std::to_string(cut) : "") +
             (decisive ? ":decisive" : "");
    case Kind::kAlphaBeta:
      return "alphabeta:" + std::to_string(n);
  }
  return "?";
}

namespace {

// Plain decimal digits, no sign or leading zero, as the command line's numbers.
std::uint64_t number_of(std::string_view text, std::string_view option, std::string_view whole,
                        std::uint64_t max, std::string_view after = "':'") {
  const auto bad = [&](const std::string& why) {
    return Error(std::string(option) + " " + std::string(whole) + ": " + why);
  };
  const std::string digits = "expects a number in plain digits after " + std::string(after);
  if (text.empty() || (text.size() > 1 && text[0] == '0')) throw bad(digits);
  std::uint64_t n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') throw bad(digits);
    if (n > max) break;  // too big already: no overflow
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (n == 0 || n > max) throw bad("must be between 1 and " + std::to_string(max));
  return n;
}

// mcts:N, then the options in any order, each at most once: cut=K, decisive
// (`rest` is what follows "mcts:").
PlayerSpec mcts_of(std::string_view rest, std::string_view option, std::string_view whole) {
  auto colon = rest.find(':');
  PlayerSpec p{PlayerSpec::Kind::kMcts,
               number_of(rest.substr(0, colon), option, whole, kMaxSimulations)};
  const auto bad = [&](const std::string& why) {
    return Error(std::string(option) + " " + std::string(whole) + ": " + why);
  };
  while (colon != std::string_view::npos) {
    rest = rest.substr(colon + 1);
    colon = rest.find(':');
    const std::string_view opt = rest.substr(0, colon);
    if (opt.substr(0, 4) == "cut=") {
      if (p.cut != 0) throw bad("cut=K given twice");
      p.cut = number_of(opt.substr(4), option, whole, kMaxCut, "'cut='");
    } else if (opt == "decisive") {
      if (p.decisive) throw bad("decisive given twice");
      p.decisive = true;
    } else {
      throw bad("unknown mcts option '" + std::string(opt) +
                "' (cut=K: playouts cut after K plies; decisive: playouts take a winning move)");
    }
  }
  return p;
}

}  // namespace

PlayerSpec parse_player(std::string_view text, std::string_view option) {
  if (text == "random") return {PlayerSpec::Kind::kRandom, 0};
  if (text == "greedy") return {PlayerSpec::Kind::kGreedy, 0};
  const auto colon = text.find(':');
  const std::string_view kind = text.substr(0, colon);
  if (colon != std::string_view::npos && kind == "mcts")
    return mcts_of(text.substr(colon + 1), option, text);
  if (colon != std::string_view::npos && kind == "alphabeta")
    return {PlayerSpec::Kind::kAlphaBeta,
            number_of(text.substr(colon + 1), option, text, kMaxDepth)};
  throw Error(std::string(option) + ": unknown player '" + std::string(text) +
              "' (random, greedy, mcts:N, mcts:N:cut=K, mcts:N:decisive, alphabeta:D)");
}

std::vector<PlayerSpec> parse_players(std::string_view text, std::string_view option, int seats) {
  std::vector<PlayerSpec> list;
  for (std::size_t at = 0;;) {
    const auto comma = text.find(',', at);
    list.push_back(parse_player(text.substr(at, comma - at), option));
    if (comma == std::string_view::npos) break;
    at = comma + 1;
  }
  const auto n = static_cast<int>(list.size());
  if (n > seats)
    throw Error(std::string(option) + " names " + std::to_string(n) + " players, the game has " +
                std::to_string(seats) + " seats");
  if (n != 1 && n != seats)
    throw Error(std::string(option) + " names " + std::to_string(n) +
                " players: give one for every seat or " + std::to_string(seats) +
                ", one per seat in turn order");
  return list;
}

std::string names(const std::vector<PlayerSpec>& seats) {
  std::string s;
  for (const auto& p : seats) s += (s.empty() ? "" : ",") + p.name();
  return s;
}

}  // namespace arb::players
