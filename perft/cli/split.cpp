// perft split: perft(N) cut into work units that separate
// processes or machines count with perft units and add up with perft merge
// (docs/cluster.md). The files are the library's (perft/files/units.h).
#include <CLI/CLI.hpp>

#include <memory>
#include <sstream>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/files/files.h"

namespace arb::cli {
namespace {

struct SplitArgs {
  RootArgs root;
  ImplArg impl;
  int depth = 0, at = 0;
  std::string out;
};

void write_units_file(const UnitSet& set, const std::string& path, Io& io) {
  if (path.empty()) {
    write_unit_set(set, io.out);  // checked when the command ends (run_perft_cli)
    return;
  }
  std::ostringstream text;
  const std::string checksum = write_unit_set(set, text);
  write_output_file(path, text.str(), "'" + path + "'");  // never half a units file
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
    if (!args_.out.empty()) check_writable(args_.out);  // before the work
    const UnitSet set = Games::with_game(Spec::parse(spec_), impl, [&](const auto& g) {
      const auto root = root_of(g, args_.root);
      return automatic ? split_units_auto(g, root, args_.depth)
                       : split_units(g, root, args_.depth, args_.at);
    });
    write_units_file(set, args_.out, io);
    return 0;
  }

 private:
  std::string spec_, depth_, at_;
  SplitArgs args_;
};

std::unique_ptr<Command> make() { return std::make_unique<SplitCommand>(); }

const Registration kRegistration{
    {70, "split",
     "split <spec> --depth N --at K|auto [--out FILE] [--position TEXT] [--moves \"m1 m2 ...\"] "
     "[--impl I]",
     "work units: the distinct positions at depth K with multiplicities (docs/cluster.md)", &make}};

}  // namespace
}  // namespace arb::cli
