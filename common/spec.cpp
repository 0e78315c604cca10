#include "common/spec.h"

#include <algorithm>
#include <charconv>

#include "common/error.h"

namespace arb {
namespace {

struct OptionRow {
  std::string_view key;
  std::vector<std::string_view> values;  // default first; empty = a bare flag
};

// A preset (RULES.md V8): `key=value` standing for a list of options.
struct PresetRow {
  std::string_view key, value;
  std::vector<std::string_view> options;  // "blocked=loss", ...
};

struct GameRow {
  std::string_view name;
  std::vector<OptionRow> options;
  std::vector<PresetRow> presets;
};

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const auto at = text.find(sep);
    if (at != 0) out.push_back(text.substr(0, at));
    if (at == std::string_view::npos) break;
    text.remove_prefix(at + 1);
  }
  return out;
}

// GameOptions::options ("size=9|7 swap rules=zillions(blocked=loss)") as rows. A word
// whose values carry parentheses is a preset: each value expands to the options
// inside, joined by '+'.
GameRow row_of(const GameOptions& game) {
  GameRow row{game.name, {}, {}};
  for (const auto word : split(game.options, ' ')) {
    const auto eq = word.find('=');
    if (eq == std::string_view::npos) {
      row.options.push_back({word, {}});
    } else if (word.find('(') != std::string_view::npos) {
      for (const auto value : split(word.substr(eq + 1), '|')) {
        const auto open = value.find('(');
        row.presets.push_back({word.substr(0, eq), value.substr(0, open),
                               split(value.substr(open + 1, value.size() - open - 2), '+')});
      }
    } else {
      row.options.push_back({word.substr(0, eq), split(word.substr(eq + 1), '|')});
    }
  }
  return row;
}

std::string join(const std::vector<std::string_view>& v) {
  std::string out;
  for (auto s : v) out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}

}  // namespace

Spec Spec::parse(std::string_view text) { return parse(text, registered_game_options()); }

