// perft verify --report FILE.html: the findings as one self-contained HTML
// page with an SVG diagram of each position (perft/report.cpp).
#pragma once

#include <string>

#include "common/game.h"

namespace arb {

struct VerifySummary;
void write_report(const VerifySummary& s, const std::string& path);

// The SVG picture of a position text of a game as its BoardLayout draws it
// (squares for Emergo and Eximo, hexagons for Ecalper and Meridians), the
// cells named in `missing` moves ringed red and those of `extra` moves blue.
// Empty for a game without a layout or a text that does not fit it.
std::string board_svg(const BoardLayout& layout, const std::string& position,
                      const std::string& missing_moves, const std::string& extra_moves);

}  // namespace arb
