// What a distributed run is asked to do: the jobs' budget, the checkpoint,
// this run's allowance. Plain data without MPI, so the command line can fill
// it in directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace kinrow::distributed {

// How much a worker may spend on one job before it answers "unknown". The
// generic search counts nodes (deterministic); the Connect-k solver can only
// be stopped from outside, so its jobs are limited by (CPU) time.
struct Budget {
    std::uint64_t nodes = 0;    // 0: none
    std::int64_t time_us = 0;   // 0: none (microseconds: small boards' jobs take less than 1 ms)
};

struct RunOptions {
    Budget budget;
    std::size_t table_mb = 64;   // each worker's table
    std::string checkpoint;      // empty: none
    double checkpoint_every_s = 30;
    std::string job_log;         // empty: none; else one line a finished job is appended
    std::uint64_t max_jobs = 0;  // this run stops after so many answers (0: none)
    double max_seconds = 0;      // ... or after so long (0: none)
    double worker_timeout_s = 0; // 0: from the budget (see worker_timeout)
    std::function<void(const std::string&)> info;  // progress lines, about every 10 s
};

}  // namespace kinrow::distributed
