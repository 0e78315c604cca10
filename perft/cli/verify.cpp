// perft verify <spec> --engine 'CMD ...' [--depth N] [--position P] [--suite FILE]
// [--write-fixture FILE] [--report FILE.html]: an outside engine against ours
// (docs/engine-protocol.md). Exit 0 agree, 1 a difference, 2 an error (the
// engine's included: not found, dead, silent, garbage, `err`).
#include <CLI/CLI.hpp>

#include <ctime>
#include <fstream>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/fixture.h"
#include "perft/json.h"
#include "perft/report.h"
#include "perft/verify.h"

namespace arb::cli {
namespace {

// A fixture field may not hold `;` (RULES.md I6).
std::string field(std::string text) {
  for (char& c : text)
    if (c == ';' || c == '\n' || c == '\r') c = ',';
  return text;
}

// The smallest regression test: the position itself, D1 and D2 where engine and
// reference agree, src naming who agreed and who did not. Empty when they do
// not agree on D1 (then no count of ours is worth committing).
std::string fixture_line(const VerifySummary& s, const Finding& f, const std::string& id) {
  FixtureCase c;
  if (f.engine_d1 && f.engine_d1 == f.reference_d1) {
    c.depths[1] = *f.engine_d1;
    if (f.engine_d2 && f.engine_d2 == f.reference_d2) c.depths[2] = *f.engine_d2;
  }
  if (c.depths.empty()) return "";
  std::string what;
  if (!f.only_a.empty()) what += " misses " + joined(f.only_a);
  if (!f.only_b.empty())
    what += (what.empty() ? "" : ",") + std::string(" adds ") + joined(f.only_b);
  if (what.empty() && !f.problems.empty()) what = " " + f.problems.front();
  if (what.size() > 200) what = what.substr(0, 197) + "...";
  c.spec = s.game;
  c.position = f.a_position;
  c.id = id;
  c.src =
      "engine and reference agree (perft verify, " + today_utc() + "), the engine '" +
      field(s.command) + "' disagrees " +
      (f.path.empty() ? std::string("at the root:") : "after '" + field(joined(f.path)) + "':") +
      field(what);
  return format_fixture_case(c);
}

// The next free id verify-<n> in the file (ids are unique per file, I6).
std::string next_id(const std::string& path, std::set<std::string>& taken) {
  std::ifstream in(path);
  const std::regex id_field(";\\s*id\\s+([^;\\s]+)");
  for (std::string line; std::getline(in, line);)
    for (std::sregex_iterator it(line.begin(), line.end(), id_field), end; it != end; ++it)
      taken.insert((*it)[1]);
  for (int n = 1;; ++n)
    if (!taken.contains("verify-" + std::to_string(n))) {
      taken.insert("verify-" + std::to_string(n));
      return "verify-" + std::to_string(n);
    }
}

nlohmann::ordered_json finding_json(const Finding& f) {
  nlohmann::ordered_json j;
  j["check"] = f.label;
  j["path"] = f.path;
  j["position"] = f.a_position;
  if (!f.b_position.empty()) j["engine_position"] = f.b_position;
  j["first_depth"] = f.first_depth;
  j["missing"] = f.only_a;
  j["extra"] = f.only_b;
  j["problems"] = f.problems;
  return j;
}

// The check's context (which root, at which depth), the difference itself
// (perft/difference.h), and how to reproduce it.
void write_text(const VerifySummary& s, const Finding& f, std::ostream& out) {
  out << "FAIL " << f.label << ": the engine differs from ours (" << s.impl << ")\n";
  if (f.first_depth > 0)
    out << "first shows at depth " << f.first_depth << " from the root: perft(" << f.first_depth
        << ") ours " << CountText{f.root_a} << ", engine " << CountText{f.root_b} << '\n';
  else
    out << "first shows in a position text (the counts agree)\n";
  out << "root: " << f.root << (f.root_moves.empty() ? "" : " moves " + joined(f.root_moves))
      << '\n';
  out << describe(f);
  out << "reproduce: perft " << s.game << " --position '" << f.a_position
      << "' --depth 1 --divide\n";
}

int finish_verify(VerifySummary& s, Io& io) {
  std::vector<std::string> written;
  if (!s.write_fixture.empty()) {
    std::set<std::string> taken;
    std::string text;
    for (const auto& f : s.findings) {
      const std::string line = fixture_line(s, f, next_id(s.write_fixture, taken));
      if (line.empty()) {
        written.push_back("");
        continue;
      }
      text += line + "\n";
      written.push_back(line);
    }
    if (!text.empty()) {
      std::ofstream out(s.write_fixture, std::ios::app);
      out << text;
      if (!out.flush()) throw Error("cannot append to '" + s.write_fixture + "'");
    }
  }
  if (!s.report.empty()) write_report(s, s.report);
  // The engine's counting is its own business: only too short a run has no rate.
  const std::string no_rate = no_rate_reason(s.seconds, false);
  if (s.json) {
    nlohmann::ordered_json j;
    j["game"] = s.game;
    j["impl"] = s.impl;
    j["engine"] = s.command;
    j["result"] = s.findings.empty() ? "agree" : "differ";
    j["checks"] = s.agreed + s.findings.size();
    j["agreed"] = s.agreed;
    j["skipped"] = s.skipped;
    j["nodes"] = json_count(s.nodes);
    j["requests"] = s.requests;
    j["seconds"] = s.seconds;
    j["nps"] = no_rate.empty() ? json_count(nodes_per_second(s.nodes, s.seconds)) : nullptr;
    j["findings"] = nlohmann::ordered_json::array();
    for (const auto& f : s.findings) j["findings"].push_back(finding_json(f));
    io.out << json_line(j) << '\n';
    return s.findings.empty() ? 0 : 1;
  }
  std::size_t k = 0;
  for (const auto& line : s.lines) {
    if (line.rfind("FAIL", 0) == 0) {
      write_text(s, s.findings[k], io.out);
      if (k < written.size())
        io.out << (written[k].empty()
                       ? "no fixture line: engine and reference disagree on D1 here\n"
                       : "fixture line appended to " + s.write_fixture + ":\n" + written[k] + "\n");
      ++k;
    } else {
      io.out << line << '\n';
    }
  }
  if (!s.report.empty()) io.out << "report written to " << s.report << '\n';
  io.out << (s.findings.empty() ? "the engine agrees with ours" : "the engine differs from ours")
         << " (" << s.impl << "): " << s.agreed << " agree, " << s.findings.size() << " differ, "
         << s.skipped << " skipped; " << CountText{s.nodes} << " nodes, " << s.requests
         << " requests in " << seconds_text(s.seconds) << " s, "
         << rate_text(s.nodes, s.seconds, no_rate) << '\n';
  return s.findings.empty() ? 0 : 1;
}

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
    app.add_option("--timeout", timeout_, "seconds the engine may take per request (default 30)")
        ->type_name("S");
    app.add_option("--text-depth", text_depth_,
                   "compare the engine's position texts to this depth (default 2)")
        ->type_name("N");
    add_impl_option(app, impl_);
    app.add_flag("--json", args_.json, "one JSON object on one line");
    app_ = &app;
  }

