// The Python module `arbiter`: every registered game, every spec option,
// engine or reference, for Python code (trainers, searches, engine authors).
// The type erasure is one small virtual interface per game implementation
// (AnyGame, AnyPosition), built per spec by Games::with_game. Counting goes
// through perft/count/count.h, the code of the CLI's count, with the CLI's
// limits; a wrong type (None included) is a TypeError, a bad value a
// ValueError, both in Python's words (parameter names, not options). Batch
// calls (perft, count_moves, random_games) release the GIL, never call into
// Python, and end on Ctrl-C with KeyboardInterrupt (interruptible below).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "arb/arb_counting.h"
#include "arb/games.h"
#include "common/error.h"
#include "common/impl.h"
#include "common/spec.h"
#include "perft/count/count.h"
#include "perft/stats/stats.h"
#include "perft/text/text.h"
#include "players/players.h"
#include "python/game_api.h"
#include "python/verify_object.h"

namespace py = pybind11;

namespace arb::python {
namespace {

class AnyPosition;
using Pos = std::shared_ptr<const AnyPosition>;

// f() with the GIL released, in a worker thread, while this thread looks for
// signals every 100 ms (PyErr_CheckSignals needs the GIL and the main
// thread). When a handler raises (Ctrl-C: KeyboardInterrupt), the counts under
// way are stopped (g_count_stops, perft/perft.h), the worker joined, and the
// Python error raised. A `short_work` runs here, the GIL released: a thread
// per call would cost more than a small batch (count_moves of one position).
template <class F>
auto interruptible(F&& f, bool short_work) -> decltype(f()) {
  using R = decltype(f());
  if (short_work) {
    py::gil_scoped_release release;
    return f();
  }
  std::optional<R> result;
  std::exception_ptr error;
  bool raised = false;
  {
    py::gil_scoped_release release;
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    std::thread worker([&] {
      try {
        result.emplace(f());
      } catch (...) {
        error = std::current_exception();
      }
      const std::lock_guard lock(m);
      done = true;
      cv.notify_one();
    });
    std::unique_lock lock(m);
    while (!cv.wait_for(lock, std::chrono::milliseconds(100), [&] { return done; })) {
      lock.unlock();
      {
        py::gil_scoped_acquire acquire;
        raised = PyErr_CheckSignals() != 0;
      }
      lock.lock();
      if (raised) {
        ++g_count_stops;
        cv.wait(lock, [&] { return done; });
        --g_count_stops;
        break;
      }
    }
    lock.unlock();
    worker.join();
  }
  if (raised) throw py::error_already_set();
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

struct RandomGames {
  std::vector<std::uint8_t> winners;  // Outcome::winners; 0: still running at max_plies
  std::vector<std::uint32_t> plies;
};

// One implementation of one spec.
class AnyGame {
 public:
  virtual ~AnyGame() = default;
  virtual std::string spec() const = 0;  // canonical
  virtual Impl impl() const = 0;
  virtual std::string players() const = 0;
  virtual Pos start() const = 0;
  virtual Pos parse(const std::string& text) const = 0;
  virtual std::vector<std::uint64_t> count_moves(const std::vector<Pos>& positions) const = 0;
  virtual RandomGames random_games(const Pos& root, std::uint64_t n, std::uint64_t seed,
                                   stats::Player player, int max_plies, int threads) const = 0;
  virtual VerifyReport verify(py::object engine, const std::string& root, const std::string& moves,
                              int depth, int text_depth) const = 0;
};

// A position of one AnyGame: an immutable value.
class AnyPosition {
 public:
  virtual ~AnyPosition() = default;
  virtual std::shared_ptr<const AnyGame> game() const = 0;
  virtual std::string text() const = 0;
  virtual std::string diagram() const = 0;
  virtual std::string to_move() const = 0;
  virtual std::string outcome() const = 0;
  virtual std::vector<std::string> legal_moves() const = 0;
  virtual std::uint64_t count_moves() const = 0;
  virtual Pos play(const std::string& move) const = 0;
  virtual Count perft(int depth, const CountOptions& hash) const = 0;
  virtual std::vector<DivideEntry> divide(int depth, const CountOptions& hash) const = 0;
  virtual std::string search_move(const players::PlayerSpec& player, std::uint64_t seed) const = 0;
};

template <Game G>
class GameOf;

template <Game G>
class PositionOf : public AnyPosition {
 public:
  PositionOf(std::shared_ptr<const GameOf<G>> game, typename G::Position pos)
      : game_(std::move(game)), pos_(std::move(pos)) {}
  const typename G::Position& pos() const { return pos_; }
  const G& g() const { return game_->g(); }

  std::shared_ptr<const AnyGame> game() const override { return game_; }
  std::string text() const override { return g().format(pos_); }
  std::string diagram() const override { return g().diagram(pos_); }
  std::string to_move() const override {
    return std::string(1, g().players()[static_cast<std::size_t>(g().to_move(pos_))]);
  }
  // The position alone (P3): a game ended by its history (Emergo E12) is
  // random_games' business, which plays the line.
  std::string outcome() const override { return outcome_key(g().outcome(pos_), g().players()); }
  std::vector<std::string> legal_moves() const override {
    check_moves_fit(g(), pos_);
    return sorted_move_texts(g(), pos_);
  }
  std::uint64_t count_moves() const override { return g().count_moves(pos_); }
  Pos play(const std::string& move) const override {
    // play_line's message is the CLI's for --moves: "move 1 'x': ... in position '...'"
    return std::make_shared<PositionOf>(game_, play_moves(g(), pos_, {move}));
  }
  Count perft(int depth, const CountOptions& hash) const override {
    if (depth >= 2 && !HasCountSubtree<G>) check_moves_fit(g(), pos_);  // as the CLI's count
    return interruptible([&] { return arb::count(g(), pos_, depth, hash); }, depth <= 3);
  }
  std::vector<DivideEntry> divide(int depth, const CountOptions& hash) const override {
    return interruptible([&] { return arb::divide(g(), pos_, depth, hash); }, depth <= 3);
  }
  // The move of a search player (players/players.h) from this position alone:
  // E12 counts repetitions from here, the length bound is perft stats' default.
  std::string search_move(const players::PlayerSpec& player, std::uint64_t seed) const override {
    const std::uint64_t n = g().count_moves(pos_);
    if (n == 0) throw py::value_error("the position has no legal moves: the game is over");
    return interruptible(
        [&] {
          players::Searcher<G> searcher(g(), [] { return g_count_stops.load() > 0; });
          return g().move_text(pos_, searcher.choose(player, pos_, n, {{}, 0, 1000}, seed));
        },
        false);
  }

 private:
  std::shared_ptr<const GameOf<G>> game_;
  typename G::Position pos_;
};

template <Game G>
class GameOf : public AnyGame, public std::enable_shared_from_this<GameOf<G>> {
 public:
  GameOf(const G& g, Impl impl) : g_(g), impl_(impl) {}
  const G& g() const { return g_; }

  std::string spec() const override { return g_.spec().canonical(); }
  Impl impl() const override { return impl_; }
  std::string players() const override { return std::string(g_.players()); }
  Pos start() const override { return make(g_.start()); }
  Pos parse(const std::string& text) const override { return make(g_.parse(text)); }

  std::vector<std::uint64_t> count_moves(const std::vector<Pos>& positions) const override {
    std::vector<const typename G::Position*> ps;
    for (const auto& p : positions) ps.push_back(&own(p));
    return interruptible(
        [&] {
          std::vector<std::uint64_t> out(ps.size());
          for (std::size_t i = 0; i < ps.size(); ++i) {
            if (i % 4096 == 0) check_count_stop();
            out[i] = g_.count_moves(*ps[i]);
          }
          return out;
        },
        ps.size() <= 4096);
  }

  // `perft stats`'s games (perft/stats/stats.h): game i plays with its own
  // generator seeded from (seed, i) and picks its move by rank in byte order
  // of the move texts, so the games do not depend on the thread count nor on
  // the implementation, and are the games `perft stats --seed` tallies.
  RandomGames random_games(const Pos& root_pos, std::uint64_t n, std::uint64_t seed,
                           stats::Player player, int max_plies, int threads) const override {
    const typename G::Position root = own(root_pos);
    { stats::Mover<G> check(g_, player); }  // greedy needs a material measure: before any thread
    return interruptible(
        [&] { return play_random_games(root, n, seed, player, max_plies, threads); }, n <= 16);
  }

  RandomGames play_random_games(const typename G::Position& root, std::uint64_t n,
                                std::uint64_t seed, stats::Player player, int max_plies,
                                int threads) const {
    RandomGames r;
    r.winners.assign(n, 0);
    r.plies.assign(n, 0);
    std::exception_ptr error;
    std::mutex error_mutex;
    const auto play_games = [&](std::uint64_t first, std::uint64_t step) {
      try {
        stats::Mover<G> mover(g_, player);
        stats::Tally scratch(g_.players().size());
        for (std::uint64_t i = first; i < n; i += step) {
          check_count_stop();
          const stats::GameEnd e =
              stats::play_game(g_, mover, root, stats::game_seed(seed, 0, i), max_plies, scratch);
          r.winners[i] = e.unfinished ? 0 : static_cast<std::uint8_t>(e.persons().winners);
          r.plies[i] = static_cast<std::uint32_t>(e.plies);
        }
      } catch (...) {
        const std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
      }
    };
    const auto t = static_cast<std::uint64_t>(std::max(1, threads));
    std::vector<std::thread> pool;
    for (std::uint64_t k = 1; k < std::min(t, n); ++k) pool.emplace_back(play_games, k, t);
    play_games(0, t);
    for (auto& th : pool) th.join();
    if (error) std::rethrow_exception(error);
    return r;
  }

  VerifyReport verify(py::object engine, const std::string& root, const std::string& moves,
                      int depth, int text_depth) const override {
    return Games::with_pair(g_.spec(), [&](const auto& e, const auto& ref) {
      return verify_object(g_, e, ref, impl_, std::move(engine), root, split_moves(moves), depth,
                           text_depth);
    });
  }

  const typename G::Position& own(const Pos& p) const {
    if (!p) throw py::type_error("expected an arbiter.Position, got None");
    const auto* mine = dynamic_cast<const PositionOf<G>*>(p.get());
    if (!mine || mine->game()->spec() != spec())
      throw Error("a position of " + p->game()->spec() + ", not of " + spec());
    return mine->pos();
  }

 private:
  Pos make(typename G::Position pos) const {
    return std::make_shared<PositionOf<G>>(this->shared_from_this(), std::move(pos));
  }

  G g_;
  Impl impl_;
};

std::shared_ptr<AnyGame> make_game(const std::string& spec, const std::string& impl) {
  const Impl i = parse_impl(impl);
  return Games::with_game(Spec::parse(spec), i, [i](const auto& g) -> std::shared_ptr<AnyGame> {
    using G = std::decay_t<decltype(g)>;
    return std::make_shared<GameOf<G>>(g, i);
  });
}

// A 128-bit count as a Python int.
py::int_ to_int(Count n) {
  return py::reinterpret_steal<py::int_>(PyLong_FromString(to_string(n).c_str(), nullptr, 10));
}

// "NoneType", "str", "Game": for a TypeError.
std::string type_name(const py::handle& value) {
  return py::str(py::type::of(value).attr("__name__"));
}

// An int parameter within [lo, hi] (the CLI's limits): a TypeError for any
// other type (bool and None too), a ValueError naming the parameter outside.
std::uint64_t int_arg(const py::handle& value, const char* name, std::uint64_t lo,
                      std::uint64_t hi) {
  if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
    throw py::type_error(std::string(name) + " must be an int, got " + type_name(value));
  const auto i = py::reinterpret_borrow<py::int_>(value);
  const std::string shown_value = py::str(value);
  if (i < py::int_(lo))
    throw py::value_error(std::string(name) + " must be at least " + std::to_string(lo) + ", got " +
                          shown_value);
  if (i > py::int_(hi))
    throw py::value_error(std::string(name) + " must be at most " + std::to_string(hi) + ", got " +
                          shown_value);
  return i.cast<std::uint64_t>();
}
std::optional<std::uint64_t> optional_int_arg(const py::handle& value, const char* name,
                                              std::uint64_t lo, std::uint64_t hi) {
  if (value.is_none()) return std::nullopt;
  return int_arg(value, name, lo, hi);
}

CountOptions hash_args(const py::handle& threads, const py::handle& hash_mb) {
  std::string threads_text, hash_text;
  if (const auto t = optional_int_arg(threads, "threads", 1, 1024))
    threads_text = std::to_string(*t);
  if (const auto h = optional_int_arg(hash_mb, "hash_mb", 0, std::uint64_t{1} << 20))
    hash_text = std::to_string(*h);
  // The machine's memory is checked there; its option names are translated.
  return CountOptions::parse(hash_text, threads_text);
}

int depth_of(const py::handle& depth, const char* name = "depth", std::uint64_t lo = 0) {
  return static_cast<int>(int_arg(depth, name, lo, static_cast<std::uint64_t>(kMaxDepth)));
}

// A str parameter: bytes and the rest are a TypeError (pybind11 took bytes).
// A NUL is no part of any spec, position or move, and would cut a message
// (what() is a C string): refused here, escaped.
std::string str_arg(const py::handle& value, const char* name) {
  if (!py::isinstance<py::str>(value))
    throw py::type_error(std::string(name) + " must be a str, got " + type_name(value));
  std::string text = value.cast<std::string>();
  if (text.find('\0') != std::string::npos)
    throw py::value_error(std::string(name) + " holds a NUL character: '" + shown(text) + "'");
  return text;
}

const AnyPosition& position_of(const py::handle& value, const char* name) {
  if (!py::isinstance<AnyPosition>(value))
    throw py::type_error(std::string(name) + " must be an arbiter.Position, got " +
                         type_name(value));
  return value.cast<const AnyPosition&>();
}

std::shared_ptr<AnyGame> game_of(const py::handle& game) {
  if (py::isinstance<py::str>(game)) return make_game(game.cast<std::string>(), "engine");
  if (!py::isinstance<AnyGame>(game))
    throw py::type_error("game must be an arbiter.Game or a spec str, got " + type_name(game));
  return game.cast<std::shared_ptr<AnyGame>>();
}

// A message of the CLI's checks in Python's words: its option names become
// the parameters' ("--hash 9 MB ..." is "hash_mb 9 MB ..."). Only where an
// option stands as a word of its own, never inside a quoted text.
std::string python_names(std::string message) {
  static const std::pair<std::string_view, std::string_view> kNames[] = {
      {"--hash", "hash_mb"},  {"--threads", "threads"},      {"--depth", "depth"},
      {"--games", "n"},       {"--max-plies", "max_plies"},  {"--seed", "seed"},
      {"--player", "player"}, {"--text-depth", "text_depth"}};
  for (const auto& [option, name] : kNames)
    for (std::size_t at = message.find(option); at != std::string::npos;
         at = message.find(option, at + 1)) {
      const std::size_t end = at + option.size();
      const bool starts = at == 0 || message[at - 1] == ' ' || message[at - 1] == '(';
      const bool ends =
          end == message.size() ||
          !(std::isalnum(static_cast<unsigned char>(message[end])) || message[end] == '-');
      if (starts && ends) message.replace(at, option.size(), name);
    }
  return message;
}

}  // namespace
}  // namespace arb::python

// The compiled part of the package arbiter (python/arbiter/__init__.py
// re-exports it); ARB_VERSION is the top CMakeLists.txt's project version.
PYBIND11_MODULE(_arbiter, m) {
  using namespace arb;
  using namespace arb::python;
  m.doc() =
      "The arbiter games (Emergo, Eximo, Ecalper, Meridians) from Python: positions, moves, "
      "perft, random games and an in-process check of a Python engine (perft verify).";
  m.attr("__version__") = ARB_VERSION;
  // Each docstring below starts with its signature in Python's types (the
  // stubs' own, arbiter/_arbiter.pyi): pybind11 would show `object` for
  // every parameter taken as py::object. Restored at the end of this block.
  py::options signatures;
  signatures.disable_function_signatures();

  // Bad input (spec, position, move, a limit): the CLI's one-line message, in
  // Python's names, control characters escaped.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      PyErr_SetString(PyExc_ValueError, python_names(one_line(e.what())).c_str());
    }
  });

  py::class_<AnyGame, std::shared_ptr<AnyGame>>(
      m, "Game",
      "One implementation of one game spec: arbiter.Game('emergo:size=7', impl='engine')")
      .def(py::init([](const py::object& spec, const py::object& impl) {
             return make_game(str_arg(spec, "spec"), str_arg(impl, "impl"));
           }),
           py::arg("spec"), py::arg("impl") = "engine",
           "__init__(self, spec: str, impl: str = 'engine') -> None\n\n"
           "A game spec ('emergo', 'emergo:size=7', 'meridians:rules=abstractplay') on the "
           "engine or the reference ('reference').")
      .def_property_readonly("spec", &AnyGame::spec, "the canonical spec, 'emergo:size=7'")
      .def_property_readonly(
          "impl", [](const AnyGame& g) { return std::string(to_string(g.impl())); },
          "'engine' or 'reference'")
      .def_property_readonly("players", &AnyGame::players, "side letters in turn order: 'wb'")
      .def("start", &AnyGame::start, "start(self) -> Position\n\nThe start position.")
      .def(
          "parse",
          [](const AnyGame& g, const py::object& text) { return g.parse(str_arg(text, "text")); },
          py::arg("text"),
          "parse(self, text: str) -> Position\n\nA position from its text (RULES.md).")
      .def(
          "count_moves",
          [](const AnyGame& g, const py::object& items) {
            if (py::isinstance<py::str>(items) || !py::isinstance<py::iterable>(items))
              throw py::type_error("positions must be a list of arbiter.Position, got " +
                                   type_name(items));
            std::vector<Pos> positions;
            for (const auto& item : items) {
              const std::string name = "positions[" + std::to_string(positions.size()) + "]";
              position_of(item, name.c_str());
              positions.push_back(item.cast<Pos>());
            }
            const auto counts = g.count_moves(positions);
            return py::array_t<std::uint64_t>(static_cast<py::ssize_t>(counts.size()),
                                              counts.data());
          },
          py::arg("positions"),
          "count_moves(self, positions: Iterable[Position]) -> "
          "numpy.typing.NDArray[numpy.uint64]\n\n"
          "The number of legal moves of each position, a numpy array.")
      .def("__repr__", [](const AnyGame& g) {
        return "arbiter.Game('" + g.spec() + "', impl='" + std::string(to_string(g.impl())) + "')";
      });

  py::class_<AnyPosition, std::shared_ptr<AnyPosition>>(m, "Position",
                                                        "An immutable position of one Game")
      .def_property_readonly("game", &AnyPosition::game, "the Game this position belongs to")
      .def_property_readonly("text", &AnyPosition::text, "the position text (RULES.md)")
      .def_property_readonly("diagram", &AnyPosition::diagram, "an ASCII board, as perft show")
      .def_property_readonly("to_move", &AnyPosition::to_move, "the side letter to move")
      .def_property_readonly("outcome", &AnyPosition::outcome,
                             "'ongoing', a side letter (a win), 'draw' or 'draw:b+w'")
      .def("legal_moves", &AnyPosition::legal_moves,
           "legal_moves(self) -> list[str]\n\nThe legal move texts in byte order.")
      .def("count_moves", &AnyPosition::count_moves,
           "count_moves(self) -> int\n\nThe number of legal moves.")
      .def(
          "play",
          [](const AnyPosition& p, const py::object& move) {
            return p.play(str_arg(move, "move"));
          },
          py::arg("move"),
          "play(self, move: str) -> Position\n\nThe position after a legal move text (a new "
          "Position: this one is unchanged).")
      .def("__eq__",
           [](const AnyPosition& a, const py::object& b) {
             if (!py::isinstance<AnyPosition>(b)) return false;
             const auto& other = b.cast<const AnyPosition&>();
             return a.game()->spec() == other.game()->spec() && a.text() == other.text();
           })
      .def(
          "__hash__",
          [](const AnyPosition& p) { return py::hash(py::make_tuple(p.game()->spec(), p.text())); })
      .def("__str__", &AnyPosition::text)
      .def("__repr__", [](const AnyPosition& p) {
        return "arbiter.Position('" + p.game()->spec() + "', '" + p.text() + "')";
      });

  m.def(
      "perft",
      [](const py::object& position, const py::object& depth, const py::object& divide,
         const py::object& threads, const py::object& hash_mb) -> py::object {
        const AnyPosition& pos = position_of(position, "position");
        const int d = depth_of(depth);
        if (!py::isinstance<py::bool_>(divide))
          throw py::type_error("divide must be a bool, got " + type_name(divide));
        const CountOptions hash = hash_args(threads, hash_mb);
        if (!divide.cast<bool>()) return to_int(pos.perft(d, hash));
        py::dict out;
        for (const auto& e : pos.divide(d, hash)) out[py::str(e.move)] = to_int(e.nodes);
        return out;
      },
      py::arg("position"), py::arg("depth"), py::arg("divide") = false,
      py::arg("threads") = py::none(), py::arg("hash_mb") = py::none(),
      "perft(position: Position, depth: int, divide: bool = False, threads: int | None = None, "
      "hash_mb: int | None = None) -> int | dict[str, int]\n\n"
      "perft(depth) of a position as an int (128-bit counts), or with divide=True a dict "
      "move -> count in byte order of the moves. threads: default every core; hash_mb: the "
      "table's MB (default 256 on the engine from depth 5; 0 turns it off), as the CLI.");

  m.def(
      "random_games",
      [](const py::object& game, const py::object& games, const py::object& seed_arg,
         const py::object& player_arg, const py::object& max_plies_arg, const py::object& threads,
         const py::object& position) {
        const auto g = game_of(game);
        // perft stats' limits (perft/stats/stats.h), in its order
        const std::uint64_t n = int_arg(games, "n", 1, stats::kMaxGames);
        const std::uint64_t seed = int_arg(seed_arg, "seed", 0, ~std::uint64_t{0});
        const int max_plies =
            static_cast<int>(int_arg(max_plies_arg, "max_plies", 1, stats::kMaxMaxPlies));
        const std::string player = str_arg(player_arg, "player");
        stats::Player who = stats::Player::kRandom;
        if (player == "greedy")
          who = stats::Player::kGreedy;
        else if (player != "random")
          throw py::value_error("player must be 'random' or 'greedy', got '" + shown(player) + "'");
        const CountOptions t = hash_args(threads, py::none());
        if (!position.is_none() && !py::isinstance<AnyPosition>(position))
          throw py::type_error("position must be an arbiter.Position or None, got " +
                               type_name(position));
        const Pos root = position.is_none() ? g->start() : position.cast<Pos>();
        RandomGames r =
            g->random_games(root, n, seed, who, max_plies, t.threads.value_or(default_threads()));
        py::dict out;
        out["winners"] = py::array_t<std::uint8_t>(static_cast<py::ssize_t>(n), r.winners.data());
        out["plies"] = py::array_t<std::uint32_t>(static_cast<py::ssize_t>(n), r.plies.data());
        out["players"] = g->players();
        return out;
      },
      py::arg("game"), py::arg("n"), py::arg("seed"), py::arg("player") = "random",
      py::arg("max_plies") = py::int_(1000), py::arg("threads") = py::none(),
      py::arg("position") = py::none(),
      "random_games(game: Game | str, n: int, seed: int, player: str = 'random', "
      "max_plies: int = 1000, threads: int | None = None, position: Position | None = None) -> "
      "dict[str, Any]\n\n"
      "n games from the start (or position) by the player ('random' or 'greedy'), the games "
      "perft stats plays for the seed: a dict of numpy arrays, 'winners' (bit i set for each "
      "player i of game.players sharing the result; 0: still running at max_plies) and "
      "'plies', and 'players'. Deterministic for a seed whatever the threads and the impl.");

  const auto search = [&m](const char* name, players::PlayerSpec::Kind kind, const char* count,
                           std::uint64_t max, const char* doc) {
    m.def(
        name,
        [kind, count, max](const py::object& position, const py::object& n_arg,
                           const py::object& seed_arg) {
          const AnyPosition& pos = position_of(position, "position");
          const players::PlayerSpec player{kind, int_arg(n_arg, count, 1, max)};
          const std::uint64_t seed = int_arg(seed_arg, "seed", 0, ~std::uint64_t{0});
          return pos.search_move(player, seed);
        },
        py::arg("position"), py::arg(count), py::arg("seed") = 1, doc);
  };
  m.def(
      "mcts_move",
      [](const py::object& position, const py::object& n_arg, const py::object& seed_arg,
         const py::object& cut_arg, const py::object& decisive_arg) {
        const AnyPosition& pos = position_of(position, "position");
        players::PlayerSpec player{players::PlayerSpec::Kind::kMcts,
                                   int_arg(n_arg, "simulations", 1, players::kMaxSimulations)};
        const std::uint64_t seed = int_arg(seed_arg, "seed", 0, ~std::uint64_t{0});
        player.cut = optional_int_arg(cut_arg, "cut", 1, players::kMaxCut).value_or(0);
        if (!py::isinstance<py::bool_>(decisive_arg))
          throw py::type_error("decisive must be a bool, got " + type_name(decisive_arg));
        player.decisive = decisive_arg.cast<bool>();
        return pos.search_move(player, seed);
      },
      py::arg("position"), py::arg("simulations"), py::arg("seed") = 1, py::kw_only(),
      py::arg("cut") = py::none(), py::arg("decisive") = false,
      "mcts_move(position: Position, simulations: int, seed: int = 1, *, cut: int | None = "
      "None, decisive: bool = False) -> str\n\n"
      "The move text mcts:simulations plays from the position (UCT, docs/players.md), "
      "as perft stats --players; the same for a seed on either impl. cut=K: playouts stop "
      "after K plies and are scored by the searches' measure (mcts:N:cut=K); decisive=True: "
      "playouts take a winning move and avoid a losing one (mcts:N:decisive)");
  search("alphabeta_move", players::PlayerSpec::Kind::kAlphaBeta, "depth", players::kMaxDepth,
         "alphabeta_move(position: Position, depth: int, seed: int = 1) -> str\n\n"
         "The move text alphabeta:depth plays from the position (docs/players.md), as perft "
         "stats --players; the same for a seed on either impl");

  py::class_<VerifyReport>(m, "VerifyResult", "What arbiter.verify found")
      .def_readonly("ok", &VerifyReport::ok, "True when the engine agrees with ours")
      .def_readonly("text", &VerifyReport::text, "the report as perft verify prints it")
      .def_readonly("findings", &VerifyReport::findings,
                    "one dict per difference, the keys of perft verify --json")
      .def_property_readonly(
          "nodes", [](const VerifyReport& r) { return to_int(r.nodes); },
          "the perft nodes the check walked")
      .def_readonly("requests", &VerifyReport::requests, "the requests sent to the engine")
      .def("__bool__", [](const VerifyReport& r) { return r.ok; })
      .def("__repr__", [](const VerifyReport& r) { return r.text; });

  m.def(
      "verify",
      [](py::object engine, const py::object& spec_arg, const py::object& depth,
         const py::object& impl_arg, const py::object& position_arg, const py::object& moves_arg,
         const py::object& text_depth) {
        for (const char* method : {"new_game", "start", "parse", "legal_moves", "play"})
          if (engine.is_none() || !py::hasattr(engine, method))
            throw py::type_error(
                "engine must have the adapter's methods new_game, start, parse, legal_moves and "
                "play; " +
                type_name(engine) + " has no " + method);
        const int d = depth_of(depth, "depth", 1);
        const int td = depth_of(text_depth, "text_depth");
        const std::string spec = str_arg(spec_arg, "spec"), impl = str_arg(impl_arg, "impl"),
                          position = str_arg(position_arg, "position"),
                          moves = str_arg(moves_arg, "moves");
        const auto g = make_game(spec, impl);
        return g->verify(std::move(engine), position, moves, d, td);
      },
      py::arg("engine"), py::arg("spec"), py::arg("depth") = 1, py::arg("impl") = "engine",
      py::arg("position") = "start", py::arg("moves") = "", py::arg("text_depth") = 2,
      "verify(engine: object, spec: str, depth: int = 1, impl: str = 'engine', position: str = "
      "'start', moves: str = '', text_depth: int = 2) -> VerifyResult\n\n"
      "perft verify in-process: `engine` is any object with the adapter's methods new_game, "
      "start, parse, legal_moves, play, format (adapters/python/arbiter_adapter.py; perft and "
      "count_moves are used where it has them). Returns a VerifyResult.");
  signatures.enable_function_signatures();

  // load_game, ActionGame and State: the game API in OpenSpiel's shape.
  register_game_api(m);
}
