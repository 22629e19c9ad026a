// Many Connect-k positions solved in a row, as Pons's benchmark solves them:
// one solver and one table for the whole batch, the table cleared before
// each position, so every score and node count is that of a fresh solve
// while the table is built once. `kinrow solve --batch` and the Python
// module's solve_batch use it: on the easy sets a fresh engine per position
// would spend far more time building tables than solving.
#pragma once

#include <cstdint>
#include <functional>

#include "engine/engine.hpp"

namespace kinrow::engine {

struct BatchAnswer {
    int score = 0;  // Pons's convention for the side to move (weak: -1, 0 or 1)
    std::uint64_t nodes = 0;
    double seconds = 0;  // the solve alone
};

// Throws Error when a player has already won `pos`: there is nothing to solve.
void require_not_won(const Position& pos);

// Solves the positions `next` hands out (null: the end) one after another
// and gives each answer to `answer`. The options are the Connect-k engine's
// (weak, tt_mb, the table and search switches; one thread); `stop` ends the
// batch with Stopped. Throws Error for a game or options the solver cannot
// take, and for a position already won.
void solve_connect_batch(const GameSpec& spec, const Options& options,
                         const std::function<const Position*()>& next,
                         const std::function<void(const Position&, const BatchAnswer&)>& answer);

}  // namespace kinrow::engine
