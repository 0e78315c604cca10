// perft merge: add up the result files of perft units, or name
// the first missing or duplicate unit (docs/cluster.md). The merge is the
// library's (perft/files/units.h).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "perft/cli/command.h"
#include "perft/files/files.h"
#include "perft/text/file_io.h"

namespace arb::cli {
namespace {

class MergeCommand : public Command {
 public:
  void define(CLI::App& app) override {
    app.add_option("files", files_, "result files of perft units")->type_name("FILE...");
  }

  // Exit 1 on a gap or a duplicate; 2 on a file that is not results of one set.
  int run(Io& io) override {
    if (files_.empty()) throw Error("perft merge needs result files");
    // "-" is standard input, which has one reading.
    if (std::count_if(files_.begin(), files_.end(), is_standard_stream) > 1)
      throw Error("'-' (standard input) can be given once");
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
    if (!io.out) throw Error(stdout_error());  // before the note
    io.err << "perft merge: " << units << " units of set " << r.checksum << ", depth " << r.depth
           << '\n';
    return 0;
  }

 private:
  std::vector<std::string> files_;
};

std::unique_ptr<Command> make() { return std::make_unique<MergeCommand>(); }

const Registration kRegistration{
    {90, "merge", "merge FILE...",
     "add up shard results: total N, or exit 1 on a missing or duplicate unit", &make}};

}  // namespace
}  // namespace arb::cli
