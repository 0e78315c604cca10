// JSON output of the perft tool (RULES.md I2) through nlohmann/json.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

#include "common/count.h"

namespace arb {

// A count: a JSON integer up to 2^53, exactly; above, a string of its
// decimal digits, since many JSON readers hold numbers as doubles (P4, I2).
inline nlohmann::ordered_json json_count(arb::Count n) {
  if (n <= (arb::Count{1} << 53)) return static_cast<std::uint64_t>(n);
  return to_string(n);
}

// One line, `"key": value` and `, ` between members, as RULES.md I2 shows.
inline std::string json_line(const nlohmann::ordered_json& j) {
  const auto scalar = [](const nlohmann::ordered_json& v) {
    return v.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  };
  if (j.is_object()) {
    std::string out = "{";
    bool first = true;
    for (const auto& [key, value] : j.items()) {
      out += (first ? "" : ", ") + scalar(key) + ": " + json_line(value);
      first = false;
    }
    return out + "}";
  }
  if (j.is_array()) {
    std::string out = "[";
    for (std::size_t i = 0; i < j.size(); ++i) out += (i ? ", " : "") + json_line(j[i]);
    return out + "]";
  }
  return scalar(j);
}

}  // namespace arb
