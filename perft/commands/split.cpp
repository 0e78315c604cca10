// perft split / units / merge (issue 12): perft(N) cut into work units that
// separate processes or machines count (docs/cluster.md). The game-generic
// parts are perft/commands/split.h.
#include "perft/commands/split.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "common/error.h"
#include "common/spec.h"
#include "perft/commands.h"
#include "perft/json.h"
#include "perft/numbers.h"

namespace arb::cli {

namespace {

std::uint64_t fnv1a(std::uint64_t h, const std::string& text) {
  for (const unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  return (h ^ '\n') * 0x100000001b3ULL;
}

std::string hex16(std::uint64_t h) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// A count of a JSON line: an integer or a string of digits (I2, P4).
arb::Count count_of(const nlohmann::json& j, const char* key, const std::string& where) {
  const auto it = j.find(key);
  if (it != j.end() && it->is_number_unsigned()) return it->get<std::uint64_t>();
  if (it != j.end() && it->is_string()) {
    const PlainNumber n = read_plain_number(it->get<std::string>());
    if (n.problem == PlainNumber::Problem::kNone) return n.value;
  }
  throw Error(where + ": \"" + key + "\" must be a count (digits, or a string of digits)");
}

std::uint64_t number_of(const nlohmann::json& j, const char* key, const std::string& where) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_unsigned())
    throw Error(where + ": \"" + key + "\" must be a non-negative integer");
  return it->get<std::uint64_t>();
}

std::string text_of(const nlohmann::json& j, const char* key, const std::string& where) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_string()) throw Error(where + ": \"" + key + "\" must be a string");
  return it->get<std::string>();
}

// Calls f(json, "FILE:LINE") for every non-blank line of a JSON lines file.
template <class F>
void for_each_json_line(const std::string& path, F&& f) {
  std::ifstream in(path);
  if (!in) throw Error("cannot read '" + path + "'");
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = path + ":" + std::to_string(number);
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception&) {
      throw Error(where + ": not a JSON object");
    }
    if (!j.is_object()) throw Error(where + ": not a JSON object");
    f(j, where);
  }
}

// Writes to --out FILE, or to stdout without one.
template <class F>
void write_to(const std::string& path, Io& io, F&& f) {
  if (path.empty()) {
    f(io.out);
    io.out << std::flush;
    return;
  }
  std::ofstream out(path);
  if (!out) throw Error("cannot write '" + path + "'");
  f(out);
  out.close();
  if (!out) throw Error("cannot write '" + path + "'");
}

}  // namespace

std::string unit_set_checksum(const UnitSet& set) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  h = fnv1a(h, set.game);
  h = fnv1a(h, set.position);
  h = fnv1a(h, std::to_string(set.depth) + " " + std::to_string(set.at));
  for (const auto& u : set.units) h = fnv1a(fnv1a(h, u.position), to_string(u.multiplicity));
  return hex16(h);
}

void write_unit_set(const UnitSet& set, std::ostream& out) {
  nlohmann::ordered_json head;
  head["split"] = 1;
  head["game"] = set.game;
  head["position"] = set.position;
  head["depth"] = set.depth;
  head["at"] = set.at;
  head["units"] = set.units.size();
  head["checksum"] = unit_set_checksum(set);
  out << json_line(head) << '\n';
  for (std::size_t i = 0; i < set.units.size(); ++i) {
    nlohmann::ordered_json j;
    j["unit"] = i;
    j["position"] = set.units[i].position;
    j["multiplicity"] = json_count(set.units[i].multiplicity);
    out << json_line(j) << '\n';
  }
}

void write_units_file(const UnitSet& set, const std::string& path, Io& io) {
  write_to(path, io, [&](std::ostream& out) { write_unit_set(set, out); });
  if (!path.empty())
    io.err << "perft split: " << set.units.size() << " units at depth " << set.at << " of "
           << set.depth << " in " << path << " (checksum " << unit_set_checksum(set) << ")\n";
}

