// Reference Eximo, clause by clause (RULES.md X1-X7). Simple on purpose: the
// moving man is lifted off a copy of the board, chains are found by recursion,
// and every complete chain is then finished by the far-row rule (X6).
#include "reference/eximo/eximo.h"

#include <algorithm>
#include <utility>

namespace arb::reference {

namespace {

using Piece = Eximo::Piece;
using Side = Eximo::Side;
using Square = Eximo::Square;
using Board = std::array<std::array<Piece, 8>, 8>;
using Kind = Eximo::Kind;

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

Piece& at(Board& b, Square s) { return b[s.rank][s.file]; }
Piece at(const Board& b, Square s) { return b[s.rank][s.file]; }

Piece own_piece(Side side) { return side == Side::kWhite ? Piece::kWhite : Piece::kBlack; }
Piece enemy_piece(Side side) { return side == Side::kWhite ? Piece::kBlack : Piece::kWhite; }
Side other(Side side) { return side == Side::kWhite ? Side::kBlack : Side::kWhite; }

// X1: White moves north (towards rank 8), Black south (towards rank 1).
int forward(Side side) { return side == Side::kWhite ? +1 : -1; }

// X6: the opponent's back rank: rank 8 for White, rank 1 for Black.
int far_rank(Side side) { return side == Side::kWhite ? 7 : 0; }

// X2/X3: forward and diagonally forward, as (file, rank) deltas.
std::vector<std::pair<int, int>> forward_directions(Side side) {
  const int f = forward(side);
  return {{-1, f}, {0, f}, {+1, f}};
}

// X4: captures also go sideways (east or west), never backwards.
std::vector<std::pair<int, int>> capture_directions(Side side) {
  auto dirs = forward_directions(side);
  dirs.push_back({-1, 0});
  dirs.push_back({+1, 0});
  return dirs;
}

// X6: the drop zone: files b-g of the player's own first two ranks (corner
// files a and h are not in it), listed sorted by rank then file.
std::vector<Square> drop_zone(Side side) {
  const std::array<int, 2> ranks =
      side == Side::kWhite ? std::array<int, 2>{0, 1} : std::array<int, 2>{6, 7};
  std::vector<Square> zone;
  for (int rank : ranks)
    for (int file = 1; file <= 6; ++file) zone.push_back({file, rank});
  return zone;
}

// A complete chain (or step) before the far-row rule: its path, and the board
// with the captured men removed and the moving man still lifted off.
struct Chain {
  std::vector<Square> path;
  Board board;
};

// X3: friendly jumps. The man at path.back() (lifted off `board`) must jump
// again while it can; any continuation may be chosen. Every chain strictly
// advances, so no square can be visited twice. A chain that lands on the far
// row ends there (X6).
void friendly_jump_chains(const Board& board, Side side, std::vector<Square>& path,
                          std::vector<Chain>& out) {
  const Square from = path.back();
  bool jumped = false;
  for (auto [df, dr] : forward_directions(side)) {
    const Square over{from.file + df, from.rank + dr};
    const Square land{from.file + 2 * df, from.rank + 2 * dr};
    if (!on_board(land.file, land.rank)) continue;
    if (at(board, over) != own_piece(side) || at(board, land) != Piece::kEmpty) continue;
    jumped = true;
    path.push_back(land);
    if (land.rank == far_rank(side))
      out.push_back({path, board});  // X6: its move ends there
    else
      friendly_jump_chains(board, side, path, out);
    path.pop_back();
  }
  if (!jumped && path.size() > 1) out.push_back({path, board});  // X3: no jump left: done
}

// X4: captures. The enemy man is removed at once (so it cannot be jumped
// again); the man must capture again while it can, any continuation. No
// friendly jump inside. A chain that lands on the far row ends there (X6).
// No square is visited twice: forward jumps never come back, and returning
// along a rank would mean jumping a man already removed.
void capture_chains(const Board& board, Side side, std::vector<Square>& path,
                    std::vector<Chain>& out) {
  const Square from = path.back();
  bool captured = false;
  for (auto [df, dr] : capture_directions(side)) {
    const Square over{from.file + df, from.rank + dr};
    const Square land{from.file + 2 * df, from.rank + 2 * dr};
    if (!on_board(land.file, land.rank)) continue;
    if (at(board, over) != enemy_piece(side) || at(board, land) != Piece::kEmpty) continue;
    captured = true;
    Board after = board;
    at(after, over) = Piece::kEmpty;
    path.push_back(land);
    if (land.rank == far_rank(side))
      out.push_back({path, after});  // X6: its move ends there, even mid-chain
    else
      capture_chains(after, side, path, out);
    path.pop_back();
  }
  if (!captured && path.size() > 1) out.push_back({path, board});  // X4: no capture left: done
}

// X6: finishes a chain: a man on the far row is removed, then the compulsory
// drops: two if two or more zone squares are free (every unordered pair, written
// sorted), one if one is, none if none is. Otherwise the man lands.
// V4 (drops=optional): the player may drop none, one or two men instead, on
// distinct free squares: every subset of at most two free squares is a move.
void finish(const Chain& chain, Kind kind, Side side, const Eximo::Rules& rules,
            Eximo::MoveList& out) {
  const Square end = chain.path.back();
  if (end.rank != far_rank(side)) {
    out.push_back({kind, chain.path, {}});
    return;
  }
  std::vector<Square> free;
  for (Square s : drop_zone(side))
    if (at(chain.board, s) == Piece::kEmpty) free.push_back(s);
  auto pairs = [&] {
    for (std::size_t i = 0; i < free.size(); ++i)
      for (std::size_t j = i + 1; j < free.size(); ++j)
        out.push_back({kind, chain.path, {free[i], free[j]}});
  };
  if (rules.optional_drops) {
    out.push_back({kind, chain.path, {}});                         // V4: none
    for (Square s : free) out.push_back({kind, chain.path, {s}});  // V4: one
    pairs();                                                       // V4: two
  } else if (free.empty()) {
    out.push_back({kind, chain.path, {}});
  } else if (free.size() == 1) {
    out.push_back({kind, chain.path, {free[0]}});
  } else {
    pairs();
  }
}

}  // namespace

std::string Eximo::square_name(Square s) {
  return {static_cast<char>('a' + s.file), static_cast<char>('1' + s.rank)};
}

// V4, V5 (default: the rules X1-X7).
Eximo::Rules Eximo::Rules::from(const Spec& spec) {
  Rules rules;
  rules.optional_drops = spec.value("drops") == "optional";
  rules.max_capture = spec.value("capture") == "max";
  return rules;
}

Eximo::Eximo(const Spec& spec) : spec_(spec), rules_(Rules::from(spec)) {}

Eximo::Position Eximo::start() const {
  // X1: the start position, White to move.
  return parse("1BBBBBB1/1BBBBBB1/1BB2BB1/8/8/1WW2WW1/1WWWWWW1/1WWWWWW1 w");
}

Eximo::Position Eximo::parse(std::string_view text) const {
  const auto space = text.find(' ');
  if (space == std::string_view::npos)
    throw Error("position: expected '<ranks> <side>' separated by one space");
  const std::string_view ranks = text.substr(0, space);
  const std::string_view side = text.substr(space + 1);
  if (side.find(' ') != std::string_view::npos)
    throw Error("position: more than 2 fields, extra ' ' after the side");

  Position pos;
  int rank = 7;  // the text lists rank 8 first
  int file = 0;
  bool last_was_digit = false;
  auto end_rank = [&] {
    if (file != 8)
      throw Error("rank " + std::to_string(rank + 1) + ": " + std::to_string(file) +
                  " squares, expected 8");
  };
  for (char c : ranks) {
    const std::string where = "rank " + std::to_string(rank + 1) + ": ";
    if (c == '/') {
      end_rank();
      if (rank == 0) throw Error("ranks: more than 8 ranks at '/'");
      --rank;
      file = 0;
      last_was_digit = false;
      continue;
    }
    if (c >= '0' && c <= '9') {
      if (last_was_digit) throw Error(where + "two digits in a row at '" + std::string(1, c) + "'");
      if (c == '0' || c == '9')
        throw Error(where + "bad count of empty squares '" + std::string(1, c) + "'");
      file += c - '0';
      if (file > 8) throw Error(where + "more than 8 squares at '" + std::string(1, c) + "'");
      last_was_digit = true;
      continue;
    }
    last_was_digit = false;
    if (c != 'W' && c != 'B') throw Error(where + "bad character '" + std::string(1, c) + "'");
    if (file >= 8) throw Error(where + "more than 8 squares at '" + std::string(1, c) + "'");
    // X6: a man that reaches the opponent's back rank is removed at once, so
    // no man ever stands on its own far rank.
    if (c == 'W' && rank == 7)
      throw Error(where + "a white man on its far rank at " + square_name({file, rank}) + " 'W'");
    if (c == 'B' && rank == 0)
      throw Error(where + "a black man on its far rank at " + square_name({file, rank}) + " 'B'");
    pos.board[rank][file] = c == 'W' ? Piece::kWhite : Piece::kBlack;
    ++file;
  }
  end_rank();
  if (rank != 0) throw Error("ranks: " + std::to_string(8 - rank) + " ranks, expected 8");
  // RULES.md lists only the far-rank error for Eximo, so a side not to move
  // without men is accepted, although play never produces it (after any move
  // the mover owns a man: it lands, or the zone is full, or drops follow).

  if (side == "w")
    pos.side = Side::kWhite;
  else if (side == "b")
    pos.side = Side::kBlack;
  else if (side.empty())
    throw Error("side: missing, expected 'w' or 'b'");
  else
    throw Error("side: expected 'w' or 'b', got '" + std::string(side) + "'");
  return pos;
}

std::string Eximo::format(const Position& pos) const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = pos.board[rank][file];
      if (p == Piece::kEmpty) {
        ++empty;
        continue;
      }
      if (empty > 0) out += static_cast<char>('0' + empty);
      empty = 0;
      out += static_cast<char>(p);
    }
    if (empty > 0) out += static_cast<char>('0' + empty);
    if (rank > 0) out += '/';
  }
  out += pos.side == Side::kWhite ? " w" : " b";
  return out;
}

