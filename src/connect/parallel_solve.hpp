// Shared-table parallel solving: every thread runs the whole solve on the
// same far table, and near the root a thread puts off the moves another
// thread is searching (BusyNodes, in solver.hpp), so the threads spread over
// different subtrees and leave bounds that the others find in the table.
// The first thread to finish gives the answer and stops the rest. Node
// counts then vary from run to run; with one thread this is the ordinary,
// deterministic solve.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "connect/solver.hpp"

namespace kinrow::connect {

struct ParallelResult {
    int score = 0;
    SearchStats stats;  // summed over the threads
};

// `cancel`, the caller's stop flag (Ctrl-C in Python, a web client gone), may
// end the solve early; the score is then meaningless (the caller checks its
// flag, as after a single-threaded solve).
template <class Table, class Geo>
ParallelResult parallel_solve(const Geo& g, Table& far, Table& near, const BitPosition& p, bool weak,
                              int threads, SolverOptions options = {},
                              const std::atomic<bool>* cancel = nullptr) {
    std::atomic<bool> stop{false};
    std::atomic<int> winner{-1};
    auto busy = std::make_unique<BusyNodes>();
    std::vector<Solver<Table, Geo>> solvers;
    solvers.reserve(threads);
    std::vector<int> scores(threads, 0);
    if (threads > 1) far.share();
    // Each helper gets a near table of its own: near positions are cheap to
    // search again, and two cores storing into one small table would spend
    // their time passing its cache lines back and forth.
    std::vector<std::unique_ptr<Table>> helper_near;
    for (int t = 1; t < threads; ++t) helper_near.push_back(std::make_unique<Table>(g, kNearTableMb));
    for (int t = 0; t < threads; ++t) {
        solvers.emplace_back(g, far, t == 0 ? near : *helper_near[t - 1], options);
        if (threads > 1) {
            solvers.back().set_stop_flag(&stop);
            solvers.back().share_nodes(busy.get());
        }
    }
    auto run = [&](int t) {
        scores[t] = solvers[t].solve(p, weak);
        int none = -1;
        if (winner.compare_exchange_strong(none, t)) stop.store(true);
    };
    {
        std::vector<std::jthread> workers;
        for (int t = 0; t < threads; ++t) workers.emplace_back(run, t);
        // The caller's flag reaches the solvers through the shared one, polled
        // here rather than read at every node beside it.
        while (winner.load() < 0) {
            if (cancel && cancel->load(std::memory_order_relaxed)) {
                stop.store(true);
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    }  // joins
    ParallelResult result;
    result.score = scores[winner.load()];
    for (const auto& s : solvers) {
        result.stats.nodes += s.stats().nodes;
        result.stats.probes += s.stats().probes;
        result.stats.hits += s.stats().hits;
        result.stats.evictions += s.stats().evictions;
    }
    return result;
}

}  // namespace kinrow::connect
