// The weighted tic-tac-toe program: one game in one of four modes, printed in
// the course program's transcript format so its users can diff the two.
//   hinted  a human enters both sides' moves and sees the engine's estimate
//           and best move before each (the default);
//   auto    the engine plays itself, timed;
//   versus  a human against the engine, on the side of their choice;
//   manual  a human enters every move, no hints.
#pragma once

#include <iosfwd>
#include <string>

#include "weighted/weighted_search.hpp"

namespace kinrow::weighted {

enum class Mode { Hinted, Auto, Versus, Manual };

struct SessionOptions {
    Mode mode = Mode::Hinted;
    int depth = 4;
    SearchOptions search;
    bool stats = false;  // per engine move: nodes, table hits, time (to `log`)
    char side = 0;       // versus: 'X' or 'O'; 0 asks on `in`
};

// The course's drawing: `=============` / `| X | O |   |` lines, 4N+1 wide.
std::string board_drawing(const Position& pos);

// Plays one game, reading moves from `in` and writing the transcript to `out`.
// Returns when the game ends or the human types -1; throws Error when `in`
// ends first.
void play_weighted(const GameSpec& spec, const SessionOptions& options, std::istream& in,
                   std::ostream& out, std::ostream& log);

// The seed's table check (the course's task 3), printed as the course does:
// four lookups, 20000 meaning "not found".
void run_table_demo(std::ostream& out);

}  // namespace kinrow::weighted
