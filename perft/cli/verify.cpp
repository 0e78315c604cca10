// perft verify <spec> --engine 'CMD ...' [--depth N] [--position P] [--suite FILE]
// [--write-fixture FILE] [--report FILE.html]: an outside engine against ours
// (docs/engine-protocol.md). Exit 0 agree, 1 a difference, 2 an error (the
// engine's included: not found, dead, silent, garbage, `err`).
#include <sys/stat.h>
#include <CLI/CLI.hpp>

#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/check/check.h"
#include "perft/cli/command.h"
#include "perft/engines/engines.h"
#include "perft/files/files.h"
#include "perft/text/ci_output.h"
#include "perft/text/json.h"

namespace arb::cli {
namespace {

// A fixture field may not hold `;` (RULES.md I6).
std::string field(std::string text) {
  for (char& c : text)
    if (c == ';' || c == '\n' || c == '\r') c = ',';
  return text;
}

// The smallest regression test: the position itself, D1 and D2 where engine and
// reference agree, src naming who agreed and who did not. None when they do
// not agree on D1 (then no count of ours is worth committing).
std::optional<FixtureCase> fixture_case(const VerifySummary& s, const Finding& f) {
  FixtureCase c;
  if (f.engine_d1 && f.engine_d1 == f.reference_d1) {
    c.depths[1] = *f.engine_d1;
    if (f.engine_d2 && f.engine_d2 == f.reference_d2) c.depths[2] = *f.engine_d2;
  }
  if (c.depths.empty()) return std::nullopt;
  std::string what;
  if (!f.only_a.empty()) what += " misses " + joined(f.only_a);
  if (!f.only_b.empty())  // the engine's texts: any byte, escaped
    what += (what.empty() ? "" : ",") + std::string(" adds ") + joined_escaped(f.only_b);
  if (what.empty() && !f.problems.empty()) what = " " + escaped(f.problems.front());
  if (what.size() > 200) what = what.substr(0, 197) + "...";
  c.spec = s.game;
  c.position = f.a_position;
  c.src = "engine and reference agree (perft verify, " + today_utc() + "), the engine '" +
          field(s.command) + "' disagrees " +
          (f.path.empty() ? std::string("at the root") : "after '" + field(joined(f.path)) + "'") +
          ":" + field(what);
  return c;
}

// A fixture line's test: its position and depths (with the counts). A position
// is written once, however many findings or reruns meet it.
std::string test_key(const FixtureCase& c) {
  std::string key = c.spec + ";" + c.position + ";" + c.moves;
  for (const auto& [k, n] : c.depths) key += ";D" + std::to_string(k) + "=" + to_string(n);
  return key;
}

// The --write-fixture file: the ids and tests already in it (read only from a
// regular file: /dev/stdout or a pipe would be read forever), then one line
// per new position, appended at once.
class FixtureWriter {
 public:
  explicit FixtureWriter(std::string path) : path_(std::move(path)) {
    if (path_.empty()) return;
    struct stat st {};
    // Checked before the engine starts (a finding is never lost to a bad
    // path), without creating the file: an agreeing run leaves none.
    check_output_path(path_, "'" + path_ + "' (--write-fixture)");
    if (is_standard_stream(path_)) return;  // "-": standard output, nothing to read
    if (stat(path_.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return;
    std::ifstream in(path_);
    const std::regex id_field(";\\s*id\\s+([^;\\s]+)");
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      for (std::sregex_iterator it(line.begin(), line.end(), id_field), end; it != end; ++it)
        taken_.insert((*it)[1]);
      try {
        if (line.empty() || line[0] == '#') continue;
        const FixtureCase c = parse_fixture_line(line, number);
        tests_.emplace(test_key(c), c.id);
      } catch (const Error&) {}  // not ours to judge: its ids are still taken
    }
  }

  // What happened to a finding's line, for the text output.
  std::string add(const VerifySummary& s, const Finding& f) {
    if (path_.empty()) return "";
    auto c = fixture_case(s, f);
    if (!c) return "no fixture line: engine and reference disagree on D1 here";
    if (const auto it = tests_.find(test_key(*c)); it != tests_.end())
      return "fixture line not appended: " + path_ + " has this test already (id " + it->second +
             ")";
    for (int n = 1;; ++n)
      if (!taken_.contains("verify-" + std::to_string(n))) {
        c->id = "verify-" + std::to_string(n);
        break;
      }
    const std::string line = format_fixture_case(*c);
    if (is_standard_stream(path_)) {
      LineWriter(path_).line(line);
      taken_.insert(c->id);
      tests_.emplace(test_key(*c), c->id);
      return "fixture line written to standard output (id " + c->id + ")";
    }
    std::ofstream out(path_, std::ios::app);
    out << line << '\n';
    if (!out.flush()) {
      failed_ = write_error("'" + path_ + "' (--write-fixture)", "append to");
      return failed_;
    }
    taken_.insert(c->id);
    tests_.emplace(test_key(*c), c->id);
    return "fixture line appended to " + path_ + ":\n" + line;
  }
  const std::string& failed() const { return failed_; }

 private:
  std::string path_, failed_;
  std::set<std::string> taken_;
  std::map<std::string, std::string> tests_;  // test_key -> id
};

// Where a finding's position is: "at the root" or "after 'a1 b2'".
std::string where(const Finding& f) {
  return f.path.empty() ? "at the root" : "after '" + joined(f.path) + "'";
}

// The CI outputs' cases: one per depth of each root or suite line, and one for
// its texts; a line skipped or stopped by an engine error is one case.
CiRun ci_run(const VerifySummary& s) {
  CiRun run;
  run.name = "perft verify " + s.game + " (" + s.impl + ")";
  run.seconds = s.seconds;
  for (const auto& c : s.checks) {
    CiCase base;
    base.classname = s.game + " " + c.label;
    base.file = c.line > 0 ? s.suite_path : "";
    base.line = c.line;
    const auto add = [&](const std::string& name, CiCase::Status status, const std::string& message,
                         const std::string& body, double seconds = 0) {
      CiCase k = base;
      k.name = name;
      k.status = status;
      k.message = message;
      k.body = body;
      k.seconds = seconds;
      run.cases.push_back(std::move(k));
    };
    // Each depth its own time; a depth not checked (after the one that differs) none.
    const auto depth_time = [&](int d) {
      const auto i = static_cast<std::size_t>(d - 1);
      return i < c.depth_seconds.size() ? c.depth_seconds[i] : 0.0;
    };
    using St = CiCase::Status;
    if (c.kind == VerifyCheck::Kind::kSkip) {
      add("verify", St::kSkip, c.why, "");
      continue;
    }
    if (c.kind == VerifyCheck::Kind::kError) {
      add("verify", St::kError, one_line(c.why), "", c.seconds);
      continue;
    }
    const Finding* f = c.finding >= 0 ? &s.findings[static_cast<std::size_t>(c.finding)] : nullptr;
    std::string body;
    if (f) {
      std::ostringstream text;
      text << finding_text(s, *f);
      body = text.str();
    }
    const int fail_at = f ? f->first_depth : -1;  // 0: a text
    for (int d = 1; d <= c.depth; ++d) {
      const std::string name = "D" + std::to_string(d);
      if (f && fail_at > 0 && d == fail_at)
        add(name, St::kFail,
            "perft(" + std::to_string(d) + ") ours " + to_string(f->root_a) + ", engine " +
                to_string(f->root_b) + "; first difference " + where(*f),
            body, depth_time(d));
      else if (f && fail_at > 0 && d > fail_at)
        add(name, St::kSkip, "not checked: D" + std::to_string(fail_at) + " differs", "");
      else
        add(name, St::kPass, "", "", depth_time(d));
    }
    const std::string text_name = "texts to depth " + std::to_string(c.text_depth);
    if (f && fail_at == 0)
      add(text_name, St::kFail, "the position texts differ " + where(*f), body, c.text_seconds);
    else if (f)
      add(text_name, St::kSkip, "not checked: D" + std::to_string(fail_at) + " differs", "");
    else
      add(text_name, St::kPass, "", "", c.text_seconds);
  }
  return run;
}

// Each check of --json: {label, line, result: ok|fail|skip|error, why}.
nlohmann::ordered_json checks_json(const VerifySummary& s) {
  auto out = nlohmann::ordered_json::array();
  for (const auto& c : s.checks) {
    using K = VerifyCheck::Kind;
    std::string why = c.why;
    if (c.kind == K::kFail) {
      const Finding& f = s.findings[static_cast<std::size_t>(c.finding)];
      why = f.first_depth > 0
                ? "perft(" + std::to_string(f.first_depth) + ") ours " + to_string(f.root_a) +
                      ", engine " + to_string(f.root_b) + "; first difference " + where(f)
                : "the position texts differ " + where(f);
    }
    out.push_back({{"label", c.label},
                   {"line", c.line},
                   {"result", c.kind == K::kOk     ? "ok"
                              : c.kind == K::kFail ? "fail"
                              : c.kind == K::kSkip ? "skip"
                                                   : "error"},
                   {"why", one_line(why)}});
  }
  return out;
}

// Writes each check as it ends (flushed: a killed or piped run keeps what it
// checked), the fixture lines as they are found, and the closing outputs.
class VerifyWriter {
 public:
  VerifyWriter(Io& io, const VerifyArgs& a, JunitFile& junit, bool github)
      : io_(io), json_(a.json), fixtures_(a.write_fixture), junit_(junit), github_(github) {}

