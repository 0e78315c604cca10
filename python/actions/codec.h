// What every game's action codec shares (python/game_api.h): the names of the
// actions, one per index, and the pieces of a position text.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace arb::python::actions {

// The text of every action of a game and spec, "from d4", and the way back.
class ActionNames {
 public:
  ActionNames() = default;
  explicit ActionNames(std::vector<std::string> names) : names_(std::move(names)) {
    for (std::size_t i = 0; i < names_.size(); ++i) index_.emplace(names_[i], static_cast<int>(i));
  }
  int size() const { return static_cast<int>(names_.size()); }
  const std::string& name(int a) const { return names_[static_cast<std::size_t>(a)]; }
  // -1 for a text that names no action
  int find(std::string_view text) const {
    const auto it = index_.find(std::string(text));
    return it == index_.end() ? -1 : it->second;
  }

 private:
  std::vector<std::string> names_;
  std::unordered_map<std::string, int> index_;
};

// The fields of a position text (one space between fields, RULES.md).
inline std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0;;) {
    const std::size_t end = text.find(sep, at);
    out.push_back(text.substr(at, end == std::string_view::npos ? end : end - at));
    if (end == std::string_view::npos) return out;
    at = end + 1;
  }
}

// A row of cells where a number is that many empty cells and a letter one
// stone (Eximo, Ecalper, Meridians): calls cell(index, letter) for each stone.
template <class F>
void each_stone(std::string_view row, F&& cell) {
  int at = 0;
  for (std::size_t i = 0; i < row.size();) {
    if (row[i] >= '0' && row[i] <= '9') {
      int n = 0;
      while (i < row.size() && row[i] >= '0' && row[i] <= '9') n = n * 10 + (row[i++] - '0');
      at += n;
    } else {
      cell(at++, row[i++]);
    }
  }
}

}  // namespace arb::python::actions
