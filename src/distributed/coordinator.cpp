#include "distributed/coordinator.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "core/error.hpp"
#include "distributed/job_solver.hpp"
#include "distributed/proof_tree.hpp"

namespace kinrow::distributed {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

constexpr double kInfoEvery_s = 10;

struct Worker {
    int rank = 0;
    int job = -1;  // the tree node it is solving, -1: idle
    Clock::time_point since;
    bool lost = false;
};

// Appends one line a finished job: board, answer, nodes, seconds, rank.
class JobLog {
public:
    explicit JobLog(const std::string& path) {
        if (path.empty()) return;
        file_.reset(std::fopen(path.c_str(), "a"));
        if (!file_) throw Error(fmt::format("cannot open the job log {}", path));
    }
    void add(const std::string& board, const JobAnswer& a, int rank) {
        if (!file_) return;
        fmt::print(file_.get(), "{} {} {} {:.6f} {}\n", board, outcome_letter(a.outcome), a.nodes, a.seconds, rank);
        std::fflush(file_.get());  // a run that is killed keeps its log
    }

private:
    struct Close {
        void operator()(std::FILE* f) const { std::fclose(f); }
    };
    std::unique_ptr<std::FILE, Close> file_;
};

// Tells a worker to stop; a worker gone already makes no difference.
// The text of a Stop message after a rank was lost: the workers then leave
// without MPI_Finalize (MpiSession::skip_finalize).
constexpr std::string_view kRankLost = "rank lost";

void stop_rank(const MpiSession& session, int rank, bool rank_lost = false) {
    try {
        session.send(rank, Tag::Stop, rank_lost ? kRankLost : "");
    } catch (const Error&) {
    }
}

// The coordinator's run: the tree, the workers, the clock.
class Coordinator {
public:
    Coordinator(const MpiSession& session, const Position& root, const RunOptions& options)
        : session_(session), options_(options), timeout_s_(worker_timeout(options)), log_(options.job_log),
          start_(Clock::now()), last_save_(start_), last_info_(start_) {
        std::optional<Checkpoint> saved;
        if (!options.checkpoint.empty()) saved = load_checkpoint(options.checkpoint, root);
        if (saved) {
            try {
                tree_.emplace(root, saved->nodes);
            } catch (const Error& e) {
                throw Error(fmt::format("checkpoint {} is damaged ({}): delete it to start over", options.checkpoint,
                                        e.what()));
            }
            previous_ = saved->totals;
            report_.resumed_nodes = tree_->size();
        } else {
            tree_.emplace(root);
        }
        for (int rank = 1; rank < session.size(); ++rank) workers_.push_back({rank, -1, start_, false});
        report_.workers = static_cast<int>(workers_.size());
        report_.engine = job_solver_name(root.spec());
    }

    RunReport run() {
        while (!tree_->solved() && !allowance_spent()) {
            const auto before = Clock::now();
            bool busy = dispatch();
            busy |= collect();
            if (busy) report_.coordinator_s += seconds_between(before, Clock::now());
            check_timeouts();
            if (std::none_of(workers_.begin(), workers_.end(), [](const Worker& w) { return !w.lost; }))
                throw Error(lost_everything());
            if (seconds_between(last_save_, Clock::now()) >= options_.checkpoint_every_s) save();
            if (seconds_between(last_info_, Clock::now()) >= kInfoEvery_s) info();
            if (!busy) session_.pause();
        }
        return finish();
    }

    // Every way out, the normal one included: the workers must stop, or
    // MPI_Finalize waits for them for ever. The lost ones too: a worker that
    // timed out may only be slow, and a dead one cannot be hurt by a message.
    void stop_workers() {
        for (const Worker& w : workers_) stop_rank(session_, w.rank, report_.workers_lost > 0);
        report_.messages += workers_.size();
    }

    void save() {
        last_save_ = Clock::now();
        if (options_.checkpoint.empty()) return;
        save_checkpoint(options_.checkpoint, tree_->root(), {tree_->save(), totals()});
    }

private:
    bool allowance_spent() const {
        return (options_.max_jobs && report_.jobs >= options_.max_jobs) ||
               (options_.max_seconds > 0 && seconds_between(start_, Clock::now()) >= options_.max_seconds);
    }

    // Gives each idle worker a job while there are free leaves.
    bool dispatch() {
        bool sent = false;
        for (Worker& w : workers_) {
            if (w.lost || w.job >= 0) continue;
            int leaf = tree_->next_job();
            if (leaf < 0) break;
            Job job{leaf, tree_->position_of(leaf).board_string(), options_.budget};
            try {
                session_.send(w.rank, Tag::Job, encode(job));
            } catch (const Error& e) {
                lose(w, e.what());
                continue;
            }
            tree_->assign(leaf);
            w.job = leaf;
            w.since = Clock::now();
            ++report_.messages;
            sent = true;
        }
        return sent;
    }

