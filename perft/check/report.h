// perft verify --report and perft diff --report: one self-contained HTML page
// with an SVG diagram of each position (perft/check/report.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/count.h"
#include "common/game.h"
#include "perft/check/difference.h"

namespace arb {

struct VerifySummary;
void write_report(const VerifySummary& s, const std::string& path);

// perft diff --report: the table per depth and the first difference, with
// both sides' boards.
struct DiffReport {
  std::string game, a, b, position;
  int depth = 0;
  BoardLayout board;
  struct Row {
    int depth = 0;
    Count perft_a = 0, perft_b = 0;
    std::uint64_t positions = 0, differing = 0;
  };
  std::vector<Row> rows;
  std::optional<Difference> first;
};
void write_diff_report(const DiffReport& r, const std::string& path);

// The one HTML rendering of a Difference (its text is describe(),
// difference.h), used by both reports: the path, the position with its board
// (both sides' moves ringed), or, where B draws the position itself
// (b_diagram: diff), each side's position and board; the moves only one side
// has, the problems, and the ASCII diagrams with A's legal moves.
std::string difference_html(const Difference& d, const BoardLayout& layout);

// The SVG picture of a position text of a game as its BoardLayout draws it
// (squares for Emergo and Eximo, hexagons for Ecalper and Meridians), the
// cells named in `missing` moves ringed red and those of `extra` moves blue.
// Empty for a game without a layout or a text that does not fit it.
std::string board_svg(const BoardLayout& layout, const std::string& position,
                      const std::string& missing_moves, const std::string& extra_moves);

}  // namespace arb
