// The perft command-line tool (RULES.md I1-I5): the parsing every command
// shares (CLI11), help and the one-line errors. Each command is
// perft/cli/<name>.cpp, which registers itself (perft/cli/command.h) and
// reaches its game through the registry's dispatcher (common/registry.h).
#include "perft/cli/cli.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <map>
#include <new>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/spec.h"
#include "perft/cli/command.h"
#include "perft/text/file_io.h"

namespace arb {
namespace cli {

namespace {

std::string who(const CommandInfo& info) {
  return info.name.empty() ? "perft" : "perft " + std::string(info.name);
}

// A positional that takes a list (perft merge FILE...).
bool takes_many(const CLI::Option& o) { return o.get_items_expected_max() > 1; }

// The app of a command: its options, as its --help shows them.
std::unique_ptr<CLI::App> app_of(const CommandInfo& info, Command& command) {
  auto app = std::make_unique<CLI::App>(std::string(info.summary), who(info));
  app->set_help_flag("-h,--help", "print this help and exit");
  app->allow_extras();  // reported by run_command, in our words
  app->footer(
      "Exit status: 0 success, 1 a difference (compare, verify) or a failed test (suite, replay), "
      "2 an error.");
  command.define(*app);
  for (CLI::Option* o : app->get_options())
    if (!takes_many(*o))
      o->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);  // "given twice" is ours
  return app;
}

// Every option of every command, to tell "unknown" from "does not apply":
// name -> whether it takes a value.
const std::map<std::string, bool>& all_options() {
  static const std::map<std::string, bool> names = [] {
    std::map<std::string, bool> out;
    for (const auto& info : commands()) {
      auto command = info.make();
      const auto app = app_of(info, *command);
      for (const CLI::Option* o : app->get_options())
        for (const auto& name : o->get_lnames()) out["--" + name] = o->get_expected_max() > 0;
    }
    return out;
  }();
  return names;
}

// The index of the first argument that is neither an option nor an option's
// value: the command word may follow options (`perft --impl reference show ...`).
std::size_t first_positional(const std::vector<std::string>& args) {
  if (args.empty() || args[0].size() < 2 || args[0][0] != '-') return 0;  // the usual case
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() < 2 || a[0] != '-') return i;
    const auto it = all_options().find(a);  // "--depth" then its value; "--depth=3" alone
    if (it != all_options().end() && it->second) ++i;
  }
  return args.size();
}

std::string usage() {
  std::string out = "usage:\n";
  for (const auto& info : commands()) out += "  perft " + std::string(info.synopsis) + "\n";
  out += "  perft help [COMMAND]    perft COMMAND --help    (a command's options)\n\n";
  for (const auto& info : commands()) {
    std::string name = info.name.empty() ? "(count)" : std::string(info.name);
    name.resize(std::max<std::size_t>(name.size(), 9), ' ');
    out += "  " + name + " " + std::string(info.summary) + "\n";
  }
  out +=
      "\n<spec> is a game with options: emergo, emergo:size=7, eximo, meridians:size=6,swap,\n"
      "ecalper:size=5,replace=last-added,players=3 (RULES.md, \"Game specs\"). Games:";
  for (const auto name : Spec::games()) out += " " + std::string(name);
  out +=
      ".\nExit status: 0 success, 1 a difference (compare, verify) or a failed test (suite, "
      "replay), 2 an "
      "error.\n";
  return out;
}

// "count, compare, ...": every command word, for a message.
std::string command_names() {
  std::string out = "count";
  for (const auto& info : commands())
    if (!info.name.empty()) out += ", " + std::string(info.name);
  return out;
}

const CommandInfo* find_command(std::string_view name) {
  for (const auto& info : commands())
    if (!info.name.empty() && info.name == name) return &info;
  return nullptr;
}

// CLI11's message as one of ours.
std::string parse_error_text(const CLI::ParseError& e) {
  const std::string what = e.what();
  // "--depth: 1 required TEXT missing"
  const auto colon = what.find(':');
  if (what.rfind("--", 0) == 0 && colon != std::string::npos &&
      what.find(" required ") != std::string::npos && what.find("missing") != std::string::npos)
    return "option " + what.substr(0, colon) + " needs a value";
  return what;
}

