#include "perft/engines/engine_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <regex>
#include <string_view>
#include <thread>
#include <utility>

#include "common/error.h"
#include "perft/text/numbers.h"
#include "perft/text/text.h"

namespace arb {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kMaxLine = std::size_t{1} << 24;   // a reply line past this is garbage
constexpr std::size_t kErrTail = 4096;                   // the engine's stderr we keep
constexpr std::size_t kMaxReply = std::size_t{1} << 25;  // a reply without an estimate of ours
constexpr std::size_t kErrLines = 3;  // lines of the engine's stderr quoted at most

// What the engine wrote, fit for a one-line message: odd bytes escaped (a NUL
// would cut the message short), long text cut.
std::string quoted(std::string_view text) { return "'" + shown(text) + "'"; }

// The lines of the engine's stderr that say why it failed: from the first line
// that starts like an error (Node's "Error: ...", C++'s "terminate called",
// Rust's "thread 'main' panicked", Go's "panic:") to the next blank line, stack
// frames left out; Python's last line after "Traceback"; else the last few
// lines. Never the runtime's closing words alone ("Node.js v20.1.0").
std::string stderr_excerpt(const std::string& tail) {
  std::vector<std::string> lines;  // blank lines kept: they end an error's block
  std::size_t from = 0;
  while (from < tail.size()) {
    auto nl = tail.find('\n', from);
    if (nl == std::string::npos) nl = tail.size();
    std::string line = tail.substr(from, nl - from);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    lines.push_back(line);
    from = nl + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  if (lines.empty()) return "";
  static const std::regex kTraceback("^Traceback \\(most recent call last\\)");
  static const std::regex kError(
      "^([A-Za-z_.$]*(Error|Exception)\\b|thread .* panicked|panic:|terminate called|"
      "Assertion|[^ ]+: .*Assertion|Segmentation fault|Aborted|Uncaught|[Ff]atal|FATAL)");
  static const std::regex kFrame("^\\s+(at |File |\\^)");
  std::size_t first = lines.size();
  bool block = false;  // quote to the next blank line
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (std::regex_search(lines[i], kTraceback)) {
      first = lines.size() - 1;  // Python: the exception is the last line
      break;
    } else if (std::regex_search(lines[i], kError)) {
      first = i;
      block = true;
      break;
    }
  if (first == lines.size()) first = lines.size() > kErrLines ? lines.size() - kErrLines : 0;
  std::string out;
  for (std::size_t i = first, n = 0; i < lines.size() && n < kErrLines; ++i) {
    if (lines[i].empty()) {
      if (block) break;
      continue;
    }
    if (std::regex_search(lines[i], kFrame)) continue;  // stack frames say where, not why
    out += (out.empty() ? "" : " | ") + lines[i];
    ++n;
  }
  return out;
}

std::string first_word(std::string_view line) {
  return std::string(line.substr(0, line.find(' ')));
}

// A count in a reply: the fixture rule (plain digits, RULES.md I6).
std::optional<arb::Count> count_of(std::string_view text) {
  const PlainNumber n = read_plain_number(text);
  if (n.problem != PlainNumber::Problem::kNone) return std::nullopt;
  return n.value;
}

// A command that /bin/sh runs as one program (`python3 engine.py`,
// `./engine --x`): no operator, redirection, grouping or assignment outside
// quotes, and no shell builtin or keyword first. Run with `exec` in front, the
// program takes the shell's place (dash forks otherwise and keeps the
// engine's output open), so an engine that closes its output is seen at once.
bool one_program(std::string_view command) {
  char quote = 0;
  for (const char c : command) {
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
    } else if (std::string_view(";&|()<>{}`\\\n").find(c) != std::string_view::npos) {
      return false;
    }
  }
  if (quote) return false;
  const std::size_t begin = command.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return false;
  const std::string_view first = command.substr(begin, command.find_first_of(" \t", begin) - begin);
  if (first.find('=') != std::string_view::npos) return false;  // VAR=1 ./engine
  static constexpr std::string_view kShellWords[] = {
      "!",     "case",    "do",      "done",     "elif",   "else",  "esac",     "fi",     "for",
      "if",    "in",      "then",    "until",    "while",  ".",     ":",        "alias",  "bg",
      "break", "cd",      "command", "continue", "eval",   "exec",  "exit",     "export", "fc",
      "fg",    "getopts", "hash",    "jobs",     "local",  "read",  "readonly", "return", "set",
      "shift", "times",   "trap",    "type",     "ulimit", "umask", "unalias",  "unset",  "wait"};
  return std::find(std::begin(kShellWords), std::end(kShellWords), first) == std::end(kShellWords);
}

// Seconds to a tenth (under 1: a hundredth), without trailing zeros: "60", "59.5".
std::string short_seconds(double seconds) {
  const double unit = seconds < 1 ? 100 : 10;
  std::string s = std::to_string(std::round(seconds * unit) / unit);
  while (s.find('.') != std::string::npos && (s.back() == '0' || s.back() == '.')) {
    const bool dot = s.back() == '.';
    s.pop_back();
    if (dot) break;
  }
  return s;
}

std::string short_rate(double rate) {
  return rate >= 100 ? std::to_string(static_cast<unsigned long long>(std::llround(rate)))
                     : short_seconds(rate);
}

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

}  // namespace

