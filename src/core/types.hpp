// The vocabulary every layer shares, and nothing else: players, moves, how
// sure a value is, and who a result favours. Each engine keeps its own score
// scale (the generic search's distance-coded scores, Pons's Connect-k scores,
// the weighted board sums, the Gomoku evaluation): those are distinct concepts
// and keep distinct names inside their engines' namespaces.
#pragma once

#include <cstdint>

namespace kinrow {

enum class Player : std::uint8_t { X = 0, O = 1 };

constexpr Player opponent(Player p) { return p == Player::X ? Player::O : Player::X; }
constexpr char player_char(Player p) { return p == Player::X ? 'X' : 'O'; }

// A cell index, row * width + col with row 0 at the top. Gravity games use
// the same index: the move in a column is the cell its stone drops to.
using Move = int;
inline constexpr Move kNoMove = -1;

// What a stored or returned value means relative to the true value. The
// numbering lets a bound share two bits with a depth in a table entry.
enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// The game-theoretic result for one side, or Unknown when no engine proved it.
enum class Outcome : std::uint8_t { Unknown, Win, Draw, Loss };

}  // namespace kinrow