int run_command(const CommandInfo& info, std::vector<std::string> args, cli::Io& io) {
  auto command = info.make();
  const auto app = app_of(info, *command);
  // A flag given a value (--divide=yes): CLI11 would read it as true or false.
  for (const auto& a : args) {
    if (a.rfind("--", 0) != 0) continue;
    const auto eq = a.find('=');
    if (eq == std::string::npos) continue;
    const CLI::Option* o = app->get_option_no_throw(a.substr(0, eq));
    if (o && o->get_expected_max() == 0)
      throw Error("option " + a.substr(0, eq) + " takes no value");
  }
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  try {
    app->parse(args);
  } catch (const CLI::CallForHelp&) {
    io.out << app->help();
    return 0;
  } catch (const CLI::ParseError& e) {
    throw Error(parse_error_text(e));
  }
  for (const auto& extra : app->remaining()) {
    if (extra.size() > 1 && extra[0] == '-') {
      const std::string name = extra.substr(0, extra.find('='));
      if (all_options().contains(name))
        throw Error("option " + name + " does not apply to " +
                    (info.name.empty() ? std::string("a count") : who(info)));
      throw Error("unknown option '" + name + "' (see perft --help)");
    }
    throw Error("unexpected argument '" + extra + "'");
  }
  for (const CLI::Option* o : app->get_options())
    if (o->count() > 1 && !takes_many(*o)) throw Error("option " + o->get_name() + " given twice");
  return command->run(io);
}

int dispatch(const std::vector<std::string>& args, cli::Io& io) {
  if (args.empty()) throw Error("no command given (see perft --help)");
  const std::string& first = args[0];
  // `help` only as the command word; a position or file named help is data.
  if (first == "--help" || first == "-h" || (first == "help" && args.size() == 1)) {
    io.out << usage();
    return 0;
  }
  if (first == "help") {
    const CommandInfo* info = args[1] == "count" ? &commands()[0] : find_command(args[1]);
    // The word quoted is the one that is wrong: the unknown name, or the extra one.
    const std::string& wrong = info ? args[std::min<std::size_t>(2, args.size() - 1)] : args[1];
    if (!info || args.size() > 2)
      throw Error("perft help takes one command name (" + command_names() + "), not '" + wrong +
                  "'");
    return run_command(*info, {"--help"}, io);
  }
  const std::size_t word = first_positional(args);
  // `count` is a command word too, as perft help lists it: `perft count emergo --depth 2`.
  if (word < args.size() && args[word] == "count") {
    std::vector<std::string> rest = args;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(word));
    return run_command(commands()[0], rest, io);
  }
  if (const CommandInfo* info = word < args.size() ? find_command(args[word]) : nullptr) {
    std::vector<std::string> rest = args;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(word));
    return run_command(*info, rest, io);
  }
  return run_command(commands()[0], args, io);  // the count has no command word
}

// What was asked, for a message about memory: the command line, cut.
std::string asked(const std::vector<std::string>& args) {
  std::string line = "perft";
  for (const auto& a : args) line += " " + a;
  return line;
}

}  // namespace
}  // namespace cli

int run_perft_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                  bool progress) {
  cli::Io io{out, err, progress};
  errno = 0;  // a failed write's reason is the errno it leaves (write_error)
  try {
    const int status = cli::dispatch(args, io);
    // A full disk or a closed pipe is an error, not a success.
    if (!out.flush()) throw Error(stdout_error());
    return status;
  } catch (const Error& e) {
    err << "perft: error: " << one_line(e.what()) << '\n';
  } catch (const std::bad_alloc&) {
    err << "perft: error: out of memory for '" << shown(cli::asked(args)) << "'\n";
  } catch (const std::exception& e) {
    err << "perft: internal error: " << one_line(e.what()) << '\n';
  }
  out.flush();
  return 2;
}

}  // namespace arb
