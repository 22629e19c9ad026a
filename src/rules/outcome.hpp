// An outcome in words, the one wording every engine and front end uses:
// "X wins in 3 moves (5 plies)", "O wins", "X has won", "draw".
#pragma once

#include <string>

#include "core/types.hpp"

namespace kinrow {

// `outcome` is for `mover`, the side to move of the position it belongs to;
// `plies` counts from that position to the end of the game (-1: unknown).
std::string describe_outcome(Player mover, Outcome outcome, int plies);

// "win", "draw", "loss" or "unknown".
const char* outcome_word(Outcome outcome);

}  // namespace kinrow
