// Our implementations speak the engine protocol (docs/engine-protocol.md),
// the library part of `perft serve`: one request per line in, replies out. A
// `game` request naming another spec returns to the caller (perft/cli/serve.cpp),
// which starts the loop again on that game.
#pragma once

#include <istream>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "perft/count/perft.h"
#include "perft/text/numbers.h"
#include "perft/text/text.h"

namespace arb {

struct Serve {
  struct Args {
    std::istream* in = nullptr;
    std::string* next_spec = nullptr;  // set when a `game` request changes the game
    bool greet = false;                // reply `ok` first (to the `game` that switched)
  };
  static constexpr int kSwitchGame = 3;  // run's result when *next_spec is set

  // The depth of `divide`/`perft`: plain digits up to kMaxDepth.
  static std::optional<int> depth_of(const std::string& word) {
    const PlainNumber n = read_plain_number(word);
    if (n.problem != PlainNumber::Problem::kNone || n.value > kMaxDepth) return std::nullopt;
    return static_cast<int>(n.value);
  }

  template <Game G>
  static int serve(const G& g, const Args& a, std::ostream& out) {
    if (a.greet) out << "ok\n" << std::flush;
    typename G::Position pos = g.start();
    // Bounded, so that endless input (/dev/zero) cannot grow memory: a longer line is exit 2.
    for (std::string line; read_line(*a.in, line, "standard input");) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      // A NUL byte would cut the message short (a C string): show it as \x00.
      if (line.find('\0') != std::string::npos) {
        out << "err the request holds a NUL byte: '" << shown(line) << "'\n" << std::flush;
        continue;
      }
      std::istringstream words(line);
      std::string verb, arg, extra;
      words >> verb;
      try {
        if (verb == "quit") return 0;
        if (verb == "game") {
          std::string spec;
          words >> spec;
          if (spec.empty()) throw Error("game needs a spec");
          if (words >> extra) throw Error("game takes one spec");
          *a.next_spec = spec;  // the command parses it and replies
          return kSwitchGame;
        } else if (verb == "position") {
          // `position <text|start> [moves m1 m2 ...]`: the text has blanks of its own.
          std::string root, word;
          std::vector<std::string> moves;
          bool in_moves = false;
          while (words >> word) {
            if (!in_moves && word == "moves") {
              in_moves = true;
            } else if (in_moves) {
              moves.push_back(word);
            } else {
              root += (root.empty() ? "" : " ") + word;
            }
          }
          if (root.empty()) throw Error("position needs a text or start");
          pos = play_moves(g, position_from(g, root), moves);
          out << "ok\n";
        } else if (verb == "divide" || verb == "perft") {
          words >> arg;
          const auto d = depth_of(arg);
          if (!d || (verb == "divide" && *d == 0) || (words >> extra))
            throw Error(verb + " needs one depth from " + (verb == "divide" ? "1" : "0") + " to " +
                        std::to_string(kMaxDepth));
          if (verb == "perft") {
            out << "total " << CountText{perft(g, pos, *d)} << '\n';
          } else {
            // Computed whole before it is written: an overflow is one `err` line.
            const auto entries = divide(g, pos, *d);
            arb::Count total = 0;
            for (const auto& e : entries) total = checked_add(total, e.nodes);
            std::string reply;
            for (const auto& e : entries) reply += e.move + ' ' + to_string(e.nodes) + '\n';
            out << reply << "total " << CountText{total} << '\n';
          }
        } else if (verb == "moves") {
          out << "moves";
          for (const auto& m : sorted_move_texts(g, pos)) out << ' ' << m;
          out << '\n';
        } else if (verb == "text") {
          out << "text " << g.format(pos) << '\n';
        } else if (verb.empty()) {
          throw Error("empty request");
        } else {
          throw Error("unknown request '" + verb + "'");
        }
      } catch (const Error& e) {
        out << "err " << one_line(e.what()) << '\n';
      }
      out << std::flush;
    }
    return 0;  // end of input: as `quit`
  }
};

}  // namespace arb
