// Engine and reference parsers accept exactly the same texts (fuzz/parse_diff.h).
// For every game of the registry and every combination of its spec options:
// seeds (the start, positions of seeded random games, the fixture positions),
// structured mutations of their position texts and of their legal move texts,
// and the verdicts of both implementations compared. A disagreement prints the
// spec, the text, both verdicts and the clause the mutation probes.
//
// ARB_PARSE_DIFF_TEXTS=<n> sets the position texts per game (default 5000;
// move texts are a third of that), ARB_PARSE_DIFF_SEED=<n> the generator's
// seed (default 1): ./dev.sh fuzz runs many more.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "arb/games.h"
#include "common/error.h"
#include "common/game.h"
#include "common/spec.h"
#include "fuzz/parse_diff.h"
#include "perft/files/fixture.h"

namespace {

using namespace arb::fuzz::parse_diff;

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  return std::strtoull(v, nullptr, 10);
}

// Every combination of the game's options (presets left out: they expand to
// the options listed), as canonical specs.
std::vector<std::string> all_specs(std::string_view game, std::string_view options) {
  std::vector<std::vector<std::string>> choices;  // per option: "" (default) or "key=value"
  for (const auto& opt : split(options, ' ')) {
    if (opt.empty() || opt.starts_with("rules=")) continue;
    const auto eq = opt.find('=');
    if (eq == std::string::npos) {
      choices.push_back({"", opt});
      continue;
    }
    std::vector<std::string> values = {""};
    const auto alternatives = split(opt.substr(eq + 1), '|');
    for (std::size_t i = 1; i < alternatives.size(); ++i)
      values.push_back(opt.substr(0, eq) + "=" + alternatives[i]);
    choices.push_back(values);
  }
  std::vector<std::string> specs = {""};
  for (const auto& values : choices) {
    std::vector<std::string> next;
    for (const auto& s : specs)
      for (const auto& v : values) next.push_back(v.empty() ? s : s.empty() ? v : s + "," + v);
    specs = next;
  }
  std::set<std::string> canonical;
  for (const auto& s : specs)
    canonical.insert(arb::Spec::parse(std::string(game) + (s.empty() ? "" : ":" + s)).canonical());
  return {canonical.begin(), canonical.end()};
}

// The fixture positions (after their moves) of one game, by canonical spec.
std::map<std::string, std::vector<std::string>> fixture_texts(std::string_view game) {
  std::map<std::string, std::vector<std::string>> out;
  namespace fs = std::filesystem;
  if (!fs::is_directory("fixtures")) return out;
  for (const auto& entry : fs::directory_iterator("fixtures")) {
    if (entry.path().extension() != ".perft") continue;
    for (const auto& c : arb::read_fixture_file(entry.path().string()).cases) {
      if (c.spec.substr(0, c.spec.find(':')) != game) continue;
      try {
        const arb::Spec spec = arb::Spec::parse(c.spec);
        std::string text = c.position;
        if (!c.moves.empty() || text == "start")
          arb::Games::with_game(spec, arb::Impl::kEngine, [&](const auto& g) {
            auto pos = arb::position_from(g, c.position);
            std::istringstream moves(c.moves);
            for (std::string m; moves >> m;) pos = g.play(pos, g.parse_move(pos, m));
            text = g.format(pos);
            return 0;
          });
        out[spec.canonical()].push_back(text);
      } catch (const arb::Error&) {
        // The fixture tests report a line that does not parse.
      }
    }
  }
  return out;
}

struct Finding {
  std::string spec, position, move, clause, what;
  Verdict engine, reference;
};

std::ostream& operator<<(std::ostream& out, const Finding& f) {
  out << f.what << "\n  spec:      " << f.spec << "\n  position:  '" << f.position << "'";
  if (!f.move.empty() || f.clause.starts_with("move")) out << "\n  move:      '" << f.move << "'";
  return out << "\n  engine:    " << f.engine.shown() << "\n  reference: " << f.reference.shown()
             << "\n  clause:    " << f.clause << "\n";
}

