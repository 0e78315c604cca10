// Work units for a cluster (perft/files/units.h): the files' formats.
#include "perft/files/units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "perft/text/json.h"
#include "perft/text/numbers.h"
#include "perft/text/text.h"

namespace arb {

namespace {

std::string hex16(std::uint64_t h) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// A count of a JSON line: an integer or a string of digits (I2, P4).
arb::Count count_of(const nlohmann::json& j, const char* key, const std::string& where) {
  const auto it = j.find(key);
  if (it != j.end() && it->is_number_unsigned()) return it->get<std::uint64_t>();
  if (it != j.end() && it->is_string()) {
    const PlainNumber n = read_plain_number(it->get<std::string>());
    if (n.problem == PlainNumber::Problem::kNone) return n.value;
  }
  throw Error(where + ": \"" + key + "\" must be a count (digits, or a string of digits)");
}

std::uint64_t number_of(const nlohmann::json& j, const char* key, const std::string& where) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_unsigned())
    throw Error(where + ": \"" + key + "\" must be a non-negative integer");
  return it->get<std::uint64_t>();
}

std::string text_of(const nlohmann::json& j, const char* key, const std::string& where) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_string()) throw Error(where + ": \"" + key + "\" must be a string");
  return it->get<std::string>();
}

// One line of a JSON lines file at `where` ("FILE:LINE") as an object. A
// last line without its newline (`cut`) was cut short (a full disk, a killed
// run): `rerun` says what writes it whole.
nlohmann::json json_object_line(std::string_view line, bool cut, const std::string& where,
                                const std::string& rerun) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception&) {
    if (cut)
      throw Error(where + ": the last line was cut short (a full disk or a killed run); " + rerun);
    throw Error(where + ": not a JSON object");
  }
  if (!j.is_object()) throw Error(where + ": not a JSON object");
  return j;
}

// Calls f(json, "FILE:LINE") for every non-blank line of a JSON lines file
// (a `kind`: "results file").
template <class F>
void for_each_json_line(const std::string& path, const std::string& kind, const std::string& rerun,
                        F&& f) {
  std::ifstream in = open_input_file(path, kind);
  std::string line;
  for (int number = 1; read_line(in, line, path + ":" + std::to_string(number)); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = path + ":" + std::to_string(number);
    f(json_object_line(line, in.eof(), where, rerun), where);
  }
}

// The input of perft merge (a shard's results: the perft units run that
// wrote them resumes them); perft units' input, the set, is read by
// read_shard_units.
template <class F>
void for_each_result_line(const std::string& path, F&& f) {
  for_each_json_line(
      path, "results file",
      "rerun its perft units with --out " + path + " to resume it (the units counted are kept)", f);
}

// The units of a set: at most kMaxUnits.
std::uint64_t units_of(const nlohmann::json& j, const std::string& where) {
  const std::uint64_t units = number_of(j, "units", where);
  if (units > kMaxUnits)
    throw Error(where + ": " + std::to_string(units) + " units, more than a set holds (" +
                std::to_string(kMaxUnits) + ")");
  return units;
}

}  // namespace

std::string too_many_units(int at, int ply, Count estimate, std::size_t max_units) {
  return "--at " + std::to_string(at) + ": up to " + to_string(estimate) + " positions at ply " +
         std::to_string(ply) + ", more than a units set holds (" + std::to_string(max_units) +
         "); split at --at " + std::to_string(ply - 1) +
         " or less, or each first move on its own (--moves M)";
}

