// Game specs: `name[:opt,opt,...]` (RULES.md, "Game specs").
//
// The option table is data: one row per game, defaults first. Every game,
// engine and reference alike, receives a Spec already validated against it,
// with every option filled in, so no implementation parses options itself.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arb {

class Spec {
 public:
  // Parses and validates `text`; throws arb::Error naming the bad part.
  static Spec parse(std::string_view text);

  const std::string& name() const { return name_; }
  // The value of an option of this game (its default when not given).
  const std::string& value(std::string_view key) const;
  int number(std::string_view key) const;  // value() as an integer
  bool flag(std::string_view key) const;   // a bare flag such as `swap`

  // Name plus non-default options in alphabetical order: `ecalper:players=3,size=5`.
  std::string canonical() const;

  // The names of every game in the table, in table order.
  static std::vector<std::string_view> games();

 private:
  std::string name_;
  // Every option of the game: key -> value ("1"/"0" for flags), table order.
  std::vector<std::pair<std::string, std::string>> options_;
  std::vector<bool> is_default_;
  std::vector<bool> is_flag_;
};

}  // namespace arb
