// Exhaustive enumeration of a small game: reachable positions (also up to the
// board's symmetries), terminal positions by result, complete games and
// game-tree nodes. A perft-style check of the rules, and the numbers teachers
// quote (5,478 tic-tac-toe positions, 255,168 games).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "rules/position.hpp"

namespace kinrow::search {

struct CountResult {
    std::uint64_t positions = 0;           // distinct reachable positions, root included
    std::uint64_t canonical_positions = 0; // the same up to board symmetry
    std::uint64_t terminal[3] = {0, 0, 0}; // distinct terminal positions: X wins, O wins, draws
    std::uint64_t games[3] = {0, 0, 0};    // complete games (move sequences): X wins, O wins, draws
    std::uint64_t tree_nodes = 0;          // nodes of the game tree that stops at wins, root included
    int max_layer_plies = 0;               // plies from the root to the deepest position
    std::vector<std::uint64_t> positions_by_ply;  // [p]: distinct positions p plies from the root

    std::uint64_t terminal_total() const { return terminal[0] + terminal[1] + terminal[2]; }
    std::uint64_t games_total() const { return games[0] + games[1] + games[2]; }
};

struct CountOptions {
    // Refuse (with an Error) rather than run out of memory on games too big.
    std::uint64_t max_positions = 100'000'000;
    // Enumerate only this many plies past the root (< 0: to the end). The
    // counts then cover positions up to that ply; games and tree nodes only
    // the games that ended by then.
    int max_plies = -1;
    // Called after each ply layer: plies done, positions so far.
    std::function<void(int, std::uint64_t)> progress;
};

// Enumerates every position reachable from `root` (at most 64 cells).
// Throws Error when the board is too large or max_positions is exceeded.
CountResult count_positions(const Position& root, const CountOptions& options = {});

}  // namespace kinrow::search