EngineClient::EngineClient(EngineOptions options) : options_(std::move(options)) {
  std::signal(SIGPIPE, SIG_IGN);  // a dead engine is an error we report, not a signal
  if (const char* floor = std::getenv(kTimeoutFloorVariable)) {  // tests: no real minute
    const PlainNumber n = read_plain_number(floor);
    if (n.problem != PlainNumber::Problem::kNone || n.value == 0 || n.value > 86400)
      throw Error(std::string(kTimeoutFloorVariable) + " must be 1 to 86400 seconds, got " +
                  quoted(floor));
    floor_ = static_cast<double>(n.value);
  }
}

EngineClient::~EngineClient() { stop(); }

void EngineClient::start() {
  int in[2], out[2], err[2];
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0)
    throw Error(std::string("cannot create pipes for the engine: ") + std::strerror(errno));
  const std::string command =
      one_program(options_.command) ? "exec " + options_.command : options_.command;
  pid_ = fork();
  if (pid_ < 0) throw Error(std::string("cannot start the engine: ") + std::strerror(errno));
  if (pid_ == 0) {
    setpgid(0, 0);  // its own group, so that a kill reaches what the shell started
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    dup2(err[1], STDERR_FILENO);
    std::signal(SIGPIPE, SIG_DFL);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid_, pid_);
  reaped_.reset();
  close(in[0]);
  close(out[1]);
  close(err[1]);
  in_ = in[1];
  out_ = out[0];
  err_ = err[0];
  buffer_.clear();
}

