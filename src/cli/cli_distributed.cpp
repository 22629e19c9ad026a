// `kinrow solve GAME --distributed`: the options, and each MPI rank's part.
// Run it under mpirun (mpirun -n 4 kinrow solve connect:6,5,4 --distributed
// --checkpoint run.ckpt): rank 0 coordinates and prints, the others solve
// jobs. docs/distributed.md has the method and the measurements.
#include <cstdio>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "rules/outcome.hpp"
#ifdef KINROW_HAVE_MPI
#include "distributed/coordinator.hpp"
#include "distributed/job_solver.hpp"
#include "distributed/proof_tree.hpp"
#endif

namespace kinrow {

void add_distributed_options(CLI::App& solve, DistributedRequest& r) {
    solve.add_flag("--distributed", r.enabled,
                   "Job-level proof-number search over MPI ranks (run under mpirun; rank 0 coordinates)");
    solve.add_option("--job-nodes", r.run.budget.nodes, "--distributed: node budget of a job (generic search)")
        ->check(integer_at_least(1));
    solve.add_option("--job-ms", r.job_ms,
                     "--distributed: CPU-time budget of a job in ms, fractions too (the Connect-k solver)")
        ->check(CLI::Range(0.001, 1e9));
    solve.add_option("--job-log", r.run.job_log, "--distributed: append one line a finished job to this file");
    solve.add_option("--max-jobs", r.run.max_jobs, "--distributed: stop this run after so many jobs")
        ->check(integer_at_least(1));
    solve.add_option("--max-seconds", r.run.max_seconds, "--distributed: stop this run after so many seconds")
        ->check(CLI::PositiveNumber);
    solve.add_option("--checkpoint-every", r.run.checkpoint_every_s,
                     "--distributed: seconds between checkpoints (default 30)")
        ->check(CLI::PositiveNumber);
    solve.add_option("--worker-timeout", r.run.worker_timeout_s,
                     "--distributed: seconds without an answer before a worker counts as lost")
        ->check(CLI::PositiveNumber);
}

#ifndef KINROW_HAVE_MPI

void solve_distributed(const SolveRequest&) {
    throw Error("this kinrow was built without MPI: install libopenmpi-dev and rebuild for --distributed");
}

#else

namespace {

// The options that mean a single search; the distributed solver runs jobs.
void check_request(const SolveRequest& r) {
    if (r.depth >= 0 || r.node_limit || r.time_ms)
        throw Error("--distributed solves exactly, job by job: it takes no --depth, --nodes or --time-ms "
                    "(a job's budget is --job-nodes or --job-ms)");
    if (r.batch || r.vcf || r.vct || r.threads > 1 || !r.engine.empty() || r.generic || !r.book.empty())
        throw Error("--distributed picks each worker's engine itself: it takes no --batch, --vcf, --vct, --threads, "
                    "--engine, --generic or --book");
}

distributed::RunOptions run_options(const SolveRequest& r, const GameSpec& spec) {
    distributed::RunOptions o = r.distributed.run;
    o.budget.time_us = static_cast<std::int64_t>(r.distributed.job_ms * 1000);
    if (!o.budget.nodes && !o.budget.time_us) {
        if (spec.gravity())
            o.budget.time_us = 1'000'000;
        else
            o.budget.nodes = 100'000;
    }
    distributed::check_budget(spec, o.budget);
    o.table_mb = r.tt_mb;
    o.info = [](const std::string& line) {
        fmt::print(stderr, "{}\n", line);
        std::fflush(stderr);
    };
    return o;
}

// A proof number, "inf" for infinity.
std::string number_text(std::uint64_t n) { return n == distributed::kInfinite ? "inf" : std::to_string(n); }

std::string result_text(const Position& root, const distributed::RunReport& report, const std::string& checkpoint) {
    if (report.value != Outcome::Unknown) return describe_outcome(root.side_to_move(), report.value, -1);
    return checkpoint.empty() ? std::string("unknown (stopped before the proof; no --checkpoint to resume)")
                              : fmt::format("unknown (stopped before the proof; {} resumes it)", checkpoint);
}

void print_report(const SolveRequest& r, const Position& root, const distributed::RunReport& rep, int ranks) {
    const distributed::Totals& t = rep.totals;
    const double per_s = rep.wall_s > 0 ? static_cast<double>(rep.messages) / rep.wall_s : 0;
    if (r.json) {
        nlohmann::json j = {
            {"game", root.spec().name()},
            {"position", root.move_list_string()},
            {"board", root.board_string()},
            {"to_move", std::string(1, player_char(root.side_to_move()))},
            {"engine", "distributed"},
            {"job_engine", rep.engine},
            {"result", outcome_word(rep.value)},
            {"proven", rep.value != Outcome::Unknown},
            {"complete", rep.value != Outcome::Unknown},
            {"description", result_text(root, rep, r.distributed.run.checkpoint)},
            {"ranks", ranks},
            {"workers", rep.workers},
            {"workers_lost", rep.workers_lost},
            {"jobs", rep.jobs},
            {"messages", rep.messages},
            {"messages_per_s", per_s},
            {"wall_s", rep.wall_s},
            {"worker_idle", rep.worker_idle_fraction()},
            {"coordinator_s_per_job", rep.coordinator_s_per_job()},
            {"tree_nodes", rep.tree_nodes},
            {"resumed_nodes", rep.resumed_nodes},
            {"open_leaves", rep.open_leaves},
            {"question", rep.question},
            {"root_proof", rep.root_proof},
            {"root_disproof", rep.root_disproof},
            {"totals",
             {{"jobs", t.jobs}, {"nodes", t.nodes}, {"job_s", t.job_seconds}, {"wall_s", t.wall_seconds}}}};
        fmt::print("{}\n", j.dump(2));
        return;
    }
    fmt::print("game:        {}\n", root.spec().name());
    fmt::print("position:    {}\n", root.stones() ? root.board_string() : std::string("(empty board)"));
    fmt::print("result:      {}\n", result_text(root, rep, r.distributed.run.checkpoint));
    fmt::print("this run:    {} jobs ({} engine) on {} workers ({} lost), {:.2f} s, {:.1f} messages/s, "
               "workers idle {:.0f}%, coordinator {:.0f} us a job\n",
               rep.jobs, rep.engine, rep.workers, rep.workers_lost, rep.wall_s, per_s,
               100 * rep.worker_idle_fraction(), 1e6 * rep.coordinator_s_per_job());
    fmt::print("tree:        {} nodes ({} from the checkpoint), {} open leaves; question '{}', root proof {} "
               "disproof {}\n",
               rep.tree_nodes, rep.resumed_nodes, rep.open_leaves,
               rep.question == "win" ? "does the side to move win?" : "does it at least draw?",
               number_text(rep.root_proof), number_text(rep.root_disproof));
    fmt::print("all runs:    {} jobs, {} nodes, {:.1f} s in jobs, {:.1f} s of coordinator time\n", t.jobs,
               t.nodes, t.job_seconds, t.wall_seconds);
}

}  // namespace

void solve_distributed(const SolveRequest& request) {
    // One --checkpoint option serves the prover and the distributed run: here
    // it keeps the proof tree, and a run resumes from it.
    SolveRequest r = request;
    r.distributed.run.checkpoint = request.checkpoint_path;
    // What a worker rank has to say when it cannot go on; the request errors
    // (the same on every rank, as each parses the same command line) are
    // rank 0's to report, once.
    std::optional<std::string> worker_failure;
    {
        distributed::MpiSession session(nullptr, nullptr);
        const bool coordinator = session.rank() == 0;
        std::optional<Position> root;
        distributed::RunOptions options;
        try {
            check_request(r);
            root = load_position(r.position);
            options = run_options(r, root->spec());
        } catch (const Error&) {
            if (coordinator) throw;
            return;
        }
        if (coordinator) {
            const distributed::RunReport report = distributed::run_coordinator(session, *root, options);
            print_report(r, *root, report, session.size());
            if (report.workers_lost > 0) session.skip_finalize();
        } else {
            try {
                if (distributed::run_worker(session, root->spec(), options.table_mb)) session.skip_finalize();
            } catch (const Error& e) {
                worker_failure = fmt::format("worker rank {}: {}", session.rank(), e.what());
            }
        }
    }
    if (worker_failure) throw Error(*worker_failure);
}

#endif

}  // namespace kinrow