UnitSet read_unit_set(const std::string& path) {
  UnitSet set;
  std::optional<std::uint64_t> units;
  std::string checksum;
  for_each_json_line(path, [&](const nlohmann::json& j, const std::string& where) {
    if (!units) {
      if (!j.contains("split")) throw Error(where + ": not a units file (perft split writes one)");
      set.game = text_of(j, "game", where);
      set.position = text_of(j, "position", where);
      const std::uint64_t depth = number_of(j, "depth", where), at = number_of(j, "at", where);
      if (depth > static_cast<std::uint64_t>(kMaxDepth) || at > depth)
        throw Error(where +
                    ": depth and at must satisfy at <= depth <= " + std::to_string(kMaxDepth));
      set.depth = static_cast<int>(depth);
      set.at = static_cast<int>(at);
      units = number_of(j, "units", where);
      checksum = text_of(j, "checksum", where);
      return;
    }
    if (number_of(j, "unit", where) != set.units.size())
      throw Error(where + ": expected unit " + std::to_string(set.units.size()));
    set.units.push_back({text_of(j, "position", where), count_of(j, "multiplicity", where)});
  });
  if (!units) throw Error("units file '" + path + "' is empty");
  if (set.units.size() != *units)
    throw Error("units file '" + path + "' has " + std::to_string(set.units.size()) +
                " units, its header says " + std::to_string(*units));
  if (unit_set_checksum(set) != checksum)
    throw Error("units file '" + path + "': checksum mismatch (the file was changed)");
  return set;
}

void UnitsShard::write_shard_results(const UnitSet& set, const std::string& checksum,
                                     const std::vector<std::pair<std::size_t, arb::Count>>& results,
                                     const std::string& path, Io& io) {
  write_to(path, io, [&](std::ostream& out) {
    for (const auto& [unit, nodes] : results) {
      nlohmann::ordered_json j;
      j["checksum"] = checksum;
      j["units"] = set.units.size();
      j["depth"] = set.depth;
      j["unit"] = unit;
      j["multiplicity"] = json_count(set.units[unit].multiplicity);
      j["nodes"] = json_count(nodes);
      out << json_line(j) << '\n';
    }
  });
}

namespace {

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
    check_impl(args_.impl);
    return run_for_game<Split>(Spec::parse(spec_), args_, io);
  }

 private:
  std::string spec_, depth_, at_;
  Split::Args args_;
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
    check_impl(args_.impl);
    check_hash_options(hash_, args_.hash);
    const UnitSet set = read_unit_set(file_);
    args_.set = &set;
    args_.checksum = unit_set_checksum(set);
    return run_for_game<UnitsShard>(Spec::parse(set.game), args_, io);
  }

 private:
  std::string file_, shard_;
  UnitsShard::Args args_;
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
    std::optional<std::string> checksum;
    std::uint64_t units = 0, depth = 0;
    std::map<std::uint64_t, int> seen;
    arb::Count total = 0;
    for (const auto& path : files_)
      for_each_json_line(path, [&](const nlohmann::json& j, const std::string& where) {
        const std::string sum = text_of(j, "checksum", where);
        if (!checksum) {
          checksum = sum;
          units = number_of(j, "units", where);
          depth = number_of(j, "depth", where);
        } else if (sum != *checksum || number_of(j, "units", where) != units) {
          throw Error(where + ": results of another units file (checksum " + sum + ", not " +
                      *checksum + ")");
        }
        const std::uint64_t unit = number_of(j, "unit", where);
        if (unit >= units)
          throw Error(where + ": unit " + std::to_string(unit) + " of " + std::to_string(units));
        ++seen[unit];
        total = checked_add(
            total, checked_mul(count_of(j, "multiplicity", where), count_of(j, "nodes", where)));
      });
    if (!checksum) throw Error("perft merge: no results in the files");
    std::uint64_t missing = 0, duplicated = 0;
    std::optional<std::uint64_t> first_missing, first_duplicate;
    for (std::uint64_t u = 0; u < units; ++u) {
      const auto it = seen.find(u);
      if (it == seen.end()) {
        ++missing;
        if (!first_missing) first_missing = u;
      } else if (it->second > 1) {
        ++duplicated;
        if (!first_duplicate) first_duplicate = u;
      }
    }
    if (missing || duplicated) {
      io.err << "perft merge: " << missing << " of " << units << " units missing"
             << (first_missing ? " (first: unit " + std::to_string(*first_missing) + ")" : "")
             << ", " << duplicated << " given more than once"
             << (first_duplicate ? " (first: unit " + std::to_string(*first_duplicate) + ")" : "")
             << "\n";
      return 1;
    }
    io.out << "total " << to_string(total) << '\n';
    io.err << "perft merge: " << units << " units of set " << *checksum << ", depth " << depth
           << '\n';
    return 0;
  }

 private:
  std::vector<std::string> files_;
};

}  // namespace

std::unique_ptr<Command> make_split_command() { return std::make_unique<SplitCommand>(); }
std::unique_ptr<Command> make_units_command() { return std::make_unique<UnitsCommand>(); }
std::unique_ptr<Command> make_merge_command() { return std::make_unique<MergeCommand>(); }

}  // namespace arb::cli