void EngineClient::stop() {
  if (pid_ <= 0) return;
  if (in_ >= 0) {
    static constexpr char kQuit[] = "quit\n";
    [[maybe_unused]] const auto n = write(in_, kQuit, sizeof kQuit - 1);
    close(in_);
    in_ = -1;
  }
  int status = 0;
  const auto deadline = Clock::now() + std::chrono::seconds(1);
  while (!reaped_ && waitpid(pid_, &status, WNOHANG) == 0) {
    if (Clock::now() > deadline) {
      kill(-pid_, SIGKILL);
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill(-pid_, SIGKILL);  // anything the engine left running in its group
  for (int* fd : {&out_, &err_})
    if (*fd >= 0) {
      close(*fd);
      *fd = -1;
    }
  pid_ = -1;
}

void EngineClient::drain_stderr() {
  char buf[4096];
  const ssize_t n = read(err_, buf, sizeof buf);
  if (n <= 0) {
    close(err_);
    err_ = -1;
    return;
  }
  err_tail_.append(buf, static_cast<std::size_t>(n));
  if (err_tail_.size() > kErrTail) err_tail_.erase(0, err_tail_.size() - kErrTail);
}

// How the child ended, once its stdout closed: waits a moment, then kills it.
std::string EngineClient::died(int status) const {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return std::string("was killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  return "stopped";
}

void EngineClient::fail(const std::string& what, bool fatal) {
  while (err_ >= 0) {
    pollfd p{err_, POLLIN, 0};
    if (poll(&p, 1, 0) <= 0) break;
    drain_stderr();
  }
  const std::string why = stderr_excerpt(err_tail_);  // the engine's stderr says why, often
  err_tail_.clear();
  if (pid_ > 0) {
    kill(-pid_, SIGKILL);  // and what it left running in its group, holding the pipes
    if (!reaped_) {
      kill(pid_, SIGKILL);
      int status = 0;
      waitpid(pid_, &status, 0);
    }
    pid_ = -1;
  }
  for (int* fd : {&in_, &out_, &err_})
    if (*fd >= 0) {
      close(*fd);
      *fd = -1;
    }
  buffer_.clear();
  throw EngineError("engine '" + options_.command + "' " + what +
                        (why.empty() ? "" : " (its stderr: " + quoted(why) + ")"),
                    fatal);
}

bool EngineClient::read_line(std::string& line, const std::string& where) {
  for (;;) {
    const auto nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();  // CRLF engines are fine
      return true;
    }
    if (buffer_.size() > kMaxLine) fail("sent a reply line longer than 16 MiB to " + where);
    const auto now = Clock::now();
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - now);
    if (left.count() <= 0)
      fail("did not answer " + where + " within " + seconds_text_short() + " s (" +
           (timeout_why_.empty() ? "--timeout" : timeout_why_) + ")");
    if (now >= next_note_) {  // a slow request is shown, never silent
      next_note_ = now + std::chrono::seconds(1);
      if (options_.waiting && now - began_ >= std::chrono::seconds(1))
        options_.waiting(
            "waiting for the engine: " + where + ", " +
            std::to_string(std::chrono::duration_cast<std::chrono::seconds>(now - began_).count()) +
            " s of " + seconds_text_short() + " s");
    }
    // The engine exited while something it started keeps its output open (`cmd &`):
    // what it wrote is read, then the wait ends instead of running out the timeout.
    int status = 0;
    if (!reaped_ && pid_ > 0 && waitpid(pid_, &status, WNOHANG) == pid_) reaped_ = status;
    pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    const int n = poll(fds, err_ >= 0 ? 2 : 1,
                       reaped_ ? 0 : static_cast<int>(std::min<long long>(left.count(), 100)));
    if (n < 0 && errno != EINTR) fail(std::string("poll failed: ") + std::strerror(errno));
    if (n == 0 && reaped_ && !(fds[0].revents & (POLLIN | POLLHUP))) return false;
    if (n <= 0) continue;
    if (err_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP))) drain_stderr();
    if (fds[0].revents & (POLLIN | POLLHUP)) {
      char buf[65536];
      const ssize_t got = read(out_, buf, sizeof buf);
      if (got > 0) {
        buffer_.append(buf, static_cast<std::size_t>(got));
        reply_bytes_ += static_cast<std::size_t>(got);
        if (reply_bytes_ > max_reply_)
          fail("sent more than " + std::to_string(max_reply_) + " bytes in its reply to " + where +
               " (" + (bound_given_ ? "the most this position's moves can take" : "the limit") +
               ")");
      } else if (got == 0) {
        return false;
      }
    }
  }
}

// The timeout and the size limit hold for each reply, however many lines:
// both from our estimate of the reply, unless --timeout fixes the time.
void EngineClient::begin_request(ReplyBound bound) {
  if (options_.timeout) {
    timeout_ = *options_.timeout;
    timeout_why_.clear();
  } else {
    default_timeout(bound);
  }
  began_ = Clock::now();
  next_note_ = began_ + std::chrono::seconds(1);
  deadline_ =
      began_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout_));
  reply_bytes_ = buffer_.size();
  bound_given_ = bound.bytes > 0;
  max_reply_ = bound_given_ ? bound.bytes : kMaxReply;
}

// The rule of engine_client.h, and its terms in words for the timeout's message.
void EngineClient::default_timeout(ReplyBound bound) {
  const double nodes = static_cast<double>(bound.nodes);
  double limit = floor_;
  std::string why = "at least " + short_seconds(floor_) + " s a request";
  if (bound.nodes == 0) {
    if (kRateMargin * slowest_other_ > limit) {
      limit = kRateMargin * slowest_other_;
      why = "10 times the engine's slowest answer so far to a request without a count, " +
            short_seconds(slowest_other_) + " s";
    }
  } else {
    if (nodes / kNodesPerSecondAssumed > limit) {
      limit = nodes / kNodesPerSecondAssumed;
      why = "1 s per million of our " + to_string(bound.nodes) + " nodes";
    }
    if (rate_seconds_ > 0) {
      const double rate = rate_nodes_ / rate_seconds_;
      if (kRateMargin * nodes / rate > limit) {
        limit = kRateMargin * nodes / rate;
        why = "10 times the " + short_seconds(nodes / rate) + " s that our " +
              to_string(bound.nodes) + " nodes take at the " + short_rate(rate) +
              " nodes/s the engine showed so far";
      }
    } else {
      why += " until the engine's speed is known";
    }
  }
  if (bound.lines > 0) {
    const double more = static_cast<double>(bound.lines) / kLinesPerSecondAssumed;
    limit += more;
    if (more >= 0.05)
      why += ", plus " + short_seconds(more) + " s for " + std::to_string(bound.lines) +
             " lines of reply";
  }
  timeout_ = std::round(limit * 10) / 10;  // as the message shows it
  timeout_why_ = "default: " + why + "; --timeout S to override";
}