  void check_done(const VerifySummary& s) {
    for (; notes_shown_ < s.notes.size(); ++notes_shown_)
      io_.err << "perft verify: note: " << s.notes[notes_shown_] << '\n';
    const VerifyCheck& c = s.checks.back();
    std::string note;
    if (c.kind == VerifyCheck::Kind::kFail)
      note = fixtures_.add(s, s.findings[static_cast<std::size_t>(c.finding)]);
    if (json_) return;
    if (c.kind == VerifyCheck::Kind::kFail) {
      io_.out << finding_text(s, s.findings[static_cast<std::size_t>(c.finding)]);
      if (!note.empty()) io_.out << note << '\n';
    } else {
      io_.out << s.lines.back() << '\n';
    }
    io_.out << std::flush;
  }

  int finish(const VerifySummary& s) {
    // The report is written first (the text names it), but a failure to write
    // it is raised only after the result is out (/dev/full lost it).
    std::string report_failed;
    try {
      if (!s.report.empty()) write_report(s, s.report);
    } catch (const Error& e) {
      report_failed = e.what();
    }
    const int status = s.errors > 0 ? 2 : s.findings.empty() ? 0 : 1;
    // The engine's counting is its own business: only too short a run has no rate.
    const std::string no_rate = no_rate_reason(s.seconds, false);
    if (json_) {
      nlohmann::ordered_json j;
      j["game"] = s.game;
      j["impl"] = s.impl;
      j["engine"] = s.command;
      j["result"] = s.errors > 0 ? "error" : s.findings.empty() ? "agree" : "differ";
      j["agreed"] = s.agreed;
      j["skipped"] = s.skipped;
      j["errors"] = s.errors;
      j["nodes"] = json_count(s.nodes);
      j["requests"] = s.requests;
      j["seconds"] = s.seconds;
      j["nps"] = no_rate.empty() ? json_count(nodes_per_second(s.nodes, s.seconds)) : nullptr;
      j["findings"] = nlohmann::ordered_json::array();
      for (const auto& f : s.findings) j["findings"].push_back(finding_json(f));
      j["checks"] = checks_json(s);  // every line's verdict, as the text gives it
      j["version"] = version();
      io_.out << json_line(j) << '\n';
    } else {
      if (!s.report.empty() && report_failed.empty())
        io_.out << "report written to " << s.report << '\n';
      io_.out << summary_text(s) << '\n';
    }
    io_.out << std::flush;
    if (junit_.given() || github_) {
      const CiRun run = ci_run(s);
      junit_.write(run);
      if (github_) write_github(run, io_.out);
    }
    // The diagnosis is out; only now a lost fixture line is the error.
    if (!fixtures_.failed().empty()) throw Error(fixtures_.failed());
    if (!report_failed.empty()) throw Error(report_failed);
    return status;
  }

