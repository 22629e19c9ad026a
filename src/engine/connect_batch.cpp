#include "engine/connect_batch.hpp"

#include <chrono>

#include <fmt/format.h>

#include "connect/configured_solver.hpp"
#include "core/error.hpp"
#include "engine/connect_config.hpp"

namespace kinrow::engine {

void require_not_won(const Position& pos) {
    if (pos.result() == Result::XWins || pos.result() == Result::OWins)
        throw Error(fmt::format("the position is already won by {}",
                                pos.result() == Result::XWins ? 'X' : 'O'));
}

void solve_connect_batch(const GameSpec& spec, const Options& options,
                         const std::function<const Position*()>& next,
                         const std::function<void(const Position&, const BatchAnswer&)>& answer) {
    if (options.engine && *options.engine != EngineKind::Connect)
        throw Error("--batch drives the Connect-k solver (no --generic or --engine)");
    if (options.threads > 1) throw Error("--threads solves a single position, not a --batch");
    Options connect = options;
    connect.engine = EngineKind::Connect;
    make_engine(spec, connect);  // the solver's checks of the game and the options
    connect::Geometry g(spec);
    connect::with_solver(connect_solver_config(options), g, [&](auto& solver, auto* table) {
        solver.set_stop_flag(options.stop);
        while (const Position* pos = next()) {
            require_not_won(*pos);
            connect::BitPosition p = connect::BitPosition::from(g, *pos);
            if (table) table->clear();
            solver.reset_stats();
            auto start = std::chrono::steady_clock::now();
            BatchAnswer a;
            a.score = solver.solve(p, options.weak);
            a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            // A stopped solve returns anything: nothing of it may reach the caller.
            if (options.stop && options.stop->load(std::memory_order_relaxed)) throw Stopped();
            a.nodes = solver.stats().nodes;
            answer(*pos, a);
        }
    });
}

}  // namespace kinrow::engine
