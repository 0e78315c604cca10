// arb_workload_<game>: runs one fixed workload (benchmarks/workloads.h) per
// invocation, so that an instruction counter (callgrind) measures just it.
// One program per game (and arb_workload_eximo_planted, the gate's self-test)
// so that a game's program links only that game.
//
//   arb_workload_<game> --list            the workload names, one per line
//   arb_workload_<game> NAME              run it; prints "NAME nodes N"
//   arb_workload_<game> NAME --info       also the node and move totals and the
//                                         compiler, as one JSON line (not for
//                                         measuring: it runs extra perfts)
//
// The counts come from fixtures/ of the source tree, or of $ARB_FIXTURES
// (./dev.sh ab measures an older commit on today's fixtures).
//
// NAME is <game>/<phase>/<impl>: phase start or midgame, impl engine or
// reference. Exit 1 when a count differs from fixtures/, 2 on a usage error.
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "arb/workload_games.h"
#include "benchmarks/workloads.h"
#include "common/error.h"
#include "common/game.h"
#include "common/impl.h"
#include "common/spec.h"
#include "perft/count/perft.h"

namespace arb::bench {
namespace {

struct Totals {
  std::uint64_t nodes = 0;     // perft counts: the leaves
  std::uint64_t interior = 0;  // positions whose moves were generated or counted
  std::uint64_t moves = 0;     // moves generated (or counted, at the last ply)
  bool ok = true;
};

template <Game G>
Totals run(const std::vector<WorkloadCase>& cases, bool info) {
  Totals t;
  for (const WorkloadCase& c : cases) {
    const G g(Spec::parse(c.spec));
    const auto pos = play_moves(g, position_from(g, c.position), split_moves(c.moves));
    // perft_walk, not perft: the gate tracks move generation, which a
    // counting shortcut (Ecalper's count_subtree) would skip.
    const auto n = static_cast<std::uint64_t>(perft_walk(g, pos, c.depth));
    if (n != c.nodes) {
      std::fprintf(stderr, "arb_workload: perft(%d) of '%s' is %llu, fixtures/ say %llu\n", c.depth,
                   c.position.c_str(), static_cast<unsigned long long>(n),
                   static_cast<unsigned long long>(c.nodes));
      t.ok = false;
    }
    t.nodes += n;
    if (info)  // perft(k) for k < depth: interior = sum perft(0..d-1), moves = sum perft(1..d)
      for (int k = 0; k < c.depth; ++k) {
        const auto m = static_cast<std::uint64_t>(perft_walk(g, pos, k));
        t.interior += m;
        t.moves += k > 0 ? m : 0;
      }
    if (info) t.moves += n;
  }
  return t;
}

#ifdef __clang__
constexpr const char* kCompiler = "clang++ " __VERSION__;
#else
constexpr const char* kCompiler = "g++ " __VERSION__;
#endif

int usage() {
  std::fprintf(stderr, "usage: arb_workload --list | NAME [--info]\n");
  return 2;
}

int main_(int argc, char** argv) {
  const std::filesystem::path fixtures = fixtures_dir();
  std::string name;
  bool list = false, info = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--list")
      list = true;
    else if (a == "--info")
      info = true;
    else if (!a.starts_with("-") && name.empty())
      name = a;
    else
      return usage();
  }
  int status = -1;
  WorkloadGames::for_each([&]<class Pair>() {
    const std::string game(Pair::kName);
    if (list) {
      for (const char* phase : {"start", "midgame"})
        for (const Impl impl : {Impl::kEngine, Impl::kReference})
          std::printf("%s/%s/%s\n", game.c_str(), phase, std::string(to_string(impl)).c_str());
      status = 0;
      return;
    }
    const auto slash1 = name.find('/'), slash2 = name.rfind('/');
    if (name.substr(0, slash1) != game || slash1 == slash2) return;
    const std::string phase = name.substr(slash1 + 1, slash2 - slash1 - 1);
    Impl impl{};
    try {
      impl = parse_impl(name.substr(slash2 + 1));
    } catch (const Error&) {
      return;  // not a workload of ours: "unknown workload" below
    }
    const bool engine = impl == Impl::kEngine;
    const auto cases = workload_cases(fixtures, game, phase, engine);
    const Totals t = engine ? run<typename Pair::Engine>(cases, info)
                            : run<typename Pair::Reference>(cases, info);
    if (info)
      std::printf(
          "{\"name\": \"%s\", \"positions\": %zu, \"nodes\": %llu, \"interior\": %llu, "
          "\"moves\": %llu, \"compiler\": \"%s\"}\n",
          name.c_str(), cases.size(), static_cast<unsigned long long>(t.nodes),
          static_cast<unsigned long long>(t.interior), static_cast<unsigned long long>(t.moves),
          kCompiler);
    else
      std::printf("%s nodes %llu\n", name.c_str(), static_cast<unsigned long long>(t.nodes));
    status = t.ok ? 0 : 1;
  });
  if (status < 0) {
    std::fprintf(stderr, "arb_workload: unknown workload '%s'\n", name.c_str());
    return 2;
  }
  return status;
}

}  // namespace
}  // namespace arb::bench

int main(int argc, char** argv) {
  try {
    return arb::bench::main_(argc, argv);
  } catch (const std::exception& e) {  // arb::Error: a fixture file, spec or position
    std::fprintf(stderr, "arb_workload: %s\n", e.what());
    return 2;
  }
}
