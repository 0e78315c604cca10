// The game API in OpenSpiel's shape (docs/python.md#the-game-api). A state
// is the position at the start of the turn under way, the actions of that
// turn so far, and the line played (positions, moves, actions). A turn's
// moves are listed once when it starts (TreeTurn; Ecalper's are never listed,
// EcalperTurn) with each move's action sequence (python/actions/<game>.h);
// the legal actions are the next actions of the moves that match the turn's
// actions so far, and a move is played on the engine when its whole sequence
// has been applied (the sequences are prefix-free, so that is unambiguous).
// The played-game rules are perft stats' (perft/stats/stats.h): no moves
// ends the game (P3), Emergo's third repetition is a draw (E12), and a game
// still running after max_turns complete turns is truncated, not scored.
#include "python/game_api.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/game.h"
#include "common/hash.h"
#include "common/spec.h"
#include "perft/stats/stats.h"
#include "python/actions/ecalper.h"
#include "python/actions/emergo.h"
#include "python/actions/eximo.h"
#include "python/actions/meridians.h"

namespace py = pybind11;

namespace arb::python {
namespace {

constexpr int kTerminalPlayer = -4;     // pyspiel's kTerminalPlayerId
constexpr int kDefaultMaxTurns = 1000;  // perft stats' --max-plies default
constexpr int kMaxMaxTurns = 1000000;   // and its limit

class AnyState;

// One game spec with its action codec.
class AnyActionGame {
 public:
  virtual ~AnyActionGame() = default;
  virtual std::string spec() const = 0;
  virtual int max_turns() const = 0;
  virtual std::string players() const = 0;
  virtual int max_actions_per_turn() const = 0;
  virtual std::array<int, 3> observation_shape() const = 0;
  virtual const actions::ActionNames& names() const = 0;
  virtual std::shared_ptr<AnyState> new_state(const std::string& position) const = 0;

  int num_distinct_actions() const { return names().size(); }
  int num_players() const { return static_cast<int>(players().size()); }
  // An upper bound on the actions of a game: max_turns turns of the longest.
  long max_game_length() const {
    return static_cast<long>(max_turns()) * static_cast<long>(max_actions_per_turn());
  }
};
using GamePtr = std::shared_ptr<const AnyActionGame>;

class AnyState {
 public:
  virtual ~AnyState() = default;
  virtual GamePtr game() const = 0;
  virtual std::shared_ptr<AnyState> clone() const = 0;
  virtual int current_player() const = 0;
  virtual const std::vector<int>& legal_actions() const = 0;
  virtual void apply_action(int action) = 0;
  virtual void undo_action() = 0;
  virtual bool is_terminal() const = 0;
  virtual bool truncated() const = 0;
  virtual Outcome outcome() const = 0;            // in colours (side letters)
  virtual Outcome outcome_by_player() const = 0;  // in players (persons): after a swap
  virtual const std::vector<int>& history() const = 0;
  virtual int move_number() const = 0;
  virtual std::vector<int> turn_actions() const = 0;
  virtual std::string position() const = 0;  // at the start of the turn under way
  virtual std::string root() const = 0;
  virtual std::string diagram() const = 0;
  virtual void observe(float* out) const = 0;
  virtual std::vector<int> move_actions(const std::string& text) const = 0;
  virtual std::vector<std::string> moves() const = 0;
  // The position at the start of the turn and the turn's actions so far, as
  // one word: a transposition key, blind to the history (E12's counts, the
  // turn number), so equal keys may still differ in is_terminal().
  virtual std::uint64_t position_hash() const = 0;
  // Games first .. first + n - 1 from here, each action uniform among the
  // legal ones, game i's generator seeded from (seed, i): their returns, a
  // row a game, appended to `out`. Never calls into Python.
  virtual void random_playouts(std::uint64_t first, std::uint64_t n, std::uint64_t seed,
                               std::vector<double>& out) const = 0;

