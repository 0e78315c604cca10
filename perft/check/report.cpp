#include "perft/check/report.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "perft/engines/verify.h"
#include "perft/text/text.h"

namespace arb {
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

// The cells of a position laid out as its game's BoardLayout says: square
// boards in ranks and files (checkered), hexagons in centred rows.
Board board_of(const BoardLayout& layout, const std::string& position) {
  Board b;
  const auto rows = rows_of(position);
  const int n = static_cast<int>(rows.size());
  if (n == 0 || layout.rows.size() != rows.size()) return b;
  std::size_t widest = 0;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (layout.rows[r].size() != rows[r].size()) return b;  // not this game's text
    widest = std::max(widest, rows[r].size());
  }
  const auto name = [&](int r, int c) {
    return layout.rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
  };
  if (layout.shape == BoardLayout::Shape::kSquare) {
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < static_cast<int>(rows[static_cast<std::size_t>(r)].size()); ++c) {
        const int rank = n - r;
        b.cells.push_back({name(r, c),
                           rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)],
                           kMargin + c * kSquare, kMargin + r * kSquare, (c + 1 + rank) % 2 == 0});
      }
    b.width = 2 * kMargin + static_cast<double>(widest) * kSquare;
    b.height = 2 * kMargin + n * kSquare;
    return b;
  }
  b.shape = Shape::kHex;
  const double w = std::sqrt(3.0) * kHexRadius;
  for (int r = 0; r < n; ++r) {
    const auto& row = rows[static_cast<std::size_t>(r)];
    const double offset = static_cast<double>(widest - row.size()) * w / 2;
    for (int c = 0; c < static_cast<int>(row.size()); ++c)
      b.cells.push_back({name(r, c), row[static_cast<std::size_t>(c)],
                         kMargin + offset + c * w + w / 2,
                         kMargin + kHexRadius + r * 1.5 * kHexRadius, false});
  }
  b.width = 2 * kMargin + static_cast<double>(widest) * w;
  b.height = 2 * kMargin + 2 * kHexRadius + (n - 1) * 1.5 * kHexRadius;
  return b;
}

std::string page_head(const std::string& title) {
  return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" +
         html(title) +
         "</title>\n<style>\n"
         "body{font-family:sans-serif;margin:1.5em;color:#222}\n"
         "code,pre{font-family:monospace;background:#f4f4f4;padding:2px 4px}\n"
         ".missing{color:#e02020;font-weight:bold}.extra{color:#2060e0;font-weight:bold}\n"
         ".finding{border:1px solid #ccc;padding:1em;margin:1em 0}\n"
         ".ok{color:#208020}.fail{color:#e02020}\n</style></head><body>\n";
}

std::string capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 32);
  return text;
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