  int run(Io& io) override {
    if (spec_.empty()) throw Error("perft verify needs a spec");
    if (args_.engine.command.empty()) throw Error("perft verify needs --engine 'CMD ...'");
    args_.impl = impl_.impl();
    if (!depth_.empty()) {
      args_.depth = parse_depth(depth_);
      if (args_.depth == 0) throw Error("--depth must be at least 1");
    }
    if (!text_depth_.empty()) args_.text_depth = parse_depth(text_depth_, "--text-depth");
    if (!timeout_.empty()) {
      const auto t = parse_number("--timeout", timeout_);
      if (t == 0 || t > 86400) throw Error("--timeout must be 1 to 86400 seconds");
      args_.engine.timeout = static_cast<double>(t);
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
    if (!report_.empty()) {  // issue 29: checked first, and no stale verdict left
      check_output_path(report_, "the report '" + report_ + "'");
      remove_stale(report_);
    }
    args_.write_fixture = write_fixture_;
    args_.report = report_;
    args_.position = root_.position;
    args_.moves = root_.moves;
    return Games::with_pair(Spec::parse(spec_), [&](const auto& engine, const auto& reference) {
      ProgressLine progress(io.err, io.progress && !args_.json);
      VerifySummary s = args_.impl == Impl::kEngine
                            ? verify(engine, engine, reference, args_, progress)
                            : verify(reference, engine, reference, args_, progress);
      progress.clear();
      return finish_verify(s, io);
    });
  }

 private:
  std::string spec_, depth_, suite_, max_nodes_, write_fixture_, report_, timeout_, text_depth_;
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
     "[--impl I] [--json]",
     "an outside engine against ours: agree (exit 0) or the first difference (exit 1)", &make}};

}  // namespace
}  // namespace arb::cli
