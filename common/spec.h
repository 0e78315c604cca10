// Game specs: `name[:opt,opt,...]` (RULES.md, "Game specs").
//
// The option table is data, one row per game, written beside the game: its
// reference class's kSpecOptions (the reference transcribes the rules). The
// registry (common/registry.h, generated from ARB_GAMES in CMakeLists.txt)
// collects the rows. Every game, engine and reference alike, receives a Spec
// already validated against it, with every option filled in, so no
// implementation parses options itself.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arb {

// One game's row: `options` lists its options separated by blanks, each
// `key=default|other|...` (default first) or a bare flag word:
// "size=7|5|6|8 replace=any|last-added players=2|3", "size=7|6|8 swap", "".
struct GameOptions {
  std::string_view name;
  std::string_view options;
};

// The rows of every game of this build (generated from ARB_GAMES).
std::span<const GameOptions> registered_game_options();

class Spec {
 public:
  // Parses and validates `text` against the registered games; throws
  // arb::Error naming the bad part.
  static Spec parse(std::string_view text);
  // The same against the given rows (a registry of its own, as tests have).
  static Spec parse(std::string_view text, std::span<const GameOptions> games);

  const std::string& name() const { return name_; }
  // The value of an option of this game (its default when not given).
  const std::string& value(std::string_view key) const;
  int number(std::string_view key) const;  // value() as an integer
  bool flag(std::string_view key) const;   // a bare flag such as `swap`

  // Name plus non-default options in alphabetical order: `ecalper:players=3,size=5`.
  std::string canonical() const;

  // The names of every registered game, in registry order.
  static std::vector<std::string_view> games();

 private:
  std::string name_;
  // Every option of the game: key -> value ("1"/"0" for flags), table order.
  std::vector<std::pair<std::string, std::string>> options_;
  std::vector<bool> is_default_;
  std::vector<bool> is_flag_;
};

}  // namespace arb