    // Records every answer that has arrived.
    bool collect() {
        bool any = false;
        while (auto m = session_.poll()) {
            any = true;
            ++report_.messages;
            if (m->tag != Tag::Answer) continue;
            JobAnswer a = decode_answer(m->text);
            if (a.node < 0 || a.node >= tree_->size()) throw Error(fmt::format("an answer for no job: {}", m->text));
            auto w = std::find_if(workers_.begin(), workers_.end(), [&](const Worker& x) { return x.rank == m->source; });
            if (w == workers_.end()) throw Error(fmt::format("an answer from rank {}, not a worker", m->source));
            if (w->lost) {
                // Slow, not dead: it gets jobs again.
                fmt::print(stderr, "kinrow: worker rank {} answered after all; it gets jobs again\n", w->rank);
                w->lost = false;
            } else if (w->job == a.node) {
                report_.busy_s += seconds_between(w->since, Clock::now());
            }
            w->job = -1;
            // A late answer of a worker given up on still counts: its job may
            // be running again elsewhere, and the tree keeps the first answer.
            log_.add(tree_->position_of(a.node).board_string(), a, m->source);
            tree_->record(a.node, a.outcome);
            ++report_.jobs;
            ++work_.jobs;
            work_.nodes += a.nodes;
            work_.job_seconds += a.seconds;
        }
        return any;
    }

    void check_timeouts() {
        const auto now = Clock::now();
        for (Worker& w : workers_)
            if (!w.lost && w.job >= 0 && seconds_between(w.since, now) > timeout_s_)
                lose(w, fmt::format("no answer within {:.0f} s", timeout_s_));
    }

    void lose(Worker& w, const std::string& why) {
        fmt::print(stderr, "kinrow: worker rank {} lost ({}); its job goes back to the tree\n", w.rank, why);
        std::fflush(stderr);
        if (w.job >= 0) {
            tree_->release(w.job);
            report_.busy_s += seconds_between(w.since, Clock::now());
        }
        w.job = -1;
        w.lost = true;
        ++report_.workers_lost;
    }

    std::string lost_everything() {
        save();
        return fmt::format("every worker was lost{}", options_.checkpoint.empty()
                                                          ? ""
                                                          : "; the tree is in " + options_.checkpoint +
                                                                ": run again to resume");
    }

    Totals totals() const {
        Totals t = previous_;
        t.jobs += work_.jobs;
        t.nodes += work_.nodes;
        t.job_seconds += work_.job_seconds;
        t.wall_seconds += seconds_between(start_, Clock::now());
        return t;
    }

    void info() {
        last_info_ = Clock::now();
        if (!options_.info) return;
        int working = static_cast<int>(std::count_if(workers_.begin(), workers_.end(),
                                                     [](const Worker& w) { return w.job >= 0; }));
        options_.info(fmt::format("info jobs {} tree {} open {} working {}/{} elapsed {:.0f}s", report_.jobs,
                                  tree_->size(), tree_->open_leaves(), working, workers_.size(),
                                  seconds_between(start_, Clock::now())));
    }

    RunReport finish() {
        const auto now = Clock::now();
        for (const Worker& w : workers_)
            if (w.job >= 0) report_.busy_s += seconds_between(w.since, now);  // abandoned with the run
        save();
        report_.value = tree_->value();
        report_.tree_nodes = tree_->size();
        report_.open_leaves = tree_->open_leaves();
        report_.question = tree_->target() == Target::Win ? "win" : "draw";
        report_.root_proof = tree_->node(0).proof;
        report_.root_disproof = tree_->node(0).disproof;
        report_.wall_s = seconds_between(start_, now);
        report_.totals = totals();
        return report_;
    }

    const MpiSession& session_;
    RunOptions options_;
    double timeout_s_;
    JobLog log_;
    std::optional<ProofTree> tree_;
    std::vector<Worker> workers_;
    Totals previous_, work_;
    RunReport report_;
    Clock::time_point start_, last_save_, last_info_;
};

}  // namespace

double worker_timeout(const RunOptions& options) {
    if (options.worker_timeout_s > 0) return options.worker_timeout_s;
    if (options.budget.time_us > 0) return std::max(60.0, 20 * static_cast<double>(options.budget.time_us) / 1e6);
    return 600;
}

RunReport run_coordinator(const MpiSession& session, const Position& root, const RunOptions& options) {
    if (session.size() < 2)
        throw Error("--distributed needs at least two MPI ranks, a coordinator and a worker (mpirun -n 3 ...)");
    try {
        Coordinator coordinator(session, root, options);
        RunReport report = coordinator.run();
        coordinator.stop_workers();
        return report;
    } catch (...) {
        // The workers are waiting for jobs: tell them to stop, however this
        // run ends, or MPI_Finalize waits for them for ever.
        for (int rank = 1; rank < session.size(); ++rank) stop_rank(session, rank);
        throw;
    }
}

bool run_worker(const MpiSession& session, const GameSpec& spec, std::size_t table_mb) {
    std::unique_ptr<JobSolver> solver;  // built with the first job: a rank that gets none needs no table
    for (;;) {
        Message m = session.wait();
        if (m.tag == Tag::Stop) return m.text == kRankLost;
        if (m.tag != Tag::Job) continue;
        Job job = decode_job(m.text);
        if (!solver) solver = make_job_solver(spec, table_mb);
        JobAnswer answer = solver->solve(Position::from_board(spec, job.board), job.budget);
        answer.node = job.node;
        session.send(m.source, Tag::Answer, encode(answer));
    }
}

}  // namespace kinrow::distributed