  // Zero-sum, bounded by 1, as Ludii's rank utilities: a player's utility
  // is 1 - 2 (rank - 1) / (P - 1), tied players share the mean of their
  // ranks. Two players: win +1, loss -1, draw 0. Three: a sole winner +1 and
  // the others -1/2 each; two sharing a result +1/2 each and the third -1.
  // By player (person): after a swap (C3, M9) player i holds the other colour.
  std::vector<double> returns() const {
    const int p = game()->num_players();
    std::vector<double> r(static_cast<std::size_t>(p), 0.0);
    const Outcome o = outcome_by_player();
    if (!is_terminal() || truncated() || !o.finished) return r;
    const int k = std::popcount(o.winners);
    for (int i = 0; i < p; ++i)
      r[static_cast<std::size_t>(i)] =
          (o.winners >> i & 1) ? 1.0 - double(k - 1) / (p - 1) : -double(k) / (p - 1);
    return r;
  }
};
using StatePtr = std::shared_ptr<AnyState>;

// A turn whose moves are listed: each move's action sequence, and the moves
// that match the turn's actions so far.
template <class G, class C>
class TreeTurn {
 public:
  using Move = typename G::Move;
  using Position = typename G::Position;

  void start(const G& g, const C& codec, const Position& pos) {
    moves_.clear();
    seq_.clear();
    off_.assign(1, 0);
    depth_ = 0;
    for (const auto& m : g.legal_moves(pos)) {
      moves_.push_back(m);
      codec.actions(g, pos, m, seq_);
      off_.push_back(static_cast<std::uint32_t>(seq_.size()));
    }
    cand_.resize(moves_.size());
    std::iota(cand_.begin(), cand_.end(), 0u);
    update_legal();
  }
  std::uint64_t size() const { return moves_.size(); }
  const std::vector<int>& legal() const { return legal_; }

  bool push(int a, std::optional<Move>& done) {
    std::size_t kept = 0;
    for (const std::uint32_t i : cand_)
      if (off_[i] + depth_ < off_[i + 1] && seq_[off_[i] + depth_] == a) cand_[kept++] = i;
    if (kept == 0) return false;
    cand_.resize(kept);
    ++depth_;
    for (const std::uint32_t i : cand_)
      if (off_[i + 1] - off_[i] == depth_) {  // prefix-free: the only match left
        done = moves_[i];
        return true;
      }
    update_legal();
    return true;
  }

 private:
  void update_legal() {
    legal_.clear();
    for (const std::uint32_t i : cand_)
      if (off_[i] + depth_ < off_[i + 1]) legal_.push_back(seq_[off_[i] + depth_]);
    std::sort(legal_.begin(), legal_.end());
    legal_.erase(std::unique(legal_.begin(), legal_.end()), legal_.end());
  }

  std::vector<Move> moves_;
  std::vector<int> seq_;             // the moves' action sequences, one after the other
  std::vector<std::uint32_t> off_;   // move i's sequence: seq_[off_[i] .. off_[i + 1])
  std::vector<std::uint32_t> cand_;  // the moves matching the turn so far
  std::uint32_t depth_ = 0;          // the turn's actions so far
  std::vector<int> legal_;
};

template <class G, class C, class Turn>
class StateOf;

template <class G, class C, class Turn>
class GameOf : public AnyActionGame, public std::enable_shared_from_this<GameOf<G, C, Turn>> {
 public:
  GameOf(const Spec& spec, int max_turns) : g_(spec), codec_(g_), max_turns_(max_turns) {}
  const G& g() const { return g_; }
  const C& codec() const { return codec_; }

  std::string spec() const override { return g_.spec().canonical(); }
  int max_turns() const override { return max_turns_; }
  std::string players() const override { return std::string(g_.players()); }
  int max_actions_per_turn() const override { return codec_.max_actions_per_turn(); }
  std::array<int, 3> observation_shape() const override { return codec_.shape(); }
  const actions::ActionNames& names() const override { return codec_.names(); }
  StatePtr new_state(const std::string& position) const override {
    return std::make_shared<StateOf<G, C, Turn>>(this->shared_from_this(),
                                                 position_from(g_, position));
  }

 private:
  G g_;
  C codec_;
  int max_turns_;
};

template <class G, class C, class Turn>
class StateOf : public AnyState {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  static constexpr bool kHistory = requires(const G& g, std::span<const Position> h) {
    g.outcome(h);
  };

