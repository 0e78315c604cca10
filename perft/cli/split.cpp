// perft split / units / merge (issue 12): perft(N) cut into work units that
// separate processes or machines count (docs/cluster.md). The files and the
// counting are the library's (perft/units.h).
#include <CLI/CLI.hpp>

#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/units.h"

namespace arb::cli {
namespace {

struct SplitArgs {
  RootArgs root;
  ImplArg impl;
  int depth = 0, at = 0;
  std::string out;
};

struct UnitsArgs {
  std::string checksum;
  ImplArg impl;
  std::uint64_t shard = 0, shards = 1;
  HashArgs hash;
  std::string out;
};

void write_units_file(const UnitSet& set, const std::string& path, Io& io) {
  if (path.empty()) {
    write_unit_set(set, io.out);  // checked when the command ends (run_perft_cli)
    return;
  }
  std::ostringstream text;
  write_unit_set(set, text);
  replace_file(path, text.str(), "'" + path + "'");  // never half a units file
  io.err << "perft split: " << set.units.size() << " units at depth " << set.at << " of "
         << set.depth << " in " << path << " (checksum " << unit_set_checksum(set) << ")\n";
}

class SplitCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("spec", spec_, "the game: emergo, emergo:size=7, eximo, ...")->type_name("");
    app.add_option("--depth", depth_, "the perft depth N the units add up to")->type_name("N");
    app.add_option("--at", at_, "the depth K of the units (K <= N)")->type_name("K");
    app.add_option("--out", args_.out, "the units file (JSON lines); default stdout")
        ->type_name("FILE");
    add_root_options(app, args_.root);
    add_impl_option(app, args_.impl);
  }

  int run(Io& io) override {
    if (spec_.empty()) throw Error("perft split needs a spec");
    if (depth_.empty()) throw Error("--depth N is required");
    if (at_.empty()) throw Error("--at K is required");
    args_.depth = parse_depth(depth_);
    const std::uint64_t at = parse_number("--at", at_);
    if (at > static_cast<std::uint64_t>(args_.depth))
      throw Error("--at " + at_ + " is deeper than --depth " + depth_);
    args_.at = static_cast<int>(at);
    const Impl impl = args_.impl.impl();
    if (!args_.out.empty()) check_writable(args_.out);  // before the work (issue 29)
    const UnitSet set = Games::with_game(Spec::parse(spec_), impl, [&](const auto& g) {
      return split_units(g, root_of(g, args_.root), args_.depth, args_.at);
    });
    write_units_file(set, args_.out, io);
    return 0;
  }

 private:
  std::string spec_, depth_, at_;
  SplitArgs args_;
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
    check_hash_options(hash_, args_.hash);
    if (!args_.out.empty()) check_writable(args_.out);  // before the work (issue 29)
    const UnitSet set = read_unit_set(file_);
    args_.checksum = unit_set_checksum(set);
    // Issue 29: each unit is written (and flushed) when it is counted, and a
    // partial --out of this shard is resumed, so a killed run loses one unit.
    std::set<std::size_t> done;
    bool header = false;
    std::error_code ec;
    if (!args_.out.empty() && std::filesystem::is_regular_file(args_.out, ec)) {
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
      if (!io.out) throw Error("cannot write the output (standard output)");
    };
    if (!header) write(shard_header_line(set, args_.checksum, args_.shard, args_.shards));
    Games::with_game(Spec::parse(set.game), impl, [&](const auto& g) {
      note_threads(args_.hash, io);
      ProgressLine line(io.err, io.progress);
      count_shard(
          g, set, args_.shard, args_.shards, done, args_.hash,
          [&](std::size_t unit, Count nodes) {
            write(shard_result_line(set, args_.checksum, unit, nodes));
          },
          count_progress(line, set.depth));
    });
    return 0;
  }

 private:
  std::string file_, shard_;
  UnitsArgs args_;
  HashOptionText hash_;
};

class MergeCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("files", files_, "result files of perft units")->type_name("FILE...");
  }

  // Exit 1 on a gap or a duplicate; 2 on a file that is not results of one set.
  int run(Io& io) override {
    if (files_.empty()) throw Error("perft merge needs result files");
    const MergeResult r = merge_results(files_);
    const std::uint64_t missing = r.missing, duplicated = r.duplicated, units = r.units;
    const auto first_missing = r.first_missing, first_duplicate = r.first_duplicate;
    if (missing || duplicated) {
      io.err << "perft merge: " << missing << " of " << units << " units missing"
             << (first_missing ? " (first: unit " + std::to_string(*first_missing) + ")" : "")
             << ", " << duplicated << " given more than once"
             << (first_duplicate ? " (first: unit " + std::to_string(*first_duplicate) + ")" : "")
             << "\n";
      return 1;
    }
    io.out << "total " << to_string(r.total) << '\n' << std::flush;
    if (!io.out) throw Error("cannot write the output (standard output)");  // before the note
    io.err << "perft merge: " << units << " units of set " << r.checksum << ", depth " << r.depth
           << '\n';
    return 0;
  }

 private:
  std::vector<std::string> files_;
};

std::unique_ptr<Command> make_split() { return std::make_unique<SplitCommand>(); }
std::unique_ptr<Command> make_units() { return std::make_unique<UnitsCommand>(); }
std::unique_ptr<Command> make_merge() { return std::make_unique<MergeCommand>(); }

const Registration kSplit{
    {70, "split",
     "split <spec> --depth N --at K [--out FILE] [--position TEXT] [--moves \"m1 m2 ...\"] "
     "[--impl I]",
     "work units: the distinct positions at depth K with multiplicities (docs/cluster.md)",
     &make_split}};
const Registration kUnits{
    {80, "units", "units FILE [--shard i/n] [--out FILE] [--impl I] [--hash MB] [--threads N]",
     "count shard i of n of a units file, as JSON lines", &make_units}};
const Registration kMerge{
    {90, "merge", "merge FILE...",
     "add up shard results: total N, or exit 1 on a missing or duplicate unit", &make_merge}};

}  // namespace
}  // namespace arb::cli