 private:
  Io& io_;
  bool json_;
  FixtureWriter fixtures_;
  JunitFile& junit_;
  bool github_;
  std::size_t notes_shown_ = 0;
};

class VerifyCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("spec", spec_, "the game: emergo, emergo:size=7, eximo, ...")->type_name("");
    app.add_option("--engine", args_.engine.command,
                   "the engine's command line, run by /bin/sh (docs/engine-protocol.md)")
        ->type_name("'CMD ...'");
    app.add_flag("--script", args_.engine.script,
                 "perftree form: run CMD \"<depth>\" \"<position>\" \"<moves>\" per question");
    app.add_option("--depth", depth_, "check perft 1..N from the root (default 1)")->type_name("N");
    add_root_options(app, root_);
    app.add_option("--suite", suite_, "check every line of a fixture file instead")
        ->type_name("FILE");
    app.add_option("--max-nodes", max_nodes_, "with --suite: skip depths above N nodes")
        ->type_name("N");
    app.add_option("--write-fixture", write_fixture_,
                   "append a regression line per difference to FILE")
        ->type_name("FILE");
    app.add_option("--report", report_, "write the findings as an HTML page with SVG boards")
        ->type_name("FILE.html");
    app.add_option("--timeout", timeout_, kTimeoutHelp)->type_name("S");
    app.add_flag("--skip-unsupported", args_.engine.skip_unsupported,
                 "skip a root the engine answers `err` to at `position`, instead of failing");
    add_ci_options(app, ci_);
    app.add_option("--text-depth", text_depth_,
                   "compare the engine's position texts to this depth (default 2, never deeper "
                   "than --depth)")
        ->type_name("N");
    add_impl_option(app, impl_);
    app.add_flag("--json", args_.json, "one JSON object on one line");
    app_ = &app;
  }

