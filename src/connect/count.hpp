// Perft-style enumeration of gravity-game positions on the bitboards: a check
// of the move generator against published counts (John Tromp's tables count
// Connect Four positions the same way: distinct boards reachable in legal
// play, where a game stops at the first line of k).
#pragma once

#include <cstdint>
#include <vector>

#include "game.hpp"

namespace kinrow::connect {

// result[n]: distinct positions with n stones, for n = 0 .. min(max_stones, cells).
// Memory grows with the widest level; meant for small boards.
std::vector<std::uint64_t> count_positions_by_stones(const GameSpec& spec, int max_stones = 64);
// Their sum: every distinct reachable position, the empty board included.
std::uint64_t count_positions(const GameSpec& spec, int max_stones = 64);

}  // namespace kinrow::connect
