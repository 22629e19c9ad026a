// Gomoku test positions built from stone lists.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "rules/position.hpp"

namespace kinrow::testing {

// Empty board of `game` with the listed stones: `x` and `o` hold "row,col" pairs.
inline Position board_with(const std::vector<std::pair<int, int>>& x, const std::vector<std::pair<int, int>>& o,
                           const char* game = "gomoku") {
    GameSpec spec = parse_game(game);
    std::string rows(spec.cells(), '.');
    for (auto [r, c] : x) rows[r * spec.width + c] = 'X';
    for (auto [r, c] : o) rows[r * spec.width + c] = 'O';
    std::string text;
    for (int r = 0; r < spec.height; ++r) text += rows.substr(r * spec.width, spec.width) + "/";
    text.pop_back();
    return Position::from_board(spec, text);
}

}  // namespace kinrow::testing
