// The engine a worker rank runs its jobs with. Each worker keeps one solver
// (and so one transposition table) for the whole run: the children of a job
// that ran out of budget often come back to the same worker, and the table
// still holds the subtrees it proved on the way.
//
// The engines plug in behind JobSolver: the Connect-k bitboard solver for
// gravity games, the proof-number prover (src/prover/) for free-placement
// boards of five in a row and more, the generic exact search
// (search::Searcher under a node budget) for the other free-placement boards.
#pragma once

#include <cstddef>
#include <memory>

#include "distributed/job.hpp"
#include "rules/game.hpp"
#include "rules/position.hpp"

namespace kinrow::distributed {

class JobSolver {
public:
    virtual ~JobSolver() = default;
    // The name in reports and logs ("connect", "prover", "generic").
    virtual const char* name() const = 0;
    // The proven value of `pos` (not over) for its side to move, or Unknown
    // with the work spent when the budget ran out first.
    virtual JobAnswer solve(const Position& pos, const Budget& budget) = 0;
};

// Throws Error when no engine here can take `spec` with `budget` (weighted
// games; a Connect-k job without a time budget; no budget at all).
void check_budget(const GameSpec& spec, const Budget& budget);

// The name of the engine make_job_solver picks for the game.
const char* job_solver_name(const GameSpec& spec);

// The best engine for the game: Connect-k for gravity games, the prover for
// k >= 5 free-placement boards won by k or more, the generic exact search
// otherwise; a table of `table_mb` MiB.
std::unique_ptr<JobSolver> make_job_solver(const GameSpec& spec, std::size_t table_mb);

}  // namespace kinrow::distributed