  StateOf(std::shared_ptr<const GameOf<G, C, Turn>> game, Position root)
      : game_(std::move(game)), starts_{std::move(root)} {
    if constexpr (kHistory && HashedGame<G>) hashes_.push_back(g().hash(starts_.back()));
    enter_turn();
  }

  GamePtr game() const override { return game_; }
  StatePtr clone() const override { return std::make_shared<StateOf>(*this); }
  // OpenSpiel's players are persons: player i starts with colour i, and a
  // swap (C3, M9) exchanges the two players' colours (players/line.h's Seats).
  int current_player() const override {
    return end_ != End::kNone ? kTerminalPlayer : seats_.back().person(g().to_move(starts_.back()));
  }
  const std::vector<int>& legal_actions() const override {
    static const std::vector<int> kNone;
    return end_ != End::kNone ? kNone : turn_.legal();
  }

  void apply_action(int action) override {
    if (end_ != End::kNone)
      throw Error("the game is over: no action is legal (action " + std::to_string(action) + ")");
    std::optional<Move> done;
    if (!turn_.push(action, done))
      throw Error("action " + std::to_string(action) + " ('" + game_->names().name(action) +
                  "') is not legal here");
    history_.push_back(action);
    if (!done) return;
    turn_begin_.push_back(prefix_begin_);
    prefix_begin_ = history_.size();
    moves_.push_back(*done);
    seats_.push_back(seats_.back().after(swaps_colours(g(), starts_.back(), *done)));
    starts_.push_back(g().play(starts_.back(), *done));
    if constexpr (kHistory && HashedGame<G>) hashes_.push_back(g().hash(starts_.back()));
    enter_turn();
  }

  void undo_action() override {
    if (history_.empty()) throw Error("no action to undo: the state is at its first position");
    if (history_.size() == prefix_begin_) {  // back into the last complete turn
      prefix_begin_ = turn_begin_.back();
      turn_begin_.pop_back();
      moves_.pop_back();
      seats_.pop_back();
      starts_.pop_back();
      if constexpr (kHistory && HashedGame<G>) hashes_.pop_back();
    }
    history_.pop_back();
    end_ = End::kNone;
    outcome_ = Outcome::ongoing();
    turn_.start(g(), game_->codec(), starts_.back());
    std::optional<Move> done;
    for (std::size_t i = prefix_begin_; i < history_.size(); ++i) turn_.push(history_[i], done);
  }

  bool is_terminal() const override { return end_ != End::kNone; }
  bool truncated() const override { return end_ == End::kTruncated; }
  Outcome outcome() const override { return outcome_; }
  Outcome outcome_by_player() const override { return seats_.back().persons(outcome_); }
  const std::vector<int>& history() const override { return history_; }
  int move_number() const override { return static_cast<int>(moves_.size()); }
  std::vector<int> turn_actions() const override {
    return {history_.begin() + static_cast<std::ptrdiff_t>(prefix_begin_), history_.end()};
  }
  std::string position() const override { return g().format(starts_.back()); }
  std::string root() const override { return g().format(starts_.front()); }
  std::string diagram() const override {
    std::string out = g().diagram(starts_.back());
    if (prefix_begin_ < history_.size()) {
      out += "turn in progress:";
      for (std::size_t i = prefix_begin_; i < history_.size(); ++i)
        out += (i == prefix_begin_ ? " " : ", ") + game_->names().name(history_[i]);
      out += '\n';
    }
    return out;
  }
  void observe(float* out) const override {
    game_->codec().observe(g(), starts_.back(),
                           std::span<const int>(history_).subspan(prefix_begin_), out);
  }
  std::vector<int> move_actions(const std::string& text) const override {
    if (end_ != End::kNone) throw Error("the game is over: move '" + text + "' is not legal");
    const Move m = g().parse_move(starts_.back(), text);
    std::vector<int> out;
    game_->codec().actions(g(), starts_.back(), m, out);
    return out;
  }
  void random_playouts(std::uint64_t first, std::uint64_t n, std::uint64_t seed,
                       std::vector<double>& out) const override {
    for (std::uint64_t i = first; i < first + n; ++i) {
      stats::SplitMix64 rng{stats::game_seed(seed, 0, i)};
      StateOf s(*this);
      while (s.end_ == End::kNone) {
        const std::vector<int>& legal = s.turn_.legal();
        s.apply_action(legal[rng() % legal.size()]);
      }
      for (const double r : s.returns()) out.push_back(r);
    }
  }
  std::uint64_t position_hash() const override {
    std::uint64_t h;
    if constexpr (HashedGame<G>)
      h = g().hash(starts_.back());
    else
      h = std::hash<std::string>{}(g().format(starts_.back()));
    for (std::size_t i = prefix_begin_; i < history_.size(); ++i)
      h = hash_combine(h, static_cast<std::uint64_t>(history_[i]) + 1);
    return h;
  }
  std::vector<std::string> moves() const override {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < moves_.size(); ++i)
      out.push_back(g().move_text(starts_[i], moves_[i]));
    return out;
  }