namespace {

// The set's checksum (format 2): a 64-bit hash of each unit, 8 bytes at a
// time (xxHash64's round and finaliser), chained in the set's order. Format
// 1's FNV-1a took a byte at a time, seconds for every shard of a set of
// hundreds of MB; the units' hashes are independent, so split computes them
// on all its threads.
constexpr std::uint64_t kP1 = 0x9e3779b185ebca87ULL, kP2 = 0xc2b2ae3d27d4eb4fULL,
                        kP3 = 0x165667b19e3779f9ULL;

std::uint64_t rotl(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

std::uint64_t load_le(const char* p, std::size_t n) {  // n <= 8 bytes, little-endian
  std::uint64_t w = 0;
  for (std::size_t i = 0; i < n; ++i)
    w |= std::uint64_t{static_cast<unsigned char>(p[i])} << (8 * i);
  return w;
}

std::uint64_t absorb(std::uint64_t h, std::string_view text) {
  h ^= (text.size() + 1) * kP3;
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) h = rotl(h + load_le(text.data() + i, 8) * kP2, 31) * kP1;
  return rotl(h + load_le(text.data() + i, text.size() - i) * kP2, 31) * kP1;
}

std::uint64_t finish(std::uint64_t h) {
  h ^= h >> 33;
  h *= kP2;
  h ^= h >> 29;
  h *= kP3;
  return h ^ (h >> 32);
}

std::uint64_t checksum_head(const UnitSet& set) {
  std::uint64_t h = finish(absorb(0, set.game));
  h = finish(absorb(h, set.position));
  return finish(absorb(h, std::to_string(set.depth) + " " + std::to_string(set.at)));
}

std::uint64_t unit_hash(std::string_view position, std::string_view multiplicity) {
  return finish(absorb(absorb(kP1, position), multiplicity));
}

std::uint64_t checksum_chain(std::uint64_t h, std::uint64_t unit) {
  return rotl(h ^ (unit * kP2), 27) * kP1 + kP3;
}

std::uint64_t checksum_unit(std::uint64_t h, std::string_view position,
                            std::string_view multiplicity) {
  return checksum_chain(h, unit_hash(position, multiplicity));
}

// The units file format that this perft writes and reads.
constexpr std::uint64_t kSplitFormat = 2;

// A unit line as perft split writes it,
//   {"unit": i, "position": "...", "multiplicity": m}
// read without a JSON parser (every shard reads the whole set, which may hold
// millions of units): false where the line is spelt otherwise (escapes in the
// text, a count as a string, leading zeros), which the JSON parser then reads.
bool fast_unit_line(std::string_view line, std::uint64_t& unit, std::string_view& position,
                    std::string_view& multiplicity) {
  const auto take = [&](std::string_view word) {
    if (line.substr(0, word.size()) != word) return false;
    line.remove_prefix(word.size());
    return true;
  };
  const auto digits = [&](std::string_view& out) {
    std::size_t n = 0;
    while (n < line.size() && n < 19 && line[n] >= '0' && line[n] <= '9') ++n;
    if (n == 0 || (n > 1 && line[0] == '0') ||
        (n < line.size() && line[n] >= '0' && line[n] <= '9'))
      return false;
    out = line.substr(0, n);
    line.remove_prefix(n);
    return true;
  };
  std::string_view number;
  if (!take("{\"unit\": ") || !digits(number) || !take(", \"position\": \"")) return false;
  unit = 0;
  for (const char c : number) unit = unit * 10 + static_cast<std::uint64_t>(c - '0');
  const auto* quote = static_cast<const char*>(std::memchr(line.data(), '"', line.size()));
  if (!quote) return false;
  const std::size_t end = static_cast<std::size_t>(quote - line.data());
  // No escape, printable ASCII: tested 8 bytes at a time (a byte below
  // 0x20, above 0x7e, or a backslash sets that byte's high bit).
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  std::uint64_t bad = 0;
  std::size_t i = 0;
  for (; i + 8 <= end; i += 8) {
    const std::uint64_t w = load_le(line.data() + i, 8), b = w ^ (kOnes * '\\');
    bad |= ((w - kOnes * 0x20) & ~w) | ((w + kOnes * (0x7f - 0x7e)) | w) | ((b - kOnes) & ~b);
  }
  if (bad & kHigh) return false;
  for (; i < end; ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (c < 0x20 || c > 0x7e || c == '\\') return false;
  }
  position = line.substr(0, end);
  line.remove_prefix(end + 1);
  return take(", \"multiplicity\": ") && digits(multiplicity) && line == "}";
}

// The lines of a file read in blocks of a MB: a units file may hold hundreds
// of MB, and every shard reads it whole (a byte at a time, that was seconds).
// The same limits as read_line (perft/text/text.h).
class BlockLines {
 public:
  explicit BlockLines(std::ifstream& in) : in_(in), buf_(kBlock) {}
  // The next line, false at the end; `cut`: it ended at the end of the file
  // without its newline.
  bool next(std::string_view& line, bool& cut, const std::string& path, int number) {
    for (;;) {
      const char* begin = buf_.data() + pos_;
      if (const void* nl = std::memchr(begin, '\n', end_ - pos_)) {
        line = std::string_view(begin, static_cast<const char*>(nl) - begin);
        pos_ += line.size() + 1;
        cut = false;
        if (line.size() > kMaxLineBytes) break;
        return true;
      }
      if (end_ - pos_ > kMaxLineBytes) break;
      if (eof_) {
        if (pos_ == end_) return false;
        line = std::string_view(begin, end_ - pos_);
        pos_ = end_;
        cut = true;
        return true;
      }
      std::memmove(buf_.data(), begin, end_ - pos_);
      end_ -= pos_;
      pos_ = 0;
      if (buf_.size() < end_ + kBlock) buf_.resize(end_ + kBlock);
      in_.read(buf_.data() + end_, static_cast<std::streamsize>(kBlock));
      end_ += static_cast<std::size_t>(in_.gcount());
      if (in_.gcount() == 0) eof_ = true;
    }
    throw Error(path + ":" + std::to_string(number) + ": a line longer than " +
                std::to_string(kMaxLineBytes) + " bytes");
  }

