#include "perft/report.h"

#include <cmath>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "perft/commands/verify.h"

namespace arb::cli {
namespace {

std::string html(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// The game-specific drawing data, all in one place: how each game's rows
// (the first field of its position text, top row first) lie on the page and
// what its cells are called (RULES.md E1, the Eximo text, C1, M1).
enum class Shape { kSquare, kHex };
struct Cell {
  std::string name, content;
  double x = 0, y = 0;
  bool dark = false;  // square boards: the playing squares of Emergo, the dark ones of Eximo
};
struct Board {
  Shape shape = Shape::kSquare;
  std::vector<Cell> cells;
  double width = 0, height = 0;
};

constexpr double kSquare = 44, kHexRadius = 22, kMargin = 10;

std::vector<std::vector<std::string>> rows_of(const std::string& position) {
  std::vector<std::vector<std::string>> rows(1);
  const std::string field = position.substr(0, position.find(' '));
  for (std::size_t i = 0; i < field.size(); ++i) {
    const char c = field[i];
    if (c == '/') {
      rows.emplace_back();
    } else if (c >= '0' && c <= '9') {
      std::size_t j = i;
      while (j < field.size() && field[j] >= '0' && field[j] <= '9') ++j;
      const int n = std::stoi(field.substr(i, j - i));
      if (n > 64) return {};
      rows.back().insert(rows.back().end(), static_cast<std::size_t>(n), "");
      i = j - 1;
    } else if (c == '(') {
      const auto close = field.find(')', i);
      if (close == std::string::npos) return {};
      rows.back().push_back(field.substr(i + 1, close - i - 1));
      i = close;
    } else {
      rows.back().push_back(std::string(1, c));
    }
  }
  return rows;
}

Board board_of(const std::string& game, const std::string& position) {
  Board b;
  const auto rows = rows_of(position);
  const int n = static_cast<int>(rows.size());
  if (n == 0) return b;
  std::size_t widest = 0;
  for (const auto& r : rows) widest = std::max(widest, r.size());
  if (game == "emergo" || game == "eximo") {
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < static_cast<int>(rows[static_cast<std::size_t>(r)].size()); ++c) {
        const int rank = n - r;
        Cell cell{std::string(1, static_cast<char>('a' + c)) + std::to_string(rank),
                  rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)],
                  kMargin + c * kSquare, kMargin + r * kSquare, (c + 1 + rank) % 2 == 0};
        b.cells.push_back(cell);
      }
    b.width = 2 * kMargin + static_cast<double>(widest) * kSquare;
    b.height = 2 * kMargin + n * kSquare;
    return b;
  }
  if (game != "ecalper" && game != "meridians") return b;
  b.shape = Shape::kHex;
  const double w = std::sqrt(3.0) * kHexRadius;
  const int side = (n + 1) / 2;
  for (int r = 0; r < n; ++r) {
    const auto& row = rows[static_cast<std::size_t>(r)];
    const double offset = static_cast<double>(widest - row.size()) * w / 2;
    for (int c = 0; c < static_cast<int>(row.size()); ++c) {
      std::string name;
      if (game == "ecalper") {  // C1: column letters along the other axis, rows from the top
        const int first = std::max(1, r + 1 - side + 1);
        name = std::string(1, static_cast<char>('A' + first - 1 + c)) + std::to_string(r + 1);
      } else {  // M1: rows `a` at the bottom, points from the left from 1
        name = std::string(1, static_cast<char>('a' + (n - 1 - r))) + std::to_string(c + 1);
      }
      b.cells.push_back({name, row[static_cast<std::size_t>(c)], kMargin + offset + c * w + w / 2,
                         kMargin + kHexRadius + r * 1.5 * kHexRadius, false});
    }
  }
  b.width = 2 * kMargin + static_cast<double>(widest) * w;
  b.height = 2 * kMargin + 2 * kHexRadius + (n - 1) * 1.5 * kHexRadius;
  return b;
}

std::set<std::string> cells_named(const std::string& moves) {
  std::set<std::string> out;
  const std::regex cell("[A-Za-z][0-9]+");
  for (std::sregex_iterator it(moves.begin(), moves.end(), cell), end; it != end; ++it)
    out.insert(it->str());
  return out;
}

std::string fmt(double v) {
  std::ostringstream s;
  s.precision(1);
  s << std::fixed << v;
  return s.str();
}

std::string piece_colour(char c) {
  return c == 'W' ? "#f8f8f0" : c == 'B' ? "#202020" : c == 'R' ? "#c03020" : "#888";
}

}  // namespace