 private:
  enum class End { kNone, kFinished, kTruncated };
  const G& g() const { return game_->g(); }

  // The played-game rules at a turn boundary, in perft stats' order.
  void enter_turn() {
    const Position& pos = starts_.back();
    turn_.start(g(), game_->codec(), pos);
    if (turn_.size() == 0) {  // P3: finished iff no moves
      end_ = End::kFinished;
      outcome_ = g().outcome(pos);
      return;
    }
    if constexpr (kHistory) {
      bool may_repeat = true;  // E12: only a third occurrence; equal => equal hash
      if constexpr (HashedGame<G>)
        may_repeat = std::count(hashes_.begin(), hashes_.end(), hashes_.back()) >= 3;
      if (may_repeat) {
        const Outcome o = g().outcome(std::span<const Position>(starts_));
        if (o.finished) {
          end_ = End::kFinished;
          outcome_ = o;
          return;
        }
      }
    }
    if (static_cast<int>(moves_.size()) >= game_->max_turns()) end_ = End::kTruncated;
  }

  std::shared_ptr<const GameOf<G, C, Turn>> game_;
  std::vector<Position> starts_;  // the position at each turn's start, the root first
  std::vector<players::Seats> seats_ = std::vector<players::Seats>(1);  // at each of starts_
  std::vector<Move> moves_;                                             // the complete turns played
  std::vector<std::uint64_t> hashes_;    // of starts_, where E12 needs them
  std::vector<int> history_;             // every action applied
  std::vector<std::size_t> turn_begin_;  // where each complete turn's actions begin
  std::size_t prefix_begin_ = 0;         // where the turn under way's actions begin
  Turn turn_;
  End end_ = End::kNone;
  Outcome outcome_;
};

template <class C, class Turn>
std::shared_ptr<AnyActionGame> make(const Spec& spec, int max_turns) {
  return std::make_shared<GameOf<typename C::G, C, Turn>>(spec, max_turns);
}

std::shared_ptr<AnyActionGame> load(const std::string& text, int max_turns) {
  using namespace actions;
  const Spec spec = Spec::parse(text);
  if (spec.name() == "emergo")
    return make<EmergoCodec, TreeTurn<EmergoCodec::G, EmergoCodec>>(spec, max_turns);
  if (spec.name() == "eximo")
    return make<EximoCodec, TreeTurn<EximoCodec::G, EximoCodec>>(spec, max_turns);
  if (spec.name() == "meridians") return make<MeridiansCodec, MeridiansTurn>(spec, max_turns);
  if (spec.name() == "ecalper") return make<EcalperCodec, EcalperTurn>(spec, max_turns);
  throw Error("game '" + spec.name() + "' has no action codec");
}

// ---- Python's side: arguments checked in Python's words

std::string type_name(const py::handle& value) {
  return py::str(py::type::of(value).attr("__name__"));
}

// An int (or anything with __index__, such as numpy's ints; never a bool).
long long index_arg(const py::handle& value, const char* name) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr()))
    throw py::type_error(std::string(name) + " must be an int, got " + type_name(value));
  const long long v = PyLong_AsLongLong(value.ptr());
  if (v == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    throw py::value_error(std::string(name) + " is out of range, got " +
                          std::string(py::str(value)));
  }
  return v;
}