std::string board_svg(const BoardLayout& layout, const std::string& position,
                      const std::string& missing_moves, const std::string& extra_moves) {
  const Board b = board_of(layout, position);
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

std::string difference_html(const Difference& d, const BoardLayout& layout) {
  const std::string only_a = joined(d.only_a), only_b = joined(d.only_b);
  // B draws the position itself (diff: another ruleset): a board for each side.
  const bool two_boards = !d.b_diagram.empty();
  const auto position = [&](const std::string& name, const std::string& text) {
    return "<p>Position" + (name.empty() ? "" : " (" + html(name) + ")") + ": <code>" + html(text) +
           "</code></p>\n";
  };
  std::ostringstream out;
  out << "<p>Path from the root (" << d.path.size() << (d.path.size() == 1 ? " move" : " moves")
      << "): <code>" << html(d.path.empty() ? "(none)" : joined(d.path)) << "</code></p>\n";
  if (two_boards) {
    out << position(d.a_name, d.a_position) << board_svg(layout, d.a_position, only_a, "");
    out << position(d.b_name, d.b_position) << board_svg(layout, d.b_position, "", only_b);
  } else if (!d.b_position.empty() && d.b_position != d.a_position) {
    // The texts differ: each side's board, the moves ringed on ours.
    out << position(d.a_name, d.a_position) << board_svg(layout, d.a_position, only_a, only_b);
    out << position(d.b_name, d.b_position) << board_svg(layout, d.b_position, "", "");
  } else {
    out << position("", d.a_position);
    out << board_svg(layout, d.a_position, only_a, only_b);
  }
  const auto list = [&](const char* css, const std::string& title, const char* ring,
                        const std::string& side, const std::string& moves) {
    if (moves.empty()) return;
    out << "<p class=\"" << css << "\">" << html(capitalized(title)) << ", ringed " << ring
        << (two_boards ? " on the " + html(side) + " board" : "") << ": " << html(moves)
        << "</p>\n";
  };
  list("missing", d.only_a_title, "red", d.a_name, only_a);
  list("extra", d.only_b_title, "blue", d.b_name, only_b);
  for (const auto& p : d.problems) out << "<p>Problem: " << html(p) << "</p>\n";
  for (const auto& c : d.differing_children)
    out << "<p>After <code>" << html(c.move) << "</code>: " << html(d.a_name) << " <code>"
        << html(c.a_position) << "</code>, " << html(d.b_name) << " <code>" << html(c.b_position)
        << "</code></p>\n";
  out << "<details><summary>ASCII diagram" << (two_boards ? "s" : "")
      << (d.legal.empty() ? "" : " and the legal moves (" + html(d.a_name) + ")")
      << "</summary><pre>" << html(d.diagram) << "</pre>";
  if (two_boards) out << "<pre>" << html(d.b_diagram) << "</pre>";
  if (!d.legal.empty()) out << "<p>" << html(joined(d.legal)) << "</p>";
  out << "</details>\n";
  return out.str();
}

void write_report(const VerifySummary& s, const std::string& path) {
  std::ostringstream out;
  out << page_head("perft verify: " + s.game);
  out << "<h1>perft verify: <code>" << html(s.game) << "</code></h1>\n<p>Engine <code>"
      << html(s.command) << "</code> against ours (" << html(s.impl) << "): ";
  out << (s.findings.empty() ? "<span class=\"ok\">agrees</span>"
                             : "<span class=\"fail\">differs</span>")
      << ". " << s.agreed << (s.agreed == 1 ? " check agrees, " : " checks agree, ")
      << s.findings.size() << " differ, " << s.skipped << " skipped; " << CountText{s.nodes}
      << " nodes, " << s.requests << " requests.</p>\n<ul>\n";
  // A FAIL line links to its finding.
  for (std::size_t i = 0; i < s.lines.size(); ++i) {
    const int finding = i < s.checks.size() && s.checks[i].kind == VerifyCheck::Kind::kFail
                            ? s.checks[i].finding
                            : -1;
    if (finding >= 0)
      out << "<li><a href=\"#finding-" << finding << "\">" << html(s.lines[i]) << "</a></li>\n";
    else
      out << "<li>" << html(s.lines[i]) << "</li>\n";
  }
  out << "</ul>\n";
  // A difference met again from another root is drawn once, then referred to.
  std::map<std::string, std::size_t> drawn;  // the difference's text -> its first finding
  for (std::size_t i = 0; i < s.findings.size(); ++i) {
    const Finding& f = s.findings[i];
    out << "<div class=\"finding\" id=\"finding-" << i << "\">\n<h2>" << html(f.label) << "</h2>\n";
    if (f.first_depth > 0)
      out << "<p>First shows at depth " << f.first_depth << " from the root: perft("
          << f.first_depth << ") ours " << CountText{f.root_a} << ", engine " << CountText{f.root_b}
          << ".</p>\n";
    out << "<p>Root <code>" << html(f.root) << "</code>"
        << (f.root_moves.empty() ? "" : " moves <code>" + html(joined(f.root_moves)) + "</code>")
        << "</p>\n";
    Difference same = f;
    same.path.clear();  // the same position, however reached
    const auto [first, fresh] = drawn.emplace(describe(same), i);
    if (fresh)
      out << difference_html(f, s.board);
    else
      out << "<p>Path from the root: <code>" << html(f.path.empty() ? "(none)" : joined(f.path))
          << "</code>. The same difference as <a href=\"#finding-" << first->second << "\">"
          << html(s.findings[first->second].label) << "</a>.</p>\n";
    out << "</div>\n";
  }
  out << "</body></html>\n";
  write_output_file(path, out.str(), "the report '" + path + "'");
}

void write_diff_report(const DiffReport& r, const std::string& path) {
  std::ostringstream out;
  out << page_head("perft diff: " + r.a + " against " + r.b);
  out << "<h1>perft diff: <code>" << html(r.a) << "</code> (A) against <code>" << html(r.b)
      << "</code> (B)</h1>\n<p>From <code>" << html(r.position) << "</code>, depth " << r.depth
      << ": "
      << (r.first ? "<span class=\"fail\">they differ</span>"
                  : "<span class=\"ok\">they agree</span>")
      << ".</p>\n<table border=\"1\" cellpadding=\"4\"><tr><th>depth</th><th>perft A</th>"
      << "<th>perft B</th><th>positions</th><th>differing</th></tr>\n";
  for (const auto& row : r.rows)
    out << "<tr><td>" << row.depth << "</td><td>" << CountText{row.perft_a} << "</td><td>"
        << CountText{row.perft_b} << "</td><td>" << row.positions << "</td><td>" << row.differing
        << "</td></tr>\n";
  out << "</table>\n";
  if (r.first)
    out << "<div class=\"finding\">\n<h2>First difference, " << r.first->path.size()
        << " moves from the root</h2>\n"
        << difference_html(*r.first, r.board) << "</div>\n";
  out << "</body></html>\n";
  write_output_file(path, out.str(), "the report '" + path + "'");
}

}  // namespace arb