Spec Spec::parse(std::string_view text, std::span<const GameOptions> games) {
  const auto colon = text.find(':');
  const std::string_view name = text.substr(0, colon);
  std::vector<GameRow> rows;
  for (const auto& g : games) rows.push_back(row_of(g));
  const auto game =
      std::find_if(rows.begin(), rows.end(), [&](const GameRow& r) { return r.name == name; });
  if (game == rows.end()) {
    std::vector<std::string_view> names;
    for (const auto& r : rows) names.push_back(r.name);
    throw Error("unknown game '" + std::string(name) + "' (games: " + join(names) + ")");
  }
  Spec spec;
  spec.name_ = std::string(name);
  for (const auto& opt : game->options) {
    spec.options_.emplace_back(std::string(opt.key),
                               opt.values.empty() ? "0" : std::string(opt.values.front()));
    spec.is_default_.push_back(true);
    spec.is_flag_.push_back(opt.values.empty());
  }
  std::vector<bool> given(game->options.size(), false);
  if (colon == std::string_view::npos) return spec;

  std::string_view rest = text.substr(colon + 1);
  if (rest.empty()) throw Error("spec '" + std::string(text) + "': empty option list after ':'");
  std::vector<std::string_view> items;
  while (true) {
    const auto comma = rest.find(',');
    items.push_back(rest.substr(0, comma));
    if (items.back().empty()) throw Error("spec '" + std::string(text) + "': empty option");
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  // V8: a preset expands to its options before anything else; an option given
  // beside it may repeat what it sets, never contradict it.
  const PresetRow* preset = nullptr;
  for (auto it = items.begin(); it != items.end();) {
    const auto eq = it->find('=');
    const std::string_view key = it->substr(0, eq);
    const bool is_preset_key = std::any_of(game->presets.begin(), game->presets.end(),
                                           [&](const PresetRow& p) { return p.key == key; });
    if (!is_preset_key) {
      ++it;
      continue;
    }
    std::vector<std::string_view> values;
    for (const auto& p : game->presets)
      if (p.key == key) values.push_back(p.value);
    if (preset) throw Error(std::string(name) + ": option '" + std::string(key) + "' given twice");
    if (eq == std::string_view::npos)
      throw Error(std::string(name) + ": option '" + std::string(key) + "' needs a value (" +
                  join(values) + ")");
    const std::string_view value = it->substr(eq + 1);
    for (const auto& p : game->presets)
      if (p.key == key && p.value == value) preset = &p;
    if (!preset)
      throw Error(std::string(name) + ": option " + std::string(key) + " must be one of " +
                  join(values) + " (got '" + std::string(value) + "')");
    it = items.erase(it);
  }
  if (preset) {
    for (const auto option : preset->options) {
      const std::string_view key = option.substr(0, option.find('='));
      for (const auto item : items)
        if (item.substr(0, item.find('=')) == key && item != option)
          throw Error(std::string(name) + ": option '" + std::string(item) + "' contradicts " +
                      std::string(preset->key) + "=" + std::string(preset->value) + " (" +
                      std::string(option) + ")");
      if (std::find(items.begin(), items.end(), option) == items.end()) items.push_back(option);
    }
  }
  for (const auto item : items) {
    const auto eq = item.find('=');
    const std::string_view key = item.substr(0, eq);
    const auto opt = std::find_if(game->options.begin(), game->options.end(),
                                  [&](const OptionRow& o) { return o.key == key; });
    if (opt == game->options.end())
      throw Error(std::string(name) + ": unknown option '" + std::string(key) + "'");
    const auto i = static_cast<std::size_t>(opt - game->options.begin());
    if (given[i])
      throw Error(std::string(name) + ": option '" + std::string(key) + "' given twice");
    given[i] = true;
    if (opt->values.empty()) {
      if (eq != std::string_view::npos)
        throw Error(std::string(name) + ": option '" + std::string(key) +
                    "' is a flag and takes no value");
      spec.options_[i].second = "1";
    } else {
      if (eq == std::string_view::npos)
        throw Error(std::string(name) + ": option '" + std::string(key) + "' needs a value (" +
                    join(opt->values) + ")");
      const std::string_view value = item.substr(eq + 1);
      if (std::find(opt->values.begin(), opt->values.end(), value) == opt->values.end())
        throw Error(std::string(name) + ": option " + std::string(key) + " must be one of " +
                    join(opt->values) + " (got '" + std::string(value) + "')");
      spec.options_[i].second = std::string(value);
    }
  }
  // A value equal to the default counts as default for the canonical form.
  for (std::size_t i = 0; i < spec.options_.size(); ++i) {
    const auto& row = game->options[i];
    const std::string def = row.values.empty() ? "0" : std::string(row.values.front());
    spec.is_default_[i] = spec.options_[i].second == def;
  }
  return spec;
}

const std::string& Spec::value(std::string_view key) const {
  for (const auto& [k, v] : options_)
    if (k == key) return v;
  throw Error(name_ + ": no option '" + std::string(key) + "' (internal error)");
}

int Spec::number(std::string_view key) const {
  const std::string& v = value(key);
  int out = 0;
  const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  if (ec != std::errc() || ptr != v.data() + v.size())
    throw Error(name_ + ": option '" + std::string(key) + "' is not a number");
  return out;
}

bool Spec::flag(std::string_view key) const { return value(key) == "1"; }

std::string Spec::canonical() const {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < options_.size(); ++i) {
    if (is_default_[i]) continue;
    const auto& [k, v] = options_[i];
    parts.push_back(is_flag_[i] ? k : k + "=" + v);
  }
  std::sort(parts.begin(), parts.end());
  std::string out = name_;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i == 0 ? ":" : ",") + parts[i];
  return out;
}

std::vector<std::string_view> Spec::games() {
  std::vector<std::string_view> names;
  for (const auto& g : registered_game_options()) names.push_back(g.name);
  return names;
}

}  // namespace arb
