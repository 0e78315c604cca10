// perft replay FILE|- [--engine-only] [--junit FILE [--junit-file-attrs]] [--github] [--json]: game
// records (perft/files/replay.h) replayed on the engine and the reference, one game
// a line, read as a stream so that a whole archive needs no memory. Each
// record's first failure is named by file:line and ply; a malformed line
// stops the run (exit 2).
#include <CLI/CLI.hpp>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/files/replay.h"
#include "perft/text/ci_output.h"
#include "perft/text/file_io.h"
#include "perft/text/json.h"
#include "perft/text/text.h"

namespace arb::cli {
namespace {

// The implementations of one spec, built once for all its records.
class Replayer {
 public:
  virtual ~Replayer() = default;
  virtual std::optional<ReplayFailure> replay(const ReplayRecord& r, ReplayTally& tally) = 0;
};

template <class Pair>
class PairReplayer : public Replayer {
 public:
  PairReplayer(const Spec& spec, bool engine_only)
      : engine_(spec), reference_(spec), engine_only_(engine_only) {}
  std::optional<ReplayFailure> replay(const ReplayRecord& r, ReplayTally& tally) override {
    return replay_record(engine_, engine_only_ ? nullptr : &reference_, r, tally);
  }

 private:
  typename Pair::Engine engine_;
  typename Pair::Reference reference_;
  bool engine_only_;
};

// Where a failure is: "ply 3 'a1-b2'", "the start position", "the end (after ply 40)".
std::string where_in_game(const ReplayFailure& f, std::size_t moves) {
  if (f.ply == 0) return "the start position";
  if (f.ply > static_cast<int>(moves)) return "the end (after ply " + std::to_string(moves) + ")";
  return "ply " + std::to_string(f.ply) + " '" + f.move + "'";
}

class ReplayCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("file", file_, "game records, one a line (docs/cli.md); - reads stdin")
        ->type_name("");
    app.add_flag("--engine-only", engine_only_, "replay on the engine alone (no reference)");
    add_ci_options(app, ci_);
    app.add_flag("--json", json_, "one JSON object on one line instead of the text");
  }

  int run(Io& io) override {
    if (file_.empty()) throw Error("perft replay needs a record file (or - for stdin)");
    if (json_ && ci_.github)
      throw Error("--json and --github both write to standard output; drop one");
    ci_.check_file_attrs();
    ci_.check_junit_path();
    const std::string name = file_ == "-" ? "stdin" : file_;
    CiRun ci;
    ci.name = "perft replay " + name;
    // No earlier run's verdict survives this one: an error (exit 2) is in it.
    JunitFile junit = ci_.junit_file(ci.name);
    try {
      return replay(io, name, ci, junit);
    } catch (const std::exception& e) {
      junit.error(e.what());
      throw;
    }
  }

 private:
  int replay(Io& io, const std::string& name, CiRun& ci, JunitFile& junit) {
    std::ifstream file;
    if (file_ != "-") file = open_input_file(file_, "record file");
    std::istream& in = file_ == "-" ? std::cin : file;
    const std::string impls = engine_only_ ? "engine" : "engine and reference";
    if (!json_) io.out << "replay " << name << " (" << impls << ")\n" << std::flush;
    std::map<std::string, std::unique_ptr<Replayer>> replayers;
    std::uint64_t games = 0, failed = 0;
    ReplayTally tally;
    double seconds = 0;
    nlohmann::ordered_json failures = nlohmann::ordered_json::array();
    std::string line;
    for (int number = 1; read_line(in, line, name); ++number) {
      if (replay_line_skipped(line)) continue;
      const std::string at = name + ":" + std::to_string(number);
      ReplayRecord r;
      std::optional<ReplayFailure> f;
      double game_seconds = 0;
      try {
        r = parse_replay_line(line, number);
        auto& replayer = replayers[r.spec];
        if (!replayer) replayer = make_replayer(r.spec);
        game_seconds = seconds_of([&] { f = replayer->replay(r, tally); });
        seconds += game_seconds;
      } catch (const Error& e) {  // bad input: one line, exit 2
        throw Error(at + ": " + e.what());
      }
      ++games;
      CiCase k;
      k.classname = r.spec;
      k.name = r.id.empty() ? "line " + std::to_string(number) : r.id;
      k.file = name;
      k.line = number;
      k.seconds = game_seconds;
      if (f) {
        ++failed;
        const std::string where = where_in_game(*f, r.moves.size());
        const std::string body = f->diagram + "      position: " + f->position +
                                 "\n      again:    " + f->command + "\n";
        if (!json_)
          io.out << "FAIL  " << at << (r.id.empty() ? "" : " (" + r.id + ")") << " at " << where
                 << ": " << one_line(f->message) << '\n'
                 << body << std::flush;
        k.status = CiCase::Status::kFail;
        k.message = "at " + where + ": " + one_line(f->message);
        k.body = body;
        nlohmann::ordered_json j;
        j["line"] = number;
        j["id"] = r.id;
        j["ply"] = f->ply;
        j["move"] = f->move;
        j["message"] = f->message;
        j["position"] = f->position;
        j["command"] = f->command;
        failures.push_back(std::move(j));
      }
      if (!ci_.junit.empty() || ci_.github) ci.cases.push_back(std::move(k));
    }
    if (in.bad()) throw Error("cannot read " + name);
    // Nothing to replay is a mistake (a wrong file), not a success.
    if (games == 0) throw Error(name + " has no game records");
    ci.seconds = seconds;
    const std::string rate = seconds < kMinRateSeconds
                                 ? "no moves/s: under 0.01 s"
                                 : to_string(nodes_per_second(tally.plies, seconds)) + " moves/s";
    if (json_) {
      nlohmann::ordered_json j;
      j["file"] = name;
      j["impl"] = impls;
      j["games"] = games;
      j["moves"] = tally.plies;
      j["passed"] = games - failed;
      j["failed"] = failed;
      j["seconds"] = seconds;
      j["moves_per_second"] = seconds < kMinRateSeconds
                                  ? nlohmann::ordered_json()
                                  : json_count(nodes_per_second(tally.plies, seconds));
      j["failures"] = std::move(failures);
      io.out << json_line(j) << '\n';
    } else {
      io.out << games << " games, " << tally.plies << " moves: " << games - failed << " passed, "
             << failed << " failed (" << seconds_text(seconds) << " s, " << rate << ")\n";
    }
    junit.write(ci);
    if (ci_.github) write_github(ci, io.out);
    return failed > 0 ? 1 : 0;
  }

  std::unique_ptr<Replayer> make_replayer(const std::string& text) const {
    const Spec spec = [&] {
      try {
        return Spec::parse(text);
      } catch (const Error& e) {
        throw Error(std::string("field 1 (spec): ") + e.what());
      }
    }();
    return Games::dispatch(spec, [&]<class Pair>() -> std::unique_ptr<Replayer> {
      return std::make_unique<PairReplayer<Pair>>(spec, engine_only_);
    });
  }

  std::string file_;
  bool engine_only_ = false, json_ = false;
  CiOptionText ci_;
};

std::unique_ptr<Command> make() { return std::make_unique<ReplayCommand>(); }

const Registration kRegistration{
    {25, "replay",
     "replay FILE|- [--engine-only] [--junit FILE [--junit-file-attrs]] [--github] [--json]",
     "replay game records, one a line: every move legal on engine and reference (docs/cli.md)",
     &make}};

}  // namespace
}  // namespace arb::cli