// An answer's time: a count's goes into the engine's rate (an `err` to
// `perft` is no count), any other's into its slowest.
void EngineClient::note_answer(ReplyBound bound, const std::string& last_line) {
  const double seconds =
      std::max(1e-3, std::chrono::duration<double>(Clock::now() - began_).count());
  if (bound.nodes == 0) {
    slowest_other_ = std::max(slowest_other_, seconds);
  } else if (last_line.rfind("total ", 0) == 0) {
    rate_nodes_ += static_cast<double>(bound.nodes);
    rate_seconds_ += seconds;
  }
}

std::string EngineClient::seconds_text_short() const { return short_seconds(timeout_); }

std::vector<std::string> EngineClient::ask(const std::string& request, bool multi,
                                           ReplyBound bound) {
  if (pid_ < 0) {
    start();
    // A restarted engine (after an error on an earlier root) gets its game again.
    if (game_acknowledged_ && request.rfind("game ", 0) != 0) {
      const auto reply = ask("game " + spec_, false);
      if (reply[0] != "ok")
        fail("answered " + quoted(reply[0]) + " to 'game " + spec_ + "' after a restart");
    }
  }
  ++requests_;
  begin_request(bound);
  const std::string where = "request " + std::to_string(requests_) + " '" + shown(request) + "'";
  const auto ended = [&]() -> std::string {
    int status = reaped_.value_or(0);
    const auto deadline = Clock::now() + std::chrono::seconds(1);
    while (!reaped_ && waitpid(pid_, &status, WNOHANG) == 0) {
      if (Clock::now() > deadline) return "closed its output";
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    reaped_ = status;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127 && requests_ == 1)
      fail("cannot be run: command not found", true);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 126 && requests_ == 1)
      fail("cannot be run: not executable", true);
    return died(status);
  };
  const std::string line = request + "\n";
  std::size_t sent = 0;
  while (sent < line.size()) {
    const ssize_t n = write(in_, line.data() + sent, line.size() - sent);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(ended() + " before " + where);
    sent += static_cast<std::size_t>(n);
  }
  std::vector<std::string> reply;
  for (std::string got;;) {
    if (!read_line(got, where))
      fail(ended() + (reply.empty() ? " without answering " : " in the middle of its reply to ") +
           where);
    reply.push_back(got);
    if (!multi || got.rfind("total ", 0) == 0 || (reply.size() == 1 && first_word(got) == "err")) {
      note_answer(bound, got);
      return reply;
    }
    // A line outside the protocol fails at once, never waits out the timeout.
    const auto space = got.find(' ');
    if (space == 0 || space == std::string::npos ||
        !count_of(std::string_view(got).substr(space + 1)))
      fail("sent " + quoted(got) + " in its reply to " + where + ", not '<move> <count>'");
  }
}

std::vector<std::string> EngineClient::run_script(int depth, ReplyBound bound) {
  ++requests_;
  begin_request(bound);
  const std::string where = "question " + std::to_string(requests_) + " (depth " +
                            std::to_string(depth) + ", moves '" + shown(join(moves_)) + "')";
  int out[2], err[2];
  if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0)
    throw Error(std::string("cannot create pipes for the engine: ") + std::strerror(errno));
  const std::string d = std::to_string(depth), m = join(moves_);
  const std::string root = root_ == "start" ? script_start_ : root_;
  const std::string cmd = options_.command + " \"$@\"";
  pid_ = fork();
  if (pid_ < 0) throw Error(std::string("cannot start the engine: ") + std::strerror(errno));
  if (pid_ == 0) {
    setpgid(0, 0);
    const int null = open("/dev/null", O_RDONLY);
    dup2(null, STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    dup2(err[1], STDERR_FILENO);
    std::signal(SIGPIPE, SIG_DFL);
    setenv("PERFT_GAME", spec_.c_str(), 1);
    execl("/bin/sh", "sh", "-c", cmd.c_str(), "sh", d.c_str(), root.c_str(), m.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid_, pid_);
  reaped_.reset();
  close(out[1]);
  close(err[1]);
  out_ = out[0];
  err_ = err[0];
  buffer_.clear();
  std::vector<std::string> lines;
  for (std::string got; read_line(got, where);) lines.push_back(got);
  int status = reaped_.value_or(0);
  if (!reaped_) waitpid(pid_, &status, 0);
  reaped_ = status;
  pid_ = -1;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
      fail("cannot be run: command not found (exit status 127) at " + where, true);
    fail(died(status) + " at " + where);
  }
  close(out_);
  out_ = -1;
  if (err_ >= 0) close(err_);
  err_ = -1;
  // perftree's form: "<move> <count>" lines, a blank line, the total.
  std::vector<std::string> reply;
  std::size_t i = 0;
  for (; i < lines.size() && !lines[i].empty(); ++i) reply.push_back(lines[i]);
  if (i + 1 >= lines.size() || !count_of(lines[i + 1]))
    fail("printed no blank line and total at " + where);
  reply.push_back("total " + lines[i + 1]);
  note_answer(bound, reply.back());
  return reply;
}