int action_arg(const AnyActionGame& g, const py::handle& value) {
  const long long a = index_arg(value, "action");
  if (a < 0 || a >= g.num_distinct_actions())
    throw py::value_error("action must be in range(" + std::to_string(g.num_distinct_actions()) +
                          "), got " + std::to_string(a));
  return static_cast<int>(a);
}

std::string str_arg(const py::handle& value, const char* name) {
  if (!py::isinstance<py::str>(value))
    throw py::type_error(std::string(name) + " must be a str, got " + type_name(value));
  std::string text = value.cast<std::string>();
  if (text.find('\0') != std::string::npos)
    throw py::value_error(std::string(name) + " holds a NUL character");
  return text;
}

int string_to_action(const AnyActionGame& g, const py::handle& text) {
  const std::string s = str_arg(text, "action_string");
  const int a = g.names().find(s);
  if (a < 0)
    throw py::value_error("no action of " + g.spec() + " is named '" + s + "' (names such as '" +
                          g.names().name(0) + "')");
  return a;
}

// pyspiel's (player, x) and (x) forms: the player, when given, is checked.
py::handle last_of(const py::args& args, const char* what) {
  if (args.size() == 1) return args[0];
  if (args.size() == 2) {
    index_arg(args[0], "player");
    return args[1];
  }
  throw py::type_error(std::string(what) + " takes (action) or (player, action), got " +
                       std::to_string(args.size()) + " arguments");
}

StatePtr deserialize(const GamePtr& g, const py::handle& data) {
  const std::string text = str_arg(data, "serialized");
  const std::size_t nl = text.find('\n');
  const StatePtr s = g->new_state(text.substr(0, nl));
  if (nl == std::string::npos) return s;
  const std::string rest = text.substr(nl + 1);
  std::size_t at = 0;
  while (at < rest.size()) {
    std::size_t end = rest.find(' ', at);
    if (end == std::string::npos) end = rest.size();
    const std::string word = rest.substr(at, end - at);
    if (word.empty() || word.find_first_not_of("0123456789") != std::string::npos ||
        word.size() > 9)
      throw py::value_error("serialized state: '" + word + "' is no action");
    const int a = std::stoi(word);
    if (a >= g->num_distinct_actions())
      throw py::value_error("serialized state: action " + word + " is out of range");
    s->apply_action(a);
    at = end + 1;
  }
  return s;
}

std::string serialize(const AnyState& s) {
  std::string out = s.root() + "\n";
  for (std::size_t i = 0; i < s.history().size(); ++i)
    out += (i ? " " : "") + std::to_string(s.history()[i]);
  return out;
}

bool same_game(const AnyActionGame& a, const AnyActionGame& b) {
  return a.spec() == b.spec() && a.max_turns() == b.max_turns();
}

}  // namespace

