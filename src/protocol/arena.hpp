// The course arena's file protocol. The arena runs `PLAYER state action` once
// per move and kills the player after ten seconds. `state` holds the player to
// move (1 black, who moves first; 2 white) and then one line of
// space-separated cell values (0 empty, 1 black, 2 white) per board row. The
// player writes `row col` lines to `action`, as often as it likes; the arena
// takes the last complete pair, so a legal move is written at once and better
// ones follow as the search finds them.
#pragma once

#include <string>
#include <string_view>

#include "rules/position.hpp"

namespace kinrow::gomoku {

// Parses a state file for `spec` (15x15 in the course). Throws Error naming
// the problem for wrong counts, bad numbers, impossible stone counts, a
// player field that contradicts the stones, or a finished game.
Position parse_arena_state(const GameSpec& spec, std::string_view text);

// Plays one arena move: reads `state_path`, searches for up to `time_ms`
// and writes moves to `action_path`. Throws Error (writing nothing) on bad input.
void play_arena_move(const GameSpec& spec, const std::string& state_path,
                     const std::string& action_path, int time_ms);

}  // namespace kinrow::gomoku