std::string Eximo::diagram(const Position& pos) const {
  std::string out = "   a b c d e f g h\n";
  for (int rank = 7; rank >= 0; --rank) {
    out += ' ';
    out += static_cast<char>('1' + rank);
    for (int file = 0; file < 8; ++file) {
      out += ' ';
      out += static_cast<char>(pos.board[rank][file]);
    }
    out += ' ';
    out += static_cast<char>('1' + rank);
    out += '\n';
  }
  out += "   a b c d e f g h\n";
  out += pos.side == Side::kWhite ? "White (W, moving up) to move\n"
                                  : "Black (B, moving down) to move\n";
  return out;
}

Eximo::MoveList Eximo::legal_moves(const Position& pos) const {
  const Side side = pos.side;
  MoveList moves;

  // X4: every capture chain of every man.
  for (int rank = 0; rank < 8; ++rank)
    for (int file = 0; file < 8; ++file) {
      if (pos.board[rank][file] != own_piece(side)) continue;
      Board lifted = pos.board;  // the man's start square is empty while it travels
      lifted[rank][file] = Piece::kEmpty;
      std::vector<Square> path{{file, rank}};
      std::vector<Chain> chains;
      capture_chains(lifted, side, path, chains);
      for (const Chain& chain : chains) finish(chain, Kind::kCapture, side, rules_, moves);
    }
  // V5 (capture=max): only the chains that take the most men, over all men.
  // A chain still goes on while it can (X4) and still ends on the far row
  // (X6); a chain takes one man per jump, so the count is its path length.
  // RULES.md is silent on the far row: a chain it stops counts the men it
  // took, and its drops (X6, V4) are not men taken.
  if (rules_.max_capture && !moves.empty()) {
    std::size_t most = 0;
    for (const Move& m : moves) most = std::max(most, m.path.size());
    std::erase_if(moves, [most](const Move& m) { return m.path.size() != most; });
  }
  // X5: if any capture is available the move must be a capture.
  if (!moves.empty()) return moves;

  for (int rank = 0; rank < 8; ++rank)
    for (int file = 0; file < 8; ++file) {
      if (pos.board[rank][file] != own_piece(side)) continue;
      Board lifted = pos.board;
      lifted[rank][file] = Piece::kEmpty;
      // X2: steps forward or diagonally forward to an empty square.
      for (auto [df, dr] : forward_directions(side)) {
        const Square to{file + df, rank + dr};
        if (!on_board(to.file, to.rank) || at(lifted, to) != Piece::kEmpty) continue;
        finish({{{file, rank}, to}, lifted}, Kind::kStep, side, rules_, moves);
      }
      // X3: friendly jump chains (never compulsory, X5).
      std::vector<Square> path{{file, rank}};
      std::vector<Chain> chains;
      friendly_jump_chains(lifted, side, path, chains);
      for (const Chain& chain : chains) finish(chain, Kind::kFriendlyJump, side, rules_, moves);
    }
  return moves;
}

