#include "perft/cli/command.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>

#include "common/error.h"

namespace arb::cli {

namespace {
std::vector<CommandInfo>& registry() {
  static std::vector<CommandInfo> all;
  return all;
}
}  // namespace

Registration::Registration(CommandInfo info) {
  auto& all = registry();
  all.insert(std::upper_bound(
                 all.begin(), all.end(), info,
                 [](const CommandInfo& a, const CommandInfo& b) { return a.order < b.order; }),
             info);
}

const std::vector<CommandInfo>& commands() { return registry(); }

void add_root_options(CLI::App& app, RootArgs& args) {
  app.add_option("--position", args.position, "a position text (one argument) or start")
      ->type_name("TEXT")
      ->default_str("start");
  app.add_option("--moves", args.moves, "moves played from the position first")
      ->type_name("\"m1 m2 ...\"");
}

void add_impl_option(CLI::App& app, ImplArg& impl) {
  app.add_option("--impl", impl.text, "engine or reference")->type_name("I")->default_str("engine");
}

bool given(const CLI::App& app, std::string_view option) {
  const CLI::Option* o = app.get_option_no_throw(std::string(option));
  return o && o->count() > 0;
}

void add_hash_options(CLI::App& app, CountOptionText& text) {
  app.add_option("--hash", text.hash,
                 "transposition table of N MB (0: none); default: chosen from the tree's "
                 "estimated size, at most " +
                     std::to_string(kDefaultHashMb) + " MB on the engine")
      ->type_name("MB");
  app.add_option("--threads", text.threads,
                 "worker threads; default every core, 1 for a small tree")
      ->type_name("N");
  app.add_option("--hash-seed", text.seed, "mixed into the table's index (a cross-check)")
      ->type_name("N");
}

void check_writable(const std::string& path) { check_output_path(path, "'" + path + "'"); }

}  // namespace arb::cli
