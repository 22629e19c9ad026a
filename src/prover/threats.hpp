// Threats: the facts about windows that let the prover cut branches without
// losing soundness. Each function states exactly what it computes; why the
// cuts built on them are sound is argued where they are used (dfpn.cpp) and
// in docs/prover.md.
//
// Vocabulary. A window is live for p when it holds no stone of the opponent.
// A completion cell of p is an empty cell whose stone would fill a live
// window of p (p "has a four" in Gomoku terms): p wins by playing it. A
// double-threat move of p is an empty cell t after which p would have at
// least two completion cells: t is in live windows of p holding k-2 stones,
// and the other empty cells of those windows (t's partners) are at least two.
#pragma once

#include <vector>

#include "prover/board.hpp"

namespace kinrow::prover {

// The distinct completion cells of p, in board order; at most `limit`.
std::vector<Move> completion_cells(const Board& board, Player p, int limit = 1 << 30);

// Does p have at least one live window with at least one empty cell?
bool has_live_window(const Board& board, Player p);

// Does p have a double-threat move? The quick test before double_threats().
bool has_double_threat(const Board& board, Player p);

// The double-threat moves of p and their partners, for positions where p has
// no completion cell. partners[t] is empty unless t is a double-threat move.
struct DoubleThreats {
    std::vector<Move> moves;
    std::vector<std::vector<Move>> partners;  // indexed by cell
};
DoubleThreats double_threats(const Board& board, Player p);

// The moves of `defender` (to move, no completion cell for either side) that
// can stop every double threat of the attacker: cells that are a
// double-threat move or one of its partners for every double-threat move,
// plus the defender's moves that make a completion cell of its own (a
// counter-threat the attacker must answer). Any other move loses: the
// attacker plays a double-threat move that the move did not touch and
// completes a line on the next turn. Empty when the attacker has no
// double-threat move (then nothing is cut and `cuts` is false).
struct DefenceCut {
    bool cuts = false;
    std::vector<char> allowed;  // indexed by cell
};
DefenceCut defence_cut(const Board& board, Player defender);

// Does a stone of p on m (empty) threaten: leave p a completion cell (a
// four) or a double-threat move (an open three, in Gomoku terms)? Only
// threats force the opponent's reply (the forced block, defence_cut); the
// proof-only search lets the attacker play nothing else. Leaves `board` as
// it was.
bool makes_threat(Board& board, Move m, Player p);

// A score for ordering moves: how much a stone of p on m builds p's live
// windows and breaks the opponent's.
int move_potential(const Board& board, Move m, Player p);
// The same for the defender, who only needs to break the attacker's windows.
int blocking_potential(const Board& board, Move m, Player p);

}  // namespace kinrow::prover