Eximo::Position Eximo::play(const Position& pos, const Move& move) const {
  const Side side = pos.side;
  Position next = pos;
  at(next.board, move.path.front()) = Piece::kEmpty;
  for (std::size_t i = 1; i < move.path.size(); ++i) {
    const Square a = move.path[i - 1];
    const Square b = move.path[i];
    // X4: the jumped enemy man is removed; a friendly jump leaves its man.
    if (move.kind == Kind::kCapture)
      at(next.board, Square{(a.file + b.file) / 2, (a.rank + b.rank) / 2}) = Piece::kEmpty;
  }
  const Square end = move.path.back();
  // X6: a man on the far row is removed at once, then the drops.
  if (end.rank != far_rank(side)) at(next.board, end) = own_piece(side);
  for (Square s : move.drops) at(next.board, s) = own_piece(side);
  next.side = other(side);
  return next;
}

std::string Eximo::move_text(const Position&, const Move& move) const {
  std::string text = square_name(move.path.front());
  const char sep = move.kind == Kind::kCapture ? 'x' : '-';
  for (std::size_t i = 1; i < move.path.size(); ++i) text += sep + square_name(move.path[i]);
  for (Square s : move.drops) text += '+' + square_name(s);
  return text;
}

Eximo::Move Eximo::parse_move(const Position& pos, std::string_view text) const {
  return find_move_by_text(*this, pos, text);
}

Outcome Eximo::outcome(const Position& pos) const {
  // X7: the player to move who has no legal move loses.
  if (!legal_moves(pos).empty()) return Outcome::ongoing();
  return Outcome::win(static_cast<int>(other(pos.side)));
}

// X1: files a-h from the left, ranks 8 down to 1.
BoardLayout Eximo::board_layout() const {
  BoardLayout layout;
  for (int rank = 8; rank >= 1; --rank) {
    auto& row = layout.rows.emplace_back();
    for (int file = 0; file < 8; ++file)
      row.push_back(std::string(1, static_cast<char>('a' + file)) + std::to_string(rank));
  }
  return layout;
}

int Eximo::material(const Position& pos, int player) const {
  const Piece mine = player == 0 ? Piece::kWhite : Piece::kBlack;
  int men = 0;
  for (const auto& rank : pos.board)
    men += static_cast<int>(std::count(rank.begin(), rank.end(), mine));
  return men;
}

}  // namespace arb::reference