 private:
  static constexpr std::size_t kBlock = std::size_t{1} << 20;
  std::ifstream& in_;
  std::vector<char> buf_;
  std::size_t pos_ = 0, end_ = 0;
  bool eof_ = false;
};

}  // namespace

namespace {

// The usual unit line spelt directly, byte for byte as json_line would (a
// set may hold millions): a text of printable ASCII without quotes or
// backslashes, a count up to 2^53. False otherwise.
bool plain_unit_line(std::size_t i, const Unit& u, std::string& out) {
  const std::string& text = u.position;
  if (u.multiplicity > (Count{1} << 53) || !std::all_of(text.begin(), text.end(), [](char c) {
        return c >= 0x20 && c <= 0x7e && c != '"' && c != '\\';
      }))
    return false;
  out += "{\"unit\": ";
  out += std::to_string(i);
  out += ", \"position\": \"";
  out += text;
  out += "\", \"multiplicity\": ";
  out += std::to_string(static_cast<std::uint64_t>(u.multiplicity));
  out += "}\n";
  return true;
}

void unit_line(std::size_t i, const Unit& u, std::string& out) {
  if (plain_unit_line(i, u, out)) return;
  nlohmann::ordered_json j;
  j["unit"] = i;
  j["position"] = u.position;
  j["multiplicity"] = json_count(u.multiplicity);
  out += json_line(j);
  out += '\n';
}

}  // namespace

std::string unit_set_checksum(const UnitSet& set, int threads) {
  // The units' hashes on every thread, a block at a time; chained in order.
  constexpr std::size_t kBlock = std::size_t{1} << 16;
  std::uint64_t h = checksum_head(set);
  std::vector<std::uint64_t> hashes;
  for (std::size_t lo = 0; lo < set.units.size(); lo += kBlock) {
    const std::size_t n = std::min(kBlock, set.units.size() - lo);
    hashes.resize(n);
    detail::parallel_for(threads, n, 1024, [&](std::size_t k) {
      const Unit& u = set.units[lo + k];
      hashes[k] = unit_hash(u.position, to_string(u.multiplicity));
    });
    for (const std::uint64_t u : hashes) h = checksum_chain(h, u);
  }
  return hex16(h);
}

std::string write_unit_set(const UnitSet& set, const std::function<void(std::string_view)>& sink,
                           int threads) {
  nlohmann::ordered_json head;
  head["split"] = kSplitFormat;
  head["game"] = set.game;
  head["position"] = set.position;
  head["depth"] = set.depth;
  head["at"] = set.at;
  head["units"] = set.units.size();
  const std::string checksum = unit_set_checksum(set, threads);
  head["checksum"] = checksum;
  head["version"] = version();  // who wrote it; readers go by the keys above
  sink(json_line(head) + "\n");
  // Lines made on every thread, a block at a time, written in order.
  constexpr std::size_t kPiece = std::size_t{1} << 12;
  const std::size_t pieces_per_block = 64 * static_cast<std::size_t>(std::max(threads, 1));
  std::vector<std::string> pieces;
  for (std::size_t lo = 0; lo < set.units.size(); lo += kPiece * pieces_per_block) {
    const std::size_t hi = std::min(set.units.size(), lo + kPiece * pieces_per_block);
    pieces.resize((hi - lo + kPiece - 1) / kPiece);
    detail::parallel_for(threads, pieces.size(), 1, [&](std::size_t k) {
      std::string& piece = pieces[k];
      piece.clear();
      for (std::size_t i = lo + k * kPiece, end = std::min(hi, i + kPiece); i < end; ++i)
        unit_line(i, set.units[i], piece);
    });
    for (const auto& piece : pieces) sink(piece);
  }
  return checksum;
}