  int run(Io& io) override {
    if (spec_.empty()) throw Error("perft verify needs a spec");
    if (args_.engine.command.empty()) throw Error("perft verify needs --engine 'CMD ...'");
    ci_.check_file_attrs();
    // Checked first, and no earlier run's verdict survives this one: the
    // report is removed, the JUnit file says an error (exit 2) if one ends it.
    if (!report_.empty()) {
      check_output_path(report_, "the report '" + report_ + "'");
      remove_stale(report_);
    }
    ci_.check_junit_path();
    JunitFile junit = ci_.junit_file("perft verify " + spec_);
    try {
      return run_checks(io, junit);
    } catch (const std::exception& e) {
      junit.error(e.what());
      throw;
    }
  }

 private:
  int run_checks(Io& io, JunitFile& junit) {
    args_.impl = impl_.impl();
    if (!depth_.empty()) {
      args_.depth = parse_depth(depth_);
      if (args_.depth == 0) throw Error("--depth must be at least 1");
    }
    if (!text_depth_.empty()) args_.text_depth = parse_depth(text_depth_, "--text-depth");
    if (!timeout_.empty()) {
      const auto t = parse_number("--timeout", timeout_);
      if (t == 0 || t > 86400) throw Error("--timeout must be 1 to 86400 seconds");
      args_.engine.timeout = static_cast<double>(t);  // fixed, whatever a request's size
    }
    if (!max_nodes_.empty()) args_.max_nodes = parse_number("--max-nodes", max_nodes_);
    if (!suite_.empty()) {
      if (given(*app_, "--position") || given(*app_, "--moves") || given(*app_, "--depth"))
        throw Error(
            "--suite takes its roots and depths from the file, not --position/--moves/--depth");
      const FixtureFile file = read_fixture_file(suite_);
      args_.use_suite = true;
      args_.suite = file.cases;
      if (!file.errors.empty())  // a file to verify against must itself be sound
        throw Error("'" + suite_ + "' line " + std::to_string(file.errors.front().line) + ": " +
                    file.errors.front().message);
      if (file.cases.empty()) throw Error("'" + suite_ + "' has no test line");
    } else if (!max_nodes_.empty()) {
      throw Error("--max-nodes applies only with --suite");
    }
    args_.write_fixture = write_fixture_;
    args_.report = report_;
    args_.suite_path = suite_;
    args_.position = root_.position;
    args_.moves = root_.moves;
    return Games::with_pair(Spec::parse(spec_), [&](const auto& engine, const auto& reference) {
      // Our own arguments first: a bad root is ours to report, not the engine's.
      if (!args_.use_suite)
        play_moves(engine, position_from(engine, args_.position), split_moves(args_.moves));
      VerifyWriter writer(io, args_, junit, ci_.github);
      ProgressLine progress(io.err, io.progress && !args_.json);
      const auto done = [&](const VerifySummary& s) { writer.check_done(s); };
      VerifySummary s = args_.impl == Impl::kEngine
                            ? verify(engine, engine, reference, args_, progress, done)
                            : verify(reference, engine, reference, args_, progress, done);
      progress.clear();
      return writer.finish(s);
    });
  }

  std::string spec_, depth_, suite_, max_nodes_, write_fixture_, report_, timeout_, text_depth_;
  CiOptionText ci_;
  VerifyArgs args_;
  RootArgs root_;
  ImplArg impl_;
  CLI::App* app_ = nullptr;
};

std::unique_ptr<Command> make() { return std::make_unique<VerifyCommand>(); }

const Registration kRegistration{
    {60, "verify",
     "verify <spec> --engine 'CMD ...' [--script] [--depth N] [--position TEXT] [--moves ...] "
     "[--suite FILE [--max-nodes N]] [--write-fixture FILE] [--report FILE.html] [--timeout S] "
     "[--skip-unsupported] [--impl I] [--json] [--junit FILE [--junit-file-attrs]] [--github]",
     "an outside engine against ours: agree (exit 0) or the first difference (exit 1)", &make}};

}  // namespace
}  // namespace arb::cli