std::string board_svg(const std::string& game, const std::string& position,
                      const std::string& missing_moves, const std::string& extra_moves) {
  const Board b = board_of(game, position);
  if (b.cells.empty()) return "";
  const auto missing = cells_named(missing_moves), extra = cells_named(extra_moves);
  std::ostringstream out;
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << fmt(b.width) << "\" height=\""
      << fmt(b.height) << "\" viewBox=\"0 0 " << fmt(b.width) << ' ' << fmt(b.height) << "\">\n";
  for (const Cell& c : b.cells) {
    double cx = c.x, cy = c.y;
    const std::string ring = missing.contains(c.name) ? "#e02020"
                             : extra.contains(c.name) ? "#2060e0"
                                                      : "";
    const std::string stroke = ring.empty() ? "#555" : ring;
    const std::string width = ring.empty() ? "1" : "4";
    out << "<g><title>" << html(c.name) << "</title>";
    if (b.shape == Shape::kSquare) {
      const std::string fill = c.dark ? "#b08860" : "#f0e0c0";
      out << "<rect x=\"" << fmt(c.x) << "\" y=\"" << fmt(c.y) << "\" width=\"" << fmt(kSquare)
          << "\" height=\"" << fmt(kSquare) << "\" fill=\"" << fill << "\" stroke=\"" << stroke
          << "\" stroke-width=\"" << width << "\"/>";
      cx += kSquare / 2;
      cy += kSquare / 2;
    } else {
      out << "<polygon points=\"";
      for (int k = 0; k < 6; ++k) {  // pointy-top hexagon
        const double a = M_PI / 180 * (60 * k - 30);
        out << fmt(c.x + kHexRadius * std::cos(a)) << ',' << fmt(c.y + kHexRadius * std::sin(a))
            << ' ';
      }
      out << "\" fill=\"#e8d8b0\" stroke=\"" << stroke << "\" stroke-width=\"" << width << "\"/>";
    }
    // Cell names as people read the board: in a square's corner, in an empty hexagon.
    if (b.shape == Shape::kSquare)
      out << "<text x=\"" << fmt(c.x + 2) << "\" y=\"" << fmt(c.y + kSquare - 3)
          << "\" font-size=\"9\" fill=\"#00000088\">" << html(c.name) << "</text>";
    else if (c.content.empty())
      out << "<text x=\"" << fmt(cx) << "\" y=\"" << fmt(cy + 3) << "\" font-size=\"9\" "
          << "text-anchor=\"middle\" fill=\"#00000066\">" << html(c.name) << "</text>";
    if (!c.content.empty()) {
      const char top = c.content.back();  // a column's top man is written last
      out << "<circle cx=\"" << fmt(cx) << "\" cy=\"" << fmt(cy) << "\" r=\"" << fmt(kSquare * 0.34)
          << "\" fill=\"" << piece_colour(top) << "\" stroke=\"#000\"/>";
      if (c.content.size() > 1)
        out << "<text x=\"" << fmt(cx) << "\" y=\"" << fmt(cy + 5) << "\" font-size=\"14\" "
            << "text-anchor=\"middle\" fill=\"" << (top == 'W' ? "#000" : "#fff") << "\">"
            << c.content.size() << "</text>";
    }
    out << "</g>\n";
  }
  out << "</svg>\n";
  return out.str();
}

void write_report(const VerifySummary& s, const std::string& path) {
  const auto join = [](const std::vector<std::string>& v) {
    std::string out;
    for (const auto& w : v) out += (out.empty() ? "" : " ") + w;
    return out;
  };
  const std::string game = s.game.substr(0, s.game.find(':'));
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>perft verify: "
      << html(s.game) << "</title>\n<style>\n"
      << "body{font-family:sans-serif;margin:1.5em;color:#222}\n"
      << "code,pre{font-family:monospace;background:#f4f4f4;padding:2px 4px}\n"
      << ".missing{color:#e02020;font-weight:bold}.extra{color:#2060e0;font-weight:bold}\n"
      << ".finding{border:1px solid #ccc;padding:1em;margin:1em 0}\n"
      << ".ok{color:#208020}.fail{color:#e02020}\n</style></head><body>\n";
  out << "<h1>perft verify: <code>" << html(s.game) << "</code></h1>\n<p>Engine <code>"
      << html(s.command) << "</code> against ours (" << html(s.impl) << "): ";
  out << (s.findings.empty() ? "<span class=\"ok\">agrees</span>"
                             : "<span class=\"fail\">differs</span>")
      << ". " << s.agreed << " checks agree, " << s.findings.size() << " differ, " << s.skipped
      << " skipped; " << CountText{s.nodes} << " nodes, " << s.requests << " requests.</p>\n<ul>\n";
  for (const auto& line : s.lines) out << "<li>" << html(line) << "</li>\n";
  out << "</ul>\n";
  for (const Finding& f : s.findings) {
    out << "<div class=\"finding\">\n<h2>" << html(f.label) << "</h2>\n";
    if (f.first_depth > 0)
      out << "<p>First shows at depth " << f.first_depth << " from the root: perft("
          << f.first_depth << ") ours " << CountText{f.root_ours} << ", engine "
          << CountText{f.root_theirs} << ".</p>\n";
    out << "<p>Root <code>" << html(f.root) << "</code>"
        << (f.root_moves.empty() ? "" : " moves <code>" + html(join(f.root_moves)) + "</code>")
        << "; path from the root (" << f.path.size() << " moves): <code>"
        << html(f.path.empty() ? "(none)" : join(f.path)) << "</code></p>\n";
    out << "<p>Position: <code>" << html(f.position) << "</code></p>\n";
    if (!f.engine_position.empty())
      out << "<p>Position (engine): <code>" << html(f.engine_position) << "</code></p>\n";
    out << board_svg(game, f.position, join(f.missing), join(f.extra));
    if (!f.missing.empty())
      out << "<p class=\"missing\">Missing (ours has them, the engine not), ringed red: "
          << html(join(f.missing)) << "</p>\n";
    if (!f.extra.empty())
      out << "<p class=\"extra\">Extra (the engine has them, ours not), ringed blue: "
          << html(join(f.extra)) << "</p>\n";
    for (const auto& p : f.problems) out << "<p>Problem: " << html(p) << "</p>\n";
    out << "<details><summary>ASCII diagram and our legal moves</summary><pre>" << html(f.diagram)
        << "</pre><p>" << html(join(f.legal)) << "</p></details>\n</div>\n";
  }
  out << "</body></html>\n";
  std::ofstream file(path, std::ios::trunc);
  file << out.str();
  if (!file.flush()) throw Error("cannot write the report '" + path + "'");
}

}  // namespace arb::cli
