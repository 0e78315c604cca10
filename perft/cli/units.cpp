// perft units: count shard i of n of a units file written by
// perft split, one JSON line per unit (docs/cluster.md). The files and the
// counting are the library's (perft/files/units.h).
#include <CLI/CLI.hpp>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/files/files.h"
#include "perft/text/file_io.h"

namespace arb::cli {
namespace {

struct UnitsArgs {
  std::string checksum;
  ImplArg impl;
  std::uint64_t shard = 0, shards = 1;
  CountOptions hash;
  std::string out;
};

class UnitsCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("file", file_, "a units file written by perft split")->type_name("");
    app.add_option("--shard", shard_, "shard i of n (0-based): the units i, i+n, i+2n, ...")
        ->type_name("i/n");
    app.add_option("--out", args_.out, "the results (JSON lines); default stdout")
        ->type_name("FILE");
    add_impl_option(app, args_.impl);
    add_hash_options(app, hash_);
  }

  int run(Io& io) override {
    if (file_.empty()) throw Error("perft units needs a units file");
    if (!shard_.empty()) {
      const auto slash = shard_.find('/');
      if (slash == std::string::npos) throw Error("--shard expects i/n, got '" + shard_ + "'");
      args_.shard = parse_number("--shard", shard_.substr(0, slash));
      args_.shards = parse_number("--shard", shard_.substr(slash + 1));
      if (args_.shards == 0 || args_.shard >= args_.shards)
        throw Error("--shard i/n needs 0 <= i < n, got '" + shard_ + "'");
    }
    const Impl impl = args_.impl.impl();
    args_.hash = hash_.options();
    if (!args_.out.empty()) check_writable(args_.out);  // before the work
    const ShardUnits units = read_shard_units(file_, args_.shard, args_.shards);
    const UnitSet& set = units.set;
    args_.checksum = units.checksum;
    // Each unit is written (and flushed) when it is counted, and a
    // partial --out of this shard is resumed, so a killed run loses one unit.
    std::set<std::size_t> done;
    bool header = false;
    std::error_code ec;
    if (!args_.out.empty() && !is_standard_stream(args_.out) &&
        std::filesystem::is_regular_file(args_.out, ec)) {
      done = resume_shard(args_.out, args_.checksum, args_.shard, args_.shards, header);
      if (header || !done.empty())
        io.err << "perft units: resuming " << args_.out << ": " << done.size()
               << " units already counted\n";
    }
    std::optional<LineWriter> file;
    if (!args_.out.empty()) file.emplace(args_.out);
    const auto write = [&](const std::string& line) {
      if (file) return file->line(line);
      io.out << line << '\n' << std::flush;
      if (!io.out) throw Error(stdout_error());
    };
    if (!header) write(shard_header_line(units, args_.shard, args_.shards));
    // Results go out in batches at most 0.1 s old: a set of millions of units
    // of a few ms each would spend a tenth of its time on a write per line. A
    // killed run loses the batch, which the rerun counts again.
    std::string batch;
    auto written = std::chrono::steady_clock::now();
    const auto flush = [&] {
      if (batch.empty()) return;
      batch.pop_back();  // write() ends the last line
      write(batch);
      batch.clear();
      written = std::chrono::steady_clock::now();
    };
    Games::with_game(Spec::parse(set.game), impl, [&](const auto& g) {
      note_threads(args_.hash, io);
      ProgressLine line(io.err, io.progress);
      try {
        count_shard(
            g, units, done, args_.hash,
            [&](std::size_t k, Count nodes) {
              batch += shard_result_line(units, k, nodes);
              batch += '\n';
              if (batch.size() >= (std::size_t{1} << 16) ||
                  std::chrono::steady_clock::now() - written >= std::chrono::milliseconds(100))
                flush();
            },
            count_progress(line, set.depth));
      } catch (...) {
        flush();  // the units counted before a stop or an error are kept
        throw;
      }
    });
    flush();
    return 0;
  }

 private:
  std::string file_, shard_;
  UnitsArgs args_;
  CountOptionText hash_;
};

std::unique_ptr<Command> make() { return std::make_unique<UnitsCommand>(); }

const Registration kRegistration{
    {80, "units", "units FILE [--shard i/n] [--out FILE] [--impl I] [--hash MB] [--threads N]",
     "count shard i of n of a units file, as JSON lines", &make}};

}  // namespace
}  // namespace arb::cli
