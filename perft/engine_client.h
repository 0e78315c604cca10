// The harness's side of the engine protocol (docs/engine-protocol.md): an
// outside engine run as a child process over pipes, one request per line, or
// a perftree-style script run once per question (--script). Every failure of
// the engine (not found, exits, crashes, garbage, silence, an `err` reply) is
// an arb::Error naming the request, after which the child is killed.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "perft/perft.h"

namespace arb {

struct EngineOptions {
  std::string command;  // run by /bin/sh -c
  bool script = false;  // perftree form: CMD "<depth>" "<position>" "<moves>"
  double timeout = 30;  // seconds per request
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
  Divide divide(int depth);
  // `perft <d>`, or the sum of `divide <d>` when the engine lacks it.
  arb::Count perft(int depth);
  // `text`, or nothing when the engine lacks it.
  std::optional<std::string> text();

  // Whether `text` may be asked (not a script, no `err unsupported` yet).
  bool has_text() const { return has_text_ && !options_.script; }
  std::uint64_t requests() const { return requests_; }
  const std::string& command() const { return options_.command; }

 private:
  // One request; the reply's lines up to its last one (multi: up to `total`).
  std::vector<std::string> ask(const std::string& request, bool multi);
  std::vector<std::string> run_script(int depth);
  void start();
  void stop();
  [[noreturn]] void fail(const std::string& what);
  std::string died(int status) const;
  bool read_line(std::string& line, const std::string& request);
  void drain_stderr();
  void begin_request();
  std::string seconds_text_short() const;

  EngineOptions options_;
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;  // child's stdin, stdout, stderr (our ends)
  std::string buffer_, err_tail_;
  std::uint64_t requests_ = 0;
  std::chrono::steady_clock::time_point deadline_;
  std::size_t reply_bytes_ = 0;
  bool has_perft_ = true, has_text_ = true;
  std::string spec_, script_start_, root_ = "start";
  std::vector<std::string> moves_;
};

}  // namespace arb