std::string write_unit_set(const UnitSet& set, std::ostream& out) {
  return write_unit_set(set, [&](std::string_view text) {
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
  });
}

ShardUnits read_shard_units(const std::string& path, std::uint64_t shard, std::uint64_t shards) {
  ShardUnits r;
  UnitSet& set = r.set;
  std::optional<std::uint64_t> units;
  std::string checksum;
  std::uint64_t h = 0, next = 0;
  std::ifstream in = open_input_file(path, "units file");
  BlockLines lines(in);
  std::string_view line;
  bool cut = false;
  for (int number = 1; lines.next(line, cut, path, number); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    std::uint64_t unit = 0;
    std::string_view position, multiplicity;
    if (units && next < *units && fast_unit_line(line, unit, position, multiplicity) &&
        unit == next) {
      h = checksum_unit(h, position, multiplicity);
      if (next++ % shards == shard) {
        r.numbers.push_back(unit);
        set.units.push_back({std::string(position), read_plain_number(multiplicity).value});
      }
      continue;
    }
    const std::string where = path + ":" + std::to_string(number);
    const nlohmann::json j = json_object_line(line, cut, where, "write it again with perft split");
    if (!units) {
      if (!j.contains("split")) throw Error(where + ": not a units file (perft split writes one)");
      if (const std::uint64_t format = number_of(j, "split", where); format != kSplitFormat)
        throw Error(where + ": a units file of format " + std::to_string(format) +
                    (format < kSplitFormat ? " (an older perft split's checksum)"
                                           : " (a newer perft split's)") +
                    "; write it again with this perft split");
      set.game = text_of(j, "game", where);
      set.position = text_of(j, "position", where);
      const std::uint64_t depth = number_of(j, "depth", where), at = number_of(j, "at", where);
      if (depth > static_cast<std::uint64_t>(kMaxDepth) || at > depth)
        throw Error(where +
                    ": depth and at must satisfy at <= depth <= " + std::to_string(kMaxDepth));
      set.depth = static_cast<int>(depth);
      set.at = static_cast<int>(at);
      units = units_of(j, where);
      checksum = text_of(j, "checksum", where);
      h = checksum_head(set);
      continue;
    }
    if (next >= *units)
      throw Error(where + ": more units than the header's " + std::to_string(*units));
    if (number_of(j, "unit", where) != next)
      throw Error(where + ": expected unit " + std::to_string(next));
    Unit u{text_of(j, "position", where), count_of(j, "multiplicity", where)};
    h = checksum_unit(h, u.position, to_string(u.multiplicity));
    if (next++ % shards == shard) {
      r.numbers.push_back(next - 1);
      set.units.push_back(std::move(u));
    }
  }
  if (!units) throw Error("units file '" + path + "' is empty");
  if (next != *units)
    throw Error("units file '" + path + "' has " + std::to_string(next) +
                " units, its header says " + std::to_string(*units));
  if (hex16(h) != checksum)
    throw Error("units file '" + path + "': checksum mismatch (the file was changed)");
  r.total = next;
  r.checksum = checksum;
  return r;
}

UnitSet read_unit_set(const std::string& path) { return read_shard_units(path, 0, 1).set; }

std::string shard_header_line(const ShardUnits& units, std::uint64_t shard, std::uint64_t shards) {
  nlohmann::ordered_json j;
  j["results"] = 1;
  j["checksum"] = units.checksum;
  j["units"] = units.total;
  j["depth"] = units.set.depth;
  j["shard"] = shard;
  j["shards"] = shards;
  j["version"] = version();
  return json_line(j);
}

