// Text forms of Gomoku moves shared by the front ends: algebraic `h8` (column
// letter from the left, row number from 1 at the bottom, as Position parses it).
#pragma once

#include <string>

#include "rules/position.hpp"

namespace kinrow::gomoku {

std::string algebraic(const GameSpec& spec, Move m);

}  // namespace kinrow::gomoku
