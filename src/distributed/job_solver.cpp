#include "distributed/job_solver.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include <pthread.h>
#include <time.h>

#include "connect/bitboard.hpp"
#include "connect/solver.hpp"
#include "connect/transposition_table.hpp"
#include "core/error.hpp"
#include "prover/prover.hpp"
#include "search/search.hpp"

namespace kinrow::distributed {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// The CPU time the calling thread has used so far.
class ThreadClock {
public:
    ThreadClock() { pthread_getcpuclockid(pthread_self(), &clock_); }
    std::int64_t used_us() const {
        timespec t{};
        clock_gettime(clock_, &t);
        return static_cast<std::int64_t>(t.tv_sec) * 1'000'000 + t.tv_nsec / 1000;
    }

private:
    clockid_t clock_{};
};

// Sets `flag` once the thread that made it has used `us` microseconds of CPU
// time, unless destroyed first: the budget of a solver that can only be
// stopped from outside. CPU time, not wall time, so a job does the same work
// on a machine with more ranks than cores (or other programs running) as on
// an idle one.
class Deadline {
public:
    Deadline(std::atomic<bool>& flag, std::int64_t us)
        : thread_([this, &flag, us, clock = ThreadClock(), start = ThreadClock().used_us()] {
              std::unique_lock lock(mutex_);
              // CPU time runs no faster than the wall clock: wait for what is
              // left of the budget, then look again.
              for (std::int64_t left = us; left > 0; left = us - (clock.used_us() - start))
                  if (cancelled_.wait_for(lock, std::chrono::microseconds(left), [this] { return done_; })) return;
              flag.store(true, std::memory_order_relaxed);
          }) {}
    Deadline(const Deadline&) = delete;
    Deadline& operator=(const Deadline&) = delete;
    ~Deadline() {
        {
            std::lock_guard lock(mutex_);
            done_ = true;
        }
        cancelled_.notify_one();
        thread_.join();
    }

private:
    std::mutex mutex_;
    std::condition_variable cancelled_;
    bool done_ = false;
    std::thread thread_;  // last: it uses the members above
};

// The Connect-k solver, weak (win/draw/loss is all the tree needs), on one
// table for the worker's life. A stopped search stores nothing, so the table
// stays sound after a job that ran out of time.
class ConnectJobSolver final : public JobSolver {
public:
    ConnectJobSolver(const GameSpec& spec, std::size_t table_mb)
        : spec_(spec), geometry_(spec), tables_(geometry_, table_mb),
          solver_(geometry_, tables_.far, tables_.near) {
        solver_.set_stop_flag(&stop_);
    }

    const char* name() const override { return "connect"; }

    JobAnswer solve(const Position& pos, const Budget& budget) override {
        auto start = Clock::now();
        connect::BitPosition p = connect::BitPosition::from(geometry_, pos);
        solver_.reset_stats();
        stop_.store(false);
        int score = 0;
        {
            Deadline deadline(stop_, budget.time_us);
            score = solver_.solve(p, true);
        }
        JobAnswer answer;
        // A stopped search returns anything: only a finished one is a proof.
        if (!stop_.load()) answer.outcome = score > 0 ? Outcome::Win : score < 0 ? Outcome::Loss : Outcome::Draw;
        answer.nodes = solver_.stats().nodes;
        answer.seconds = seconds_since(start);
        return answer;
    }

private:
    GameSpec spec_;
    connect::Geometry geometry_;
    connect::TablePair tables_;
    connect::Solver<connect::FixedTable> solver_;
    std::atomic<bool> stop_{false};
};

// The generic exact search: weak negamax (a window around the draw gives
// win/draw/loss), no iterative deepening (a job wants a proof, not the
// heuristic iterations that prepare a best move), the node budget as limit.
class GenericJobSolver final : public JobSolver {
public:
    explicit GenericJobSolver(std::size_t table_mb) : searcher_(options(table_mb)) {}

    const char* name() const override { return "generic"; }

    JobAnswer solve(const Position& pos, const Budget& budget) override {
        // The search counts whole milliseconds: a shorter budget is one.
        const int ms = budget.time_us > 0 ? static_cast<int>(std::max<std::int64_t>(1, budget.time_us / 1000)) : 0;
        searcher_.set_limits(-1, budget.nodes, ms);
        Position copy = pos;
        search::SearchResult r = searcher_.search(copy);
        JobAnswer answer;
        // The sign is the outcome: an exact solve scores only draws (0) and
        // wins or losses; a weak one may return a bound, on the right side.
        if (r.proven) answer.outcome = r.score > 0 ? Outcome::Win : r.score < 0 ? Outcome::Loss : Outcome::Draw;
        answer.nodes = r.stats.nodes;
        answer.seconds = r.stats.elapsed_s;
        return answer;
    }

private:
    static search::SearchOptions options(std::size_t table_mb) {
        search::SearchOptions o;
        o.tt_mb = table_mb;
        o.weak = true;
        o.iterative_deepening = false;
        return o;
    }

    search::Searcher searcher_;
};

// The proof-number prover (src/prover/): threat cuts and pairing strategies
// settle k >= 5 boards where the exact search drowns. A job is one prove()
// call under the budget; the prover builds its table per call, so a job
// starts afresh (what a worker proved earlier still reaches the coordinator's
// tree, which never sends a known position again).
class ProverJobSolver final : public JobSolver {
public:
    explicit ProverJobSolver(std::size_t table_mb) : table_mb_(table_mb) {}

    const char* name() const override { return "prover"; }

    JobAnswer solve(const Position& pos, const Budget& budget) override {
        prover::Options options;
        options.table_mb = table_mb_;
        options.node_limit = budget.nodes;
        // The prover counts whole milliseconds: a shorter budget is one.
        if (budget.time_us > 0) options.time_ms = static_cast<int>(std::max<std::int64_t>(1, budget.time_us / 1000));
        prover::Result r = prover::prove(pos, options);
        JobAnswer answer;
        if (r.proven) {
            switch (r.value) {
                case prover::Value::Win: answer.outcome = Outcome::Win; break;
                case prover::Value::Loss: answer.outcome = Outcome::Loss; break;
                case prover::Value::Draw: answer.outcome = Outcome::Draw; break;
                case prover::Value::Unknown: break;
            }
        }
        answer.nodes = r.nodes;
        answer.seconds = r.seconds;
        return answer;
    }

private:
    std::size_t table_mb_;
};

}  // namespace

void check_budget(const GameSpec& spec, const Budget& budget) {
    if (spec.weighted()) throw Error("--distributed solves win/draw/loss games, not weighted tic-tac-toe");
    if (spec.gravity() && budget.time_us <= 0)
        throw Error("the Connect-k solver's jobs are limited by time (it cannot count to a node budget): "
                    "give --job-ms");
    if (budget.nodes == 0 && budget.time_us <= 0) throw Error("a job needs a budget: --job-nodes or --job-ms");
}

const char* job_solver_name(const GameSpec& spec) {
    return spec.gravity() ? "connect" : prover::is_better_for(spec) ? "prover" : "generic";
}

// The engine the facade would pick for the game (prover::is_better_for).
std::unique_ptr<JobSolver> make_job_solver(const GameSpec& spec, std::size_t table_mb) {
    if (spec.gravity()) return std::make_unique<ConnectJobSolver>(spec, table_mb);
    if (prover::is_better_for(spec)) return std::make_unique<ProverJobSolver>(table_mb);
    return std::make_unique<GenericJobSolver>(table_mb);
}

}  // namespace kinrow::distributed
