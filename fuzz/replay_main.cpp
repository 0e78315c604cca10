// fuzz_replay: runs the fuzz targets without libFuzzer, so that CTest replays
// the saved findings (fuzz/regressions/<target>/) and seeds made from the
// fixtures in every build, and so that ./dev.sh fuzz can write seed corpora.
//   fuzz_replay list                          the target names
//   fuzz_replay run <dir>                     every file of <dir>/<target>/
//   fuzz_replay fixtures <file.perft...>      the seeds of the fixture lines
//   fuzz_replay seeds <out> <file.perft...>   write them to <out>/<target>/
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "fuzz/targets.h"
#include "perft/files/fixture.h"

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Inputs for each target from the lines of fixture files: the spec and the
// position, then a move (move target) or move-choosing bytes (differential).
std::vector<std::pair<std::string, std::string>> fixture_seeds(int argc, char** argv, int first) {
  std::vector<std::pair<std::string, std::string>> out;
  for (int i = first; i < argc; ++i) {
    const arb::FixtureFile file = arb::read_fixture_file(argv[i]);
    for (const auto& c : file.cases) {
      const std::string game = c.spec.substr(0, c.spec.find(':'));
      const std::string head = c.spec + "\n" + c.position;
      std::istringstream moves(c.moves);
      std::string first_move = "a1";
      moves >> first_move;
      out.push_back({"spec", c.spec});
      out.push_back({game + "_position_engine", head});
      out.push_back({game + "_position_reference", head});
      out.push_back({game + "_move", head + "\n" + first_move});
      out.push_back(
          {game + "_differential", head + "\n" + std::string("\x00\x01\x02\x03\x05\x07", 6)});
    }
  }
  return out;
}

int run_one(const std::string& target, const std::string& input) {
  const auto it = arb::fuzz::targets().find(target);
  if (it == arb::fuzz::targets().end()) {
    std::cerr << "fuzz_replay: unknown target '" << target << "'\n";
    return 2;
  }
  it->second(input);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string command = argc > 1 ? argv[1] : "";
  try {
    if (command == "list" && argc == 2) {
      for (const auto& [name, entry] : arb::fuzz::targets()) std::cout << name << '\n';
      return 0;
    }
    if (command == "run" && argc == 3) {
      int inputs = 0;
      for (const auto& dir : fs::directory_iterator(argv[2])) {
        if (!dir.is_directory()) continue;
        for (const auto& file : fs::directory_iterator(dir.path())) {
          if (run_one(dir.path().filename().string(), read_file(file.path())) != 0) return 2;
          ++inputs;
        }
      }
      std::cout << inputs << " inputs replayed, no finding\n";
      return 0;
    }
    if (command == "fixtures" && argc >= 3) {
      const auto seeds = fixture_seeds(argc, argv, 2);
      for (const auto& [target, input] : seeds)
        if (run_one(target, input) != 0) return 2;
      std::cout << seeds.size() << " fixture seeds run, no finding\n";
      return 0;
    }
    if (command == "seeds" && argc >= 4) {
      int n = 0;
      for (const auto& [target, input] : fixture_seeds(argc, argv, 3)) {
        const fs::path dir = fs::path(argv[2]) / target;
        fs::create_directories(dir);
        std::ofstream(dir / ("fixture-" + std::to_string(n++)), std::ios::binary) << input;
      }
      return 0;
    }
  } catch (const std::exception& e) {
    std::cerr << "fuzz_replay: " << e.what() << '\n';
    return 2;
  }
  std::cerr << "usage: fuzz_replay list | run <dir> | fixtures <file.perft...> | seeds <out> "
               "<file.perft...>\n";
  return 2;
}
