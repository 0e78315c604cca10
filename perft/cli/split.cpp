// perft split: perft(N) cut into work units that separate
// processes or machines count with perft units and add up with perft merge
// (docs/cluster.md). The files are the library's (perft/files/units.h).
#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <string_view>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/files/files.h"
#include "perft/text/file_io.h"

namespace arb::cli {
namespace {

struct SplitArgs {
  RootArgs root;
  ImplArg impl;
  int depth = 0, at = 0, threads = 1;
  std::string out;
};

void write_units_file(const UnitSet& set, const std::string& path, int threads, Io& io) {
  if (path.empty()) {
    // checked when the command ends (run_perft_cli)
    write_unit_set(
        set,
        [&](std::string_view text) {
          io.out.write(text.data(), static_cast<std::streamsize>(text.size()));
        },
        threads);
    return;
  }
  std::string checksum;
  // Through a temporary file: never half a units file; the lines are made
  // a block at a time, never the whole text at once (hundreds of MB).
  write_output_file(
      path, [&](const OutputSink& sink) { checksum = write_unit_set(set, sink, threads); },
      "'" + path + "'");
  io.err << "perft split: " << set.units.size() << " units at depth " << set.at << " of "
         << set.depth << " in " << path << " (checksum " << checksum << ")\n";
}

class SplitCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("spec", spec_, "the game: emergo, emergo:size=7, eximo, ...")->type_name("");
    app.add_option("--depth", depth_, "the perft depth N the units add up to")->type_name("N");
    app.add_option("--at", at_,
                   "the depth K of the units (K <= N), or auto: as deep as a shard needs no "
                   "table, within the units a set holds")
        ->type_name("K");
    app.add_option("--out", args_.out, "the units file (JSON lines); default stdout")
        ->type_name("FILE");
    app.add_option("--threads", threads_,
                   "threads that expand, merge and write the units; default every core (the "
                   "units are the same for any number)")
        ->type_name("N");
    add_root_options(app, args_.root);
    add_impl_option(app, args_.impl);
  }

  int run(Io& io) override {
    if (spec_.empty()) throw Error("perft split needs a spec");
    if (depth_.empty()) throw Error("--depth N is required");
    if (at_.empty()) throw Error("--at K is required");
    args_.depth = parse_depth(depth_);
    const bool automatic = at_ == "auto";
    if (!automatic) {
      const std::uint64_t at = parse_number("--at", at_);
      if (at > static_cast<std::uint64_t>(args_.depth))
        throw Error("--at " + at_ + " is deeper than --depth " + depth_);
      args_.at = static_cast<int>(at);
    }
    const Impl impl = args_.impl.impl();
    const CountOptions threads = CountOptions::parse("", threads_);
    args_.threads = threads.threads.value_or(default_threads());
    if (!args_.out.empty()) check_writable(args_.out);  // before the work
    note_threads(threads, io);
    const UnitSet set = Games::with_game(Spec::parse(spec_), impl, [&](const auto& g) {
      const auto root = root_of(g, args_.root);
      return automatic ? split_units_auto(g, root, args_.depth, kMaxUnits, args_.threads)
                       : split_units(g, root, args_.depth, args_.at, kMaxUnits, args_.threads);
    });
    write_units_file(set, args_.out, args_.threads, io);
    return 0;
  }

 private:
  std::string spec_, depth_, at_, threads_;
  SplitArgs args_;
};

std::unique_ptr<Command> make() { return std::make_unique<SplitCommand>(); }

const Registration kRegistration{
    {70, "split",
     "split <spec> --depth N --at K|auto [--out FILE] [--threads N] [--position TEXT] "
     "[--moves \"m1 m2 ...\"] [--impl I]",
     "work units: the distinct positions at depth K with multiplicities (docs/cluster.md)", &make}};

}  // namespace
}  // namespace arb::cli
