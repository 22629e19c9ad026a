// Job-level proof-number search over MPI ranks: rank 0 coordinates, every
// other rank is a worker.
//
// The coordinator keeps the proof tree (proof_tree.hpp), gives each idle
// worker the most-proving free leaf as a job, records the answers (a proven
// value, or "unknown": the leaf is expanded), saves the tree to the
// checkpoint every so often and at the end, and stops when the root's value
// is proven or this run's job / time allowance is spent (the checkpoint
// carries on from there). A worker that does not answer within the time-out,
// or that a send fails to reach, is counted as lost and its job goes back to
// the tree for another worker.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "distributed/checkpoint.hpp"
#include "distributed/job.hpp"
#include "distributed/mpi_channel.hpp"
#include "distributed/run_options.hpp"
#include "rules/position.hpp"

namespace kinrow::distributed {


// What a run did; `totals` adds the runs before it (from the checkpoint).
struct RunReport {
    Outcome value = Outcome::Unknown;  // the root's, for its side to move
    std::string engine;                // the workers' job solver
    int workers = 0;
    int workers_lost = 0;
    int resumed_nodes = 0;  // tree nodes read from the checkpoint
    int tree_nodes = 0;
    int open_leaves = 0;
    // Where the proof stands: the question asked of the root ("win" or
    // "draw": at least a draw) and the root's numbers for it.
    std::string question;
    std::uint64_t root_proof = 0, root_disproof = 0;
    std::uint64_t jobs = 0;      // answers received in this run
    std::uint64_t messages = 0;  // jobs sent + answers received + stops
    double wall_s = 0;
    double busy_s = 0;  // summed over workers: from sending a job to its answer
    double coordinator_s = 0;  // rank 0's time choosing leaves, sending, recording answers
    Totals totals;
    // What the coordinator spends on one job: its limit is one job this
    // often, whatever the number of workers.
    double coordinator_s_per_job() const { return jobs ? coordinator_s / static_cast<double>(jobs) : 0; }
    double worker_idle_fraction() const {
        return workers && wall_s > 0 ? 1 - busy_s / (workers * wall_s) : 0;
    }
};

// How long the coordinator waits for an answer before it counts the worker
// as lost: the option, else 20 budgets and at least 60 s (time budgets), or
// 10 minutes (node budgets, whose duration it cannot know).
double worker_timeout(const RunOptions& options);

// Rank 0's part. Throws Error for a checkpoint it cannot use (see
// load_checkpoint) or when every worker is lost; the workers are told to
// stop in every case.
RunReport run_coordinator(const MpiSession& session, const Position& root, const RunOptions& options);
// Every other rank's part: jobs until the coordinator says stop.
// Returns true when the coordinator says a rank was lost in the run.
bool run_worker(const MpiSession& session, const GameSpec& spec, std::size_t table_mb);

}  // namespace kinrow::distributed