void EngineClient::game(const std::string& spec, const std::string& start_text) {
  spec_ = spec;
  script_start_ = start_text;
  if (options_.script) return;
  const auto reply = ask("game " + spec, false);
  if (reply[0] != "ok") fail("answered " + quoted(reply[0]) + " to 'game " + spec + "'");
  game_acknowledged_ = true;
}

void EngineClient::position(const std::string& root, const std::vector<std::string>& moves) {
  root_ = root;
  moves_ = moves;
  if (options_.script) return;
  std::string request = "position " + root;
  if (!moves.empty()) request += " moves " + join(moves);
  const auto reply = ask(request, false);
  if (reply[0] == "ok") return;
  const std::string what = "answered " + quoted(reply[0]) + " to request " +
                           std::to_string(requests_) + " '" + shown(request) + "'";
  // Docs: `err unsupported ...` to `position` says the engine cannot hold it.
  if (reply[0].rfind("err unsupported", 0) == 0 ||
      (options_.skip_unsupported && first_word(reply[0]) == "err"))
    throw EngineUnsupported("the engine " + what);
  fail(what);
}

EngineClient::Divide EngineClient::divide(int depth, ReplyBound bound) {
  const std::string request = "divide " + std::to_string(depth);
  const auto reply = options_.script ? run_script(depth, bound) : ask(request, true, bound);
  const std::string where = options_.script
                                ? "a script question"
                                : "request " + std::to_string(requests_) + " '" + request + "'";
  if (first_word(reply[0]) == "err") fail("answered " + quoted(reply[0]) + " to " + where);
  Divide out;
  for (std::size_t i = 0; i + 1 < reply.size(); ++i) {
    const std::string& line = reply[i];
    const auto space = line.find(' ');
    const auto n = space == std::string::npos ? std::nullopt : count_of(line.substr(space + 1));
    if (space == 0 || !n)
      fail("sent " + quoted(line) + " in its reply to " + where + ", not '<move> <count>'");
    out.entries.push_back({line.substr(0, space), *n});
  }
  const auto total = count_of(std::string_view(reply.back()).substr(6));
  if (!total)
    fail("sent " + quoted(reply.back()) + " in its reply to " + where + ", not 'total <N>'");
  out.total = *total;
  return out;
}

arb::Count EngineClient::perft(int depth, ReplyBound bound) {
  if (has_perft_ && !options_.script) {
    const std::string request = "perft " + std::to_string(depth);
    const auto reply = ask(request, false, bound);
    if (reply[0] == "err unsupported") {
      has_perft_ = false;
    } else {
      const auto n = reply[0].rfind("total ", 0) == 0 ? count_of(reply[0].substr(6)) : std::nullopt;
      if (!n)
        fail("answered " + quoted(reply[0]) + " to request " + std::to_string(requests_) + " '" +
             request + "', not 'total <N>'");
      return *n;
    }
  }
  return divide(depth, bound).total;
}

std::optional<std::string> EngineClient::text() {
  if (!has_text_ || options_.script) return std::nullopt;
  const auto reply = ask("text", false);
  if (reply[0] == "err unsupported") {
    has_text_ = false;
    return std::nullopt;
  }
  if (reply[0].rfind("text ", 0) != 0)
    fail("answered " + quoted(reply[0]) + " to request " + std::to_string(requests_) +
         " 'text', not 'text <position>'");
  return reply[0].substr(5);
}

}  // namespace arb