// A text found to split the two once, or one where RULES.md's notation is
// silent and both read it alike: its verdict stays pinned.
struct Regression {
  const char* spec;
  const char* position;
  const char* move;  // nullptr: the position text is the case
  const char* clause;
  bool accepted;  // RULES.md's verdict
};

const std::vector<Regression> kRegressions = {
    // White's counter 2 with Black's 1 (Black to move) is exactly 2 white
    // stones: no removal before a third stone (M10). The engine took the
    // counter 2 as "2 or more" on both sides.
    {"meridians", "6/7/8/9/10/11/12/11/10/9/8/B6/W1W1W1 b 2 1", nullptr,
     "M4, M10: counters 2 1, three white stones", false},
    {"meridians:second=sight", "6/7/8/9/10/11/12/11/10/9/8/B6/W5 b 2 1", nullptr,
     "M4, M10: counters 2 1, one white stone", false},
    {"meridians:pass=keeps,second=sight,size=8,swap",
     "7/8/9/10/11/12/7W5/14/13/6B3W1/11/10/9/1W6/7 b 2 1", nullptr,
     "M4, M10: counters 2 1, three white stones (found on size 8)", false},
    {"meridians", "6/7/8/9/10/11/12/11/10/9/8/B6/W1W3 b 2 1", nullptr,
     "M4, M10: counters 2 1, two white stones", true},
    // M9: the position after `swap` (Black still to move, the flag gone).
    {"meridians:swap", "6/7/8/9/10/11/12/11/10/9/8/7/W5 b 1 0", nullptr,
     "M9: after a swap, no flag", true},
    // C3: the position after `swap` (White still to move, without the option).
    {"ecalper", "BBB4/8/9/10/11/12/13/12/11/10/9/8/7 w - -:A1,B1,C1", nullptr,
     "C3: after a swap, '-'", true},
    {"ecalper", "BBB4/8/9/10/11/12/13/12/11/10/9/8/7 w s -:A1,B1,C1", nullptr,
     "C3: White's first turn, 's'", true},
    // Silent in RULES.md: a side not to move without men cannot arise (the
    // mover keeps a man), but only the far rank is listed as a parse error.
    {"eximo", "8/8/8/3B4/8/8/8/8 b", nullptr, "X6, X7: White, not to move, has no man", true},
    // E2: fewer men than the game has are allowed (diagram positions), even
    // every man in hand with Black to move.
    {"emergo", "9/9/9/9/9/9/9/9/9 b 12 12", nullptr, "E2: Black to move, all men in hand", true},
    {"emergo", "9/9/9/9/9/9/9/9/W8 b 11 0", nullptr,
     "E12 notation: Black, to move, owns nothing and has no men in hand", true},
};

template <class Pair>
class DiffRun {
  using E = typename Pair::Engine;
  using R = typename Pair::Reference;

 public:
  DiffRun(std::uint64_t texts, std::uint64_t seed) : texts_(texts), rng_(seed) {}

  void all() {
    const std::string game(Pair::kName);
    const auto specs = all_specs(game, Pair::kSpecOptions);
    auto fixtures = fixture_texts(game);
    std::vector<std::string> every = specs;
    for (const auto& [spec, list] : fixtures)
      if (std::find(every.begin(), every.end(), spec) == every.end()) every.push_back(spec);
    const std::uint64_t per_spec = (texts_ + every.size() - 1) / every.size();
    for (const auto& spec : every) one_spec(spec, fixtures[spec], per_spec);
  }

  // The pinned texts of this game; returns how many.
  int regressions() {
    int checked = 0;
    for (const Regression& c : kRegressions) {
      if (std::string_view(c.spec).substr(0, std::string_view(c.spec).find(':')) != Pair::kName)
        continue;
      ++checked;
      const arb::Spec spec = arb::Spec::parse(c.spec);
      const E e(spec);
      const R r(spec);
      Finding f{c.spec, c.position, c.move ? c.move : "", c.clause, "", {}, {}};
      if (c.move) {
        f.engine = move_verdict(e, e.parse(c.position), c.move);
        f.reference = move_verdict(r, r.parse(c.position), c.move);
        f.what = disagreement(f.engine, f.reference, c.move);
      } else {
        f.engine = position_verdict(e, c.position);
        f.reference = position_verdict(r, c.position);
        f.what = disagreement(f.engine, f.reference, c.position);
      }
      if (f.what.empty() && f.engine.accepted != c.accepted)
        f.what = c.accepted ? "both reject a text RULES.md allows" : "both accept a bad text";
      EXPECT_TRUE(f.what.empty()) << f;
    }
    return checked;
  }