void register_game_api(py::module_& m) {
  py::class_<AnyActionGame, std::shared_ptr<AnyActionGame>>(
      m, "ActionGame",
      "A game spec played one action at a time, in OpenSpiel's shape: "
      "arbiter.load_game('emergo:size=7'). Actions are ints in range(num_distinct_actions()); "
      "a complete turn (RULES.md P1) is one or more actions of the same player.")
      .def("num_distinct_actions", &AnyActionGame::num_distinct_actions,
           "The size of the action space (fixed per game and spec).")
      .def("num_players", &AnyActionGame::num_players, "2, or 3 for ecalper:players=3.")
      .def("max_game_length", &AnyActionGame::max_game_length,
           "An upper bound on the actions of a game: max_turns() complete turns of the most "
           "actions a turn can have.")
      .def("max_turns", &AnyActionGame::max_turns,
           "The complete turns after which a game still running is truncated (default 1000, "
           "perft stats' --max-plies).")
      .def(
          "observation_tensor_shape",
          [](const AnyActionGame& g) {
            const auto s = g.observation_shape();
            return std::vector<int>{s[0], s[1], s[2]};
          },
          "[planes, rows, columns] of observation_tensor() (docs/python.md has each game's "
          "planes).")
      .def(
          "observation_tensor_size",
          [](const AnyActionGame& g) {
            const auto s = g.observation_shape();
            return s[0] * s[1] * s[2];
          },
          "The number of floats of observation_tensor().")
      .def(
          "new_initial_state",
          [](const AnyActionGame& g, const py::object& position) {
            return g.new_state(position.is_none() ? "start" : str_arg(position, "position"));
          },
          py::arg("position") = py::none(),
          "A new state at the start, or at `position` (a position text, RULES.md).")
      .def(
          "action_to_string",
          [](const AnyActionGame& g, const py::args& args) {
            return g.names().name(action_arg(g, last_of(args, "action_to_string")));
          },
          "The name of an action, 'from d4' (the same in every state).")
      .def(
          "string_to_action",
          [](const AnyActionGame& g, const py::args& args) {
            return string_to_action(g, last_of(args, "string_to_action"));
          },
          "The action of a name given by action_to_string.")
      .def(
          "deserialize_state",
          [](const std::shared_ptr<AnyActionGame>& g, const py::object& data) {
            return deserialize(g, data);
          },
          py::arg("serialized"), "The state of State.serialize().")
      .def("spec", &AnyActionGame::spec, "The canonical spec, 'emergo:size=7'.")
      .def("players", &AnyActionGame::players,
           "The side letters in player order: 'wb', 'bw' or 'bwr'.")
      .def("__eq__",
           [](const AnyActionGame& a, const py::object& b) {
             return py::isinstance<AnyActionGame>(b) &&
                    same_game(a, b.cast<const AnyActionGame&>());
           })
      .def("__hash__", [](const AnyActionGame& g) { return py::hash(py::str(g.spec())); })
      .def("__repr__",
           [](const AnyActionGame& g) {
             std::string out = "arbiter.load_game('" + g.spec() + "'";
             if (g.max_turns() != kDefaultMaxTurns)
               out += ", max_turns=" + std::to_string(g.max_turns());
             return out + ")";
           })
      .def(
          py::pickle([](const AnyActionGame& g) { return py::make_tuple(g.spec(), g.max_turns()); },
                     [](const py::tuple& t) {
                       if (t.size() != 2) throw py::value_error("ActionGame: bad pickled state");
                       return load(t[0].cast<std::string>(), t[1].cast<int>());
                     }));

  // The observation, for every player alike (perfect information).
  const auto observation = [](const AnyState& s, const py::object& player) {
    if (!player.is_none()) index_arg(player, "player");
    const auto shape = s.game()->observation_shape();
    py::array_t<float> out({shape[0], shape[1], shape[2]});
    std::fill(out.mutable_data(), out.mutable_data() + out.size(), 0.0f);
    s.observe(out.mutable_data());
    return out;
  };
  py::class_<AnyState, StatePtr>(
      m, "State",
      "A state of an ActionGame: the position at the start of the turn under way, the "
      "actions of that turn so far and the line played. Mutable, as pyspiel's.")
      .def("get_game", &AnyState::game, "The ActionGame of this state.")
      .def("current_player", &AnyState::current_player,
           "The player to act (0, 1, 2 in the order of game.players()), -4 when terminal.")
      .def(
          "legal_actions",
          [](const AnyState& s, const py::object& player) -> std::vector<int> {
            if (!player.is_none() && index_arg(player, "player") != s.current_player()) return {};
            return s.legal_actions();
          },
          py::arg("player") = py::none(),
          "The legal actions in ascending order (empty when terminal). A complete turn is "
          "played when its last action is applied.")
      .def(
          "legal_actions_mask",
          [](const AnyState& s) {
            py::array_t<std::uint8_t> mask(s.game()->num_distinct_actions());
            auto* p = mask.mutable_data();
            std::fill(p, p + mask.size(), std::uint8_t{0});
            for (const int a : s.legal_actions()) p[a] = 1;
            return mask;
          },
          "A numpy uint8 array of num_distinct_actions(): 1 for each legal action.")
      .def(
          "apply_action",
          [](AnyState& s, const py::handle& action) {
            s.apply_action(action_arg(*s.game(), action));
          },
          py::arg("action"),
          "Applies a legal action (ValueError for any other); the turn ends when its last "
          "action is applied.")
      .def(
          "action_to_string",
          [](const AnyState& s, const py::args& args) {
            return s.game()->names().name(action_arg(*s.game(), last_of(args, "action_to_string")));
          },
          "The name of an action, 'from d4'.")
      .def(
          "string_to_action",
          [](const AnyState& s, const py::args& args) {
            return string_to_action(*s.game(), last_of(args, "string_to_action"));
          },
          "The action of a name given by action_to_string.")
      .def("is_terminal", &AnyState::is_terminal,
           "True when the game is over or truncated (see truncated()).")
      .def("truncated", &AnyState::truncated,
           "True when the game was stopped after max_turns() complete turns: returns() are "
           "then all 0, and the game is no draw (outcome() is 'ongoing').")
      .def("is_chance_node", [](const AnyState&) { return false; })
      .def("is_simultaneous_node", [](const AnyState&) { return false; })
      .def("is_player_node", [](const AnyState& s) { return !s.is_terminal(); })
      .def("returns", &AnyState::returns,
           "Per player: 0 until the game is finished (and when truncated); then +1 for a win, "
           "-1 for a loss, shared results split by Ludii's mean-rank rule (docs/python.md).")
      .def(
          "player_return",
          [](const AnyState& s, const py::object& player) {
            const long long p = index_arg(player, "player");
            if (p < 0 || p >= s.game()->num_players())
              throw py::value_error("player must be in range(" +
                                    std::to_string(s.game()->num_players()) + "), got " +
                                    std::to_string(p));
            return s.returns()[static_cast<std::size_t>(p)];
          },
          py::arg("player"))
      .def(
          "rewards", [](const AnyState& s) { return s.returns(); },
          "The returns: the games reward only at their end.")
      .def(
          "outcome",
          [](const AnyState& s) { return outcome_key(s.outcome(), s.game()->players()); },
          "'ongoing', a side letter (a win), 'draw' or 'draw:b+w' (the played line's: E12).")
      .def("observation_tensor", observation, py::arg("player") = py::none(),
           "A numpy float32 array of observation_tensor_shape(), the same for every player "
           "(perfect information; docs/python.md has each game's planes).")
      .def("information_state_tensor", observation, py::arg("player") = py::none(),
           "observation_tensor(): the games have perfect information.")
      .def(
          "observation_string",
          [](const AnyState& s, const py::object& player) {
            if (!player.is_none()) index_arg(player, "player");
            return s.diagram();
          },
          py::arg("player") = py::none(), "str(state), the same for every player.")
      .def(
          "random_playouts",
          [](const AnyState& s, const py::object& n_arg, const py::object& seed_arg) {
            const long long n = index_arg(n_arg, "n");
            if (n < 0 || n > 1000000000)
              throw py::value_error("n must be in 0..1000000000, got " + std::to_string(n));
            const long long seed = index_arg(seed_arg, "seed");
            if (seed < 0)
              throw py::value_error("seed must be at least 0, got " + std::to_string(seed));
            // On a copy: another Python thread may change `s` meanwhile. In
            // chunks, the GIL released, with Ctrl-C (KeyboardInterrupt) between.
            const StatePtr copy = s.clone();
            std::vector<double> r;
            r.reserve(std::min<std::size_t>(static_cast<std::size_t>(n), 1 << 16) *
                      s.returns().size());
            constexpr std::uint64_t kChunk = 64;
            for (std::uint64_t first = 0; first < static_cast<std::uint64_t>(n); first += kChunk) {
              {
                py::gil_scoped_release release;
                copy->random_playouts(first,
                                      std::min(kChunk, static_cast<std::uint64_t>(n) - first),
                                      static_cast<std::uint64_t>(seed), r);
              }
              if (PyErr_CheckSignals() != 0) throw py::error_already_set();
            }
            const auto p = static_cast<py::ssize_t>(s.game()->num_players());
            py::array_t<double> out({static_cast<py::ssize_t>(n), p});
            std::copy(r.begin(), r.end(), out.mutable_data());
            return out;
          },
          py::arg("n"), py::arg("seed") = 0,
          "n random games from this state (the state is not changed), in C++ with the GIL "
          "released: each action uniform among the legal ones, game i seeded from (seed, i). "
          "A numpy array of n rows of returns(); a truncated game's row is 0.")
      .def("clone", &AnyState::clone, "An independent copy.")
      .def("__copy__", &AnyState::clone)
      .def(
          "__deepcopy__", [](const AnyState& s, const py::object&) { return s.clone(); },
          py::arg("memo"))
      .def("history", &AnyState::history, "Every action applied since the initial state.")
      .def("undo_action", &AnyState::undo_action,
           "Takes back the last action (ValueError at the initial state).")
      .def("move_number", &AnyState::move_number, "The complete turns played (RULES.md P1).")
      .def(
          "turn_in_progress", [](const AnyState& s) { return !s.turn_actions().empty(); },
          "True when some actions of the turn under way have been applied.")
      .def("turn_actions", &AnyState::turn_actions, "The actions of the turn under way so far.")
      .def(
          "position",
          [](const AnyState& s) {
            if (!s.turn_actions().empty())
              throw py::value_error(
                  "a turn is in progress: position() is the text of a turn boundary "
                  "(turn_actions() has the actions so far)");
            return s.position();
          },
          "The position text (RULES.md); ValueError while a turn is in progress.")
      .def("moves", &AnyState::moves, "The move texts of the complete turns played.")
      .def("position_hash", &AnyState::position_hash,
           "A 64-bit key of the position at the start of the turn and the turn's actions so "
           "far: equal for states that reach them by any history (a transposition key for a "
           "search), different ones almost surely. The history is not in it (E12's repetition "
           "counts), so two states with one key may differ in is_terminal(). The engine's hash: "
           "not stable across versions.")
      .def(
          "move_to_actions",
          [](const AnyState& s, const py::object& move) {
            return s.move_actions(str_arg(move, "move"));
          },
          py::arg("move"),
          "The action sequence of a legal move text (RULES.md) from the start of the turn "
          "under way.")
      .def(
          "serialize", [](const AnyState& s) { return serialize(s); },
          "A text that game.deserialize_state() turns back into this state.")
      .def("__str__", &AnyState::diagram)
      .def("__repr__",
           [](const AnyState& s) {
             return "<arbiter.State of " + s.game()->spec() + ": " +
                    std::to_string(s.move_number()) + " turns, " +
                    std::to_string(s.history().size()) + " actions>";
           })
      .def("__eq__",
           [](const AnyState& a, const py::object& other) {
             if (!py::isinstance<AnyState>(other)) return false;
             const auto& b = other.cast<const AnyState&>();
             return same_game(*a.game(), *b.game()) && a.root() == b.root() &&
                    a.history() == b.history();
           })
      // pickle: the game, the root and the actions, replayed on load.
      .def(py::pickle(
          [](const AnyState& s) {
            return py::make_tuple(s.game()->spec(), s.game()->max_turns(), s.root(), s.history());
          },
          [](const py::tuple& t) {
            if (t.size() != 4) throw py::value_error("State: bad pickled state");
            const StatePtr s = load(t[0].cast<std::string>(), t[1].cast<int>())
                                   ->new_state(t[2].cast<std::string>());
            for (const int a : t[3].cast<std::vector<int>>()) s->apply_action(a);
            return s;
          }))
      .attr("__hash__") = py::none();

  m.def(
      "load_game",
      [](const py::object& spec, const py::object& max_turns) {
        const std::string text = str_arg(spec, "spec");
        const long long t = index_arg(max_turns, "max_turns");
        if (t < 1 || t > kMaxMaxTurns)
          throw py::value_error("max_turns must be in 1.." + std::to_string(kMaxMaxTurns) +
                                ", got " + std::to_string(t));
        return load(text, static_cast<int>(t));
      },
      py::arg("spec"), py::arg("max_turns") = kDefaultMaxTurns,
      "The ActionGame of a spec ('emergo', 'eximo:drops=optional', 'ecalper:players=3', "
      "'meridians:size=6,swap'), on the engine. A game still running after max_turns complete "
      "turns is truncated.");
}

}  // namespace arb::python