std::string shard_result_line(const ShardUnits& units, std::size_t k, Count nodes) {
  nlohmann::ordered_json j;
  j["checksum"] = units.checksum;
  j["units"] = units.total;
  j["depth"] = units.set.depth;
  j["unit"] = units.numbers[k];
  j["multiplicity"] = json_count(units.set.units[k].multiplicity);
  j["nodes"] = json_count(nodes);
  return json_line(j);
}

std::set<std::size_t> resume_shard(const std::string& path, const std::string& checksum,
                                   std::uint64_t shard, std::uint64_t shards, bool& header) {
  header = false;
  std::set<std::size_t> done;
  std::uintmax_t complete = 0;  // bytes of the whole lines
  {
    std::ifstream in = open_input_file(path, "results file");
    std::string line;
    for (int number = 1; read_line(in, line, path + ":" + std::to_string(number)); ++number) {
      if (in.eof()) break;  // no newline: cut short by a killed run, counted again
      complete += line.size() + 1;
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      const std::string where = path + ":" + std::to_string(number);
      const auto refuse = [&](const std::string& why) {
        return Error(where + ": " + why +
                     " (perft units resumes only its own shard; give another " +
                     "--out or remove the file)");
      };
      nlohmann::json j;
      try {
        j = nlohmann::json::parse(line);
      } catch (const nlohmann::json::exception&) {
        throw refuse("not a JSON object");
      }
      if (!j.is_object()) throw refuse("not a JSON object");
      const std::string sum = text_of(j, "checksum", where);
      if (sum != checksum) throw refuse("results of another units file (checksum " + sum + ")");
      if (j.contains("results")) {
        if (number_of(j, "shard", where) != shard || number_of(j, "shards", where) != shards)
          throw refuse("results of another shard");
        header = true;
        continue;
      }
      const std::uint64_t unit = number_of(j, "unit", where);
      if (unit % shards != shard)
        throw refuse("unit " + std::to_string(unit) + " of another shard");
      done.insert(unit);
    }
  }
  std::error_code ec;
  if (std::filesystem::file_size(path, ec) > complete && !ec) {
    std::filesystem::resize_file(path, complete, ec);
    if (ec) throw Error("cannot write '" + path + "': " + ec.message());
  }
  return done;
}

MergeResult merge_results(const std::vector<std::string>& files) {
  MergeResult r;
  std::optional<std::string> checksum;
  std::vector<std::uint8_t> seen;  // per unit: 0, 1, 2 (twice or more)
  for (const auto& path : files)
    for_each_result_line(path, [&](const nlohmann::json& j, const std::string& where) {
      const std::string sum = text_of(j, "checksum", where);
      if (!checksum) {
        checksum = sum;
        r.units = units_of(j, where);
        r.depth = number_of(j, "depth", where);
        seen.assign(r.units, 0);
      } else if (sum != *checksum) {
        throw Error(where + ": results of another units file (checksum " + sum + ", not " +
                    *checksum + ")");
      } else if (const std::uint64_t units = number_of(j, "units", where); units != r.units) {
        throw Error(where + ": " + std::to_string(units) + " units where the set " + sum + " has " +
                    std::to_string(r.units) + " (the file was changed)");
      }
      if (j.contains("results")) return;  // a shard's header: the set, no unit
      const std::uint64_t unit = number_of(j, "unit", where);
      if (unit >= r.units)
        throw Error(where + ": unit " + std::to_string(unit) + " of " + std::to_string(r.units));
      seen[unit] = static_cast<std::uint8_t>(std::min(seen[unit] + 1, 2));
      r.total = checked_add(
          r.total, checked_mul(count_of(j, "multiplicity", where), count_of(j, "nodes", where)));
    });
  if (!checksum) throw Error("perft merge: no results in the files");
  r.checksum = *checksum;
  for (std::uint64_t u = 0; u < r.units; ++u) {
    if (seen[u] == 0) {
      ++r.missing;
      if (!r.first_missing) r.first_missing = u;
    } else if (seen[u] > 1) {
      ++r.duplicated;
      if (!r.first_duplicate) r.first_duplicate = u;
    }
  }
  return r;
}

}  // namespace arb
