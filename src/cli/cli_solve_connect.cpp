// `kinrow solve GAME --batch`: Pons-style batch solving of gravity games,
// the benchmark against Pons's solver (whose published figures this mode
// reproduces): one position a line on standard input, one
// `moves score nodes microseconds` line out. It drives the Connect-k solver
// directly: a batch is a benchmark of that one engine, not a question for
// the facade.
#include <chrono>
#include <iostream>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "connect/configured_solver.hpp"
#include "core/error.hpp"

namespace kinrow {

namespace {

using Clock = std::chrono::steady_clock;
long long microseconds_since(Clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start).count();
}

// Finished games that have a winner have nothing to solve.
void require_not_won(const Position& pos) {
    if (pos.result() == Result::XWins || pos.result() == Result::OWins)
        throw Error(fmt::format("the position is already won by {}",
                                pos.result() == Result::XWins ? 'X' : 'O'));
}

}  // namespace

// One line per position: `moves score nodes microseconds`, or `line error: why`.
// The table is cleared before each position (as in Pons's solver, whose
// published figures this mode reproduces) and the time covers the solve alone.
void solve_connect_batch(const SolveRequest& r, const connect::SolverConfig& config) {
    GameSpec spec = parse_game(r.position.game);
    connect::Geometry g(spec);
    int invalid = 0, total = 0;
    connect::with_solver(config, g, [&](auto& solver, auto* table) {
        std::string line;
        while (std::getline(std::cin, line)) {
            while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
                line.pop_back();
            if (line.empty()) continue;
            ++total;
            std::optional<Position> pos;
            try {
                pos = Position::from_moves(spec, line);
                require_not_won(*pos);
            } catch (const Error& e) {
                ++invalid;
                if (r.json)
                    fmt::print("{}\n", nlohmann::json{{"moves", line}, {"error", e.what()}}.dump());
                else
                    fmt::print("{} error: {}\n", line, e.what());
                continue;
            }
            connect::BitPosition p = connect::BitPosition::from(g, *pos);
            if (table) table->clear();
            solver.reset_stats();
            auto start = Clock::now();
            int score = solver.solve(p, r.weak);
            long long us = microseconds_since(start);
            if (r.json)
                fmt::print("{}\n", nlohmann::json{{"moves", line},
                                                  {"score", score},
                                                  {"nodes", solver.stats().nodes},
                                                  {"microseconds", us}}
                                       .dump());
            else
                fmt::print("{} {} {} {}\n", line, score, solver.stats().nodes, us);
        }
    });
    std::fflush(stdout);
    if (invalid) throw Error(fmt::format("{} of {} batch positions were invalid", invalid, total));
}

}  // namespace kinrow
