// The harness's side of the engine protocol (docs/engine-protocol.md): an
// outside engine run as a child process over pipes, one request per line, or
// a perftree-style script run once per question (--script). Every failure of
// the engine (not found, exits, crashes, garbage, silence, an `err` reply) is
// an arb::Error naming the request, after which the child is killed.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/error.h"
#include "perft/count/perft.h"

namespace arb {

// Seconds an engine may take per request, unless --timeout fixes them: a
// request for N of our nodes and L reply lines gets max(F, N / 10^6, 10 N / R)
// + L / 10^5, R the nodes/s the engine showed on its answered counts so far
// (the term left out before the first); any other request max(F, 10 T), T its
// slowest answer so far to such a request. The floor F is 60 (or
// $ARB_ENGINE_TIMEOUT_FLOOR, for tests): a silent engine is caught within a
// minute, and a slow one is held to its own speed, never to ours.
inline constexpr double kTimeoutFloor = 60;
inline constexpr double kNodesPerSecondAssumed = 1e6;
inline constexpr double kLinesPerSecondAssumed = 1e5;
inline constexpr double kRateMargin = 10;
inline constexpr const char* kTimeoutFloorVariable = "ARB_ENGINE_TIMEOUT_FLOOR";
// The rule as `--timeout`'s help states it (verify and bench).
inline constexpr const char* kTimeoutHelp =
    "seconds the engine may take per request, fixed (default: by the engine's own speed: a "
    "count of our N nodes in L lines gets max(60, N / 10^6, 10 N / R) + L / 10^5, R the nodes/s "
    "of its earlier counts, none before the first; any other request max(60, 10 T), T its "
    "slowest such answer so far)";

struct EngineOptions {
  std::string command;            // run by /bin/sh -c
  bool script = false;            // perftree form: CMD "<depth>" "<position>" "<moves>"
  std::optional<double> timeout;  // --timeout: seconds per request, whatever its size
  bool skip_unsupported = false;  // an `err` to `position` skips the root (verify)
  std::function<void(const std::string&)> waiting;  // called about every second of a wait
};

// A failure of the engine. `fatal`: no request can ever work (it cannot be
// started), so a suite stops instead of restarting it for the next line.
struct EngineError : Error {
  EngineError(const std::string& what, bool fatal) : Error(what), fatal(fatal) {}
  bool fatal;
};

// The engine cannot represent a root (`err unsupported ...` to `position`, or
// any `err` there under --skip-unsupported): verify skips that root.
struct EngineUnsupported : Error {
  using Error::Error;
};

// What our side expects of a reply: its size in bytes at most (a guard
// against garbage, sized by the position) and its nodes (for the default
// timeout). 0: no estimate.
struct ReplyBound {
  std::size_t bytes = 0;
  arb::Count nodes = 0;
  std::size_t lines = 0;
};

class EngineClient {
 public:
  explicit EngineClient(EngineOptions options);
  ~EngineClient();
  EngineClient(const EngineClient&) = delete;
  EngineClient& operator=(const EngineClient&) = delete;

  // `game <spec>`; a script gets the spec in the environment (PERFT_GAME)
  // and the start position's text in place of `start`.
  void game(const std::string& spec, const std::string& start_text);
  // `position <root> [moves ...]`; the root is "start" or a position text.
  void position(const std::string& root, const std::vector<std::string>& moves);
  // `divide <d>`: the lines as given (unsorted, duplicates kept) and `total`.
  struct Divide {
    std::vector<DivideEntry> entries;
    arb::Count total = 0;
  };
  Divide divide(int depth, ReplyBound bound = {});
  // `perft <d>`, or the sum of `divide <d>` when the engine lacks it.
  arb::Count perft(int depth, ReplyBound bound = {});
  // `text`, or nothing when the engine lacks it.
  std::optional<std::string> text();

  // Whether `text` may be asked (not a script, no `err unsupported` yet).
  bool has_text() const { return has_text_ && !options_.script; }
  std::uint64_t requests() const { return requests_; }
  // Stops the engine; the next request starts it again (and replays `game`).
  void restart() { stop(); }
  const std::string& command() const { return options_.command; }

 private:
  // One request; the reply's lines up to its last one (multi: up to `total`).
  std::vector<std::string> ask(const std::string& request, bool multi, ReplyBound bound = {});
  std::vector<std::string> run_script(int depth, ReplyBound bound);
  void start();
  void stop();
  [[noreturn]] void fail(const std::string& what, bool fatal = false);
  std::string died(int status) const;
  bool read_line(std::string& line, const std::string& where);
  void drain_stderr();
  void begin_request(ReplyBound bound);
  void default_timeout(ReplyBound bound);
  void note_answer(ReplyBound bound, const std::string& last_line);
  std::string seconds_text_short() const;

  EngineOptions options_;
  pid_t pid_ = -1;
  std::optional<int> reaped_;  // the engine's wait status, once it exited (its group may live)
  int in_ = -1, out_ = -1, err_ = -1;  // child's stdin, stdout, stderr (our ends)
  std::string buffer_, err_tail_;
  std::uint64_t requests_ = 0;
  std::chrono::steady_clock::time_point began_, deadline_, next_note_;
  double timeout_ = kTimeoutFloor, floor_ = kTimeoutFloor;
  std::string timeout_why_;                   // how the default limit was derived; empty: --timeout
  double rate_nodes_ = 0, rate_seconds_ = 0;  // the engine's answered counts, for its rate
  double slowest_other_ = 0;                  // its slowest answer to a request without a count
  std::size_t reply_bytes_ = 0, max_reply_ = 0;
  bool game_acknowledged_ = false;  // replay `game` after a restart
  bool bound_given_ = false;
  bool has_perft_ = true, has_text_ = true;
  std::string spec_, script_start_, root_ = "start";
  std::vector<std::string> moves_;
};

}  // namespace arb