  const std::vector<Finding>& findings() const { return findings_; }
  std::string summary() const {
    return std::string(Pair::kName) + ": " + std::to_string(positions_) + " position texts (" +
           std::to_string(positions_accepted_) + " accepted by both), " + std::to_string(moves_) +
           " move texts (" + std::to_string(moves_accepted_) + " accepted by both), " +
           std::to_string(findings_.size()) + " disagreements";
  }

 private:
  struct Seed {
    std::string text;
    typename E::Position ep;
    typename R::Position rp;
    std::vector<std::string> moves;  // legal move texts (all, or a sample)
  };

  // The legal move texts of a position: all of them, or a sample where they
  // are too many to list.
  std::vector<std::string> move_sample(const E& e, const typename E::Position& pos) {
    const std::uint64_t n = e.count_moves(pos);
    if (n <= 3000) return arb::sorted_move_texts(e, pos);
    std::vector<std::string> out;
    if constexpr (arb::NthMoveGame<E>)
      for (int i = 0; i < 24; ++i) out.push_back(e.move_text(pos, e.nth_move(pos, rng_.below(n))));
    return out;
  }

  // Some positions of a seeded random game of up to `plies` plies, its last included.
  void walk(const E& e, int plies, std::vector<std::string>& out) {
    auto pos = e.start();
    for (int ply = 1; ply <= plies; ++ply) {
      const std::uint64_t n = e.count_moves(pos);
      if (n == 0) {  // the end of a game: Ecalper's final turn, Meridians' loser
        out.push_back(e.format(pos));
        break;
      }
      if (n <= 3000) {
        const auto moves = e.legal_moves(pos);
        pos = e.play(pos, *(std::ranges::begin(moves) +
                            static_cast<std::ptrdiff_t>(rng_.below(static_cast<std::size_t>(n)))));
      } else if constexpr (arb::NthMoveGame<E>) {
        pos = e.play(pos, e.nth_move(pos, rng_.below(n)));
      } else {
        break;
      }
      if (ply == plies || rng_.chance(15)) out.push_back(e.format(pos));
    }
  }

  void record(Finding f) {
    if (findings_.size() < 1000) findings_.push_back(std::move(f));
  }

