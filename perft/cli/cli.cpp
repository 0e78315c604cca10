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
  out += "  perft help [COMMAND]    perft COMMAND --help    (a command's options)\n";
  out += "  perft --version\n\n";
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

// Levenshtein distance, for "did you mean": command words are short.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// The command a misspelt first word was meant to be ("suit": "suite"), or
// "": a word that parses as a spec is the count's, never a misspelling.
std::string meant_command(const std::string& word) {
  if (word.empty() || word[0] == '-') return "";
  try {
    Spec::parse(word);
    return "";
  } catch (const Error&) {}
  const std::string game = word.substr(0, word.find(':'));  // "emerg": a game misspelt
  for (const auto name : Spec::games())
    if (edit_distance(game, name) <= 2) return "";
  std::string best;
  std::size_t best_distance = 3;  // at most 2 edits
  for (const auto& info : commands()) {
    const std::string name = info.name.empty() ? "count" : std::string(info.name);
    const std::size_t d = edit_distance(word, name);
    if (d < best_distance) {
      best_distance = d;
      best = name;
    }
  }
  return best;
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

// The options that name an output file; "-" writes it to standard output.
constexpr std::string_view kOutputOptions[] = {"--out", "--report",           "--junit",
                                               "--bmf", "--github-benchmark", "--write-fixture"};
// The flags whose text goes to standard output, which an output "-" would mix.
constexpr std::string_view kStdoutFlags[] = {"--json", "--github"};

// The output given as "-" ("--junit"), or "". Two of them, or one with a
// flag that writes standard output too, are an error.
std::string standard_output_option(const CLI::App& app) {
  std::string taken;
  for (const auto name : kOutputOptions) {
    const CLI::Option* o = app.get_option_no_throw(std::string(name));
    if (!o || o->count() == 0 || !is_standard_stream(o->as<std::string>())) continue;
    if (!taken.empty())
      throw Error("only one output can be '-' (standard output), not both " + taken + " and " +
                  std::string(name));
    taken = name;
  }
  if (!taken.empty())
    for (const auto flag : kStdoutFlags)
      if (given(app, flag))
        throw Error(std::string(flag) + " writes standard output: " + taken +
                    " - cannot go there too (give it a file)");
  return taken;
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
  // An output on standard output ("--junit -") has it alone: the command's own text goes to
  // standard error.
  if (!standard_output_option(*app).empty()) {
    cli::Io text_on_stderr{io.err, io.err, io.progress};
    return command->run(text_on_stderr);
  }
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
  if (first == "--version" && args.size() == 1) {
    io.out << "perft (arbiter) " << arb::version() << "\n";
    return 0;
  }
  if (first == "help") {
    const CommandInfo* info = args[1] == "count" ? &commands()[0] : find_command(args[1]);
    if (const std::string meant = info ? "" : meant_command(args[1]); !meant.empty())
      throw Error("perft help: unknown command '" + args[1] + "'; did you mean '" + meant + "'?");
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
  if (word < args.size())
    if (const std::string meant = meant_command(args[word]); !meant.empty())
      throw Error("unknown command '" + args[word] + "'; did you mean '" + meant + "'?");
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
  // Where an output named "-" goes, for this run only.
  struct StandardOutput {
    explicit StandardOutput(std::ostream& out) { set_standard_output(&out); }
    ~StandardOutput() { set_standard_output(nullptr); }
  } standard_output(out);
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