  void one_spec(const std::string& spec_text, const std::vector<std::string>& fixture,
                std::uint64_t count) {
    const arb::Spec spec = arb::Spec::parse(spec_text);
    const E e(spec);
    const R r(spec);
    const Notation notation = notation_of(spec, arb::board_layout_of(r));
    const auto mutators = position_mutators(notation);

    std::vector<std::string> texts = {e.format(e.start())};
    for (int w = 0; w < 6; ++w) walk(e, 1 + static_cast<int>(rng_.below(w < 4 ? 12 : 400)), texts);
    for (std::size_t i = 0; i < fixture.size() && i < 40; ++i)
      texts.push_back(fixture[rng_.below(fixture.size())]);
    std::vector<Seed> seeds;
    std::vector<std::string> pool;  // legal move texts of every seed
    for (const auto& text : texts) {
      Finding f{spec_text, text, "", "a valid seed (start, random game, fixture)", "", {}, {}};
      f.engine = position_verdict(e, text);
      f.reference = position_verdict(r, text);
      f.what = disagreement(f.engine, f.reference, text);
      if (f.what.empty() && !f.engine.accepted) f.what = "a valid seed rejected by both";
      if (!f.what.empty()) {
        record(f);
        continue;
      }
      Seed s{text, e.parse(text), r.parse(text), {}};
      s.moves = move_sample(e, s.ep);
      pool.insert(pool.end(), s.moves.begin(), s.moves.end());
      seeds.push_back(std::move(s));
    }
    if (seeds.empty()) return;

    for (std::uint64_t i = 0; i < count; ++i) {
      const Seed& seed = rng_.pick(seeds);
      std::optional<Mutant> m;
      for (int tries = 0; !m && tries < 20; ++tries)
        m = rng_.pick(mutators)(rng_, notation, seed.text);
      if (!m) continue;
      if (rng_.chance(15)) {  // a second mutation on top of the first
        std::optional<Mutant> again = rng_.pick(mutators)(rng_, notation, m->text);
        if (again) m = Mutant{again->text, m->clause + " + " + again->clause};
      }
      ++positions_;
      Finding f{spec_text, m->text, "", m->clause, "", {}, {}};
      f.engine = position_verdict(e, m->text);
      f.reference = position_verdict(r, m->text);
      f.what = disagreement(f.engine, f.reference, m->text);
      if (f.what.empty() && f.engine.accepted) {
        ++positions_accepted_;
        const std::string es = state_of(e, m->text), rs = state_of(r, m->text);
        if (es != rs) {
          f.what = "both accept, but the positions differ (to move, outcome, count_moves)";
          f.engine.text += " (" + es + ")";
          f.reference.text += " (" + rs + ")";
        }
      }
      if (!f.what.empty()) record(f);
    }

    for (std::uint64_t i = 0; i < (count + 2) / 3; ++i) {
      const Seed& seed = rng_.pick(seeds);
      std::string base;
      if (!seed.moves.empty())
        base = rng_.pick(seed.moves);
      else if (!pool.empty())
        base = rng_.pick(pool);
      std::optional<Mutant> m;
      if (rng_.chance(5)) m = Mutant{base, "move: a legal move unchanged"};
      for (int tries = 0; !m && tries < 20; ++tries)
        m = mutate_move(rng_, notation, seed.text, base, pool);
      if (!m) continue;
      ++moves_;
      Finding f{spec_text, seed.text, m->text, m->clause, "", {}, {}};
      f.engine = move_verdict(e, seed.ep, m->text);
      f.reference = move_verdict(r, seed.rp, m->text);
      f.what = disagreement(f.engine, f.reference, m->text);
      if (!f.what.empty())
        record(f);
      else if (f.engine.accepted)
        ++moves_accepted_;
    }
  }

  std::uint64_t texts_;
  Rng rng_;
  std::vector<Finding> findings_;
  std::uint64_t positions_ = 0, positions_accepted_ = 0, moves_ = 0, moves_accepted_ = 0;
};

template <class F>
void with_pair_named(std::string_view name, F&& f) {
  arb::Games::for_each([&]<class Pair>() {
    if (Pair::kName == name) f.template operator()<Pair>();
  });
}

class ParseDiff : public ::testing::TestWithParam<std::string> {};

TEST_P(ParseDiff, MutatedTextsGetEqualVerdicts) {
  const std::uint64_t texts = env_number("ARB_PARSE_DIFF_TEXTS", 5000);
  const std::uint64_t seed = env_number("ARB_PARSE_DIFF_SEED", 1);
  with_pair_named(GetParam(), [&]<class Pair>() {
    DiffRun<Pair> run(texts, seed);
    run.all();
    std::cout << run.summary() << " (seed " << seed << ")\n";
    const auto& findings = run.findings();
    for (std::size_t i = 0; i < findings.size() && i < 30; ++i) ADD_FAILURE() << findings[i];
    EXPECT_TRUE(findings.empty()) << findings.size() << " disagreements";
  });
}

TEST_P(ParseDiff, RegressionTexts) {
  with_pair_named(GetParam(), [&]<class Pair>() {
    EXPECT_GT(DiffRun<Pair>(0, 1).regressions(), 0) << "no pinned text for " << GetParam();
  });
}

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  arb::Games::for_each([&]<class Pair>() { names.emplace_back(Pair::kName); });
  return names;
}

INSTANTIATE_TEST_SUITE_P(Games, ParseDiff, ::testing::ValuesIn(game_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
